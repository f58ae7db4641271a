from policy_service.leaks import find_leak
from policy_service.safety_rules import find_for_household
from memcore.stemming import stem
from memcore.policy.topics import text_matches_topic


def test_stem_handles_plurals_and_possessives():
    assert [stem(w) for w in ["Spiders", "ponies", "boxes", "Peter's", "Peter’s", "glass", "bus"]] == \
        ["spider", "poni", "box", "peter", "peter", "glass", "bus"]
    assert stem("movies") == stem("movie")
    for one, many in [("family", "families"), ("class", "classes"), ("dress", "dresses"), ("kiss", "kisses")]:
        assert stem(one) == stem(many), (one, many)


def test_one_stemmer_everywhere():
    from memcore.policy import text_match
    from memedge import textindex

    assert text_match.tokenize("Families")[0].stem == textindex.terms("Families")[0] == stem("family")


def test_topic_match_is_word_bounded():
    assert text_matches_topic("the cat sat", ["cat"]) == "cat"
    assert text_matches_topic("concatenate the list", ["cat"]) is None


def test_profanity_evasions_are_caught():
    for text in ["what the f*ck", "sh1t", "shiiiit", "F.U.C.K", "a$$hole"]:
        assert find_for_household(text), text
    for text in ["I like class and passing", "assassin", "Scunthorpe is a town", "hello there"]:
        assert not find_for_household(text), text


def test_leak_detection_by_overlap_and_ngram():
    assert find_leak("m", "Peter earns 95000 dollars a year", "fun fact: Peter earns 95000 dollars") is not None
    assert find_leak("m", "the surprise party for Mia is on Saturday",
                     "We're planning a party on Saturday for Mia as a surprise") is not None
    assert find_leak("m", "grandma has cancer", "let's read about grandma's garden") is None
