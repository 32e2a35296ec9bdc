from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bola8.server import create_app


@pytest.fixture
def client(tmp_path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "test.db"))) as c:
        yield c


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def auth():
    return bearer


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the session (tests/server/postgres.py)."""
    from postgres import cluster

    with cluster() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A fresh empty database on the session's cluster."""
    from postgres import fresh_database

    return fresh_database(postgres_server)
