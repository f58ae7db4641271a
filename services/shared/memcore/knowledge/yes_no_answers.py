"""A "yes" or a "no" to a direct question about the owner carries the question's fact (issue 35; formation-spec,
"Relayed plans, settled": "Do you get seasick?" "yes!!" is labelled, as any short answer is). Read with
answers.complete: the question is turned into the owner's statement, affirmed or denied, and whatever the answer
says after its yes or no follows as a sentence of its own ("Can you swim?" "no, not yet" -> "I can't swim yet.";
"Are you married?" "yes, 12 years now" -> "I am married. 12 years now.").

Only a question that asks about the owner's lasting world is read so: "Do you VERB X?", "Are you X?", "Can you
VERB X?", "So you VERB X?", and the same of "your <tie>" ("Does your brother drive?"), in a team's chat of "we".
A "yes" to anything else teaches nothing, and is left as said:
- an offer or a suggestion ("Shall I make a list?", "Do you want me to ...", "Would you like ...", "Want a tip?"):
  an acknowledgement;
- a question about the moment or the chat ("Are you ready?", "Is it cold there today?", "Do you like it?", "Did you
  finish it?", "Can you tell me more?"): no lasting fact, or one whose thing only a pronoun says;
- a question with a choice or an open quantity ("Do you like cats or dogs?", "Do you have any pets?": what is owned
  is the next reader's, answers._owned), and a question about someone not the owner's ("Is Rysy the highest peak?").
Pure string work.
"""
from __future__ import annotations

import re

from .person import third_person_verb
from .vocabulary import PETS, RELATIONS, content_words

_YES = re.compile(r"(?i)^(?:yes+|yeah+|yep|yup|yea|ya|yas+|sure|of course|definitely|absolutely|totally|indeed|correct|"
                  r"that's right|uh[- ]huh|mhm+)\b[\s,.!]*")
_NO = re.compile(r"(?i)^(?:no+|nope|nah|not at all|never)\b(?![-\s]+(?:one|way|idea|clue)\b)[\s,.!]*")
# a yes or a no said with doubt ("not really", "kind of", "sort of yes", "maybe"): the answer's own hedge, left as said
_HEDGED = re.compile(r"(?i)^(?:not\s+really|kind\s+of|kinda|sort\s+of|sorta|a\s+bit|a\s+little|maybe|i\s+think|i\s+guess|"
                     r"sometimes|depends|(?:i'?m\s+)?not\s+sure|i\s+don'?t\s+know|dunno|idk|no\s+idea)\b")
# what a yes or a no may be followed by that adds nothing: feeling, thanks, emphasis
_EMPTY_REST = re.compile(r"(?i)^(?:(?:yuck|yuk|ew+|eww+|gross|bleh|ugh|haha+|ha|lol|hehe|thanks|thank you|ta|please|pls|"
                         r"of course|definitely|totally|absolutely|sadly|unfortunately|really|sure|never|not really|"
                         r"not at all|no way|no|nope|yes|yeah|i do|i am|i can|i don't|i'm not|i can't|we do|we are|"
                         r"we don't|we're not|we can't)\b[\s,.!]*)*$")
_NOT_YET = re.compile(r"(?i)^(?:not\s+)?yet\b[\s,.!]*$")
# the questions read: who is asked, and the verb the answer affirms or denies
_DO = re.compile(r"(?i)^(?:so\s+)?(?P<aux>do|does)\s+(?P<who>you|your\s+[a-z]+(?:\s+[a-z]+)??)\s+"
                 r"(?:(?P<adv>ever|still|usually|often|normally|always|sometimes|also)\s+)?(?P<verb>[a-z]+)\s*(?P<rest>.*)$")
_BE = re.compile(r"(?i)^(?:so\s+)?(?P<aux>are|is)\s+(?P<who>you|your\s+[a-z]+(?:\s+[a-z]+)??)\s+(?:(?P<adv>still|also|ever)\s+)?"
                 r"(?P<rest>.+)$")
