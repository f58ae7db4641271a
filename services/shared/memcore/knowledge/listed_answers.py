"""An answer given as a numbered or bulleted list, read as the list it is (issue 35).

Asked "What do you like doing?", a teenager may type "1. volleyball 2. baking with my gran 3. anime"; asked
"Who lives with you?", "- mum - dad - my brother Tariq". The answer readers (answers.complete) take an
answer's first sentence to fill the question's frame, and "1." ends a sentence: the frame was filled with
"1" and nothing else was read. `as_a_list` gives such an answer as an ordinary list ("volleyball, baking with
my gran and anime"), which the frame and the fact families read item by item.

Only a whole answer that is a list is rewritten: it opens on its first marker, has at least two items, and
numbered items count up from one ("1. ... 2. ... 3. ..."), so a number inside an item ("2. two cats") or a
sentence that merely holds a dash is left as it was. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from .session_lines import said_by, text_of

# a numbered item's marker: "1.", "2)", "3 -" at the start or after a space or a line break
_NUMBERED = re.compile(r"(?:^|(?<=\s))(\d{1,2})\s*[.)](?=\s)|(?:^|(?<=\s))(\d{1,2})\s+[-–:](?=\s)")
# a bullet's marker at the start of the answer or of a line, or after a space: "- ", "• ", "* "
_BULLET = re.compile(r"(?:^|(?<=\s))[-–•*](?=\s)")
_ITEM_END = re.compile(r"[\s,;.!]+$")


def _items_numbered(text: str) -> list[str] | None:
    marks = list(_NUMBERED.finditer(text))
    if len(marks) < 2 or marks[0].start() != 0:
        return None
    numbers = [int(m.group(1) or m.group(2)) for m in marks]
    if numbers != list(range(1, len(numbers) + 1)):
        return None  # "1. two cats 2. a dog": counted from one, in order, or no list
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return [text[m.end():end] for m, end in zip(marks, ends)]


def _items_bulleted(text: str) -> list[str] | None:
    marks = list(_BULLET.finditer(text))
    if len(marks) < 2 or marks[0].start() != 0:
        return None
    ends = [m.start() for m in marks[1:]] + [len(text)]
    return [text[m.end():end] for m, end in zip(marks, ends)]


def as_a_list(text: str) -> str | None:
    """The answer as an ordinary list ("a, b and c") when the whole of it is a numbered or bulleted list of two
    or more items; None otherwise."""
    said = text.strip()
    items = _items_numbered(said) or _items_bulleted(said)
    if not items:
        return None
    items = [_ITEM_END.sub("", i).strip() for i in items]
    if not all(items):
        return None  # an empty item: no list ("1. 2. 3.")
    return ", ".join(items[:-1]) + " and " + items[-1]


# the owner said among whom they live with: "mum, dad, me and grandad", "mama papa me and my gran"
_ME_LISTED = re.compile(r"(?i)(?:,\s*|\s+)(?:me|myself)(?=\s*(?:,|\band\b))|(?:,\s*|\s+and\s+)(?:me|myself)\s*$|^(?:me|myself)\s*(?:,|\band\b)\s*")


def without_the_owner(ties: str) -> str:
    """A list of the people one lives with, without the owner said among them ("mum, dad, me and grandad":
    "mum, dad and grandad"; "mama papa me and hii-baa": "mama papa and hii-baa"). The owner is no tie of their
    own, and "me" left in the list cut it short ("I live with my mum, my dad, me ...")."""
    return _ME_LISTED.sub("", ties).strip()


# an owner's line that only announces a list to come: "ok my top 3:", "here goes:", "let me think... ok:"
_ANNOUNCES = re.compile(r":\s*$")


def question_before_announced(previous: Sequence[str], speaker: str | None, back: int = 5) -> str | None:
    """The question a list answers when the owner announced it first ("What do you like doing?" "ok my top 3:"
    ... "go on!" "1. badminton 2. ..."): the last question asked of the owner within the last `back` lines,
    when an owner's line after it ends on a colon. None when nothing was announced: a list said out of the
    blue answers no question."""
    announced = False
    for line in reversed(list(previous)[-back:]):
        if said_by(line, speaker):
            announced = announced or bool(_ANNOUNCES.search(text_of(line)))
            continue
        if announced and text_of(line).rstrip().endswith("?"):
            return line
    return None


__all__ = ["as_a_list", "question_before_announced", "without_the_owner"]
