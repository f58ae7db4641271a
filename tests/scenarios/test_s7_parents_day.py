"""S7. A parent's day (seed 001), in a real browser (chromium driven by Playwright) against the
running stack. Moved here from tests/portal/test_portal_browser.py, where it was the first test.

Each sentence of the scenario, and where it is asserted:
- a parent signs in to the portal: sign_in (keyboard only) and the "Your household" heading;
- sees what the companion learned about each child (grouped by category, with sources): the child's
  card -> Memories, the "Likes and dislikes" group, its item's source ("added by a parent") and day;
- approves one held item and rejects another: "To review", Approve (then in the child's context),
  Reject ("Not kept.", never in the context nor the child's memories);
- corrects a wrong fact: Edit -> Save, the corrected text in the child's memories;
- forgets one memory and sees it gone from the child's context: Forget -> "Yes, forget it", then
  contextify for the child no longer holds it;
- reads "what the companion used today" in plain words: the "What was used today" page;
- revokes a lost device's token and sees it refused: "Stop it working", then 401 for the old code
  (the new code still works);
- downloads an export: "Download everything", a JSON copy holding the corrected memory;
- the child, in its own view, asks to forget something; the request waits for the parent:
  test_the_childs_request_to_forget_waits_for_the_parent (nothing is forgotten until the parent
  decides in "To review"); the child-wide request's "pending" status is asserted in
  tests/portal/test_portal_browser.py::test_a_child_sees_what_is_remembered_and_asks_a_parent.
"""
from __future__ import annotations

import json
import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from tests.portal.kit import child_texts, context_of, shot, sign_in

pytestmark = pytest.mark.slow


def test_a_parent_signs_in_reviews_corrects_forgets_revokes_and_exports(browser, api_url, family, screenshots, tmp_path):
    f = family
    second = f["child"].post("/v1/memory/candidates", json={"items": [
        {"text": "Leo can juggle three balls.", "type": "skill"}]})  # a second held item, to reject
    assert second.status_code == 200 and second.json()["items"][0]["memory"] is None, second.text
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, accept_downloads=True)
    page = ctx.new_page()
    sign_in(page, api_url, f["parent_token"])
    expect(page.get_by_role("heading", name="Your household")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("waiting for you to review"))).to_be_visible()
    shot(page, screenshots, "1-household")

    card = page.get_by_role("listitem").filter(has=page.get_by_role("heading", name="child-1"))
    card.get_by_role("link", name="Memories").click()
    expect(page.get_by_text("Leo loves triceratops.")).to_be_visible()
    # grouped by category, each with its source and its day
    likes = page.get_by_role("region", name=re.compile("Likes and dislikes"))
    learned = likes.locator("li.item").filter(has_text="Leo loves triceratops.")
    expect(learned.locator("p.meta")).to_contain_text("added by a parent")
    expect(learned.locator("p.meta")).to_contain_text("since ")
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
    # ... and rejects the other: it never reaches the context.
    rejected = page.locator("li.item").filter(has_text="juggle")
    rejected.get_by_role("button", name="Reject", exact=True).click()
    expect(page.locator("#notice")).to_have_text("Not kept.")
    expect(page.locator("li.item").filter(has_text="juggle")).to_have_count(0)
    assert "juggle" not in context_of(f, "Can Leo juggle?")["context"]
    assert not any("juggle" in t for t in child_texts(f))

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
    expect(page.get_by_label("One topic per line")).to_have_value("horror films")
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


def test_the_childs_request_to_forget_waits_for_the_parent(browser, api_url, family, screenshots):
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