_CAN = re.compile(r"(?i)^(?:so\s+)?(?P<aux>can)\s+(?P<who>you|your\s+[a-z]+(?:\s+[a-z]+)??)\s+(?:(?P<adv>already|also)\s+)?"
                  r"(?P<verb>[a-z]+)\s*(?P<rest>.*)$")
_SAID_AS_ASKED = re.compile(r"(?i)^(?:so\s+)?(?P<who>you)\s+(?:(?P<adv>still|usually|always|also)\s+)?(?P<verb>[a-z]+)\s+(?P<rest>.+)$")
# verbs of the chat, of wanting and of the moment: a yes to them teaches nothing
_NOT_LASTING = frozenset("""want wanna need mind fancy like_it think know remember mean see hear understand agree believe
guess imagine feel try tell say describe explain show send share give help check spell repeat wish hope expect plan
intend prefer_it reckon recall promise get_to go come find finish manage""".split())
# words that make the question one of the moment, the chat or a thing only a pronoun says
_CONTEXT = re.compile(r"(?i)\b(?:it|that|this|these|those|them|him|her|there|here|one|ones|any|anything|anyone|anybody|some|"
                      r"something|somebody|someone|much|many|today|tonight|tomorrow|yesterday|now|right\s+now|"
                      r"at\s+the\s+moment|this\s+(?:morning|afternoon|evening|week|weekend|time)|later|soon|yet|already|"
                      r"still|ready|sure|ok|okay|alright|all\s+right|awake|asleep|busy|free|around|back|home|done|"
                      r"finished|there|going|gonna|coming|enjoying|having|doing|feeling|looking|me|us|or|either|too\s+much|"
                      r"yourself|yourselves)\b"
                      # the chat's own things: "Do you like the story?", "Are you enjoying the game?"
                      r"|(?i:\b(?:the|this|that|my|our)\s+(?:story|stories|game|games|joke|jokes|poem|song|riddle|quiz|"
                      r"idea|ideas|plan|tip|tips|answer|question|picture|drawing|list|chat|lesson|puzzle|rhyme|fact|facts|"
                      r"name|names|one|ones|bit|part|ending|end)\b)")
# what, in the rest of the question, ties it to another clause: "Do you dance while you drum?"
_ANOTHER_CLAUSE = re.compile(r"(?i)\b(?:you|while|when|if|because|before|after|until)\b")
# what "are you ..." may ask that is lasting: a state one has, a kind one is, where one is from, a fear, an allergy
_BE_LASTING = re.compile(r"(?i)^(?:an?\s+\w|allergic\s+to\s+\w|scared\s+of\s+\w|afraid\s+of\s+\w|frightened\s+of\s+\w|"
                         r"terrified\s+of\s+\w|good\s+at\s+\w|into\s+\w|from\s+\w|married|single|divorced|engaged|"
                         r"vegetarian|vegan|pescatarian|left-handed|right-handed|retired|coeliac|celiac|diabetic|"
                         r"lactose\s+intolerant|gluten[- ]free|(?:learning|studying|training|teaching|coaching|working|"
                         r"living|playing|volunteering)\s+\w|open\s+on\s+\w|open\s+at\s+\w|closed\s+on\s+\w)")
# an answer's rest that is a clause of its own ("I can ride alone now", "we close at 6")
_OWN_CLAUSE = re.compile(r"(?i)^(?:(?:and|but|so)\s+)?(?:I|I'm|I've|we|we're|my|our|he|she|they)\b")
_DENIED_BE = {"you": "I am not", "we": "we are not"}


def _who(said: str, team: bool) -> tuple[str, bool] | None:
    """Whom the question asks about, as the answer says them ("I", "we", "my brother"), and whether one person
    other than the owner; None when it is not the owner's own or one of the owner's ties."""
    low = said.lower()
    if low == "you":
        return ("we" if team else "I"), False
    tie = low.split(None, 1)[1]
    if tie.split()[-1] in RELATIONS or tie.split()[-1] in PETS:
        return ("our " if team else "my ") + tie, True
    return None


