"""The optional model extractor (issue 35 item 5) on recorded Azure OpenAI answers: the real openai
SDK client, its HTTP answered from tests/data/model_extractor/*.json (good, malformed, partial,
hallucinated, truncated) or by a timeout. Strict checking, reasons counted, the deterministic
extractor as the fallback, and never an assistant's line sent. The live test runs only with the
Azure settings present."""
from __future__ import annotations

import importlib.util
import json
import threading
from pathlib import Path

import httpx
import pytest

from memcore.knowledge.azure_extractor import ModelExtractorSettings, build_model_extractor
from memcore.knowledge.extractors import (LocalExtractor, OwnerTurn, TimeLimited, extract_with_fallback,
                                          facts_to_add)
from memcore.knowledge.model_contract import ModelOutputError, check_output
from memcore.knowledge.models import Fact

DATA = Path(__file__).resolve().parents[1] / "data" / "model_extractor"
_spec = importlib.util.spec_from_file_location("model_extractor_replay", DATA / "replay.py")
replay = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(replay)
recorded, extractor = replay.recorded, replay.extractor


def turn_of(case: dict, role="owner") -> OwnerTurn:
    return OwnerTurn(text=case["turn"], owner=case["owner"], speaker=case["owner"], role=role)


def triples(facts):
    return {(f.subject, f.predicate, f.value, f.type) for f in facts}


def test_a_good_answer_gives_typed_facts_naming_the_owner():
    case, sent = recorded("good"), []
    got = extractor(case["response"], sent).extract(turn_of(case))
    assert got.rejected == []
    assert triples(got.facts) == {
        ("Mia", "name", "Mia", "identity"), ("Mia", "age", "seven", "identity"),
        ("Mia", "loves", "horses", "preference"), ("Mia", "loves", "ponies", "preference"),
        ("Mia", "best_friend", "Noah", "relationship"), ("Noah", "has_pet", "a dog called Biscuit", "semantic")}
    texts = {f.text for f in got.facts}
    assert "Mia loves ponies" in texts and "Mia's best friend is Noah" in texts
    assert max(f.certainty for f in got.facts) == 0.85  # a model's 0.9 is capped: a second opinion
    [request] = sent  # one request, the turn and the owner's name only, JSON asked for
    assert request["response_format"] == {"type": "json_object"} and request["temperature"] == 0
    assert json.loads(request["messages"][1]["content"]) == {"speaker": "Mia", "text": case["turn"]}


def test_a_partial_answer_keeps_the_good_facts_and_counts_each_rejection():
    case = recorded("partial")
    got = extractor(case["response"]).extract(turn_of(case))
    assert triples(got.facts) == {("Mia", "best_friend", "Noah", "relationship")}
    codes = {r.index: r.code for r in got.rejected}
    assert codes == {0: "missing_field", 1: "unknown_type", 2: "bad_predicate", 3: "bad_field", 4: "unknown_field"}
    assert "certainty" in got.rejected[0].detail and all("Noah" not in r.detail for r in got.rejected)


def test_values_and_subjects_the_turn_does_not_say_are_rejected():
    case = recorded("hallucinated")
    got = extractor(case["response"]).extract(turn_of(case))
    assert triples(got.facts) == {("Mia", "loves", "horses", "preference")}
    assert [r.code for r in got.rejected] == ["value_not_in_turn", "value_not_in_turn", "subject_not_in_turn",
                                              "subject_not_in_turn"]
    checked = check_output(case["response"]["choices"][0]["message"]["content"], case["turn"], "Mia")
    assert checked.counts() == {"value_not_in_turn": 2, "subject_not_in_turn": 2}


def test_a_sentences_first_word_is_a_subject_only_when_it_can_be_a_name():
    content = json.dumps({"facts": [
        {"subject": s, "predicate": "likes", "value": "chess", "certainty": 0.8, "type": "preference", "pii_flags": []}
        for s in ("Since", "Grandpa Joe", "Joe", "Priya")]})
    checked = check_output(content, "Since Tuesday Grandpa Joe and I play chess. Priya likes chess too.", "Mia")
    assert [f.subject for f in checked.facts] == ["Grandpa Joe", "Joe", "Priya"]
    assert [r.code for r in checked.rejected] == ["subject_not_in_turn"]


@pytest.mark.parametrize("name", ["malformed", "truncated"])
def test_an_answer_that_is_not_the_contract_is_refused_whole(name):
    case = recorded(name)
    with pytest.raises(ModelOutputError):
        extractor(case["response"]).extract(turn_of(case))


