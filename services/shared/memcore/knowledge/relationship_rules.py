"""The relationships family of the fact rules (rules.FAMILIES): ties said with a name ("my sister Mia",
"Ben is my brother"), children, whom one lives with, pets. Pure regex work on one clause."""
from __future__ import annotations

import re

from ..extraction.lexicon import KINSHIP, SENTENCE_OPENERS, TIME_WORDS
from ..extraction.patterns import CAP_WORD, NAME
from .bare_kin import bare_kin_named
from .households import household, household_cards
from .kin_groups import GROUP_KIN
from .lasting_states import belonging_word
from .mentions import after_pronoun
from .models import Fact
from .person import possessive
from .pets_listed import animals_named, further_pets
from .rule_basics import _PET, _REL, _SUBJ, TurnContext, _alt, resolve
from .vocabulary import KIN_TITLES, NUMBER_WORDS, RELATIONS

# a tie said as a title before a name, as children do: "coach Sana", "Uncle Otieno" (the kin titles too, any case)
_TITLES = frozenset({"coach"})
# "my piano teacher", "our swim coach": a tie with one word saying which
_MOD = r"(?:(?!(?i:is|was|and|name)\b)(?:[a-z]+|[A-Z]{2,4})\s+)?"  # "my piano teacher", "my PE teacher"
_MY_REL_IS = re.compile(rf"(?P<mine>(?i:my|our))\s+(?P<rel>{_MOD}(?i:{_REL}))(?:['’]s\s+name)?\s+(?i:is|was|'s|’s)\s+"
                        rf"(?i:called\s+|named\s+)?(?P<name>{NAME})")
_NAME_IS_MY = re.compile(rf"(?P<name>{NAME})\s+(?i:is|was|'s|’s)\s+(?:(?i:also|actually|really)\s+)?(?P<mine>(?i:my|our))\s+(?:(?i:new|old)\s+)?"
                         rf"(?P<rel>{_MOD}(?i:{_REL}))\b(?!['’]s)")
_MY_REL_NAME = re.compile(rf"(?P<mine>(?i:my|our))\s+(?P<rel>{_MOD}(?i:{_REL})),?\s+(?P<name>{NAME})\b")
_MY_RELS_ARE = re.compile(rf"(?i:my|our)\s+(?:(?P<rel>(?i:{_REL}))s|(?P<kin>(?i:kids|children|grandkids|grandchildren)))\s+(?i:are)\s+(?P<names>{NAME}(?:\s*,\s*{NAME})*\s+and\s+{NAME})")
_PRONOUN_IS_MY = re.compile(rf"^(?i:he|she)\s+(?i:is|was)\s+(?:(?i:also|now)\s+)?(?i:my|our)\s+(?:(?i:new|old)\s+)?"
                            rf"(?P<rel>{_MOD}(?i:{_REL}))\b(?!['’]s)")
_HIS_NAME = re.compile(rf"^(?i:his|her|their)\s+name\s+(?i:is|was)\s+(?:(?i:called)\s+)?(?P<name>{NAME})")
_TITLE_NAME = re.compile(rf"\b(?P<rel>(?i:{'|'.join(sorted(KIN_TITLES | _TITLES, key=len, reverse=True))}))\s+(?P<name>{CAP_WORD})")
_NAME_TITLES = frozenset("dr mr mrs ms miss prof sir dame rev mx".split())
_ADDRESSED = re.compile(r"(?i)\b(?:say|says|call|calls|called)\s+(?:(?:him|her|them)\s+)?$")
_HAS_PET = re.compile(rf"^{_SUBJ}\s+(?i:have|has|got|have\s+got|has\s+got|own|owns)\s+(?i:a|an|one|two|three|\d+)?\s*"
                      rf"(?i:(?:little|big|new|pet|baby|old|fluffy|black|white|brown|ginger|grey|gray)\s+)*"
                      rf"(?P<pet>(?i:{_PET}))(?P<many>s)?(?:\s+(?i:called|named)\s+|\s*,\s*|\s+)(?=[A-Z])"
                      rf"(?P<name>{NAME}(?:\s*,\s*{NAME})*(?:\s+(?i:and|&)\s+{NAME})?)")  # "two goats called Salt and Pepper": one card
