"""How a part of a statement is said, read from its parse (statement_check.py decides the act): a
condition ("if ...", "unless ...", "in case ...", "were we to ...", "should the alarm go off"), a
main clause in the conditional mood ("we'd need another driver", "we could open a second yard"), a
plan said with a hedge ("we'll probably ...", "thinking of ..."), and the moment's chat: a judgement
of this or that thing ("that new logo looks sharp", "today's lunch was disappointing"), news of what
happened again or to somebody unknown ("the printer's playing up again", "someone's left a lasagne"),
and what is happening to a thing today ("the phones are ringing off the hook today").

A condition is only half of what is said: whether the whole teaches is decided by its main clause
("if it rains, we move the class indoors" is a rule; "if a courier turned up late we'd probably ring"
is not). Each decision reads the part's tokens (parse.Tok); the regex fallbacks in statement_check
read the words when there is no parse. Pure.
"""
from __future__ import annotations

import re

from ..calendar_words import SEASONS, SEASON_ALT, WEEKDAY
from .decided_plans import decided_deed
from .parse import Tok
from .vocabulary import RELATIONS

# the subordinators of a condition; "in case" is read from its two words ("in case of fire" is no clause)
_IF = frozenset("if unless".split())
_ASSUME = frozenset("suppose supposing assuming provided providing imagine picture say".split())
_INVERTED = frozenset("were had should".split())  # "were we to open", "had we known", "should the van break down"
CONDITION_WORDS = re.compile(r"(?i)^(?:(?:just\s+)?in\s+case\b(?!\s+of\b)|if\b|unless\b|suppos(?:e|ing)\b|assuming\b|"
                             r"provid(?:ed|ing)\s+(?:that\s+)?(?:I|we|you|he|she|they|it|the)\b|"
                             r"(?:were|had)\s+(?:I|we|you|he|she|they|it)\b|should\s+(?:the|a|an|our|my|business|anyone|any)\b(?!.*\?$))")
# a modal that says what would or might be, not what is: "would", "'d", "could", "might", "may"
_IF_MODAL = frozenset("would 'd could might may".split())
# a liking or a boundary said with "would": "I'd rather not be called after 8", "I'd prefer email"
_PREFERS = frozenset("prefer rather like love hate mind".split())
_HABITUAL = frozenset("always usually normally never often every each generally".split())
_OPINING = frozenset("suppose guess think reckon bet expect imagine say".split())  # "I'd say", "I suppose"
_HEDGES = frozenset("probably maybe perhaps possibly hopefully eventually someday".split())
# a plan under thought: "thinking of ...", "toying with the idea", "considering", "hoping to"
_MULLING = frozenset("think consider toy hope mull debate weigh".split())
_DEMONSTRATIVE = frozenset("this that these those".split())
_MOMENT = frozenset("today tonight yesterday again now".split())
_MOMENT_NOUNS = frozenset("morning afternoon evening night week weekend".split())
_INDEFINITE = frozenset("someone somebody nobody noone anyone anybody".split())
# when a judgement recurs, it is a fact of the thing: "cold in winter", "a zoo on Mondays", "by Fridays"
_RECURRING = re.compile(rf"(?i)\b(?:{WEEKDAY}s|mornings|afternoons|evenings|nights|weekends|"
                        rf"in\s+(?:the\s+)?(?:{SEASON_ALT})|weekly|daily)\b")
_HOW_IT_WENT = frozenset("well badly smoothly fine great ok okay brilliantly terribly".split())
_PERCEIVED = frozenset("look seem sound feel smell taste".split())  # "looks sharp", "seems nice"
SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj")
# the weather and the seasons as the subject of the moment's chat: "the snow has finally melted", "winter came
# early", "it's pouring again" (the weather of a place or a time of year that recurs is a fact: _RECURRING, _HABITUAL)
_WEATHER = frozenset("weather rain snow sleet hail wind fog mist frost sun sunshine storm thunder lightning heatwave "
                     "monsoon drizzle temperature forecast".split()) | frozenset(SEASONS)
