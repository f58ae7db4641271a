"""Getting something sorted is no clue (issue 37, found on the business's calibration half): in "Has
Lisa sorted unit 4 yet?" the owner asks whether a job got done, the way "chased" or "an update" do,
but "sorted" was weighed as a word of the clue, so a namesake who "is sorting the Christmas hampers"
fitted "sorted unit 4" about as well as the one "in unit 4 on the industrial park", and the service
asked which Lisa; said of nothing ("Has Wendy sorted it?") it picked whoever sorts something.
Anyone gets things sorted (clue_words.FILLER_WORDS). Real embedder, households of this test."""
from memcore.entities import clue_words as cw
from tests.entities.namesakes_kit import person, resolve

# both namesakes are sorting the Easter orders; only one of them works from unit 9
MARCUS = ("Marcus", [("a", ["Marcus is in unit 9 on the trading estate now.", "Marcus is sorting the Easter orders."]),
                     ("b", ["Marcus is sorting the Easter orders.", "Marcus fixes the delivery bikes."])],
          "Has Marcus sorted unit 9 yet?")
# one namesake's fact says sorting; the question says nothing else
WENDY = ("Wendy", [("a", ["Wendy sorts the recycling at the depot.", "Wendy lives in Hollins."]),
                   ("b", ["Wendy drives the minibus.", "Wendy lives in Fenby."])],
         "Has Wendy sorted it yet?")


def _people(embedder, name, spec):
    return [person(embedder, eid, name, facts) for eid, facts in spec]


def test_the_clue_beside_sorted_decides(embedder):
    name, spec, query = MARCUS
    assert resolve(embedder, query, name, _people(embedder, name, spec)).entity_id == "a"


def test_sorted_alone_asks(embedder):
    name, spec, query = WENDY
    assert resolve(embedder, query, name, _people(embedder, name, spec)).status == "ambiguous"


def test_sort_is_no_word_of_a_clue():
    assert cw.words_of("sorted unit 9") == cw.words_of("unit 9")
