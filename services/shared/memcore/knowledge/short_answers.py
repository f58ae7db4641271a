"""Short answers that say more than the frame of the question (issue 35), read with answers.complete.

- a "no" followed by what is so instead: "Does your brother drive a van?" "no, a lorry" says that
  the brother drives a lorry; "Is Ama a teacher?" "nope, a nurse" that Ama is a nurse. The owner's
  word replaces the question's, and only that word is kept: a "no" alone, or a no with a reason or a
  time ("no, not yet", "no, thanks", "nah, later"), teaches nothing;
- how long, said as a span: "How long have you lived with your gran?" "three years in june";
- a count, then the names of those counted: "Do you have any nieces?" "Two, Efua and Adjoa";
- an age, then the names of those asked about: "How old are the girls?" "Nine. Esi and Abena." says
  that Esi and Abena are nine (a group asked about as "they" is left to the frame: the scored sets give
  that age to the group, not to the names).
Pure string decisions: the parse that follows reads the statement as any other.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD, singular
from .person import third_person_verb
from .vocabulary import NUMBER_SAID

_NO_THEN = re.compile(r"^(?:no|nope|nah|not)\s*[,.!]\s*(?:(?:it's|its|just|only|mostly)\s+)?", re.I)
# "Does Kai work nights too?", "Do you drink coffee?", "Is Ama a teacher?": who, the verb, what it is said of
_DOES = re.compile(rf"^(?:does|do) (you|he|she|[Yy]our \w+(?: \w+)??|{NAME_WORD}) (\w+) (.+?)(?: too| as well| either)?$")
_IS = re.compile(rf"^(?:is|are) (you|he|she|[Yy]our \w+(?: \w+)?|{NAME_WORD}) (an? .+?)(?: too| as well| either)?$")
# What a "no" is followed by that is not a thing said instead: a time, a thanks, a reason, a person doing it
_NOT_INSTEAD = re.compile(r"(?i)^(?:not|never|thanks?|thank|sorry|later|yet|soon|today|tomorrow|tonight|anymore|"
                          r"any more|never mind|all good|fine|ok|okay|that's|thats|but|because|cos|i|we|he|she|they|it|"
                          r"you|he's|she's|they're|it's|there|haha|lol|none|nothing|no|nobody|neither|both|sometimes|"
                          r"occasionally|once|rarely|only|just|the same|same|actually|honestly|sadly|luckily|"
                          r"unfortunately|with|without|at|in|on|for|to|by|from|alone|\w+ly)\b")
# a word that says a clause goes on with a verb of its own (shared with answers.py)
VERBISH = re.compile(r"(?i)\b(?:is|are|was|were|am|be|been|have|has|had|do|does|did|can|could|will|would|should|"
                      r"go|goes|went|does|handles|sorts|want|need)\b")
_OBJECT_PRONOUN = re.compile(r"(?i)^(?:it|that|this|these|those|them|him|her|me|us|anything|something|much|many|"
                             r"any|to|with|for|at|in|on|a lot|well|okay|ok)\b")
_NOT_A_HABIT = frozenset("mean think want need say know remember mind agree reckon feel wish hope care mean".split())


def _subject(who: str) -> str:
    return "I" if who.lower() == "you" else re.sub(r"^your\b", "My", who) if who.lower().startswith("your ") else who


def instead(question: str, text: str) -> str | None:
    """"no, X" after a yes/no question about a habit or a kind: the statement with X in its place."""
    no = _NO_THEN.match(text)
    if not no:
        return None
    rest = text[no.end():]
    m = re.match(r"^([^.!?,;]+?)(?:\s*([.!?,;])\s*(.*))?$", rest, re.S)
    if not m:
        return None
    said, after = m.group(1).strip(), (m.group(3) or "").strip()
    if (not said or len(said.split()) > 3 or _NOT_INSTEAD.match(said) or VERBISH.search(said)
            or not re.fullmatch(r"[\w'’ -]+", said)):
        return None
    asked = question.rstrip("?!. ").strip()
    does, kind = _DOES.match(asked), _IS.match(asked)
    if does and does.group(2).lower() not in _NOT_A_HABIT and not _OBJECT_PRONOUN.match(does.group(3)):
        who, verb = does.group(1), does.group(2).lower()
        verb = verb if who.lower() == "you" else third_person_verb(verb)
        statement = f"{_subject(who)} {verb} {said}."
    elif kind and re.match(r"(?i)^an?\s", said):
        statement = f"{_subject(kind.group(1))} {'am' if kind.group(1).lower() == 'you' else 'is'} {said}."
    else:
        return None
    return f"{statement} {after}".strip()


_SPAN = re.compile(rf"^(?:(?:about|around|nearly|almost|over|just over|just under|roughly)\s+)?(?:{NUMBER_SAID}|a|an)"
                   r"(?:\s+and\s+a\s+half)?\s+(?:years?|months?|weeks?|days?)\b", re.I)
# "How long have you lived with your gran?", "How long have you had Biscuit?": a span of one's life
_HOW_LONG = re.compile(r"^how long have you (lived|had|known|worked|been (?:at|in|with|doing|playing|learning))\b(.*)$", re.I)


def how_long(question: str, first: str, rest: str) -> str | None:
    """"three years in june" after "How long have you lived with your gran?": "I have lived with my gran
    for three years in june"."""
    m = _HOW_LONG.match(question)
    if not m or not _SPAN.match(first):
        return None
    what = re.sub(r"(?i)\byour\b", "my", m.group(2)).strip()
    verb = m.group(1).lower()
    if verb in ("lived", "worked") and re.match(r"(?i)^(?:with|at|in|there|here)\b", what):
        verb = "been"  # a stay with someone or somewhere, said as tenure reads it: "I have been with my gran for ..."
    return f"I have {verb} {what} for {first}. {rest}".replace("  ", " ").strip()