_WEATHER_VERBS = frozenset("rain snow pour drizzle hail thunder freeze sleet".split())
_OWN_VIEW = frozenset("my our favourite favorite love like hate prefer".split())  # "winter is my favourite season"
PEOPLE = frozenset("i me we us you he she they".split())


# news passed on with a shrug: "heard the convention's moving to Tartu, but who knows" (docs/formation-spec.md:
# opinions about the future relayed are small talk; a rumour said plainly is hearsay, a fact with its certainty)
_RUMOUR = re.compile(r"^(?:the\s+)?(?:rumou?r\s+(?:is|has\s+it)|word\s+(?:is|on\s+the\s+street)|gossip\s+is)\b", re.I)
_HEARD = re.compile(r"^(?:I\s+)?(?:heard|hear)\b|^(?:apparently|supposedly|allegedly)\b|^someone\s+(?:said|told\s+me)\b", re.I)
_SHRUG = re.compile(r"\b(?:who\s+knows|no\s+idea\s+if|not\s+sure\s+if|if\s+(?:it['’]?s|that['’]?s)\s+true|"
                    r"we['’]ll\s+see|take\s+(?:it|that)\s+with\s+a\s+pinch|allegedly)\b", re.I)

def shrugged_news(statement: str, piece: str) -> bool:
    """A piece that passes news on ("heard ...", "apparently ...", "rumour is ...") in a statement that shrugs
    it off ("but who knows", across a "but"): small talk. A rumour said plainly is hearsay, a fact with its
    certainty."""
    return bool(_SHRUG.search(statement)) and bool(_HEARD.match(piece) or _RUMOUR.match(piece))


def rumoured_future(said: str, toks: list[Tok]) -> bool:
    """A rumour of what is coming ("rumour is the council's shutting the car park next year", "word is the
    landlord is putting the rent up", "the rumour is they'll merge"): relayed talk of the future, small talk
    (docs/formation-spec.md). A rumour of what was ("rumour has it the mill was a prison") is hearsay, told."""
    m = _RUMOUR.match(said)
    return m is not None and (bool(_WILL.search(said[m.end():])) or any(t.tag == "VBG" for t in toks))


_WILL = re.compile(r"(?i)\b(?:will|won['’]t|going\s+to|gonna|about\s+to)\b|['’]ll\b")


def top_of(toks: list[Tok]) -> Tok | None:
    """The part's own head: its token whose head lies outside the part (or the root), a verb first."""
    inside = {t.i for t in toks}
    tops = [t for t in toks if t.head == t.i or t.head not in inside]
    tops = [t for t in tops if t.pos not in ("PUNCT", "INTJ")] or tops
    return next((t for t in tops if t.pos in ("VERB", "AUX")), tops[0] if tops else None)


def _kids(toks: list[Tok], t: Tok) -> list[Tok]:
    return [k for k in toks if k.head == t.i and k.i != t.i]


def _said(toks: list[Tok]) -> Tok | None:
    """The verb that says what the part is about: its head, or what the owner's own "I suppose", "I
    think", "I reckon" govern ("I suppose we'd take the long way round")."""
    top = top_of(toks)
    if top is None or top.dep == "advcl":
        return None
    said = next((k for k in _kids(toks, top) if k.dep == "ccomp" and k.pos in ("VERB", "AUX")), None)
    mine = any(k.dep in SUBJECTS and k.lower in ("i", "we") for k in _kids(toks, top))  # "Priya said I might ...": hearsay, told
    return said if top.lemma in _OPINING and said is not None and mine else top


def lone_condition(toks: list[Tok]) -> bool:
    """A condition with no clause of its own beside it ("In case the van breaks down again.", "Were
    we to open on Sundays."): the part's head governs no other clause ("if it's about money only
    Fiona can authorise a refund" has its main clause; so has "Should the alarm go off, ring Ottoline")."""
    top = top_of(toks)
    if top is None or not any(k.dep in SUBJECTS for k in _kids(toks, top)):
        return False  # "If in doubt, ask Dana": the head is a command, the condition has no verb
    return not any(k.dep in ("advcl", "ccomp", "conj") and k.pos in ("VERB", "AUX") for k in _kids(toks, top))


