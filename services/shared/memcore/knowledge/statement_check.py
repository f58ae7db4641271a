"""Whether the owner states something (issue 35, item 2): the one check every candidate fact passes
before it becomes knowledge (extract.facts_of_turn).

A turn is cut into parts (sentences, and clauses a comma or "but" starts with their own subject,
question or command); each part is one act:
- `assertion`: the owner tells something ("we close at 6", "I can't eat nuts", "yes, every Sunday");
- `question`: asked with or without "?", said as a statement ("you know what a narwhal is?"), with a
  tag ("..., didn't they?", "..., right?") or embedded ("I wonder if", "do you know whether", "any idea");
- `request`: something asked of the assistant ("can you", "let's", "tell me", "remind me", "I need you
  to", a bare command: a verb in its base form with no subject);
- `small_talk`: a greeting, an acknowledgement, thanks, an exclamation ("what a day"), a joke, a
  filler, the moment's mood ("I'm so bored", "long week"), a remark on the chat ("that's hilarious");
- `hypothetical`: pretend play, a wish or a condition contrary to fact ("if I had a dragon I'd call
  it Ember", "I wish I could fly", "imagine if", "what if", "suppose we");
- `assistant_said`: what the assistant said, reported back ("you told me whales sing");
- `uncertain_future`: a plan the owner is not sure of ("maybe I'll try pottery", "we might ...").
Only assertions teach. A fact is kept when it has content (a subject, a predicate and a value with a
word of its own) and its value is said in an assertion of the turn, not only in its other parts.

The parse (parse.Sentence of a statement, when the model is there) decides what word order alone
shows: a question's inverted auxiliary ("is it too late"), a wh-word heading the clause, a command's
bare verb. Pure.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..extraction.patterns import NAME_WORD
from ..extraction.intent import memory_need
from ..extraction.pronouns import PERSON_PRONOUNS
from .models import Fact
from .secrets_kept import kept_secret
from .one_off_events import dated
from .opinions_held import held_opinion
from .parse import Sentence, Tok
from .boundaries import standing_request
from .statement_mood import CONDITION_WORDS, DISCLAIMER, DOUBTED, HOPED, conditional, future, hedged_plan, is_condition, lone_condition, moment_chat, \
    relayed_forecast, relayed_suggestion, reported, rumoured_future, shrugged_news
from .verb_classes import MOMENT
from .vocabulary import content_words

ASSERTION = "assertion"

# Words said before a clause that do not change what it does ("oh", "ok so", "just so you know").
_LEAD = re.compile(r"^(?:(?:oh|ohh|ah|ok|okay|so|well|hmm|um|erm|right|and|but|also|anyway|honestly|actually|ha|haha|"
                   r"wow|cool|yes|yeah|yep|no|nope|nah|fyi|btw|oops|sorry|ugh|by\s+the\s+way|just\s+so\s+you\s+know|"
                   r"let's\s+just\s+say|please\s+note(?:\s+that)?|note\s+that|I\s+should\s+(?:mention|say|add|point\s+out|tell\s+you|warn\s+you)(?:\s+that)?|remember|let\s+me\s+tell\s+you(?:\s+about)?|you\s+know)"
                   r"\b[,!.]?\s*)+", re.I)
# A part starts where a new sentence, a ";" or a clause with its own subject, question or command starts.
_PART_BREAK = re.compile(r"(?<=[.!?])\s+|\s*;\s*|\s+[-–—]\s+|\s*,?\s+but\s+|,\s*(?=(?:I|I'm|I'd|I'll|we|we're|he|she|"
                         r"they|you|my|our|it|do|does|did|is|are|was|were|can|could|would|will|have|has|should|"
                         r"isn't|aren't|didn't|don't|doesn't|wasn't|won't|haven't|right|yeah|eh|innit|correct|"
                         r"what|who|where|when|why|how|any|let's)\b)"
                         rf"|,\s*(?=(?-i:{NAME_WORD})\s+(?:would|could|might|will|can)\s)"  # "..., Signe would know exactly"
                         r"|,\s*(?=(?:(?:my|our|his|her)\s+)?(?:[a-z]+\s+){0,2}?(?:thinks|says|reckons)\s)", re.I)  # "..., grandad thinks ..."

_ASSISTANT_SAID = re.compile(r"^(?:you\s+(?:said|told\s+me|mentioned|suggested|reckon(?:ed)?|were\s+saying|say|"
                             r"claimed)|(?:as|like)\s+you\s+(?:said|told\s+me|mentioned|say)|according\s+to\s+you)\b",
                             re.I)
_HYPOTHETICAL = re.compile(r"^(?:if\s+only|at\s+this\s+rate|imagine|suppose|supposing|pretend|hypothetically|what\s+if|say\s+(?:we|I)\b|"
                           r"in\s+an?\s+(?:ideal|perfect)\s+world|I\s+wish|I\s+would\s+love|I'd\s+love|"
                           r"if\s+(?:I|we|you|he|she|they|it)\s+(?:was|were|had|could|won|got|lived|did)\b|"
                           r"if\s+it\s+were\s+up\s+to|if\b[^,]*,\s*(?:maybe|perhaps)\b)", re.I)
_WOULD = re.compile(r"\b(?:would|'d|could)\b(?!\s+(?:you|I\s+(?:say|think)))", re.I)
# "If the flu clinic gets busy we might open on Saturdays": a condition whose outcome is not settled
# "I'd love to be a vet one day", "she would like to become a nurse": a wish of who one will be (aspirations.py)
WISHED_TO_BE = re.compile(r"(?i)^(?:\w+\s+){0,2}?\w+(?:['’]d|\s+would)\s+(?:really\s+|so\s+)?(?:love|like)\s+to\s+(?:be|become)\s+(?:a|an)\s+\w")
# "I'd love to visit Japan one day", "we'd really love a dog": a wish the owner has (a preference), when nothing in
# the statement makes it a condition ("if we win the grant I'd love to ...": hypothetical); "I'd love to know ..." asks
WISHED = re.compile(r"(?i)^(?:I|we)(?:['’]d|\s+would)\s+(?:really\s+|so\s+|just\s+|absolutely\s+)?love\s+(?:to\s+(?!know\b|"
                    r"hear\b|help\b|see\s+(?:it|that|them|this|more)\b)[a-z]|an?\s+[a-z]|some\s+[a-z])")
_IF = re.compile(r"(?i)\b(?:if|unless|when|once)\b")
_IF_MAYBE = re.compile(r"^if\b.*\b(?:might|may|could|would|'d)\b", re.I)
_IF_PAST = re.compile(r"\bif\s+(?:only\s+)?(?:I|we|you|he|she|they|it)\s+(?:was|were|had|could|won|got|lived|did)\b", re.I)
_ASKED_WITHIN = re.compile(r"^(?:I\s+(?:wonder|was\s+wondering|am\s+wondering|'m\s+wondering)|do\s+you\s+know|does\s+anyone|"
                           r"any\s+idea|any\s+clue|not\s+sure\s+(?:who|what|where|when|why|how|if|whether)|"
                           r"I'd\s+like\s+to\s+know|I\s+would\s+like\s+to\s+know|I\s+want\s+to\s+know|"
                           r"you\s+know\s+(?:what|who|where|when|why|how|if|whether))\b", re.I)
# a tag that asks: "..., right", "..., isn't it", "..., yes?"; without its "?", "..., yes" and "..., ok" confirm
_TAG = re.compile(r",\s*(?:(?:right|eh|innit|(?:is|are|was|were|do|does|did|have|has|can|could|"
                  r"will|would|should)(?:n't|\s+not)?\s+(?:it|they|we|you|he|she|I|there))\s*\??|(?:yeah|no|correct|yes|ok|okay)\s*\?)$", re.I)
_ASKING = re.compile(r"^(?:can|could|would|will|shall)\s+(?:you|we)\b|^(?:please|let's|let\s+us|tell\s+me|show\s+me|"
                     r"help\s+me|remind\s+me|give\s+me|read\s+me|make\s+me|find\s+me|get\s+me|I\s+need\s+you\s+to|"
                     r"I\s+want\s+you\s+to|would\s+you\s+mind|let\s+me\s+(?:think|check|see|know|get\s+back))\b|"
                     # what the owner wants from the chat now: "I want to hear about space", "I'd like to know why"
                     r"^I\s+(?:want|wanna|would\s+like|'d\s+like)\s+(?:to\s+)?(?:hear|listen|know\s+(?:about|more|what|how|why|if|whether)|"
                     r"play\s+(?:a|another)\s+game|do\s+(?:a|another)\s+quiz)\b|"
                     # a proposal, not a rule: "we should get a new kettle", "maybe we should do a team lunch"
                     r"^(?:maybe\s+|perhaps\s+)?(?:we|I)\s+should\s+(?!always\b|never\b|not\b|n't\b)", re.I)
# said of the owner's own plans, at the head of the part ("my manager said I might ..." is hearsay, told)
_UNSURE_FUTURE = re.compile(r"^(?:maybe|perhaps|possibly)\b.*\b(?:will|'ll|might|may|could|going\s+to)\b|"
                            r"^(?:I|we)\s+(?:might|may)\s+(?:or\s+may\s+not\s+)?(?!be\b|have\s+been\b)|"
                            r"^(?:I|we)(?:'ll|\s+will)\s+(?:maybe|perhaps)\b|^not\s+sure\s+(?:if|whether)\b", re.I)
# the moment's mood and the chat itself: true now, kept by no note-taker
_THEN = r"(?:[\s,]+(?:now|today|again|tonight|here|out|outside|in\s+here|actually|honestly|though|lol|haha|thanks|"\
        r"thank\s+you|everyone|all|team|mate))*[.!]*$"  # what may follow a remark that says nothing else
_MOOD = re.compile(r"^(?:I'm|I\s+am|we're|we\s+are)\s+(?:so\s+|really\s+|soo+\s+|a\s+bit\s+|very\s+)?"
                   r"(?:bored|hungry|tired|shattered|sleepy|exhausted|knackered|back|home|here|done|cold|hot|starving|"
                   r"stuffed|excited|fine|good|ok|okay|swamped|running\s+(?:a\s+(?:bit|few\s+minutes)\s+)?late)" + _THEN + "|"
                   r"^(?:it's|it\s+is|this\s+is|that's|that\s+is|that\s+was|it\s+was)\s+(?:so\s+|really\s+|sooo*\s+|"
                   r"a\s+|the\s+)?(?:funny|cool|hilarious|amazing|helpful|annoying|brilliant|great|awesome|silly|weird|gross|"
                   r"nice|good|lovely|fair\s+point|best\s+day\s+ever|raining|snowing|hot|cold|freezing|boiling|sunny)" + _THEN + "|"
                   r"^(?:long|busy|bit\s+quiet|quiet)\s+(?:day|week|morning|night|shift|today)\b(?:\s*[,.!]|$)|^glad\s+it's\b|"
                   r"^just\s+got\s+(?:home|back|in)[.!]*$|^knock\s+knock\b|"
                   r"^(?:I\s+(?:know\s+right|guess\s+so|see(?:\s+what\s+you\s+mean)?)|me\s+too|same(?:\s+here)?|fair\s+enough|"
                   r"never\s+mind|no\s+worries|will\s+do|makes\s+sense|sounds\s+(?:good|great|fine|perfect|like\s+a\s+plan)(?:\s+to\s+me)?|"
                   r"that\s+works|all\s+good|good\s+(?:one|catch|point)|got\s+it|noted|wrong\s+chat|"
                   r"typo)" + _THEN + "|"
                   r"^(?:fingers\s+crossed|good\s+luck|happy\s+(?:birthday|friday|monday|new\s+year|christmas)|welcome\s+back|"
                   r"well\s+done|(?:nice|great|good)\s+work)\b|"
                   r"^(?:I've|I\s+have|we've|we\s+have|it's|it\s+has)\s+(?:had|been)\s+(?:a|an|such\s+a|one\s+of\s+those)\b.*"
                   r"\b(?:days?|morning|week|afternoon|evening|night)[.!]*$", re.I)
# what is happening as the owner speaks ("the kids are driving me mad this afternoon"): the moment's news
# ("I'm learning piano right now" is a skill under way: "right now", "at the moment" do not say the moment)
_NOW = re.compile(r"\b(?:just\s+now|this\s+(?:morning|afternoon|evening)|tonight)[.!]*$", re.I)
_ABOUT_ASSISTANT = re.compile(r"^(?:you're|you\s+are|you\s+were|you've\s+been)\b", re.I)  # "you're a lifesaver"
# what is left of "no, never", "no chance", "not really", "no way": an answer with no thing in it
_ANSWER_ONLY = re.compile(r"^(?:(?:not|never|really|chance|way|mind|kidding|sure|much|at\s+all|thanks|sorry|ta|problem|"
                          r"worries|idea|clue|more|one|yet|either)\b[\s,.!]*)+$", re.I)
_WH = ("what", "who", "whom", "whose", "where", "when", "why", "how", "which")
_QUESTION_AUX = frozenset("do does did is are was were am can could would will shall should have has may might "
                          "isn't aren't didn't don't doesn't wasn't weren't can't couldn't won't wouldn't".split())
_SUBJECTS = ("nsubj", "nsubjpass", "expl", "csubj")
_UNDER = frozenset("advcl csubj relcl acl ccomp".split())
# a habit said without its subject ("Swim on Mondays", "Play football for Hollin Rovers"), a liking ("Love horses")
_HABIT = re.compile(r"\b(?:every|each|on\s+\w+days|at\s+weekends|weekly|daily|for\s+[A-Z]\w+)\b|\b\w+days\b")
_STATIVE = frozenset("love like hate adore enjoy prefer live work".split())
_EXCLAIMED = re.compile(r"^what\s+an?\b|^how\s+(?:lovely|nice|sweet|cool|funny|annoying|exciting|rude)\b", re.I)


@dataclass(frozen=True)
class Part:
    """One part of a statement and what it does; `condition`: it sets a condition for another part
    ("if it rains"), which tells nothing alone (what a rule says is said in its main clause too)."""
    text: str
    act: str
    condition: bool = False


def _stripped(text: str) -> str:
    return _LEAD.sub("", text.strip().replace("’", "'")).strip(" ,.!")


def _tokens_in(s: Sentence | None, whole: str, start: int, end: int) -> list[Tok]:
    """The statement's tokens that fall in [start, end) of its text."""
    if s is None:
        return []
    out, at = [], 0
    for t in s:
        found = whole.find(t.text, at)
        if found < 0:
            return []  # the parse's text is not this text: read without it
        at = found + len(t.text)
        if start <= found < end:
            out.append(t)
    return out


