"""The edge of every HTTP request: its id, the body limit, the security headers, the access log.

One plain ASGI layer (:class:`Edge`) around the app, so that each request is
counted and answered alike whichever route takes it:

- **a request id**: the proxy's ``X-Request-ID`` when it is a short token,
  else a new one; sent back in ``X-Request-ID`` and written in the log lines
  of that request;
- **the body limit**: a body over ``max_body`` bytes (1 MB by default,
  ``bola8 serve --max-body``) is refused with ``413`` - at once when its
  ``Content-Length`` says so, else as soon as the bytes read pass it - and
  its content is never read further nor repeated in the answer;
- **security headers** on every answer (:data:`SECURITY_HEADERS`): a
  Content-Security-Policy that allows the app's own scripts and nothing
  inline, no framing by other sites, no MIME sniffing, no referrer (an
  invitation link carries its code);
- **the access log** (logger ``bola8.access``): one line per request -
  request id, method, path, status, milliseconds - never a query string, a
  header or a body, so no token and no invitation code reaches a log.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.exceptions import HTTPException

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

access_log = logging.getLogger("bola8.access")

MAX_BODY = 1 << 20            # bytes of a request body, by default (the largest real one, a practice layout, is ~2 kB)
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}\Z")

_APP_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
               "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
               "frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'")
# The interactive API page (FastAPI's Swagger UI) is one inline script and the UI from its CDN.
_DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
                "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
                "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
)


def too_large(limit: int, lang: str) -> str:
    """The sentence of a body over the limit."""
    return (f"body: the request is larger than this server accepts ({limit} bytes)." if lang == "en"
            else f"body: la petición es mayor de lo que este servidor acepta ({limit} bytes).")


def _lang(scope: Scope) -> str:
    return "en" if b"lang=en" in scope.get("query_string", b"").split(b"&") else "es"


class Edge:
    """The ASGI layer of the module's docstring around ``app``."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY):
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        headers = dict(scope.get("headers") or ())
        given = headers.get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _REQUEST_ID.match(given) else secrets.token_hex(8)
        scope.setdefault("state", {})["request_id"] = request_id
        path = scope.get("path", "")
        policy = (_DOCS_POLICY if path.startswith("/api/docs") else _APP_POLICY).encode()
        status = 500

        async def send_with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS,
                                      (b"content-security-policy", policy),
                                      (b"x-request-id", request_id.encode())]
            await send(message)

        try:
            length = headers.get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body):
                await self._refuse(scope, send_with_headers)
                return
            await self.app(scope, self._limited(receive), send_with_headers)
        finally:
            access_log.info("%s %s %s %d %.1fms", request_id, scope.get("method", "-"), _printable(path), status,
                            (time.perf_counter() - started) * 1000)

    def _limited(self, receive: Receive) -> Receive:
        """``receive`` counting the body's bytes: past the limit, the route's reading of it fails with a
        413 (its sentence from the error handlers: ``errors.install``)."""
        read = 0
        limit = self.max_body

        async def limited() -> Message:
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > limit:
                    raise HTTPException(413, detail=str(limit))
            return message

        return limited

    async def _refuse(self, scope: Scope, send: Send) -> None:
        body = json.dumps({"error": too_large(self.max_body, _lang(scope))}, ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def _printable(path: str) -> str:
    """A path as a log line shows it: at most 200 characters, nothing that could break the line."""
    shown = path.encode("unicode_escape", "backslashreplace").decode("ascii")
    return shown if len(shown) <= 200 else shown[:200] + "..."