def is_condition(text: str, toks: list[Tok]) -> bool:
    """A clause that sets a condition for another part: "If it rains", "Were we to open on Sundays",
    "Should business pick up", "Assuming the quote comes back cheap", "In case the boss asks"."""
    top = top_of(toks)
    if top is not None and top.dep == "advcl":
        first = next((t for t in toks if t.pos not in ("PUNCT", "INTJ") and t.lower != "just"), None)
        marks = {k.lower for k in _kids(toks, top) if k.dep == "mark"}
        if marks & _IF or "case" in {t.lower for t in toks[:3]} or first is not None and (
                first.lower in _INVERTED or first.lower in _ASSUME):
            return True
    return bool(CONDITION_WORDS.match(text.strip()))


def conditional(toks: list[Tok], *, conditioned: bool = False) -> bool:
    """The main verb says what would, could or might be ("we'd need another driver", "we could maybe
    open a second yard", "it'd probably be by the ring road"), not a liking ("I'd rather not ..."), a
    habit ("we would always ...") or a hedged state ("she might be allergic"). `conditioned`: the
    statement sets a condition, which makes a plain "could"/"would" hypothetical too."""
    top = _said(toks)
    if top is None:
        return False
    kids = _kids(toks, top)
    modal = next((k for k in kids if k.tag == "MD" and (k.lower in _IF_MODAL or k.lemma in ("would", "could", "might", "may"))), None)
    if modal is None:  # "assuming nobody's off sick we should be fine": what is expected, if ...
        return conditioned and top.lemma == "be" and any(k.tag == "MD" and k.lower == "should" for k in kids)
    words = {t.lower for t in toks}
    chosen = top.lemma in ("pick", "choose", "take") and "over" in words  # "I'd pick the beach over the mountains": a liking
    if top.lemma in _PREFERS or "rather" in words or chosen or words & _HABITUAL or any(k.dep == "neg" for k in kids):
        return False
    if modal.lower == "could" and not conditioned and (sum(t.lower == "could" for t in toks) > 1 or any(
            t.tag == "VBD" for t in toks) or any(t.lower == "at" and any(c.head == t.i and c.tag == "CD" for c in toks) for t in toks)):
        return False  # "my daughter could read at three", "I could swim before I could walk": an ability of the past
    if modal.lower in ("might", "may") and top.lemma == "be" and not conditioned:
        return False  # "Ravi might be allergic to nuts": a hedged state, its certainty lowered
    subject = next((k for k in kids if k.dep in SUBJECTS), None)
    if modal.lower == "may" and (subject is None or subject.lower not in ("i", "we")):
        return False  # "customers may bring their own mugs if they book ahead": a permission, a rule
    # "that would be Dana" names someone; "a bigger van would be handy" wishes
    wished = top.lemma != "be" or any(k.dep == "acomp" and k.pos == "ADJ" for k in kids)
    return conditioned or modal.lower in ("would", "'d", "could") and wished or modal.lower in ("might", "may")


# what a plan is said with when the owner only hopes for it: "..., fingers crossed", "..., we'll see"
HOPED = re.compile(r"(?i)\b(?:fingers\s+crossed|touch\s+wood|knock\s+on\s+wood|with\s+(?:any|a\s+bit\s+of)\s+luck|"
                   r"we'?ll\s+see|who\s+knows|nothing(?:'s|\s+is)?\s+(?:decided|confirmed|set\s+in\s+stone)|"
                   r"(?:haven't|not)\s+decided|hopefully|if\s+all\s+goes\s+well|(?:it\s+)?depends\s+on|depending\s+on)\b")


