"""The identity family of the fact rules (rules.FAMILIES): a name, an age, a diet, where one lives or
is from, a job, a school; and the owner's (or a team's) attributes said as "our X is Y" (possessions).
Pure regex work on one clause."""
from __future__ import annotations

import re

from ..calendar_words import MONTH_OR_ABBREVIATION_ALT
from ..extraction.lexicon import ROLE_WORDS, SENTENCE_OPENERS
from ..extraction.patterns import CAP_WORD, NAME, NAME_WORD
from .birthdays import birth_facts
from .fragments import children_counted
from .health import bad_part
from .lasting_states import belonging_word
from . import verb_classes as vc
from .appointments import occasion
from .evaluations import evaluations
from .models import Fact
from .occupation import judged_doer
from .school_years import YEAR_SAID
from .tenure import tenure
from .person import possessive
from .rule_basics import _ADV, _OPENERS, _SUBJ, TurnContext, _alt, resolve
from .vocabulary import CONDITION_BEFORE, NOT_A_JOB, NUMBER_WORDS, PEOPLE, PET_PHRASES, PETS, RELATION_PHRASES, RELATIONS

_NAME_IS = re.compile(rf"(?i:my\s+name\s+is|my\s+name's|call\s+me|i\s+go\s+by|i\s+am\s+called|everyone\s+calls\s+me|you\s+can\s+(?:just\s+)?say|"
                      rf"people\s+call\s+me)\s+(?P<v>{CAP_WORD}(?:\s+(?!(?:{_OPENERS})\b){CAP_WORD})?|(?-i:[a-z]{{2,}})(?=\s*(?:$|[,.!])))")
# (a name typed in lower case, said as a name and closing the sentence: "my name is baraka")
NOT_A_NAME = frozenset("not secret private unimportant long short weird funny".split())  # "my name is not important"
_I_AM_NAME = re.compile(rf"^(?i:hi|hello|hey|hiya)?[,!.]?\s*(?i:I\s+am|it['’]s|it\s+is|this\s+is)\s+(?P<v>{CAP_WORD})"
                        r"(?:\s*$|\s*[,!.]|\s+(?i:by\s+the\s+way|here|btw)\b)")
_AGE = re.compile(rf"\b(?i:I\s+am|I\s+just\s+turned|I\s+turned|I'm)\s+(?P<about>(?i:nearly|almost)\s+)?(?P<v>\d{{1,3}}|{_alt(NUMBER_WORDS)})"
                  r"(?:\s+and\s+a\s+half)?(?:\s+(?i:years?\s+old|yrs?\s+old|now|today))?\s*(?:$|[,!.]|\s+and\b)", re.I)
_LIVES = re.compile(rf"^{_SUBJ}\s+{_ADV}(?i:live|lives|grew\s+up|am\s+living|are\s+living|moved|have\s+lived|has\s+lived|"
                    r"have\s+been\s+living|has\s+been\s+living)\s+(?i:in|to)\s+"
                    rf"(?P<v>{NAME}|(?i:a|the)\s+[a-z]+(?:\s+[a-z]+)?\s+(?i:in|near|outside)\s+{NAME})")
_BORN = re.compile(rf"^(?i:I\s+was\s+born)\s+(?i:in)\s+(?!(?i:{MONTH_OR_ABBREVIATION_ALT})\b)(?P<v>{NAME})")  # a month: birthdays.py
_FROM = re.compile(rf"^(?i:I\s+am|we\s+are)\s+(?i:originally\s+)?from\s+(?P<v>{NAME})")
_JOB = re.compile(r"^(?i:I)\s+(?:(?i:work\s+as|am|have\s+been|have\s+(?:just\s+)?started\s+(?:a\s+)?(?:new\s+)?job\s+as|"
                  r"started\s+(?:a\s+)?(?:new\s+)?job\s+as)\s+)(?i:a|an|the)\s+(?P<v>[a-z]+(?:\s+[a-z]+)?)"
                  rf"(?:\s+(?i:at|for|in)\s+(?:(?:(?i:a|an)\s+[a-z]+(?:\s+[a-z]+)?\s+(?i:called|named)\s+)?(?P<org>{NAME})|"
                  r"(?P<place>(?i:a|an|the)\s+[a-z]+(?:\s+[a-z]+)?)))?"
                  r"(?:\s+(?i:for|since)\s+[\w ]+)?(?:\s+(?i:now|these\s+days|at\s+the\s+moment))?\s*$")
