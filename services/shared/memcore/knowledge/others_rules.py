"""The families of the fact rules (rules.FAMILIES) about someone other than the owner: a lasting
statement about a named person, pet or place (about_others), and a team's own organisation, what it
is and what it does (business). Pure regex work on one clause."""
from __future__ import annotations

import re

from ..calendar_words import MONTH_SET
from ..extraction.lexicon import ROLE_WORDS
from ..extraction.patterns import NAME
from .birthdays import birthday_in
from .health import conditions
from .number_words import number_said
from .identity_rules import _a_job
from .models import Fact
from . import trade_nouns
from .occupation import is_job, judged_doer
from .trade_nouns import BY_TRADE
from .person import about, third_person_verb
from .relationship_rules import LIVES_WITH_US
from . import verb_classes as vc
from .routine_rules import daily_point_habit
from .teaching import teaching_job
from .rule_basics import _NAME_SUBJ, _RECURRENCE, _REL, TurnContext, _pronoun_named, items_of, resolve
from .vocabulary import BUSINESS_NOUNS, NUMBER_SAID, PEOPLE as _PEOPLE, PREFERENCE_VERBS, RELATIONS

_LIKING_VERBS = frozenset(v for v, p in PREFERENCE_VERBS if p in ("likes", "dislikes"))  # (what one prefers to what: its own)
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
    if verb[:-1] in RELATIONS or verb in RELATIONS or verb[:-1] in _PEOPLE or re.search(r"['’]s$", m.group("subj")):
        return []  # "my twin sisters Neema and Imani ...", "Dara's kids love ...": people in the plural, no verb
    if verb in _LIKING_VERBS:
        return []  # "Leo loves dinosaurs and hates spiders": a liking, which the preferences family states, item by item
    neg = re.match(r"(?i)not\s+(?:really\s+|much\s+|even\s+)?([a-z]+)\b", rest) if verb in ("does", "did") else None
    if neg and third_person_verb(neg.group(1).lower()) in _LIKING_VERBS:
        return []  # "Rui does not like porridge": a dislike, the parse's and the preferences' to state, not a deed
    if _RECURRENCE.search(clause) or daily_point_habit(clause):
        return []  # something done every week or at an hour ("Nana reads to me before bed"): the routine rule states it
    if re.match(r"(?i)(?:when|whenever|if|because|cos|while|until|till|once)\b", rest):
        return []  # "my aunt comes when mum works late": only when, nothing said of her by itself
    if re.match(r"(?i)(?:it|that|this|them)\b", rest):
        return []  # "she takes it off me": what "it" is was said elsewhere
    if re.fullmatch(r"(?i)(?:there|here|too|also|as\s+well|again|sometimes|maybe|now|then)(?:[\s,]+(?:too|also|as\s+well|"
                    r"again|sometimes|maybe|now|then|i\s+think))*[\s.!]*", rest):
        return []  # "my dad drums there too maybe": where was said before; nothing is said here of him by itself
    if verb == "has" and re.search(r"(?i)\b(?:called|named)\b|,\s*[A-Z][a-z]+", rest):
        return []  # "he has a cat called Pepper", "she has two kids, Ava and Max": the pet and tie rules state them
    if LIVES_WITH_US.match(clause):
        return []  # "Uncle Ravi has moved in with us": the household, which the ties family states
    if verb in ("has", "is", "uses", "needs", "takes") and conditions(clause, ctx):
        return []  # "my son has epilepsy", "my mum is in a wheelchair": a condition or an aid, which the health family
        # states as a safety card
    if re.match(r"(?i)the\s", who):
        who = who[4:]
    if verb == "is" and (_IS_A_BUSINESS.match(clause) or _KIND_IN_PLACE.match(clause)):
        return []  # the business rule states it
    if re.match(r"(?i)(?:one\s+of\s+)?(?:our|my)\b", rest):
        return []  # "Peter is one of our writers": a role, which the role rule states (extract._from_triples)
    if verb == "is" and re.match(rf"in\s+{NAME}(?:\s+(?i:now|these\s+days|for\s+work|for\s+uni(?:versity)?))?$", rest) and not ctx.org:
        return []  # "my sister is in Toronto": where she lives, which the parse reads (where_they_are.py)
    if verb == "is" and not re.match(r"(?i)(?:a|an|the|from|in|at|our|my|one\s+of|\d+|allergic|in\s+charge)\b", rest):
        return []  # "she is nice": an opinion, not a fact a note-taker keeps
    if re.search(r"(?i)\b(?:going\s+to|gonna|will|tomorrow|tonight|later)\b", rest):
        return []
    if verb == "drives" and not ctx.org and re.match(rf"(?i)(?:a|an|the)\s+(?:[a-z-]+\s+){{0,2}}(?:{'|'.join(vc.VEHICLES)})\b", rest):
        return [Fact(who, "job", f"drives {rest}", "identity", 0.8, f"{who} drives {rest}")]  # "my uncle drives a taxi in Accra"
    if verb == "teaches" and not ctx.org and (taught := teaching_job(who, rest)):
        return taught  # "my wife Ilse teaches maths at the grammar school": her job and where (teaching.py)
    kind = "relationship" if verb in ("manages", "leads", "runs", "reports to", "works") else "semantic"
    if verb in ("plays", "speaks") and not re.match(r"(?i)(?:for|with|in|at|on|to|about|up|out|around)\b", rest):
        # "my brother plays the trumpet", "Ravi speaks Urdu": what one can do, as it is when said of oneself
        what = re.sub(r"(?i)^(?:the|a|an)\s+", "", rest)
        return [Fact(who, "plays" if verb == "plays" else "language", what, "skill", 0.8, about(
            _pronoun_named(clause, ctx), ctx.owner, team=ctx.org))]
    if verb == "turns" and (age := _AGE_FIRST.match(rest)):  # "my mum turns 70 next month": the age to come, as said
        n = str(number_said(age.group("n")))
        month = re.search(r"\bin\s+([A-Za-z]+)", rest[age.end():])  # "turns five in March": the birthday's month too
        return [Fact(who, "turns", n, "identity", 0.8, about(_pronoun_named(clause, ctx), ctx.owner, team=ctx.org))] + (
            [birthday_in(who, month.group(1).capitalize())] if month and month.group(1).lower() in MONTH_SET else [])
    if verb == "has" and re.sub(r"[^a-z]", "", rest.lower().split()[-1]) in vc.QUALIFICATIONS:  # "a food safety certificate"
        kind = "skill"  # what one is able and allowed to do (verb_classes.QUALIFICATIONS)
    if verb in ("runs", "manages", "leads") and re.match(r"(?i)(?:a|an|the|our|his|her|their)\b", rest):
        kind = "identity"  # "she runs a little catering business", "he manages the kitchen": a post, who one is
    job = re.match(rf"(?i)(?:a|an|the)\s+(?P<job>[a-z]+(?:\s+[a-z]+)?)(?:\s+(?P<prep>at|for|in)\s+(?P<org>{NAME}))?\s*$",
                   BY_TRADE.sub("", rest))  # ("a cobbler by trade": the frame says it is work)
    job = job or re.match(r"(?i)(?:a|an|the)\s+(?P<job>[a-z]+(?:\s+[a-z]+)?)(?P<org>)\s+(?:from|at|with)\s+(?:the|a|an)\s+[a-z]", rest)
    # ("the vet from the clinic in Kumasi": the post, whatever the place; a named employer is read above)
    if re.match(rf"(?i:my|our)\s+{_REL}$", m.group("subj")) and not (verb == "is" and re.match(r"(?i)an?\s", rest) and not (
            job and _names_work(job.group("job"), bool(job.group("org"))))):
        kind = "relationship"  # "my daddy is a firefighter": what the owner's tie is, said of the tie (not "a light sleeper")
    elif verb != "is" and (living := _FOR_A_LIVING.search(rest)) and rest[:living.start()].strip():
        did = rest[:living.start()].strip()  # "Bjørn mends nets for a living", "she does joinery for a living": the work
        did = did if verb in ("does", "do") else f"{verb} {did}"
        return [Fact(who, "job", did, "identity", 0.8, f"{who} {did if verb not in ('does', 'do') else 'does ' + did} for a living")]
    elif verb == "is" and job and _names_work(job.group("job"), bool(job.group("org")) or bool(BY_TRADE.search(rest))):
        # "my wife Hannah is a nurse at St Mary's": her job and her workplace, two facts
        out = [Fact(who, "role" if ctx.org else "job", job.group("job"), "identity", 0.8, f"{who} is a {job.group('job')}")]
        if job.group("org") and job.group("prep").lower() == "in":  # "a nurse in Leeds": a town, no employer
            out.append(Fact(who, "works_in", job.group("org"), "identity", 0.8, f"{who} works in {job.group('org')}"))
        elif job.group("org"):
            out.append(Fact(who, "works_for", job.group("org"), "identity", 0.8, f"{who} works at {job.group('org')}"))
        return out
    # the subject by the name said ("Grandpa Joe", and "Hannah" for "my wife Hannah"): the entity it
    # names links the fact, and a person's facts read alike ("Hannah is ...", "Hannah plays ...")
    named = re.match(rf"(?i:my|our)\s+{_REL}(?:,?\s+)({_NAME_SUBJ})$", m.group("subj"))
    said = f"{named.group(1)}{clause[m.end('subj'):]}" if named else _pronoun_named(clause, ctx)
    text = about(said, ctx.owner, team=ctx.org)
    return [Fact(who, verb.replace(" ", "_"), rest, kind, 0.8, text)]


