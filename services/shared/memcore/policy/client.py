"""Clients for the policy service.

``PolicyClient`` is the interface memory-api depends on. ``AllowAllPolicy`` is a local stand-in
that allows everything (used until the service is wired). ``HttpPolicyClient`` calls the policy
service and raises ``PolicyUnavailable`` on connection errors, timeouts and 5xx answers, so the
caller can fail closed.
"""

from __future__ import annotations

from typing import Protocol, TypeVar, runtime_checkable

import httpx
from pydantic import BaseModel

from memcore.telemetry import tracing
from memcore.telemetry.context import current_request_id
from memcore.policy.contract import (
    OutputCheckRequest,
    OutputCheckResponse,
    ReadCheckRequest,
    ReadCheckResponse,
    ReadDecision,
    WriteCheckRequest,
    WriteCheckResponse,
    WriteDecision,
)

WRITE_PATH = "/v1/policy/check-write"
READ_PATH = "/v1/policy/check-read"
OUTPUT_PATH = "/v1/policy/check-output"
READY_PATH = "/readyz"


# Answers that say the policy service is not reachable as such (a wrong or moved address, a proxy in
# front of a service being replaced, rate limiting): transient, like a refused connection (503).
_NOT_THE_SERVICE = frozenset({404, 405, 408, 421, 429})


class PolicyUnavailable(RuntimeError):
    """The policy service could not give an answer (down, slow, or failing)."""


class PolicyRejected(RuntimeError):
    """The policy service refused the request as malformed (4xx): a caller bug, not an outage."""


@runtime_checkable
class PolicyClient(Protocol):
    async def check_write(self, request: WriteCheckRequest) -> WriteCheckResponse: ...

    async def check_read(self, request: ReadCheckRequest) -> ReadCheckResponse: ...

    async def check_output(self, request: OutputCheckRequest) -> OutputCheckResponse: ...


class AllowAllPolicy:
    """Allows every write and read unchanged and flags nothing. Not for production."""

    async def check_write(self, request: WriteCheckRequest) -> WriteCheckResponse:
        return WriteCheckResponse(
            items=[WriteDecision(decision="allow", redacted_text=item.text) for item in request.items]
        )

    async def check_read(self, request: ReadCheckRequest) -> ReadCheckResponse:
        return ReadCheckResponse(
            items=[ReadDecision(id=item.id, visible=True, text=item.text) for item in request.items],
            safety_first=[item.id for item in request.items if item.type == "safety"],
        )

    async def check_output(self, request: OutputCheckRequest) -> OutputCheckResponse:
        return OutputCheckResponse(flags=[], ok=True)

    async def ping(self) -> bool:
        return True


ResponseT = TypeVar("ResponseT", bound=BaseModel)


class HttpPolicyClient:
    """Calls the policy service over HTTP. Reuses one connection pool; close with ``aclose()``."""

    def __init__(
        self,
        base_url: str,
        timeout: float = 0.5,
        *,
        request_id_header: str = "X-Request-ID",
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._request_id_header = request_id_header
        self._client = httpx.AsyncClient(
            base_url=base_url.rstrip("/"), timeout=httpx.Timeout(timeout), transport=transport
        )

    async def aclose(self) -> None:
        await self._client.aclose()

    async def __aenter__(self) -> "HttpPolicyClient":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def check_write(
        self, request: WriteCheckRequest, request_id: str | None = None
    ) -> WriteCheckResponse:
        return await self._post(WRITE_PATH, request, WriteCheckResponse, request_id)

    async def check_read(self, request: ReadCheckRequest, request_id: str | None = None) -> ReadCheckResponse:
        return await self._post(READ_PATH, request, ReadCheckResponse, request_id)

    async def check_output(
        self, request: OutputCheckRequest, request_id: str | None = None
    ) -> OutputCheckResponse:
        return await self._post(OUTPUT_PATH, request, OutputCheckResponse, request_id)

    async def ping(self) -> bool:
        """Whether the service answers its readiness check (GET /readyz, 200) within the client's timeout."""
        try:
            response = await self._client.get(READY_PATH)
        except httpx.HTTPError:
            return False
        return response.status_code == 200

    async def _post(
        self, path: str, request: BaseModel, response_model: type[ResponseT], request_id: str | None
    ) -> ResponseT:
        headers = {"content-type": "application/json"}
        request_id = request_id or current_request_id()  # the id of the request being served, if any
        if request_id:
            headers[self._request_id_header] = request_id
        tracing.inject(headers)  # W3C traceparent: the policy service's spans join the caller's trace
        try:
            response = await self._client.post(path, content=request.model_dump_json(), headers=headers)
        except httpx.HTTPError as exc:  # connect errors, timeouts, protocol errors
            raise PolicyUnavailable(f"policy service unreachable: {type(exc).__name__}") from exc
        if response.status_code >= 500 or response.status_code in _NOT_THE_SERVICE:
            # a server error, or something that is not (yet) the policy service answering at its address
            raise PolicyUnavailable(f"policy service error: HTTP {response.status_code}")
        if response.status_code >= 400:
            raise PolicyRejected(f"policy service rejected the request: HTTP {response.status_code}")
        try:
            return response_model.model_validate_json(response.content)
        except ValueError as exc:
            raise PolicyUnavailable("policy service returned an unreadable answer") from exc