_PET_CALLED = re.compile(rf"^{_SUBJ}(?:\s+|['’]ve\s+|['’]s\s+)(?i:have|has|got|have\s+got|has\s+got)\s+(?i:a|an)\s+(?:[a-z]+\s+){{0,2}}?"
                         rf"(?P<pet>(?i:{_PET})|[a-z]{{3,}}),?\s+(?:(?i:he|she|it)(?:['’]s|\s+is)\s+(?i:called|named)|"
                         rf"(?i:his|her|its)\s+name(?:['’]s|\s+is))\s+(?P<name>{NAME})")
# (any animal or thing: "we've got a cockapoo, she's called Nala" names it whatever the word)
_MY_PET = re.compile(rf"(?P<mine>(?i:my|our))\s+(?P<pet>(?i:{_PET}))(?:['’]s\s+name\s+is|\s+is\s+called|\s+is\s+named|,)?\s+"
                     rf"(?P<name>{NAME})")

# pets named together: "our dogs are called Pip and Moss" (one card, as "two goats called Salt and Pepper")
_MY_PETS_CALLED = re.compile(rf"(?i:my|our)\s+(?P<pet>(?i:{_PET}))s\s+(?i:are)\s+(?i:called|named)\s+"
                             rf"(?P<name>{NAME}(?:\s*,\s*{NAME})*\s+(?i:and|&)\s+{NAME})")
_MY_PET_IS = re.compile(rf"(?i:my|our)\s+(?i:{_PET})\s+(?i:is|was|'s|’s)\s+(?P<name>{NAME})\b")

# A person's age said before who they are: "a 6 year old daughter called Mia", "my 8-year-old son Jack"
_AGED_NAME = re.compile(rf"\b(?P<n>\d{{1,2}}|(?i:{'|'.join(NUMBER_WORDS)}))[- ](?i:year|yr)s?[- ](?i:old)\s+"
                        rf"(?:[a-z]+[- ]){{0,2}}?(?P<who>[a-z]+)\s+(?:(?i:called|named)\s+)?(?P<name>{NAME})")


def _aged_names(clause: str) -> list[Fact]:
    return [Fact(m.group("name"), "age", m.group("n"), "identity", 0.8, f"{m.group('name')} is {m.group('n')}")
            for m in _AGED_NAME.finditer(clause) if m.group("who").lower() in RELATIONS or m.group("who").lower() in _KID_WORD]


def _rel_name(rel: str) -> str:
    return rel.lower().replace(" ", "_").replace("-", "_")


_KIDS = re.compile(rf"^(?i:I|we)\s+(?i:have|have\s+got|got|'ve\s+got)\s+(?:(?i:a|an|one|two|three|four|twin|little|young|"
                   rf"grown-up|big|older|younger|baby|step)\s+)*(?P<kin>(?i:sons?|daughters?|boys?|girls?|kids?|children|child|"
                   rf"{_alt(r + 's' for r in RELATIONS)}|{_REL})),?\s+(?i:called\s+|named\s+)?"
                   rf"(?P<names>{NAME}(?:\s*,\s*{NAME})*(?:\s+(?i:and)\s+{NAME})?)")
# "I live with my gran in Cardiff": the household, then where it is (a place word starts no member's name)
_WHERE = "in|near|outside|on|at|by"
_HOME_AFTER = re.compile(r"^(?:\s+and\s+[a-z]+)?\s*,?\s+(?i:in|near)\s+(?!(?i:a|an|the|my|our|his|her|their|this|that)\b)"  # ("and babu": a member no tie word names)
                         r"(?P<place>[A-Za-z][\w'’-]+(?:\s+[A-Za-z][\w'’-]+){0,2}?)\s*(?:$|[,.;!]|\s+(?i:with|and|because|cos|since)\b)")
