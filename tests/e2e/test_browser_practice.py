"""The practice table: a ball dragged from the tray onto the cloth is put there, and "take it back"
pressed while the balls still roll stops the stroke and restores the layout before it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import page_of
from tests.e2e import driver as d

VARIANTS = [("desktop", "es"), ("phone", "en")]


@pytest.fixture(params=VARIANTS, ids=["-".join(v) for v in VARIANTS])
def practice(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:
    size, lang = request.param
    with page_of(browser, server, size, lang) as page:
        page.goto("/#/practice")
        page.wait_for_function("() => window.bola8 && window.bola8.ready && window.bola8.screen")
        yield page


def test_a_ball_dragged_from_the_tray_lands_where_it_is_let_go(practice: Page) -> None:
    page = practice
    page.get_by_test_id("mode-place").click()
    g = d.screen(page, "s.geom()")
    ball = page.get_by_test_id("tray-9")
    ball.scroll_into_view_if_needed()
    box = ball.bounding_box()
    assert box is not None
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    target = (g["width"] * 0.25, g["length"] * 0.5)
    page.get_by_test_id("table").scroll_into_view_if_needed()
    end = d.client(page, *target)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()
    placed = d.screen(page, "s.balls[9]")
    assert placed is not None, "the 9 was not put on the table"
    assert abs(placed[0] - target[0]) < 0.02 and abs(placed[1] - target[1]) < 0.02, placed
    assert page.get_by_test_id("tray-9").count() == 0


def test_take_it_back_while_the_balls_roll(practice: Page) -> None:
    page = practice
    before = d.screen(page, "s.balls")
    page.get_by_test_id("power").evaluate("(e) => { e.value = '6'; e.dispatchEvent(new Event('input')); }")
    page.get_by_test_id("shoot").click()
    page.wait_for_function("() => window.bola8.screen.animating")
    page.get_by_test_id("undo").click()
    # the stroke's own ending (it runs once the playback stops) leaves the layout taken back
    page.wait_for_function("() => !window.bola8.screen.animating")
    assert d.screen(page, "s.balls") == before
