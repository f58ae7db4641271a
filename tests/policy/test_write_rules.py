from memcore.policy.contract import HouseholdPolicy, WriteCheckRequest, WriteItem
from policy_service.write_rules import check_write

CHILD_HOUSE = HouseholdPolicy(age_band="8_12")


def write(detector, role, *items, policy=CHILD_HOUSE):
    request = WriteCheckRequest(actor_role=role, policy=policy, items=[WriteItem(**i) for i in items])
    return check_write(request, detector.detect_many).items


ADULT_HOUSE = HouseholdPolicy(age_band="adult")


def test_a_childs_safety_memory_is_held_for_a_parent_never_dropped_or_active(detector):
    # a child's own allergy and a rule it relays are a parent's to approve: held, with the text kept
    for text in ("I'm allergic to peanuts, ring mum on 415-555-0134", "Mummy says no sweets before dinner"):
        [d] = write(detector, "child", {"text": text, "type": "safety"})
        assert d.decision == "hold", (text, d)
        assert "a safety rule not set by a parent goes to parent review" in d.reasons
        assert d.redacted_text and "415-555-0134" not in d.redacted_text


def test_only_a_parent_sets_safety_alone_in_a_child_household(detector):
    for band in ("under_8", "8_12", "13_17"):
        policy = HouseholdPolicy(age_band=band)
        for role in ("child", "user", "orchestrator"):
            [d] = write(detector, role, {"text": "no scary stories", "type": "safety"}, policy=policy)
            assert d.decision == "hold", (band, role)
        for role in ("parent", "admin"):
            [d] = write(detector, role, {"text": "no scary stories", "type": "safety"}, policy=policy)
            assert d.decision == "allow", (band, role)


def test_an_adults_own_rules_are_safety_in_an_adult_household_or_organisation(detector):
    for role in ("user", "orchestrator"):
        [d] = write(detector, role, {"text": "Patient records must never be emailed", "type": "safety"},
                    policy=ADULT_HOUSE)
        assert d.decision == "allow" and "safety_rule" in d.safety_flags, (role, d)
    # a child never sets one alone, even under a policy that (wrongly) says adult
    [d] = write(detector, "child", {"text": "no bedtime for me", "type": "safety"}, policy=ADULT_HOUSE)
    assert d.decision == "hold"


def test_safety_memory_from_parent_is_allowed_and_flagged(detector):
    [d] = write(detector, "parent", {"text": "no scary stories", "type": "safety"})
    assert d.decision == "allow"
    assert d.redacted_text == "no scary stories"
    assert "safety_rule" in d.safety_flags


def test_memory_off_drops_everything_but_parent_safety_rules(detector):
    off = HouseholdPolicy(memory_enabled=False, age_band="8_12")
    a, b = write(detector, "child", {"text": "I love triceratops", "type": "preference"},
                 {"text": "we went to the zoo", "type": "episodic"}, policy=off)
    assert (a.decision, a.reasons) == ("drop", ["memory is off"])
    assert b.decision == "drop"
    [rule] = write(detector, "parent", {"text": "no scary stories", "type": "safety"}, policy=off)
    assert rule.decision == "allow"


def test_category_toggle_off_drops_only_that_type(detector):
    policy = HouseholdPolicy(category_toggles={"episodic": False})
    ep, pref = write(detector, "user", {"text": "we went to the zoo", "type": "episodic"},
                     {"text": "likes jazz", "type": "preference"}, policy=policy)
    assert ep.decision == "drop" and "episodic" in ep.reasons[0]
    assert pref.decision == "allow"


def test_do_not_learn_topic_matches_words_plurals_and_case(detector):
    policy = HouseholdPolicy(do_not_learn_topics=["spider", "Scary Movie"])
    items = write(detector, "child",
                  {"text": "I saw two SPIDERS in the bath", "type": "episodic"},
                  {"text": "we watched scary movies at Tom's", "type": "episodic"},
                  {"text": "Spiderman is cool", "type": "episodic"}, policy=policy)
    assert [d.decision for d in items] == ["drop", "drop", "allow"]
    assert items[0].reasons == ["do-not-learn topic: spider"]


def test_pii_default_redacts_and_keeps_no_original(detector):
    [d] = write(detector, "child", {"text": "my address is 12 Oak Street and my phone number is 212-555-0143",
                                    "type": "episodic"})
    assert d.decision == "redact"
    assert d.redacted_text == "my address is <ADDRESS> and my phone number is <PHONE>"
    assert [s.type for s in d.pii] == ["ADDRESS", "PHONE"]
    assert d.keep_encrypted_original is False


