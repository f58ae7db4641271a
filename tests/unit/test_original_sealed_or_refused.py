"""A write whose household keeps PII encrypted carries its original sealed to the owner
(write_gate.keep_original), or is refused: resources without the envelope cipher answer 503 and
store nothing, never an unsealed original or an internal error (the app always opens a cipher,
app.open_cipher, and fails closed without its key)."""
from __future__ import annotations

from types import SimpleNamespace
from uuid import uuid4

import pytest

from memcore.policy.contract import PiiSpan, WriteDecision
from memory_api.errors import ApiError
from memory_api.write_gate import keep_original

SEALED = WriteDecision(decision="redact", redacted_text="call me on <PHONE>", keep_encrypted_original=True,
                       pii=[PiiSpan(type="PHONE", start=11, end=23, score=0.9)])


class _Cipher:
    def encrypt(self, text: str, context: str) -> tuple[bytes, str]:
        return b"sealed:" + text[::-1].encode(), "key-1"


def test_the_original_is_sealed_with_the_apps_cipher():
    fields: dict = {}
    keep_original(SimpleNamespace(cipher=_Cipher()), SimpleNamespace(tenant_id=uuid4()), uuid4(), SEALED,
                  "call me on 415-555-0134", fields)
    assert fields["encryption_key_id"] == "key-1" and fields["encrypted_original"].startswith(b"sealed:")


def test_without_a_cipher_the_write_is_refused_with_503():
    fields: dict = {}
    with pytest.raises(ApiError) as refused:
        keep_original(SimpleNamespace(cipher=None), SimpleNamespace(tenant_id=uuid4()), uuid4(), SEALED,
                      "call me on 415-555-0134", fields)
    assert refused.value.status == 503 and "nothing was stored" in refused.value.message
    assert fields == {}
