import pytest

from memcore.retrieval.query_terms import (
    POSTGRES_ENGLISH_STOPWORDS,
    content_words,
    find_named_speakers,
    speaker_boost,
)


def test_postgres_stopword_list_is_the_snowball_english_list():
    assert len(POSTGRES_ENGLISH_STOPWORDS) == 127
    assert {"when", "did", "what", "her", "don", "t"} <= POSTGRES_ENGLISH_STOPWORDS
    assert "would" not in POSTGRES_ENGLISH_STOPWORDS


def test_content_words_drop_stopwords_question_words_and_duplicates():
    question = "What kind of pottery would Melanie's kids likely make? Pottery!"
    assert content_words(question) == ["pottery", "melanie", "kids", "make"]
    assert content_words(question, drop_question_words=False) == [
        "kind", "pottery", "would", "melanie", "kids", "likely", "make"]


def test_content_words_skip_contractions():
    assert content_words("Why didn't Jon's shop open?") == ["jon", "shop", "open"]


def test_find_named_speakers_detects_names_case_insensitively_with_possessive():
    named = find_named_speakers("When did caroline's friend visit Melanie?", ["Melanie", "Caroline"])
    assert named.names == ("Caroline", "Melanie")
    assert named.remaining_text == "When did friend visit ?"


def test_find_named_speakers_does_not_match_inside_other_words():
    named = find_named_speakers("What did Jonathan and Tim build?", ["Jon", "Tim"])
    assert named.names == ("Tim",)
    assert "Jonathan" in named.remaining_text


def test_find_named_speakers_matches_multi_word_names_first():
    named = find_named_speakers("Where does Mary Ann Lee live?", ["Mary", "Mary Ann Lee"])
    assert named.names == ("Mary Ann Lee",)
    assert named.remaining_text == "Where does live?"


def test_speaker_boost_only_for_a_single_named_speaker():
    assert speaker_boost("Caroline", ("Caroline",), 1.0) == 2.0
    assert speaker_boost("Melanie", ("Caroline",), 1.0) == 1.0
    assert speaker_boost("Caroline", ("Caroline", "Melanie"), 1.0) == 1.0
    assert speaker_boost(None, ("Caroline",), 1.0) == 1.0
    with pytest.raises(ValueError):
        speaker_boost("Caroline", ("Caroline",), -0.1)


def test_a_speaker_is_named_by_a_nickname_or_alias_of_theirs():
    from memcore.retrieval.query_terms import speakers_named_otherwise

    found = speakers_named_otherwise("What did Mel's puppy eat?", ["Melanie", "Caroline"],
                                     [["Melanie", "Mel"], ["Harbour Lantern Media", "HLM"]])
    assert found.names == ("Melanie",)
    assert found.remaining_text == "What did puppy eat?"
    # a person none of whose names is a speaker's lends nobody a name
    assert speakers_named_otherwise("What did HLM say?", ["Melanie"], [["Harbour Lantern Media", "HLM"]]).names == ()
    # a name shared by two speakers' people tells neither
    assert speakers_named_otherwise("Did Mel call?", ["Melanie", "Melvin"],
                                    [["Melanie", "Mel"], ["Melvin", "Mel"]]).names == ()


@pytest.mark.parametrize("question, speakers, people, named", [
    ("What did Jon say about Paris?", ["Jon Smith", "Caroline"], [], ("Jon Smith",)),
    ("what did jon say about Paris?", ["Jon Smith"], [], ("Jon Smith",)),
    # another surname follows: someone else
    ("What did Jon Baker say?", ["Jon Smith", "Caroline"], [], ()),
    # two speakers of that first name, or another person of it named in the question
    ("What did Jon say?", ["Jon Smith", "Jon Carter"], [], ()),
    ("What did Jon say?", ["Jon Smith"], [["Jon Baker"]], ()),
    # a speaker whose name is one word is found by find_named_speakers, not here
    ("What did Caroline say?", ["Caroline"], [], ()),
])
def test_a_full_named_speaker_is_named_by_their_first_name_alone_when_no_one_else_has_it(question, speakers, people,
                                                                                     named):
    from memcore.retrieval.query_terms import speakers_named_otherwise

    assert speakers_named_otherwise(question, speakers, people).names == named
