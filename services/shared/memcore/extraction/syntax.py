"""Part-of-speech and dependency signals for capitalised candidates (issue 12).

A capitalised word is a name only when the grammar agrees: "Emma" in "Visited Emma Yates" is a
proper noun, "Visited" is a verb that happens to open the sentence; "Nature" in "Nature always
calms me down" is a common noun, "Yup" an interjection. The installed spaCy model's tagger and
parser decide this; they share the model with NER (ner.py) but run only on the sentences that
hold a capitalised candidate, which keeps a turn without names at the NER-only cost.

The tagger is unreliable on the first word of a sentence (it sees capitalisation and guesses a
proper noun: "Met Daniel", "Went hiking"), so that word is also tagged with its first letter
lowered, and both readings are kept: a word that reads as a verb, adverb, interjection or
adjective in either is an opener, not a name.
"""

from __future__ import annotations

from dataclasses import dataclass

from .ner import syntax_pipes

# Parts of speech that never begin or end a name.
FUNCTION_POS = frozenset({"PRON", "AUX", "ADV", "INTJ", "DET", "ADP", "SCONJ", "CCONJ", "PART", "NUM", "PUNCT", "SYM"})
# Parts of speech that make a sentence-initial capitalised word an opener rather than a name.
OPENER_POS = FUNCTION_POS | {"VERB", "ADJ"}


@dataclass(frozen=True)
class Tok:
    text: str
    start: int  # character offsets in the whole utterance
    end: int
    pos: str
    lower_pos: str  # the tag with the first letter lowered (sentence-initial word only; else == pos)
    dep: str
    head: str  # lowercased head word
    head_pos: str
    lemma_head: str  # lowercased head lemma
    sent_initial: bool
    prev: str  # the previous token's text ("" at the start)
    next: str  # the next token's text ("" at the end)
    subject_of_attr: str  # for a copular subject: the lowercased attribute noun ("neighbour"), else ""


def analyse(text: str, sentences: list[tuple[int, int]]) -> list[Tok] | None:
    """Tokens of the given sentences with their tags; None when the model is unavailable."""
    pipes = syntax_pipes()
    if pipes is None:
        return None
    make_doc, tag, parse = pipes
    out: list[Tok] = []
    for s_start, s_end in sentences:
        sent = text[s_start:s_end]
        doc = parse(make_doc(sent))
        first = next((t for t in doc if not t.is_punct and not t.is_space), None)
        lower_first = None
        if first is not None and first.text[:1].isupper():
            lowered = sent[: first.idx] + sent[first.idx].lower() + sent[first.idx + 1 :]
            ldoc = tag(make_doc(lowered))
            if len(ldoc) == len(doc):
                lower_first = ldoc[first.i].pos_
        for t in doc:
            if t.is_space:
                continue
            attr = ""
            if t.dep_ == "nsubj" and t.head.lemma_ == "be":
                attr = next((c.lower_ for c in t.head.children if c.dep_ == "attr"), "")
            initial = first is not None and t.i == first.i
            out.append(Tok(
                text=t.text, start=s_start + t.idx, end=s_start + t.idx + len(t.text), pos=t.pos_,
                lower_pos=(lower_first or t.pos_) if initial else t.pos_, dep=t.dep_, head=t.head.lower_,
                head_pos=t.head.pos_, lemma_head=t.head.lemma_.lower(), sent_initial=initial,
                prev=doc[t.i - 1].text if t.i > 0 else "", next=doc[t.i + 1].text if t.i + 1 < len(doc) else "",
                subject_of_attr=attr,
            ))
    return out


def is_opener(tok: Tok) -> bool:
    """A sentence-initial word that is capitalised only because it opens the sentence."""
    # the lowered reading guesses ADJ for unknown words ("håkon"), so it counts only for the others
    return tok.sent_initial and (tok.pos in OPENER_POS or tok.lower_pos in OPENER_POS - {"ADJ"})


def is_vocative(tok: Tok) -> bool:
    """"Thanks so much, Rahul!", "Absolutely, Nadia, I'd love to": a name the speaker addresses."""
    return tok.prev == "," and tok.next in ("", ",", "!", ".", "?") and tok.dep in ("npadvmod", "intj", "dep", "appos", "ROOT")
