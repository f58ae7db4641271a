"""A word that opens a sentence to steer the talk ("Right, back to the quiz.", "Anyway, where were
we?") is not a name: found as one, it became the person a following "she" meant (issue 37, found
by `memctl bench tracking`)."""
import pytest

from memcore.extraction.entities import extract_entities


@pytest.mark.parametrize("text", ["Right, back to the charity quiz.", "Anyway, back to the shop refit.",
                                  "Alright, where were we?", "Anyhow, moving on to the spring fete."])
@pytest.mark.parametrize("use_ner", [False, True])
def test_a_steering_opener_is_not_a_name(text, use_ner):
    assert [m.name for m in extract_entities(text, use_ner=use_ner).mentions] == []


def test_a_name_after_the_opener_is_still_found():
    names = [m.name for m in extract_entities("Right, Marek Varley sent the floor plans.", use_ner=False).mentions]
    assert names == ["Marek Varley"]