def _after_lead(raw: str, toks: list[Tok]) -> list[Tok]:
    """The part's tokens without the words said before it ("please note that", "ok so")."""
    lead = _LEAD.match(raw.replace("’", "'"))
    n = len(re.findall(r"[A-Za-z]+", lead.group(0))) if lead else 0
    while n > 0 and toks:
        n -= toks[0].pos != "PUNCT" and toks[0].lower not in ("'s", "n't", "'m", "'re", "'ll", "'d", "'ve")
        toks = toks[1:]
    return toks


def _parsed_question(toks: list[Tok]) -> bool:
    """An auxiliary before its subject ("is it too late", "are unicorns real"), or a wh-word heading
    the main clause ("how many legs does a spider have"). A heading before a colon asks nothing ("Who's
    who: Bram does the mash"): what follows it is what is said."""
    colon = next((n for n, t in enumerate(toks[:5]) if t.text == ":"), None)
    if colon is not None and colon < len(toks) - 1:
        toks = toks[colon + 1:]
    words = [t for t in toks if t.pos not in ("PUNCT", "INTJ") and t.lower not in ("so", "and", "but", "oh", "ok")]
    if not words:
        return False
    first = words[0]
    if first.lower in _WH:
        # "when I was five I broke my arm", "what I love is swimming": the wh-word opens a clause under another verb
        by_i = {t.i: t for t in toks}
        t, seen = first, set()
        while t.head != t.i and t.head in by_i and t.i not in seen:
            seen.add(t.i)
            t = by_i[t.head]
            if t.dep in _UNDER:
                return False
        # "how I block a jumper": a subject before any verb, apart from the wh-word, is a heading, not a question
        verb = next((t for t in words[1:] if t.pos in ("AUX", "VERB")), None)
        subject = next((t for t in words[1:] if t.dep in _SUBJECTS), None)
        if verb is not None and subject is not None and subject.i < verb.i:
            return _governs(toks, subject, first)
        return True
    if first.lower in _QUESTION_AUX and first.dep in ("aux", "ROOT", "auxpass"):
        head = next((t for t in toks if t.i == first.head), first)
        if head.dep == "advcl":
            return False  # "Should business pick up, ...": an inverted condition, asked of nobody
        after = words[1] if len(words) > 1 else None
        return after is not None and (after.dep in _SUBJECTS or after.pos in ("PRON", "PROPN", "NOUN", "DET"))
    return False


