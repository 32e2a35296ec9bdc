"""The browser app's files at / (and a 404 for any other /api path).

Only files inside the static folder are served: a path that resolves outside
it, or that holds a NUL byte (which no file name can), is a 404. Each answers
HEAD as GET without the body (link checkers and ``curl -I`` ask that way).

Caching. The page (``/``) names its script and style sheets under
``/v/<version>/``, where the version is a digest of every static file's
content (:func:`asset_version`); the modules' relative imports keep the prefix.
A file asked for under the current version never changes, so the browser keeps
it for a year without asking again (``immutable``): a page opened again, or
another screen of the app, loads with no request but the page's own. The page
itself and every file outside the prefix are revalidated at each use
(``no-cache``, answered 304 while unchanged), and a file asked for under an
older version (a page loaded before the server's files changed) gets the
current file, also revalidated: after an upgrade a browser never mixes the
old modules with the new ones, which a browser's own guess of freshness (a
tenth of the file's age) would do for hours.
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from bola8.server.routing import StrictRoute

STATIC = os.path.join(os.path.dirname(os.path.dirname(__file__)), "static")
FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# the page's own references to the files whose modules or rules load the rest: its script, its style sheets
_ENTRY = re.compile(r'(src|href)="/((?:app\.js)|(?:[\w-]+\.css))"')

router = APIRouter(route_class=StrictRoute, include_in_schema=False)

_version: tuple[tuple[tuple[str, int, int], ...], str] = ((), "")


def _files() -> list[str]:
    return sorted(os.path.join(folder, name) for folder, _, names in os.walk(STATIC) for name in names)


def asset_version() -> str:
    """12 hex digits of a SHA-256 over every static file's path and content: the same on every server
    holding the same files, another as soon as one file changes. Its content is read again only when a
    file's size or modification time changes (a stat of each file per call, a fraction of a millisecond)."""
    global _version
    files = _files()
    signature = tuple((path, (st := os.stat(path)).st_size, st.st_mtime_ns) for path in files)
    if signature != _version[0]:
        digest = hashlib.sha256()
        for path in files:
            digest.update(os.path.relpath(path, STATIC).encode() + b"\0")
            with open(path, "rb") as f:
                digest.update(f.read())
        _version = (signature, digest.hexdigest()[:12])
    return _version[1]


@router.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"])
async def unknown_api(rest: str) -> None:
    """404 for any API path no route serves."""
    raise StarletteHTTPException(404)


@router.api_route("/", methods=["GET", "HEAD"])
async def index(request: Request) -> Any:
    """The browser app's page, naming its script and style sheets under the current version."""
    page = os.path.join(STATIC, "index.html")
    if not os.path.exists(page):
        return HTMLResponse("<!doctype html><meta charset=utf-8><title>bola8</title>"
                            "<p>bola8: the API is at <a href=/api/docs>/api/docs</a>.</p>")
    version = asset_version()
    tag = f'"{version}"'
    headers = {"Cache-Control": REVALIDATE, "ETag": tag}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    with open(page, encoding="utf-8") as f:
        text = _ENTRY.sub(lambda m: f'{m.group(1)}="/v/{version}/{m.group(2)}"', f.read())
    return HTMLResponse(text, headers=headers)


def _file(name: str, cache: str) -> FileResponse:
    if "\0" in name:
        raise StarletteHTTPException(404)
    path = os.path.realpath(os.path.join(STATIC, name))
    if not path.startswith(os.path.realpath(STATIC) + os.sep) or not os.path.isfile(path):
        raise StarletteHTTPException(404)
    media = "text/javascript" if path.endswith((".js", ".mjs")) else None
    return FileResponse(path, media_type=media, headers={"Cache-Control": cache})


@router.api_route("/v/{version}/{name:path}", methods=["GET", "HEAD"])
async def versioned_file(version: str, name: str) -> FileResponse:
    """A file of the app under a version: kept for good when the version is the current one."""
    return _file(name, FOREVER if version == asset_version() else REVALIDATE)


@router.api_route("/{name:path}", methods=["GET", "HEAD"])
async def static_file(name: str) -> FileResponse:
    """One of the browser app's files (404 outside ``static/``), revalidated at each use."""
    return _file(name, REVALIDATE)
