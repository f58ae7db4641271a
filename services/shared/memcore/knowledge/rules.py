"""The fact rules, one family a function: each takes one clause (lead-ins stripped, contractions
expanded) and the turn's context, and returns the facts the clause states. Pure regex work.

Why rules and not a parser: a turn must be answered in milliseconds with no model (MISSION
decision 7); the optional model-based extractor improves on these off the hot path."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..extraction.lexicon import IRREGULAR_PAST, ROLE_WORDS, SENTENCE_OPENERS
from ..extraction.patterns import CAP_WORD, NAME
from .birthdays import MONTHS, birth_facts
from .models import Fact
from .person import about, possessive, third_person_verb
from .vocabulary import (COPULAR_PREFERENCES, EMPTY_OBJECTS, KIN_TITLES, NOT_A_JOB, NUMBER_WORDS, PETS, PREFERENCE_VERBS,
                         RELATION_PHRASES, RELATIONS, WEEKDAYS)


@dataclass
class TurnContext:
    owner: str  # the owner's name, as facts about the owner carry it
    last_person: str | None = None  # the person "he"/"she" points at
    org: str | None = None  # the organisation a team's "our" means, when the turn names it
    org_from_account: bool = False  # org is only the organisation account's name: a turn naming one wins
    carried: bool = False  # last_person was named in an earlier turn: "he"/"she" may point at them, "they" not
    tie: str | None = None
    thing: str | None = None  # the place or activity a clause ended on ("back from my paper round"): what "it" is next  # the last tie said without a name ("my grandson"): "his name is X" names it
    facts: list[Fact] = field(default_factory=list)


def _alt(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_REL = rf"(?:{_alt(RELATION_PHRASES)}|{_alt(RELATIONS)})"
_PET = rf"(?:{_alt(PETS)})"
# A name as a subject, never a capitalised function word ("My", "The", "This" start sentences).
_OPENERS = "|".join(sorted({w.capitalize() for w in SENTENCE_OPENERS if w.isalpha()}, key=len, reverse=True))
_NAME_SUBJ = rf"(?!(?:{_OPENERS})\b){NAME}"
# "my new maths teacher", "our late brother Stan": up to two words that say which tie
_TIE_WORDS = r"(?:(?!(?i:and|or|is|was|are|were|has|have|had)\b)(?:[a-z]+|[A-Z]{2,4})\s+){0,2}"
_SUBJ = rf"(?P<subj>(?i:I|we|he|she|they)|(?i:my|our)\s+{_TIE_WORDS}{_REL}(?:,?\s+{_NAME_SUBJ})?|{_NAME_SUBJ})"
_ADV = r"(?:(?i:really|absolutely|just|totally|also|still|so|do|kind\s+of|actually|honestly|truly|super|very|" \
       r"especially|quite|all|both|usually|always|normally|now|much|mostly|even|severely|extremely|mildly|badly|" \
       r"seriously|slightly|genuinely|properly|definitely)\s+)*"


def resolve(subj: str, ctx: TurnContext) -> str | None:
    """The name a subject stands for: I/we -> the owner; he/she -> the person named last; "my
    sister" -> "Mia's sister"; a name stays."""
    low = subj.lower()
    if low == "we" and ctx.org:
        return ctx.org
    if low in ("i", "we", "me"):
        return ctx.owner
    if low in ("he", "she", "they"):
        return None if low == "they" and ctx.carried else ctx.last_person
    m = re.match(r"(?i:our)\s+(.+)", subj)
    if m and ctx.org and not re.search(rf"\b({CAP_WORD})$", m.group(1)):
        return f"{ctx.org}'s {m.group(1).lower()}"
    m = re.match(r"(?i:my|our)\s+(.+)", subj)
    if m:
        named = re.search(rf"\b({CAP_WORD})$", m.group(1))
        return named.group(1) if named else f"{ctx.owner}'s {m.group(1).lower()}"
    title = re.match(rf"(?i:{_alt(KIN_TITLES)})\s+({CAP_WORD})$", subj)
    return title.group(1) if title else subj


# Verbs that, after "and", start a clause sharing the subject rather than another item of a list.
NEW_VERBS = ("go", "goes", "went", "have", "has", "had", "do", "does", "did", "get", "gets", "got", "take", "takes",
             "took", "make", "makes", "made", "live", "lives", "work", "works", "want", "wants", "need", "needs",
             "am", "is", "are", "was", "were", "can", "will", "play", "plays", "visit", "visits", "ride", "rides")
_NEW_VERBS = "|".join(NEW_VERBS)


def items_of(obj: str) -> list[str]:
    """A list object split into its items: "spiders and big dogs" -> [spiders, big dogs]."""
    obj = re.split(r"\s+(?:because|when|while|since|if|but|though|although|which|who|so\s+that)\b|\s+-\s+", obj)[0]
    obj = re.sub(r"\s+(?:so\s+much|a\s+lot|very\s+much|the\s+most|too|as\s+well|more\s+than\s+anything|"
                 r"most\s+of\s+all|best|though|tho|anyway|myself|himself|herself|ourselves|really|now|btw|by\s+the\s+way|here|there|these\s+days)\s*$", "",
                 obj.strip(" ,"), flags=re.I)
    if re.match(r"(?i)to\s+\w+", obj):  # "to swim and dance": one activity phrase
        return [obj]
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+&\s+|\s*,?\s+especially\s+", obj)
    out: list[str] = []
    for p in parts:
        p = re.sub(r"^(?:the|some|all|any)\s+", "", p.strip(" .!?\"'"), flags=re.I)
        p = re.sub(r"\s+(?:here|there|btw|now)$", "", p, flags=re.I)
        if out and re.match(rf"(?i)(?:{_NEW_VERBS})\b", p):
            break  # "I like swimming and go to the pool on Saturdays": a clause of its own (extract.clauses)
        # "the bread here, too sweet": a comment on the item, not another item
        if re.match(r"(?i)(?:we|i|they|he|she|then)\s", p):  # "Up, then Coco": the next one is another fact
            break  # "..., we moved off Jira": a clause, not an item
        if p and p.lower() not in EMPTY_OBJECTS and len(p) <= 60 and not re.match(r"(?i)(?:it|that|this|you|too|so|very)\b", p) \
                and p.lower().split()[-1] not in ("one", "ones"):  # "especially the steamed ones": a kind of the last
            out.append(p)
    return out