def _governs(toks: list[Tok], top: Tok, t: Tok) -> bool:
    """Whether `t` is in `top`'s subtree ("how many legs": the wh-word is in the subject)."""
    by_i = {x.i: x for x in toks}
    seen: set[int] = set()
    while t.i != top.i and t.head != t.i and t.head in by_i and t.i not in seen:
        seen.add(t.i)
        t = by_i[t.head]
    return t.i == top.i


def _command(toks: list[Tok]) -> bool:
    """A bare verb with no subject heads the part ("Draft an email ...", "sing the sleepy song"); not a
    habit or a liking said without its "I" ("Swim on Mondays", "Have two cats", "Love horses")."""
    words = [t for t in toks if t.pos not in ("PUNCT", "INTJ") and t.lower not in ("just", "now", "then", "and", "ok", "so")]
    if not words:
        return False
    first = words[0]
    subject = any(t.dep in _SUBJECTS and t.head == first.i for t in toks)
    habit = _HABIT.search(" ".join(t.text for t in toks)) or first.lemma in _STATIVE or first.lemma == "have" and any(
        t.head == first.i and t.dep == "dobj" and any(k.head == t.i and k.tag == "CD" for k in toks) for t in toks)
    return first.tag == "VB" and first.dep == "ROOT" and not subject and not habit and first.lower not in ("thank", "see", "bye")


