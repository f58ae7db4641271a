"""Memory type of a statement, plus subject/predicate/value triples where rules can tell.

Rules are tried from the most specific to the most general:
process > safety > identity > preference > relationship > summary > document >
device > skill > alias/definition (semantic) > dated event (episodic) > semantic.
"""

from __future__ import annotations

import re

from .aliases import find_aliases
from .confiding import without_confiding
from .discourse import without_discourse
from .lexicon import IRREGULAR_PAST, KINSHIP, banned_thing
from .models import SPEAKER, SPEAKER_ORG, Classification, MemoryType, Triple
from .patterns import NAME, clean_name
from .relations import RelationFindings, find_relations
from .statements import process_start_kind
from .temporal import find_time_expressions

_SUBJ = rf"(?P<subj>\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[Mm]y\s+[a-z]+|[Oo]ur\s+[a-z]+|{NAME}))"
_PREFERENCE = re.compile(
    _SUBJ + r"\s+(?:really\s+|absolutely\s+|just\s+|totally\s+|also\s+|still\s+|kind\s+of\s+)?"
    r"(?P<verb>love|loves|adore|adores|like|likes|enjoy|enjoys|prefer|prefers|hate|hates|dislike|dislikes|"
    r"can't\s+stand|can’t\s+stand|don't\s+like|don’t\s+like|doesn't\s+like|doesn’t\s+like|"
    r"(?:am|is|are|'m|’m)\s+(?:obsessed\s+with|into|crazy\s+about|a\s+(?:big\s+|huge\s+)?fan\s+of|not\s+a\s+fan\s+of|scared\s+of|afraid\s+of))\s+"
    r"(?P<obj>[^,.;!?]{1,60}?)(?=\s+(?:so\s+much|a\s+lot|very\s+much|because|but)\b|[,.;!?]|$)"
)
_FAVOURITE = re.compile(
    r"\b(?P<subj>[Mm]y|[Hh]is|[Hh]er|[Oo]ur|[Tt]heir|" + NAME + r"['’]s)\s+(?:absolute\s+|all-time\s+)?"
    r"favou?rite\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|was)\s+(?P<obj>[^,.;!?]{1,60})"
)
_NEGATIVE_VERBS = ("hate", "dislike", "can't", "can’t", "don't", "don’t", "doesn't", "doesn’t", "not a fan", "scared", "afraid")

_SAFETY_NO = re.compile(
    r"^\s*(?:(?:and|also|please|remember|rule)[:,]?\s+)?(?:absolutely\s+)?no\s+(?P<topic>[a-z][^,.;!?]{1,50}?)"
    r"(?:\s+(?:for|with|around|near|to)\s+(?P<who>[^,.;!?]{1,30}?))?\s*(?:[,.;!]|$|\b(?:before|after|at|during|until|ever|please)\b)",
    re.I,
)
_SAFETY_NEVER = re.compile(
    r"\b(?:never|don't|don’t|do\s+not|must\s+not|mustn't|should\s+not|shouldn't|cannot|can't|can’t|not\s+allowed\s+to|"
    r"isn't\s+allowed\s+to|is\s+not\s+allowed\s+to|avoid)\s+(?:ever\s+)?(?:let\s+(?P<who>\w+)\s+)?"
    r"(?P<act>(?:watch|watching|read|reading|tell|telling|show|showing|give|giving|play|playing|eat|eating|drink|"
    r"talk\s+about|talking\s+about|mention|mentioning|discuss|discussing|share|sharing|feed|serve|use|using)\b"
    r"[^,.;!?]{0,60})",
    re.I,
)
_ALLERGY = re.compile(
    rf"(?P<who>\bI|[Hh]e|[Ss]he|[Tt]hey|[Mm]y\s+[a-z]+|{NAME})(?:\s*(?:'s|'m|’s|’m)|\s+(?:is|am|are|was|were|has|have|got))\s+"
    r"(?:a\s+|an\s+|severely\s+|very\s+|really\s+|deathly\s+)?(?:allergic\s+to|(?:severe\s+)?allergy\s+to|intolerant\s+to)\s+"
    r"(?P<what>[^,.;!?]{1,40})"
)
_ALLERGY_NOUN = re.compile(r"\b(?P<what>[a-z]+)\s+allergy\b|\ballerg(?:y|ies|ic)\b|\bepipen\b|\banaphyla", re.I)