_PREF = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>(?i:{_alt(v for v, _ in PREFERENCE_VERBS)}))\s+(?P<obj>.+)$")
_COPULAR = re.compile(rf"^{_SUBJ}\s+(?i:am|is|are|was|get|gets)\s+{_ADV}(?i:a\s+bit\s+|a\s+little\s+)?"
                      rf"(?P<cop>(?i:{_alt(c for c, _ in COPULAR_PREFERENCES)}))\s+(?P<obj>.+)$")
_FAVOURITE = re.compile(rf"(?P<owner>(?i:my|his|her|our)|{NAME}['’]s)\s+(?i:absolute\s+|all-time\s+|very\s+)?"
                        r"(?i:fav(?:ou?rite)?)\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s+(?i:is|are|was)\s+(?P<obj>.+)$")
_FAVOURITE_FIRST = re.compile(r"^(?P<obj>[\w'’ -]{2,40}?)\s+(?i:is|are)\s+(?P<owner>(?i:my|his|her|our))\s+"
                              r"(?i:absolute\s+|all-time\s+)?(?i:fav(?:ou?rite)?)(?:\s+(?P<what>[a-z]+))?\s*$")
_AVOIDS = re.compile(rf"^{_SUBJ}\s+(?i:don't|don’t|do\s+not|never|no\s+longer|doesn't|doesn’t|does\s+not)\s+"
                     r"(?P<verb>(?i:drink|eat|smoke|eat\s+any|drink\s+any))\s+(?P<obj>[a-z][\w -]{1,40}?)"
                     r"(?:\s+(?i:anymore|any\s+more|at\s+all|now))?$")
_LIKE_WHEN = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>(?i:love|like|enjoy|hate))\s+(?i:it)\s+(?i:when|if)\s+(?P<what>.{{3,80}})$")
_VERB_PRED = dict(PREFERENCE_VERBS)
_COP_PRED = dict(COPULAR_PREFERENCES)


def preferences(clause: str, ctx: TurnContext) -> list[Fact]:
    out: list[Fact] = []
    m = _PREF.match(clause)
    if m and not re.search(r"(?i)\b(?:would|'d|’d)\s*$", clause[: m.start("verb")]):
        who = resolve(m.group("subj"), ctx)
        verb = m.group("verb")
        pred = _VERB_PRED.get(verb.lower(), "likes")
        shown = verb if who == m.group("subj") else (verb.lower() if verb.lower().startswith(("can", "don", "do "))
                                                     else third_person_verb(verb.lower()))
        if shown.lower() in ("don't like", "don’t like", "do not like"):
            shown = "doesn't like"
        if who:
            out.extend(Fact(who, pred, item, "preference", 0.8, f"{who} {shown} {_as_said(item, ctx)}")
                       for item in items_of(m.group("obj")))
    m = _LIKE_WHEN.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        what = about(m.group("what"), ctx.owner, team=ctx.org)
        pred = _VERB_PRED.get(m.group("verb").lower(), "likes")
        out.append(Fact(who, pred, what, "preference", 0.8, f"{who} {third_person_verb(m.group('verb').lower())} it when {what}"))
    m = _AVOIDS.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        obj = m.group("obj").strip()
        out.append(Fact(who, "avoids", obj, "preference", 0.8, f"{who} doesn't {m.group('verb').lower()} {obj}"))
    m = _COPULAR.match(clause)
    if m:
        who = resolve(m.group("subj"), ctx)
        cop = m.group("cop").lower()
        pred = _COP_PRED[cop]
        kind = "safety" if pred == "allergic_to" else "preference"  # the spec: allergies are safety
        if who:
            out.extend(Fact(who, pred, item, kind, 0.8, f"{who} is {cop} {item}") for item in items_of(m.group("obj")))
    m = _FAVOURITE_FIRST.match(clause)
    if m and m.group("obj").lower() not in EMPTY_OBJECTS:
        o = m.group("owner")
        who = ctx.owner if o.lower() in ("my", "our") else ctx.last_person
        what = (m.group("what") or "thing").lower()
        if who:
            out.append(Fact(who, f"favourite_{what}", m.group("obj"), "preference", 0.8,
                            f"{who}'s favourite {what} is {m.group('obj')}"))
    m = _FAVOURITE.search(clause)
    if m:
        o = m.group("owner")
        who = ctx.owner if o.lower() in ("my", "our") else (ctx.last_person if o.lower() in ("his", "her")
                                                            else o[:-2])
        what = m.group("what").lower()
        if who:
            out.extend(Fact(who, f"favourite_{what.replace(' ', '_')}", item, "preference", 0.8,
                            f"{possessive(who)} favourite {what} {'are' if what.endswith('s') else 'is'} {item}") for item in items_of(m.group("obj")))
    return out


_NAME_IS = re.compile(rf"(?i:my\s+name\s+is|my\s+name's|call\s+me|i\s+go\s+by|i\s+am\s+called|everyone\s+calls\s+me|"
                      rf"people\s+call\s+me)\s+(?P<v>{CAP_WORD}(?:\s+(?!(?:{_OPENERS})\b){CAP_WORD})?)")
_I_AM_NAME = re.compile(rf"^(?i:hi|hello|hey|hiya)?[,!.]?\s*(?i:I\s+am|it['’]s|it\s+is|this\s+is)\s+(?P<v>{CAP_WORD})"
                        r"(?:\s*$|\s*[,!.]|\s+(?i:by\s+the\s+way|here|btw)\b)")
_AGE = re.compile(rf"\b(?i:I\s+am|I\s+just\s+turned|I\s+turned|I'm)\s+(?P<v>\d{{1,3}}|{_alt(NUMBER_WORDS)})"
                  r"(?:\s+and\s+a\s+half)?(?:\s+(?i:years?\s+old|yrs?\s+old|now|today))?\s*(?:$|[,!.]|\s+and\b)", re.I)
