"""Fixtures of the edge tests: tests/edge/kit.py (shared with the S9 scenario)."""
from tests.edge.kit import device, household, proxy  # noqa: F401 (fixtures)