_IDENTITY = (
    ("name", re.compile(rf"\b(?:[Mm]y\s+name\s+is|[Cc]all\s+me|I\s+go\s+by)\s+(?P<v>{NAME})")),
    ("age", re.compile(r"\bI(?:'m|’m|\s+am)\s+(?P<v>\d{1,3})(?:\s+years?\s+old)?\b")),
    ("lives_in", re.compile(rf"\bI\s+(?:live|grew\s+up)\s+in\s+(?P<v>{NAME})")),
    ("from", re.compile(rf"\bI(?:'m|’m|\s+am)\s+from\s+(?P<v>{NAME})")),
    ("pronouns", re.compile(r"\b[Mm]y\s+pronouns\s+are\s+(?P<v>[a-z/]+)")),
    ("occupation", re.compile(r"\bI\s+(?:work\s+as|am|'m|’m)\s+(?:a|an)\s+(?P<v>[a-z]+(?:\s+[a-z]+)?)(?=[,.;!?]|$|\s+at\b|\s+for\b)")),
)
_SUMMARY = re.compile(r"^\s*(?:in\s+summary|to\s+summari[sz]e|summary\s*:|tl;?dr|recap\s*:|overall,|all\s+in\s+all)", re.I)
_DOCUMENT = re.compile(
    r"\b(?:attached|attachment|the\s+(?:pdf|document|doc|file|spreadsheet|slide\s+deck|deck)\b|"
    r"\.(?:pdf|docx?|xlsx?|pptx?|csv)\b|here(?:'s|\s+is)\s+the\s+(?:link|file|doc))",
    re.I,
)
_DEVICE = re.compile(
    r"\b(?:time\s*zone|timezone|locale|language\s+setting|volume|voice|wake\s+word|bluetooth|wi-?fi|screen\s+time|"
    r"(?:my|the|our)\s+(?:tablet|ipad|phone|speaker|device|laptop|headphones)|night\s+mode|dark\s+mode)\b",
    re.I,
)
_SKILL = re.compile(
    r"\b(?:learning\s+(?:to|how|about)|practi[cs]ing|streak|badge|level\s+\d+|lesson\s+\d+|can\s+now\s+\w+|"
    r"got\s+better\s+at|getting\s+better\s+at|mastered|passed\s+(?:the|my|her|his)\s+\w+\s+test)\b",
    re.I,
)
_DEFINITION = re.compile(
    rf"(?:{NAME})\s+(?:stands\s+for|means|is\s+short\s+for|refers\s+to)\b|\b(?:also\s+known\s+as|aka|a\.k\.a)\b", re.I
)
# one of these is in every text _DEFINITION matches; under re.I its name matches any words, a slow search on a
# long statement that has none of them
_DEFINITION_WORDS = ("stands", "means", "short", "refers", "known", "aka", "a.k.a")
_PAST_VERB = re.compile(r"\b[a-z]{3,}ed\b")
_RELATIONSHIP_PREDICATES = ("belongs_to", "works_for", "works_with", "reports_to", "married_to", "manages",
                            "handles", "leads", "runs", "heads", "oversees", "_of")


def _subject(raw: str | None, speaker: str) -> str:
    if not raw:
        return speaker
    lowered = raw.lower()
    if lowered in ("i", "we", "my", "our"):
        return speaker
    if lowered.startswith(("my ", "our ")):
        return f"{speaker}'s {lowered.split(None, 1)[1]}"
    return clean_name(raw) or raw


def _preference(text: str, speaker: str) -> list[Triple]:
    triples = []
    for m in _PREFERENCE.finditer(text):
        if re.search(r"(?:would|'d|’d)\s*$", text[: m.start("verb")]):
            continue  # "I'd like a refund" is a request, not a preference
        verb = m.group("verb").lower()
        predicate = "dislikes" if verb.startswith(_NEGATIVE_VERBS) or "not a fan" in verb or "scared" in verb or "afraid" in verb else (
            "prefers" if verb.startswith("prefer") else "likes")
        triples.append(Triple(_subject(m.group("subj"), speaker), predicate, m.group("obj").strip()))
    for m in _FAVOURITE.finditer(text):
        subj = m.group("subj")
        owner = speaker if subj.lower() in ("my", "our") else (clean_name(subj) or subj)
        triples.append(Triple(owner, f"favorite_{m.group('what').replace(' ', '_')}", m.group("obj").strip()))
    return triples


# Children: an allergy stated about one of them is a constraint the assistant must keep.
_CHILD_KIN = frozenset("son sons daughter daughters child children kid kids baby toddler boy girl little "
                       "stepson stepdaughter grandson granddaughter niece nephew".split())
# Discourse words that may precede an imperative: "Please don't ...", "And remember, never ...".
_LEAD_INS = frozenset("please and also remember so but just oh ok okay rule then".split())
_SUBJECT_YOU = re.compile(r"^(?:you|u)(?:\s+(?:must|should|will|can|need\s+to|have\s+to))?$")
_CONSTRAINT = re.compile(r"must\s+not|mustn't|mustn’t|should\s+not|shouldn't|shouldn’t|allowed", re.I)
_FIRST_PERSON = re.compile(r"^(?:i|we|i'm|we're|i’m|we’re)\b")


