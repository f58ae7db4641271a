"""Part-of-speech signals for capitalised candidates (issue 12).

A capitalised word is a name only when the grammar agrees: "Emma" in "Visited Emma Yates" is a
proper noun, "Visited" is a verb that happens to open the sentence; "Nature" in "Nature always
calms me down" is a common noun, "Yup" an interjection. The installed spaCy model's tagger
decides this; it shares the model with NER (ner.py) but runs only on the sentences that hold a
capitalised candidate, all of a turn's in one batch, which keeps a turn without names at the
NER-only cost.

The tagger is unreliable on the first word of a sentence (it sees capitalisation and guesses a
proper noun: "Met Daniel", "Went hiking"), so that word is also tagged with its first letter
lowered, and both readings are kept: a word that reads as a verb, adverb, interjection or
adjective in either is an opener, not a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .ner import syntax_pipes, tagger_reach

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
    sent_initial: bool
    prev: str  # the previous token's text ("" at the start)
    prev2_pos: str  # the part of speech two tokens back ("" when there is none)
    next: str  # the next token's text ("" at the end)
    next2_pos: str  # the part of speech two tokens on ("" when there is none)
    tag: str = ""  # the fine-grained tag ("NNPS": a plural proper noun)
    prev_pos: str = ""  # the part of speech of the previous token ("" at the start)
    next_pos: str = ""  # the part of speech of the next token ("" at the end)


def analyse(text: str, sentences: list[tuple[int, int]], starts: frozenset[int] = frozenset()) -> list[Tok] | None:
    """Tokens of the given sentences with their tags; None when the model is unavailable.

    Only the tagger runs (tok2vec, tagger, attribute_ruler): the parser cost as much again and
    the signals it gave (vocative, object of a preposition, possessive) read as well from the
    neighbouring tokens and their tags. The first word is tagged a second time, lowered, only
    when a candidate starts there (`starts`: candidate start offsets) and it was read as a
    proper noun."""
    pipes = syntax_pipes()
    if pipes is None:
        return None
    make_doc, tag_many = pipes
    sents = [text[a:b] for a, b in sentences]
    docs = [make_doc(s) for s in sents]
    firsts = [next((t for t in doc if not t.is_punct and not t.is_space), None) for doc in docs]
    # The lowered reading of a first word that starts a candidate goes in the same batch as the
    # sentences (one forward pass, not two; tools/research/extract_timing.py); it is used only where the
    # word was read as a proper noun ("Met Daniel": PROPN, lowered VERB).
    again = [i for i, (first, (s_start, _)) in enumerate(zip(firsts, sentences))
             if first is not None and s_start + first.idx in starts]
    # The tagger reads a word from a few tokens on each side only (tagger_reach), so the lowered copy
    # needs the sentence no further than that past its first word: same tag, fewer tokens to tag.
    reach = tagger_reach()
    cut = {i: len(docs[i]) if reach is None else min(len(docs[i]), firsts[i].i + reach + 2) for i in again}
    lowered = [make_doc(_lowered_first(docs[i][: cut[i]].text, firsts[i].idx)) for i in again]
    tagged = tag_many(docs + lowered)  # one batch for every sentence of the turn
    docs, lowered = tagged[:len(docs)], tagged[len(docs):]
    firsts = [doc[f.i] if f is not None else None for doc, f in zip(docs, firsts)]
    lower_first: dict[int, str] = {}
    for i, ldoc in zip(again, lowered):
        if firsts[i].pos_ == "PROPN" and len(ldoc) == cut[i]:
            lower_first[i] = ldoc[firsts[i].i].pos_
    out: list[Tok] = []
    for k, ((s_start, _), doc, first) in enumerate(zip(sentences, docs, firsts)):
        n = len(doc)
        for t in doc:
            if t.is_space:
                continue
            initial = first is not None and t.i == first.i
            out.append(Tok(
                text=t.text, start=s_start + t.idx, end=s_start + t.idx + len(t.text), pos=t.pos_,
                lower_pos=lower_first.get(k, t.pos_) if initial else t.pos_, sent_initial=initial,
                prev=doc[t.i - 1].text if t.i > 0 else "", prev2_pos=doc[t.i - 2].pos_ if t.i > 1 else "",
                next=doc[t.i + 1].text if t.i + 1 < n else "", next2_pos=doc[t.i + 2].pos_ if t.i + 2 < n else "",
                tag=t.tag_, prev_pos=doc[t.i - 1].pos_ if t.i > 0 else "",
                next_pos=doc[t.i + 1].pos_ if t.i + 1 < n else "",
            ))
    return out


def _lowered_first(sentence: str, at: int) -> str:
    return sentence[:at] + sentence[at].lower() + sentence[at + 1:]


# What follows a common noun that opens a sentence as its subject: "Kickboxing is a perfect way",
# "Art's awesome", "Family's everything" ('s is "is" there, not a possessive).
_SUBJECT_VERBS = frozenset("'s ’s is was has are were had".split())
# Interjections however they are stretched: "Awww", "Woah", "Ahhahha", "Mmm", "Oof", "Woo-hoo".
_INTERJECTION = re.compile(r"^(?:a+w+|a+h+|[ao]+h+(?:a+h+)+a*|h+[ae]+(?:h+[ae]+)+h*|o+h+|w+h?o+a+h*|m+|h+m+|u+m+|"
                           r"o+o+f+|y+u+m+|y+a+y+|w+o+o+-?h+o+o+|w+o+w+|u+g+h+|e+w+|y+o+)$", re.I)


def is_interjection(word: str) -> bool:
    return bool(_INTERJECTION.match(word))


def is_common_subject(tok: Tok) -> bool:
    """A sentence-initial common noun as the subject of the sentence ("Guitar's mostly my thing")."""
    return tok.sent_initial and tok.lower_pos in ("NOUN", "ADJ", "VERB") and tok.next.lower() in _SUBJECT_VERBS


# A word rarer than this in English (Zipf scale, wordfreq) opening a sentence before another word of
# a name is the name's first word, whatever its tags: "emil" 3.2, "ilse" 2.3, "lukas" 3.2, while the
# openers are common ("then" 6.1, "via" 5.0, "meanwhile" 4.5, "fyi" 3.5 and "btw" 4.1 are chat words).
RARE_OPENER_ZIPF = 3.4


def rare_word(word: str) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en") < RARE_OPENER_ZIPF


def is_opener(tok: Tok, before_name: bool = False) -> bool:
    """A sentence-initial word that is capitalised only because it opens the sentence.

    before_name: the word is followed by another word of the name ("Aoife Blackwood came by"). The
    lowered reading of a first name the model does not know is a guess ("aoife": VERB), so there
    the word is an opener only when its own reading or the lowered one is a function word, or it
    has the shape of a verb opening a sentence ("Visited Emma Yates", "Texting Tom Baker"); a word
    rare in English is never one there (RARE_OPENER_ZIPF: "emil" is tagged a preposition lowered)."""
    if not tok.sent_initial:
        return False
    if is_interjection(tok.text):
        return True
    if before_name and tok.pos in ("PROPN", "ADJ"):
        low = tok.text.lower()
        verb_shaped = len(low) > 4 and low.endswith(("ed", "ing"))
        if not verb_shaped and rare_word(low):
            return False  # "Emil Moncrieff", "Lukas Brandt": the tags of a word this rare are guesses
        if tok.pos == "PROPN":
            return tok.lower_pos in FUNCTION_POS or verb_shaped
    # the lowered reading guesses ADJ for unknown words ("håkon"), so it counts only for the others
    return tok.pos in OPENER_POS or tok.lower_pos in OPENER_POS - {"ADJ"}


def is_vocative(first: Tok, last: Tok) -> bool:
    """"Thanks so much, Rahul!", "Absolutely, Nadia, I'd love to": a name the speaker addresses.

    Set off by commas, and not an item of a list of names ("Paris, Lyon, and Nice")."""
    if first.prev != "," or last.next not in ("", ",", "!", ".", "?"):
        return False
    return first.prev2_pos not in ("PROPN", "NOUN") and not (last.next == "," and last.next2_pos in ("PROPN", "CCONJ"))
