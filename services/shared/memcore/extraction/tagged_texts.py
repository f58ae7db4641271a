"""Texts already run through the shared tok2vec and the tagger, handed on instead of run again (issue 35).

A turn's text goes through the spaCy model's tok2vec and tagger up to three times: extraction tags the
sentences that hold a capitalised candidate (syntax.analyse), extraction runs again when the turn read
as English differs from what was said (memcore.knowledge.reading.learn: mostly the same sentences), and
the knowledge parse reads the statements (memcore.knowledge.parse), many of which are those very
sentences. The tagger and the parser listen to the one tok2vec, and what they read of a doc is its
tensor and its tags, which depend on the doc's text alone. So the tensor and the tags of every doc
tagged are kept here by text (the last few hundred), and a doc of a text kept takes them instead of
running the two again: `restore` gives it exactly what they would have given.

Both pipelines load the same model files (memcore.extraction.spacy_model), so the tensor of one
instance is the other's; a tag is kept as its label.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, NamedTuple


class Tagged(NamedTuple):
    words: tuple[str, ...]
    tensor: Any  # numpy float32 array, one row per token
    tags: tuple[str, ...]


LIMIT = 512  # texts kept (the oldest forgotten first)
LONGEST = 256  # tokens: a longer doc is not kept (a kept doc holds 384 bytes a token)
_lock = threading.Lock()
_kept: OrderedDict[str, Tagged] = OrderedDict()


def keep(docs: list[Any]) -> None:
    """Remember the tensor and the tags of docs fresh from tok2vec and the tagger (before the
    attribute ruler, which may change a tag)."""
    got = [(doc.text, Tagged(tuple(t.text for t in doc), doc.tensor.copy(), tuple(t.tag_ for t in doc)))
           for doc in docs if len(doc) <= LONGEST and doc.tensor is not None and doc.tensor.shape[0] == len(doc)]
    with _lock:
        for text, tagged in got:
            _kept[text] = tagged
            _kept.move_to_end(text)
        while len(_kept) > LIMIT:
            _kept.popitem(last=False)


def restore(doc: Any) -> bool:
    """Give a doc fresh from the tokenizer the tensor and the tags its text was given before;
    False (the doc untouched) when its text was not kept or was tokenised otherwise."""
    with _lock:
        tagged = _kept.get(doc.text)
        if tagged is not None:
            _kept.move_to_end(doc.text)
    if tagged is None or len(doc) != len(tagged.words) or any(t.text != w for t, w in zip(doc, tagged.words)):
        return False
    doc.tensor = tagged.tensor.copy()
    for token, tag in zip(doc, tagged.tags):
        token.tag_ = tag
    return True


def tag_or_restore(docs: list[Any], tok2vec: Any, tagger: Any, batch_size: int | None = None) -> list[Any]:
    """The docs with their tensor and tags: restored where their text was kept, else run through
    tok2vec and the tagger in one batch (and kept); `batch_size`: the pipes' (their own default
    without). Order kept."""
    out = list(docs)
    fresh = [i for i, doc in enumerate(out) if not restore(doc)]
    if fresh:
        sized = {} if batch_size is None else {"batch_size": batch_size}
        tagged = list(tagger.pipe(tok2vec.pipe([out[i] for i in fresh], **sized), **sized))
        keep(tagged)
        for i, doc in zip(fresh, tagged):
            out[i] = doc
    return out


def forget() -> None:
    with _lock:
        _kept.clear()