# "the cotton factory, ...": a place of a few lower-case words, up to where the clause goes on
_GOES_ON = r"(?:and|but|on|in|at|near|by|with|as|now|since|every|from|till|until|during|for|so|because|he|she|they)\b"
_PLACE_WORDS = rf"the\s+[a-z]+(?:\s+(?!{_GOES_ON})[a-z]+){{1,2}}?(?=\s*[,.!;]|\s*$|\s+{_GOES_ON})"
_WORKS_AT = re.compile(rf"^{_SUBJ}\s+(?i:work|works|am\s+working|is\s+working)\s+(?P<prep>(?i:at|for|in))\s+(?P<org>{NAME}|{_PLACE_WORDS}|(?:the\s+)?(?!(?:a|an)\b)[a-z]+)\b")
# when one works, not where: "I work in the mornings", "she works at weekends", "he works in the summer"
_WHEN_WORKED = re.compile(r"(?i)^(?:the\s+)?(?:mornings?|evenings?|afternoons?|nights?|weekends?|weekdays?|week|days?|"
                          r"summers?|winters?|spring|autumns?|holidays?|term|daytime|night-time)$")
# the line of work one is in: "I'm in IT", "she's in recruitment", "I'm in the army"
_SECTORS = ("it|hr|pr|sales|marketing|finance|retail|hospitality|construction|insurance|recruitment|banking|publishing|"
            "advertising|logistics|healthcare|education|tech|accounts|accountancy|admin|media|consulting|engineering|"
            "property|law|catering|farming|fashion|tourism|research|academia|pharma|telecoms|the\\s+(?:army|navy|raf|police|"
            "fire\\s+service|civil\\s+service|nhs|forces|military|trade)")
_IN_SECTOR = re.compile(rf"^{_SUBJ}\s*(?:['’]m|['’]s|\s+am|\s+is)\s+(?:(?i:now|currently|still)\s+)?(?i:in)\s+(?P<v>(?i:{_SECTORS}))"
                        r"(?=\s*(?:$|[,.!;]|\s+(?:and|but|now|these\s+days|for)\b))")
_RUNS = re.compile(rf"^(?i:I)\s+{_ADV}(?P<verb>(?i:run|own|founded|co-founded|started|manage|coordinate|set\s+up))\s+(?P<org>{NAME})")
# the post the verb of running a place names: "I manage Harbour Dental": the manager
_POST_OF_VERB = {"manage": "manager", "coordinate": "coordinator"}
# What one studies and where: "I'm studying law at Bristol", "she studies medicine in Glasgow", "I'm at uni
# studying history" (a university is where one studies, never an employer: team._WORK_AT leaves it).
_STUDIES = re.compile(rf"^{_SUBJ}\s+(?:(?i:am|is|are)\s+|['’](?:m|s|re)\s+)?(?i:(?:currently|now|still)\s+)?(?:(?i:at)\s+(?i:uni|university|"
                      r"college)\s+)?(?i:studying|study|studies)\s+(?P<what>(?!(?i:a|an|the|my|it|that|this|for|hard|abroad|at|in|"
                      r"with|from|online|every|tonight|today)\b)[a-z][a-z ]{1,30}?)"
                      rf"(?:\s+(?P<prep>(?i:at|in))\s+(?P<where>{NAME}(?:\s+(?i:uni|university|college))?))?\s*(?:$|[,.!]|\s+(?i:and|but|now)\b)")
_SCHOOL_YEAR = re.compile(rf"^(?i:I\s+am)\s+(?i:in)\s+(?P<v>(?i:{YEAR_SAID})|(?i:first|second|third|fourth|fifth|sixth)"
                          r"(?:\s+(?i:grade|year|class))?)")
_SCHOOL = re.compile(rf"^(?i:I)\s+(?i:go\s+to|attend|am\s+at)\s+(?P<v>{NAME}(?:\s+(?i:school|primary|academy|college|"
                     r"nursery|university))?)")


_ON_A_DIET = re.compile(r"^(?i:I\s+am|I['’]m|we\s+are|we['’]re)\s+(?:(?i:now|still|currently|strictly)\s+)?(?i:on)\s+(?i:a|an)\s+"
                        r"(?P<v>[a-zA-Z-]+(?:\s+[a-zA-Z-]+)?)\s+(?i:diet)\b")
