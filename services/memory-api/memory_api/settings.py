"""memory-api's settings: memcore's (database, Redis, bus, embedder, ...) and the API's own, from
the environment (MEMORY_*). The one settings object of the service (memory_api.app builds it;
deps.Resources.settings carries it to the routes)."""
from __future__ import annotations

from pydantic import Field

from memcore.settings import Settings


class ApiSettings(Settings):
    admin_token: str | None = None  # MEMORY_ADMIN_TOKEN: provisions tenants through /v1/admin
    keyvault_url: str | None = None  # MEMORY_KEYVAULT_URL: Key Vault for key-encryption keys (else a local key file)
    keyvault_key: str = "memory-kek"  # MEMORY_KEYVAULT_KEY
    # Requests per window per user / per tenant (0: no limit), counted in Redis; far above what the
    # tests and benchmarks send (memory_api.rate_limit)
    rate_limit_user: int = 6000  # MEMORY_RATE_LIMIT_USER
    rate_limit_tenant: int = 60000  # MEMORY_RATE_LIMIT_TENANT
    rate_limit_window_s: int = 60  # MEMORY_RATE_LIMIT_WINDOW_S
    portal_session_ttl_s: int = 12 * 3600  # MEMORY_PORTAL_SESSION_TTL_S: how long a portal sign-in lasts
    portal_secure_cookie: bool = False  # MEMORY_PORTAL_SECURE_COOKIE: mark the session cookie Secure (behind TLS)
    export_link_ttl_s: int = Field(900, ge=10, le=7 * 86400)  # MEMORY_EXPORT_LINK_TTL_S: an export link's lifetime
    # API requests running at once (0: no limit) and how long one waits for its turn before a 503
    # (memory_api.admission); the default: twice the pool's connections (a request holds one at a time,
    # a second only when one is spare)
    max_inflight: int | None = Field(None, ge=0)  # MEMORY_MAX_INFLIGHT
    admission_wait_s: float = Field(30.0, gt=0)  # MEMORY_ADMISSION_WAIT_S
    # How long a read-check decision is reused for the same inputs (memcore.policy.read_cache; 0: never)
    read_check_cache_s: float = Field(30.0, ge=0)  # MEMORY_READ_CHECK_CACHE_S
    # Benchmarks only (the policy-overhead twin of memclient.local_api): run with no policy service,
    # every write allowed. Never the default: without MEMORY_POLICY_URL the service refuses to start.
    policy_allow_all: bool = False  # MEMORY_POLICY_ALLOW_ALL