def _happening_now(said: str, toks: list[Tok]) -> bool:
    """A verb in the present progressive ("I'm playing", "are driving") said of now, today or this afternoon, or a
    doing that lasts a moment said so ("my dog is barking at the postman", "the twins are fighting again"; not a
    change said of these days: "she's sleeping better lately")."""
    going_on = [t for t in toks if t.tag == "VBG" and t.dep == "ROOT" and any(
        a.head == t.i and a.dep == "aux" and a.lemma == "be" and a.tag in ("VBP", "VBZ") for a in toks)]
    return bool(going_on) and (bool(_NOW.search(said)) or any(t.lemma in MOMENT for t in going_on)
                               and not _THESE_DAYS.search(said))


# a change said of a while, not of the moment: "she's sleeping better these days", "he's eating less lately"
_THESE_DAYS = re.compile(r"(?i)\b(?:these\s+days|nowadays|lately|recently|at\s+night|every|always|usually|often|a\s+lot|"
                         r"better|worse|more|less|through\s+the\s+night|since)\b")


_DEIXIS = frozenset("today tonight yesterday again lately".split())
_PEOPLE = PERSON_PRONOUNS | frozenset("i me we us you".split())  # the speakers and whom a pronoun means


def _ambient(toks: list[Tok]) -> bool:
    """The day's weather, traffic or mood judged, of nobody in particular ("Traffic was a nightmare this
    morning", "the weather is lovely today", "it was chaos again"): a copula whose subject is no person,
    nothing named and nothing of anyone's, with a judgement (an adjective or a noun) as its complement
    and a word of the moment (today, again, this morning). "My exam was hard today" is the owner's."""
    root = next((t for t in toks if t.dep == "ROOT"), None)
    if root is None or root.lemma != "be" or any(t.tag == "CD" for t in toks):
        return False
    kids = [t for t in toks if t.head == root.i and t.i != root.i]
    subject = next((t for t in kids if t.dep in ("nsubj", "expl")), None)
    judged = next((t for t in kids if t.dep in ("acomp", "attr") and t.pos in ("ADJ", "NOUN")), None)
    if subject is None or judged is None or subject.pos == "PROPN" or subject.lower in _PEOPLE:
        return False
    if any(t.head == subject.i and (t.dep == "poss" or t.pos == "PROPN") for t in toks):
        return False
    if subject.text[:1].isupper() and subject.tag == "NN" and not subject.lower.endswith("ing") \
            and not any(t.head == subject.i and t.dep == "det" for t in toks):
        return False  # a bare capitalised noun may be a name the tagger did not know ("Ravi was grumpy")
    # the word of the moment says when the judgement holds: it hangs on the copula or the judgement
    # ("the fix is open the side door ... close it again": "again" is of the step, not of the judgement)
    said = [t for t in toks if t.head in (root.i, judged.i) and t.i != root.i]
    return any(t.lower in _DEIXIS or t.lower in ("morning", "afternoon", "evening", "week", "night") and any(
        d.head == t.i and d.lower in ("this", "last") for d in toks) for t in said)


