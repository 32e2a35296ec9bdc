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