_AGE = re.compile(rf"^(?:(?:nearly|almost|about|just)\s+)?{NUMBER_SAID}(?:\s+(?:years?|months?|weeks?)(?: old)?)?$", re.I)
_NAMES = re.compile(rf"^{NAME_WORD}(?:(?:,\s*|\s+and\s+|\s*&\s*){NAME_WORD})*(?:,?\s+and\s+{NAME_WORD})$")


def age_then_names(question: str, first: str, rest: str) -> str | None:
    """"Nine. Esi and Abena." after "How old are the girls?" (or "they", "your boys"): the age said of
    each one named right after it."""
    # the group asked about by what it is ("the girls", "your boys"): "they" leaves whom to the assistant's words
    if not re.match(r"(?i)^how old are (?:the|your|my) \w+$", question) or not _AGE.match(first):
        return None
    names, _, after = rest.partition(". ")
    names = names.strip(" .!")
    if not _NAMES.match(names):
        return None
    return f"{names} are {first[:1].lower() + first[1:]}. {after}".strip()  # "Nine": a number, not a name


_COUNT_NAMED = re.compile(rf"^(?P<count>(?i:{NUMBER_SAID}))\s*[,.:;-]\s*(?P<names>{NAME_WORD}(?:(?:,\s*|\s+and\s+|\s*&\s*){NAME_WORD})*)"
                          r"\s*(?:[.!,;]\s*(?P<after>.*))?$", re.S)


def count_then_names(question: str, text: str) -> str | None:
    """"Two, Mia and Leo" after "Do you have any kids?": "I have two kids, Mia and Leo", the names
    the ones counted (one name for "one")."""
    m, said = re.match(r"^(?:(?:do you have|have you got) (?:any )?|how many )([a-z]+(?: [a-z]+)??)"
                       r"(?: do you have| have you got)?$", question, re.I), _COUNT_NAMED.match(text)
    if not m or not said or m.group(1).lower() in ("of", "more", "other", "time", "times", "questions", "ideas"):
        return None
    count, names = said.group("count").lower(), said.group("names")
    many = count not in ("one", "1")
    if many == (" and " not in names and "," not in names and "&" not in names):
        return None  # two counted, one named (or the other way round): not the ones counted
    thing = m.group(1).lower() if many else re.sub(r"children$", "child", singular(m.group(1).lower()))
    return f"I have {count} {thing}, {names}. {said.group('after') or ''}".strip()


def said_more(question: str, text: str) -> str | None:
    """The answer as the statement it means when it is one of the shapes above, else None."""
    asked = question[:1].lower() + question[1:]
    first, _, rest = text.strip().partition(". ")
    first, rest = first.strip(" ,.!"), rest.strip()
    if _NO_THEN.match(text):
        return instead(asked, text)
    return count_then_names(asked, text) or how_long(asked, first, rest) or age_then_names(asked, first, rest)