_LIVES = re.compile(rf"^{_SUBJ}\s+{_ADV}(?i:live|lives|grew\s+up|am\s+living|are\s+living|moved|have\s+lived|has\s+lived|"
                    r"have\s+been\s+living|has\s+been\s+living)\s+(?i:in|to)\s+"
                    rf"(?P<v>{NAME}|(?i:a|the)\s+[a-z]+(?:\s+[a-z]+)?\s+(?i:in|near|outside)\s+{NAME})")
_BORN = re.compile(rf"^(?i:I\s+was\s+born)\s+(?i:in)\s+(?!(?i:{MONTHS})\b)(?P<v>{NAME})")  # a month: birthdays.py
_FROM = re.compile(rf"^(?i:I\s+am|we\s+are)\s+(?i:originally\s+)?from\s+(?P<v>{NAME})")
_JOB = re.compile(r"^(?i:I)\s+(?:(?i:work\s+as|am|have\s+been|have\s+(?:just\s+)?started\s+(?:a\s+)?(?:new\s+)?job\s+as|"
                  r"started\s+(?:a\s+)?(?:new\s+)?job\s+as)\s+)(?i:a|an|the)\s+(?P<v>[a-z]+(?:\s+[a-z]+)?)"
                  rf"(?:\s+(?i:at|for|in)\s+(?:(?:(?i:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+(?i:called|named)\s+)?(?P<org>{NAME})|"
                  r"(?P<place>(?i:a|an|the)\s+[a-z]+(?:\s+[a-z]+)?)))?"
                  r"(?:\s+(?i:for|since)\s+[\w ]+)?(?:\s+(?i:now|these\s+days|at\s+the\s+moment))?\s*$")
_WORKS_AT = re.compile(rf"^{_SUBJ}\s+(?i:work|works|am\s+working|is\s+working)\s+(?i:at|for|in)\s+(?P<org>{NAME}|(?:the\s+)?(?!(?:a|an)\b)[a-z]+)\b")
_RUNS = re.compile(rf"^(?i:I)\s+{_ADV}(?i:run|own|founded|co-founded|started|manage|set\s+up)\s+(?P<org>{NAME})")
_SCHOOL_YEAR = re.compile(r"^(?i:I\s+am)\s+(?i:in)\s+(?P<v>(?i:year|grade|class|form|p)\s*\d+|(?i:reception|kindergarten|"
                          r"nursery|preschool|first|second|third|fourth|fifth|sixth)(?:\s+(?i:grade|year|class))?)")
_SCHOOL = re.compile(rf"^(?i:I)\s+(?i:go\s+to|attend|am\s+at)\s+(?P<v>{NAME}(?:\s+(?i:school|primary|academy|college|"
                     r"nursery|university))?)")


_DIET = re.compile(r"^(?i:I\s+am|I\s+have\s+been|we\s+are)\s+(?:(?i:a|now|fully|strictly)\s+)*(?P<v>(?i:vegetarian|vegan|"
                   r"pescatarian|gluten[- ]free|dairy[- ]free|halal|kosher|teetotal|sober|coeliac|celiac|diabetic|"
                   r"colou?r[- ]blind|left[- ]handed|deaf|dyslexic|autistic|pregnant|asthmatic))\b")


def _a_job(words: str, workplace: str | None) -> bool:
    """A job title: a known role word, or a noun of a maker's suffix ("physiotherapist", "electrician");
    one of the -er/-or kind ("a keen climber" is no job) only when a workplace is said with it."""
    said = words.lower().split()
    last = said[-1]
    if last in ROLE_WORDS:
        return True
    if set(said) & NOT_A_JOB or last in RELATIONS:
        return False
    return last.endswith(("ist", "ician", "ant", "eer")) or bool(workplace) and last.endswith(("er", "or"))


def identity(clause: str, ctx: TurnContext) -> list[Fact]:
    out: list[Fact] = []
    o = ctx.owner
    m = _DIET.match(clause)
    if m:
        v = m.group("v").lower()
        diet = v in ("vegetarian", "vegan", "pescatarian", "gluten-free", "gluten free", "dairy-free", "dairy free",
                     "halal", "kosher", "teetotal", "sober")
        out.append(Fact(o, "diet" if diet else "condition", v, "preference" if diet else "identity", 0.85,
                        f"{o} is {v}"))
    m = _NAME_IS.search(clause) or _I_AM_NAME.match(clause)
    if m and m.group("v").lower() not in SENTENCE_OPENERS:
        out.append(Fact(o, "name", m.group("v"), "identity", 0.9,
                        f"{o} is called {m.group('v')}" if m.group("v") != o else f"{o}'s name is {o}"))
    out += birth_facts(clause, o)  # a birthday, an age to come
    m = _AGE.search(clause)
    if m:
        v = m.group("v").lower()
        age = str(NUMBER_WORDS.get(v, v))
        half = " and a half" if "half" in m.group(0) else ""
        out.append(Fact(o, "age", age + half, "identity", 0.9, f"{o} is {age}{half} years old"))
    m = _LIVES.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        out.append(Fact(who, "lives_in", m.group("v"), "identity", 0.8, f"{who} lives in {m.group('v')}"))
    m = _BORN.match(clause)
    if m:
        out.append(Fact(o, "born_in", m.group("v"), "identity", 0.85, f"{o} was born in {m.group('v')}"))
    m = _FROM.match(clause)
    if m:
        out.append(Fact(o, "from", m.group("v"), "identity", 0.8, f"{o} is from {m.group('v')}"))
    m = _JOB.match(clause)
    if m and _a_job(m.group("v"), m.group("org") or m.group("place")):
        where = f" at {m.group('place')}" if m.group("place") else ""
        out.append(Fact(o, "occupation", m.group("v"), "identity", 0.8, f"{o} works as a {m.group('v')}{where}"))
        if m.group("org"):
            out.append(Fact(o, "works_for", m.group("org"), "identity", 0.8, f"{o} works at {m.group('org')}"))
    m = _WORKS_AT.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        place = "in" if m.group("org")[:1].islower() and not m.group("org").startswith("the ") else "at"
        out.append(Fact(who, "works_for" if place == "at" else "works_in", m.group("org"), "identity", 0.8,
                        f"{who} works {place} {m.group('org')}"))
    m = _RUNS.match(clause)
    if m:
        ctx.org = ctx.org or m.group("org")
        out.append(Fact(o, "runs", m.group("org"), "identity", 0.85, f"{o} runs {m.group('org')}"))
    m = _SCHOOL_YEAR.match(clause)
    if m:
        out.append(Fact(o, "school_year", m.group("v"), "identity", 0.8, f"{o} is in {m.group('v')}"))
        school = re.search(rf"\b(?i:at)\s+(?P<s>{NAME})", clause[m.end():])
        if school:
            out.append(Fact(o, "school", school.group("s"), "identity", 0.8, f"{o} goes to {school.group('s')}"))
    m = _SCHOOL.match(clause)
    if m:
        out.append(Fact(o, "school", m.group("v"), "identity", 0.8, f"{o} goes to {m.group('v')}"))
    return out


