"""Holds the warm PII detector for the process and runs the policy rules with it."""

from __future__ import annotations

import logging
import threading

from memcore.policy.contract import (
    OutputCheckRequest,
    OutputCheckResponse,
    ReadCheckRequest,
    ReadCheckResponse,
    WriteCheckRequest,
    WriteCheckResponse,
)
from policy_service import read_rules, write_rules
from policy_service.pii import PiiDetector
from policy_service.settings import PolicySettings

logger = logging.getLogger("policy.engine")


class AnalyzerUnavailable(RuntimeError):
    """The PII analyzer could not be loaded; the service must not answer checks."""


class PolicyEngine:
    def __init__(self, settings: PolicySettings) -> None:
        self._settings = settings
        self._detector: PiiDetector | None = None
        self._lock = threading.Lock()
        self.load_error: str | None = None

    @property
    def ready(self) -> bool:
        return self._detector is not None

    def load(self) -> PiiDetector:
        """Build (once) and warm the analyzer. Safe to call from several threads."""
        if self._detector is not None:
            return self._detector
        with self._lock:
            if self._detector is None:
                try:
                    detector = PiiDetector(
                        nlp_mode=self._settings.nlp_mode,
                        phone_regions=self._settings.phone_region_tuple,
                        spacy_model=self._settings.spacy_model,
                    )
                    if self._settings.warm_up:
                        detector.warm_up()
                except Exception as exc:  # noqa: BLE001 - reported through readyz and 503s
                    self.load_error = f"{type(exc).__name__}: {exc}"
                    logger.exception("analyzer failed to load")
                    raise AnalyzerUnavailable(self.load_error) from exc
                self._detector = detector
                self.load_error = None
                logger.info("analyzer loaded", extra={"nlp_mode": detector.nlp_mode})
        return self._detector

    def check_write(self, request: WriteCheckRequest) -> WriteCheckResponse:
        return write_rules.check_write(request, self.load().detect_many)

    def check_read(self, request: ReadCheckRequest) -> ReadCheckResponse:
        return read_rules.check_read(request, self.load().detect_many)

    def check_output(self, request: OutputCheckRequest) -> OutputCheckResponse:
        return read_rules.check_output(request, self.load().detect_many)
