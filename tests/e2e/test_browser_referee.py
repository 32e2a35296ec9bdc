"""Through the UI only: real-table matches kept in the referee assistant - a rack from the lag to the 8,
and on a phone the common shot in three taps, balls a thumb can hit that stay where they were, the
ruling headlined as it ended the game, undo that gives the facts back, the referee's own clock, the
match's final score, the hill-hill lag named as Art. 4.2's, and a call the rules refuse said at the tap."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from tests.e2e import driver as d
from tests.e2e.conftest import page_of


def touch(page: Page, x: float, y: float) -> None:
    """A finger's tap on a touch screen, a click elsewhere."""
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def tap_ball(page: Page, ball: int) -> None:
    touch(page, *[float(v) for v in d.screen(page, f"s.ballClient({ball})")])


def tap_pocket(page: Page, pocket: str) -> None:
    touch(page, *[float(v) for v in d.screen(page, f"s.pocketClient('{pocket}')")])


def judge(page: Page, testid: str = "judge") -> None:
    count = len(d.screen(page, "s.view.rulings || []"))
    page.get_by_test_id(testid).click()
    page.wait_for_function(f"() => (window.bola8.screen.view.rulings || []).length > {count}")


def called_shot(page: Page, ball: int, pocket: str) -> None:
    """The long way: call, first ball, pocketed ball and its pocket, record."""
    page.get_by_test_id("tool-call").click()
    tap_ball(page, ball)
    tap_pocket(page, pocket)
    tap_ball(page, ball)                    # the first ball hit (the tool moved on by itself)
    page.get_by_test_id("tool-pocketed").click()
    tap_ball(page, ball)
    tap_pocket(page, pocket)
    expect(page.get_by_test_id("pocketed-list")).to_contain_text(str(ball))
    judge(page)


def as_called(page: Page, ball: int, pocket: str) -> None:
    """The short way: the ball, its pocket, "went in as called" - three taps."""
    tap_ball(page, ball)
    tap_pocket(page, pocket)
    judge(page, "as-called")


def new_table(page: Page, race: int = 2) -> None:
    page.goto("/#/referee")
    page.get_by_test_id("ref-name-0").fill("Ana")
    page.get_by_test_id("ref-name-1").fill("Luis")
    page.get_by_test_id("ref-race").fill(str(race))
    page.get_by_test_id("ref-start").click()
    page.wait_for_url("**/#/table/*")


def title(page: Page) -> str:
    return page.get_by_test_id("ruling").get_by_test_id("ruling-head").inner_text().replace("\n", " ")


@pytest.mark.slow
def test_referee_keeps_a_rack(page: Page, artifacts: Path) -> None:
    new_table(page)
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
    expect(page.get_by_test_id("whatif-referee_fouls.touched_ball")).to_contain_text("FALTA · bola en mano detrás de la línea de cabeza para Luis")
    # the preview of the last fact entered (the rail) is drawn - its what-if is the rail's opposite - so the
    # reason opened below is that preview's (one arriving mid-click waits for the release: the last test)
    expect(page.get_by_test_id("whatif-rail_after_contact")).to_contain_text("ninguna bola llegó a banda")
    page.get_by_test_id("why").locator("[data-testid=reasons] summary").first.click()
    expect(page.get_by_test_id("why").get_by_test_id("article-text")).to_contain_text("Art.")
    judge(page)
    expect(page.get_by_test_id("ruling")).to_contain_text("Art.")
    expect(page.get_by_test_id("next")).to_contain_text("Ana")
    # the next shot's empty entry previews nothing (no red foul beside the ruling just recorded)
    expect(page.get_by_test_id("why")).to_be_hidden()
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
    entered = d.screen(page, "s.facts")
    judge(page)
    assert title(page) == "FALTA · Ana · bola en mano para Luis"
    expect(page.get_by_test_id("next")).to_contain_text("Luis")
    # the referee entered the wrong shot: undo names it, takes the table back and gives its facts back
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("undo-what")).to_contain_text(f"#{entries + 1} · FALTA")
    page.get_by_test_id("dialog-undo").click()
    page.wait_for_function(f"() => window.bola8.screen.view.rulings.length === {entries}")
    expect(page.get_by_test_id("next")).to_contain_text("Ana")
    facts = d.screen(page, "s.facts")
    assert (facts["first_contact"], facts["pocketed"]) == (entered["first_contact"], entered["pocketed"]), facts
    page.get_by_test_id("clear-shot").click()
    # Ana runs the rest of the solids and the 8, the common shots in three taps
    for ball, pocket in [(3, "foot-left"), (4, "side-right"), (5, "head-left"), (6, "head-right"), (7, "foot-left")]:
        as_called(page, ball, pocket)
    called_shot(page, 8, "foot-right")
    expect(page.get_by_test_id("score-0")).to_have_text("1")
    # the headline says the game was won, not "shoots again"
    assert title(page) == "Partida ganada · Ana gana la partida"
    page.screenshot(path=str(artifacts / "referee.png"))
    with page.expect_download() as dl:
        page.get_by_test_id("export").click()
    assert Path(dl.value.path()).read_text().strip()
    # the officials: a warning for slow play puts Luis on the clock (Art. 24)
    page.get_by_test_id("officials").locator("summary").click()
    page.get_by_test_id("warn-1").click()
    expect(page.get_by_test_id("rulings")).to_contain_text("Luis: advertido")
    # the same table in English: the page's words and the server's reasons
    page.get_by_test_id("lang-en").click()
    expect(page.get_by_test_id("undo")).to_have_text("Undo the last ruling")
    expect(page.get_by_test_id("rulings")).to_contain_text("Game won · Ana wins the game")


