"""How well a clue fits another namesake's fact, as a share of how well it fits the matched one, is
measured above the level any fact reaches (clue_meaning.RELATED_TO_CLUE) and up to a fit in full
(FULL_FIT). Issue 37, found on the child calibration halves: "Leo showed me his rabbit hutch" fitted
one Leo's "has three rabbits" at 0.62 and the other's "rides ponies" at 0.38, a plain ratio of 0.61,
so the other pet shared the clue and the answer was a question. Above the related level it is 0.43
of the way. Only where the matched fact fits the clue clearly (CLEAR_FIT): nearer the related level
every fit is about as weak, and a few hundredths between two of them would count as a large share
("the fish and chips": "keeps tropical fish" / "runs the chippy", test_one_thing_in_two_words.py).
Real embedder; names and wording of this test."""
import pytest

from memcore.entities import clue_meaning
from tests.entities.namesakes_kit import between_two

# (name, the facts of the one meant, the other's, a question whose clue only the first one's facts mean)
OTHER_THINGS_OF_ONE_KIND = [
    ("Ignatius", ["keeps chickens", "is an electrician"], ["has a pet goat", "collects stamps"],
     "Ignatius showed me the hen house."),
    ("Araminta", ["is a firefighter", "plays bingo"], ["is a lifeguard", "paints"],
     "Araminta showed me her fire helmet."),
]


@pytest.mark.parametrize("name,meant,other,question", OTHER_THINGS_OF_ONE_KIND,
                         ids=[h[0] for h in OTHER_THINGS_OF_ONE_KIND])
def test_a_clue_that_fits_another_thing_of_its_kind_loosely_is_not_shared(embedder, name, meant, other, question):
    r = between_two(embedder, question, name, meant, other)
    assert r.entity_id == "a", r.candidates


def test_share_of_fit_is_measured_above_the_related_level():
    related, full = clue_meaning.RELATED_TO_CLUE, clue_meaning.FULL_FIT
    # a fit at the related level is none of the way; at the matched fit, all of it
    assert clue_meaning.share_of_fit(related, 0.6) == pytest.approx(0.0)
    assert clue_meaning.share_of_fit(0.6, 0.6) == pytest.approx(1.0)
    # 0.38 beside 0.62 is well under CLOSE_FIT, though its plain ratio is over it
    assert 0.38 / 0.62 > clue_meaning.CLOSE_FIT > clue_meaning.share_of_fit(0.38, 0.62)
    # a clue said word for word by the matched fact (1.0) is fitted in full at FULL_FIT: the same thing
    # in other words (0.61) still shares it
    assert clue_meaning.share_of_fit(0.61, 1.0) == pytest.approx((0.61 - related) / (full - related))
    assert clue_meaning.share_of_fit(0.61, 1.0) >= clue_meaning.CLOSE_FIT


def test_the_plain_ratio_where_the_fit_is_weak_or_the_facts_alike():
    # a matched fit under CLEAR_FIT is near the related level: as weak as the other
    assert clue_meaning.share_of_fit(0.28, 0.32) == pytest.approx(0.28 / 0.32)
    # two facts that say much the same are told by their own likeness
    assert clue_meaning.share_of_fit(0.48, 0.74, alike=True) == pytest.approx(0.48 / 0.74)
