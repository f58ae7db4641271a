"""A list question gathers one person's facts of a kind (issue 35 item 7): "What foods does Dana
like?" finds each food Dana said she likes, though no turn holds them all and the question shares
no word with them."""
import pytest

FOODS = {"sushi", "dumplings", "mango sorbet"}


@pytest.fixture(scope="module")
def dana(new_tenant):
    client = new_tenant("user")["clients"][0]
    said = ["I love sushi.", "The train was late again this morning.", "My sister Ella lives in Bristol.",
            "I really like dumplings, especially the steamed ones.", "We painted the hallway green at the weekend.",
            "I'm learning to play the cello.", "Work has been busy with the quarterly report.",
            "I adore mango sorbet.", "I go running every Tuesday evening.", "My manager is Priya Shah.",
            "The garden needs weeding before the party.", "I can't stand olives."]
    for i, text in enumerate(said):
        r = client.post(f"/v1/conversations/list-{i % 3}/turns", json={"speaker": "Dana", "text": text})
        assert r.status_code == 200, r.text
    return client


def test_a_list_question_finds_every_like_of_the_kind(dana):
    r = dana.post("/v1/memory/retrieve", json={"query": "What foods does Dana like?", "k": 6})
    assert r.status_code == 200, r.text
    found = " ".join(i["memory"]["text"].lower() for i in r.json()["items"])
    assert all(food in found for food in FOODS), found