_AGE_FIRST = re.compile(rf"(?i)(?P<n>{NUMBER_SAID})\b(?!\s*(?:%|per\s*cent|percent|pounds|euros|dollars))")
_FOR_A_LIVING = re.compile(r"(?i)\s+for\s+a\s+living\b")


def _names_work(said: str, framed: bool) -> bool:
    """Whether "X is a <said>" names X's work: a job noun (occupation.is_job, trade_nouns.py) said in lower case
    ("a Leo", "a Londoner" are no work) and not how well one does it ("a terrible driver", "a fast reader")."""
    words = said.lower().split()
    if said != said.lower() or not is_job(words, framed, set()):
        return False
    listed = words[-1] in ROLE_WORDS or trade_nouns.craft_shaped(words[-1])
    return framed or not (judged_doer(words) or trade_nouns.judged(words[:-1]) and not listed)


_NOT_A_NAME = r"(?!(?:It|This|That|There|Here|Today|Tomorrow|Tonight|Yesterday|Life|Everything|Everyone)\b)"
_IS_A_BUSINESS = re.compile(rf"^{_NOT_A_NAME}(?P<org>{NAME})\s+(?i:is)\s+(?P<v>(?i:a|an)\s+(?:[a-z-]+\s+){{0,3}}"
                            rf"(?i:{'|'.join(BUSINESS_NOUNS)}))\b")
