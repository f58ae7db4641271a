"""Entity mentions, relations and pronoun candidates of one utterance.

spaCy NER (optional) plus rules for what the small model misses: capitalised
names with connector words, aliases and acronyms, nicknames, roles, projects
("the Kestrel migration"), tools used "in/on/into" something, processes named by
their goal, and concepts a business "does".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .aliases import AliasFinding, find_aliases, find_nicknames
from .entity_types import default_type, is_acronym, not_a_person_by_position, type_from_shape
from .lexicon import PROJECT_NOUNS, ROLE_ACRONYMS, TIME_WORDS
from .models import SPEAKER, SPEAKER_ORG, EntityExtraction, EntityMention, EntityType, Relation
from .names import find_name_spans
from .ner import NER_LABEL_TYPES, ner_spans
from .patterns import CAP_WORD, NAME, clean_name
from .pronouns import find_pronouns
from .relations import find_relations
from .statements import split_sentences, split_statements
from .syntax import FUNCTION_POS, Tok, analyse, is_common_subject, is_interjection, is_opener, is_vocative
from .lexicon import KINSHIP, OPENER_WORDS, ROLE_WORDS
from ..retrieval.query_terms import POSTGRES_ENGLISH_STOPWORDS as FUNCTION_WORDS

_PROJECT = re.compile(
    rf"\b(?:[Tt]he|[Oo]ur|[Tt]heir|[Tt]his|[Tt]hat|[Hh]is|[Hh]er)\s+(?P<name>{NAME})\s+"
    rf"(?P<noun>{'|'.join(sorted(PROJECT_NOUNS))})\b"
)
_PROJECT_PREFIX = re.compile(rf"\b(?:Project|Operation)\s+{CAP_WORD}")
_GOALS = (
    re.compile(r"\b(?:in\s+order\s+)?to\s+(?P<goal>[a-z][^,;:.!?]{3,120}?),", re.IGNORECASE),
    re.compile(r"\bhow\s+(?:to|we|you|i)\s+(?P<goal>[a-z][^,;:.!?]{3,120})", re.IGNORECASE),
    re.compile(
        r"\b(?:process|procedure|routine|workflow|steps|recipe|checklist)\s+(?:for|to|of)\s+"
        r"(?P<goal>[a-z][^,;:.!?]{3,120}?)\s*(?:\bis\b|\bare\b|\bgoes\b|:|$)",
        re.IGNORECASE,
    ),
    re.compile(
        r"^\s*(?:when(?:ever)?|each\s+time|every\s+time|before|after)\s+(?:you|we|i)\s+(?P<goal>[^,;.!?]{2,100}),",
        re.IGNORECASE,
    ),
)
_CONCEPT = re.compile(
    r"\b(?:[Ww]e|[Tt]hey|I|[Tt]he\s+company|[Tt]he\s+business)\s+(?:mostly\s+|mainly\s+|also\s+)?"
    r"(?P<verb>do|does|specialise\s+in|specialize\s+in|focus\s+on|offer|offers|provide|provides|sell|sells|"
    r"run|runs|organi[sz]e|organi[sz]es|host|hosts|teach|teaches)\s+"
    r"(?P<obj>[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*){0,3}?)(?=\s*[,.;!?]|\s+(?:for|to|and|in|on|at|with|by)\b|$)"
)
_NOT_CONCEPT = frozenset("it that this them things stuff something anything everything so well a the on in out".split())


@dataclass
class _Candidate:
    text: str
    start: int
    end: int
    ner_label: str | None = None
    source: str = "rule"
    project: bool = False
    name: str | None = None
    syntax_type: EntityType | None = None  # what the grammar says the name is, where it says


# "<PHONE>", "<EMAIL>": the policy service's redaction placeholders are never entities.
_PLACEHOLDER = re.compile(r"<[A-Z][A-Z_]*>")
# NER labels that say the span is a date or quantity, not a name ("Mondays", "next Friday").
_NOT_NAME_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY"})
# A name governed by one of these prepositions is somewhere or some time, not someone.
_PLACE_PREPS = frozenset("in at near around across into inside outside towards toward".split())
_TIME_PREPS = frozenset("over during until till since".split())
# "<name> is/was/has been my/the (best) <kinship or role noun>"
_IS_A_PERSON = re.compile(r"\s+(?:is|was|'s|’s|has\s+been|had\s+been)\s+(?:my|our|the|a|an|his|her|their)\s+"
                          r"(?:[a-z]+est\s+|[a-z]+\s+)?(?P<noun>[a-z]+)\b")


def _overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start < b_end and b_start < a_end


def placeholder_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _PLACEHOLDER.finditer(text)]


_CAPITAL = re.compile(r"[A-Z]")
_FIRST_PERSON = re.compile(r"I(?:['’](?:m|ll|ve|d))?\b")
_LEADING = "\"'(“‘"
_WORD = re.compile(r"[A-Za-z]+")


def _may_hold_names(text: str, starts: frozenset[int]) -> bool:
    """Whether a capital letter stands where a name could: anywhere but "I" (and "I'm", "I've"...)
    and a sentence's first word when that word is a function word, a usual opener or an
    interjection ("The", "Yeah", "Wow"). Without one, the NER model finds nothing this module
    keeps (every name it keeps starts with a capital), and is not run: on the LoCoMo, people-talk and
    assistant-chats turns (8,017) that skips it on 3,514, with identical extraction of every turn."""
    for m in _CAPITAL.finditer(text):
        i = m.start()
        if (i == 0 or not text[i - 1].isalpha()) and _FIRST_PERSON.match(text, i):
            continue
        j = i
        while j > 0 and text[j - 1] in _LEADING:
            j -= 1
        if j not in starts:
            return True
        word = _WORD.match(text, i).group(0).lower()
        if not (word in FUNCTION_WORDS or word in OPENER_WORDS or is_interjection(word)):
            return True
    return False


def _name_candidates(text: str, use_ner: bool, blocked: list[tuple[int, int]]) -> list[_Candidate]:
    sentences = split_sentences(text)
    starts = frozenset(s for s, _ in sentences)
    blocked = blocked + placeholder_spans(text)
    cands = [
        _Candidate(s.text, s.start, s.end)
        for s in find_name_spans(text, starts)
        if not any(_overlaps(s.start, s.end, b0, b1) for b0, b1 in blocked)
    ]
    if not use_ner:
        return cands
    spans = ner_spans(text) if _may_hold_names(text, starts) else []
    for span in spans:
        if span.label not in NER_LABEL_TYPES or not span.text[:1].isupper():
            continue
        if span.text in ROLE_ACRONYMS or span.text.lower() in TIME_WORDS:
            continue
        if any(_overlaps(span.start, span.end, b0, b1) for b0, b1 in blocked):
            continue
        hits = [c for c in cands if _overlaps(c.start, c.end, span.start, span.end)]
        for c in hits:
            c.source = "rule+ner"
            if c.ner_label is None and span.start <= c.start < span.end:
                c.ner_label = span.label
        if not hits:
            if " " not in span.text.strip() and span.start in starts:
                continue  # a lone sentence-initial word the name rules already rejected
            text_ = clean_name(span.text)
            if text_:
                offset = span.text.find(text_)
                cands.append(_Candidate(text_, span.start + offset, span.start + offset + len(text_), span.label, "ner"))
    cands = [c for c in (_trim_hyphen(c) for c in cands) if not _never_a_name(c.text)]
    if not cands:
        return cands
    held = [(s0, s1) for s0, s1 in sentences if any(_needs_syntax(text, c, s0, s1, spans) for c in cands)]
    if not held:
        return cands
    toks = analyse(text, held, frozenset(c.start for c in cands))
    if toks is None:
        return cands
    refined = [_trim_hyphen(r) for c in cands if (r := _refine(text, c, toks, spans)) is not None]
    return [r for r in refined if not _never_a_name(r.text)]


def _never_a_name(name: str) -> bool:
    """An interjection ("Woo-hoo", "Awww"), a word that opens sentences ("See", "Let"), a time ("Fri"),
    an acronym's plural ("DIYs") or a compound with a lowercase part ("Dairy-free"): never a name,
    wherever it stands."""
    words = name.split()
    return is_interjection(name) or (len(words) == 1 and (
        name.lower().rstrip(".") in OPENER_WORDS | TIME_WORDS or bool(re.search(r"-[a-z]", name))
        or bool(re.fullmatch(r"[A-Z]{2,}s", name))))  # "DIYs", "FAQs": an acronym's plural


def _trim_hyphen(c: _Candidate) -> _Candidate:
    """ "Max-" (a dash glued to the name) is "Max"."""
    if c.text.endswith(("-", "–")) and len(c.text) > 2:
        return _Candidate(c.text.rstrip("-–"), c.start, c.end - 1, c.ner_label, c.source, c.project, c.name)
    return c


def _needs_syntax(text: str, c: _Candidate, s0: int, s1: int, spans: list) -> bool:
    """Is the grammar needed to read this candidate of sentence [s0, s1)?

    Not for a name the NER found with the same boundaries in mid-sentence, away from commas
    ("I visited Emma Yates last week"): the tagger would only agree."""
    if not _overlaps(c.start, c.end, s0, s1):
        return False
    if c.start == s0 or text[s0:c.start].strip(" \"'“‘(") == "" or c.project:
        return not c.project
    exact = any(s.start == c.start and s.end == c.end and s.label in NER_LABEL_TYPES for s in spans)
    near_comma = text[max(s0, c.start - 2):c.start].strip().endswith(",")
    # may modify the noun after it ("a Ravenclaw mug") or be a plural ("Hunger Games"): the tags decide
    modifier = bool(_BEFORE_MODIFIER.search(text[max(s0, c.start - 24):c.start])
                    and _LOWER_WORD_AFTER.match(text, c.end))
    return not exact or near_comma or modifier or c.text.endswith("s")


def _refine(text: str, c: _Candidate, toks: list[Tok], spans: list) -> _Candidate | None:
    """The candidate as the grammar reads it: leading verbs and openers trimmed, non-names dropped."""
    if c.project:
        return c
    inside = [t for t in toks if c.start <= t.start < c.end]
    if not inside:
        return c
    exact = next((s for s in spans if s.start == inside[0].start and s.end == inside[-1].end), None)
    if len(inside) == 1 and (is_common_subject(inside[0]) or is_interjection(inside[0].text)):
        return None  # "Kickboxing is a perfect way", "Art's awesome", "Awww": not names
    one = inside[0]
    if len(inside) == 1 and one.text[1:].islower() and (
            c.ner_label != "PERSON" and one.pos in ("ADJ", "VERB") and not one.sent_initial
            or one.next in ("and", "or") and one.next2_pos in ("ADJ", "VERB")):
        return None  # "'Proud Gardeners Club'" (an adjective), "Snug and warm": not names
    if len(inside) == 1 and exact is not None and exact.label in NER_LABEL_TYPES:
        trimmed = inside  # the model's NER names this very word: keep it ("Spotify keeps ...")
    else:
        trimmed = list(inside)
        if len(inside) > 1 and inside[0].pos == "ADP" and not inside[0].sent_initial and inside[0].text[:1].isupper():
            c.syntax_type = EntityType.CONCEPT  # "Into the Woods": a capitalised preposition in mid-sentence
            return c
        while trimmed and (trimmed[0].pos in FUNCTION_POS or not trimmed[0].text[:1].isupper()
                           or (trimmed[0].sent_initial and trimmed[0].text.lower() in OPENER_WORDS)
                           or is_opener(trimmed[0], before_name=len(trimmed) > 1 and trimmed[1].pos == "PROPN")):
            trimmed.pop(0)
        while trimmed and (trimmed[-1].pos in FUNCTION_POS or not trimmed[-1].text[:1].isalnum()):
            trimmed.pop()
        if not trimmed:
            return None
        if len(trimmed) == 1 and trimmed[0].sent_initial and not (trimmed[0].pos == "PROPN" and trimmed[0].lower_pos == "PROPN") \
                and not (trimmed[0].pos == "PROPN" and trimmed[0].next in ("'s", "’s")):
            return None  # "Nature always calms me", "Photography has become": a common noun opening a sentence
    start, end = trimmed[0].start, trimmed[-1].end
    if any(s.label in _NOT_NAME_LABELS and s.start <= start and end <= s.end for s in spans):
        return None  # "Mondays", "next Friday"
    surface = text[start:end]
    if surface.endswith(("'s", "’s")):
        surface, end = surface[:-2], end - 2
    if (start, end) != (c.start, c.end):
        c = _Candidate(surface, start, end, None, c.source, c.project, None)
        # an NER span that swallowed the trimmed opener ("Brought Sofia": ORG) is no evidence
        label = next((s.label for s in spans if s.start == start), None)
        c.ner_label = label if label in NER_LABEL_TYPES else None
    c.syntax_type = _syntax_type(text, trimmed, c.ner_label)
    return c


_BEFORE_MODIFIER = re.compile(r"(?:^|\W)(?:the|a|an|my|your|our|their|his|her|its|this|that|and|&)\s+(?:[a-z]+\s+)?$",
                              re.IGNORECASE)
_LOWER_WORD_AFTER = re.compile(r"\s+[a-z]")
_POSSESSIVE_DET = frozenset("my your our their his her its".split())
_NOT_NOUN_AFTER = frozenset("today tonight yesterday tomorrow".split())


def _not_a_person(toks: list[Tok], ner_label: str | None = None) -> bool:
    """The grammar says the name is a thing or a title, whatever the NER guessed:
    - it modifies the common noun after it, after a determiner, an adjective or another name it is
      listed with: "a Ravenclaw mug", "the regional Mortal Kombat tournament", "The Adidas and
      Lucozade contracts";
    - its last word is a plural ("Hunger Games"; not when the NER takes it for a person's name: an
      unknown surname ending in -s is tagged a plural too, "Peter Minlins"), or the tagger reads it as a plural common noun, or as
      a common noun opening the sentence, even capitalised ("Plans changed");
    - it has a lowercase "of" inside ("Shadow of the Colossus"): a title;
    - it starts with a capitalised preposition in mid-sentence ("Into the Woods"): a brand or a title."""
    first, last = toks[0], toks[-1]
    if (last.tag == "NNPS" and ner_label != "PERSON") or (len(toks) == 1 and last.pos == "NOUN" and (last.tag == "NNS" or last.sent_initial)):
        return True
    if any(t.text == "of" for t in toks[1:-1]):
        return True
    if first.pos == "ADP" and not first.sent_initial and first.text[:1].isupper() and len(toks) > 1:
        return True
    before = first.prev.lower()
    determined = first.prev_pos in ("DET", "ADJ") or before in _POSSESSIVE_DET or (
        first.prev_pos == "CCONJ" and first.prev2_pos == "PROPN")
    return (determined and last.next_pos == "NOUN" and last.next[:1].islower()
            and last.next.lower() not in _NOT_NOUN_AFTER)


def _syntax_type(text: str, toks: list[Tok], ner_label: str | None) -> EntityType | None:
    """Person, place or time as the sentence shows it, when it shows it."""
    if _not_a_person(toks, ner_label):
        return EntityType.CONCEPT
    if ner_label == "PERSON":
        return None
    first, last = toks[0], toks[-1]
    if is_vocative(first, last):
        return EntityType.PERSON  # "Thanks, Rahul!"
    m = _IS_A_PERSON.match(text, last.end)
    if m and (m.group("noun").lower() in KINSHIP or m.group("noun").lower() in ROLE_WORDS):
        return EntityType.PERSON  # "Marcus has been the best neighbour"
    before = first.prev.lower()
    if before in _PLACE_PREPS and ner_label in (None, "GPE", "LOC", "FAC"):
        return EntityType.PLACE
    if before in _TIME_PREPS and ner_label is None:
        return EntityType.CONCEPT  # "over Easter"
    return None


def _add_projects(text: str, cands: list[_Candidate]) -> list[_Candidate]:
    for m in _PROJECT.finditer(text):
        inner = clean_name(m.group("name"))
        if not inner:
            continue
        cands = [c for c in cands if not _overlaps(c.start, c.end, m.start(), m.end())]
        cands.append(_Candidate(m.group(0), m.start(), m.end(), project=True, name=f"{inner} {m.group('noun')}"))
    for m in _PROJECT_PREFIX.finditer(text):
        cands = [c for c in cands if not _overlaps(c.start, c.end, m.start(), m.end())]
        cands.append(_Candidate(m.group(0), m.start(), m.end(), project=True))
    return cands


def _canonical_names(aliases: list[AliasFinding]) -> tuple[dict[str, str], dict[str, list[str]]]:
    canon: dict[str, str] = {}
    alias_lists: dict[str, list[str]] = {}
    for a in aliases:
        main = canon.get(a.name.lower(), a.name)
        canon.setdefault(a.name.lower(), main)
        canon[a.alias.lower()] = main
        alias_lists.setdefault(main, [])
        if a.alias not in alias_lists[main]:
            alias_lists[main].append(a.alias)
    return canon, alias_lists


def _decide_type(name: str, group: list[_Candidate], text: str, hints: dict[str, EntityType],
                 aliases: list[str]) -> tuple[EntityType, bool]:
    """(type, decided by evidence) -- False means a fallback guess."""
    for key in [name, *aliases, *(c.text for c in group)]:
        if key in hints:
            return hints[key], True
    if any(c.project for c in group):
        return EntityType.PROJECT, True
    ner_label = next((c.ner_label for c in group if c.ner_label), None)
    for c in group:
        shaped = type_from_shape(c.text, text, c.start, c.ner_label)
        if shaped is not None:
            return shaped, True
    syntax = next((c.syntax_type for c in group if c.syntax_type), None)
    if syntax is not None:
        return syntax, True
    if any(is_acronym(a) for a in aliases) or (is_acronym(name) and aliases):
        return EntityType.ORG, True
    guess = default_type(name, ner_label)
    if guess is EntityType.PERSON and ner_label != "PERSON" and all(
            not_a_person_by_position(text, c.start, c.end) for c in group):
        return EntityType.CONCEPT, False
    return guess, False


_CONJUNCTION_GAP = re.compile(r"^\s*(?:,|,?\s*and|,?\s*or|&|/)\s*$")


def _share_type_across_conjunctions(text: str, mentions: list[EntityMention], guessed: set[str]) -> None:
    """"into Grammarly and QuillBot": a guessed name takes the type of the name it is listed with."""
    ordered = sorted(mentions, key=lambda m: m.start)
    for prev, cur in zip(ordered, ordered[1:]):
        if not _CONJUNCTION_GAP.match(text[prev.end : cur.start]):
            continue
        if cur.name in guessed and prev.name not in guessed:
            src, dst_name = prev, cur.name
        elif prev.name in guessed and cur.name not in guessed:
            src, dst_name = cur, prev.name
        else:
            continue
        for m in mentions:
            if m.name == dst_name:
                m.type = src.type
        guessed.discard(dst_name)


def _process_mentions(text: str, process_spans: list[tuple[int, int]]) -> list[EntityMention]:
    out: list[EntityMention] = []
    for start, end in process_spans:
        for pattern in _GOALS:
            m = pattern.search(text, start, end)
            if m:
                goal = m.group("goal").strip()
                g_start = m.start("goal")
                out.append(EntityMention(goal, EntityType.PROCESS, g_start, g_start + len(goal),
                                         name=goal, attributes={"goal": goal}))
                break
    return out


def _concept_mentions(text: str, org: str) -> tuple[list[EntityMention], list[Relation]]:
    mentions, relations = [], []
    for m in _CONCEPT.finditer(text):
        obj = m.group("obj").strip()
        if obj.split()[0] in _NOT_CONCEPT or obj in _NOT_CONCEPT:
            continue
        mentions.append(EntityMention(obj, EntityType.CONCEPT, m.start("obj"), m.end("obj")))
        relations.append(Relation(org, "does", obj))
    return mentions, relations


def _attach_nicknames(nicknames: list[AliasFinding], mentions: list[EntityMention]) -> None:
    for nick in nicknames:
        holder = None
        if nick.name:
            holder = next((m for m in mentions if m.name == nick.name or m.text == nick.name), None)
        else:
            earlier = [m for m in mentions if m.type == EntityType.PERSON and m.end <= nick.start]
            holder = earlier[-1] if earlier else None
        if holder is None:
            continue
        for m in mentions:
            if m.name == holder.name:
                if nick.alias not in m.aliases:
                    m.aliases.append(nick.alias)
                m.attributes["nickname"] = nick.alias


def extract_entities(text: str, speaker: str = SPEAKER, use_ner: bool = True,
                     process_spans: list[tuple[int, int]] | None = None) -> EntityExtraction:
    """Entity mentions (with aliases, roles, attributes), relations and pronoun candidates."""
    aliases = find_aliases(text)
    nicknames = find_nicknames(text)
    findings = find_relations(text, speaker)
    blocked = [(n.start, n.end) for n in nicknames]
    cands = _add_projects(text, _name_candidates(text, use_ner, blocked))
    canon, alias_lists = _canonical_names(aliases)

    groups: dict[str, list[_Candidate]] = {}
    for c in cands:
        name = canon.get((c.name or c.text).lower(), c.name or c.text)
        groups.setdefault(name, []).append(c)
    mentions: list[EntityMention] = []
    guessed: set[str] = set()
    for name, group in groups.items():
        names_aliases = [a for a in alias_lists.get(name, []) if a != name]
        etype, decided = _decide_type(name, group, text, findings.type_hints, names_aliases)
        if not decided:
            guessed.add(name)
        for c in group:
            mentions.append(EntityMention(c.text, etype, c.start, c.end, name=name,
                                          aliases=list(names_aliases), source=c.source))
    _share_type_across_conjunctions(text, mentions, guessed)
    mentions.extend(_mentions_for_relation_names(text, findings.relations, mentions, findings.type_hints))
    _attach_nicknames(nicknames, mentions)
    _attach_roles(mentions, findings.roles, findings.relations, findings.speaker_org, speaker)

    if process_spans is None:
        process_spans = [(s.start, s.end) for s in split_statements(text) if s.is_process]
    mentions.extend(_process_mentions(text, process_spans))
    concepts, concept_relations = _concept_mentions(text, findings.speaker_org or SPEAKER_ORG)
    mentions.extend(concepts)
    mentions.sort(key=lambda m: (m.start, m.end))

    relations = list(findings.relations) + concept_relations
    for main, alias_names in alias_lists.items():
        relations.extend(Relation(main, "alias", a) for a in alias_names)
    return EntityExtraction(mentions, relations, find_pronouns(text))


def _mentions_for_relation_names(text: str, relations: list[Relation], mentions: list[EntityMention],
                                 hints: dict[str, EntityType]) -> list[EntityMention]:
    """Relation endpoints that are capitalised names but were not found as mentions."""
    known = {m.name for m in mentions} | {m.text for m in mentions}
    extra: list[EntityMention] = []
    placeholders = placeholder_spans(text)
    for rel in relations:
        for name in (rel.src, rel.dst):
            if name in known or name in (SPEAKER, SPEAKER_ORG) or not name[:1].isupper():
                continue
            m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
            if m and not any(_overlaps(m.start(), m.end(), p0, p1) for p0, p1 in placeholders):
                etype = hints.get(name) or default_type(name, None)
                extra.append(EntityMention(name, etype, m.start(), m.end()))
                known.add(name)
    return extra


def _attach_roles(mentions: list[EntityMention], roles: dict[str, str], relations: list[Relation],
                  speaker_org: str | None, speaker: str) -> None:
    for m in mentions:
        role = roles.get(m.name) or roles.get(m.text)
        if role:
            m.role = role
        for rel in relations:
            if rel.src not in (m.name, m.text):
                continue
            if rel.predicate in ("belongs_to", "works_for"):
                m.attributes.setdefault("belongs_to", rel.dst)
            elif rel.predicate.endswith("_of") and rel.dst == speaker:
                m.attributes.setdefault("relation_to_speaker", rel.predicate[: -len("_of")])
        if speaker_org and speaker_org in (m.name, m.text, *m.aliases):
            m.attributes["speaker_org"] = "true"


_STRIP_GAPS = re.compile(r"\s+([,.;:!?])")


def strip_names(text: str, names: list[str] | tuple[str, ...] | set[str]) -> str:
    """The sentence without the given names (and their possessive 's), for disambiguation context.

    strip_names("Ask if Maya's draft reads naturally.", ["Maya"])
    -> "Ask if draft reads naturally."
    """
    out = text
    for name in sorted({n for n in names if n and n.strip()}, key=len, reverse=True):
        out = re.sub(rf"(?<!\w){re.escape(name.strip())}(?:['’]s)?(?!\w)", " ", out, flags=re.IGNORECASE)
    out = _STRIP_GAPS.sub(r"\1", re.sub(r"\s+", " ", out)).strip()
    out = re.sub(r"^[,;:.\s]+", "", out)
    return re.sub(r"([,;:])\1+", r"\1", out)
