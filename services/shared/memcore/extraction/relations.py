"""Role and relation rules.

Produces relations between names ("Priya works for Kestrel Labs" -> works_for),
roles ("Priya is one of our engineers" -> role engineer, belongs_to our org),
kinship ("Ana is my sister" -> sister_of speaker) and hints about entity types
(the object of "works for" is an organisation).

`SPEAKER` and `SPEAKER_ORG` stand for the speaker and the speaker's organisation;
when the same utterance names the organisation ("The company is X", "We are X"),
SPEAKER_ORG is replaced by that name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .lexicon import KINSHIP, ROLE_ACRONYMS, ROLE_WORDS
from .models import SPEAKER, SPEAKER_ORG, EntityType, Relation
from .patterns import NAME, NAME_WITH_AND, clean_name, singular

_ROLE_ACR = "|".join(sorted(ROLE_ACRONYMS))
# A role phrase of up to three words: "writer", "head baker", "CTO", "senior backend engineer".
_ROLE = rf"(?P<role>(?:[a-z][a-z\-]*\s+){{0,2}}(?:[a-z][a-z\-]*|{_ROLE_ACR}))"
_ADJ = r"(?:(?:new|old|former|current|best|little|big|older|younger|twin|eldest|oldest|youngest|favou?rite|dear)\s+)*"

_ONE_OF = re.compile(
    rf"(?P<x>{NAME})\s+(?:is|was|'s|’s)\s+(?:also\s+)?one\s+of\s+(?P<poss>our|my|the|{NAME}['’]s)\s+"
    rf"(?P<role>(?:[a-z][a-z\-]*\s+){{0,2}}[a-z][a-z\-]*s)\b"
)
# ("Lars is my wife's brother": no tie of the owner's, the wife's)
_IS_MY = re.compile(rf"(?P<x>{NAME})\s+(?:is|was|'s|’s)\s+(?P<poss>my|our)\s+{_ADJ}{_ROLE}\b(?!['’]s\b)")
_MY_ROLE_NAME = re.compile(rf"\b(?P<poss>[Mm]y|[Oo]ur)\s+{_ADJ}(?P<role>[a-z][a-z\-]*)\s*,?\s+(?P<x>{NAME})")
_THE_ROLE_OF = re.compile(
    rf"(?P<x>{NAME})(?:,\s+|\s+(?:is|was|'s|’s)\s+)(?:the|a|an|our|their)\s+{_ROLE}\s+(?:of|at|for|with)\s+"
    rf"(?:the\s+)?(?:client\s+|company\s+|firm\s+)?(?P<org>{NAME})"
)
_IS_A_ROLE = re.compile(rf"(?P<x>{NAME})\s+(?:is|was|works\s+as)\s+(?:a|an)\s+{_ROLE}(?=[\s,.;!?]|$)")
_WORKS_FOR = re.compile(
    rf"(?P<x>{NAME})(?:,\s+who)?\s+(?:works|worked|is\s+working|has\s+worked)\s+(?P<prep>for|at|with)\s+(?:the\s+)?(?P<org>{NAME})"
)
# "Ana is on the Finance team" is membership; "Lisa is on the Bellfield estate job", "Tom is on the Henderson
# account" say a piece of work the name only qualifies (several people are on one job): no organisation.
_GROUP_NOUNS = r"(?:team|board|committee|council|panel|squad|crew|staff|rota|band|choir|club)"
_NOT_A_NOUN = r"(?:now|too|again|also|as|with|at|in|for|from|since|and|but|or|so|this|these|today|still|yet|though|then)"
_BELONGS = re.compile(
    rf"(?P<x>{NAME})\s+(?:belongs\s+to|is\s+(?:part|a\s+member)\s+of|is\s+on)\s+(?:the\s+)?(?P<org>{NAME})"
    rf"\b(?!\s+(?!(?:{_GROUP_NOUNS}|{_NOT_A_NOUN})\b)[a-z])"
)
_ACTS_ON = re.compile(
    rf"(?P<x>{NAME})(?:,\s+[^,.!?]{{2,60}},)?\s+(?:who\s+)?"
    r"(?P<verb>manages|managed|runs|ran|leads|led|heads|headed|oversees|oversaw|handles|handled|"
    r"owns|owned|founded|co-founded|coordinates|supervises|looks\s+after)\s+"
    rf"(?P<obj>[^,.;!?]{{2,60}}?)(?:\s+(?:for|at)\s+(?:the\s+)?(?P<org>{NAME}))?(?=\s+and\s|\s+but\s|[,.;!?]|$)"
)
_REPORTS_TO = re.compile(rf"(?P<x>{NAME})\s+reports\s+(?:directly\s+)?to\s+(?P<y>{NAME})")
_MARRIED = re.compile(rf"(?P<x>{NAME})\s+(?:is|was|got)\s+(?:married|engaged)\s+to\s+(?P<y>{NAME})")
_CLIENT = re.compile(
    rf"(?P<x>{NAME})\s+(?:is|was|became)\s+(?:a|an|our|one\s+of\s+our)\s+(?P<kind>client|customer|supplier|vendor|partner)s?"
    rf"(?:\s+of\s+(?P<y>{NAME}))?"
)
_THE_CLIENT_X = re.compile(rf"\b(?:the|our)\s+(?P<kind>client|customer|supplier|vendor)\s+(?P<x>{NAME})")
_OUR_ORG = re.compile(
    rf"\b(?:(?:[Tt]he|[Oo]ur|[Mm]y)\s+(?:company|business|agency|firm|shop|bakery|startup|studio|restaurant|"
    rf"organi[sz]ation|charity|practice|store|brand)\s+is\s+(?:called\s+)?|[Ww]e\s+are\s+|[Ww]e['’]re\s+|"
    rf"I\s+(?:run|own|founded|work\s+(?:at|for))\s+)(?P<org>{NAME_WITH_AND})"
)
_PROJECT_FOR = re.compile(
    rf"\b[Tt]he\s+(?P<p>{NAME})\s+(?P<noun>order|project|campaign|account|deal|contract|launch|migration)\s+"
    rf"(?:is|was|are|covers)\b[^.!?]*?\bfor\s+(?:the\s+)?(?P<org>{NAME})"
)

# The words one of which each name-led pattern says as written (lower case, no flags): a pattern that starts with a
# name is tried at every word and is slow to find nothing in a long turn; without its words it is not searched.
_NEEDS: dict[re.Pattern[str], tuple[str, ...]] = {
    _ONE_OF: ("one",),
    _IS_MY: ("my", "our"),
    _IS_A_ROLE: ("is", "was", "works"),
    _WORKS_FOR: ("work",),
    _BELONGS: ("belongs", "is"),
    _ACTS_ON: ("manage", "runs", "ran", "lead", "led", "head", "overs", "handle", "own", "founded", "coordinates",
               "supervises", "looks"),
    _REPORTS_TO: ("reports",),
    _MARRIED: ("married", "engaged"),
    _CLIENT: ("client", "customer", "supplier", "vendor", "partner"),
    _THE_CLIENT_X: ("client", "customer", "supplier", "vendor"),
}


def _matches(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """pattern.finditer(text); none where the text lacks every word the pattern needs (_NEEDS)."""
    needs = _NEEDS.get(pattern)
    if needs is not None and not any(word in text for word in needs):
        return iter(())
    return pattern.finditer(text)


@dataclass
class RelationFindings:
    relations: list[Relation] = field(default_factory=list)
    roles: dict[str, str] = field(default_factory=dict)
    type_hints: dict[str, EntityType] = field(default_factory=dict)
    speaker_org: str | None = None

    def add(self, src: str | None, predicate: str, dst: str | None) -> None:
        if src and dst and src != dst:
            rel = Relation(src, predicate, dst)
            if rel not in self.relations:
                self.relations.append(rel)

    def hint(self, name: str | None, etype: EntityType) -> None:
        if name and name not in (SPEAKER, SPEAKER_ORG):
            self.type_hints.setdefault(name, etype)


def _role_word(role_phrase: str) -> str | None:
    """Longest leading part of the phrase that ends in a role noun.

    "senior engineer" -> "senior engineer"; "sister and she" -> "sister"; "car" -> None.
    """
    words = role_phrase.split()
    for size in range(len(words), 0, -1):
        head = words[size - 1]
        if head in ROLE_ACRONYMS:
            return " ".join(words[:size])
        for form in (head.lower(), singular(head).lower()):
            if form in ROLE_WORDS or form in KINSHIP:
                return " ".join(words[: size - 1] + [form])
    return None


def _poss_target(poss: str, speaker: str) -> str:
    poss_l = poss.lower()
    if poss_l == "my":
        return speaker
    if poss_l in ("our", "the"):
        return SPEAKER_ORG
    return clean_name(poss) or SPEAKER_ORG


def _apply_role(found: RelationFindings, x: str | None, role: str, owner: str, speaker: str) -> None:
    """Attach role `role` of x towards owner (speaker for "my", org otherwise)."""
    if not x:
        return
    head = role.split()[-1].lower()
    if head in KINSHIP and owner == speaker:
        found.add(x, f"{head}_of", speaker)
        found.hint(x, EntityType.PERSON)
        return
    found.roles.setdefault(x, role)
    found.hint(x, EntityType.PERSON)
    if head in ("client", "customer", "supplier", "vendor"):
        found.add(x, f"{head}_of", owner)
        return
    found.add(x, "belongs_to" if owner != speaker else f"{head}_of", owner)


def find_relations(text: str, speaker: str = SPEAKER) -> RelationFindings:
    found = RelationFindings()
    for m in _matches(_OUR_ORG, text):
        org = clean_name(m.group("org"))
        if org and found.speaker_org is None:
            found.speaker_org = org
            found.hint(org, EntityType.ORG)
            found.add(speaker, "works_for", org)
    for m in _matches(_ONE_OF, text):
        role = _role_word(m.group("role"))
        if role:
            _apply_role(found, clean_name(m.group("x")), role, _poss_target(m.group("poss"), speaker), speaker)
    for m in _matches(_THE_ROLE_OF, text):
        role, org = _role_word(m.group("role")), clean_name(m.group("org"))
        if role and org:
            found.hint(org, EntityType.ORG)
            _apply_role(found, clean_name(m.group("x")), role, org, speaker)
    for pattern in (_IS_MY, _MY_ROLE_NAME):
        for m in _matches(pattern, text):
            role = _role_word(m.group("role"))
            if role:
                _apply_role(found, clean_name(m.group("x")), role, _poss_target(m.group("poss"), speaker), speaker)
    for m in _matches(_IS_A_ROLE, text):
        role, x = _role_word(m.group("role")), clean_name(m.group("x"))
        if role and x and role.split()[-1].lower() not in KINSHIP:
            found.roles.setdefault(x, role)
            found.hint(x, EntityType.PERSON)
    for m in _matches(_WORKS_FOR, text):
        x, org = clean_name(m.group("x")), clean_name(m.group("org"))
        found.add(x, "works_with" if m.group("prep") == "with" else "works_for", org)
        found.hint(x, EntityType.PERSON)
        if m.group("prep") != "with":
            found.hint(org, EntityType.ORG)
    for m in _matches(_BELONGS, text):
        found.add(clean_name(m.group("x")), "belongs_to", clean_name(m.group("org")))
        found.hint(clean_name(m.group("org")), EntityType.ORG)
    for m in _matches(_ACTS_ON, text):
        _add_action(found, m)
    for m in _matches(_REPORTS_TO, text):
        found.add(clean_name(m.group("x")), "reports_to", clean_name(m.group("y")))
        found.hint(clean_name(m.group("x")), EntityType.PERSON)
        found.hint(clean_name(m.group("y")), EntityType.PERSON)
    for m in _matches(_MARRIED, text):
        x, y = clean_name(m.group("x")), clean_name(m.group("y"))
        found.add(x, "married_to", y)
        found.add(y, "married_to", x)
        found.hint(x, EntityType.PERSON)
        found.hint(y, EntityType.PERSON)
    for m in _matches(_CLIENT, text):
        x = clean_name(m.group("x"))
        found.add(x, f"{m.group('kind')}_of", clean_name(m.group("y")) or SPEAKER_ORG)
    for m in _matches(_THE_CLIENT_X, text):
        x = clean_name(m.group("x"))
        found.add(x, f"{m.group('kind')}_of", SPEAKER_ORG)
    for m in _matches(_PROJECT_FOR, text):
        project = f"{clean_name(m.group('p'))} {m.group('noun')}"
        org = clean_name(m.group("org"))
        found.add(project, "for", org)
        found.hint(org, EntityType.ORG)
    if found.speaker_org:
        _resolve_speaker_org(found)
    return found


_VERB_LEMMA = {
    "managed": "manages", "ran": "runs", "led": "leads", "headed": "heads", "oversaw": "oversees",
    "handled": "handles", "owned": "owns", "co-founded": "founded", "looks after": "manages",
}


def _add_action(found: RelationFindings, m: re.Match[str]) -> None:
    x = clean_name(m.group("x"))
    verb = re.sub(r"\s+", " ", m.group("verb").lower())
    obj = m.group("obj").strip()
    if not x or not obj:
        return
    found.add(x, _VERB_LEMMA.get(verb, verb), obj)
    if verb not in ("owns", "owned", "founded", "co-founded"):
        found.hint(x, EntityType.PERSON)  # people manage, handle, lead and oversee
    if m.group("org"):
        org = clean_name(m.group("org"))
        found.add(x, "belongs_to", org)
        found.hint(org, EntityType.ORG)


def _resolve_speaker_org(found: RelationFindings) -> None:
    org = found.speaker_org
    found.relations = [
        Relation(r.src, r.predicate, org if r.dst == SPEAKER_ORG else r.dst) for r in found.relations
    ]
