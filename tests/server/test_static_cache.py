"""The browser app's files and the browser's cache (``bola8.server.routes.static``): the page names its
script and style sheets under the files' version; a file under the current version is kept for good, any
other answer is revalidated; the version follows the files' content."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bola8.server.routes import static


def entries(client: TestClient) -> list[str]:
    return re.findall(r'(?:src|href)="(/v/[^"]+)"', client.get("/").text)


def test_the_page_names_its_script_and_style_sheets_under_the_version(client: TestClient) -> None:
    page = client.get("/")
    assert page.headers["cache-control"] == "no-cache"
    version = static.asset_version()
    assert page.headers["etag"] == f'"{version}"'
    assert sorted(entries(client)) == [f"/v/{version}/app.js", f"/v/{version}/styles.css",
                                       f"/v/{version}/tournament.css"]
    assert 'href="/manifest.webmanifest"' in page.text          # fetched rarely, revalidated: not versioned
    again = client.get("/", headers={"If-None-Match": page.headers["etag"]})
    assert again.status_code == 304 and again.text == ""
    assert client.get("/", headers={"If-None-Match": '"000000000000"'}).status_code == 200


def test_a_file_under_the_current_version_is_kept_for_good_and_any_other_is_revalidated(client: TestClient) -> None:
    version = static.asset_version()
    current = client.get(f"/v/{version}/js/anim.js")
    assert current.status_code == 200 and current.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert current.headers["content-type"].startswith("text/javascript")
    older = client.get("/v/0123456789ab/js/anim.js")             # a page loaded before the files changed
    assert older.status_code == 200 and older.text == current.text and older.headers["cache-control"] == "no-cache"
    plain = client.get("/js/anim.js")
    assert plain.text == current.text and plain.headers["cache-control"] == "no-cache"
    for path in (f"/v/{version}/js/none.js", f"/v/{version}/../routes/static.py", f"/v/{version}/%00app.js"):
        answer = client.get(path)
        assert answer.status_code == 404 and "error" in answer.json(), path


def test_the_version_follows_the_files_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "static"
    shutil.copytree(static.STATIC, copy)
    monkeypatch.setattr(static, "STATIC", str(copy))
    first = static.asset_version()
    assert re.fullmatch(r"[0-9a-f]{12}", first) and static.asset_version() == first
    script = copy / "js" / "anim.js"
    script.write_text(script.read_text() + "\n// one more line\n")
    changed = static.asset_version()
    assert changed != first
    script.write_text(script.read_text().removesuffix("\n// one more line\n"))
    assert static.asset_version() == first                        # the content, not the time, names it


def test_head_is_answered_as_get_without_the_body(client: TestClient) -> None:
    version = static.asset_version()
    for path in ("/", f"/v/{version}/app.js", "/styles.css"):
        got, head = client.get(path), client.head(path)
        assert head.status_code == 200 and head.content == b"", path
        assert head.headers["cache-control"] == got.headers["cache-control"], path
        assert head.headers.get("content-type") == got.headers.get("content-type"), path
    assert client.head("/nothing-here").status_code == 404
