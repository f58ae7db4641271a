"""What a learner of English leaves out, put back before the turn is read (issue 35).

Owners who speak English as a second language drop the small words the readers look for: the article
before a job ("I am cook on cargo ship", "my husband is driver for bus company", "I work as nurse") and
the "is" of a name ("My name Tioti, I am from Tarawa"), the "my" of a tie said before a name ("husband Ion
drives a minibus"). Without them the parser reads "cook" as a verb
and "nurse" as an adjective, and nothing is learned. The words are put back only where what follows is
a job's word (occupation.is_job: a known trade or role, or an agent's ending) or a capitalised name.
Pure regex work on the text the extractor reads (reading.as_read), never on the turn's record.
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from .occupation import TRADES, is_job
from .vocabulary import NUMBER_SAID

# who is said to be or to work as something: "I am", "I'm", "she is", "my husband is", "Ana was", "works as"
_BEING = re.compile(r"(?P<be>\b(?:(?:I|i)\s+am|I['’]m|(?:he|she|He|She)(?:\s+is|['’]s)|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er)\s+[a-z]+\s+is|"
                    rf"{NAME_WORD}\s+is|(?:I|i|he|she|He|She|{NAME_WORD})\s+was|works?\s+as|worked\s+as))\s+"
                    r"(?P<words>[a-z]+(?:\s+[a-z]+){0,2})\b(?!['’-])")
# words that say the phrase already has its determiner, or is no noun phrase at all
_NOT_BARE = frozenset("""a an the my your his her our their its this that these those some any no every each one
very so really quite too also still now not just always never only already here there from in at on for with
to by of and or but""".split())
# a tie of home said without "my" before a name, where a clause starts: "husband Ion drives a minibus", "son Kemal is 5"
_HOME_TIES = "husband|wife|son|daughter|brother|sister|mother|father|partner|fiancee?|boyfriend|girlfriend|nephew|niece|cousin"
_TIE_NO_MY = re.compile(rf"(?P<start>^|[.!?;:]\s+|,\s+|\band\s+)(?P<tie>(?i:{_HOME_TIES}))\s+(?={NAME_WORD}\b)")
_NAME_NO_IS = re.compile(rf"\b(?P<my>[Mm]y\s+name)\s+(?!is\b|was\b|['’]s\b)(?={NAME_WORD}\b)")
# an age said as years one has, with nothing after the years ("i have 10 years", "my brother has 12 years."): "of
# experience", "in the job", "left", "ago" say something else, and are left alone ("I am ten years", without
# "have", is ages_said's)
_AGE_AS_YEARS = re.compile(rf"\b(?P<who>I|i|[Hh]e|[Ss]he|[Mm]y\s+[a-z]+|{NAME_WORD})\s+(?:have|has)\s+"
                           rf"(?P<n>{NUMBER_SAID})\s+years?(?:\s+old)?(?=\s*(?:$|[.!?,;]|\band\b))")  # ("I have 12 years old")


def _age(m: re.Match[str]) -> str:
    who = m.group("who")
    return f"{who} {'am' if who in ('I', 'i') else 'is'} {m.group('n')} years old"


def _article(m: re.Match[str]) -> str:
    words = m.group("words").split()
    for k in range(1, len(words) + 1):  # "cook on cargo ship", "bus driver for ...": the first words that end on a job
        if words[k - 1] in _NOT_BARE:
            break
        if words[k - 1].endswith("s") and not words[k - 1].endswith(("ss", "ist")):
            continue  # a plural is no one person's job
        if is_job(words[:k], False):
            after = words[k] if k < len(words) else m.string[m.end():].lstrip().split(" ")[0]
            if words[k - 1] not in TRADES and after in ("of", "on"):
                return m.group(0)  # "I'm head of sales", "chair of the PTA": a post said as natives do, without "a"
            article = "an" if words[0][:1] in "aeiou" else "a"
            return f"{m.group('be')} {article} {m.group('words')}"
    return m.group(0)


def articles_back(text: str) -> str:
    """`text` with the article a learner left out before a job, the "is" of "my name X" and the "old" of an age
    said as years one has ("i have 10 years"), put back."""
    out = _NAME_NO_IS.sub(lambda m: f"{m.group('my')} is ", text)
    out = _TIE_NO_MY.sub(lambda m: f"{m.group('start')}{'My' if not m.group('start') else 'my'} {m.group('tie').lower()} ", out)
    out = _AGE_AS_YEARS.sub(_age, out)
    return _BEING.sub(_article, out)


__all__ = ["articles_back"]