def _statement(question: str, yes: bool, team: bool) -> str | None:
    """The question as the owner's statement, affirmed (`yes`) or denied; None when it asks nothing lasting of the owner."""
    q = question.strip().rstrip("?!. ").strip()
    if _CONTEXT.search(q):
        return None
    for shape in (_DO, _CAN, _BE, _SAID_AS_ASKED):
        m = shape.match(q)
        if m is None:
            continue
        who = _who(m.group("who"), team)
        if who is None:
            return None
        person, other = who
        adv = (m.group("adv") or "").lower()
        adv = "" if adv in ("ever", "still", "also", "already") else adv + " " if adv else ""
        rest = m.group("rest").strip()
        if _ANOTHER_CLAUSE.search(rest):
            return None
        rest = re.sub(r"(?i)\byour\b", "our" if team else "my", re.sub(r"(?i)\byours\b", "ours" if team else "mine", rest))
        if shape is _BE:
            if not _BE_LASTING.match(rest):
                return None
            be = ("is" if other else "are" if person == "we" else "am") + ("" if yes else " not")
            return f"{person} {be} {adv}{rest}"
        verb = m.group("verb").lower()
        if verb == "get" and re.match(r"(?i)^(?:\w+ed|paid|made|hurt|caught|told|sent|given|chosen)\b", rest):
            return None  # "Do you get splashed?", "Do you get paid weekly?": what is done to one, not one's own state
        if verb in _NOT_LASTING or f"{verb}_it" in _NOT_LASTING and not rest or verb.endswith("ing"):
            return None
        if shape is _CAN:
            return f"{person} {'can' if yes else 'cannot'} {adv}{verb} {rest}".rstrip()
        if shape is _SAID_AS_ASKED and not yes:
            return None  # "So you work nights?" "no": what is so instead is the next answer's
        if yes:
            said = third_person_verb(verb) if other else verb
            return f"{person} {adv}{said} {rest}".rstrip()
        return f"{person} {'does not' if other else 'do not'} {adv}{verb} {rest}".rstrip()
    return None


def yes_or_no(question: str, answer: str, team: bool = False) -> str | None:
    """The answer as the statement it means when it is a yes or a no to a question about the owner's lasting world
    (`question`: the question as asked, without its openers), else None. "no, a lorry" (a thing said instead) and
    "yes, a hamster called Nibbles" (what is owned) are left to the readers that follow."""
    said = answer.strip()
    yes, no = _YES.match(said), _NO.match(said)
    if not yes and not no or _HEDGED.match(said):
        return None
    rest = said[(yes or no).end():].strip()  # type: ignore[union-attr]
    if _HEDGED.match(rest):
        return None  # "yes, sometimes", "no, not really": the answer's own hedge
    if yes and re.match(r"(?i)^(?:no|not|never)\b", rest):
        rest = ""  # "yes, no stabilisers": a detail denied, read by nobody as a rule
    not_yet = bool(no and _NOT_YET.match(rest))
    if no and rest and not _EMPTY_REST.match(rest) and not not_yet:
        return None
    if rest and yes and re.match(r"(?i)^(?:do|does)\s+\w+(?:\s+\w+)?\s+(?:have|own)\b|^have\s+you\b", question.strip()):
        return None  # "Do you have a teddy?" "yes his name is Barnaby": what is owned is answers._owned's
    statement = _statement(question, yes is not None, team)
    if statement is None:
        return None
    if rest and _OWN_CLAUSE.match(rest) and content_words(rest) & content_words(question):
        return None  # "Can you ride on your own?" "yes I can ride alone now": the answer says it in its own words
    statement = statement[:1].upper() + statement[1:] + (" yet" if not_yet else "") + "."
    return statement if not rest or _EMPTY_REST.match(rest) or not_yet else f"{statement} {rest[:1].upper()}{rest[1:]}"


__all__ = ["yes_or_no"]