def _allergy_kind(who: str | None) -> str:
    """'self', 'child' or 'other' for the subject of an allergy statement."""
    lowered = (who or "i").lower().replace("’", "'")
    if lowered in ("i", "i'm", "i've"):
        return "self"
    words = lowered.split()
    if words[0] in ("my", "our", "the") and words[-1] in _CHILD_KIN:
        return "child"
    if words[0] in ("my", "our") and words[-1] in KINSHIP:
        return "adult"  # "my husband", "our mum": another adult's health fact
    return "other"


def _allergies(text: str, speaker: str) -> list[tuple[str, Triple]]:
    """(kind, triple) for each allergy stated; kind as in _allergy_kind."""
    found = [(_allergy_kind(m.group("who")), Triple(_subject(m.group("who"), speaker), "allergic_to", m.group("what").strip()))
             for m in _ALLERGY.finditer(text)]
    if not found and (m := _ALLERGY_NOUN.search(text)):
        owner = re.search(r"\b(?:[Mm]y|[Oo]ur)\s+(?P<kin>[a-z]+)\s+(?:has|had|have|got)\b", text[: m.start()])
        kind = _allergy_kind(f"my {owner.group('kin')}") if owner else "self"
        subject = _subject(f"my {owner.group('kin')}", speaker) if owner else speaker
        found.append((kind, Triple(subject, "allergic_to", m.group("what") or "unspecified")))
    return found


def _clause_before(text: str, start: int) -> str:
    """The words of the clause before `start`, lowercased, discourse lead-ins removed."""
    words = re.split(r"[,;:.!?]", text[:start])[-1].lower().split()
    while words and words[0] in _LEAD_INS:
        words.pop(0)
    return " ".join(words)


def _is_rule_form(text: str, m: re.Match) -> bool:
    """An imperative ("Never show him ..."), an order to the assistant ("You must never ...") or a
    constraint set on someone ("Leo is not allowed to ..."); not "I can't share ..." or "We never ..."."""
    before = _clause_before(text, m.start())
    if not before or _SUBJECT_YOU.match(before):
        return True
    negation = m.group(0)[: m.start("act") - m.start()]
    return bool(_CONSTRAINT.search(negation)) and not _FIRST_PERSON.match(before)


def _safety(text: str, speaker: str) -> list[Triple]:
    """Rules only: a statement of fact about an allergy (the speaker's or another adult's) is not one; nor is a
    confidence ("don't tell anyone but ...", "..., don't tell anyone": confiding.py), read without it."""
    text = without_confiding(text)
    triples = [t for kind, t in _allergies(text, speaker) if kind in ("child", "other")]
    m = _SAFETY_NO.search(text)
    if m and banned_thing(m.group("topic")):
        who = (m.group("who") or "").strip()
        triples.append(Triple(_subject(who, speaker) if who else SPEAKER, "must_avoid", m.group("topic").strip()))
    for m in _SAFETY_NEVER.finditer(text):
        if re.match(r"give\s+up\b", m.group("act"), re.I):
            continue  # "never give up" is encouragement, not a rule
        if not _is_rule_form(text, m):
            continue
        who = m.group("who")
        triples.append(Triple(_subject(who, speaker) if who else SPEAKER, "must_avoid", m.group("act").strip()))
    return triples


def _health_facts(text: str, speaker: str) -> tuple[list[Triple], list[Triple]]:
    """(the speaker's own allergies, another adult's): identity and semantic facts, not rules."""
    found = _allergies(text, speaker)
    return [t for k, t in found if k == "self"], [t for k, t in found if k == "adult"]


def _relationship(found: RelationFindings, speaker: str) -> list[Triple]:
    triples = [Triple(name, "role", role) for name, role in found.roles.items()]
    for rel in found.relations:
        if rel.src == speaker and rel.dst == found.speaker_org:
            continue  # "The company is X" names the speaker's organisation: identity, not a tie
        if rel.predicate.startswith(_RELATIONSHIP_PREDICATES) or rel.predicate.endswith("_of"):
            triples.append(Triple(rel.src, rel.predicate, rel.dst))
    return triples


def _identity(text: str, speaker: str, found: RelationFindings) -> list[Triple]:
    """`found`: the text's relations (find_relations), read once for the statement."""
    triples = [Triple(speaker, key, m.group("v").strip()) for key, rx in _IDENTITY for m in rx.finditer(text)]
    org = found.speaker_org
    if org:
        triples.append(Triple(speaker, "organisation", org))
    return triples


def _is_definition(text: str) -> bool:
    """A definition ("X stands for ...", "also known as"): _DEFINITION, searched only where one of its words is (an ASCII text
    lowered has them wherever the case-blind pattern could match)."""
    if text.isascii():
        lowered = text.lower()
        if not any(word in lowered for word in _DEFINITION_WORDS):
            return False
    return _DEFINITION.search(text) is not None


