"""The app can be installed on a phone's home screen (Chromium's own installability check, which an
incognito page cannot run: a profile of its own here); installed from the referee assistant, it opens
on the referee assistant."""

from __future__ import annotations

import json
import struct
from pathlib import Path

from playwright.sync_api import Browser

from tests.e2e.conftest import ARGS, CHROMIUM, SIZES

STATIC = Path(__file__).resolve().parents[2] / "src" / "bola8" / "server" / "static"


def test_every_icon_the_manifests_name_exists_at_its_size() -> None:
    for name in ("manifest.webmanifest", "referee.webmanifest"):
        manifest = json.loads((STATIC / name).read_text())
        assert manifest["display"] == "standalone" and manifest["short_name"]
        sizes = set()
        for icon in manifest["icons"]:
            data = (STATIC / icon["src"].lstrip("/")).read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n", icon
            width, height = struct.unpack(">II", data[16:24])          # the PNG's IHDR
            assert icon["sizes"] == f"{width}x{height}", icon
            sizes.add(width)
        assert {192, 512} <= sizes, name


def test_the_app_and_the_referee_assistant_are_installable(browser: Browser, server: str, tmp_path: Path) -> None:
    context = browser.browser_type.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                             args=ARGS, base_url=server, **SIZES["phone"])
    try:
        page = context.new_page()
        for where, start in (("/", "/"), ("/#/referee", "/#/referee")):
            page.goto(where)
            page.wait_for_function("() => window.bola8 && window.bola8.ready")
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == [], where
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["errors"] == [], manifest["errors"]
            assert json.loads(manifest["data"])["start_url"] == start
    finally:
        context.close()