# Each size and each language once: the phone in Spanish (the longer words, so the harder fit on the
# first screen) and the desktop in English. The phone in English added only a third run of the same taps.
@pytest.fixture(params=[("phone", "es"), ("desktop", "en")], ids=["phone-es", "desktop-en"])
def referee(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[tuple[Page, list[Response]]]:
    size, lang = request.param
    with page_of(browser, server, size, lang) as page:
        refused: list[Response] = []
        page.on("response", lambda r: refused.append(r) if r.status >= 400 else None)
        yield page, refused


def english(page: Page) -> bool:
    return bool(page.evaluate("() => localStorage.getItem('bola8.lang') === 'en'"))


def in_first_screen(page: Page, testid: str) -> bool:
    box = page.get_by_test_id(testid).bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_match_on_a_phone_in_three_taps_a_shot(referee: tuple[Page, list[Response]]) -> None:
    page, refused = referee
    new_table(page, race=1)
    en = english(page)
    page.get_by_test_id("lag-go").click()
    expect(page.get_by_test_id("judge")).to_be_visible()
    # the header: the logo, both players and the race between them - nothing else, on one row
    expect(page.get_by_test_id("hud")).not_to_contain_text("null")
    cards = [page.get_by_test_id(f"player-{i}").bounding_box() for i in (0, 1)]
    assert cards[0] and cards[1] and abs(cards[0]["y"] - cards[1]["y"]) < 1, cards
    page.evaluate("() => window.scrollTo(0, 0)")
    # the table, the tools and the buttons that record the shot share the first screen
    for testid in ("table", "tool-call", "judge", "as-called"):
        assert in_first_screen(page, testid), testid
    # every ball is a target at least 44 CSS pixels across
    assert d.screen(page, "s.tapRadiusPx()") >= 22
    where = {n: d.screen(page, f"s.ballClient({n})") for n in (5, 9)}
    # the break: the 1 and the 3 down, four balls to the rail - legal
    page.get_by_test_id("tool-first").click()
    tap_ball(page, 1)
    page.get_by_test_id("tool-pocketed").click()
    for ball, pocket in ((1, "foot-left"), (3, "foot-right")):
        tap_ball(page, ball)
        tap_pocket(page, pocket)
    page.get_by_test_id("to-rail").fill("4")
    judge(page)
    # the balls left stay where they were: a pocketed ball leaves a gap, nothing moves up
    assert {n: d.screen(page, f"s.ballClient({n})") for n in (5, 9)} == where
    # three taps: the 2, its pocket, "went in as called"
    as_called(page, 2, "side-left")
    assert title(page) == ("Legal shot · Ana · Shoots again" if en else "Tiro legal · Ana · Sigue tirando")
    # the 8 early, with balls of the group still on the table: the game is lost (Art. 20), and the
    # headline says so - the reason cites the article
    tap_ball(page, 4)
    tap_pocket(page, "head-left")
    tap_ball(page, 4)                   # the first ball hit (the tool moved on to it)
    for ball, pocket in ((4, "head-left"), (8, "head-right")):
        tap_ball(page, ball)
        tap_pocket(page, pocket)
    expect(page.get_by_test_id("why")).to_contain_text("20.1")
    judge(page)
    lost = "Game lost · Ana loses the game; Luis wins it" if en else "Partida perdida · Ana pierde la partida; la gana Luis"
    assert title(page) == lost
    # the match's end: the final score and each game's result
    summary = page.get_by_test_id("match-summary")
    expect(summary).to_contain_text("Luis wins the match 1–0" if en else "Luis gana el encuentro 1–0")
    expect(summary).to_contain_text(("Game 1: won by Luis") if en else "Partida 1: la gana Luis")
    # no preview was asked of the server when no shot could be entered: not one refused request
    assert not refused, [(r.status, r.url, r.request.post_data, r.text()) for r in refused]


def test_the_referees_clock_starts_again_and_pauses(browser: Browser, server: str) -> None:
    """Art. 24 at a real table: the warned player's clock, at the bottom of the screen with the buttons;
    the page's time is Playwright's, moved on by hand (no waiting)."""
    with page_of(browser, server, "phone", "es") as page:
        page.clock.install()
        new_table(page)
        page.get_by_test_id("lag-go").click()
        page.get_by_test_id("officials").locator("summary").click()
        page.get_by_test_id("warn-0").click()
        clock = page.get_by_test_id("ref-clock")
        expect(clock).to_be_visible()
        assert in_first_screen(page, "ref-clock")               # with the buttons, at the screen's bottom
        page.get_by_test_id("clock-restart").click()             # the balls have stopped: 60 s from now
        expect(clock.get_by_test_id("clock-line")).to_contain_text("60 s")
        page.clock.run_for(5000)
        expect(clock.get_by_test_id("clock-line")).to_contain_text("55 s")
        page.get_by_test_id("clock-pause").click()
        expect(page.get_by_test_id("clock-pause")).to_have_text("Seguir")
        page.clock.run_for(20000)                                # paused: it does not count
        expect(clock.get_by_test_id("clock-line")).to_contain_text("55 s")
        page.get_by_test_id("clock-pause").click()
        page.clock.run_for(10000)
        expect(clock.get_by_test_id("clock-line")).to_contain_text("45 s")


def break_and_lose_on_the_eight(page: Page, loser: int) -> None:
    """A game over in a few taps: a legal break, then ``loser`` pockets the 8 with the called 4 (Art. 20) -
    the breaker going on after a pocketed ball, or the other player after a break that pocketed nothing."""
    shooter = int(d.screen(page, "s.view.state.shooter"))
    page.get_by_test_id("tool-first").click()
    tap_ball(page, 1)
    if shooter == loser:
        page.get_by_test_id("tool-pocketed").click()
        tap_ball(page, 1)
        tap_pocket(page, "foot-left")
    page.get_by_test_id("to-rail").fill("4")
    judge(page)
    assert int(d.screen(page, "s.view.state.shooter")) == loser
    tap_ball(page, 4)                       # the 4 called in the head-left pocket, hit first
    tap_pocket(page, "head-left")
    tap_ball(page, 4)
    page.get_by_test_id("tool-pocketed").click()
    for ball, pocket in ((4, "head-left"), (8, "head-right")):
        tap_ball(page, ball)
        tap_pocket(page, pocket)
    judge(page)


def test_the_hill_hill_lag_is_named_as_art_4_2s(referee: tuple[Page, list[Response]]) -> None:
    """Art. 4.1's lag opens the match, named once; at one game all the deciding game's lag is Art. 4.2's,
    said in the header and in the line of what comes next."""
    page, refused = referee
    new_table(page, race=2)
    en = english(page)
    first = "The lag (Art. 4)" if en else "Tiro de arrime (Art. 4)"
    expect(page.get_by_text(first, exact=True)).to_have_count(1)
    expect(page.get_by_test_id("next")).to_contain_text("Art. 4.1")
    page.get_by_test_id("lag-go").click()                  # Ana won the lag and breaks
    expect(page.get_by_test_id("judge")).to_be_visible()
    break_and_lose_on_the_eight(page, loser=0)
    expect(page.get_by_test_id("score-1")).to_have_text("1")
    break_and_lose_on_the_eight(page, loser=1)
    expect(page.get_by_test_id("score-0")).to_have_text("1")
    deciding = "The deciding game's lag (Art. 4.2)" if en else "Arrime de la partida decisiva (Art. 4.2)"
    expect(page.get_by_text(deciding, exact=True)).to_have_count(1)
    expect(page.get_by_text(first, exact=True)).to_have_count(0)
    expect(page.get_by_test_id("next")).to_have_text("1 all: the deciding game starts with another lag (Art. 4.2)." if en else
                                                     "Empate a 1: la partida decisiva empieza con otro arrime (Art. 4.2).")
    page.get_by_test_id("lag-winner").select_option("1")
    page.get_by_test_id("lag-breaks").select_option("1")
    page.get_by_test_id("lag-go").click()
    expect(page.get_by_test_id("next")).to_contain_text("Luis")
    assert int(d.screen(page, "s.view.state.shooter")) == 1 and d.screen(page, "s.view.state.phase") == "break"
    assert not refused, [(r.status, r.url, r.request.post_data, r.text()) for r in refused]


def test_a_call_the_referee_would_refuse_is_said_at_the_tap(referee: tuple[Page, list[Response]]) -> None:
    """The break is never called (Art. 2.1), and on an open table the 8 may not be (Art. 2.5): the page says
    so when the ball is tapped, keeps no such call and asks the server nothing it would refuse."""
    page, refused = referee
    new_table(page, race=1)
    en = english(page)
    page.get_by_test_id("lag-go").click()
    expect(page.get_by_test_id("judge")).to_be_visible()
    tap_ball(page, 1)                                  # the call tool is the first one offered
    expect(page.get_by_test_id("toast-info")).to_have_text("The break is never called (Art. 2.1)." if en else
                                                           "El tiro de apertura nunca se canta (Art. 2.1).")
    page.get_by_test_id("tool-first").click()
    tap_ball(page, 1)
    page.get_by_test_id("tool-pocketed").click()
    tap_ball(page, 1)
    tap_pocket(page, "foot-left")
    page.get_by_test_id("to-rail").fill("4")
    judge(page)
    callable_now = ", ".join(str(b) for b in d.screen(page, "s.view.callable"))
    assert callable_now == "2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15"
    tap_ball(page, 8)
    tap_pocket(page, "foot-right")
    expect(page.get_by_test_id("toast-info").last).to_have_text(
        f"Ball 8 may not be called now (Art. 2.5); the shooter may call {callable_now}." if en else
        f"Ahora no se puede cantar la bola 8 (Art. 2.5); se puede cantar {callable_now}.")
    assert d.screen(page, "s.facts.call") is None and page.get_by_test_id("as-called").is_disabled()
    as_called(page, 2, "foot-right")                   # a ball that may be called is taken as before
    assert title(page) == ("Legal shot · Ana · Shoots again" if en else "Tiro legal · Ana · Sigue tirando")
    assert not refused, [(r.status, r.url, r.request.post_data, r.text()) for r in refused]


def test_a_preview_arriving_mid_tap_keeps_the_tap(page: Page) -> None:
    """The why box is redrawn by each preview the server answers. One that arrives while the referee's finger
    is down on a reason waits for the release, so the tap opens the reason; the same answer arriving again
    redraws nothing (the box under the finger stays the same elements)."""
    new_table(page)
    page.get_by_test_id("lag-go").click()
    page.get_by_test_id("tool-first").click()
    tap_ball(page, 1)
    expect(page.get_by_test_id("whatif-rail_after_contact")).to_contain_text("una bola sí llegó a banda")
    reason = page.get_by_test_id("why").locator("[data-testid=reasons] summary").first
    # the same facts asked again (another tool chosen asks for a preview): the elements drawn stay
    page.evaluate("() => { document.querySelector('[data-testid=why] summary').dataset.drawn = 'first'; }")
    with page.expect_response(lambda r: "/preview" in r.url):
        page.get_by_test_id("tool-pocketed").click()
    page.wait_for_timeout(100)
    assert reason.get_attribute("data-drawn") == "first"
    # the finger down on the reason; a fact entered meanwhile (a second hand on the rail's box) brings a new
    # preview, answered before the finger lifts
    reason.scroll_into_view_if_needed()
    box = reason.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    with page.expect_response(lambda r: "/preview" in r.url):
        page.evaluate("() => document.querySelector('[data-testid=rail]').click()")
    page.wait_for_timeout(100)
    assert reason.get_attribute("data-drawn") == "first"      # held while the finger is down
    page.mouse.up()
    expect(page.get_by_test_id("why").get_by_test_id("article-text").first).to_be_visible()
    # and then drawn: the rail's what-if is now its opposite, the reason the tap opened still open
    expect(page.get_by_test_id("whatif-rail_after_contact")).to_contain_text("ninguna bola llegó a banda")
    expect(page.get_by_test_id("why").get_by_test_id("article-text").first).to_be_visible()
