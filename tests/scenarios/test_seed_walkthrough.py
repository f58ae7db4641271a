"""The seed's own walkthrough (seed 001, issue 35): a child's "I love triceratops and stegosaurus!"
gives two preference facts at certainty 0.8 naming the child; the next bedtime-story request gets the
parent's rule and what the child likes, one short bullet each with its date, knowledge before what
was said."""
import re

import pytest

CITATION = re.compile(r"\s*\[memory:[0-9a-f-]+\]$")


@pytest.fixture(scope="module")
def home(new_tenant):
    t = new_tenant("parent", "child", child_band="under_8")
    parent, child = t["clients"]
    return parent, child, t["users"][1]


def test_two_preferences_at_the_seeds_certainty_naming_the_child(home):
    _, child, me = home
    r = child.post("/v1/conversations/walk-1/turns", json={"speaker": "child", "text": "I love triceratops and stegosaurus!",
                                                          "at": "2026-03-02T18:00:00Z"})
    assert r.status_code == 200, r.text
    facts = [i["memory"] for i in r.json()["items"] if i.get("memory") and i["memory"]["layer"] == "knowledge"]
    assert sorted(f["value"] for f in facts) == ["stegosaurus", "triceratops"]
    assert all(f["type"] == "preference" and abs(f["confidence"] - 0.8) < 1e-6 for f in facts)
    assert all(f["text"].startswith(me["display_name"]) for f in facts), facts


def test_the_bedtime_story_request_gets_the_rule_and_the_likes_as_short_dated_bullets(home, api_resources):
    parent, child, me = home
    r = parent.post("/v1/memory/candidates", json={"owner_id": me["user_id"], "items": [
        {"text": "No scary stories.", "type": "safety", "source": "parent"}]})
    assert r.status_code == 200, r.text
    ctx = child.post("/v1/memory/contextify", json={"query": "Can you tell me a bedtime story?", "token_budget": 200})
    assert ctx.status_code == 200, ctx.text
    lines = ctx.json()["context"].splitlines()[1:]
    assert "No scary stories" in lines[0], lines
    likes = [i for i, line in enumerate(lines) if "triceratops" in line.lower() and line.startswith(f"- {me['display_name']}")]
    assert likes, lines  # the fact naming the child, not the sentence it was said in
    said = [i for i, line in enumerate(lines) if "I love triceratops" in line]
    assert not said or min(said) > min(likes), lines  # what was said only supports what was learned
    count = api_resources.embedder.count_tokens
    for line in lines[:1] + [lines[i] for i in likes]:
        assert "(since: 2026-" in line or "(since: " in line, line
        text = CITATION.sub("", line)
        text = re.sub(r"\s*\(since: [0-9-]+\)$", "", text).lstrip("- ")
        assert count(text) <= 30, (text, count(text))
