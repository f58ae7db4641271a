"""A deployment that forgets the policy service's address must not start (issue 36, item 8): before,
memory-api quietly used an allow-all policy and stored raw PII with no error."""
import pytest

from memory_api.app import ApiSettings, ConfigurationError, create_app


def test_without_a_policy_url_memory_api_refuses_to_start_and_names_the_variable():
    with pytest.raises(ConfigurationError, match="MEMORY_POLICY_URL"):
        create_app(ApiSettings(policy_url=None))
    with pytest.raises(ConfigurationError, match="MEMORY_POLICY_URL"):
        create_app(ApiSettings(policy_url="  "))


def test_allow_all_is_only_ever_an_explicit_choice():
    assert ApiSettings(policy_url=None).policy_allow_all is False
    app = create_app(ApiSettings(policy_url=None, policy_allow_all=True))  # the policy-overhead benchmark's twin
    assert app.state.settings.policy_allow_all is True
    assert create_app(ApiSettings(policy_url="http://127.0.0.1:9")).state.settings.policy_url