# "my piano teacher", "our swim coach": a tie with one word saying which
_MOD = r"(?:(?!(?i:is|was|and|name)\b)(?:[a-z]+|[A-Z]{2,4})\s+)?"  # "my piano teacher", "my PE teacher"
_MY_REL_IS = re.compile(rf"(?P<mine>(?i:my|our))\s+(?P<rel>{_MOD}(?i:{_REL}))(?:['’]s\s+name)?\s+(?i:is|was|'s|’s)\s+"
                        rf"(?i:called\s+|named\s+)?(?P<name>{NAME})")
_NAME_IS_MY = re.compile(rf"(?P<name>{NAME})\s+(?i:is|was|'s|’s)\s+(?P<mine>(?i:my|our))\s+(?:(?i:new|old)\s+)?"
                         rf"(?P<rel>{_MOD}(?i:{_REL}))\b(?!['’]s)")
_MY_REL_NAME = re.compile(rf"(?P<mine>(?i:my|our))\s+(?P<rel>{_MOD}(?i:{_REL})),?\s+(?P<name>{NAME})\b")
_MY_RELS_ARE = re.compile(rf"(?i:my|our)\s+(?P<rel>(?i:{_REL}))s\s+(?i:are)\s+(?P<names>{NAME}(?:\s*,\s*{NAME})*\s+and\s+{NAME})")
_PRONOUN_IS_MY = re.compile(rf"^(?i:he|she)\s+(?i:is|was)\s+(?:(?i:also|now)\s+)?(?i:my|our)\s+(?:(?i:new|old)\s+)?"
                            rf"(?P<rel>{_MOD}(?i:{_REL}))\b(?!['’]s)")
_HIS_NAME = re.compile(rf"^(?i:his|her|their)\s+name\s+(?i:is|was)\s+(?:(?i:called)\s+)?(?P<name>{NAME})")
_TITLE_NAME = re.compile(rf"\b(?P<rel>{'|'.join(t.capitalize() for t in KIN_TITLES)})\s+(?P<name>{CAP_WORD})")
_HAS_PET = re.compile(rf"^{_SUBJ}\s+(?i:have|has|got|have\s+got|has\s+got|own|owns)\s+(?i:a|an|one|two|three|\d+)?\s*"
                      rf"(?i:(?:little|big|new|pet|baby|old|fluffy|black|white|brown|ginger|grey|gray)\s+)*"
                      rf"(?P<pet>(?i:{_PET}))s?\s+(?i:called|named)\s+(?P<name>{NAME})")
_PET_CALLED = re.compile(rf"^{_SUBJ}\s+(?i:have|has|got|have\s+got|has\s+got)\s+(?i:a|an)\s+(?:[a-z]+\s+){{0,2}}?"
                         rf"(?P<pet>(?i:{_PET})),?\s+(?i:he|she|it)(?:['’]s|\s+is)\s+(?i:called|named)\s+(?P<name>{NAME})")
_MY_PET = re.compile(rf"(?P<mine>(?i:my|our))\s+(?P<pet>(?i:{_PET}))(?:['’]s\s+name\s+is|\s+is\s+called|\s+is\s+named|,)?\s+"
                     rf"(?P<name>{NAME})")


def _rel_name(rel: str) -> str:
    return rel.lower().replace(" ", "_").replace("-", "_")


_KIDS = re.compile(rf"^(?i:I|we)\s+(?i:have|have\s+got|got|'ve\s+got)\s+(?:(?i:a|an|one|two|three|four|twin|little|young|"
                   rf"grown-up|big|older|younger|baby|step)\s+)*(?P<kin>(?i:sons?|daughters?|boys?|girls?|kids?|children|child|"
                   rf"{_alt(r + 's' for r in RELATIONS)}|{_REL})),?\s+(?i:called\s+|named\s+)?"
                   rf"(?P<names>{NAME}(?:\s*,\s*{NAME})*(?:\s+(?i:and)\s+{NAME})?)")
_MEMBER = rf"(?i:my|our)\s+(?:(?!(?:and|plus)\b)[a-z]+\s+)?(?!(?:and|plus)\b)[a-z]+(?:\s+(?!(?i:and|plus)\b){CAP_WORD})?"
_LIVES_WITH = re.compile(rf"^(?i:I|we)\s+(?i:live|am\s+living|are\s+living)\s+(?:(?i:in)\s+{NAME}\s+)?(?i:with)\s+"
                         rf"(?P<who>{_MEMBER}(?:(?:\s*,\s*|\s+and\s+|\s+plus\s+){_MEMBER})*)")
_KID_WORD = {"boy": "son", "boys": "son", "sons": "son", "son": "son", "girl": "daughter", "girls": "daughter",
             "daughters": "daughter", "daughter": "daughter"}