# the owner disowns what was just said: "..., but don't quote me", "don't hold me to it", "I could be wrong"
# (a hedge of the statement, certainty.py; no ban on quoting, no boundary)
DISCLAIMER = re.compile(r"(?i)^(?:but\s+)?(?:please\s+)?(?:(?:don['’]?t|do\s+not)\s+(?:quote\s+me(?:\s+on\s+(?:it|that|this))?|"
                        r"hold\s+me\s+to\s+(?:it|that|this)|take\s+my\s+word\s+for\s+(?:it|that))|(?:I\s+)?(?:could|might)\s+be\s+wrong|"
                        r"correct\s+me\s+if\s+I['’]?m\s+wrong)(?:\s+(?:though|tho|mind|lol|haha))?[.!]*$")


# the owner does not believe what was reported: "..., I doubt it", "..., I don't believe her"
DOUBTED = re.compile(r"(?i)\b(?:I\s+(?:don't|do\s+not|didn't)\s+believe\s+(?:it|her|him|them|that|a\s+word)|"
                     r"(?:I\s+)?doubt\s+(?:it|that)|yeah\s+right|I'll\s+believe\s+it\s+when|"
                     r"(?:I\s+bet\s+)?(?:he|she|they)(?:['’]s|['’]re|\s+is|\s+are|\s+was|\s+were)\s+(?:just\s+)?(?:lying|joking|kidding|"
                     r"making\s+(?:it|that|stuff)\s+up|showing\s+off))\b")
_REPORTING = frozenset("say claim reckon swear insist think reckon tell".split())


def reported(toks: list[Tok]) -> bool:
    """Someone else's claim: a verb of saying whose subject is not the owner ("Dana claims she invented ...")."""
    top = top_of(toks)
    if top is None or top.lemma not in _REPORTING:
        return False
    subject = next((k for k in _kids(toks, top) if k.dep in SUBJECTS), None)
    return subject is not None and subject.lower not in ("i", "we")


_FORECASTING = frozenset("think reckon bet predict expect guess reckon".split())


def relayed_forecast(toks: list[Tok]) -> bool:
    """Someone else's opinion about the future ("Jo thinks we'll be twice as busy next year", "my
    cousin says Arsenal will win the league"): small talk (docs/formation-spec.md). What someone says
    the owner's people will do stays told ("Mum says we'll go to Spain in August")."""
    top = top_of(toks)
    if top is None or top.lemma not in _FORECASTING | {"say"} or not reported(toks):
        return False
    said = next((k for k in _kids(toks, top) if k.dep == "ccomp"), None)
    if said is None:
        return False
    inner = [t for t in toks if t.head == said.i]
    will = any(t.tag == "MD" and t.lower in ("will", "'ll", "wo") for t in inner) or any(
        t.lemma == "go" and t.tag == "VBG" and any(c.head == t.i and c.dep == "xcomp" for c in toks) for t in [said, *inner])
    ours = any(t.dep in SUBJECTS and t.lower in ("i", "we") for t in inner)
    if will and top.lemma == "say" and decided_deed(said, toks):
        return False  # "my boss says the company will give me a laptop": a decision passed on (decided_plans.py)
    return will and (top.lemma in _FORECASTING or not ours)


def relayed_suggestion(toks: list[Tok]) -> bool:
    """Someone else's idea of what the team or family should do ("my partner says we should start a new
    line", "Dev reckons we should get a bigger van"): a suggestion, like the owner's own "we should ..."
    (statement_check: a proposal, no rule). Said with its force or its time ("we should never ...", "we
    should always ...", "... every Friday") it is the rule relayed, and told."""
    top = top_of(toks)
    if top is None or top.lemma not in _REPORTING or not reported(toks):
        return False
    said = next((k for k in _kids(toks, top) if k.dep == "ccomp"), None)
    if said is None:
        return False
    inner = [t for t in toks if t.head == said.i]
    return any(t.tag == "MD" and t.lower == "should" for t in inner) and any(
        t.dep in SUBJECTS and t.lower == "we" for t in inner) and not any(
        t.dep == "neg" for t in inner) and not any(t.lower in _HABITUAL for t in toks) \
        and not _RECURRING.search(" ".join(t.text for t in toks))


