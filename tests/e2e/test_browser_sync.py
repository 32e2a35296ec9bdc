"""The game page keeping up with the server: an action's answer and the WebSocket's copy of it count
once, in either order, and a question the page has answered is closed until the server's view comes.

What these tests found: a page whose cue ball in hand was placed still showed "place" while its
request was on the way - a drag moved the ball, the ball-in-hand question stood open - and whichever
copy of the view came second (the answer after the WebSocket's, or the other way round) started the
turn again, resetting the aim the person had set meanwhile. The hot-seat test's driver once placed
the cue ball a second time in that window, and the page's answer then hid the Place button under it.

The page's WebSocket is routed through the test (Playwright's route_web_socket) and the action's HTTP
answer is held, so each order is played on purpose, not left to the network."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, Route, WebSocketRoute

from tests.e2e import driver as d
from test_browser_play import new_match, take_turn


class Held:
    """The page's live feed and one kind of request, each let through or held until released."""

    def __init__(self, page: Page, path: str):
        self.page = page
        self.feed: list[str | bytes] = []
        self.holding_feed = False
        self.answers: list[tuple[Route, Any]] = []
        self.holding_answers = False
        self.socket: WebSocketRoute | None = None
        page.route_web_socket("**/live*", self._on_socket)
        page.route(f"**/api/games/*/{path}?*", self._on_request)

    def _on_socket(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()
        self.socket = ws

        def from_server(message: str | bytes) -> None:
            if self.holding_feed:
                self.feed.append(message)
            else:
                ws.send(message)
        server.on_message(from_server)
        ws.on_message(lambda message: server.send(message))

    def _on_request(self, route: Route) -> None:
        answer = route.fetch()                 # the server has the action: it commits and publishes it
        if self.holding_answers:
            self.answers.append((route, answer))
        else:
            route.fulfill(response=answer)

    def release_feed(self) -> None:
        self.holding_feed = False
        assert self.socket is not None
        for message in self.feed:
            self.socket.send(message)
        self.feed.clear()

    def release_answers(self) -> None:
        self.holding_answers = False
        for route, answer in self.answers:
            route.fulfill(response=answer)
        self.answers.clear()

    def wait(self, condition: Any) -> None:
        """Let Playwright's loop run (it delivers the held messages to this object) until `condition()`."""
        for _ in range(400):
            if condition():
                return
            self.page.wait_for_timeout(25)
        raise AssertionError("the server's messages did not come")


@pytest.fixture
def hot_seat(page: Page) -> Iterator[Held]:
    held = Held(page, "place")
    new_match(page, "hotseat", race=1, seed=5)
    seen: set[str] = set()
    while d.wait_turn(page) == "lag":
        take_turn(page, seen)
    yield held


def transitions(page: Page) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = d.screen(page, "s.transitions")
    return result


def test_a_placed_cue_ball_is_not_placed_again_and_its_answer_counts_once(page: Page, hot_seat: Held) -> None:
    """Ball in hand for the opening break (Art. 7.1): Place sent, then the WebSocket's copy of the
    answer first and the HTTP answer after it."""
    held = hot_seat
    assert d.wait_turn(page) == "place"
    assert page.get_by_test_id("place-status").get_attribute("data-legal") == "yes"
    spot = d.screen(page, "s.place")
    actions = d.screen(page, "s.view.actions")
    held.holding_feed = held.holding_answers = True
    page.get_by_test_id("place").click()
    held.wait(lambda: held.answers and held.feed)
    # the question is closed while its answer is on the way: the page says so, and a drag does nothing
    assert d.screen(page, "s.mode") == "sent" and d.screen(page, "s.busy")
    g = d.screen(page, "s.geom()")
    d.drag(page, d.client(page, *spot), d.client(page, g["width"] * 0.3, g["length"] * 0.1))
    assert d.screen(page, "s.place") == spot
    assert page.get_by_test_id("place").is_disabled()
    # the WebSocket's copy comes first: the breaker's turn to shoot starts at once
    held.release_feed()
    page.wait_for_function(f"() => window.bola8.screen.mode === 'shot' && window.bola8.screen.view.actions === {actions + 1}")
    page.get_by_test_id("table").focus()
    for _ in range(3):
        page.keyboard.press("Shift+ArrowLeft")
    page.keyboard.press("b")
    aimed = d.screen(page, "({phi: s.phi, call: s.call === undefined ? 'none' : s.call})")
    # then the HTTP answer to the same action: nothing the person set is undone
    held.release_answers()
    page.wait_for_function("() => !window.bola8.screen.busy")
    assert d.screen(page, "({phi: s.phi, call: s.call === undefined ? 'none' : s.call})") == aimed
    log = transitions(page)
    left = max(i for i, step in enumerate(log) if step["from"] == "place")
    assert [(step["from"], step["to"], step["why"]) for step in log[left:]] == [
        ("place", "sent", "sent"), ("sent", "shot", "view")], log


def test_a_strokes_answer_before_its_websocket_copy_is_drawn_once(page: Page, hot_seat: Held) -> None:
    """The break: its HTTP answer first, then, once the person has aimed the next stroke, the
    WebSocket's copy of the same action."""
    held = hot_seat
    if d.wait_turn(page) == "place":
        d.place_cue_ball(page)
    assert d.wait_turn(page) == "shot"
    held.holding_feed = True
    d.set_power(page, 8.0)
    page.get_by_test_id("shoot").click()
    page.wait_for_function("() => window.bola8.screen.shown === 1")
    mode = d.wait_turn(page)
    before = d.screen(page, "({shown: s.shown, actions: s.view.actions, phi: s.phi, place: s.place})")
    if mode == "shot":
        page.get_by_test_id("table").focus()
        page.keyboard.press("Shift+ArrowRight")
    held.wait(lambda: held.feed)
    aimed = d.screen(page, "({shown: s.shown, actions: s.view.actions, phi: s.phi, place: s.place})")
    offered = d.screen(page, "s.views.offered")
    held.release_feed()
    page.wait_for_function(f"() => window.bola8.screen.views.offered > {offered}")
    assert d.screen(page, "({shown: s.shown, actions: s.view.actions, phi: s.phi, place: s.place})") == aimed
    assert aimed["shown"] == before["shown"] == 1 and d.screen(page, "s.mode") == mode
    page.get_by_test_id("history").locator("li").first.wait_for()
    assert page.get_by_test_id("history").locator("li").count() == 1
