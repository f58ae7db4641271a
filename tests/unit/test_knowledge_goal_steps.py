"""A how-to headed by its goal ("To get a refund: ...") is one process card whatever its steps' shape:
steps said as whole clauses with their doers ("the customer emails us, we check the order, then Sam
sends the money back") are steps too (issue 35, kinds.process_head). Sentences written for these tests."""
from datetime import datetime, timezone

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def test_a_goal_then_steps_said_as_clauses_is_one_process():
    text = "To hire a kayak: the customer books online, Sven checks the waiver, then we fit the buoyancy aid."
    got = learn(text, None, at=AT, owner="Berit", role="owner", speaker="Berit")
    processes = [f for f in got if f.type == "process"]
    assert len(processes) == 1 and "hire a kayak" in processes[0].value.lower()
    assert "waiver" in processes[0].text and not [f for f in got if f.type == "semantic"]