def future(toks: list[Tok]) -> bool:
    """A verb of the part says what will be: "will", "'ll", "going to", "gonna", or a present
    progressive that plans ("we're opening a second studio in May")."""
    first = next((t for t in toks if t.pos not in ("PUNCT", "INTJ", "ADV")), None)
    return any(t.tag == "MD" and t.lower in ("will", "'ll", "wo") or t.lower == "gon" for t in toks) or any(
        t.tag == "VBG" and any(a.head == t.i and a.dep == "aux" and a.lemma == "be" for a in toks) for t in toks) \
        or first is not None and first.tag == "VBG"  # "possibly heading to the coast at the weekend"


def hedged_plan(toks: list[Tok]) -> bool:
    """A plan said with a hedge: "we'll probably look at new software", "thinking of taking up yoga",
    "we're toying with the idea of ...", "hoping to get a website up"."""
    top = _said(toks)
    if top is None:
        return False
    kids = _kids(toks, top)
    if any(k.lower == "hopefully" for k in kids):
        return True  # "hopefully the new bench arrives before the Hanley job": a hope
    if top.tag == "VBG" and top.lemma in _MULLING and any(k.dep in ("prep", "xcomp") for k in kids):
        return True
    will = any(k.tag == "MD" and k.lemma in ("will", "'ll") or k.lower in ("'ll", "will") for k in kids)
    going = top.tag == "VBG" and top.lemma == "go" and any(k.dep == "xcomp" for k in kids)
    hedge = any(t.lower in _HEDGES for t in toks)
    return hedge and (will or going or top.tag == "VBG" and not any(k.dep in SUBJECTS for k in kids))


def _thing(subject: Tok, toks: list[Tok], *, owned: bool = True) -> bool:
    """A subject that is no person: not a pronoun of the speakers or of whom they name, no tie ("my
    son"), nothing named; `owned` False: nobody's either ("my exam was hard today" is the owner's)."""
    if subject.lower in PEOPLE or subject.pos == "PROPN" or subject.lower in _INDEFINITE or subject.lemma in RELATIONS:
        return False
    if subject.text[:1].isupper() and subject.tag == "NN" and not any(t.head == subject.i and t.dep == "det" for t in toks):
        return False  # a bare capitalised noun may be a name the tagger did not know ("Ravi was grumpy")
    return not any(t.head == subject.i and (t.pos == "PROPN" and t.dep != "compound" or not owned and t.dep == "poss")
                   for t in toks)  # "my friend Ella" is someone, "the Hanley job" a thing


def _of_the_moment(subject: Tok, top: Tok, toks: list[Tok]) -> bool:
    """Said of this occasion: "this spreadsheet", "that film", "today's lunch", "... last night", "again"."""
    near = [t for t in toks if t.head in (subject.i, top.i)]
    if any(t.lower in _DEMONSTRATIVE and t.dep == "det" for t in near):
        return True
    # the word of the moment hangs on the verb, its subject or its complement ("close it again" is a step's)
    if any(t.lower in _MOMENT and (t in near or any(h.i == t.head and h.head == top.i and h.dep in ("acomp", "attr")
                                                    for h in toks)) for t in toks):
        return True
    return any(t.lower in _MOMENT_NOUNS and any(d.head == t.i and d.lower in ("this", "last") for d in toks) for t in toks)


