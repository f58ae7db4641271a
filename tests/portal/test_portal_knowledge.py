"""The portal on the two layers (issue 35 item 4, issue 33 items 1 and 5), in a real browser: a
member's groups fill from knowledge and the turns as said stay in their own collapsed section; the
child's own view shows facts, not its raw sentences; "said by" names the member and certainty reads
in words; a role change to child sends the age band; "What was used" shows the question asked and a
forgotten line as forgotten. One household serves the module (the stack is the session's)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.slow

# Seed 000's walkthrough child, in her own words (speaker "user", as an orchestrator sends it), with
# the companion's answer between.
TURNS = [("user", "Hello! I'm Mia and I'm seven. I really love horses, especially ponies."),
         ("assistant", "What a great idea, Mia! Ponies are very friendly animals."),
         ("user", "My best friend is Noah. We ride bikes every Sunday after lunch."),
         ("user", "I think I hate peas but I like sweetcorn.")]
RAW = [text for _, text in TURNS]


@pytest.fixture(scope="module")
def mia(new_tenant):
    t = new_tenant("parent", "child", "orchestrator")
    parent, child, orchestrator = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.patch(f"/v1/household/members/{child_id}", json={"display_name": "Mia"})
    assert r.status_code == 200, r.text
    for speaker, text in TURNS:
        r = child.post("/v1/conversations/s-mia/turns", json={"speaker": speaker, "text": text})
        assert r.status_code == 200, r.text
    knowledge = parent.get("/v1/memory/list", params={"owner_id": child_id, "layer": "knowledge"}).json()["items"]
    facts = {m["type"]: m for m in knowledge}
    for kind in ("preference", "relationship", "routine", "identity"):
        assert kind in facts, f"the extractor drew no {kind} from Mia's turns: {[m['text'] for m in knowledge]}"
    return {"parent": parent, "child": child, "orchestrator": orchestrator, "child_id": child_id, "facts": facts,
            "knowledge": knowledge, "parent_token": t["users"][0]["token"], "child_token": t["users"][1]["token"]}


@pytest.fixture
def page_of(browser):
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
    expect(page.get_by_role("heading", level=1)).to_have_text(lands_on)


def visit(page, api_url: str, hash_: str) -> None:
    """A fresh load of one page (signed in by the cookie): the household page the sign-in started to
    draw cannot redraw over it while a test acts on it."""
    page.goto("about:blank")
    page.goto(f"{api_url}/portal{hash_}")
    expect(page.locator("#main > h1")).to_be_visible()


def group(page, title: str):
    return page.get_by_role("region", name=title, exact=True)


def test_a_members_groups_fill_from_knowledge_and_the_turns_stay_apart(page_of, api_url, mia, screenshots):
    f = mia
    page = page_of()
    sign_in(page, api_url, f["parent_token"])
    visit(page, api_url, f"#/member/{f['child_id']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("What the companion knows about Mia")
    for title, kind in (("Likes and dislikes", "preference"), ("People", "relationship"), ("Routines", "routine"),
                        ("About them", "identity")):
        expect(group(page, title)).to_contain_text(f["facts"][kind]["text"])
    about = group(page, "About them")
    for raw in RAW:  # no sentence as said, the companion's least of all, is "about them"
        expect(about).not_to_contain_text(raw)
    said = page.locator("details", has=page.get_by_text(re.compile(r"^What was said \(4\)$")))
    expect(said).to_have_count(1)
    expect(said).not_to_have_attribute("open", "")  # collapsed: the facts come first
    expect(said.get_by_text(RAW[0])).to_be_hidden()
    said.locator("summary").click()
    for raw in RAW:
        expect(said.locator("li.item").filter(has_text=raw)).to_have_count(1)
    expect(said.locator("li.item").filter(has_text=RAW[1])).to_contain_text("said by the companion")
    knowledge_items = page.locator("section[aria-label] li.item")
    expect(knowledge_items).to_have_count(len(f["knowledge"]))
    if screenshots:
        page.screenshot(path=str(screenshots / "11-memories-from-conversation.png"), full_page=True)
    assert page.errors == []


def test_said_by_names_the_member_and_certainty_reads_in_words(page_of, api_url, mia):
    f = mia
    page = page_of()
    sign_in(page, api_url, f["parent_token"])
    visit(page, api_url, f"#/member/{f['child_id']}")
    likes = group(page, "Likes and dislikes").locator("li.item").filter(has_text=f["facts"]["preference"]["text"])
    meta = likes.locator(".meta")
    expect(meta).to_contain_text("said by Mia")
    expect(meta).to_contain_text(re.compile(r"(fairly |not )?sure"))
    for item in page.locator("li.item .meta").all():
        text = item.inner_text()
        assert "said by user" not in text and "%" not in text, text
    words = page.evaluate("""async () => {
        const { saidBy, sureness } = await import("/portal/assets/js/words.js");
        const members = [{ user_id: "c", display_name: "Mia", role: "child" },
                         { user_id: "p", display_name: "Sara", role: "parent" }];
        const said = (speaker, source = "user") => saidBy({ speaker, source }, members, "c");
        return [said("user"), said("Mia"), said("mia"), said("assistant"), said("parent", "parent"), said("Grandma"),
                said(null, "parent"), sureness(0.92), sureness(0.8), sureness(0.699999988), sureness(0.55), sureness(0.5), sureness(0.2)];
    }""")
    assert words == ["said by Mia", "said by Mia", "said by Mia", "said by the companion", "said by Sara",
                     "said by Grandma", "added by a parent", "sure", "fairly sure", "fairly sure", "not sure", "not sure",
                     "only a guess"], words


def test_the_childs_own_view_shows_facts_not_its_sentences(page_of, api_url, mia, screenshots):
    f = mia
    page = page_of(390)
    sign_in(page, api_url, f["child_token"], lands_on="What I remember about you")
    for kind in ("preference", "relationship", "routine", "identity"):
        expect(page.locator("li.item").filter(has_text=f["facts"][kind]["text"])).to_have_count(1)
    main = page.locator("#main")
    for raw in RAW:
        expect(main).not_to_contain_text(raw)
    if screenshots:
        page.screenshot(path=str(screenshots / "12-child-view-facts-phone.png"), full_page=True)
    assert page.errors == []


def test_making_an_adult_a_child_sends_the_age_chosen(page_of, api_url, new_tenant):
    t = new_tenant("parent", "user", "child")
    parent = t["clients"][0]
    adult, child = t["users"][1]["user_id"], t["users"][2]["user_id"]
    page = page_of()
    sign_in(page, api_url, t["users"][0]["token"])
    visit(page, api_url, f"#/member/{child}/settings")
    age = page.get_by_label("Age", exact=True)
    expect(age).to_have_value("8_12")
    expect(age.locator("option[value=adult]")).to_have_count(0)  # "Adult" is not an age for a child

    visit(page, api_url, f"#/member/{adult}/settings")
    expect(page.get_by_role("heading", level=1)).to_have_text("Settings for user-1")
    expect(age).to_have_value("adult")
    page.get_by_label("Role", exact=True).select_option("child")
    expect(age.locator("option[value=adult]")).to_have_count(0)
    page.get_by_role("button", name="Change role").click()  # no age chosen yet: the page asks for one
    expect(page.locator("#notice.error")).to_contain_text("age")
    expect(age).to_be_focused()
    age.select_option("13_17")
    page.get_by_role("button", name="Change role").click()
    expect(page.locator("#notice")).to_have_text("Role changed.")
    expect(page.get_by_test_id("member-role")).to_have_text("Child · 13 to 17")
    member = next(m for m in parent.get("/v1/household/members").json()["items"] if m["user_id"] == adult)
    assert (member["role"], member["age_band"]) == ("child", "13_17"), member
    assert page.errors == []


def test_what_was_used_shows_the_question_and_a_forgotten_line(page_of, api_url, mia):
    f = mia
    r = f["parent"].post("/v1/memory/candidates", json={"owner_id": f["child_id"], "items": [
        {"text": "Mia's favourite colour is purple.", "type": "semantic"}]})
    assert r.status_code == 200 and r.json()["items"][0]["memory"], r.text
    colour = r.json()["items"][0]["memory"]["id"]
    question = "What is Mia's favourite colour?"
    r = f["orchestrator"].post("/v1/memory/contextify", json={"query": question, "owner_id": f["child_id"],
                                                              "token_budget": 800})
    assert r.status_code == 200 and "purple" in r.json()["context"], r.text
    assert f["parent"].delete(f"/v1/memory/{colour}").status_code in (200, 204)

    page = page_of()
    sign_in(page, api_url, f["parent_token"])
    visit(page, api_url, f"#/member/{f['child_id']}/used")
    entry = page.locator("#main > ul.items > li.item").filter(has_text=question)
    expect(entry).to_have_count(1)
    lines = entry.locator("ul > li")
    expect(lines.filter(has_text=re.compile("forgotten", re.I))).to_have_count(1)
    for text in lines.all_inner_texts():
        assert re.sub(r"\(.*?\)", "", text).strip(), f"an empty line in what was used: {lines.all_inner_texts()}"
    expect(entry).not_to_contain_text("purple")
    expect(entry).not_to_contain_text("[memory:")  # lines in plain words, without their citations
    assert page.errors == []