def relationships(clause: str, ctx: TurnContext) -> list[Fact]:
    out: list[Fact] = []
    o = ctx.owner
    m = _KIDS.match(clause)
    if m:
        kin = m.group("kin").lower()
        rel = _KID_WORD.get(kin) or ("child" if kin.startswith(("kid", "child")) else
                                     kin[:-1] if kin.endswith("s") and kin[:-1] in RELATIONS else kin)
        for name in re.split(r"\s*,\s*|\s+and\s+", m.group("names")):
            if name and name.lower() not in SENTENCE_OPENERS:
                ctx.last_person = name
                out.append(Fact(o, rel, name, "relationship", 0.8, f"{name} is {o}'s {rel}"))
    m = _LIVES_WITH.match(clause)
    if m:
        # the household said without names is one fact; a member said with a name is one of their own
        members = [re.sub(r"(?i)^(?:my|our)\s+", "", w) for w in re.split(r"\s*,\s*|\s+and\s+|\s+plus\s+", m.group("who"))]
        unnamed = [w for w in members if not re.search(rf"\s{CAP_WORD}$", w)]
        if unnamed:
            who = " and ".join(unnamed)
            out.append(Fact(o, "lives_with", who, "relationship", 0.8, f"{o} lives with {o}'s {who}"))
        out += [Fact(o, "lives_with", w, "relationship", 0.8, f"{o} lives with {o}'s {w}") for w in members
                if w not in unnamed]
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
            name, rel = m.group("name"), m.group("rel").lower()
            if name in seen or name.lower() in SENTENCE_OPENERS or name == o:
                continue
            seen.add(name)
            ctx.last_person = name
            out.append(Fact(o, _rel_name(rel), name, "relationship", 0.8, f"{name} is {o}'s {rel}"))
    for m in _MY_RELS_ARE.finditer(clause):
        rel = m.group("rel").lower()
        for name in re.split(r"\s*,\s*|\s+and\s+", m.group("names")):
            if name and name not in seen and name.lower() not in SENTENCE_OPENERS:
                seen.add(name)
                out.append(Fact(o, _rel_name(rel), name, "relationship", 0.8, f"{name} is {o}'s {rel}"))
    for m in _TITLE_NAME.finditer(clause):
        name, rel = m.group("name"), m.group("rel").lower()
        if name not in seen and name.lower() not in SENTENCE_OPENERS:
            seen.add(name)
            ctx.last_person = name
            out.append(Fact(o, _rel_name(rel), name, "relationship", 0.8, f"{rel.capitalize()} {name} is {o}'s {rel}"))
    pet_match = _HAS_PET.match(clause) or _PET_CALLED.match(clause)
    if pet_match and (keeper := resolve(pet_match.group("subj"), ctx)):
        pet = pet_match.group("pet").lower()
        ctx.last_person = pet_match.group("name")  # "... he's a beagle": the pet
        out.append(Fact(keeper, f"has_{pet.replace(' ', '_')}", pet_match.group("name"),
                        "relationship" if keeper == o else "semantic", 0.8,
                        f"{keeper} has a {pet} called {pet_match.group('name')}"))
    else:
        for m in _MY_PET.finditer(clause):
            if m.group("name").lower() in SENTENCE_OPENERS:
                continue
            pet = m.group("pet").lower()
            out.append(Fact(o, f"has_{pet}", m.group("name"), "relationship", 0.8,
                            f"{o} has a {pet} called {m.group('name')}"))
    return out


# A weekday as chat shortens it: "Mon", "tues", "Wed", "Thurs" ("Mon to Wed": a range, a habit).
_DAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:[a-z]*day)?s?\b"
_RECURRENCE = re.compile(
    rf"\b(?:every|each)\s+(?:single\s+)?(?:other\s+)?(?:day|night|morning|evening|afternoon|week|weekend|month|"
    rf"year|summer|winter|spring|autumn|term|{WEEKDAYS.replace(' ', '|')}|bedtime|school\s+day|time)\b"
    rf"|\bon\s+(?:{WEEKDAYS.replace(' ', 's|')}s|weekends|weekdays)\b|\bat\s+(?:the\s+)?weekends?\b"
    r"|\b(?:once|twice|three\s+times|\d+\s+times)\s+(?:a|per)\s+(?:day|week|month|year)\b"
    r"|\b(?:daily|weekly|nightly|fortnightly|monthly)\b|\b(?:usually|normally|always|often)\b"
    rf"|\b(?:first|second|third|fourth|last)\s+(?:{WEEKDAYS.replace(' ', '|')}|day|weekday)\s+of\s+(?:the|every|each)\s+month\b"
    r"|\bmost\s+(?:days|nights|mornings|evenings|afternoons|weekends|weekdays)\b"
    rf"|\b(?:weekday|weekend|{WEEKDAYS.replace(' ', '|')})\s+(?:mornings|evenings|afternoons|nights)\b"
    r"|\b(?:\d|one|two|three|four|five|six|seven)\s+(?:days|nights|times)\s+(?:a|per)\s+week\b", re.I)
RECURRENCE = _RECURRENCE  # also read by the parse path (dependency.py)
_SUBJECT_VERB = re.compile(rf"^{_SUBJ}\s+{_ADV}(?P<verb>[a-z]+)\b")


_LEADING_TIME = re.compile(rf"^(?P<when>(?:(?i:on)\s+(?:[A-Za-z]+\s+)?[A-Za-z]+s|(?i:most)\s+[a-z]+s|"
                           rf"(?i:{_DAY}\s+(?:to|till|-)\s+{_DAY})|(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)days)|"
                           r"(?i:every|each)\s+[a-z]+|(?i:at)\s+(?i:the\s+)?weekends?|"
                           r"(?i:in)\s+the\s+(?:mornings?|evenings?|afternoons?)),?)\s+(?P<rest>.+)$")


_IT = re.compile(rf"^({_SUBJ}\s+{_ADV}(?!(?i:like|love|hate|enjoy|find|think)\b)[a-z]+)\s+it\b(?!\s+(?:is|was|'s)\b)")
_GO_WHEN = re.compile(rf"^({_SUBJ}\s+{_ADV}(?i:go|goes|come|comes))\s+(?=(?i:every|each|once|twice|on|at\s+the\s+weekend)\b)")
_ENDS_ON_THING = re.compile(r"\b(?:from|to|at)\s+((?i:my|the|our)\s+[a-z]+(?:\s+[a-z]+)?)\s*$")


