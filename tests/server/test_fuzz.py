"""A bounded schemathesis fuzz of the OpenAPI schema: no request makes the server answer 5xx.

The schema is read from a fixture when the test runs (schemathesis's lazy loading), in the one process
that runs it: read at import, each of pytest-xdist's workers would make the app and build every
operation's strategies while collecting the suite (about 2 s of CPU each), for a test only one of
them runs. Every operation is still fuzzed, each one reported on its own when it fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from bola8.server import create_app


@pytest.fixture
def api_schema(tmp_path: Path) -> schemathesis.BaseSchema:
    """The served app's OpenAPI schema, the app on a fresh database."""
    return schemathesis.openapi.from_asgi("/api/openapi.json", create_app(str(tmp_path / "bola8.db")))


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_5xx(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text)
    if response.status_code >= 400:
        assert set(response.json()) == {"error"}