_CLAUSE_STARTS = "because|cos|since|while|whilst|when|until|till|though|although|so|but|who|which|that"  # "my nan cos ..."
_MEMBER = rf"(?i:my|our)\s+(?:(?!(?:and|plus|{_WHERE}|{_CLAUSE_STARTS})\b(?!-))[a-z]+\s+)?(?!(?:and|plus|{_WHERE}|{_CLAUSE_STARTS})\b(?!-))[a-z]+(?:-[a-z]+)*(?:\s+(?!(?i:and|plus)\b){CAP_WORD})?"  # ("in-laws")
# someone living in the owner's home: "my mum lives with us", "Grandad moved in with me", "my nephew's living with us"
LIVES_WITH_US = re.compile(rf"^(?P<who>{_MEMBER}|{NAME}['’]s\s+(?:{_alt(RELATIONS)})|(?:(?i:{_alt(KIN_TITLES)})\s+)?{NAME})\s*(?:\s(?i:lives|is\s+living|has\s+moved\s+in|"
                            r"moved\s+in|has\s+been\s+living)|['’]s\s+(?i:living|moved\s+in))\s+(?i:with)\s+(?i:us|me)\b")
_KID_WORD = {"boy": "son", "boys": "son", "sons": "son", "son": "son", "girl": "daughter", "girls": "daughter",
             "daughters": "daughter", "daughter": "daughter"}


# what may follow a name that is also a word ("my aunt May lives ...", "our neighbour Will is ..."): a verb of its own
# (not the base verb a modal takes: "my aunt may come"), a comma, or the end
_AFTER_A_NAME = re.compile(r"\s*(?:$|[,.!?]|(?:is|was|has|had|does|did|can|will|would|[a-z]+s|[a-z]+ed)\b|['’]s\b)")


_MODALS = frozenset("will may can".split())  # first names too (Will, May, Can)


def _word_named(m: re.Match[str]) -> bool:
    """Whether a capitalised word that is also a sentence's word ("May", "Will") is a name: said right after the
    tie ("my aunt May", "our neighbour Will"), one word, with a verb of its own after it."""
    name = _named(m)
    if m.re is _NAME_IS_MY and name.lower() in _MODALS:
        return True  # "Will is my brother", "May is our treasurer": a modal is never the subject of "is"
    return m.re is _MY_REL_NAME and " " not in name and name[:1].isupper() and name[1:].islower() \
        and _AFTER_A_NAME.match(m.string, m.end()) is not None


def _named(m: re.Match[str]) -> str:
    """The name a tie was said with, without the possessive it may carry ("my sister Mia's birthday": Mia)."""
    return re.sub(r"['’]s$", "", m.group("name"))


def _kin_tie(kin: str) -> str:
    """The tie a family word says, one person's ("kids": child, "grandkids": grandchild, "sisters": sister), read
    with kin_groups.GROUP_KIN; "a twin" alone is a sibling, "twins" children born together."""
    one = {"children": "child", "grandchildren": "grandchild"}.get(kin, kin[:-1] if kin.endswith("s") else kin)
    if one in GROUP_KIN and (one != kin or one not in ("twin", "triplet")):
        return GROUP_KIN[one]
    return one if one in RELATIONS else kin


