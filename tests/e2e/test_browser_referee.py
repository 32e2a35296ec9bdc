"""Through the UI only: a real-table rack kept in the referee assistant, from the lag to the 8."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e import driver as d


def tap_ball(page: Page, ball: int) -> None:
    page.mouse.click(*[float(v) for v in d.screen(page, f"s.ballClient({ball})")])


def tap_pocket(page: Page, pocket: str) -> None:
    page.mouse.click(*[float(v) for v in d.screen(page, f"s.pocketClient('{pocket}')")])


def judge(page: Page) -> None:
    count = len(d.screen(page, "s.view.rulings || []"))
    page.get_by_test_id("judge").click()
    page.wait_for_function(f"() => (window.bola8.screen.view.rulings || []).length > {count}")


def called_shot(page: Page, ball: int, pocket: str) -> None:
    page.get_by_test_id("tool-call").click()
    tap_ball(page, ball)
    tap_pocket(page, pocket)
    tap_ball(page, ball)                    # the first ball hit (the tool moved on by itself)
    page.get_by_test_id("tool-pocketed").click()
    tap_ball(page, ball)
    tap_pocket(page, pocket)
    expect(page.get_by_test_id("pocketed-list")).to_contain_text(str(ball))
    judge(page)


@pytest.mark.slow
def test_referee_keeps_a_rack(page: Page, artifacts: Path) -> None:
    page.goto("/#/referee")
    page.get_by_test_id("ref-name-0").fill("Ana")
    page.get_by_test_id("ref-name-1").fill("Luis")
    page.get_by_test_id("ref-race").fill("2")
    page.get_by_test_id("ref-start").click()
    page.wait_for_url("**/#/table/*")
    # the lag: Ana won it and breaks
    page.get_by_test_id("lag-winner").select_option("0")
    page.get_by_test_id("lag-breaks").select_option("0")
    page.get_by_test_id("lag-go").click()
    expect(page.get_by_test_id("next")).to_contain_text("Ana")
    # the break: the 1 in the foot-left pocket, five balls to the rail
    page.get_by_test_id("tool-first").click()
    tap_ball(page, 1)
    page.get_by_test_id("tool-pocketed").click()
    tap_ball(page, 1)
    tap_pocket(page, "foot-left")
    page.get_by_test_id("to-rail").fill("5")
    page.get_by_test_id("rail").check()
    # before judging: the ruling these facts get, and what each doubtful fact would change - three
    # balls to the cushions nothing (a ball was pocketed, Art. 7.1), a touched ball a foul
    expect(page.get_by_test_id("why")).to_contain_text("Tiro legal")
    expect(page.get_by_test_id("whatif-object_balls_to_rail")).to_contain_text("lo mismo")
    expect(page.get_by_test_id("whatif-referee_fouls.touched_ball")).to_contain_text("FALTA")
    page.get_by_test_id("why").locator("[data-testid=reasons] summary").first.click()
    expect(page.get_by_test_id("why").get_by_test_id("article-text")).to_contain_text("Art.")
    judge(page)
    expect(page.get_by_test_id("ruling")).to_contain_text("Art.")
    expect(page.get_by_test_id("next")).to_contain_text("Ana")
    # a called 2, legally pocketed: solids for Ana
    called_shot(page, 2, "foot-right")
    expect(page.get_by_test_id("player-0")).to_contain_text("lisas")
    # a scratch: the cue ball in the side pocket after hitting the 3 - a foul, ball in hand for Luis
    entries = len(d.screen(page, "s.view.rulings"))
    page.get_by_test_id("tool-first").click()
    tap_ball(page, 3)
    page.get_by_test_id("tool-pocketed").click()
    tap_ball(page, 0)
    tap_pocket(page, "side-left")
    judge(page)
    expect(page.get_by_test_id("ruling")).to_contain_text("FALTA")
    expect(page.get_by_test_id("next")).to_contain_text("Luis")
    # the referee entered the wrong shot: undo takes the table back to before that ruling
    page.get_by_test_id("undo").click()
    page.get_by_test_id("dialog-undo").click()
    page.wait_for_function(f"() => window.bola8.screen.view.rulings.length === {entries}")
    expect(page.get_by_test_id("next")).to_contain_text("Ana")
    # Ana runs the rest of the solids and the 8
    for ball, pocket in [(3, "foot-left"), (4, "side-right"), (5, "head-left"), (6, "head-right"), (7, "foot-left")]:
        called_shot(page, ball, pocket)
    called_shot(page, 8, "foot-right")
    expect(page.get_by_test_id("score-0")).to_have_text("1")
    expect(page.get_by_test_id("ruling")).to_contain_text("Art.")
    page.screenshot(path=str(artifacts / "referee.png"))
    with page.expect_download() as dl:
        page.get_by_test_id("export").click()
    assert Path(dl.value.path()).read_text().strip()
    # the officials: a warning for slow play puts Luis on the clock (Art. 24), then a disqualification (Art. 22)
    page.get_by_test_id("officials").locator("summary").click()
    page.get_by_test_id("warn-1").click()
    expect(page.get_by_test_id("rulings")).to_contain_text("Luis: advertido")
    # the same table in English: the page's words and the server's reasons
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_test_id("undo")).to_have_text("Undo the last ruling")
    expect(page.get_by_test_id("rulings")).to_contain_text("Legal shot")


def test_referee_on_a_phone_by_touch(browser: Browser, server: str, artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  has_touch=True, is_mobile=True, base_url=server)
    try:
        page = context.new_page()
        page.goto("/#/referee")
        page.get_by_test_id("ref-start").tap()
        page.wait_for_url("**/#/table/*")
        page.get_by_test_id("lag-go").tap()
        page.get_by_test_id("tool-call").tap()
        page.get_by_test_id("table").scroll_into_view_if_needed()
        # the table stands upright on a phone: the head at the bottom
        assert d.screen(page, "s.view") is not None
        x, y = d.screen(page, "s.ballClient(5)")
        page.touchscreen.tap(x, y)
        x, y = d.screen(page, "s.pocketClient('side-left')")
        page.touchscreen.tap(x, y)
        expect(page.get_by_test_id("ref-hint")).to_contain_text("2")   # the tool moved on to the first ball
        page.screenshot(path=str(artifacts / "referee-phone.png"))
        assert d.screen(page, "s.facts.call") == {"ball": 5, "pocket": "side-left"}
    finally:
        context.close()