def thing_ended_on(clause: str) -> str | None:
    """The place or activity a clause ends on: "just got back from my paper round" -> "my paper round"."""
    m = _ENDS_ON_THING.search(clause)
    return m.group(1) if m else None


_CANNOT = re.compile(r"(?i)\b(?:can['’]?t|cannot|can\s+not|won['’]t|no\s+longer|don['’]?t|doesn['’]?t|do\s+not|does\s+not)\b")
_CONTRAST = re.compile(r"\s*,\s*(?i:never|not|but|except)\b")
_MADE_TO = re.compile(r"^.+?\s(?i:makes|made|make|has|have|gets|get)\s+(?P<who>(?i:me|us))\s+(?P<rest>[a-z].+)$")


def routines(clause: str, ctx: TurnContext) -> list[Fact]:
    if not (_RECURRENCE.search(clause) or _LEADING_TIME.match(clause)):
        return []
    if _CANNOT.search(clause):
        return []  # "I can't do Wednesdays anymore": what does not happen is no routine
    if ctx.thing:  # "got back from the library, I go every Wednesday": to the library
        clause = _IT.sub(rf"\g<1> {ctx.thing}", clause, count=1)
        clause = _GO_WHEN.sub(rf"\g<1> to {ctx.thing} ", clause, count=1)
    if _IT.match(clause):
        return []  # "I do it every night": what "it" is was said elsewhere, or never
    clause = _CONTRAST.split(clause)[0]  # "every Tuesday, never on Fridays": the contrast is a fact of its own
    made = _MADE_TO.match(clause)
    if made:  # "my coach makes us do drills every Friday": what the owner does, every Friday
        clause = f"{'I' if made.group('who').lower() == 'me' else 'we'} {made.group('rest')}"
    lead = _LEADING_TIME.match(clause)
    if lead:  # "On Fridays we have pizza night" -> "we have pizza night on Fridays"
        when = lead.group("when").rstrip(",")
        clause = f"{lead.group('rest')} {when[:1].lower()}{when[1:]}"
    m = _SUBJECT_VERB.match(clause)
    first = clause.split()[0] if clause.split() else ""
    if ctx.org and (_a_thing(m.group("subj")) if m else _a_thing(first)):  # "depends, half an hour normally": no subject
        # a team's routine about a thing ("Deliveries come every Monday at 6am"): the organisation's
        return [Fact(ctx.org, "routine", clause, "routine", 0.8, f"{ctx.org}: {about(clause, ctx.owner, team=ctx.org)}")]
    if not m or m.group("verb").lower() in ("was", "were", "had", "did", "would", "like", "love", "hate") or re.match(
            rf"(?i){_DAY}$", m.group("subj")):
        return []  # "Mondays are the worst": a day is no one's habit
    who = resolve(m.group("subj"), ctx)
    if not who:
        return []
    text = about(_pronoun_named(clause, ctx), ctx.owner, team=ctx.org)
    rest = about(clause[m.end("subj"):].strip(), ctx.owner)
    value = rest[:1].lower() + rest[1:]
    return [Fact(who, "routine", value, "routine", 0.8, text)]


_CAN = re.compile(rf"^{_SUBJ}\s+(?i:can|could)\s+(?i:now\s+|finally\s+|already\s+|actually\s+)?(?P<v>(?!(?i:you|not|never)\b)"
                  r"[a-z][^,;]{2,60})$")
_LEARN = re.compile(rf"^{_SUBJ}\s+{_ADV}(?i:learned|learnt|am\s+trying\s+to\s+learn|is\s+trying\s+to\s+learn|am\s+learning|is\s+learning|have\s+been\s+learning|has\s+been\s+"
                    r"learning|started\s+learning|am\s+practising|am\s+practicing|taught\s+myself)\s+(?:(?i:how\s+)?(?i:to)\s+)?"
                    r"(?P<v>[A-Za-z][^,;]{1,60})$")
_GOOD_AT = re.compile(rf"^{_SUBJ}\s+(?i:am|is|are|got)\s+{_ADV}(?i:good|great|brilliant|better)\s+at\s+(?P<v>[^,;]{{2,60}})$")
_PASSED = re.compile(rf"^{_SUBJ}\s+{_ADV}(?i:passed|got|earned|won|achieved|finished)\s+(?i:my|her|his|a|the|our)\s+"
                     r"(?P<v>[^,;]{0,40}?(?i:test|exam|grade\s+\d+|badge|belt|certificate|award|level\s+\d+|stage\s+\d+))")


def skills(clause: str, ctx: TurnContext) -> list[Fact]:
    learned = re.match(rf"^{_SUBJ}\s+{_ADV}(?i:learned|learnt|taught\s+myself)\b", clause)
    for rx, pred, verb in ((_LEARN, "learned" if learned else "learning", "learned" if learned else "is learning"), (_GOOD_AT, "good_at", "is good at"),
                           (_PASSED, "achieved", "got"), (_CAN, "can", "can")):
        m = rx.match(clause)
        if not m or not (who := resolve(m.group("subj"), ctx)):
            continue
        # what is learnt, without why or when ("WhatsApp so I can see the grandchildren": two facts)
        v = re.split(r"\s+(?i:so|because|since|when|while|if|but|though|although|than)\s+", m.group("v"))[0].strip(" .!")
        v = re.sub(r"\s+(?i:now|already|too|as\s+well)$", "", v)
        words = v.lower().split()
        if words[0] in EMPTY_OBJECTS or (pred == "can" and words[0] in (
                "go", "come", "have", "get", "see", "be", "help", "try", "ask")) or (
                words[0] == "do" and (len(words) < 3 or words[1] in EMPTY_OBJECTS)):  # "I can do that"
            continue
        if pred == "achieved":
            return [Fact(who, pred, v, "skill", 0.8, f"{who} got {'their' if who == ctx.owner else 'their'} {v}")]
        to = pred in ("learning", "learned") and re.search(r"(?i)\blearn\w*\s+(?:how\s+)?to\b", clause)
        shown = f"{verb} to" if to else verb
        # "I can swim and ride a bike", "good at maths and science": one fact a skill
        out = []
        for item in (items_of(v) if not to and re.search(r",|\sand\s", v) else [v]):
            out.append(Fact(who, pred, item, "skill", 0.8, f"{who} {shown} {_as_said(item, ctx)}"))
        return out
    return []


