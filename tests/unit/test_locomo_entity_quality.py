"""The share of person entities that are people (memclient.bench.entity_quality)."""
import json

from memclient.bench import entity_quality as q


def test_share_counts_only_person_entities_against_the_labels():
    names = ["person:Caroline", "person:Hiking", "person:Melanie", "org:Pride", "place:Sweden", "person:Awesome John"]
    r = q.person_share(names, {q.fingerprint(n) for n in ("Caroline", "Melanie", "John")})
    assert r == {"person_entities": 4, "people": 2, "share": 0.5, "not_people": ["Awesome John", "Hiking"]}
    assert q.person_share(["org:Pride"], {q.fingerprint("Caroline")})["share"] is None


def test_report_over_all_conversations_and_each(tmp_path):
    ents = {"conv-1": {"names": ["person:Caroline", "person:Yup"]}, "conv-2": {"names": ["person:Jon"]}}
    r = q.report(ents, {q.fingerprint("Caroline"), q.fingerprint("Jon")})
    assert (r["person_entities"], r["people"], r["share"]) == (3, 2, 0.6667)
    assert r["by_conversation"]["conv-1"]["share"] == 0.5 and r["by_conversation"]["conv-2"]["share"] == 1.0
    history = tmp_path / "h.jsonl"
    q.append_history(r, 0.8, history)
    q.append_history(r, 0.81, history)
    lines = [json.loads(x) for x in history.read_text().splitlines()]
    assert [x["r10"] for x in lines] == [0.8, 0.81] and lines[0]["share"] == 0.6667


def test_the_labels_in_the_repository_load_and_hold_no_name():
    people = q.load_people()
    assert q.fingerprint("Caroline") in people and q.fingerprint("Hiking") not in people
    assert "Caroline" not in q.LABELS.read_text()


def test_a_run_never_appends_to_a_tracked_file():
    """Issue 36: every run appended to the tracked results/person-share-history.jsonl."""
    repo = q.LABELS.parents[1]
    assert q.HISTORY.is_relative_to(repo / ".data")


def test_the_share_is_reported_only_for_the_data_set_the_labels_cover(tmp_path):
    """Issue 36: any other data printed a false share (0.08 against the 0.90 target)."""
    ents = {"conv-1": {"names": ["person:Caroline", "person:Zed"]}}
    assert q.quality_for(tmp_path / "locomo-dev", ents)["share"] == 0.5
    assert q.quality_for(tmp_path / "locomo-full", ents) is None


def test_the_result_file_names_the_data_set():
    """Issue 36: `memctl bench locomo --data OTHER` overwrote results/locomo.json."""
    from pathlib import Path

    from memclient.bench.locomo import result_name

    assert result_name(Path("/data/locomo-dev")) == "locomo"  # the labelled dev set: the file the docs cite
    assert result_name(Path("/data/locomo-full/")) == "locomo-full"
    assert result_name(Path("/tmp/my data")) == "locomo-my-data"


def test_a_run_records_its_commit_on_a_fresh_checkout(tmp_path, monkeypatch):
    """The first run on a checkout has no .data/bench yet: it still records the commit it measured."""
    import subprocess

    monkeypatch.setattr(q, "HISTORY", tmp_path / "not-made-yet" / "history.jsonl")
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          cwd=q.REPO).stdout.strip()
    line = q.append_history({"person_entities": 1, "people": 1, "share": 1.0}, None, q.HISTORY)
    assert head and line["commit"] == head
