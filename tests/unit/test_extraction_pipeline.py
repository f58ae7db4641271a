import json
from datetime import UTC, date, datetime


from memcore.extraction import MemoryType, Triple, extract, normalise_text, text_hash
from tests.conftest import require_spacy_model, shared_file

AT = datetime(2024, 5, 8, 14, 0, tzinfo=UTC)  # a Wednesday


def test_family_turn():
    r = extract("Maya loves sharks. No horror movies for Maya. She went to the aquarium yesterday.", "parent", AT,
                use_ner=False)
    types = [s.type for s in r.statements]
    assert types == [MemoryType.PREFERENCE, MemoryType.SAFETY, MemoryType.EPISODIC]
    assert Triple("Maya", "likes", "sharks") in r.statements[0].triples
    assert r.statements[2].event_date == date(2024, 5, 7)
    assert r.statements[1].salience > r.statements[2].salience
    assert any(p.text == "She" for p in r.pronouns)


def test_software_team_turn_resolves_our_org():
    r = extract("We are Kestrel Labs. Omar Haddad is one of our engineers and reports to Priya.", "lead", AT,
                use_ner=False)
    rel = r.statements[1]
    assert rel.type == MemoryType.RELATIONSHIP
    assert Triple("Omar Haddad", "role", "engineer") in rel.triples
    assert Triple("Omar Haddad", "belongs_to", "Kestrel Labs") in rel.triples
    assert {m.name for m in rel.mentions} >= {"Omar Haddad", "Priya"}


def test_repeat_hash_ignores_case_space_and_punctuation():
    a = extract("Rosa baked 40 rolls Friday!", "u", AT, use_ner=False).statements[0]
    b = extract("rosa   baked 40 rolls, friday", "u", AT, use_ner=False).statements[0]
    c = extract("Rosa baked 41 rolls Friday!", "u", AT, use_ner=False).statements[0]
    assert a.norm_hash == b.norm_hash != c.norm_hash
    assert normalise_text("  Don’t  STOP, now! ") == "dont stop now"
    assert text_hash("x") == text_hash("X.")


def test_questions_and_thanks_are_not_storable():
    r = extract("Thanks! What does KPX stand for?", "u", AT, use_ner=False)
    assert [s.storable for s in r.statements] == [False, False]
    assert r.needs_memory


def test_wobs_scenario_lines():
    rows = [json.loads(line) for line in shared_file("scenarios/wobs.jsonl").open()]
    first = extract(rows[0]["text"], rows[0]["speaker"], datetime.fromisoformat(rows[0]["at"]), use_ner=False)
    peter = [s for s in first.statements if s.text.startswith("Peter")][0]
    assert peter.type == MemoryType.RELATIONSHIP
    assert Triple("Peter", "belongs_to", "Wolf of Blog Street") in peter.triples
    process_row = next(r for r in rows if r["text"].startswith("Remember this process"))
    proc = extract(process_row["text"], "user", datetime.fromisoformat(process_row["at"]), use_ner=False)
    assert len(proc.statements) == 1 and proc.statements[0].type == MemoryType.PROCESS
    # Foundational statements outrank every dated Peter episode in the scenario.
    episodes = [extract(r["text"], "user", datetime.fromisoformat(r["at"]), use_ner=False) for r in rows
                if r["text"].startswith("Peter ") and any(d in r["text"] for d in ("Monday", "Friday", "Tuesday"))]
    assert episodes
    top_episode = max(s.salience for e in episodes for s in e.statements)
    assert peter.salience > top_episode and proc.statements[0].salience > top_episode
    assert all(s.type == MemoryType.EPISODIC for e in episodes for s in e.statements)


def test_ner_and_rules_agree_on_core_facts():
    require_spacy_model()
    text = "Priya Raman, the CTO of Kestrel Labs, wants the API keys rotated by Friday."
    with_ner = extract(text, "u", AT, use_ner=True)
    rules = extract(text, "u", AT, use_ner=False)
    assert with_ner.ner_used and not rules.ner_used
    for r in (with_ner, rules):
        priya = [m for m in r.mentions if m.name == "Priya Raman"][0]
        assert priya.role == "CTO"
        assert not [m for m in r.mentions if m.text in ("CTO", "Friday")]
    assert "temporal_urgency" in with_ner.statements[0].salience_factors