def moment_chat(toks: list[Tok]) -> bool:
    """The moment's chat about a thing: a judgement of this one ("that new logo looks really sharp",
    "today's lunch was disappointing"), an impression ("the new café seems nice"), news of again or of
    somebody unknown ("the scanner's jammed again", "someone's left a lasagne in the fridge"), or what
    is happening to a thing today ("the phones are ringing off the hook today") or is about to ("patrol starts soon")."""
    top = top_of(toks)
    if top is None or top.dep == "advcl" or any(t.tag == "CD" for t in toks):
        return False
    kids = _kids(toks, top)
    subject = next((k for k in kids if k.dep in SUBJECTS), None)
    if top.lemma in ("love", "like") and subject is None and any(
            k.dep == "dobj" and any(d.head == k.i and (d.lower == "new" or d.dep == "det" and d.lower in _DEMONSTRATIVE)
                                    for d in toks) for k in kids):
        return True  # "love the new rota btw", "like this layout": the moment's opinion of one thing
    if subject is None:  # "feels like Monday", "sounds like a plan": an impression said without its "it"
        return top.lemma in ("feel", "sound") and top.i == toks[0].i and any(k.lower == "like" for k in kids)
    if top.tag == "VBN" and any(k.dep == "auxpass" and k.lower == "getting" for k in kids) \
            and _of_the_moment(subject, top, toks):
        return True  # "we're getting slammed this afternoon": how the day is going
    if top.tag in ("VBZ", "VBP") and any(k.lower in ("soon", "shortly") for k in kids) and _thing(subject, toks, owned=False):
        return True  # "rehearsal starts soon", "the bus leaves shortly": what is about to happen, nobody's
    words = {t.lower for t in toks}
    if words & (_HABITUAL - {"never"}) or any(t.tag == "MD" and t.lemma in ("must", "need", "can") for t in toks) \
            or _RECURRING.search(" ".join(t.text for t in toks)):
        return False  # a habit or a rule: "that van always breaks down", "the warehouse feels cold in winter"
    if (subject.lemma in _WEATHER or subject.lower == "it" and top.lemma in _WEATHER_VERBS) and not words & _OWN_VIEW:
        return True  # the weather now: "the wind is crazy out there", "winter came early this year"
    judged = next((k for k in kids if k.dep in ("acomp", "attr", "oprd") and k.pos in ("ADJ", "NOUN")), None)
    if subject.lower in _INDEFINITE and top.tag in ("VBD", "VBN", "VBG") and not (
            any(k.dep == "auxpass" for k in kids) and any(k.dep == "xcomp" for k in kids)):
        return True  # "someone's left a lasagne in the staff fridge", "nobody turned up" ("nobody is allowed to" is a rule)
    if not _thing(subject, toks):
        return False
    nobodys = _thing(subject, toks, owned=False)
    if top.lemma in _PERCEIVED and judged is not None and nobodys:
        return True  # "looks really sharp", "seems nice"
    moment = _of_the_moment(subject, top, toks)
    owned_view = judged is not None and any(d.head == judged.i and d.dep == "poss" for d in toks)
    if judged is not None and top.lemma == "be" and nobodys and moment and not owned_view:
        return True  # "this chair is so uncomfortable", "today's lunch was disappointing" ("... my favourite now" lasts)
    if top.lemma == "go" and top.tag == "VBD" and any(k.dep == "advmod" and k.lower in _HOW_IT_WENT for k in kids):
        return True  # "the Hanley job went really well": how something went, judged
    if any(k.lower in ("would", "'d") for k in kids) and any(k.dep == "neg" for k in kids) and nobodys:
        return True  # "the van wouldn't start": a thing that let the owner down this once
    progressive = top.lower.endswith("ing") and any(  # "the printer's playing up": the parser may take "'s" for a possessive
        k.dep in ("aux", "case") and (k.lemma == "be" or k.lower in ("'s", "'re")) for k in toks if k.head in (top.i, subject.i))
    done = top.tag in ("VBD", "VBN")
    again = any(t.lower == "again" and t.head in (top.i, subject.i) for t in toks)
    return progressive and moment or (progressive or done) and again


__all__ = ["CONDITION_WORDS", "DISCLAIMER", "DOUBTED", "HOPED", "relayed_forecast", "relayed_suggestion", "reported", "rumoured_future", "conditional", "future", "hedged_plan", "is_condition", "lone_condition", "moment_chat", "shrugged_news", "top_of"]
