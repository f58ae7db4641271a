"""The people-talk disambiguation generator follows its spec (docs/disambiguation-spec.md): it is
deterministic, splits by household, every trait of the spec is in the conversations, and every
query's label agrees with the people of its household, in every voice (docs/people-talk-voices.md).
No stack needed."""
import re

import pytest

from memclient.bench import people_talk_households as pt


@pytest.fixture(scope="module", params=sorted(pt.VOICES))
def voice(request):
    return request.param


@pytest.fixture(scope="module")
def data(voice):
    return pt.generate(voice=voice)


def test_same_seed_same_benchmark_other_seed_other_benchmark(data, voice):
    assert pt.generate(voice=voice) == data
    assert pt.generate(seed=pt.SEED + 1, voice=voice) != data


def test_split_is_by_household_disjoint_and_half_each(data):
    halves = {h["id"]: h["half"] for h in data}
    cal = {i for i, half in halves.items() if half == "calibration"}
    test = {i for i, half in halves.items() if half == "test"}
    assert not cal & test and len(cal) == len(test) == pt.HOUSEHOLDS // 2
    for h in data:
        assert {q["half"] for q in h["queries"]} <= {h["half"]}
    # no query text of one half is tied to a person of the other: queries carry their household
    assert all(halves[q["household"]] == q["half"] for h in data for q in h["queries"])
    assert pt.split(pt.HOUSEHOLDS) == pt.split(pt.HOUSEHOLDS)


def test_households_have_namesakes_and_unique_names(data):
    for h in data:
        firsts = [p["first"] for p in h["people"]]
        assert 6 <= len(h["people"]) <= 8
        assert 2 <= len(h["namesakes"]) <= 3
        for first in h["namesakes"]:
            group = [p for p in h["people"] if p["first"] == first]
            assert len(group) >= 2
            assert len({p["role"] for p in group}) == len(group)
            assert len({p["relation"] for p in group}) == len(group)
            assert len({p["surname"] for p in group}) == len(group)
            assert len({p["gender"] for p in group}) == 1  # a pronoun never tells namesakes apart
        assert sum(firsts.count(f) == 1 for f in firsts) >= 2
    assert sum(h["workspace"] for h in data) > 0 and sum(not h["workspace"] for h in data) > 0


def test_every_trait_of_the_spec_is_in_every_household(data, voice):
    for h in data:
        turns = h["turns"]
        traits = {t for turn in turns for t in turn["traits"]}
        assert {"intro_relation", "first_name_only", "pronoun", "late_role", "filler", "assistant"} <= traits
        assert len({t["session"] for t in turns}) == pt.SESSIONS
        assert len({t.split(":")[1] for t in traits if t.startswith("style:")}) >= 2
        for i, p in enumerate(h["people"]):
            mine = [t for t in turns if t["person"] == i]
            intro = [t for t in mine if "intro_relation" in t["traits"]]
            assert len(intro) == 1 and p["full"] in intro[0]["text"] and p["relation"][0].lower() in intro[0]["text"].lower()
            facts = [t for t in mine if "fact" in t["traits"]]
            # role, place and hobby each said once, in separate turns, over more than one session
            assert sorted(a for t in facts for a in ("role", "place", "hobby") if a in t["traits"]) == \
                ["hobby", "place", "role"]
            assert len({t["session"] for t in facts}) >= 2
            assert intro[0]["session"] <= min(t["session"] for t in facts)
            if p["late_role"]:
                late = [t for t in facts if "late_role" in t["traits"]]
                assert len(late) == 1 and late[0]["session"] == pt.SESSIONS - 1 > intro[0]["session"]
                assert p["full"] in late[0]["text"]
                if voice == "adult":
                    assert re.search(r"(?i)turns out|found out", late[0]["text"])
        for t in turns:
            if "pronoun" in t["traits"]:
                p = h["people"][t["person"]]
                assert re.search(r"\b(he|she)\b", t["text"], re.I) and p["first"] not in t["text"]
                before = [u for u in turns[:turns.index(t)] if u["person"] is not None]
                assert before[-1]["person"] == t["person"]  # the pronoun is for the person just discussed
            if "first_name_only" in t["traits"]:
                p = h["people"][t["person"]]
                assert re.search(rf"\b{p['first']}\b", t["text"]) and p["surname"] not in t["text"]
            if "filler" in t["traits"]:
                assert t["person"] is None
                assert not any(p["first"] in t["text"] for p in h["people"])
        # a namesake named by first name alone: after an introduction, right after talking about them
        for k, t in enumerate(turns):
            if "first_name_only" in t["traits"] and h["people"][t["person"]]["first"] in h["namesakes"]:
                before = [u for u in turns[:k] if u["person"] is not None]
                assert before and before[-1]["person"] == t["person"]


def test_conversation_phrasing_has_no_template_holes(data):
    for h in data:
        for t in h["turns"]:
            assert "{" not in t["text"] and "}" not in t["text"]
        for q in h["queries"]:
            assert "{" not in q["text"] and q["name"] in q["text"]


def test_every_query_kind_is_generated_in_both_halves(data):
    for half in ("calibration", "test"):
        kinds = {q["kind"] for h in data if h["half"] == half for q in h["queries"]}
        assert kinds == set(pt.RESOLVABLE_KINDS) | set(pt.CLUE_LESS_KINDS)


def test_labels_agree_with_the_household(data, voice):
    for h in data:
        for q in h["queries"]:
            p = h["people"][q["person"]]
            assert q["name"] == p["first"] and q["full"] == p["full"]
            clues = {a: p[a] for a in q["clues"]}
            matching = pt.fits(h, q["name"], clues)
            assert q["person"] in matching and q["fits"] == len(matching)
            assert q["resolvable"] == (len(matching) == 1)
            if q["kind"] in pt.RESOLVABLE_KINDS:
                assert len(matching) == 1
            else:
                assert len(matching) >= 2
            if q["kind"] == "no clue":
                assert not clues
            if q["kind"] == "shared clue":
                assert len(clues) == 1
            if q["kind"] == "unique name":
                assert q["name"] not in h["namesakes"]
            else:
                assert q["name"] in h["namesakes"]
            if q["kind"] == "late role":
                assert p["late_role"] and q["clues"] == ["role"]
            if q["kind"] == "relation":
                assert pt.relation_ref(p).lower() in q["text"].lower()
            if q["kind"] in ("one clue", "two clues", "late role", "shared clue"):
                # the clue is said as an allusion, not as the teaching sentence
                allusions = [a for attr in q["clues"] for a in pt.attribute_text(h, p, attr, pt.VOICES[voice])[1]]
                assert any(a in q["text"] for a in allusions)
