"""Pure promotion rules (issue 16): what counts, how sessions are counted, what is compared."""
from __future__ import annotations

from datetime import datetime, timezone

from consolidator.phrasing import named_category
from consolidator.promotion_rules import (Episode, category_members, content_text, eligible, sessions,
                                          should_promote, states_preference)

AT = datetime(2026, 1, 1, tzinfo=timezone.utc)


def ep(mid: str, session: str | None, mentions: int = 1, said_in=()) -> Episode:
    return Episode(memory_id=mid, text="I love swimming", session_id=session, mention_count=mentions,
                   confidence=0.7, observed_at=AT, said_in=tuple(said_in))


def test_a_preference_stated_as_a_fact_is_eligible_but_a_plain_fact_or_a_promoted_one_is_not():
    assert eligible("semantic", "user", (), "Dinosaurs are my favourite thing ever.")
    assert not eligible("semantic", "user", (), "My dad is a doctor.")
    assert not eligible("semantic", "system", ("promoted",), "likes dinosaurs")
    assert eligible("episodic", "user", (), "We went to the library.")


def test_the_same_sentence_said_in_three_sessions_counts_three_sessions():
    one_row = [ep("a", "s1", mentions=3, said_in=("s2", "s3"))]
    assert sessions(one_row) == {"s1", "s2", "s3"}
    assert should_promote(one_row)
    assert not should_promote([ep("a", "s1", mentions=3)])  # three times in one session
    assert not should_promote([ep("a", "s1"), ep("b", "s2")])  # twice


def test_content_is_what_is_liked_not_the_frame():
    assert content_text("Painting is my favourite thing ever.") == "painting"
    assert content_text("Can we go swimming again? I like it so much.") == "swimming"
    assert content_text("We went to the library after school.") == "We went to the library after school."
    assert states_preference("semantic", "Karate is the best thing in the world.")
    assert not states_preference("episodic", "I had toast for breakfast.")


def test_specifics_join_a_category_only_when_someone_names_it():
    assert named_category("Dinosaurs are my favourite thing ever.") == "dinosaurs"
    named = [None, None, "dinosaurs", None]
    nearest = ["dinosaurs", "dinosaurs", "dinosaurs", "foods"]
    assert category_members(0, named, nearest) == [0, 1, 2]
    assert category_members(3, named, nearest) == []
    # near the same category, but nobody named it: no grouping
    assert category_members(0, [None, None], ["foods", "foods"]) == []
