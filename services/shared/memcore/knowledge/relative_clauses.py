"""Asides set off by commas around a name (issue 35, one card one fact).

A relative clause set off by commas after a name is a statement of its own.

"Liisi, who's our apprentice, sweeps up" says two things of Liisi: she is the apprentice, and she sweeps
up. Said in one sentence, the readers either miss the first or keep it inside the second's line
("Priya, who is the events manager, books the authors"). The reading says it as two sentences instead:
"Liisi sweeps up. Liisi is our apprentice." Each then goes through the readers like any statement, and
neither card holds the other's words. Only "who is/was" after a name, set off by a comma: a restrictive
"the woman who runs the café" is part of what is said.

A name set off by commas after a tie is the tie's name, said as "my boss Kevin": "My boss, Kevin, hates
emails" is read as "My boss Kevin hates emails" (the commas cut the subject off the verb, and "hates" was
read as the noun "hat"). Pure string work on the text the extractor reads (the record keeps the turn as said).
"""
from __future__ import annotations

import re

from ..calendar_words import MONTH_ALT, WEEKDAY
from ..extraction.patterns import NAME
from .ties_after_names import ties_first
from .vocabulary import NUMBER_WORDS, RELATION_PHRASES, RELATIONS

_WHO_IS = re.compile(rf"(?P<name>{NAME}),\s+who(?P<be>['’]s|\s+is|\s+was)\s+(?P<what>[^,.;:!?()]+?)\s*(?P<end>[,;.!?]|$)")
_SMALL_NUMBER = rf"\d{{1,2}}|(?i:{'|'.join(sorted((w for w in NUMBER_WORDS if 0 < NUMBER_WORDS[w] < 20), key=len, reverse=True))})"
_AGE_AFTER_NAME = re.compile(rf"(?P<name>{NAME})(?:\s+who(?:['’]s|\s+is)|\s+aged)\s+(?P<n>{_SMALL_NUMBER})"
                             r"(?:\s+years?\s+old)?(?=\s*(?P<next>and\b|[,.;!?]|$))\s*(?:and\b|[,.;!?])?")
_AGE_IN_BRACKETS = re.compile(rf"(?<![.!?]\s)(?<!^)(?<=\s)(?P<name>{NAME})\s*\(\s*(?P<n>{_SMALL_NUMBER})\s*\)(?=(?P<word>\s+[a-z])?)")
_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+|$)")
_JOINED = re.compile(r"(?i)(?:and|but|or|so|then|plus)\b")
_ASIDE = re.compile(r"(?i)^(?:still|now|also|currently|just|actually|basically)\s+")  # "who's still an apprentice"


def _apart(sentence: str) -> str:
    m = _WHO_IS.search(sentence)
    if m is None or len(m.group("what").split()) > 8:
        return sentence
    name, be = m.group("name"), "was" if m.group("be").strip() == "was" else "is"
    told = f"{name} {be} {_ASIDE.sub('', m.group('what').strip())}."
    rest = sentence[m.end():].strip() if m.group("end") in (",", ";") else ""
    if _JOINED.match(rest):
        return sentence  # "by Yasmin, who's our inspector, and after any storm": the clause closes a phrase the rest goes on from
    main = f"{sentence[:m.start()]}{name}{' ' + rest if rest else '.'}".strip()
    if main[-1] not in ".!?":  # chat often ends without a stop: the aside must not run into the main sentence
        main += "."
    return f"{main} {told}"


_TIE_WORDS = "|".join(sorted((re.escape(w) for w in RELATIONS | set(RELATION_PHRASES)), key=len, reverse=True))
_TIE_NAMED = re.compile(rf"(?P<tie>\b(?i:my|our|his|her|their)\s+(?:[a-z]+\s+)?(?i:{_TIE_WORDS}))\s*,\s*(?P<name>{NAME})\s*,\s*"
                        r"(?=(?!(?:who|which|and|but|or|so)\b)[a-z])")


def _ages_set_apart(text: str) -> str:
    """Ages said right after names in a list, "Sofia who is 9 and Giulia who is 6", "Ali (12) and Omar (8)", "Sofia
    aged 9": said the way the readers know an age beside a name, "Sofia, 9, and Giulia, 6" (the parser hangs a bare
    "who is 6" on the wrong name, and a bracket or "aged" on none)."""
    def said(m: re.Match[str]) -> str:
        after = m.group("next")
        if after == "and":
            return f"{m.group('name')}, {m.group('n')}, and"
        return f"{m.group('name')}, {m.group('n')}{after}"

    text = _AGE_IN_BRACKETS.sub(lambda m: f"{m.group('name')}, {m.group('n')}" + ("," if m.group("word") else ""), text)
    return _AGE_AFTER_NAME.sub(said, text)


# a name with its age set apart by commas, in a list ("Zoe, 7, Max, 5 and Ivy, 2"); no day or month ("Sunday, 12")
_AGED = re.compile(rf"(?P<name>(?!(?i:{WEEKDAY}|{MONTH_ALT})\b){NAME}),\s+(?P<n>{_SMALL_NUMBER})(?:\s+years?\s+old)?"
                   r"(?:,(?=\s+(?:and\b|[a-z])))?(?=\s*(?:,|and\b|[.!?;]|$)|\s+[a-z])")  # (", live in Accra": the list's verb)


def _list_ages_told(sentence: str) -> str:
    """A list of names each with its age ("My brothers are Ali, 12, and Omar, 8") said as the list, then each age
    as a sentence of its own ("My brothers are Ali and Omar. Ali is 12. Omar is 8."): the readers of a list of
    names read it whole, and an age no longer joins its name ("Ali 12"). One aged name is left as it is."""
    aged = list(_AGED.finditer(sentence))
    if len(aged) < 2 or any(re.search(r"[^\s,]", sentence[a.end():b.start()].replace("and", ""))
                            for a, b in zip(aged, aged[1:])):
        return sentence  # one aged name, or names apart with other words between: no list of ages
    listed = _AGED.sub(lambda m: m.group("name"), sentence).rstrip()
    stop = "" if listed[-1:] in (".", "!", "?") else "."
    return f"{listed}{stop} " + " ".join(f"{m.group('name')} is {m.group('n')}." for m in aged)


def relatives_apart(text: str) -> str:
    """The text with each "NAME, who is X," said as a sentence of its own after the one it was in, each
    "my TIE, NAME, ..." said as "my TIE NAME ...", and ages said after names set apart with commas."""
    text = _ages_set_apart(text)
    if _AGED.search(text):
        text = " ".join(_list_ages_told(s.strip()) for s in _SENTENCE.findall(text) if s.strip())
    text = _TIE_NAMED.sub(lambda m: f"{m.group('tie')} {m.group('name')} ", ties_first(text))  # and "NAME, my TIE, ..."
    if not _WHO_IS.search(text):
        return text
    return " ".join(_apart(s.strip()) for s in _SENTENCE.findall(text) if s.strip())


__all__ = ["relatives_apart"]
