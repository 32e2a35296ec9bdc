"""The app's icons (static/icons/icon-192.png, icon-512.png) drawn from static/icons/icon.svg by Debian's
chromium, so the web manifest has the PNG sizes a phone's home screen asks for.

    .venv/bin/python docs/img/icons.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ICONS = HERE.parents[1] / "src" / "bola8" / "server" / "static" / "icons"
sys.path.insert(0, str(HERE.parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import ARGS, CHROMIUM  # noqa: E402


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<style>html,body{{margin:0}}svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}")
            page.screenshot(path=str(ICONS / f"icon-{size}.png"))
            page.close()
        browser.close()
    print("written:", ", ".join(str(ICONS / f"icon-{size}.png") for size in (192, 512)))


if __name__ == "__main__":
    main()