_OTHER = re.compile(rf"^(?P<subj>[Tt]he\s+{NAME}(?:\s+[a-z]+)?|{_NAME_SUBJ}|(?i:my|our)\s+{_REL}(?:,?\s+{_NAME_SUBJ})?|(?i:he|she))\s+"
                    r"(?P<verb>is|has|looks\s+after|takes\s+care\s+of|reports\s+to|(?!(?:was|says|thinks|seems|looks|"
                    r"feels|wants|needs|hopes|wonders|asks|tells|gets|lives|works|reckons|believes|knows|guesses|reckoned)\b)[a-z]{3,}(?<!ss)s)\s+(?P<rest>.{2,100})$")


def about_others(clause: str, ctx: TurnContext) -> list[Fact]:
    """A lasting statement about a named person, pet, place or organisation: "Uncle Ben lives in
    Wales", "Priya handles the invoices"."""
    m = _OTHER.match(clause)
    if not m:
        return []
    who = resolve(m.group("subj"), ctx)
    if not who or who == ctx.owner:
        return []
    verb, rest = m.group("verb").lower(), m.group("rest").strip(" .!")
    if _RECURRENCE.search(clause):
        return []  # something done every week: the routine rule states it
    if re.match(r"(?i)(?:it|that|this|them)\b", rest):
        return []  # "she takes it off me": what "it" is was said elsewhere
    if verb == "has" and re.search(r"(?i)\b(?:called|named)\b|,\s*[A-Z][a-z]+", rest):
        return []  # "he has a cat called Pepper", "she has two kids, Ava and Max": the pet and tie rules state them
    if re.match(r"(?i)the\s", who):
        who = who[4:]
    if verb == "is" and (_IS_A_BUSINESS.match(clause) or _KIND_IN_PLACE.match(clause)):
        return []  # the business rule states it
    if re.match(r"(?i)(?:one\s+of\s+)?(?:our|my)\b", rest):
        return []  # "Peter is one of our writers": a role, which the role rule states (extract._from_triples)
    if verb == "is" and not re.match(r"(?i)(?:a|an|the|from|in|at|our|my|one\s+of|\d+|allergic|in\s+charge)\b", rest):
        return []  # "she is nice": an opinion, not a fact a note-taker keeps
    if re.search(r"(?i)\b(?:going\s+to|gonna|will|tomorrow|tonight|later)\b", rest):
        return []
    kind = "relationship" if verb in ("manages", "leads", "runs", "reports to", "works") else "semantic"
    job = re.match(rf"(?i)(?:a|an|the)\s+(?P<job>[a-z]+(?:\s+[a-z]+)?)(?:\s+(?:at|for|in)\s+(?P<org>{NAME}))?\s*$", rest)
    if re.match(rf"(?i:my|our)\s+{_REL}$", m.group("subj")):
        kind = "relationship"  # "my daddy is a firefighter": what the owner's tie is, said of the tie
    elif verb == "is" and job and ROLE_WORDS & set(job.group("job").lower().split()):
        # "my wife Hannah is a nurse at St Mary's": her job and her workplace, two facts
        out = [Fact(who, "job", job.group("job"), "identity", 0.8, f"{who} is a {job.group('job')}")]
        if job.group("org") and not re.search(r"(?i)\bin\s+\S+\s*$", rest):  # "a nurse in Leeds": a town, no employer
            out.append(Fact(who, "works_for", job.group("org"), "identity", 0.8, f"{who} works at {job.group('org')}"))
        return out
    # the subject by the name said ("Grandpa Joe", and "Hannah" for "my wife Hannah"): the entity it
    # names links the fact, and a person's facts read alike ("Hannah is ...", "Hannah plays ...")
    named = re.match(rf"(?i:my|our)\s+{_REL}(?:,?\s+)({_NAME_SUBJ})$", m.group("subj"))
    said = f"{named.group(1)}{clause[m.end('subj'):]}" if named else _pronoun_named(clause, ctx)
    text = about(said, ctx.owner, team=ctx.org)
    return [Fact(who, verb.replace(" ", "_"), rest, kind, 0.8, text)]


_BUSINESS_NOUNS = ("firm", "company", "business", "startup", "start-up", "agency", "clinic", "practice", "bakery",
                   "shop", "studio", "charity", "school", "cafe", "café", "restaurant", "consultancy", "lab",
                   "team", "organisation", "organization", "nonprofit", "surgery", "salon", "brand", "store")
_NOT_A_NAME = r"(?!(?:It|This|That|There|Here|Today|Tomorrow|Tonight|Yesterday|Life|Everything|Everyone)\b)"
_IS_A_BUSINESS = re.compile(rf"^{_NOT_A_NAME}(?P<org>{NAME})\s+(?i:is)\s+(?P<v>(?i:a|an)\s+(?:[a-z-]+\s+){{0,3}}"
                            rf"(?i:{'|'.join(_BUSINESS_NOUNS)}))\b")
_PEOPLE = frozenset("student pupil apprentice trainee resident volunteer person man woman boy girl kid".split())
_KIND_IN_PLACE = re.compile(rf"^(?:(?i:so|well)\s+)?{_NOT_A_NAME}(?P<org>{_NAME_SUBJ})\s+(?i:is)\s+(?P<kind>(?i:a|an)\s+(?:[a-z-]+\s+){{0,3}}?[a-z-]+)"
                            rf"\s+(?i:in|on|near)\s+(?P<place>{NAME})")
_WE_DO = re.compile(r"^(?i:we)\s+(?:(?i:also|mainly|mostly|mostly\s+just|only|just|all)\s+)?"
                    r"(?P<verb>(?i:do|use|offer|provide|sell|make|build|run|store|keep|track|serve|deliver|host|"
                    r"publish|design|write|teach|fix|repair|specialise\s+in|specialize\s+in))\s+(?P<obj>.{2,100})$")
