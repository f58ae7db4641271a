"""The policy service's decision log (its lines go through the one JSON setup, memcore.telemetry.logs)."""

from __future__ import annotations

import logging
from typing import Any

decision_logger = logging.getLogger("policy.decisions")


def log_decision(endpoint: str, **fields: Any) -> None:
    """A decision line. Callers pass types, spans, reasons and flags, never text."""
    decision_logger.info("decision", extra={"endpoint": endpoint, **fields})