def act_of(text: str, toks: list[Tok] | None = None, *, hypothetical: bool = False, conditioned: bool = False) -> str:
    """What one part does. `toks`: its tokens in the statement's parse; `hypothetical`: an earlier
    part of the statement set up a condition contrary to fact ("If I won the lottery, I'd ...");
    `conditioned`: the statement sets a condition ("were we to ...", "if ...", "in case ...")."""
    said = _stripped(text)
    raw = text.strip()
    toks = _after_lead(raw, toks or [])
    if not re.search(r"[A-Za-z0-9]", said) or not re.search(r"\d", said) and not memory_need(said).needed:
        return "small_talk"
    if _ASSISTANT_SAID.match(said):
        return "assistant_said"
    if DISCLAIMER.match(said):
        return "small_talk"  # "..., but don't quote me": a hedge of what was said (certainty.py), no ban
    if WISHED_TO_BE.match(said) or WISHED.match(said) and not _IF.search(said) and not (hypothetical or conditioned):
        return ASSERTION  # "I'd love to be a vet one day", "I'd love to see Iceland": a wish, no condition
    if _HYPOTHETICAL.match(said) or _IF_PAST.search(said) and _WOULD.search(said) or _IF_MAYBE.match(said) \
            or hypothetical and _WOULD.search(said):
        return "hypothetical"
    if _EXCLAIMED.match(said) and not raw.endswith("?"):
        return "small_talk"  # "what a funny dragon", "what a day"
    if raw.endswith("?") or _ASKED_WITHIN.match(said) or _TAG.search(raw) or _parsed_question(toks or []) \
            and not CONDITION_WORDS.match(said):  # "Should the alarm go off, ring Ottoline": a condition, no question
        return "question"
    if kept_secret(said):
        return "request"  # "don't tell him", "please don't tell Mum yet": a secret kept for now (secrets_kept.py)
    if standing_request(said):
        return ASSERTION  # "please don't suggest pubs for meetups": a boundary the owner sets (boundaries.py)
    if _ASKING.match(said) or _command(toks or []):
        return "request"
    if _MOOD.match(said) or _ABOUT_ASSISTANT.match(said) or _ANSWER_ONLY.match(said) or _happening_now(said, toks) \
            or _ambient(toks):
        return "small_talk"
    if _UNSURE_FUTURE.search(said) and not re.search(r"\b(?:must|allowed)\b", said, re.I):
        return "uncertain_future"
    if conditioned and own_condition(toks) and future(toks):  # "if I win the lottery I'm buying a vineyard"
        return "hypothetical"
    if conditional(toks, conditioned=conditioned):  # "we'd need another driver", "we could perhaps trial ..."
        return "hypothetical" if conditioned or hypothetical else "uncertain_future"
    if hedged_plan(toks) and not dated(said, one_off=True):  # "we'll probably look at new software", "thinking of
        return "uncertain_future"  # taking up yoga"; with its date a plan is told, hedged ("I'll probably retire in June")
    if moment_chat(toks) or relayed_forecast(toks) or relayed_suggestion(toks) or rumoured_future(said, toks) \
            or held_opinion(toks):  # "my boss thinks he's a comedian": an opinion of what someone is (opinions_held.py)
        return "small_talk"  # "that new logo looks sharp", "Jo thinks we'll be busier", "word is the rent's going up"
    return ASSERTION