_KIND_IN_PLACE = re.compile(rf"^(?:(?i:so|well)\s+)?{_NOT_A_NAME}(?P<org>{_NAME_SUBJ})\s+(?i:is)\s+(?P<kind>(?i:a|an)\s+(?:[a-z-]+\s+){{0,3}}?[a-z-]+)"
                            rf"\s+(?i:in|on|near)\s+(?P<place>{NAME})")
_WE_DO = re.compile(r"^(?i:we)\s+(?:(?i:also|mainly|mostly|mostly\s+just|only|just|all)\s+)?"
                    r"(?P<verb>(?i:do|use|offer|provide|sell|make|build|run|store|keep|track|serve|deliver|host|"
                    r"publish|design|write|teach|fix|repair|grow|brew|bake|roast|print|breed|stock|supply|import|"
                    r"specialise\s+in|specialize\s+in))\s+(?P<obj>.{2,100})$")
_WHERE = re.compile(rf"\s+(?P<near>near|outside|just\s+outside|in)\s+(?P<place>{NAME}(?:,\s*{NAME})?)$")
_SPLIT_VERBS = ("do", "use", "offer", "provide", "sell", "make", "build", "serve", "deliver", "specialise in", "grow", "brew",
                "bake", "roast", "print", "breed", "stock", "supply", "import",
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
    head = re.split(r"(?i)\s+(?:from|at|for|of|with|on)\s+", m.group("kind"))[0].lower().split()[1:] if m else []
    if m and m.group("kind").split()[-1].lower() not in RELATIONS | _PEOPLE and not _a_job(m.group("kind"), None) and not (
            head and is_job(head, False, set())):  # "Dr Osei is the vet from the clinic in Kumasi": a person's post
        # "Hopstone is a microbrewery in Hebden Bridge": what it is and where it is, two facts
        org, kind, place = m.group("org"), m.group("kind"), m.group("place")
        if _IS_A_BUSINESS.match(clause):
            ctx.org = ctx.org or org
        return [Fact(org, "business_kind", kind, "identity", 0.85, f"{org} is {kind}"),
                Fact(org, "located_in", place, "identity", 0.85, f"{org} is in {place}")]
    m = _IS_A_BUSINESS.match(clause)
    if m:
        ctx.org = ctx.org or m.group("org")
        out.append(Fact(m.group("org"), "business_kind", m.group("v"), "identity", 0.85,
                        f"{m.group('org')} is {m.group('v')}"))
    m = _WE_DO.match(clause)
    if m and ctx.org and not _RECURRENCE.search(clause):  # "we do a quiz every Thursday": a routine
        verb = m.group("verb").lower()
        shown = third_person_verb(verb.split()[0]) + verb[len(verb.split()[0]):]
        obj = re.split(r"\s*,\s*(?:not|but)\b", m.group("obj"))[0].strip(" .!")
        if (where := _WHERE.search(obj)) and verb in _SPLIT_VERBS:  # "we grow oyster and shiitake near Elora": where, a card
            obj = obj[:where.start()]
            out.append(Fact(ctx.org, "located_in", where.group("place"), "identity", 0.8, f"{ctx.org} is {where.group(0).strip()}"))
        # "Linear for tickets and Figma for design": each tool without what it is for (another fact's words)
        items = _without_purpose(items_of(obj)) if verb in _SPLIT_VERBS else [obj]
        out.extend(Fact(ctx.org, verb.replace(" ", "_") + ("s" if verb != "do" else "es"), item, "semantic", 0.8,
                        f"{ctx.org} {shown} {item}") for item in items if item)
    return out
