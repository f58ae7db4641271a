"""Split an utterance into statements, keeping character offsets.

A statement is normally one sentence. An instruction (a process) is kept as one
statement even when it spans several sentences: after an explicit header
("Remember this process:", "Here's how to ...:") or a goal clause ("To close the
till, count the cash."), following sentences that read as further steps
("Then ...", "Anything ...", "Lock the drawer.", "2. ...") are merged into it.
"""

from __future__ import annotations

import re

from .lexicon import IMPERATIVE_VERBS, STEP_CONNECTORS, TOPIC_SHIFT_OPENERS
from .models import Statement

_ABBREVIATIONS = frozenset(
    "mr mrs ms dr st jr sr prof inc ltd co corp vs etc e.g i.e a.k.a aka approx no fig dept est "
    "mt ft ave blvd rd sgt capt gen lt col".split()
)

# A sentence ends at . ! ? (or … ) plus optional closing quotes/brackets, then whitespace.
_BOUNDARY = re.compile(r"(?:[.!?]+|…)[\"'”’)\]]*(?=\s)|\n")
_WORD_BEFORE = re.compile(r"([\w.]+)$")

_PROCESS_HEADER = re.compile(
    r"^\s*(?:"
    r"(?:please\s+)?(?:remember|note|learn|save|memori[sz]e)\s+(?:this|the\s+following|these|our|my)\s+"
    r"(?:process|procedure|routine|recipe|workflow|steps?|instructions?|checklist|method)"
    r"|here(?:'s|’s|\s+is|\s+are)\s+(?:how\b|the\s+(?:process|procedure|routine|workflow|steps?|recipe))"
    r"|(?:the\s+|our\s+|my\s+)?(?:process|procedure|routine|workflow|steps?|recipe|checklist)\s+"
    r"(?:for|to|of)\s+[^.!?]{2,80}?\s*(?:is|are|goes|:)"
    r"|this\s+is\s+how\s+(?:we|you|to|i)\b"
    r"|how\s+to\s+[^.!?:]{2,80}:"
    r")",
    re.IGNORECASE,
)

# "To check X, paste ..." / "In order to ..., ..." / "When you close up, always ..."
_GOAL_CLAUSE = re.compile(
    r"^\s*(?:[^:]{0,60}:\s*)?(?:in\s+order\s+)?to\s+(?P<goal>[a-z][^,;:.!?]{3,120}),\s*(?P<step>\w+)",
    re.IGNORECASE,
)
_WHEN_CLAUSE = re.compile(
    r"^\s*(?:when(?:ever)?|each\s+time|every\s+time|before|after)\s+(?:you|we|i)\s+[^,;.!?]{2,100},\s*"
    r"(?:always\s+|first\s+|just\s+)?(?P<step>\w+)",
    re.IGNORECASE,
)
_LIST_MARKER = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•]|step\s+\d+\b)", re.IGNORECASE)
_FIRST_WORD = re.compile(r"[A-Za-z’']+")


def _is_abbreviation_end(text: str, dot_index: int) -> bool:
    """True when the '.' at dot_index ends an abbreviation, an initial or a list number."""
    match = _WORD_BEFORE.search(text, 0, dot_index)
    if not match:
        return False
    word = match.group(1).lower().rstrip(".")
    if word in _ABBREVIATIONS:
        return True
    if len(word) == 1 and word.isalpha() and text[match.start()].isupper():
        return True  # an initial: "J. Smith"
    if word.isdigit() and len(word) <= 2:
        before = text[: match.start()].rstrip(" \t")
        if re.search(r"\d[:.]$", before):
            return False  # the minutes of a time ("open 7:00-18:30. Late pickup ..."), not a list's number
        return before == "" or before.endswith((":", ".", "!", "?", "\n"))
    return False


def _next_char_is_lower(text: str, index: int) -> bool:
    """"at 9 a.m. on site": a period followed by a lowercase word does not end a sentence."""
    rest = text[index:].lstrip(" \t")
    return bool(rest) and rest[0].islower()


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of text, whitespace trimmed."""
    spans: list[tuple[int, int]] = []
    cursor = 0
    for match in _BOUNDARY.finditer(text):
        if match.group(0) != "\n" and match.group(0).startswith(".") and len(match.group(0)) == 1:
            if _is_abbreviation_end(text, match.start()) or _next_char_is_lower(text, match.end()):
                continue
        _append_trimmed(text, cursor, match.end(), spans)
        cursor = match.end()
    _append_trimmed(text, cursor, len(text), spans)
    return spans


def _append_trimmed(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start and any(ch.isalnum() for ch in text[start:end]):
        spans.append((start, end))


def _first_word(sentence: str) -> str:
    match = _FIRST_WORD.search(sentence)
    return match.group(0).lower().replace("’", "'") if match else ""


def process_start_kind(sentence: str) -> str | None:
    """'header', 'goal' or None: does this sentence open an instruction?"""
    if _PROCESS_HEADER.search(sentence):
        return "header"
    goal = _GOAL_CLAUSE.search(sentence)
    if goal and goal.group("step").lower() in IMPERATIVE_VERBS:
        return "goal"
    when = _WHEN_CLAUSE.search(sentence)
    if when and when.group("step").lower() in IMPERATIVE_VERBS:
        return "goal"
    return None


def is_step_continuation(sentence: str) -> bool:
    """Does this sentence read as a further step of an instruction?"""
    lowered = sentence.lstrip().lower()
    if lowered.startswith(TOPIC_SHIFT_OPENERS):
        return False
    if _LIST_MARKER.match(sentence):
        return True
    word = _first_word(sentence)
    return word in STEP_CONNECTORS or word in IMPERATIVE_VERBS


def is_question(sentence: str) -> bool:
    return sentence.rstrip().rstrip("\"'”’)").endswith("?")


def split_statements(text: str) -> list[Statement]:
    """Statements of an utterance; multi-sentence instructions stay whole."""
    spans = split_sentences(text)
    statements: list[Statement] = []
    i = 0
    while i < len(spans):
        start, end = spans[i]
        kind = process_start_kind(text[start:end])
        if kind is not None:
            j = i + 1
            while j < len(spans) and is_step_continuation(text[spans[j][0] : spans[j][1]]):
                end = spans[j][1]
                j += 1
            statements.append(Statement(text[start:end], start, end, is_process=True))
            i = j
            continue
        sentence = text[start:end]
        statements.append(Statement(sentence, start, end, is_question=is_question(sentence)))
        i += 1
    return statements