def relationships(clause: str, ctx: TurnContext) -> list[Fact]:
    out: list[Fact] = []
    o = ctx.owner
    m = _KIDS.match(clause)
    if m:
        kin = m.group("kin").lower()
        rel = _kin_tie(kin)
        for name in re.split(r"\s*,\s*|\s+and\s+", m.group("names")):
            if name and name.lower() not in SENTENCE_OPENERS:
                ctx.last_person = name
                out.append(Fact(o, rel, name, "relationship", 0.8,
                                f"{name} is one of {o}'s {kin}" if kin in ("twins", "triplets") else f"{name} is {o}'s {rel}"))
    said = household(clause)
    if said:
        # the household said without names is one fact; a member said with a name is one of their own
        members, end = said
        group, own = household_cards(members)
        unnamed = [w for w in members if not re.search(rf"\s{CAP_WORD}$", w)]
        if group:
            who = " and ".join(group)
            out.append(Fact(o, "lives_with", who, "relationship", 0.8, f"{o} lives with {o}'s {who}"))
        out += [Fact(o, "lives_with", w, "relationship", 0.8, f"{o} lives with {o}'s {w}") for w in own]
        if home := _HOME_AFTER.match(clause[end:]):  # where the household lives: the owner and each of them
            place = home.group("place")
            out += [Fact(who, "lives_in", place, "identity", 0.8, f"{who} lives in {place}") for who in
                    (o, *(f"{possessive(o)} {w}" if w in unnamed else w.split()[-1] for w in members
                          if w not in unnamed or w.split()[-1].lower() in RELATIONS))]  # (not a family's own word: a
            # member the vocabulary does not know is told by the household's card, where the place's card holds the owner)
    m = LIVES_WITH_US.match(clause)
    mate = resolve(m.group("who"), ctx) if m else None
    if mate and mate != o:
        tie = mate.removeprefix(possessive(o) + " ")
        out.append(Fact(o, "lives_with", tie, "relationship", 0.8,
                        f"{o} lives with {o}'s {tie}" if tie != mate else f"{o} lives with {mate}"))
    m = _PRONOUN_IS_MY.match(clause)
    if m and ctx.last_person and "'" not in ctx.last_person and ctx.last_person != o:
        # "Carol is the practice manager, she's my manager too": the tie of the person just named
        rel = m.group("rel").lower()
        out.append(Fact(o, _rel_name(rel), ctx.last_person, "relationship", 0.8, f"{ctx.last_person} is {o}'s {rel}"))
    m = _HIS_NAME.match(clause)
    if m and ctx.tie and m.group("name").lower() not in SENTENCE_OPENERS:
        # "My grandson set it up. His name is Callan": the tie said before, named now
        out.append(Fact(o, _rel_name(ctx.tie), m.group("name"), "relationship", 0.8,
                        f"{m.group('name')} is {o}'s {ctx.tie}"))
        ctx.tie, ctx.last_person = None, m.group("name")
    seen: set[str] = set()
    for rx in (_MY_REL_IS, _NAME_IS_MY, _MY_REL_NAME):
        for m in rx.finditer(clause):
            name, rel = _named(m), m.group("rel").lower()
            if name in seen or name == o or name.lower() in SENTENCE_OPENERS and not _word_named(m) or belonging_word(name):
                continue  # ("my boss is Canadian": where the boss is from, no name; lasting_states.py)
            seen.add(name)
            if not after_pronoun(clause, m.start()):  # "he is a nurse and our neighbour Efua": he is not Efua
                ctx.last_person = name
            # a team's "our" is the team's (spec), but a tie of home is the owner's ("our neighbour", "our daughter")
            whose = ctx.org if ctx.org and m.group("mine").lower() == "our" and rel.split()[-1].lower() not in KINSHIP else o
            out.append(Fact(whose, _rel_name(rel), name, "relationship", 0.8, f"{name} is {possessive(whose)} {rel}"))
    for name, rel in bare_kin_named(clause):  # "meme is my grandfather": the family's own word is the name
        if name not in seen:
            seen.add(name)
            ctx.last_person = name
            out.append(Fact(o, _rel_name(rel), name, "relationship", 0.8, f"{name} is {o}'s {rel}"))
    for m in _MY_RELS_ARE.finditer(clause):
        rel = m.group("rel").lower() if m.group("rel") else _kin_tie(m.group("kin").lower())
        births = rel in ("twin", "triplet")  # "my twins are Kai and Noa": children born together, not siblings
        for name in re.split(r"\s*,\s*|\s+and\s+", m.group("names")):
            if name and name not in seen and name.lower() not in SENTENCE_OPENERS:
                seen.add(name)
                out.append(Fact(o, "child", name, "relationship", 0.8, f"{name} is one of {o}'s {rel}s") if births
                           else Fact(o, _rel_name(rel), name, "relationship", 0.8, f"{name} is {o}'s {rel}"))
    for m in _TITLE_NAME.finditer(clause):
        name, rel = _named(m), m.group("rel").lower()
        if re.search(r"(?i)(?:\b(?:the|a|an|his|her|their)|['’]s)\s+$", clause[:m.start()]) or name.lower() in TIME_WORDS \
                or name.lower().rstrip(".") in _NAME_TITLES:  # "my uncle, Dr Mensah": the title opens his name, no name itself
            continue  # "the coach Thursday": no title, no name; "my mum's cousin Gwyneth": no cousin of the owner
        if _ADDRESSED.search(clause[:m.start()]):
            continue  # "Ilario Mendes, we say Tio Ilario": how he is spoken to, no tie of the owner's
        if ctx.org and not re.search(r"(?i)\bmy\s+$", clause[:m.start()]):
            continue  # a team's "Auntie Pat runs the kitchen": what everyone calls her, no aunt of the speaker's
        if name not in seen and name.lower() not in SENTENCE_OPENERS:
            seen.add(name)
            ctx.last_person = name
            out.append(Fact(o, _rel_name(rel), name, "relationship", 0.8, f"{rel.capitalize()} {name} is {o}'s {rel}"))
    pet_match = _HAS_PET.match(clause) or _PET_CALLED.match(clause)
    if pet_match and pet_match.re is _HAS_PET and not re.search(r"(?i)\b(?:called|named)\b", pet_match.group(0)) \
            and re.search(r"(?i)\s(?:and|&)\s|,", pet_match.group("name")):
        pet_match = None  # "two dogs, Pickle and Bramble": two pets, each its own card (ties.py); "called X and Y" is one name
    if pet_match and (keeper := resolve(pet_match.group("subj"), ctx)):
        pet = pet_match.group("pet").lower()
        ctx.last_person = pet_match.group("name")  # "... he's a beagle": the pet
        many = "many" in pet_match.groupdict() and pet_match.group("many")
        out.append(Fact(keeper, f"has_{pet.replace(' ', '_')}", pet_match.group("name"),
                        "relationship" if keeper == o else "semantic", 0.8,
                        f"{keeper} has {pet}s called {pet_match.group('name')}" if many else
                        f"{keeper} has a {pet} called {pet_match.group('name')}"))
        for pet, name, many in further_pets(clause[pet_match.end():]):  # "... and a rabbit called Pesto" (pets_listed.py)
            out.append(Fact(keeper, f"has_{pet.replace(' ', '_')}", name, "relationship" if keeper == o else "semantic", 0.8,
                            f"{keeper} has {pet}s called {name}" if many else f"{keeper} has a {pet} called {name}"))
    else:
        who, animals = animals_named(clause)  # "a labrador called Odin and a cat called Freya" (pets_listed.py)
        if animals and (keeper := resolve(who, ctx)):
            out += [Fact(keeper, f"has_{kind}", name, "relationship" if keeper == o else "semantic", 0.8,
                         f"{keeper} has a {kind} called {name}") for kind, name in animals]
        if (named := _MY_PET_IS.search(clause)) and named.group("name").lower() not in SENTENCE_OPENERS:
            ctx.last_person = named.group("name")  # "my pony is Duman, he's 7": the pet the name was given to
        for m in _MY_PETS_CALLED.finditer(clause):
            pet = m.group("pet").lower()
            out.append(Fact(o, f"has_{pet.replace(' ', '_')}", m.group("name"), "relationship", 0.8,
                            f"{o} has {pet}s called {m.group('name')}"))
        for m in _MY_PET.finditer(clause):
            if m.group("name").lower() in SENTENCE_OPENERS:
                continue
            ctx.last_person = m.group("name")
            pet = m.group("pet").lower()
            out.append(Fact(o, f"has_{pet.replace(' ', '_')}", m.group("name"), "relationship", 0.8,
                            f"{o} has a {pet} called {m.group('name')}"))
    return out + _aged_names(clause)  # "a 6 year old daughter called Mia", "my 8-year-old son Jack"


_REPORTING = re.compile(r"\s*,?\s*(?i:says|said|thinks|thought|reckons|reckoned|told\s+me|tells\s+me|is\s+going\s+to|"
                        r"['’]s\s+going\s+to|wants|promised)\b")


def reported_tie(statement: str, ctx: TurnContext) -> list[Fact]:
    """The tie of the person a statement reports ("my big cousin Mariam says she'll teach me to swim"),
    told even where what they say teaches nothing (a forecast, an opinion)."""
    m = _MY_REL_NAME.match(statement.strip())
    if not m or not _REPORTING.match(statement.strip()[m.end():]) or m.group("name").lower() in SENTENCE_OPENERS:
        return []
    name, rel = _named(m), m.group("rel").lower()
    return [Fact(ctx.owner, _rel_name(rel), name, "relationship", 0.8, f"{name} is {ctx.owner}'s {rel}")]