def own_condition(toks: list[Tok]) -> bool:
    """An "if" said of the owner or the team ("if I get the job", "if we get the grant"): with a plan
    for the future beside it, a plan that may never happen; a condition on the world ("if it rains,
    we'll move the class indoors") is how the team works."""
    first = next((t for t in toks if t.pos not in ("PUNCT", "INTJ", "CCONJ") and t.lower not in ("so", "well", "and")), None)
    return first is not None and first.lower in ("if", "unless") and first.dep == "mark" and any(  # said first, not reported
        k.head == first.head and k.dep in _SUBJECTS and k.lower in ("i", "we") for k in toks)  # ("Declan says if I pass ...")


def _cut(statement: str, s: Sentence | None) -> list[tuple[str, list[Tok], str]]:
    """The statement's pieces, each with its tokens and the text between it and the piece before."""
    out, at = [], 0
    for piece in _PART_BREAK.split(statement):
        start = statement.find(piece, at)
        between, at = (statement[at:start], start + len(piece)) if start >= 0 else ("", at)
        if piece.strip(" ,.!?"):
            out.append((piece, _tokens_in(s, statement, start, start + len(piece)) if start >= 0 else [], between))
    return out


def _holds_condition(toks: list[Tok], piece: str) -> bool:
    """A condition inside the piece ("we'd need more staff if we opened on Sundays")."""
    return any(t.dep == "mark" and t.lower in ("if", "unless") for t in toks) or bool(
        re.search(r"(?i)\b(?:if|unless)\b|\bin\s+case\b(?!\s+of\b)", piece))


