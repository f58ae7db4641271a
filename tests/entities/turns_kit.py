"""Turns posted through the API and the entities listed after them: shared by the entity tests that
teach a tenant a few turns and read back whom it made (test_person_introduced_as_other.py,
test_retyped_person_keeps_descriptor.py); and a stand-in for the store's look-up of known people by name
(test_full_name_the_tagger_cut.py, tests/unit/test_owner_of_a_descriptor_is_no_mention.py)."""


def post_turn(client, at: str, text: str, session: str = "s1") -> None:
    r = client.post(f"/v1/conversations/{session}/turns", json={"speaker": "user", "text": text, "at": at})
    assert r.status_code == 200, r.text


def entities_named(client, q: str) -> list[dict]:
    r = client.get("/v1/entities", params={"q": q, "limit": 50})
    assert r.status_code == 200, r.text
    return r.json()["items"]


def people_named_stub(names: list[str]):
    """entity_repo.people_named over people known by these normalised names, one row each."""
    async def people_named(conn, owner_id, grams):
        return [{"norm_names": [n]} for n in names if n in grams]
    return people_named
