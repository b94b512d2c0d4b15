"""Database fixtures: every storage and service test runs on SQLite, and on PostgreSQL too when
TEST_DATABASE_URL is set. Plugged in from tests/conftest.py."""

from __future__ import annotations

import os

import pytest

from bot.storage.scratch import scratch_database, scratch_location

BACKENDS = ["sqlite", "postgresql"]


def backend_url(backend: str) -> str | None:
    if backend == "sqlite":
        return None
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        pytest.skip("TEST_DATABASE_URL not set: PostgreSQL run skipped")
    return url


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
async def db(backend, tmp_path):
    """A Database with all tables, empty, private to this test."""
    async with scratch_database(backend_url(backend), tmp_path) as database:
        yield database


@pytest.fixture
async def empty_location(backend, tmp_path):
    """(url, schema) of a database with no tables at all (for migration tests)."""
    async with scratch_location(backend_url(backend), tmp_path) as location:
        yield location