_SPLIT_VERBS = ("do", "use", "offer", "provide", "sell", "make", "build", "serve", "deliver", "specialise in",
                "specialize in", "teach", "fix", "repair", "design")


def _without_purpose(items: list[str]) -> list[str]:
    """Each thing without what it is for: "Linear for tickets", "Figma for design" -> Linear, Figma;
    "booking systems for gyms", "clinics" -> booking systems (the clinics are whom it is for)."""
    out, purpose = [], False
    for item in items:
        head, *rest = re.split(r"\s+(?:for|to|because|so|when)\s", item, maxsplit=1)
        if purpose and not rest:
            continue
        purpose = bool(rest)
        out.append(head)
    return out


def business(clause: str, ctx: TurnContext) -> list[Fact]:
    """A team's own organisation: what it is ("Hollis & Wren is a small law firm", which also tells
    whom "we" means from here on) and what it does ("We do family law and conveyancing")."""
    out: list[Fact] = []
    m = _KIND_IN_PLACE.match(clause)
    if m and m.group("kind").split()[-1].lower() not in RELATIONS | _PEOPLE and not _a_job(m.group("kind"), None):
        # "Hopstone is a microbrewery in Hebden Bridge": what it is and where it is, two facts
        org, kind, place = m.group("org"), m.group("kind"), m.group("place")
        if _IS_A_BUSINESS.match(clause):
            ctx.org = ctx.org or org
        return [Fact(org, "business_kind", kind, "identity", 0.85, f"{org} is {kind}"),
                Fact(org, "located_in", place, "identity", 0.85, f"{org} is in {place}")]
    m = _IS_A_BUSINESS.match(clause)
    if m:
        ctx.org = ctx.org or m.group("org")
        out.append(Fact(m.group("org"), "business_kind", m.group("v"), "semantic", 0.85,
                        f"{m.group('org')} is {m.group('v')}"))
    m = _WE_DO.match(clause)
    if m and ctx.org and not _RECURRENCE.search(clause):  # "we do a quiz every Thursday": a routine
        verb = m.group("verb").lower()
        shown = third_person_verb(verb.split()[0]) + verb[len(verb.split()[0]):]
        obj = re.split(r"\s*,\s*(?:not|but)\b", m.group("obj"))[0].strip(" .!")
        # "Linear for tickets and Figma for design": each tool without what it is for (another fact's words)
        items = _without_purpose(items_of(obj)) if verb in _SPLIT_VERBS else [obj]
        out.extend(Fact(ctx.org, verb.replace(" ", "_") + ("s" if verb != "do" else "es"), item, "semantic", 0.8,
                        f"{ctx.org} {shown} {item}") for item in items if item)
    return out


_OUR_X_IS = re.compile(r"^(?P<mine>(?i:our|my))\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s+(?i:is|are)\s+(?P<v>(?:the\s+)?[\w&'’ -]{2,60})$")


def possessions(clause: str, ctx: TurnContext) -> list[Fact]:
    """"Our biggest customer is the University of Leeds", "my shoe size is 4": an attribute of the
    owner (or, said by a team, of its organisation)."""
    m = _OUR_X_IS.match(clause)
    if not m or m.group("what").split()[-1].lower().rstrip("s") in RELATIONS or "favourite" in m.group("what").lower() \
            or m.group("what").lower() in ("name", "names"):
        return []
    who = (ctx.org or ctx.owner) if m.group("mine").lower() == "our" else ctx.owner
    what, value = m.group("what").lower(), re.sub(r"^(?i:the)\s+", "", m.group("v").strip())
    kind = "identity" if what in ("birthday", "age", "pronouns", "job") else "semantic"  # the spec's identity
    return [Fact(who, what.replace(" ", "_"), value, kind, 0.8, f"{possessive(who)} {what} is {value}")]


_EVENT_TIME = re.compile(r"\b(?:yesterday|last\s+(?:night|week|weekend|month|year|summer|winter|" + WEEKDAYS.replace(" ", "|")
                         + r")|this\s+(?:morning|afternoon)|(?:a|one|two|three|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
                         r"on\s+(?:" + WEEKDAYS.replace(" ", "|") + r")|at\s+the\s+weekend|over\s+the\s+weekend|earlier\s+today)\b",
                         re.I)


def events(clause: str, ctx: TurnContext) -> list[Fact]:
    """Something the owner did, said with when: kept as a dated event."""
    m = _SUBJECT_VERB.match(clause)
    if not m or not _EVENT_TIME.search(clause) or m.group("subj").lower() not in ("i", "we"):
        return []
    verb = m.group("verb").lower()
    if not (verb in IRREGULAR_PAST or verb.endswith("ed")) or verb in ("was", "were", "had", "did", "liked", "loved",
                                                                        "moved", "learned", "learnt", "passed"):
        return []
    said = _EVENT_TIME.sub("", clause[m.end("subj"):]).split()
    if len(said) < 3:
        return []  # "I gave up two years ago": no what
    text = about(clause, ctx.owner, team=ctx.org)
    rest = about(clause[m.end("subj"):].strip(), ctx.owner)
    return [Fact(ctx.owner, "did", rest[:1].lower() + rest[1:], "episodic", 0.8, text)]


def _a_thing(subject: str) -> bool:
    """A sentence-initial plural common noun ("Deliveries", "Reviews"), not a person's name."""
    return bool(re.fullmatch(r"[A-Z][a-z]+(?:ies|es|s)", subject)) and not subject.endswith(("'s", "ss"))


def _as_said(item: str, ctx: TurnContext) -> str:
    """An item with the owner named ("my mum's lasagne" -> "Mia's mum's lasagne"), its first letter as said."""
    named = about(item, ctx.owner)
    return named if item[:1].isupper() or named.startswith(ctx.owner) else named[:1].lower() + named[1:]


def _pronoun_named(clause: str, ctx: TurnContext) -> str:
    """"He has a cat" -> "Ben has a cat" when the turn named Ben before."""
    if ctx.last_person:
        return re.sub(r"^(?:[Hh]e|[Ss]he)\b", ctx.last_person, clause)
    return clause


FAMILIES = (business, identity, relationships, routines, preferences, skills, about_others, possessions, events)
