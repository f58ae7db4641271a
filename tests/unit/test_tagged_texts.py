"""memcore.extraction.tagged_texts: a text extraction's tagger pass read is not run through tok2vec and the
tagger again by the knowledge parse or by a second extraction, and what they read of it is the same."""
from __future__ import annotations

import pytest

from memcore.extraction import ner, tagged_texts
from memcore.extraction.syntax import analyse
from memcore.knowledge import parse as knowledge_parse

pytestmark = pytest.mark.usefixtures("parser_installed")

TEXTS = ["Visited Emma Yates last week, she's doing well.", "My neighbour Tom Baker loves chess and hates mornings.",
         "Met Daniel at the climbing wall on Saturday!", "We ship the Lakeside order every Friday from Leeds."]


class Counted:
    """A pipe that counts the docs it is given."""

    def __init__(self, pipe):
        self.pipe_, self.seen = pipe, 0

    def pipe(self, docs, **kwargs):
        docs = list(docs)
        self.seen += len(docs)
        return self.pipe_.pipe(docs, **kwargs)


def test_the_parse_of_a_text_the_tagger_pass_read_is_the_parse_of_it_read_afresh():
    tagged_texts.forget()
    afresh = knowledge_parse.parse(TEXTS)
    tagged_texts.forget()
    for text in TEXTS:
        analyse(text, [(0, len(text))], frozenset({0}))
    nlp = knowledge_parse._load()
    tok2vec = Counted(nlp.get_pipe("tok2vec"))
    real = nlp.get_pipe
    nlp.get_pipe = lambda name: tok2vec if name == "tok2vec" else real(name)
    try:
        again = knowledge_parse.parse(TEXTS + ["I adore otters and newts."])
    finally:
        nlp.get_pipe = real
    assert tok2vec.seen == 1  # only the text extraction had not tagged
    assert again[:-1] == afresh
    assert again[-1] == knowledge_parse.parse(["I adore otters and newts."])[0]


def test_a_second_extraction_of_a_sentence_takes_the_tags_it_was_given():
    tagged_texts.forget()
    text = TEXTS[0]
    first = analyse(text, [(0, len(text))], frozenset({0}))
    make_doc, _ = ner.syntax_pipes()
    restored = make_doc(text)
    assert tagged_texts.restore(restored)
    assert [t.tag_ for t in restored] == [t.tag for t in first]
    assert analyse(text, [(0, len(text))], frozenset({0})) == first


def test_a_doc_tokenised_otherwise_is_not_restored():
    tagged_texts.forget()
    make_doc, tag_many = ner.syntax_pipes()
    tag_many([make_doc("Ada lives in London.")])
    other = make_doc("Ada lives in London.")
    other_words = make_doc("Ada lives in Leeds.")
    assert tagged_texts.restore(other) and not tagged_texts.restore(other_words)
    assert other_words.tensor.size == 0 and all(t.tag_ == "" for t in other_words)


def test_the_warm_up_reads_the_word_frequencies_the_opener_check_needs():
    """syntax.is_opener asks wordfreq how rare a word is; its English list (about 0.5 s to read) is
    read at service start, not by the first turn that asks."""
    import wordfreq

    from memcore.extraction import warm_up

    wordfreq.get_frequency_dict.cache_clear()
    assert warm_up()
    assert wordfreq.get_frequency_dict.cache_info().currsize == 1
