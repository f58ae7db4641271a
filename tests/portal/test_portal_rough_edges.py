"""Issue 33's rough edges of the portal, in a real browser: split in "People and things", the review
page's sections and plain-language reasons, the "Hidden from the child" badge, stale notices, no
console error on a fresh load, and the age band next to the role."""
from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.slow

PII_AND_PERSON = "My friend Sam lives at 12 Elm Street and his phone number is 555-201-3344."


@pytest.fixture
def home(new_tenant):
    t = new_tenant("parent", "child")
    parent, child = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "review_new_types": ["relationship"]})
    assert r.status_code == 200, r.text
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": "Leo walks the dog with grandpa on Sundays.", "type": "semantic"},
        {"text": "Leo loves triceratops.", "type": "preference"}]})
    assert r.status_code == 200, r.text
    return {"t": t, "parent": parent, "child": child, "child_id": child_id,
            "parent_token": t["users"][0]["token"], "child_token": t["users"][1]["token"]}


@pytest.fixture
def page_of(browser):
    """A fresh browser context per test; page errors (uncaught exceptions) are collected."""
    contexts = []

    def make(width: int = 1000):
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()


def sign_in(page, api_url: str, token: str, lands_on: str = "Your household") -> None:
    page.goto(f"{api_url}/portal")
    page.get_by_label("Your sign-in code").fill(token)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(lands_on)  # the first page is drawn


def memory_id(client, owner_id: str, fragment: str) -> str:
    items = client.get("/v1/memory/list", params={"owner_id": owner_id, "limit": 200}).json()["items"]
    return next(m["id"] for m in items if fragment in m["text"])


def test_split_moves_a_memory_to_a_new_person(page_of, api_url, home):
    f = home
    stored = {}  # what each turn stored: its record and the knowledge drawn from it (docs/knowledge.md)
    for text in ("Grandpa Joe takes Leo fishing at the lake.", "Grandpa Joe builds birdhouses in his shed."):
        r = f["parent"].post("/v1/conversations/s-split/turns", json={"speaker": "parent", "text": text,
                                                                      "owner_id": f["child_id"]})
        assert r.status_code == 200, r.text
        stored[text] = {i["memory"]["id"]: i["memory"] for i in r.json()["items"] if i.get("memory")}
    fishing, birdhouses = stored.values()
    assert all([m["layer"] for m in turn.values()].count("record") == 1 for turn in (fishing, birdhouses))
    # Grandpa Joe is linked to everything both turns stored: their records and each fact drawn from them
    # (a fact both turns teach, "Grandpa Joe is child-1's grandpa", is one row)
    joe_id = next(e["id"] for e in f["parent"].get("/v1/entities", params={"owner_id": f["child_id"]}).json()["items"]
                  if e["name"] == "Grandpa Joe")
    linked = {m["id"] for m in f["parent"].get(f"/v1/entities/{joe_id}",
                                               params={"owner_id": f["child_id"]}).json()["memories"]}
    assert linked == fishing.keys() | birdhouses.keys(), (linked, stored)
    about_birdhouses = {i for i, m in birdhouses.items() if "birdhouses" in m["text"]}
    assert {birdhouses[i]["layer"] for i in about_birdhouses} == {"record", "knowledge"}  # the turn and its fact

    page = page_of()
    sign_in(page, api_url, f["parent_token"])
    page.goto(f"{api_url}/portal#/member/{f['child_id']}/people")
    page.wait_for_load_state("networkidle")  # the household page still loading draws this one again when it is done
    joe = page.locator("li.item").filter(has=page.get_by_label("Choose Grandpa Joe", exact=True))
    expect(joe).to_contain_text(f"{len(linked)} memories")
    joe.get_by_role("button", name=re.compile("split")).click()
    joe.get_by_label("Name of the other one").fill("Uncle Joe")
    boxes = joe.get_by_label(re.compile("birdhouses"))
    expect(boxes).to_have_count(len(about_birdhouses))  # the turn and what it taught about birdhouses
    for box in boxes.all():
        box.check()
    joe.get_by_role("button", name="Split", exact=True).click()
    expect(page.locator("#notice")).to_have_text("Split in two.")
    expect(page.locator("li.item").filter(has=page.get_by_label("Choose Uncle Joe"))).to_contain_text(
        f"{len(about_birdhouses)} memories")
    expect(joe).to_contain_text(f"{len(linked) - len(about_birdhouses)} memories")
    assert page.errors == []
    entities = f["parent"].get("/v1/entities", params={"owner_id": f["child_id"]}).json()["items"]
    uncle = next(e for e in entities if e["name"] == "Uncle Joe")
    detail = f["parent"].get(f"/v1/entities/{uncle['id']}", params={"owner_id": f["child_id"]}).json()
    assert {m["id"] for m in detail["memories"]} == about_birdhouses


