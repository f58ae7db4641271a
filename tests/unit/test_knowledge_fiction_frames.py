"""What happens in a story is no fact (memcore/knowledge/fiction_frames.py): a sentence opened by "in the book",
"in the show", "in the episode" ... tells of characters; a sentence that only mentions a story stays. Sentences
written for these tests, not from any labelled formation set."""
from datetime import datetime, timezone

import pytest

from memcore.knowledge import learn
from memcore.knowledge.fiction_frames import fiction_sentences, without_fiction
from memcore.knowledge.models import Fact

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def said(text: str, owner: str = "Yohannes") -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.type) for f in learn(text, None, at=AT, owner=owner, role="owner", speaker=owner)}


def card(subject: str, predicate: str, value: str, type_: str = "semantic") -> Fact:
    return Fact(subject, predicate, value, type_, 0.8, f"{subject} {predicate} {value}")


def test_a_story_frame_opens_a_sentence_and_lasts_to_its_end():
    text = "In the movie, the dog saves everyone. My dog Kebede is 3."
    assert fiction_sentences(text) == ["In the movie, the dog saves everyone."]
    assert fiction_sentences("in the summer I go to my aunt's farm in Gondar") == []
    assert fiction_sentences("I watch Bluey on Netflix every morning") == []


def test_only_the_cards_of_the_story_go():
    cards = [card("Harry", "lives_in", "under the stairs", "identity"), card("Kebede", "age", "3", "identity")]
    text = "in the book, Harry lives under the stairs. my dog Kebede is 3"
    assert without_fiction(cards, text) == cards[1:]


pytestmark_parser = pytest.mark.usefixtures("parser_installed")  # fails, never skips, without the model


@pytestmark_parser
@pytest.mark.parametrize("text", ["in the book, Harry lives under the stairs",
                                  "in the episode yesterday Bingo broke her arm",
                                  "In the show, Walter says he is the danger"])
def test_a_characters_life_gives_no_card(text):
    assert said(text) == set()


@pytestmark_parser
@pytest.mark.parametrize("text, kept", [
    ("I watch Bluey on Netflix every morning", ("Yohannes", "routine", "routine")),
    ("my favourite book is Matilda", ("Yohannes", "favourite_book", "preference")),
    ("in the summer I go to my aunt's farm in Gondar", ("Yohannes", "routine", "routine")),
])
def test_near_misses_a_story_named_or_a_season_said_with_in_the_stays(text, kept):
    assert kept in said(text)