@pytest.mark.parametrize("answer", ["malformed", "truncated", "timeout", "server_error"])
def test_any_failure_falls_back_to_the_deterministic_facts(answer):
    case = recorded("good")
    failure = {"timeout": httpx.ReadTimeout("timed out"),
               "server_error": httpx.ConnectError("refused")}.get(answer) or recorded(answer)["response"]
    turn = turn_of(case)
    out = extract_with_fallback(extractor(failure), LocalExtractor(), turn)
    assert out.source == "fallback" and out.error
    assert triples(out.facts) == triples(LocalExtractor().extract(turn).facts) != set()
    assert ("Mia", "age", "7", "identity") in triples(out.facts)  # the rules' own facts: nothing lost


@pytest.mark.parametrize("role", ["assistant", "other", "guardian"])
def test_no_line_but_the_owners_is_ever_sent_to_the_model(role):
    case, sent = recorded("good"), []
    out = extract_with_fallback(extractor(case["response"], sent), LocalExtractor(), turn_of(case, role=role))
    assert (out.source, out.facts, sent) == ("skipped", [], [])
    with pytest.raises(ValueError):
        extractor(case["response"], sent).extract(turn_of(case, role=role))
    assert sent == []


def test_what_the_model_adds_leaves_out_what_the_rules_already_gave():
    rules = [Fact("Mia", "likes", "horses", "preference", 0.85, "Mia loves horses"),
             Fact("Mia", "best_friend", "Noah", "relationship", 0.8, "Mia's best friend is Noah")]
    model = [Fact("Mia", "loves", "horses", "preference", 0.85, "Mia loves horses"),  # same text
             Fact("Mia", "best_friend", "noah", "relationship", 0.8, "Mia's best friend is noah"),  # same triple
             Fact("Noah", "has_pet", "a dog called Biscuit", "semantic", 0.8, "Noah has a pet a dog called Biscuit"),
             Fact("Noah", "has_pet", "a dog called Biscuit", "semantic", 0.8, "Noah has a pet a dog called Biscuit"),
             Fact("Mia", "likes", "horse riding", "preference", 0.8, "Mia likes horse riding")]
    assert facts_to_add(model, rules) == [model[2], model[4]]


def test_a_model_answer_on_a_turn_the_rules_understood_adds_nothing():
    """"seven" and "7", "a dog called Biscuit" and "Biscuit", "loves" and "likes": one fact each."""
    case = recorded("good")
    turn = turn_of(case)
    assert facts_to_add(extractor(case["response"]).extract(turn).facts, LocalExtractor().extract(turn).facts) == []


def test_a_model_slower_than_its_limit_falls_back():
    release = threading.Event()

    class Stuck:
        version = "stuck"

        def extract(self, turn):
            release.wait(30)
            raise AssertionError("answered after its time limit")

    try:
        out = extract_with_fallback(TimeLimited(Stuck(), 0.05), LocalExtractor(), turn_of(recorded("good")))
    finally:
        release.set()
    assert (out.source, out.error) == ("fallback", "TimeoutError") and out.facts


def test_settings_come_from_one_variable_each_and_are_off_without_a_deployment(monkeypatch):
    for name in ("AZURE_OPENAI_ENDPOINT", "AZURE_OPENAI_EXTRACTOR_DEPLOYMENT", "AZURE_OPENAI_API_KEY",
                 "MEMORY_MODEL_EXTRACTOR_TIMEOUT_S"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AZURE_OPENAI_ENDPOINT", "https://unit-test.openai.azure.com")
    assert build_model_extractor() is None  # the embedder's endpoint alone does not turn it on
    monkeypatch.setenv("AZURE_OPENAI_EXTRACTOR_DEPLOYMENT", "facts-mini")
    monkeypatch.setenv("AZURE_OPENAI_API_KEY", "k")
    monkeypatch.setenv("MEMORY_MODEL_EXTRACTOR_TIMEOUT_S", "3.5")
    built = build_model_extractor()
    assert built is not None and built.timeout_s == 3.5 and built.version == "azure:facts-mini:p1"
    monkeypatch.setenv("MEMORY_MODEL_EXTRACTOR_TIMEOUT_S", "0")
    with pytest.raises(ValueError):
        ModelExtractorSettings()


LIVE = ModelExtractorSettings()


@pytest.mark.skipif(not LIVE.enabled, reason="AZURE_OPENAI_ENDPOINT / AZURE_OPENAI_EXTRACTOR_DEPLOYMENT not set: "
                                             "no Azure OpenAI chat deployment to call")
def test_the_real_azure_deployment_answers_in_the_contract():
    case = recorded("good")
    got = build_model_extractor(LIVE).extract(turn_of(case))
    assert got.facts, got.rejected
    assert any(f.value.lower() in ("horses", "ponies") and f.type == "preference" for f in got.facts)