def _is_dated_event(text: str) -> bool:
    exprs = [e for e in find_time_expressions(text) if not e.future]
    if exprs:
        return True
    words = set(re.findall(r"[a-z]+", text.lower()))
    return bool(words & IRREGULAR_PAST) or bool(_PAST_VERB.search(text.lower())) and not re.search(
        r"\b(?:is|are)\s+(?:called|named|based|located|used)\b", text, re.I)


def classify_statement(text: str, speaker: str = SPEAKER, is_process: bool | None = None) -> Classification:
    """Memory type, confidence (0..1), triples and the rule that decided."""
    if is_process or (is_process is None and process_start_kind(text)):
        return Classification(MemoryType.PROCESS, 0.9, (), "instruction with a goal and steps")
    safety = _safety(text, speaker)
    if safety:
        return Classification(MemoryType.SAFETY, 0.85, tuple(safety), "rule, prohibition or allergy")
    own_health, others_health = _health_facts(text, speaker)
    found = find_relations(text, speaker)
    said_of_speaker = _identity(text, speaker, found)
    identity = [t for t in said_of_speaker if t.predicate != "organisation"] + own_health
    if identity:
        return Classification(MemoryType.IDENTITY, 0.8, tuple(identity), "speaker's own name, age, origin or job")
    preference = _preference(text, speaker)
    if preference:
        return Classification(MemoryType.PREFERENCE, 0.8, tuple(preference), "likes, dislikes or favourites")
    aliases = find_aliases(text)
    alias_triples = tuple(Triple(a.name, "also_known_as", a.alias) for a in aliases)
    relationship = _relationship(found, speaker)
    if relationship:
        return Classification(MemoryType.RELATIONSHIP, 0.8, tuple(relationship) + alias_triples,
                              "role, membership or personal tie")
    for rx, mtype, reason in ((_SUMMARY, MemoryType.SUMMARY, "summary marker"),
                              (_DOCUMENT, MemoryType.DOCUMENT, "refers to a document or file"),
                              (_DEVICE, MemoryType.DEVICE, "device or settings"),
                              (_SKILL, MemoryType.SKILL, "learning progress")):
        if rx.search(text):
            return Classification(mtype, 0.6, alias_triples, reason)
    org_triples = tuple(said_of_speaker)
    if others_health:
        return Classification(MemoryType.SEMANTIC, 0.8, tuple(others_health), "another adult's allergy or diet")
    if alias_triples or _is_definition(text):
        return Classification(MemoryType.SEMANTIC, 0.8, alias_triples + org_triples, "alias or definition")
    if org_triples:
        return Classification(MemoryType.IDENTITY, 0.7, org_triples, "speaker's organisation")
    # "Did I tell you she rents a house?", "Turns out he fixes roofs, who knew": the telling is past,
    # what is told may not be
    if _is_dated_event(without_discourse(text)):
        return Classification(MemoryType.EPISODIC, 0.7, (), "past event or dated statement")
    return Classification(MemoryType.SEMANTIC, 0.5, _general_triples(text), "general statement")


# A tool is what one works "using", "with" or "via"; "in"/"on" name a tool only after a verb of keeping or
# making records ("we track orders in Trello"): "we sell bikes in Leeds" names a place, whatever its mention type.
_TOOL_VERBS = (r"(?:keep|keeps|kept|track|tracks|log|logs|logged|store|stores|save|saves|plan|plans|manage|manages|"
               r"design|designs|draw|draws|write|writes|code|codes|edit|edits|build|builds|host|hosts|chat|chats|"
               r"file|files|record|records|schedule|schedules|share|shares|upload|uploads|invoice|invoices)")
_USES = re.compile(rf"\b(?:[Ww]e|I|[Tt]hey)\s+(?:(?:\w+\s+){{0,3}}?(?:using|with|via)|(?:\w+\s+){{0,2}}?{_TOOL_VERBS}\s+"
                   rf"(?:\w+\s+){{0,3}}?(?:in|on|into))\s+(?P<tool>{NAME})")
_DOES = re.compile(r"\b(?:[Ww]e|[Tt]he\s+company)\s+(?:do|does|offer|provide|sell|specialise\s+in|specialize\s+in)\s+(?P<obj>[a-z][a-z\- ]{2,40}?)(?=[,.;!?]|$)")


def _general_triples(text: str) -> tuple[Triple, ...]:
    triples = [Triple(SPEAKER_ORG, "uses", clean_name(m.group("tool")) or m.group("tool")) for m in _USES.finditer(text)]
    triples += [Triple(SPEAKER_ORG, "does", m.group("obj").strip()) for m in _DOES.finditer(text)]
    return tuple(triples)
