"""Accessibility, checked by axe-core (bundled by the axe-playwright-python package; nothing is fetched
at test time) on every page and its main states - no serious or critical violation - and every control
reachable with the Tab key, at desktop and phone sizes, in Spanish and English; and no page shows a missing
value as null, undefined or NaN."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.e2e import driver as d
from tests.e2e.conftest import page_of
from test_browser_play import take_turn

AXE = Axe()
SERIOUS = ("serious", "critical")
VARIANTS = [("desktop", "es"), ("phone", "en")]


@pytest.fixture(params=VARIANTS, ids=["-".join(v) for v in VARIANTS])
def sized(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:
    size, lang = request.param
    with page_of(browser, server, size, lang) as page:
        yield page


def serious(page: Page, where: str, found: list[str]) -> None:
    """axe-core's serious and critical violations on the page as it stands, added to `found`.

    axe-core (572 kB of script) is put in a document once and run there as often as asked: ``Axe.run``
    sends and compiles the whole script at each call, which took half of a check's CPU on the home page
    (0.15 s against 0.08 s)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)
    response = page.evaluate("() => axe.run({resultTypes: ['violations']})")
    for violation in response["violations"]:
        if violation["impact"] in SERIOUS:
            targets = [node["target"] for node in violation["nodes"]][:3]
            found.append(f"{where}: {violation['id']} ({violation['impact']}) {targets}")


def check(page: Page, where: str, found: list[str]) -> None:
    """axe-core's serious violations (:func:`serious`), and a missing value printed for people to read - the
    words null, undefined or NaN in the page's visible text (Element.append(null) writes "null")."""
    serious(page, where, found)
    texts: list[str] = page.evaluate("""() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), out = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) out.push(node.textContent);
        return out;
    }""")
    for text in texts:                      # each text node apart: "bola8" and "null" side by side are two
        for word in re.findall(r"(?<![^\W_])(?:null|undefined|NaN)(?![^\W_])", text):
            found.append(f"{where}: the page reads {word!r} in {text.strip()[:60]!r}")


def ready(page: Page) -> None:
    page.wait_for_function("() => window.bola8 && window.bola8.ready")


@pytest.mark.slow
def test_no_serious_violation_on_any_page(sized: Page) -> None:
    page, found = sized, []
    page.goto("/")
    ready(page)
    check(page, "home", found)
    # a game in hot seat: the lag's dialog, the ball in hand, the stroke's controls, a ruling, the help
    page.goto("/?seed=11")
    page.get_by_test_id("new-mode").select_option("hotseat")
    page.get_by_test_id("new-race").fill("1")
    page.get_by_test_id("new-start").click()
    page.wait_for_url("**#/game/*")
    page.get_by_test_id("anim-speed").select_option("0")
    assert d.wait_turn(page) == "lag"
    check(page, "the lag's dialog", found)
    seen: set[str] = set()
    while (mode := d.wait_turn(page)) == "lag":
        take_turn(page, seen)
    check(page, f"game ({mode})", found)
    if mode == "place":
        d.place_cue_ball(page)
        d.wait_turn(page)
        check(page, "game (shot)", found)
    page.get_by_test_id("shoot").click()
    page.wait_for_function("() => window.bola8.screen.shown >= 1")
    d.wait_turn(page)
    page.get_by_test_id("ruling-more").click()
    check(page, "game (the ruling opened)", found)
    page.get_by_test_id("help").click()
    check(page, "help", found)
    page.get_by_test_id("dialog-close").click()
    game = d.screen(page, "s.view.id")
    page.goto(f"/#/game/{game}/shot/1")
    page.get_by_test_id("replay-skip").click()
    page.wait_for_function("() => { const r = window.bola8.screen.replay; return r && r.state === 'done'; }")
    check(page, "replay", found)
    page.goto(f"/#/game/{game}")
    ready(page)
    d.wait_turn(page)
    page.get_by_test_id("declare-forfeit").click()
    check(page, "declare dialog", found)
    page.get_by_test_id("dialog-forfeit").click()
    page.get_by_test_id("match-over").wait_for()
    check(page, "match over", found)
    # the practice table, the referee assistant
    page.goto("/#/practice")
    ready(page)
    check(page, "practice", found)
    page.goto("/#/referee")
    ready(page)
    check(page, "referee setup", found)
    page.get_by_test_id("ref-start").click()
    page.wait_for_url("**/#/table/*")
    check(page, "referee lag", found)
    page.get_by_test_id("lag-go").click()
    page.get_by_test_id("tool-first").click()
    page.mouse.click(*[float(v) for v in d.screen(page, "s.ballClient(1)")])
    page.get_by_test_id("to-rail").fill("2")
    page.get_by_test_id("why").get_by_test_id("ruling-title").wait_for()
    check(page, "referee shot entry with the why", found)
    assert not found, "\n".join(found)


