"""The parent portal in a real browser (chromium driven by Playwright) against the running stack:
sign in with the keyboard, find a memory, edit it, forget it and see it gone from contextify, set a
safety rule and see it first in the child's context, approve a held item, revoke a token and see it
refused, export, read the disclosure log, the child's own view, and a phone-width layout."""
from __future__ import annotations

import json
import re
import time

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.slow


@pytest.fixture
def family(new_tenant):
    t = new_tenant("parent", "child", "orchestrator")
    parent, child, orchestrator = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "review_new_types": ["skill"]})
    assert r.status_code == 200, r.text
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "Leo loves triceratops.", "type": "preference"},
        {"text": "Leo walks the dog with grandpa on Sundays.", "type": "semantic"}]})
    assert r.status_code == 200, r.text
    for text in ("Grandpa Joe takes Leo fishing at the lake.", "Joseph Miller taught Leo to tie knots."):
        r = parent.post("/v1/conversations/s-family/turns", json={"speaker": "parent", "text": text,
                                                                  "owner_id": child_id})
        assert r.status_code == 200, r.text
    held = child.post("/v1/memory/candidates", json={"items": [{"text": "Leo can ride a bike without stabilisers.",
                                                                "type": "skill"}]})
    assert held.status_code == 200 and held.json()["items"][0]["memory"] is None, held.text
    return {"t": t, "parent": parent, "child": child, "orchestrator": orchestrator, "child_id": child_id,
            "parent_token": t["users"][0]["token"], "child_token": t["users"][1]["token"]}


def context_of(f, query: str) -> dict:
    r = f["orchestrator"].post("/v1/memory/contextify", json={"query": query, "owner_id": f["child_id"],
                                                              "token_budget": 800})
    assert r.status_code == 200, r.text
    return r.json()


def child_texts(f) -> list[str]:
    r = f["parent"].get("/v1/memory/list", params={"owner_id": f["child_id"], "limit": 200})
    return [m["text"] for m in r.json()["items"]]


def sign_in(page, api_url: str, token: str) -> None:
    page.goto(f"{api_url}/portal")
    field = page.get_by_label("Your sign-in code")
    expect(field).to_be_focused()
    page.keyboard.type(token)  # keyboard only: the field has focus, Enter submits
    page.keyboard.press("Enter")


def shot(page, screenshots, name: str) -> None:
    if screenshots:
        page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)


