"""memcore.extraction.spacy_ops: the spaCy models' products by numpy give what thinc's blis gives."""
from __future__ import annotations

import numpy
import pytest
from thinc.api import NumpyOps

from memcore.extraction import ner
from memcore.extraction.spacy_ops import MatmulOps
from tests.conftest import require_spacy_model


@pytest.mark.parametrize("trans1, trans2", [(False, False), (False, True), (True, False), (True, True)])
def test_gemm_matches_thincs_for_every_transposition(trans1, trans2):
    rng = numpy.random.default_rng(3)
    x = rng.standard_normal((20, 288) if not trans1 else (288, 20)).astype("float32")
    y = rng.standard_normal((288, 96) if not trans2 else (96, 288)).astype("float32")
    expected = NumpyOps().gemm(x, y, trans1=trans1, trans2=trans2)
    got = MatmulOps().gemm(x, y, trans1=trans1, trans2=trans2)
    assert got.dtype == numpy.float32 and got.shape == (20, 96)
    numpy.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)
    out = numpy.empty((20, 96), dtype="float32")
    assert MatmulOps().gemm(x, y, out=out, trans1=trans1, trans2=trans2) is out
    numpy.testing.assert_allclose(out, expected, rtol=1e-4, atol=1e-4)


def test_the_loaded_model_computes_with_matmul_ops():
    require_spacy_model()
    nlp = ner._load()
    models = [pipe.model for _, pipe in nlp.components if hasattr(getattr(pipe, "model", None), "walk")]
    assert models and all(isinstance(node.ops, MatmulOps) for model in models for node in model.walk())
    spans = ner.ner_spans("Priya Raman met Omar Haddad in London last week.")
    assert {s.text for s in spans if s.label == "PERSON"} >= {"Priya Raman", "Omar Haddad"}


def test_remembered_pos_gives_the_rulers_answers_for_other_words():
    from memcore.extraction.spacy_ops import RememberedPos

    require_spacy_model()
    nlp = ner._load()
    tok2vec, tagger, ruler = (nlp.get_pipe(n) for n in ("tok2vec", "tagger", "attribute_ruler"))
    learn = ["Visited Emma Yates last week, she's  doing well.", "Met Daniel at the gym!\nHe runs marathons.",
             "But that's not what I said, is it?", "Ain't nobody got time for that.", "Gonna text Priya later.",
             "The kids had a ball; we'll do it again.", "Did you see Hunger Games?", "Ugh,   Mondays."]
    learn += [t.lower() for t in learn]
    other = ["Called Ruth Okafor last month, he's  feeling great.", "Saw Tomas at the pool!\nShe swims miles.",
             "But this isn't what you meant, is it?", "Ugh,   Tuesdays.", "The dogs had a nap; we'll try it again."]
    ran = []

    def ruler_counted(doc):
        ran.append(doc.text)
        return ruler(doc)

    def tagged(texts):
        return list(tagger.pipe(tok2vec.pipe([nlp.make_doc(t) for t in texts])))

    expected = [[(t.pos_, t.tag_) for t in ruler(d)] for d in tagged(other)]
    remembered = RememberedPos(ruler)
    remembered.ruler = ruler_counted
    assert remembered.exact
    list(remembered.pipe(tagged(learn)))
    ran.clear()
    docs = list(remembered.pipe(tagged(other)))
    assert [[(t.pos_, t.tag_) for t in d] for d in docs] == expected
    assert len(ran) < len(other)  # some docs were answered from what the ruler said about other words


