"""A bounded schemathesis fuzz of the OpenAPI schema: no request makes the server answer 5xx."""

from __future__ import annotations

import tempfile

import schemathesis
from hypothesis import HealthCheck, settings

from bola8.server import create_app

app = create_app(tempfile.mkstemp(suffix=".db", prefix="bola8-fuzz-")[1])
schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)


@schema.parametrize()
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_5xx(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text)
    if response.status_code >= 400:
        assert set(response.json()) == {"error"}