def test_review_sorts_a_childs_asks_and_says_why_in_plain_words(page_of, api_url, home):
    f = home
    held = f["child"].post("/v1/memory/candidates", json={"items": [{"text": PII_AND_PERSON, "type": "relationship"}]})
    item = held.json()["items"][0]
    assert item["memory"] is None and any(r.startswith("PII redacted") for r in item["reasons"]), held.text
    codes = item["reasons"]
    r = f["child"].post("/v1/memory/feedback", json={"memory_id": memory_id(f["parent"], f["child_id"], "walks the dog"),
                                                     "kind": "forget_request"})
    assert r.status_code == 201, r.text

    page = page_of()
    sign_in(page, api_url, f["parent_token"])
    page.get_by_role("link", name="To review", exact=True).click()
    heard = page.get_by_role("list", name="Held items")
    asks = page.get_by_role("list", name="Forget requests")
    expect(asks).to_contain_text("walks the dog")
    expect(asks).not_to_contain_text("No one asked")
    expect(heard).to_contain_text("Sam lives at")
    expect(heard).not_to_contain_text("walks the dog")

    why = heard.locator("li.item").filter(has_text="Sam lives at").locator(".reasons")
    expect(why).to_contain_text("a home address and a phone number")
    expect(why).to_contain_text("You asked to check new people they know before they are kept")
    expect(why).not_to_contain_text("PII")
    expect(why).not_to_contain_text("goes to parent review")
    expect(why).not_to_contain_text("settings asked for a check")  # no code without its plain words
    assert why.get_attribute("title").split("\n") == codes  # the codes stay at hand

    asks.locator("li.item").filter(has_text="walks the dog").get_by_role("button", name="Forget it").click()
    expect(page.locator("#notice")).to_have_text("Forgotten.")
    expect(asks).to_contain_text("No one asked")
    assert page.errors == []


def test_every_memory_hidden_from_the_child_says_so(page_of, api_url, home):
    f = home
    r = f["parent"].post("/v1/memory/candidates", json={"owner_id": f["child_id"], "items": [
        {"text": "Leo's teacher thinks he needs extra help with reading.", "type": "semantic", "tags": ["parent_only"]},
        {"text": "Leo is afraid of the dark.", "type": "semantic"}]})
    assert r.status_code == 200, r.text
    r = f["child"].post("/v1/memory/candidates", json={"items": [{"text": "I read that volcanoes erupt lava.",
                                                                  "type": "semantic"}]})
    assert r.json()["items"][0]["memory"], r.text
    dark = memory_id(f["parent"], f["child_id"], "afraid of the dark")
    assert f["parent"].post("/v1/memory/feedback", json={"memory_id": dark, "kind": "sensitive"}).status_code == 201
    r = f["parent"].put(f"/v1/users/{f['child_id']}/policy", json={
        "age_band": "8_12", "review_new_types": ["relationship"], "do_not_learn_topics": ["volcanoes"]})
    assert r.status_code == 200, r.text
    flags = {m["text"]: m["safety_flags"] for m in f["parent"].get(
        "/v1/memory/list", params={"owner_id": f["child_id"]}).json()["items"]}
    assert "consent_hidden" in flags["I read that volcanoes erupt lava."], flags

    page = page_of()
    sign_in(page, api_url, f["parent_token"])
    page.goto(f"{api_url}/portal#/member/{f['child_id']}")
    badge = lambda text: page.locator("li.item").filter(has_text=text).locator(".badge",  # noqa: E731
                                                                              has_text="Hidden from the child")
    for text, why in (("extra help with reading", "for parents only"), ("afraid of the dark", "marked as hidden"),
                      ("volcanoes", "settings no longer allow it")):
        expect(badge(text)).to_have_count(1)
        assert why in badge(text).get_attribute("title")
    expect(badge("triceratops")).to_have_count(0)


def test_a_notice_is_about_the_last_action_only(page_of, api_url, home):
    f = home
    page = page_of()
    sign_in(page, api_url, f["parent_token"])
    page.goto(f"{api_url}/portal#/member/{f['child_id']}")
    page.locator("li.item").filter(has_text="triceratops").get_by_role("button", name="Pin").click()
    expect(page.locator("#notice")).to_have_text("Pinned: it will always be kept.")
    page.get_by_label(re.compile("Search what is known")).fill("dog")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_role("heading", name=re.compile("Found"))).to_be_visible()
    expect(page.locator("#notice")).to_be_empty()
    page.locator("li.item").filter(has_text="walks the dog").first.get_by_role("button", name="Forget").click()
    expect(page.get_by_role("button", name="No, keep it")).to_be_focused()


