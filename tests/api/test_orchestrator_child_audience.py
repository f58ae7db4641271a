"""An orchestrator reading a child's memory speaks to that child: the policy's read rules for a
child apply to what it gets (memory_api.read_pipeline.audience_role).

Most of what a child may not see is hidden by the database already (the restricted / parent-only /
profanity flags stored with a memory, row-level security with app_child_audience). What only the
policy read check knows is the household's own words: a word a parent adds to the child's
profanity list after a memory was stored hides that memory from the child at read time, so these
tests fail if the orchestrator were read to as an adult."""
import pytest

WORD = "glorbnuts"


@pytest.fixture
def household(new_tenant):
    """A parent, a child and an orchestrator; the parent stored a memory for the child, then added
    its word to the child's profanity list (so nothing flags the stored row)."""
    t = new_tenant("parent", "child", "orchestrator")
    parent, child, orchestrator = t["clients"]
    child_id = t["users"][1]["user_id"]
    r = parent.post("/v1/memory/candidates", json={"owner_id": child_id, "items": [
        {"text": f"Her favourite snack is {WORD} from the corner shop.", "type": "preference"}]})
    assert r.status_code == 200 and r.json()["items"][0]["status"] == "created", r.text
    r = parent.put(f"/v1/users/{child_id}/policy", json={"age_band": "8_12", "profanity_extra_words": [WORD]})
    assert r.status_code == 200, r.text
    return parent, child, orchestrator, child_id


def _context(client, child_id):
    r = client.post("/v1/memory/contextify", json={"query": "What is her favourite snack?", "owner_id": child_id,
                                                   "token_budget": 800})
    assert r.status_code == 200, r.text
    return r.json()["context"]


def _retrieved(client, child_id):
    r = client.post("/v1/memory/retrieve", json={"query": "favourite snack corner shop", "owner_id": child_id, "k": 20})
    assert r.status_code == 200, r.text
    return " ".join(str(item) for item in r.json()["items"])


def test_the_parent_still_reads_it(household):
    parent, _, _, child_id = household
    assert WORD in _context(parent, child_id) and WORD in _retrieved(parent, child_id)


def test_the_child_does_not(household):
    _, child, _, child_id = household
    assert WORD not in _context(child, child_id) and WORD not in _retrieved(child, child_id)


def test_an_orchestrator_reading_the_childs_memory_gets_the_childs_read_rules(household):
    _, _, orchestrator, child_id = household
    assert WORD not in _context(orchestrator, child_id)
    assert WORD not in _retrieved(orchestrator, child_id)