_DIET = re.compile(r"^(?i:I\s+am|I\s+have\s+been|we\s+are)\s+(?:(?i:a|now|fully|strictly)\s+)*(?P<v>(?i:vegetarian|vegan|"
                   r"pescatarian|gluten[- ]free|dairy[- ]free|halal|kosher|teetotal|sober|coeliac|celiac|diabetic|"
                   r"colou?r[- ]blind|left[- ]handed|deaf|dyslexic|autistic|pregnant|asthmatic))\b")


def _a_job(words: str, workplace: str | None) -> bool:
    """A job title: a known role word, or a noun of a maker's suffix ("physiotherapist", "electrician");
    one of the -er/-or kind ("a keen climber" is no job) only when a workplace is said with it."""
    said = words.lower().split()
    last = said[-1]
    if judged_doer(said) and (not workplace or said[0] in ("best", "worst")):  # ("the best baker in the family")
        return False  # "a good cook", "a terrible driver": how well one does it, no job
    if last in ROLE_WORDS:
        return True
    if set(said) & NOT_A_JOB or last in RELATIONS:
        return False
    return last.endswith(("ist", "ician", "ant", "eer")) or bool(workplace) and last.endswith(("er", "or"))


_NAME_AGE = re.compile(rf"^(?P<name>{NAME_WORD}),\s*(?P<age>\d{{1,3}})[.!]?$")


def _demonym_not_mine(word: str, owner: str) -> bool:
    """"I'm Armenian", "I'm Kenyan", "I'm Nepali": where one is from, said the way a name is, when it is not the
    owner's own name ("I'm Brian" said by Brian is his name)."""
    first = owner.split()[0].lower() if owner.split() else ""
    return word.lower() != first and word.lower().endswith(("ian", "ean", "an", "ni", "li", "si", "ki")) and len(word) > 4


