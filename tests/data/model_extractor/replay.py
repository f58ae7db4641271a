"""Recorded Azure OpenAI answers replayed through the real openai SDK client (its HTTP answered
locally): what the model extractor's tests run on. No network."""
from __future__ import annotations

import json
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent


def recorded(name: str) -> dict:
    """{"owner", "turn", "response"}: a turn and the chat completion recorded for it."""
    return json.loads((HERE / f"{name}.json").read_text())


def client_answering(answer, sent: list):
    """A real AzureOpenAI client whose transport answers `answer` (a recorded body) or raises it
    (an exception: a timeout, a refused connection); each request body is appended to `sent`."""
    from openai import AzureOpenAI

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(json.loads(request.content))
        if isinstance(answer, Exception):
            raise answer
        return httpx.Response(200, json=answer)

    return AzureOpenAI(azure_endpoint="https://unit-test.openai.azure.com", api_version="2024-10-21",
                       api_key="test-key", max_retries=0,
                       http_client=httpx.Client(transport=httpx.MockTransport(handler)))


def extractor(answer, sent: list | None = None):
    from memcore.knowledge.azure_extractor import AzureChatExtractor

    return AzureChatExtractor(client_answering(answer, [] if sent is None else sent), "facts-mini", 2.0)


