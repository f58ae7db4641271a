import pytest

from memcore.extraction import MemoryType, memory_need, needs_memory, score_salience


@pytest.mark.parametrize("text", ["thanks!", "ok", "lol", "good night", "Hi!", "thank you so much :)", "👍", "haha ok cool",
                                  "Good morning!", "no worries", "how are you?"])
def test_phatic_turns_need_no_memory(text):
    need = memory_need(text)
    assert not need.needed and need.reason


@pytest.mark.parametrize("text", ["Is it on track?", "Did Rosa finish the rye?", "no scary stories",
                                  "thanks, and what time is the vet?", "remind me about the 3 invoices",
                                  "ok so what did Omar say about the launch?", "Hi Bruno"])
def test_content_turns_need_memory(text):
    assert needs_memory(text)


def test_foundational_knowledge_outranks_episodes():
    role = score_salience("Rosa is one of our bakers.", MemoryType.RELATIONSHIP)
    event = score_salience("Rosa baked 40 rolls Friday.", MemoryType.EPISODIC)
    process = score_salience("Remember this process: to close the till, count the cash.", MemoryType.PROCESS, True)
    safety = score_salience("No horror movies for Maya.", MemoryType.SAFETY)
    assert event.score < 0.4 < role.score < process.score
    assert safety.score >= 0.75
    assert "explicit_marking" in process.factors and "instruction" in process.factors


def test_factors_raise_salience():
    plain = score_salience("The oven is in the back room.", MemoryType.SEMANTIC)
    urgent = score_salience("Important: the oven inspection is due by Friday.", MemoryType.SEMANTIC)
    assert urgent.score > plain.score
    assert {"explicit_marking", "temporal_urgency"} <= set(urgent.factors)
    sad = score_salience("I was so upset and scared when Bruno left yesterday.", MemoryType.EPISODIC)
    flat = score_salience("Bruno left yesterday.", MemoryType.EPISODIC)
    assert sad.score > flat.score and "emotion" in sad.factors and "self_reference" in sad.factors
    assert all(0.0 <= s.score <= 1.0 for s in (plain, urgent, sad, flat))
