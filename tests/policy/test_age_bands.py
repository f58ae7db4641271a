"""Age bands change a new policy's defaults and two write rules (memcore.policy.age_bands); what a
parent set is never overridden."""
from memcore.policy.contract import PII_TYPES, HouseholdPolicy, WriteCheckRequest, WriteItem
from policy_service.write_rules import check_write


def write(detector, policy, text, type_="episodic", role="child"):
    request = WriteCheckRequest(actor_role=role, policy=policy, items=[WriteItem(text=text, type=type_)])
    return check_write(request, detector.detect_many).items[0]


def test_band_defaults_fill_only_what_the_household_left_out():
    young = HouseholdPolicy(age_band="under_8")
    assert {young.pii_action(t) for t in PII_TYPES} == {"drop"}
    assert young.review_new_types == ["relationship", "identity"]
    assert {HouseholdPolicy(age_band=b).pii_action("PHONE") for b in ("8_12", "13_17", "adult")} == {"redact"}
    assert HouseholdPolicy(age_band="13_17").review_new_types == []
    chosen = HouseholdPolicy(age_band="under_8", pii_rules={"PHONE": "encrypt"}, review_new_types=[])
    assert chosen.pii_action("PHONE") == "encrypt" and chosen.pii_action("EMAIL") == "drop"
    assert chosen.review_new_types == []
    # a stored policy keeps what it stored, whatever the band's defaults are now
    stored = HouseholdPolicy(age_band="8_12").model_dump(mode="json")
    assert HouseholdPolicy.model_validate({**stored, "age_band": "under_8"}).pii_action("PHONE") == "redact"


def test_under_8_keeps_no_pii_and_holds_who_they_talk_about(detector):
    young = HouseholdPolicy(age_band="under_8")
    d = write(detector, young, "my phone number is 212-555-0143")
    assert d.decision == "drop" and d.reasons == ["PII not kept by policy: PHONE"] and d.redacted_text is None
    assert write(detector, young, "Noor is my best friend", "relationship").decision == "hold"
    older = HouseholdPolicy(age_band="8_12")
    assert write(detector, older, "my phone number is 212-555-0143").redacted_text == "my phone number is <PHONE>"
    assert write(detector, older, "Noor is my best friend", "relationship").decision == "allow"


def test_a_teens_own_words_are_stored_flagged_where_a_younger_childs_are_held_or_dropped(detector):
    teen, kid = HouseholdPolicy(age_band="13_17"), HouseholdPolicy(age_band="8_12")
    swear, vape = "this game is shit", "my cousin showed me how to vape"
    assert write(detector, kid, swear).decision == "drop"
    t = write(detector, teen, swear)
    assert t.decision == "allow" and "profanity" in t.safety_flags
    assert write(detector, kid, vape).decision == "hold"
    t = write(detector, teen, vape)
    assert t.decision == "allow" and "age_sensitive" in t.safety_flags
