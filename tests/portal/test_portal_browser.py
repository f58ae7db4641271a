"""The parent portal in a real browser (chromium driven by Playwright) against the running stack:
the child's own view, an invitation, opting in, and a phone-width layout. A parent's day (sign in,
review, correct, forget, what was used, revoke, export, a child's request to forget) is the S7
scenario, tests/scenarios/test_s7_parents_day.py."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.portal.kit import child_texts, shot, sign_in

pytestmark = pytest.mark.slow


def test_a_child_sees_what_is_remembered_and_asks_a_parent(browser, api_url, family, screenshots):
    f = family
    ctx = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    page = ctx.new_page()
    f["parent"].post("/v1/memory/candidates", json={"owner_id": f["child_id"], "items": [
        {"text": "No scary stories at bedtime.", "type": "safety"},
        {"text": "Leo's teacher thinks he needs extra help with reading.", "type": "semantic",
         "tags": ["parent_only"]}]}).raise_for_status()
    sign_in(page, api_url, f["child_token"])
    expect(page.get_by_role("heading", name="What I remember about you")).to_be_visible()
    expect(page.get_by_text("Leo loves triceratops.")).to_be_visible()
    expect(page.get_by_text("No scary stories at bedtime.")).to_be_visible()
    expect(page.get_by_text("extra help with reading")).to_have_count(0)  # the read gate, in the browser too
    rule = page.locator("li.item").filter(has_text="No scary stories")
    expect(rule.get_by_role("button")).to_have_count(0)  # a parent's rule is not the child's to change
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways at phone width: {width}"
    shot(page, screenshots, "8-child-view-phone")

    page.get_by_role("button", name="Ask to forget everything").click()
    page.get_by_role("button", name="Yes, ask them").click()
    expect(page.locator("#notice")).to_have_text("I asked your grown-up. They will decide.")
    assert "Leo loves triceratops." in child_texts(f), "a child's request alone forgets nothing"
    pending = f["parent"].get(f"/v1/users/{f['child_id']}/forget-requests").json()
    assert [r["status"] for r in pending] == ["pending"]
    ctx.close()


def test_a_parent_invites_a_child_who_joins_in_the_browser(browser, api_url, family):
    f = family
    ctx = browser.new_context()
    page = ctx.new_page()
    sign_in(page, api_url, f["parent_token"])
    page.get_by_label("Name", exact=True).fill("Mia")
    page.get_by_label("Joins as").select_option("child")
    page.get_by_label("Age", exact=True).select_option("under_8")
    page.get_by_role("button", name="Create invitation").click()
    code = page.get_by_test_id("invitation-code").inner_text().strip()
    expect(page.locator("li.item").filter(has_text="Mia (Child)")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()

    other = browser.new_context().new_page()  # the child's own device
    other.goto(f"{api_url}/portal")
    other.get_by_label("Your invitation code").fill(code)
    other.get_by_role("button", name="Join").click()
    expect(other.get_by_role("heading", name="What I remember about you")).to_be_visible()
    expect(other.locator("#notice")).to_contain_text("Welcome, Mia")
    members = f["parent"].get("/v1/household/members").json()["items"]
    mia = next(m for m in members if m["display_name"] == "Mia")
    assert mia["role"] == "child" and mia["age_band"] == "under_8"
    ctx.close()
    other.context.close()


def test_a_parent_turns_memory_on_for_a_new_household(browser, api_url, new_tenant):
    """Opt-in (issue 16): a new household remembers nothing until a parent turns memory on."""
    t = new_tenant("parent", "child", opted_in=False)
    child = t["clients"][1]
    said = {"speaker": "Ava", "text": "I love building sandcastles with my brother."}
    first = child.post("/v1/conversations/s-optin/turns", json=said).json()
    assert first["stored"] is False and "opted in" in first["reason"]
    page = browser.new_context().new_page()
    sign_in(page, api_url, t["users"][0]["token"])
    expect(page.get_by_text("Memory is off for your household")).to_be_visible()
    page.get_by_role("button", name="Turn memory on").click()
    expect(page.get_by_text("Memory is on since")).to_be_visible()
    assert child.post("/v1/conversations/s-optin/turns", json=said).json()["stored"] is True
    page.context.close()


def test_every_parent_page_reads_at_phone_width(browser, api_url, family):
    f = family
    ctx = browser.new_context(viewport={"width": 360, "height": 740})
    page = ctx.new_page()
    sign_in(page, api_url, f["parent_token"])
    expect(page.get_by_role("heading", name="Your household")).to_be_visible()
    for hash_, heading in ((f"#/member/{f['child_id']}", "What the companion knows"),
                           (f"#/member/{f['child_id']}/safety", "Safety rules for"),
                           (f"#/member/{f['child_id']}/settings", "Settings for"),
                           (f"#/member/{f['child_id']}/people", "People and things"),
                           (f"#/member/{f['child_id']}/used", "What the companion used"),
                           ("#/review", "To review"), ("#/tokens", "Devices and sign-ins"), ("#/", "Your household")):
        page.goto(f"{api_url}/portal{hash_}")
        expect(page.get_by_role("heading", level=1)).to_contain_text(heading)
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"{hash_} scrolls sideways at phone width: {width}"
    ctx.close()
