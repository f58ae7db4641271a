"""Fixtures of the portal's browser tests: tests/portal/kit.py (shared with the S7 scenario)."""
from tests.portal.kit import browser, family, screenshots  # noqa: F401 (fixtures)