def parts(statement: str, s: Sentence | None = None) -> list[Part]:
    """The statement's parts, each with its act. `s`: the statement's parse, or None.
    A condition ("if it rains", "were we to open on Sundays") does what its main clause does: it is
    part of a rule when the main clause states one, and hypothetical when the main clause says what
    would, could or might be."""
    out: list[Part] = []
    hypothetical = False
    tagged = bool(_TAG.search(statement.strip()))  # "the invoices went out, didn't they?": asked throughout
    cut = _cut(statement, s)
    hoped, doubted = bool(HOPED.search(statement)), bool(DOUBTED.search(statement))
    conditions = [is_condition(_stripped(p), _after_lead(p.strip(), toks)) for p, toks, _ in cut]
    joined = [n > 0 and not re.search(r"[.!?]", between) and not re.search(r"[.!?]\s*$", cut[n - 1][0])
              for n, (_, _, between) in enumerate(cut)]  # the piece goes on the sentence of the piece before it
    for n, (piece, toks, between) in enumerate(cut):
        conditioned = conditions[n] or _holds_condition(toks, piece) or (n > 0 and joined[n] and conditions[n - 1]) \
            or (n + 1 < len(cut) and joined[n + 1] and conditions[n + 1])
        act = "question" if tagged else act_of(piece, toks, hypothetical=hypothetical, conditioned=conditioned)
        if act == ASSERTION and hoped and future(_after_lead(piece.strip(), toks)):
            act = "uncertain_future"  # "we'll be able to hire someone by spring, fingers crossed"
        if act == ASSERTION and doubted and (reported(_after_lead(piece.strip(), toks)) or DOUBTED.search(piece)):
            act = "small_talk"  # "Dana claims she invented the trick, I don't believe her"
        if act == ASSERTION and shrugged_news(statement, _stripped(piece)):
            act = "small_talk"  # "heard the convention's moving to Tartu, but who knows"
        if out and out[-1].act in ("request", "question") and re.search(r"(?i)\bbut\b", between) and toks \
                and not any(t.pos in ("VERB", "AUX") for t in toks):
            act = out[-1].act  # "try again but funnier": the request goes on
        hypothetical = hypothetical or act == "hypothetical"
        out.append(Part(piece.strip(), act))
    for n, is_cond in enumerate(conditions):  # a condition does what its main clause does
        main = _main_of(n, conditions, joined)
        if is_cond and main is not None and own_condition(cut[n][1]) and future(cut[main][1]) and out[main].act == ASSERTION:
            out[main] = Part(out[main].text, "hypothetical")  # "If I get the job, I'll move to Leeds."
        if is_cond and main is not None:
            out[n] = Part(out[n].text, out[n].act if out[n].act == "hypothetical" else out[main].act, condition=True)
        elif is_cond and out[n].act == ASSERTION and lone_condition(cut[n][1]):
            out[n] = Part(out[n].text, "hypothetical", condition=True)  # "In case the van breaks down again."
    return out


