"""The optional model extractor (issue 35 item 5) on recorded Azure OpenAI answers: the real openai
SDK client, its HTTP answered from tests/data/model_extractor/*.json (good, malformed, partial,
hallucinated, truncated) or by a timeout. Strict checking, reasons counted, the deterministic
extractor as the fallback, and never an assistant's line sent. The live test runs only with the
Azure settings present."""
from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from memcore.knowledge.azure_extractor import AzureChatExtractor, ModelExtractorSettings, build_model_extractor
from memcore.knowledge.extractors import LocalExtractor, OwnerTurn, extract_with_fallback, facts_to_add
from memcore.knowledge.model_contract import ModelOutputError, check_output
from memcore.knowledge.models import Fact

DATA = Path(__file__).resolve().parents[1] / "data" / "model_extractor"


def recorded(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


def client_answering(answer, sent: list):
    """A real AzureOpenAI client whose transport answers locally: a recorded body, or an exception."""
    from openai import AzureOpenAI

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(json.loads(request.content))
        if isinstance(answer, Exception):
            raise answer
        return httpx.Response(200, json=answer)

    return AzureOpenAI(azure_endpoint="https://unit-test.openai.azure.com", api_version="2024-10-21",
                       api_key="test-key", max_retries=0,
                       http_client=httpx.Client(transport=httpx.MockTransport(handler)))


def extractor(answer, sent=None) -> AzureChatExtractor:
    return AzureChatExtractor(client_answering(answer, [] if sent is None else sent), "facts-mini", 2.0)


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
             Fact("Noah", "has_pet", "a dog called Biscuit", "semantic", 0.8, "Noah has a pet a dog called Biscuit")]
    assert facts_to_add(model, rules) == [model[2]]


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
