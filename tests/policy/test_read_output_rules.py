from memcore.policy.contract import HouseholdPolicy, OutputCheckRequest, ReadCheckRequest, ReadItem
from policy_service.read_rules import check_output, check_read

ITEMS = [
    {"id": "m1", "text": "likes dinosaurs (triceratops, stegosaurus)", "type": "semantic"},
    {"id": "m2", "text": "grandma is in hospital", "type": "semantic", "safety_flags": ["parent_only"]},
    {"id": "s1", "text": "no scary stories", "type": "safety", "source": "parent"},
    {"id": "m3", "text": "dad's number is 415-555-0123", "type": "relationship", "pii_types": ["PHONE"]},
    {"id": "m4", "text": "secret plan", "type": "episodic", "safety_flags": ["restricted"]},
]


def read(detector, role, policy=None):
    request = ReadCheckRequest(actor_role=role, policy=policy or HouseholdPolicy(age_band="8_12"),
                               items=[ReadItem(**i) for i in ITEMS])
    return check_read(request, detector.detect_many)


def test_child_never_sees_restricted_items_and_gets_safety_first(detector):
    result = read(detector, "child")
    visible = {d.id: d.visible for d in result.items}
    assert visible == {"m1": True, "m2": False, "s1": True, "m3": True, "m4": False}
    assert result.safety_first == ["s1"]
    hidden = next(d for d in result.items if d.id == "m2")
    assert hidden.text is None and "parent_only" in hidden.reasons[0]


def test_parent_sees_restricted_items(detector):
    result = read(detector, "parent")
    assert all(d.visible for d in result.items)


def test_pii_is_redacted_on_the_way_out(detector):
    result = read(detector, "parent")
    m3 = next(d for d in result.items if d.id == "m3")
    assert m3.text == "dad's number is <PHONE>"


def test_memory_off_hides_memories_but_keeps_safety_rules(detector):
    result = read(detector, "child", HouseholdPolicy(memory_enabled=False, age_band="8_12"))
    assert [d.id for d in result.items if d.visible] == ["s1"]
    assert result.safety_first == ["s1"]


def test_output_check_flags_pii_leak_and_profanity_with_spans(detector):
    text = "Sure! Grandma is in the hospital right now. Call 415-555-0123, damn it."
    result = check_output(OutputCheckRequest(text=text, restricted=[{"id": "m2", "text": "grandma is in hospital"}]),
                          detector.detect_many)
    assert not result.ok
    by_kind = {f.kind: f for f in result.flags}
    assert text[by_kind["pii"].start:by_kind["pii"].end] == "415-555-0123" and by_kind["pii"].type == "PHONE"
    leak = by_kind["restricted_memory"]
    assert leak.memory_id == "m2" and "Grandma" in text[leak.start:leak.end]
    assert text[by_kind["profanity"].start:by_kind["profanity"].end] == "damn"


def test_output_check_clean_text_is_ok(detector):
    result = check_output(OutputCheckRequest(text="Once upon a time a friendly triceratops found a garden.",
                                             restricted=[{"id": "m2", "text": "grandma is in hospital"}]),
                          detector.detect_many)
    assert result.ok and result.flags == []


def test_output_profanity_not_flagged_for_adult_household(detector):
    result = check_output(OutputCheckRequest(text="damn, that deadline", policy=HouseholdPolicy()), detector.detect_many)
    assert result.ok