def _main_of(n: int, conditions: list[bool], joined: list[bool]) -> int | None:
    """The piece a condition belongs to: the next one of its sentence that is no condition, else the one before."""
    m = n + 1
    while m < len(conditions) and joined[m]:
        if not conditions[m]:
            return m
        m += 1
    return n - 1 if n > 0 and joined[n] and not conditions[n - 1] else None  # "..., were we to take on weekend jobs"


def states(clause: str) -> bool:
    """Whether a clause, read alone (without its parse), tells something."""
    return act_of(clause) == ASSERTION


def stated(clause: str) -> str:
    """What a clause tells: itself when it is one assertion, its asserting parts when it has several
    ("my gran lives in Malta, do you know it?" -> "my gran lives in Malta"), "" when it tells nothing."""
    mine = parts(clause)
    if len(mine) < 2:
        return clause if states(clause) else ""
    return ", ".join(p.text.strip(" ,") for p in mine if p.act == ASSERTION)


def has_content(f: Fact) -> bool:
    """A subject, a predicate and a value with a word of its own (not "it", "that", "one")."""
    return bool(f.subject.strip() and f.predicate.strip() and (content_words(f.value) - _EMPTY_VALUES
                                                                or re.search(r"\b[A-Z]{2,5}\b", f.value)))  # "IT", "HR"


_EMPTY_VALUES = frozenset("it that this them those one so yes no not never ok okay me you us".split())


def told(f: Fact, turn: list[Part]) -> bool:
    """Whether the fact's value is said where the owner tells something: not only in a question, a
    request, small talk, a hypothetical, the assistant's words or an uncertain plan of the turn. A
    value said only in a rule's condition ("if it rains") is told when the fact holds the rule's main
    clause too ("..., we move the class indoors"), not when it is the condition alone ("in case the boss asks")."""
    if not has_content(f):
        return False
    mine = content_words(f.value) - content_words(f.subject) or content_words(f.value)  # "we" was said, not the team's name
    other = set().union(set(), *(content_words(p.text) for p in turn if p.act != ASSERTION))
    asserted = set().union(set(), *(content_words(p.text) for p in turn if p.act == ASSERTION))
    if not asserted or mine <= other and not mine <= asserted:
        return False
    condition = set().union(set(), *(content_words(p.text) for p in turn if p.act == ASSERTION and p.condition))
    main = set().union(set(), *(content_words(p.text) for p in turn if p.act == ASSERTION and not p.condition))
    if not mine <= condition or mine <= main:
        return True
    return bool((content_words(f.text) - content_words(f.subject) - mine) & main)


__all__ = ["ASSERTION", "Part", "act_of", "has_content", "parts", "stated", "states", "told"]
