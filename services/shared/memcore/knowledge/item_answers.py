"""A yes/no question about several things, answered thing by thing (issue 35).

Asked "Do you eat eggs and dairy?", the owner says "eggs yes, dairy no"; asked "Do you drink tea or
coffee?", "tea yes, coffee never". Each piece is the thing, then the answer: a yes is the question's verb
said of the thing ("I eat eggs"), a no its negation ("I don't eat dairy"). Alone, "eggs yes" says no one
eats anything; answers.complete reads the answer so with this module.

Only when every piece's thing was named in the question (the owner answers what was asked, nothing the
assistant did not say is made up), the question asks the owner ("do you ..."), and its verb is one whose
statement the readers know (liking, eating, drinking, playing, speaking, having); any other answer is left
as said.
"""
from __future__ import annotations

import re

_ASKED = re.compile(r"(?i)^(?:and\s+)?do\s+you\s+(?:(?:also|still|ever|usually)\s+)?"
                    r"(?P<verb>eat|drink|like|love|enjoy|play|speak|have|own|keep|watch|read)\s+(?P<things>.+)$")
_PIECE = re.compile(r"(?i)^(?P<thing>[a-z][\w'’ -]{0,30}?)\s+(?P<said>yes|yeah|yep|yup|ya|sure|no|nope|nah|never|not\s+really)$")
_NO = re.compile(r"(?i)^(?:no|nope|nah|never|not\s+really)$")
_CUT = re.compile(r"\s*(?:,|;|\bbut\b|\band\b|\.)\s*", re.I)


def item_by_item(question: str, answer: str) -> str | None:
    """The answer said as the statements it means ("I eat eggs. I don't eat dairy."), or None when it is
    not an answer thing by thing to a question about the owner's things. `question`: the question asked,
    without its openers (answer_frames.question_asked)."""
    asked = _ASKED.match(question.strip().rstrip("?!. "))
    if asked is None:
        return None
    verb, things = asked.group("verb").lower(), asked.group("things").lower()
    pieces = [p.strip(" !") for p in _CUT.split(answer.strip().rstrip(".!")) if p.strip(" !")]
    said, rest = [], []
    for n, piece in enumerate(pieces):
        m = _PIECE.match(piece)
        if m is None:
            rest = pieces[n:]
            break
        thing = m.group("thing").strip()
        if not all(re.search(rf"\b{re.escape(w)}", things) for w in thing.lower().split()):
            return None  # a thing the question did not name
        said.append(f"I don't {verb} {thing}." if _NO.match(m.group("said")) else f"I {verb} {thing}.")
    if not said:
        return None
    more = " ".join(rest)
    return " ".join(said) + (f" {more[:1].upper()}{more[1:]}" if more else "")


__all__ = ["item_by_item"]
