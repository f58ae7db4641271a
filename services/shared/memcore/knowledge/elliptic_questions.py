"""Questions asked by a noun alone, and answers that say how long after what (issue 35, short answers; read with
answers.complete).

- "And your role?", "your surname?", "And your school?": the assistant asks the owner's role, surname or school as
  it asked something of the owner before; the question is "What's your role?", and its answer ("treasurer") is
  the owner's role, as after the full question. Only a thing one has one of (a role, a job, a school, a team ...)
  is asked so; "And you?", "And the kids?" ask again whatever was asked before, and are left alone.
- "Herat, but I grew up in Tehran": the answer, then a clause of its own; the answer fills the frame, the clause is
  read as said;
- "treasurer, for three years now", "nurse, since 2019": the answer, then how long it has been so. The answer
  fills the question's frame; how long follows as a sentence of its own, so that the frame is not filled with it.
Pure string work.
"""
from __future__ import annotations

import re

# what one has one of, asked by its noun alone
_ONE_OF = (r"(?:role|job|work|position|title|post|name|surname|first\s+name|last\s+name|nickname|age|school|class|"
           r"grade|year|team|club|department|unit|ward|shift|employer|company|workplace|hometown|town|city|home\s+town|"
           r"address|birthday|major|subject|instrument|position|favou?rite\s+[a-z]+|main\s+[a-z]+)")
_ELLIPTIC = re.compile(rf"(?i)^(?:(?:and|so|ok|okay|oh|what\s+about|how\s+about)\s*,?\s+)*your\s+(?P<thing>{_ONE_OF})"
                       r"(?:\s+(?:there|here|then|now))?\s*\?\s*$")
# "Where are you from originally?", "What do you do exactly?": asked as without the word
_AFTERWORD = re.compile(r"(?i),?\s+(?:originally|exactly|then|these\s+days|nowadays)(?=\s*\?\s*$)")
# how long it has been so, said after the answer: "..., for three years now", "..., since 2019", "..., 5 years now"
_HOW_LONG_AFTER = re.compile(r"(?i),\s*(?P<long>(?:for\s+|since\s+|about\s+|almost\s+|nearly\s+|over\s+)?(?:(?:a|one|two|three|"
                             r"four|five|six|seven|eight|nine|ten|\d+|a\s+few|many|some)\s+(?:years?|months?|weeks?)"
                             r"(?:\s+(?:now|already|so\s+far))?|since\s+[\w ]+))\s*$")

# a clause with its own subject said after the answer: ", but I grew up in Tehran", ", and she's 9", ", so we ..."
# (a pronoun opens it: "and my mum's lasagne", "and my sister Voahangy" are more of the answer, not a clause)
_CLAUSE_AFTER = re.compile(r"(?i),?\s+(?:but|and|so|because|cos|though)\s+(?=(?:I|I'm|I've|I'd|we|we're|he|he's|she|she's|"
                           r"they|they're)\b)")


def asked_in_full(question: str) -> str:
    """The question as asked in full when it names only the thing it asks ("And your role?" -> "What's your role?"),
    and without a word at its end that does not change what it asks ("Where are you from originally?")."""
    m = _ELLIPTIC.match(question.strip())
    return f"What's your {m.group('thing').lower()}?" if m else _AFTERWORD.sub("", question)


def clause_apart(first: str) -> tuple[str, str]:
    """The answer without a clause of its own said after it ("Herat, but I grew up in Tehran" -> ("Herat", "I grew up
    in Tehran.")); the answer and "" when it has none."""
    m = _CLAUSE_AFTER.search(first)
    if m is None or not first[:m.start()].strip(" ,"):
        return first, ""
    said = first[m.end():].strip()
    return first[:m.start()].strip(" ,"), said[:1].upper() + said[1:].rstrip(".") + "."


def how_long_apart(first: str) -> tuple[str, str]:
    """The answer without how long it has been so, and that as a sentence ("treasurer, for three years now" ->
    ("treasurer", "For three years now.")); the answer and "" when it says no such thing."""
    m = _HOW_LONG_AFTER.search(first)
    if m is None or not first[:m.start()].strip():
        return first, ""
    long = m.group("long").strip()
    return first[:m.start()].strip(), long[:1].upper() + long[1:] + "."


__all__ = ["asked_in_full", "clause_apart", "how_long_apart"]