def test_encrypt_original_only_when_every_found_type_is_encrypt(detector):
    text = "my address is 12 Oak Street and my phone number is 212-555-0143"
    both = HouseholdPolicy(pii_rules={"ADDRESS": "encrypt", "PHONE": "encrypt"})
    one = HouseholdPolicy(pii_rules={"ADDRESS": "encrypt"})  # PHONE falls back to redact
    [d_both] = write(detector, "child", {"text": text, "type": "episodic"}, policy=both)
    [d_one] = write(detector, "child", {"text": text, "type": "episodic"}, policy=one)
    assert d_both.keep_encrypted_original is True and d_both.decision == "redact"
    assert "212-555-0143" not in d_both.redacted_text
    assert d_one.keep_encrypted_original is False


def test_drop_rule_drops_the_item(detector):
    policy = HouseholdPolicy(pii_rules={"SSN": "drop"})
    [d] = write(detector, "user", {"text": "my ssn is 536-22-8471", "type": "identity"}, policy=policy)
    assert d.decision == "drop" and d.redacted_text is None
    assert d.reasons == ["PII not kept by policy: SSN"]
    assert d.pii[0].type == "SSN"


def test_profanity_in_child_household_dropped_but_only_flagged_for_adults(detector):
    [kid] = write(detector, "child", {"text": "this game is sh1t", "type": "episodic"})
    assert kid.decision == "drop" and kid.reasons == ["profanity in a child household"]
    [adult] = write(detector, "user", {"text": "this game is shit", "type": "episodic"},
                    policy=HouseholdPolicy(age_band="adult"))
    assert adult.decision == "allow" and adult.safety_flags == ["profanity"]


def test_household_extra_and_allow_words(detector):
    policy = HouseholdPolicy(age_band="under_8", profanity_extra_words=["poopyhead"], profanity_allow_words=["crap"])
    a, b = write(detector, "child", {"text": "you are a poopyhead", "type": "episodic"},
                 {"text": "oh crap I dropped it", "type": "episodic"}, policy=policy)
    assert a.decision == "drop"
    assert b.decision == "allow"


def test_age_sensitive_content_is_held_for_review(detector):
    [d] = write(detector, "child", {"text": "my cousin showed me how to vape", "type": "episodic"})
    assert d.decision == "hold"
    assert "drugs" in d.reasons[0]
    assert "age_sensitive" in d.safety_flags


def test_review_new_types_holds_with_redacted_text(detector):
    policy = HouseholdPolicy(review_new_types=["relationship"])
    [d] = write(detector, "child", {"text": "Sam is my best friend, his number is 415-555-0123",
                                    "type": "relationship"}, policy=policy)
    assert d.decision == "hold"
    assert d.redacted_text == "Sam is my best friend, his number is <PHONE>"
    assert any("parent review" in r for r in d.reasons)


def test_restricted_tag_becomes_a_safety_flag(detector):
    [d] = write(detector, "parent", {"text": "grandma is in hospital", "type": "semantic", "tags": ["parent_only"]})
    assert d.safety_flags == ["parent_only"]


# An untyped check (a turn before extraction) plus memcore.policy.type_rules.retype must reach the
# same decision as a typed check: one policy call per turn instead of two.
RETYPE_CASES = [
    ("user", HouseholdPolicy(category_toggles={"preference": False}), "I love jazz, call me at 415-555-0134", "preference"),
    ("user", HouseholdPolicy(category_toggles={"episodic": False}), "we went to the zoo", "preference"),
    ("child", HouseholdPolicy(age_band="8_12", review_new_types=["relationship"]), "Tom is my best friend", "relationship"),
    ("parent", HouseholdPolicy(age_band="8_12", review_new_types=["relationship"]), "Tom is my best friend", "relationship"),
    ("child", CHILD_HOUSE, "that movie was damn scary", "episodic"),
    ("user", HouseholdPolicy(pii_rules={"PHONE": "drop"}, review_new_types=["episodic"]), "ring 415-555-0134", "episodic"),
    ("user", HouseholdPolicy(do_not_learn_topics=["zoo"]), "we went to the zoo", "preference"),
]


def test_untyped_check_then_retype_equals_typed_check(detector):
    from memcore.policy.type_rules import retype

    for role, policy, text, memory_type in RETYPE_CASES:
        [typed] = write(detector, role, {"text": text, "type": memory_type}, policy=policy)
        [untyped] = write(detector, role, {"text": text, "type": None}, policy=policy)
        derived = retype(untyped, memory_type, role, policy)
        assert derived is not None
        assert (derived.decision, sorted(derived.reasons), derived.safety_flags) == \
            (typed.decision, sorted(typed.reasons), typed.safety_flags), (role, text, memory_type)
        if typed.decision != "drop":
            assert derived.redacted_text == typed.redacted_text


def test_untyped_check_ignores_category_toggles_and_retype_defers_safety(detector):
    from memcore.policy.type_rules import retype

    policy = HouseholdPolicy(category_toggles={"episodic": False})
    [d] = write(detector, "user", {"text": "we went to the zoo", "type": None}, policy=policy)
    assert d.decision == "allow"
    assert retype(d, "safety", "parent", policy) is None