def test_a_parent_steers_what_the_companion_knows(browser, api_url, family, screenshots, tmp_path):
    f = family
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, accept_downloads=True)
    page = ctx.new_page()
    sign_in(page, api_url, f["parent_token"])
    expect(page.get_by_role("heading", name="Your household")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("waiting for you to review"))).to_be_visible()
    shot(page, screenshots, "1-household")

    card = page.get_by_role("listitem").filter(has=page.get_by_role("heading", name="child-1"))
    card.get_by_role("link", name="Memories").click()
    expect(page.get_by_text("Leo loves triceratops.")).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile("Likes and dislikes"))).to_be_visible()
    shot(page, screenshots, "2-memories")

    # Search, then edit what was found.
    page.get_by_label(re.compile("Search what is known")).fill("triceratops")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_role("heading", name=re.compile("Found"))).to_be_visible()
    item = page.locator("#main > div > section li.item").filter(has_text="Leo loves triceratops.")
    item.get_by_role("button", name="Edit").click()
    page.get_by_label("Memory text").fill("Leo loves triceratops and stegosaurus.")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Leo loves triceratops and stegosaurus.").first).to_be_visible()
    assert "Leo loves triceratops and stegosaurus." in child_texts(f)

    # Forget one memory: gone from the list and from the child's context.
    assert "walks the dog" in context_of(f, "What does Leo do with grandpa on Sundays?")["context"]
    sunday = page.locator("li.item").filter(has_text="walks the dog")
    sunday.get_by_role("button", name="Forget").focus()  # with the keyboard: Enter, then the safe choice has focus
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="No, keep it")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("button", name="Yes, forget it")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("li.item").filter(has_text="walks the dog")).to_have_count(0)
    assert "walks the dog" not in context_of(f, "What does Leo do with grandpa on Sundays?")["context"]

    # Export downloads everything the parent may see.
    with page.expect_download() as dl:
        page.get_by_role("button", name=re.compile("Download everything")).click()
    exported = json.loads(open(dl.value.path()).read())
    assert "Leo loves triceratops and stegosaurus." in [m["text"] for m in exported["memories"]]

    # A safety rule comes first in the child's context.
    page.get_by_role("link", name="Safety rules").first.click()
    page.get_by_label(re.compile("A new rule for")).fill("No scary stories at bedtime.")
    page.get_by_role("button", name="Add rule").click()
    expect(page.locator("li.item").filter(has_text="No scary stories at bedtime.")).to_be_visible()
    shot(page, screenshots, "3-safety-rules")
    told = context_of(f, "Tell me a story about triceratops")
    assert "No scary stories at bedtime" in told["lines"][0]["line"], told["lines"][:2]

    # What the companion used: the rule and the dinosaur, in plain words.
    page.get_by_role("link", name="What was used today").first.click()
    expect(page.get_by_text("No scary stories at bedtime.").first).to_be_visible()
    shot(page, screenshots, "4-what-was-used")

    # The review queue: the child's new skill was held; the parent keeps it and it reaches the context.
    assert "ride a bike" not in context_of(f, "Can Leo ride a bike?")["context"]
    page.get_by_role("link", name="To review", exact=True).click()
    held = page.locator("li.item").filter(has_text="ride a bike")
    expect(held).to_be_visible()
    shot(page, screenshots, "5-review")
    held.get_by_role("button", name="Approve", exact=True).click()
    expect(page.locator("li.item").filter(has_text="ride a bike")).to_have_count(0)
    assert "ride a bike" in context_of(f, "Can Leo ride a bike?")["context"]

    # People and things: two entries for one person are merged.
    page.get_by_role("link", name="Household").click()
    card.get_by_role("link", name="People and things").click()
    expect(page.get_by_role("heading", name=re.compile(r"Known \(\d+\)"))).to_be_visible()
    before = page.locator("li.item").count()
    page.get_by_label("Choose Grandpa Joe").check()
    page.get_by_label("Choose Joseph Miller").check()
    page.get_by_role("button", name="These are the same: merge").click()
    expect(page.locator("#notice")).to_have_text("Merged: they are now one.")
    expect(page.locator("li.item")).to_have_count(before - 1)
    shot(page, screenshots, "9-people")

    # Settings: a do-not-learn topic is saved.
    page.get_by_role("link", name="Household").click()
    card.get_by_role("link", name="Settings").click()
    page.get_by_label("One topic per line").fill("horror films")
    page.get_by_role("button", name="Save settings").click()
    expect(page.locator("#notice")).to_have_text("Settings saved.")
    policy = f["parent"].get(f"/v1/users/{f['child_id']}/policy").json()["policy"]
    assert policy["do_not_learn_topics"] == ["horror films"] and policy["review_new_types"] == ["skill"]
    shot(page, screenshots, "6-settings")

    # Tokens: a new code for the child's speaker, and the old one stops working.
    page.get_by_role("link", name="Devices and sign-ins").click()
    page.get_by_label("For").select_option(label="child-1")
    page.get_by_label("Name it").fill("Bedroom speaker")
    page.get_by_role("button", name="Create sign-in code").click()
    new_token = page.get_by_test_id("secret").inner_text().strip()
    assert new_token.startswith("mem_")
    old = page.locator("tbody tr").filter(has_text="child-1").filter(has_not_text="Bedroom speaker")
    old.get_by_role("button", name="Stop it working").click()
    page.get_by_role("button", name="Yes, stop it").click()
    expect(page.locator("#notice")).to_have_text("The code no longer works.")
    shot(page, screenshots, "7-devices")
    deadline = time.monotonic() + 3
    while httpx.get(f"{api_url}/v1/memory/list", headers={"Authorization": f"Bearer {f['child_token']}"}
                    ).status_code != 401:
        assert time.monotonic() < deadline, "the revoked token still works after 3 s"
        time.sleep(0.2)
    assert httpx.get(f"{api_url}/v1/memory/list", headers={"Authorization": f"Bearer {new_token}"}).status_code == 200
    f["new_child_token"] = new_token

    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_label("Your sign-in code")).to_be_visible()
    ctx.close()


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


def test_a_childs_please_forget_this_reaches_the_parent_who_decides(browser, api_url, family, screenshots):
    f = family
    ctx = browser.new_context(viewport={"width": 1000, "height": 900})
    page = ctx.new_page()
    sign_in(page, api_url, f["child_token"])
    item = page.locator("li.item").filter(has_text="walks the dog")
    item.get_by_role("button", name="Please forget this").click()
    expect(page.locator("#notice")).to_have_text("I asked your grown-up to let me forget it.")
    assert any("walks the dog" in t for t in child_texts(f)), "a child's request alone forgets nothing"
    page.get_by_role("button", name="Sign out").click()

    sign_in(page, api_url, f["parent_token"])
    page.get_by_role("link", name="To review", exact=True).click()
    ask = page.locator("li.item").filter(has_text="asks the companion to forget this")
    expect(ask).to_contain_text("walks the dog")
    shot(page, screenshots, "10-review-child-request")
    ask.get_by_role("button", name="Forget it").click()
    expect(page.locator("li.item").filter(has_text="asks the companion to forget this")).to_have_count(0)
    assert not any("walks the dog" in t for t in child_texts(f))
    assert "walks the dog" not in context_of(f, "What does Leo do with grandpa on Sundays?")["context"]
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
