"""Create the database and the three roles the services use (idempotent).

- memory_owner: owns the schema, runs the Alembic migrations.
- memory_app: what memory-api, policy and the consolidator connect as. Not the owner and
  NOBYPASSRLS, so row-level security applies to every query it runs.
- memory_relay: the outbox relay; reads and marks the outbox across tenants (BYPASSRLS),
  and is granted nothing else.

In Azure the same roles are created by the migrate job (see infra/bicep/README.md); passwords
come from Key Vault. Locally the embedded server trusts loopback connections.
"""
from __future__ import annotations

import psycopg

ROLES = {
    "memory_owner": "LOGIN NOSUPERUSER NOBYPASSRLS",
    "memory_app": "LOGIN NOSUPERUSER NOBYPASSRLS",
    "memory_relay": "LOGIN NOSUPERUSER BYPASSRLS",
}


def bootstrap(superuser_url: str, database: str = "memory") -> None:
    with psycopg.connect(superuser_url, autocommit=True) as conn:
        for role, attrs in ROLES.items():
            exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
            if not exists:
                conn.execute(f"CREATE ROLE {role} {attrs}")
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone():
            conn.execute(f'CREATE DATABASE "{database}" OWNER memory_owner')
    db_url = superuser_url.rsplit("/", 1)[0] + f"/{database}"
    with psycopg.connect(db_url, autocommit=True) as conn:
        # Extensions need a superuser on the embedded server (Azure: allow-list them).
        for ext in ("vector", "pg_trgm", "unaccent", "btree_gin"):
            conn.execute(f"CREATE EXTENSION IF NOT EXISTS {ext}")
        conn.execute("GRANT USAGE, CREATE ON SCHEMA public TO memory_owner")