def reachable(page: Page) -> list[str]:
    """The visible controls the Tab key never reaches, described."""
    count: int = page.evaluate("""() => {
        const selector = 'a[href], button, input, select, textarea, summary, canvas, [tabindex], [role=button], [role=slider]';
        const shown = [...document.querySelectorAll(selector)].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && !e.disabled && getComputedStyle(e).visibility !== 'hidden'
                && e.getAttribute('aria-hidden') !== 'true' && !(e.closest('details:not([open])') && e.tagName !== 'SUMMARY');
        });
        document.querySelectorAll('[data-control]').forEach((e) => { delete e.dataset.control; });  // an earlier count's
        shown.forEach((e, i) => { e.dataset.control = String(i); });
        document.activeElement && document.activeElement.blur();
        // every control the focus lands on from here, kept by the page: the Tab presses below need no
        // question to the page each (one round trip a press instead of two)
        window.tabbed = new Set();
        document.addEventListener("focusin", (ev) => {
            if (ev.target instanceof Element && ev.target.dataset.control) window.tabbed.add(ev.target.dataset.control);
        });
        return shown.length;
    }""")
    # a cycle of the page's focus order reaches every control that Tab can reach; the bound allows the
    # browser's own stops on the way, and the presses stop once every control has had the focus
    for presses in range(1, 2 * count + 11):
        page.keyboard.press("Tab")
        if presses % 10 == 0 and page.evaluate("() => window.tabbed.size") == count:
            break
    seen: list[str] = page.evaluate("() => [...window.tabbed]")
    missing: list[str] = page.evaluate("""(seen) => [...document.querySelectorAll('[data-control]')]
        .filter((e) => !seen.includes(e.dataset.control))
        .map((e) => `${e.tagName.toLowerCase()}[data-testid=${e.dataset.testid || ''}] ${(e.textContent || '').trim().slice(0, 30)}`)""",
                                       seen)
    return missing


@pytest.mark.slow
def test_every_control_is_reached_by_the_keyboard(sized: Page) -> None:
    page, missing = sized, []
    page.goto("/")
    ready(page)
    missing += [f"home: {m}" for m in reachable(page)]
    page.goto("/?seed=11")
    page.get_by_test_id("new-mode").select_option("hotseat")
    page.get_by_test_id("new-start").click()
    page.wait_for_url("**#/game/*")
    page.get_by_test_id("anim-speed").select_option("0")
    seen: set[str] = set()
    while (mode := d.wait_turn(page)) == "lag":
        take_turn(page, seen)
    if mode == "place":
        missing += [f"game (place): {m}" for m in reachable(page)]
        d.place_cue_ball(page)
        d.wait_turn(page)
    missing += [f"game (shot): {m}" for m in reachable(page)]
    page.goto("/#/practice")
    ready(page)
    missing += [f"practice: {m}" for m in reachable(page)]
    page.goto("/#/referee")
    ready(page)
    page.get_by_test_id("ref-start").click()
    page.wait_for_url("**/#/table/*")
    page.get_by_test_id("lag-go").click()
    page.get_by_test_id("judge").wait_for()
    missing += [f"referee: {m}" for m in reachable(page)]
    assert not missing, "\n".join(missing)


def test_a_referee_enters_a_shot_by_keyboard_alone(browser: Browser, server: str) -> None:
    """The diagram of the real table takes the arrows (ball to ball, pocket to pocket) and Enter."""
    with page_of(browser, server, "desktop", "es") as page:
        page.goto("/#/referee")
        ready(page)
        page.get_by_test_id("ref-start").click()
        page.wait_for_url("**/#/table/*")
        page.get_by_test_id("lag-go").click()
        page.get_by_test_id("tool-first").click()
        table = page.get_by_test_id("table")
        table.focus()
        page.keyboard.press("ArrowRight")            # the cue ball, then the 1
        page.keyboard.press("ArrowRight")
        assert page.get_by_test_id("table-said").inner_text() == "bola 1"
        page.keyboard.press("Enter")
        facts: Any = d.screen(page, "s.facts")
        assert facts["first_contact"] == 1