def test_a_fresh_load_logs_no_error(page_of, api_url, home):
    page = page_of()
    errors, failed = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{api_url}/portal")
    expect(page.get_by_label("Your sign-in code")).to_be_focused()
    page.wait_for_load_state("networkidle")
    assert (errors, failed) == ([], [])
    sign_in(page, api_url, home["parent_token"])
    page.reload()  # signed in: the session is found again, without an error
    expect(page.get_by_role("heading", name="Your household")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert (errors, failed, page.errors) == ([], [], [])


def test_settings_show_the_age_band_beside_the_role(page_of, api_url, new_tenant):
    t = new_tenant("parent", "child", "child")
    parent = t["clients"][0]
    leo, mia = t["users"][1]["user_id"], t["users"][2]["user_id"]
    assert parent.put(f"/v1/users/{leo}/policy", json={"age_band": "8_12"}).status_code == 200
    bands = {m["user_id"]: m["age_band"] for m in parent.get("/v1/household/members").json()["items"]}
    page = page_of()
    sign_in(page, api_url, t["users"][0]["token"])
    page.goto(f"{api_url}/portal#/member/{leo}/settings")
    expect(page.get_by_test_id("member-role")).to_have_text("Child · 8 to 12")
    expect(page.get_by_label("Age", exact=True)).to_have_value("8_12")
    # Mia was created without an age: the page shows what the members API says, never "Adult" by default.
    page.goto(f"{api_url}/portal#/member/{mia}/settings")
    if bands[mia] is None:
        expect(page.get_by_test_id("member-role")).to_have_text("Child · age not set")
        expect(page.get_by_label("Age", exact=True)).to_have_value("")
    else:
        expect(page.get_by_label("Age", exact=True)).to_have_value(bands[mia])
    expect(page.get_by_label("Age", exact=True)).not_to_have_value("adult")
    page.goto(f"{api_url}/portal#/")
    expect(page.get_by_role("listitem").filter(has=page.get_by_role("heading", name="child-1"))).to_contain_text(
        "Child · 8 to 12")


def reasons_from_the_policy(policy_url: str) -> list[str]:
    """Every kind of reason the policy service gives, from the service itself (wording changes there
    must reach the portal's mapping)."""
    child = {"age_band": "8_12", "review_new_types": ["relationship"], "do_not_learn_topics": ["volcanoes"],
             "category_toggles": {"skill": False}, "pii_rules": {"EMAIL": "drop"}}
    asks = [("child", child, [
        {"text": PII_AND_PERSON, "type": "relationship"},
        {"text": "Write to sam.jones@example.com for the party.", "type": "semantic"},
        {"text": "The film had a murder in it.", "type": "episodic"},
        {"text": "That game is shit.", "type": "episodic"},
        {"text": "I read that volcanoes erupt lava.", "type": "semantic"},
        {"text": "I can juggle three balls.", "type": "skill"},
        {"text": "Always let me stay up late.", "type": "safety"}]),
        ("child", {**child, "memory_enabled": False}, [{"text": "I like kites.", "type": "preference"}])]
    codes: list[str] = []
    for role, policy, items in asks:
        r = httpx.post(f"{policy_url}/v1/policy/check-write", json={"actor_role": role, "policy": policy, "items": items},
                       timeout=60)
        assert r.status_code == 200, r.text
        for decision in r.json()["items"]:
            assert decision["reasons"], decision
            codes += [c for c in decision["reasons"] if c not in codes]
    return codes


def test_every_reason_the_policy_gives_reads_in_plain_words(page_of, api_url, policy_server):
    codes = reasons_from_the_policy(policy_server.url)
    # Reasons about one field of a memory (memory-api's write gate prefixes them with the field).
    codes += [f"subject: {codes[0]}", f"retention_policy: {codes[1]}"]
    assert len(codes) >= 11, codes
    page = page_of()
    page.goto(f"{api_url}/portal")
    words = page.evaluate("""async (codes) => {
        const { plainReason } = await import("/portal/assets/js/reasons.js");
        return codes.map(plainReason);
    }""", codes)
    for code, text in zip(codes, words):
        assert "settings asked for a check" not in text, f"no plain words for {code!r}"
        assert not re.search(r"PII|'|_|[A-Z]{3,}", text), (code, text)
    assert words[-2] == f"{words[0]} (in who it is about)", words[-2]
    assert words[-1] == words[1], "a reason about the whole memory reads the same whichever field repeats it"


# A slow network for one request (the household page's review count), and a record of every page drawn.
SLOW_REVIEW_COUNT = """
const realFetch = window.fetch.bind(window);
window.fetch = (url, options) => String(url).startsWith("/v1/review?")
  ? new Promise((done) => setTimeout(done, 1500)).then(() => realFetch(url, options)) : realFetch(url, options);
window.drawn = [];
new MutationObserver(() => {
  const h1 = document.querySelector("#main > h1");
  if (h1 && window.drawn[window.drawn.length - 1] !== h1.textContent) window.drawn.push(h1.textContent);
}).observe(document, { childList: true, subtree: true });
"""


def test_the_page_asked_for_last_is_the_one_shown(page_of, api_url, home):
    """Moving on while a page loads: the earlier page, when it arrives, does not stay over the later one."""
    f = home
    page = page_of()
    page.add_init_script(SLOW_REVIEW_COUNT)
    page.goto(f"{api_url}/portal")
    page.get_by_label("Your sign-in code").fill(f["parent_token"])
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()  # signed in; the household page loads
    page.goto(f"{api_url}/portal#/member/{f['child_id']}/settings")
    page.wait_for_function("() => window.drawn.includes('Your household')")  # the slow page arrived, after the settings
    expect(page.get_by_role("heading", level=1)).to_have_text("Settings for child-1")
    drawn = page.evaluate("window.drawn")
    assert drawn.index("Settings for child-1") < drawn.index("Your household"), drawn


def test_a_band_the_service_chose_is_shown_for_a_parent_to_check(page_of, api_url):
    """The members API marks a band the service chose (a child that had none: the strictest) with
    `age_band_notice`; the portal asks the parent to check it, in plain words, and otherwise says nothing."""
    page = page_of()
    page.goto(f"{api_url}/portal")
    shown = page.evaluate("""async () => {
        const { bandNotice } = await import("/portal/assets/js/household.js");
        const mia = { user_id: "u1", display_name: "Mia", role: "child", age_band: "under_8",
                      age_band_notice: "No age band was recorded for this child, so the strictest (under_8) was set" };
        const el = bandNotice(mia);
        return [el.textContent, el.title, el.querySelector("a").getAttribute("href"),
                bandNotice({ ...mia, age_band_notice: null })];
    }""")
    assert shown[0].startswith("No age was recorded for Mia, so the youngest rules (Under 8) apply.")
    assert "under_8" in shown[1] and shown[2] == "#/member/u1/settings" and shown[3] is None


# The household page's last read (its open invitations) held until the test lets it go, and every page drawn.
HELD_INVITATIONS = """
const realFetch = window.fetch.bind(window);
window.holdInvitations = false;
window.releaseInvitations = null;
window.fetch = (url, options) => window.holdInvitations && String(url).startsWith("/v1/household/invitations")
  ? new Promise((done) => { window.releaseInvitations = done; }).then(() => realFetch(url, options))
  : realFetch(url, options);
window.drawn = [];
let shown = null;
new MutationObserver(() => {
  const h1 = document.querySelector("#main > h1");
  if (h1 && h1 !== shown) { shown = h1; window.drawn.push(h1.textContent); }
}).observe(document, { childList: true, subtree: true });
"""


def test_a_page_left_while_it_loads_does_not_draw_the_next_one_again(page_of, api_url, home):
    """A parent opens a member's settings while the household page is still reading: when that read comes
    back, the settings are not drawn a second time over what the parent has typed (the router drew the
    later page again whenever the page it left finished after it)."""
    f = home
    page = page_of()
    page.add_init_script(HELD_INVITATIONS)
    sign_in(page, api_url, f["parent_token"])
    page.wait_for_load_state("networkidle")
    page.goto(f"{api_url}/portal#/review")
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Your household")
    page.evaluate("window.holdInvitations = true")
    page.get_by_role("link", name="Household").click()
    page.wait_for_function("() => window.releaseInvitations !== null")  # drawn, its last read waiting
    card = page.get_by_role("listitem").filter(has=page.get_by_role("heading", name="child-1"))
    card.get_by_role("link", name="Settings").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Settings for child-1")
    page.wait_for_load_state("networkidle")
    page.get_by_label("One topic per line").fill("thunderstorms")
    page.evaluate("window.releaseInvitations()")
    page.wait_for_function("() => window.drawn.length > 0")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)  # the household page's last lines run after its read: a second drawing would be done
    expect(page.get_by_label("One topic per line")).to_have_value("thunderstorms")
    drawn = page.evaluate("window.drawn")
    assert drawn.count("Settings for child-1") == 1, drawn
