"""Name candidates of one utterance: spans the name rules find, the NER model's spans (run only where
a name can start), and, where the boundaries or the type are in doubt, the grammar's reading of
them (leading openers trimmed, common nouns and titles dropped, person/place/time where the
sentence shows it). memcore.extraction.entities types and groups them into mentions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .lexicon import KINSHIP, OPENER_WORDS, ROLE_ACRONYMS, ROLE_WORDS, TIME_WORDS
from .models import EntityType
from .names import DESCRIPTOR_WORDS, described_subject, find_name_spans
from .ner import NER_LABEL_TYPES, ner_spans
from .patterns import clean_name
from .statements import split_sentences
from .syntax import FUNCTION_POS, Tok, analyse, is_common_subject, is_interjection, is_opener, is_vocative, rare_word
from ..retrieval.query_terms import POSTGRES_ENGLISH_STOPWORDS as FUNCTION_WORDS


@dataclass
class Candidate:
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


def overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start < b_end and b_start < a_end


def placeholder_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _PLACEHOLDER.finditer(text)]


_CAPITAL = re.compile(r"[A-Z]")
_FIRST_PERSON = re.compile(r"I(?:['’](?:m|ll|ve|d))?\b")
_LEADING = "\"'(“‘"
_WORD = re.compile(r"[A-Za-z]+")


def may_hold_names(text: str, starts: frozenset[int]) -> bool:
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


def name_candidates(text: str, use_ner: bool, blocked: list[tuple[int, int]]) -> list[Candidate]:
    sentences = split_sentences(text)
    starts = frozenset(s for s, _ in sentences)
    blocked = blocked + placeholder_spans(text)
    cands = [
        Candidate(s.text, s.start, s.end)
        for s in find_name_spans(text, starts)
        if not any(overlaps(s.start, s.end, b0, b1) for b0, b1 in blocked)
    ]
    if not use_ner:
        return cands
    spans = ner_spans(text) if may_hold_names(text, starts) else []
    for span in spans:
        if span.label not in NER_LABEL_TYPES or not span.text[:1].isupper():
            continue
        if span.text in ROLE_ACRONYMS or span.text.lower() in TIME_WORDS:
            continue
        if any(overlaps(span.start, span.end, b0, b1) for b0, b1 in blocked):
            continue
        hits = [c for c in cands if overlaps(c.start, c.end, span.start, span.end)]
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
                cands.append(Candidate(text_, span.start + offset, span.start + offset + len(text_), span.label, "ner"))
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


def _trim_hyphen(c: Candidate) -> Candidate:
    """ "Max-" (a dash glued to the name) is "Max"."""
    if c.text.endswith(("-", "–")) and len(c.text) > 2:
        return Candidate(c.text.rstrip("-–"), c.start, c.end - 1, c.ner_label, c.source, c.project, c.name)
    return c


def _needs_syntax(text: str, c: Candidate, s0: int, s1: int, spans: list) -> bool:
    """Is the grammar needed to read this candidate of sentence [s0, s1)?

    Not for a name the NER found with the same boundaries in mid-sentence, away from commas
    ("I visited Emma Yates last week"): the tagger would only agree."""
    if not overlaps(c.start, c.end, s0, s1):
        return False
    if c.start == s0 or text[s0:c.start].strip(" \"'“‘(") == "" or c.project:
        return not c.project
    exact = any(s.start == c.start and s.end == c.end and s.label in NER_LABEL_TYPES for s in spans)
    near_comma = text[max(s0, c.start - 2):c.start].strip().endswith(",")
    # may modify the noun after it ("a Ravenclaw mug") or be a plural ("Hunger Games"): the tags decide
    before = text[max(s0, c.start - 24):c.start]
    # ... also after a lowercase word that may be an adjective ("builds big Lego towers": the NER's person)
    modifier = bool((_BEFORE_MODIFIER.search(before) and _LOWER_WORD_AFTER.match(text, c.end))
                    or (" " not in c.text and _between_content_words(before, text[c.end:c.end + 24])))
    return not exact or near_comma or modifier or c.text.endswith("s") or counted(text, c.start)


def _refine(text: str, c: Candidate, toks: list[Tok], spans: list) -> Candidate | None:
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
    if len(inside) == 1 and one.sent_initial and one.next == "," and not (one.pos == "PROPN" and one.lower_pos == "PROPN"):
        return None  # "Honest, Grace did a backflip": a word set off by a comma opening the sentence, however the NER read it
    described = False
    if len(inside) == 1 and exact is not None and exact.label in NER_LABEL_TYPES:
        trimmed = inside  # the model's NER names this very word: keep it ("Spotify keeps ...")
    else:
        trimmed = list(inside)
        if len(inside) > 1 and inside[0].pos == "ADP" and not inside[0].sent_initial and inside[0].text[:1].isupper():
            c.syntax_type = EntityType.CONCEPT  # "Into the Woods": a capitalised preposition in mid-sentence
            return c
        described = len(inside) == 1 and _rare_and_described(text, inside[0])
        while not described and trimmed and (trimmed[0].pos in FUNCTION_POS or not trimmed[0].text[:1].isupper()
                           or (trimmed[0].sent_initial and trimmed[0].text.lower() in OPENER_WORDS)
                           or is_opener(trimmed[0], before_name=len(trimmed) > 1 and trimmed[1].pos == "PROPN")):
            trimmed.pop(0)
        while trimmed and (trimmed[-1].pos in FUNCTION_POS or not trimmed[-1].text[:1].isalnum()):
            trimmed.pop()
        if not trimmed:
            return None
        if len(trimmed) == 1 and trimmed[0].sent_initial and not (trimmed[0].pos == "PROPN" and trimmed[0].lower_pos == "PROPN") \
                and not (trimmed[0].pos == "PROPN" and trimmed[0].next in ("'s", "’s")) and not described:
            return None  # "Nature always calms me", "Photography has become": a common noun opening a sentence
    start, end = trimmed[0].start, trimmed[-1].end
    if any(s.label in _NOT_NAME_LABELS and s.start <= start and end <= s.end for s in spans):
        return None  # "Mondays", "next Friday"
    surface = text[start:end]
    if surface.endswith(("'s", "’s")):
        surface, end = surface[:-2], end - 2
    if (start, end) != (c.start, c.end):
        c = Candidate(surface, start, end, None, c.source, c.project, None)
        # an NER span that swallowed the trimmed opener ("Brought Sofia": ORG) is no evidence
        label = next((s.label for s in spans if s.start == start), None)
        c.ner_label = label if label in NER_LABEL_TYPES else None
    c.syntax_type = _syntax_type(text, trimmed, c.ner_label) if not described else EntityType.PERSON
    return c


def _rare_and_described(text: str, tok: Tok) -> bool:
    """A word rare in English opening the sentence, then who one is and a verb ("Annika from the gym is a
    paramedic", "Tjorven on the night shift rang"): a person's first name the tagger read as a common noun
    (names.described_subject; "Nature from the start was ..." is no rare word). Not after "the" ("Remenber the
    festival I told you about?", a typo) nor a word in -ing ("Appreciating the journey ... can be"): a verb."""
    return tok.sent_initial and not tok.text.lower().endswith("ing") and bool(_SAID_WHO_ONE_IS.match(text, tok.end)) \
        and rare_word(tok.text.lower()) and described_subject(text, tok.start)


_SAID_WHO_ONE_IS = re.compile(rf"\s+(?:{'|'.join(sorted(DESCRIPTOR_WORDS - {'the'}))})\b", re.IGNORECASE)


_BEFORE_MODIFIER = re.compile(r"(?:^|\W)(?:the|a|an|my|your|our|their|his|her|its|this|that|and|&)\s+(?:[a-z]+\s+)?$",
                              re.IGNORECASE)
_LOWER_WORD_AFTER = re.compile(r"\s+[a-z]")
_LOWER_WORD_BEFORE = re.compile(r"(?:^|\s)([a-z]+)\s+$")
_LOWER_WORD_NEXT = re.compile(r"\s+([a-z]+)\b")


def _between_content_words(before: str, after: str) -> bool:
    """A lowercase content word on either side ("big Lego towers"): the name may be a modifier."""
    b, a = _LOWER_WORD_BEFORE.search(before), _LOWER_WORD_NEXT.match(after)
    return bool(b and a and b.group(1) not in FUNCTION_WORDS and a.group(1) not in FUNCTION_WORDS)
# how much there is of something: "loads of Lego", "heaps of Meccano" (a person is not counted so)
_QUANTITY_OF = re.compile(r"(?:^|\W)(?:lots|loads|heaps|plenty|tons|piles|bags|boxes|bits)\s+of\s+$", re.IGNORECASE)


def counted(text: str, start: int) -> bool:
    """Whether the word at `start` follows a quantity ("loads of ..."), not a possessive after it."""
    return bool(_QUANTITY_OF.search(text[max(0, start - 16):start])) and not text.startswith(("'s", "’s"), start + len(
        re.match(r"\w*", text[start:]).group(0)))
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
    if _not_a_person(toks, ner_label) or (len(toks) == 1 and counted(text, toks[0].start)):
        return EntityType.CONCEPT  # ... or what there is an amount of ("loads of Lego")
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
