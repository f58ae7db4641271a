"""The model extractor on Azure OpenAI (issue 35 item 5): a thin adapter over the openai SDK's chat
completions, configured like the embedder (the same AZURE_OPENAI_* endpoint, key and API version),
with its own deployment. It is optional: without AZURE_OPENAI_EXTRACTOR_DEPLOYMENT nothing is built.

| variable | default | meaning |
|---|---|---|
| AZURE_OPENAI_ENDPOINT | (unset) | https://<resource>.openai.azure.com/ (shared with the embedder) |
| AZURE_OPENAI_API_KEY | (unset) | key auth; unset = Microsoft Entra ID (shared with the embedder) |
| AZURE_OPENAI_API_VERSION | 2024-10-21 | data-plane API version (shared with the embedder) |
| AZURE_OPENAI_EXTRACTOR_DEPLOYMENT | (unset) | the chat deployment that extracts facts; unset: no model extractor |
| MEMORY_MODEL_EXTRACTOR_TIMEOUT_S | 10 | one answer's time limit; past it the deterministic facts stand |

The model sees one owner's turn (as stored: redacted) and the owner's name, nothing else: no
assistant line, no earlier turn. Its answer goes through model_contract.check_output.
"""
from __future__ import annotations

import json
from typing import Any

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from .extractors import Extracted, OwnerTurn
from .model_contract import ModelOutputError, check_output

PROMPT_VERSION = "p1"
DEFAULT_API_VERSION = "2024-10-21"

SYSTEM_PROMPT = """You extract lasting facts about a person from one thing they said.
Answer with a JSON object {"facts": [...]} and nothing else. Each fact has exactly these fields:
- "subject": "I" for the speaker, or a person, pet or organisation named in the text, as written
- "predicate": snake_case, e.g. likes, dislikes, fears, name, age, lives_in, best_friend, sister, job,
  works_at, routine, can, learning, must_avoid, allergic_to
- "value": words copied from the text (never reworded, never added)
- "certainty": 0..1 from how it was said (hedged 0.55, plain 0.8, emphatic 0.85)
- "type": one of preference, relationship, identity, routine, skill, safety, process, semantic, episodic
- "pii_flags": PII types the value holds (PHONE, EMAIL, ADDRESS, SSN, CARD, DOB, IBAN, IP), usually []
Questions, greetings, thanks, requests and hypotheticals teach nothing: answer {"facts": []}."""


class ModelExtractorSettings(BaseSettings):
    """One environment variable each, named as the field (see the module doc); the extractor is on
    when both the endpoint and the extractor deployment are set."""

    model_config = SettingsConfigDict(extra="ignore")

    azure_openai_endpoint: str | None = None
    azure_openai_api_key: SecretStr | None = None
    azure_openai_api_version: str = DEFAULT_API_VERSION
    azure_openai_extractor_deployment: str | None = None
    memory_model_extractor_timeout_s: float = Field(default=10.0, gt=0, le=120)

    @property
    def enabled(self) -> bool:
        return bool((self.azure_openai_endpoint or "").strip() and (self.azure_openai_extractor_deployment or "").strip())

    @property
    def timeout_s(self) -> float:
        return self.memory_model_extractor_timeout_s


def messages(turn: OwnerTurn) -> list[dict[str, str]]:
    said = json.dumps({"speaker": turn.owner, "text": turn.text}, ensure_ascii=False)
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": said}]


class AzureChatExtractor:
    """Facts from an Azure OpenAI chat deployment. Raises on any failure (the caller falls back):
    the SDK's timeout and HTTP errors, a cut or refused answer, an answer that is not the contract."""

    def __init__(self, client: Any, deployment: str, timeout_s: float) -> None:
        self._client = client
        self.deployment = deployment
        self.timeout_s = timeout_s

    @property
    def version(self) -> str:
        return f"azure:{self.deployment}:{PROMPT_VERSION}"

    def extract(self, turn: OwnerTurn) -> Extracted:
        if turn.role != "owner":
            raise ValueError("only the owner's own turns are sent to a model")
        response = self._client.chat.completions.create(
            model=self.deployment, messages=messages(turn), temperature=0,
            response_format={"type": "json_object"}, timeout=self.timeout_s)
        if not response.choices:
            raise ModelOutputError("no choice in the answer")
        choice = response.choices[0]
        if choice.finish_reason not in (None, "stop"):
            raise ModelOutputError(f"answer ended with {choice.finish_reason!r}")
        checked = check_output(choice.message.content, turn.text, turn.owner)
        return Extracted(checked.facts, checked.rejected)


def build_model_extractor(settings: ModelExtractorSettings | None = None,
                          http_client: Any = None) -> AzureChatExtractor | None:
    """The Azure extractor when configured, else None. The client is the embedder's (same auth:
    the key, else Entra ID), without retries: a slow or failing model falls back at once."""
    settings = settings or ModelExtractorSettings()
    if not settings.enabled:
        return None
    from ..embedding.azure_openai import _make_client

    key = settings.azure_openai_api_key.get_secret_value() if settings.azure_openai_api_key else None
    client = _make_client(str(settings.azure_openai_endpoint), settings.azure_openai_api_version, key, None,
                          settings.timeout_s, 0, http_client)
    return AzureChatExtractor(client, str(settings.azure_openai_extractor_deployment), settings.timeout_s)

__all__ = ["AzureChatExtractor", "ModelExtractorSettings", "PROMPT_VERSION", "build_model_extractor", "messages"]
