"""`memctl bench formation --with-pending-review`: a child's facts that wait for a parent's review
count as knowledge only when asked (issue 35). Through the real API: a child cannot set a safety rule
alone, so the rule waits for a parent; by default the bench does not find it, and with the option it
finds it and says how many waited."""
import json

from memclient.bench import formation

from tests.conftest import ADMIN_TOKEN


def _fact(subject, predicate, value, kind, polarity="positive"):
    return {"subject": subject, "predicate": predicate, "value": [value], "type": kind, "types_ok": [kind],
            "certainty": "stated", "polarity": polarity}


def _data(tmp_path):
    turns = [("Zainab", "owner", "I'm not allowed to use the oven on my own.",
              [_fact("Zainab", "must_not", "use the oven", "safety", polarity="negative")]),
             ("assistant", "assistant", "Good rule. What do you like doing instead?", []),
             ("Zainab", "owner", "I love painting with watercolours.", [_fact("Zainab", "likes", "painting", "preference")])]
    rows = [{"conversation": "pending-child-01", "voice": "child", "half": "check", "owner": "Zainab", "org": None,
             "seq": n, "speaker": who, "speaker_role": role, "text": text,
             "kind": "knowledge" if facts else "assistant", "facts": facts}
            for n, (who, role, text, facts) in enumerate(turns)]
    path = tmp_path / "pending.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _found(result):
    return {f["predicate"]: f["found"] for c in result["conversations_scored"] for f in c["facts"]}


def test_facts_waiting_for_review_count_only_when_asked(api_url, tmp_path):
    data = _data(tmp_path)
    stored_only = formation.run(api_url, ADMIN_TOKEN, data, tmp_path / "a.json", half="check")
    with_pending = formation.run(api_url, ADMIN_TOKEN, data, tmp_path / "b.json", half="check", with_pending=True)
    assert _found(stored_only) == {"must_not": False, "likes": True}, stored_only["conversations_scored"]
    assert _found(with_pending) == {"must_not": True, "likes": True}, [c["memories"] for c in with_pending["conversations_scored"]]
    assert (stored_only["pending_review_counted"], stored_only["pending_review"]) == (False, 0)
    assert with_pending["pending_review_counted"] and with_pending["pending_review"] >= 1, with_pending
