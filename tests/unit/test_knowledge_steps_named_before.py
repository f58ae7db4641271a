"""Steps listed with numbers or bullets whose name the owner said in the line before ("Descaling the
kettle, once a month. The steps:" then "1. ... 2. ... 3. ..."): one process card, the thing named before
as its subject (knowledge/steps_named_before.py); bullets count as numbered steps in a team's chat too
(knowledge/steps.py). Sentences written for these tests."""
from datetime import datetime, timezone

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def _learn(text, own_line, owner="Ilse", org=None, asked="Go on."):
    return learn(text, None, at=AT, owner=owner, role="owner", speaker=owner,
                 previous=[f"assistant: {asked}", f"{owner}: {own_line}"], account_org=org)


def _processes(got):
    return [f for f in got if f.type == "process"]


def _process(got):
    processes = _processes(got)
    assert len(processes) == 1, got
    return processes[0]


def test_a_heading_then_the_steps_announced_names_the_numbered_steps():
    got = _learn("1. unplug it 2. fill it with vinegar and water 3. boil it twice 4. rinse it out",
                 "Descaling the kettle, once a month. The steps:")
    card = _process(got)
    assert "descaling the kettle" in card.subject.lower() and "vinegar" in card.text and "rinse it out" in card.text


def test_how_to_names_the_thing_the_numbered_steps_are_of():
    got = _learn("1) switch off the pump 2) take out the old cartridge 3) rinse the housing 4) fit the new one",
                 "Right, here's how to change the pool filter:", owner="Bartek")
    card = _process(got)
    assert "pool filter" in card.subject.lower() and "cartridge" in card.text


def test_the_steps_for_a_thing_named_before_a_bulleted_list():
    got = _learn("• take the hive lid off slowly • smoke the entrance • lift each frame by its ends • check for eggs",
                 "My method for checking a beehive, so you can remind me:", owner="Sione")
    card = _process(got)
    assert "checking a beehive" in card.subject.lower() and "smoke the entrance" in card.text


def test_bullets_are_numbered_steps_in_a_teams_chat():
    got = _learn("• sweep the floor • wipe the counters with spray • empty the bins into the skip • lock the back door",
                 "Closing up is simple. Then:", owner="Dara", org="Corner Bakery")
    card = _process(got)
    assert card.subject == "Corner Bakery" and "sweep the floor" in card.text


def test_a_list_announced_with_no_word_of_steps_is_no_process():
    got = _learn("1. pizza 2. dogs 3. football", "My favourite things, in order:")
    assert not _processes(got)


def test_a_list_after_someone_elses_line_is_no_process_of_this_reader():
    got = learn("1. pizza 2. dogs 3. football", None, at=AT, owner="Ilse", role="owner", speaker="Ilse",
                previous=["Ilse: Hello.", "assistant: What are the steps?"])
    assert not _processes(got)


def test_two_items_are_no_list_of_steps():
    got = _learn("1. unplug it 2. fill it with vinegar", "Descaling the kettle, once a month. The steps:")
    assert not _processes(got)