def test_a_first_word_reads_the_same_from_the_start_of_its_sentence():
    """syntax.analyse tags a lowered first word from the sentence cut past the tagger's reach."""
    require_spacy_model()
    syntax = ner.syntax_pipes()
    make_doc, tag_many = syntax
    reach = ner.tagger_reach()
    assert reach == 4
    sentences = ["met Daniel at the climbing wall on Saturday and we talked for hours about his new job.",
                 "visited Emma Yates in hospital yesterday, she was in good spirits despite everything.",
                 "nature always calms me down when the week has been long and loud and full of meetings.",
                 "'texting Tom Baker now about the plans for the weekend and the long drive north.'"]
    whole = tag_many([make_doc(s) for s in sentences])
    cut = tag_many([make_doc(" ".join(s.split()[: reach + 2])) for s in sentences])
    for w, c in zip(whole, cut):
        first = next(t for t in w if not t.is_punct)
        assert (c[first.i].pos_, c[first.i].tag_) == (first.pos_, first.tag_)


def _parsed(nlp, texts):
    docs = [nlp.make_doc(t) for t in texts]
    for name in ("tok2vec", "tagger", "parser"):
        docs = list(nlp.get_pipe(name).pipe(docs))
    return docs


def _read(docs):
    return [[(t.pos_, t.tag_, str(t.morph), t.lemma_, t.dep_) for t in d] for d in docs]


def test_remembered_ruler_gives_the_rulers_answers_after_the_parser():
    """knowledge.parse's attribute ruler: answers remembered per token and what the two-token rules
    read of its neighbours ("There is", "gonna", "y'all", "ain't"), the dependency labels included."""
    from memcore.extraction.spacy_ops import RememberedRuler
    from memcore.knowledge import parse as knowledge_parse

    require_spacy_model()
    nlp = knowledge_parse._load()
    ruler = nlp.get_pipe("attribute_ruler")
    learn = ["There is a cat that I'm gonna adopt, but it bites.", "Y'all ain't seen nothin' yet!",
             "Let's go, c'mon, we've got ta leave  now.", "I gave it to you because you asked me.",
             "Which one did you do?  That one.", "She has a dog and he does the walks."]
    learn += [t.lower() for t in learn]
    other = ["There are two dogs that we're gonna walk, but they pull.", "Y'all ain't heard nothin' yet!",
             "Let's eat, c'mon, they've got ta go  soon.", "I sent it to you because you wanted it.",
             "Which cup did they do?  That cup.", "She has a cat and he does the walks."]
    expected = _read([ruler(d) for d in _parsed(nlp, other)])
    ran = []

    def ruler_counted(doc):
        ran.append(doc.text)
        return ruler(doc)

    remembered = RememberedRuler(ruler)
    assert remembered.rules.exact and remembered.rules.before == ("LOWER", "DEP")
    remembered.ruler = ruler_counted
    list(remembered.pipe(_parsed(nlp, learn)))
    ran.clear()
    assert _read(remembered.pipe(_parsed(nlp, other))) == expected
    assert len(ran) < len(other)  # some docs were answered from what the ruler said of other words
    assert _read(remembered.pipe(_parsed(nlp, other))) == expected  # and all of them now


def test_remembered_ruler_keeps_a_tokens_own_dependency_label():
    """The key holds what the rules tell of a label ("dobj" and "pobj" alike), so an answer remembered
    for one label must leave another its own."""
    from memcore.extraction.spacy_ops import RememberedRuler
    from memcore.knowledge import parse as knowledge_parse

    require_spacy_model()
    nlp = knowledge_parse._load()
    ruler = nlp.get_pipe("attribute_ruler")
    remembered = RememberedRuler(ruler)
    text = "She fed the dog and the cat."
    first = _parsed(nlp, [text])[0]
    dog = next(t for t in first if t.text == "dog")
    assert dog.dep_ == "dobj"
    list(remembered.pipe([first]))
    relabel = [_parsed(nlp, [text])[0] for _ in range(2)]
    for doc in relabel:
        doc[dog.i].dep_ = "pobj"  # another label the rules cannot tell from "dobj"
    expected = _read([ruler(relabel[0])])
    assert _read(remembered.pipe([relabel[1]])) == expected
    assert expected[0][dog.i][4] == "pobj"
