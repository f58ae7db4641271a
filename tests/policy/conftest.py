import pytest

from policy_service.pii import PiiDetector


@pytest.fixture(scope="session")
def detector() -> PiiDetector:
    d = PiiDetector()
    d.warm_up()
    return d
