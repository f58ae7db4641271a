"""What a sentence says about someone, as noun phrases (issue 12).

"What did Tom say about his sourdough starter?" asks about "his sourdough starter"; "say about"
and "what did" are how the question is put, and anyone can be asked that. Compared with a
person's facts, the frame words add the same noise to every candidate, and they match the
profile's social remarks ("Tom came round last night") better than the clue matches anything.
So the clue is read from the dependency parse: everything from the first noun phrase that is not
a pronoun or a question word to the end ("the oak she felled" keeps its relative clause, "the
exam marking" its last word when the tagger reads it as a verb), cut where a coordinated noun
phrase begins ("the rowing club or his regatta": two clues).

The parser runs on the context of an ambiguous name only (a short text), never on a turn.
"""
from __future__ import annotations

from .ner import parse_pipes

_QUESTION_TAGS = frozenset({"WP", "WDT", "WP$"})


def clue_phrases(text: str) -> list[str] | None:
    """The noun phrases the text is about, in order: [] when it has none, None when the parser is
    unavailable (callers then fall back to clauses)."""
    pipes = parse_pipes()
    if pipes is None:
        return None
    if not text.strip():
        return []
    make_doc, parse = pipes
    doc = parse(make_doc(text))
    chunks = [c for c in doc.noun_chunks if c.root.pos_ != "PRON" and c.root.tag_ not in _QUESTION_TAGS]
    if not chunks:
        return []
    bounds = [chunks[0].start, *(c.start for c in chunks[1:] if c.root.dep_ == "conj"), len(doc)]
    out: list[str] = []
    for a, b in zip(bounds, bounds[1:]):
        toks = list(doc[a:b])
        while toks and (toks[-1].is_punct or toks[-1].dep_ == "cc"):  # "..., and" before the next phrase
            toks.pop()
        if toks:
            out.append(doc[toks[0].i:toks[-1].i + 1].text)
    return out