def own_name_said(clause: str, owner: str) -> bool:
    """Whether the clause introduces the owner by their first name, in any case and after any greeting: "I'm
    solongo", "hey its mikko", "Tavita here", "this is Ana" (not "I'm Ana's mum")."""
    first = re.escape(owner.split()[0]) if owner.split() else ""
    return bool(first) and bool(re.search(
        rf"(?i)(?:\b(?:i['’]m|i\s+am|it['’]?s|this\s+is|call\s+me)\s+{first}\b(?!['’]s|\s+(?:again|back)\b)"
        rf"|^\W*(?:\w+\W+){{0,2}}{first}\s+here\b(?!\s+again\b))", clause))  # ("it's Mia again": a return, nothing new)


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
    m = _ON_A_DIET.match(clause)  # "I'm on a gluten-free diet", "we're on a low-carb diet"
    if m:
        v = m.group("v").lower()
        out.append(Fact(o, "diet", v, "preference", 0.85, f"{o} is on a {v} diet"))
    m = _NAME_IS.search(clause) or _I_AM_NAME.match(clause)
    if m and m.group("v").lower() not in SENTENCE_OPENERS | NOT_A_NAME and not (  # "I am Jewish" is who one is, not a name
            m.re is _I_AM_NAME and m.group("v").lower().endswith(vc.BELONGING)) and not (
            m.re is _I_AM_NAME and _demonym_not_mine(m.group("v"), o)):
        name = m.group("v")[:1].upper() + m.group("v")[1:]
        out.append(Fact(o, "name", name, "identity", 0.9, f"{o} is called {name}" if name != o else f"{o}'s name is {o}"))
    elif not ctx.org and own_name_said(clause, o):  # "sain uu! I'm solongo and I'm 9": the owner's own name, however
        # typed or greeted (in a team's conversation a member's introduction is read by team.introduction)
        out.append(Fact(o, "name", o.split()[0], "identity", 0.9, f"{o}'s name is {o.split()[0]}"))
    born = birth_facts(clause, o)  # a birthday, an age to come
    out += born
    named_age = _NAME_AGE.match(clause.strip())
    if named_age and 0 < int(named_age.group("age")) < 120 and named_age.group("name").lower() not in SENTENCE_OPENERS:
        who, age = named_age.group("name"), named_age.group("age")  # "Nare, 24, she is a programmer": Nare's age
        out.append(Fact(who, "age", age, "identity", 0.9, f"{who} is {age}"))
    m = _AGE.search(clause)
    if m and not CONDITION_BEFORE.search(clause[:m.start()]) and not any(f.predicate == "turns" for f in born):
        # not "I can drive it when I'm 12" nor "in July I'm 11": an age to come
        v = m.group("v").lower()
        age = str(NUMBER_WORDS.get(v, v))
        half = " and a half" if "half" in m.group(0) else ""
        about = m.group("about").lower() if m.group("about") else ""  # "I'm nearly 40": said as near
        out.append(Fact(o, "age", about + age + half, "identity", 0.9, f"{o} is {about}{age}{half} years old"))
    m = _LIVES.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        if re.search(r"(?i)\bgrew\s+up\b", m.group(0)):  # where one grew up is not where one lives now
            out.append(Fact(who, "grew_up_in", m.group("v"), "identity", 0.8, f"{who} grew up in {m.group('v')}"))
        else:
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
        out.append(Fact(o, "occupation", m.group("v"), "identity", 0.8, f"{o} works as {'an' if m.group('v')[:1].lower() in 'aeiou' else 'a'} {m.group('v')}{where}"))
        if m.group("org"):
            out.append(Fact(o, "works_for", m.group("org"), "identity", 0.8, f"{o} works at {m.group('org')}"))
    m = _WORKS_AT.match(clause)
    if m and not _WHEN_WORKED.match(m.group("org")) and (who := resolve(m.group("subj"), ctx)):  # "in the mornings": when
        place = "in" if m.group("org")[:1].islower() and not m.group("org").startswith("the ") or (
            m.group("prep").lower() == "in" and not m.group("org").startswith("the ")) else "at"  # "in Leeds", "in IT"
        out.append(Fact(who, "works_for" if place == "at" else "works_in", m.group("org"), "identity", 0.8,
                        f"{who} works {place} {m.group('org')}"))
    m = _IN_SECTOR.match(clause)
    if m and (who := resolve(m.group("subj"), ctx)):
        out.append(Fact(who, "works_in", m.group("v"), "identity", 0.8, f"{who} works in {m.group('v')}"))
    if not ctx.org and (counted := children_counted(clause, o)):  # "I'm a mum of three", "Mum of two, based in Cork"
        out.append(counted)
    m = _RUNS.match(clause)
    if m:
        ctx.org = ctx.org or m.group("org")
        verb = "coordinates" if m.group("verb").lower() == "coordinate" else "runs"  # (as said: the coordinator's is no "runs")
        out.append(Fact(o, "runs", m.group("org"), "identity", 0.85, f"{o} {verb} {m.group('org')}"))
        if post := _POST_OF_VERB.get(m.group("verb").lower()):  # the post, its own card (the place is the card above)
            out.append(Fact(o, "role", post, "identity", 0.85, f"{o} is the {post}"))
    m = _SCHOOL_YEAR.match(clause)
    if m:
        out.append(Fact(o, "school_year", m.group("v"), "identity", 0.8, f"{o} is in {m.group('v')}"))
        school = re.search(rf"\b(?i:at)\s+(?P<s>{NAME})", clause[m.end():])
        if school:
            out.append(Fact(o, "school", school.group("s"), "identity", 0.8, f"{o} goes to {school.group('s')}"))
    m = _STUDIES.match(clause)
    if m and (m.group("where") or re.search(r"(?i)\b(?:at\s+(?:uni|university|college)|studies|study)\b", m.group(0))) and (
            who := resolve(m.group("subj"), ctx)):  # "I'm studying Spanish" alone: a skill one learns (skill rules)
        out.append(Fact(who, "studies", m.group("what"), "identity", 0.8, f"{who} studies {m.group('what')}"))
        if m.group("where"):
            at = m.group("prep").lower() == "at" or re.search(r"(?i)\b(?:uni|university|college)$", m.group("where"))
            out.append(Fact(who, "studies_at" if at else "studies_in", m.group("where"), "identity", 0.8,
                            f"{who} studies {'at' if at else 'in'} {m.group('where')}"))
    m = _SCHOOL.match(clause)
    if m:
        out.append(Fact(o, "school", m.group("v"), "identity", 0.8, f"{o} goes to {m.group('v')}"))
    return out + tenure(clause, ctx)  # "she's been with us 9 seasons", "Been there since 2019" (tenure.py)


