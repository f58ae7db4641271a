"""memcore.extraction.transition_loop: spaCy's greedy NER and parser loop run from Python with the GIL
held gives what spaCy's compiled loop gives: the same entities, heads, labels and sentence starts."""
from __future__ import annotations

import numpy
import pytest

from memcore.extraction import ner, transition_loop
from memcore.knowledge import parse as knowledge_parse

pytestmark = pytest.mark.usefixtures("parser_installed")

TEXTS = ["Priya Raman met Omar Haddad in London last week.", "Hi!", "",
         "We ship the Lakeside order every Friday from Leeds, then invoice Westbank by the 3rd.",
         "my sister Aoife moved to Galway in 2019 and she works at Medtronic now",
         "Did Tom from the climbing club move Thursday's session?  He said he would.",
         "I paid the invoice through Westbank. Is it cleared? Ask Dr. Mensah at St. Mary's.",
         "Mia is seven, loves horses and ponies, and rides every Sunday with her best friend Noah."]


def _ents(doc):
    return [(t.ent_iob_, t.ent_type_) for t in doc]


def _tree(doc):
    return [(t.dep_, t.head.i, t.is_sent_start) for t in doc]


def test_the_ner_reads_every_text_as_spacy_does():
    nlp = ner._load()
    pipe = nlp.get_pipe("ner")
    assert transition_loop.supported(pipe)
    for text in TEXTS + [t.lower() for t in TEXTS] + [" ".join(TEXTS)]:
        assert _ents(transition_loop.run_one(pipe, nlp.make_doc(text))) == _ents(pipe(nlp.make_doc(text))), text


def test_the_parser_reads_a_batch_as_spacy_does_in_its_order():
    nlp = knowledge_parse._load()
    pipe = nlp.get_pipe("parser")
    assert transition_loop.supported(pipe)
    texts = (TEXTS + [t.upper() for t in TEXTS]) * 5  # 80 docs: two sub-batches of a batch of 256

    def tagged():
        docs = [nlp.make_doc(t) for t in texts]
        return list(nlp.get_pipe("tagger").pipe(nlp.get_pipe("tok2vec").pipe(docs)))

    expected = [_tree(d) for d in pipe.pipe(tagged())]
    got = transition_loop.run(pipe, tagged())
    assert [d.text for d in got] == texts
    assert [_tree(d) for d in got] == expected


def test_an_unseen_class_gets_the_smallest_score_the_compiled_loop_finds():
    assert transition_loop._first_smallest(numpy.array([[0.5, -1.0], [2.0, numpy.nan]], dtype="f")) == -1.0
    assert numpy.isnan(transition_loop._first_smallest(numpy.array([[numpy.nan, -1.0]], dtype="f")))


def test_a_pipe_it_cannot_reproduce_is_run_by_spacy():
    class Beam:
        cfg = {"beam_width": 4}

        def __call__(self, doc):
            return "spacy's"

    assert not transition_loop.supported(Beam())
    assert transition_loop.run_one(Beam(), object()) == "spacy's"
