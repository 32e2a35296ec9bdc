"""End-to-end fixtures: the real server on a free port with a temporary database, and one
headless Debian chromium, each started once per test process (under pytest-xdist, once in each
worker that is given a browser test) and kept for its session (never skipped: a missing browser
fails)."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

CHROMIUM = "/usr/bin/chromium"
# Every window of this Chromium (Playwright opens one for each page) would also load two renderers of
# the browser's own address-bar popups (chrome://omnibox-popup.top-chrome/, WebUI pages that a headless
# test never shows): turning those features off halved the CPU of a fresh page with the app loaded,
# 1.27 -> 0.60 s (a throwaway probe, six contexts each way, alternated, 2026-12-05, load 7-13). Chromium
# reads the last --disable-features it is given, so the list repeats the one Playwright passes itself
# (playwright-core's chromiumSwitches.ts) before adding those two.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"]
UNSHOWN_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run",
        "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + UNSHOWN_BROWSER_UI)]
ARTIFACTS = Path(__file__).parent / "artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def running_server(python_args: list[str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`python <python_args> serve` on a free port with a fresh database; its base URL while it runs."""
    port = _free_port()
    db = tmp_path_factory.mktemp("e2e") / "bola8.sqlite"
    log = open(tmp_path_factory.mktemp("e2e-log") / "server.log", "w+b")
    proc = subprocess.Popen([sys.executable, *python_args, "serve", "--port", str(port), "--db", str(db)],
                            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    # a generous deadline: under pytest-xdist every worker starts its server, its Chromium and its
    # imports at about the same moment, and on a loaded 2-core machine a start has taken over a minute
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(url + "/api/meta", timeout=2) as resp:
                if resp.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            log.seek(0)
            proc.kill()
            raise RuntimeError("the server did not start:\n" + log.read().decode(errors="replace"))
        time.sleep(0.2)
    try:
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`python -m bola8 serve` on a free port; its base URL (BOLA8_E2E_URL: a server already running)."""
    if os.environ.get("BOLA8_E2E_URL"):
        yield os.environ["BOLA8_E2E_URL"]
        return
    with running_server(["-m", "bola8"], tmp_path_factory) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


# the two sizes the app is checked at: a desktop window and a phone held upright (390x844 CSS pixels)
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "has_touch": True,
                   "is_mobile": True}}


# The pages of the tests draw at most FRAMES_PER_SECOND frames a second, as a slow phone does: each frame
# of an animated stroke costs Chromium about 10 ms of CPU here, whatever the app draws in it (committing
# the canvas, software compositing), and a run draws a couple of thousand. The app's animations are timed
# by the clock (anim.js's Playback moves by the time since the last frame), so a stroke lasts as long and
# ends where it does at 60 frames a second; each frame is still drawn inside a real animation frame.
FRAMES_PER_SECOND = 20
FRAME_RATE = """(() => {
  const period = %d, raf = window.requestAnimationFrame.bind(window), caf = window.cancelAnimationFrame.bind(window);
  const pending = new Map(); let next = 1;
  window.requestAnimationFrame = (callback) => {
    const id = next++;
    pending.set(id, {timer: setTimeout(() => { pending.get(id).frame = raf((t) => { pending.delete(id); callback(t); }); }, period)});
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    const p = pending.get(id);
    if (p) { clearTimeout(p.timer); if (p.frame !== undefined) caf(p.frame); pending.delete(id); }
  };
})();""" % (1000 // FRAMES_PER_SECOND)


class ContextPool:
    """Browser contexts of one size and language, lent to one holder at a time and kept for the worker's
    session: a context's creation and close cost Chromium's browser process about 0.25 s of CPU each
    (a throwaway probe, twelve uses each way, three rounds alternated, 2026-12-06), against nothing for
    a context lent again. A context comes back to the pool with none of its holder's state: every page
    closed (so its routes, listeners, sessionStorage and sockets with it) and, on the server's origin,
    no cookie and an empty localStorage; one whose holder failed is closed, never lent again. What it
    keeps is the HTTP cache, as a returning visitor's browser does."""

    def __init__(self) -> None:
        self.free: dict[tuple[int, str, str, str, str], list[BrowserContext]] = {}

    @contextlib.contextmanager
    def lend(self, browser: Browser, base_url: str, size: str, lang: str, script: str = "") -> Iterator[BrowserContext]:
        """A context at ``size`` (SIZES) whose pages start in ``lang`` and run ``script`` (JavaScript) before
        the page's own, while the ``with`` block lasts."""
        key = (id(browser), base_url, size, lang, script)
        idle = self.free.setdefault(key, [])
        context = idle.pop() if idle else self._new(browser, base_url, size, lang, script)
        try:
            yield context
        except BaseException:
            context.close()
            raise
        if self._cleared(context, base_url):
            idle.append(context)

    @staticmethod
    def _new(browser: Browser, base_url: str, size: str, lang: str, script: str) -> BrowserContext:
        context = browser.new_context(base_url=base_url, **SIZES[size])
        context.add_init_script(FRAME_RATE)
        if lang != "es":
            context.add_init_script(f"localStorage.getItem('bola8.lang') || localStorage.setItem('bola8.lang', '{lang}')")
        if script:
            context.add_init_script(script)
        return context

    @staticmethod
    def _cleared(context: BrowserContext, base_url: str) -> bool:
        """The context emptied of its holder's state (True), or closed where that cannot be done (False)."""
        try:
            pages = context.pages
            on_origin = [pg for pg in pages if pg.url.startswith(base_url)]
            cleaner = on_origin[0] if on_origin else context.new_page()
            if not on_origin:
                cleaner.goto("/manifest.webmanifest")
            cleaner.evaluate("() => { localStorage.clear(); }")
            context.clear_cookies()
            for pg in context.pages:
                pg.close()
            return True
        except Exception:
            context.close()
            return False


POOL = ContextPool()


@contextlib.contextmanager
def page_of(browser: Browser, base_url: str, size: str = "desktop", lang: str = "es") -> Iterator[Page]:
    """A new page on ``base_url`` at ``size`` (SIZES) in ``lang``, in a context that holds no other test's
    state (ContextPool); a JavaScript error on it fails the test."""
    with POOL.lend(browser, base_url, size, lang) as context:
        pg = context.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        yield pg
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    with page_of(browser, server) as pg:
        yield pg


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