# (a lower-case word may carry an accent: "my café is called Tembo Coffee")
_OUR_X_IS = re.compile(r"^(?P<mine>(?i:our|my))\s+(?P<what>[a-zà-öø-ÿ-]+(?:\s+[a-zà-öø-ÿ]+)?)\s+(?P<be>(?i:is|are))\s+"
                       r"(?P<v>(?:the\s+)?(?:[\w&'’ -]|(?<=\d)[.,](?=\d)){2,60})$")  # (a decimal: "1.5 m high")


# a thing of a tie's: "my papou's oldest tree is 1000 years old", "my sister's flat is in Leith"
_TIES_X_IS = re.compile(r"^(?i:my|our)\s+(?P<tie>[a-z-]+)['’]s\s+(?P<what>[a-zà-öø-ÿ-]+(?:\s+[a-zà-öø-ÿ-]+)?)\s+(?P<be>(?i:is|are))\s+"
                        r"(?P<v>(?:the\s+)?[\w&'’ -]{2,60})$")
_LIKED_OWN = frozenset(("guilty pleasure", "comfort food", "comfort show", "comfort film", "happy place", "weakness"))


def _people(word: str) -> bool:
    """A word for a person or people, kin or not ("sister", "boys", "kids", "children")."""
    low = word.lower()
    return low in RELATIONS or low[:-1] in RELATIONS or low[:-1] in PEOPLE or low == "children"


_NAMED = re.compile(r"(?i)(?:called|named)\s+[A-Z]")
_YOUNG = frozenset({"kid", "grandkid", "child", "grandchild"})


def _one(word: str) -> str:
    """A plural said of people or animals, as one ("kids" -> "kid", "puppies" -> "puppy", "children" -> "child")."""
    low = word.lower()
    return {"children": "child", "grandchildren": "grandchild"}.get(low) or (
        low[:-3] + "y" if low.endswith("ies") else low[:-1] if low.endswith("s") and not low.endswith("ss") else low)


def possessions(clause: str, ctx: TurnContext) -> list[Fact]:
    """"Our biggest customer is the University of Leeds", "my shoe size is 4": an attribute of the
    owner (or, said by a team, of its organisation); "my papou's oldest tree is 1000 years old": of a tie."""
    tied = _TIES_X_IS.match(clause)
    if tied and tied.group("tie").lower() in RELATIONS and not occasion(clause, ctx) and not evaluations(clause, ctx.owner) \
            and not _people(tied.group("what").split()[-1]):  # ("my mum's sister is ...", "my sister's boys are ...": people)
        who, what, value = f"{possessive(ctx.owner)} {tied.group('tie').lower()}", tied.group("what").lower(), tied.group("v")
        return [Fact(who, what.replace(" ", "_"), value, "semantic", 0.8, f"{who}'s {what} {tied.group('be').lower()} {value}")]
    m = _OUR_X_IS.match(clause)
    if not m or bad_part(clause) or _one(m.group("what").split()[-1]) in RELATIONS \
            or m.group("what").lower() in RELATION_PHRASES or belonging_word(m.group("v").strip()) \
            or "favourite" in m.group("what").lower() \
            or m.group("what").lower() in ("name", "names") or occasion(clause, ctx):
        return []  # (an occasion with its day, "my flu jab is tomorrow at 10", is appointments.occasion's)
    who = (ctx.org or ctx.owner) if m.group("mine").lower() == "our" else ctx.owner
    what, value = m.group("what").lower(), re.sub(r"^(?i:the)\s+", "", m.group("v").strip())
    if _NAMED.match(value) and (_people(what.split()[-1]) or _one(what.split()[-1]) in PETS | _YOUNG
                                or _one(what) in PET_PHRASES or what.split()[-1].lower().removesuffix("s") in PETS):
        return []  # "my kids are called Ada and Bo", "our dog is called Pip": who they are is a tie's or a pet's card
    if what in _LIKED_OWN or what.startswith("go-to "):  # "my guilty pleasure is reality TV": a liking
        return [Fact(who, "likes", value, "preference", 0.8, f"{possessive(who)} {what} is {value}")]
    be = m.group("be").lower()  # "my dogs are great": the verb as said, a plural's
    kind = "identity" if what in ("birthday", "age", "pronouns", "job", "role", "position", "job title", "title", "nickname",
                                  "school", "address") else "semantic"  # the spec's identity
    return [Fact(who, what.replace(" ", "_"), value, kind, 0.8, f"{possessive(who)} {what} {be} {value}")]
