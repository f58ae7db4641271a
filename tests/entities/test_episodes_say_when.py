"""What happened once says when (issue 37, found on the people-talk calibration half): a turn kept
verbatim that says what someone is or does ("So apparently she has a flat in town!") sits among a
profile's episodes only because it is a turn, and is weighed as a lasting fact; "came round last
night" is an episode and keeps its discount."""
from memcore.entities import clue_words as cw
from memory_api.entity_resolver import _facts


def test_an_episode_says_when_it_happened():
    assert cw.says_when("Ines came round last night")
    assert cw.says_when("Had coffee with Ines this morning")
    assert cw.says_when("Bumped into her at the shops on Tuesday")
    assert not cw.says_when("So apparently she has a flat in town!")
    assert not cw.says_when("Did I tell you Ines does pottery on Thursdays?")  # a habit, not a date


def test_only_dated_episodes_are_discounted():
    row = {"canonical_name": "Ines Moreau", "type": "person",
           "profile_summary": "Ines Moreau (person). Known: Ines is a pharmacist. Episodes: So apparently she "
                              "has a flat in town!. Ines Moreau came round last night."}
    facts = {text: discounted for text, (discounted, _) in _facts(row).items()}
    assert facts[cw.fact_text("So apparently she has a flat in town")] is False
    assert facts[cw.fact_text("came round last night")] is True
    assert facts[cw.fact_text("is a pharmacist")] is False
