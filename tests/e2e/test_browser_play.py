"""Through the UI only: a whole game against a bot, hot-seat shots for both seats."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e import driver as d
from tests.e2e.conftest import page_of

MAX_TURNS = 30      # person turns before the person forfeits the game (keeps the test bounded)


def new_match(page: Page, mode: str, race: int = 1, table: str = "7ft", seed: int = 11) -> None:
    page.goto(f"/?seed={seed}")          # a reproducible match: the same racks and bot strokes every run
    page.get_by_test_id("new-mode").select_option(mode)
    page.get_by_test_id("new-race").fill(str(race))
    page.get_by_test_id("new-table").select_option(table)
    if mode == "bot":
        page.get_by_test_id("new-name-0").fill("Ana")
        # the quickest bot the server offers: a searching level thinks for seconds a stroke
        levels = page.get_by_test_id("new-bot").locator("option").evaluate_all("(os) => os.map((o) => o.value)")
        fast = [kind for kind in ("bot:beginner", "bot:baseline") if kind in levels]
        if fast:
            page.get_by_test_id("new-bot").select_option(fast[0])
    page.get_by_test_id("new-start").click()
    page.wait_for_url("**#/game/*")
    page.get_by_test_id("anim-speed").select_option("0")


def take_turn(page: Page, seen: set[str], power: float = 3.0) -> str:
    """Whatever the page asks: the lag, a choice, the cue ball in hand, a stroke."""
    mode = d.wait_turn(page)
    if mode == "lag":
        seat = d.screen(page, "s.view.to_act.seat")
        d.lag(page, 1.9 if seat == 0 else 2.4)      # different strokes: a tie would be lagged again
        seen.add("lag")
    elif mode == "choice":
        seen.add("choice:" + d.choose_first_option(page))
    elif mode == "place":
        d.place_cue_ball(page)
        seen.add("place")
    elif mode == "shot":
        view = d.screen(page, "s.view")
        seat = view["to_act"]["seat"]
        if view["state"]["phase"] == "break":
            d.aim(page, 90.0)
            d.set_power(page, 8.0)
            seen.add("break")
        else:
            plan = d.plan_shot(view, d.screen(page, "s.geom()"), seat)
            if plan is None:
                page.get_by_test_id("safety").click()
                d.aim(page, 90.0)
                seen.add("safety")
            else:
                ball, pocket, phi = plan
                d.aim(page, phi)
                d.call(page, ball, pocket)
                expect(page.get_by_test_id("call")).to_contain_text(str(ball))
                seen.add("call")
            d.set_power(page, power)
        before = d.screen(page, "s.view.shot_count")
        toasts = page.get_by_test_id("toast-error").count()      # an earlier refusal may still be shown
        page.get_by_test_id("shoot").click()
        page.wait_for_function(f"() => window.bola8.screen.shown > {before} || "
                               f"document.querySelectorAll('[data-testid=toast-error]').length > {toasts}")
        if page.get_by_test_id("toast-error").count() > toasts:
            # a refused call is explained in the server's sentence; play it as a safety instead
            seen.add("refused")
            page.get_by_test_id("safety").click()
            page.get_by_test_id("shoot").click()
            page.wait_for_function(f"() => window.bola8.screen.shown > {before}")
        seen.add("shot:" + str(seat))
    return mode


def shoot_the_coachs_suggestion(page: Page, artifacts: Path) -> None:
    """Ask the coach (its quickest level), see its suggestions and the line drawn, tap the first: the
    controls take its stroke and its call, and the stroke the server plays is the one suggested."""
    page.get_by_test_id("hint-level").select_option("beginner")
    page.get_by_test_id("coach-ask").click()
    page.wait_for_function("() => window.bola8.screen.coach.state === 'shown'", timeout=30_000)
    advice = d.screen(page, "s.coach.answer.advice")
    testid = "hint-1" if advice["suggestions"] else "hint-safety"
    suggestion = advice["suggestions"][0] if advice["suggestions"] else advice["safety"]
    item = page.get_by_test_id(testid)
    expect(item).to_contain_text("%")                                   # the chances, as percentages
    expect(item).to_contain_text(suggestion["explanation"]["es"][:20])  # the coach's own words, in Spanish
    item.click()
    assert d.screen(page, "s.coach.applied") == suggestion
    assert abs(d.screen(page, "s.phi") - suggestion["strike"]["phi"]) < 1e-9
    assert d.screen(page, "s.call") == suggestion["call"]
    if suggestion["call"] is not None:
        expect(page.get_by_test_id("call")).to_contain_text(str(suggestion["call"]["ball"]))
    page.screenshot(path=str(artifacts / "hint.png"))
    before = d.screen(page, "s.view.shot_count")
    page.get_by_test_id("shoot").click()
    page.wait_for_function(f"() => window.bola8.screen.shown > {before}")
    shot = page.evaluate(f"async () => (await (await fetch(`/api/games/${{window.bola8.screen.view.id}}/shots/{before + 1}`)).json())")
    assert shot["call"] == suggestion["call"]
    assert {k: round(v, 4) for k, v in shot["strike"].items()} == suggestion["strike"]


def propose_a_stalemate(page: Page) -> str:
    """Art. 21.2 against a bot: the person proposes, the server asks the bot; it refuses in a sentence
    (its answer, not an error) or the rack is played again (the next game, the same breaker)."""
    game = d.screen(page, "s.view.game_number")
    page.get_by_test_id("declare-stalemate").click()
    expect(page.get_by_test_id("declare-dialog")).to_contain_text("Proponer al bot")
    page.get_by_test_id("dialog-stalemate").click()
    page.wait_for_function(f"() => window.bola8.screen.view.game_number > {game} || "
                           "document.querySelector('[data-testid=toast-info]')", timeout=30_000)
    assert page.get_by_test_id("toast-error").count() == 0
    if page.get_by_test_id("toast-info").count():
        expect(page.get_by_test_id("toast-info")).to_have_text(
            "El bot principiante no acepta tablas (Art. 21.2): la posición le vale más que volver a jugar la partida.")
        return "stalemate:refused"
    return "stalemate:accepted"


def test_person_against_bot_to_the_end(page: Page, artifacts: Path) -> None:
    new_match(page, "bot")
    seen: set[str] = set()
    turns = 0
    while d.wait_turn(page) != "over" and turns < MAX_TURNS:
        if ("hint" not in seen and d.screen(page, "s.mode") == "shot"
                and d.screen(page, "s.view.state.phase") != "break"):
            shoot_the_coachs_suggestion(page, artifacts)     # the first shot of the person's after the break
            seen.add("hint")
        elif "hint" in seen and not any(w.startswith("stalemate") for w in seen) and d.screen(page, "s.mode") == "shot":
            seen.add(propose_a_stalemate(page))
        else:
            take_turn(page, seen)
        turns += 1
    if d.screen(page, "s.mode") != "over":
        page.get_by_test_id("declare-forfeit").click()
        page.get_by_test_id("dialog-forfeit").click()
        seen.add("forfeit")
    expect(page.get_by_test_id("match-over")).to_be_visible(timeout=30_000)
    view = d.screen(page, "s.view")
    assert view["to_act"] is None and view["winner"] in (0, 1)
    assert max(view["score"]) == 1
    d.assert_questions_closed_only_by_answers(page)
    (artifacts / "person-vs-bot.txt").write_text(" ".join(sorted(seen)) + "\n")   # what the game asked of the person
    assert {"lag", "shot:0", "hint"} <= seen and seen & {"stalemate:refused", "stalemate:accepted"}, seen
    page.screenshot(path=str(artifacts / "person-vs-bot.png"))
    # the record is offered for download
    with page.expect_download() as dl:
        page.get_by_test_id("match-over").get_by_test_id("download").click()
    text = Path(dl.value.path()).read_text()
    assert text.count("\n") >= 3
    # a reason of the last ruling opens to its article's own text
    shots = view["shot_count"]
    page.get_by_test_id("replay-1").click()                  # the history links to #/game/<id>/shot/1
    page.wait_for_url("**/shot/1")
    expect(page.get_by_test_id("replay-label")).to_contain_text(f"1 de {shots}")
    page.get_by_test_id("replay-skip").click()
    page.wait_for_function("() => { const r = window.bola8.screen.replay; return r && r.state === 'done' && !window.bola8.screen.animating; }")
    first = page.evaluate(f"async () => (await (await fetch('/api/games/{view['id']}/shots/1')).json()).balls_after")
    assert {str(k): v[:2] for k, v in d.screen(page, "s.balls").items()} == first
    page.get_by_test_id("ruling").click()
    page.get_by_test_id("reasons").locator("summary").first.click()
    expect(page.get_by_test_id("article-text").first).to_contain_text("Art.")
    # the next shot, then back to the live game
    page.get_by_test_id("replay-next").click()
    page.wait_for_url("**/shot/2")
    page.get_by_test_id("replay-live").click()
    page.wait_for_function("() => window.bola8.screen.replay === null && window.bola8.screen.mode === 'over'")


@pytest.mark.slow
def test_hot_seat_shots_for_both_seats(page: Page, browser: Browser, server: str, artifacts: Path) -> None:
    new_match(page, "hotseat", race=2)
    seen: set[str] = set()
    # the lag of both seats, then its result: each ball's distance to the head cushion, who breaks
    take_turn(page, seen)
    take_turn(page, seen)
    expect(page.get_by_test_id("lag-result")).to_contain_text("m de la banda de cabeza")
    expect(page.get_by_test_id("lag-result")).to_contain_text("abre")
    # the break with the keyboard alone: the help lists the keys, Space shoots
    if d.wait_turn(page) == "place":
        d.place_cue_ball(page)
    assert d.wait_turn(page) == "shot"
    page.get_by_test_id("table").focus()
    page.keyboard.press("h")
    expect(page.get_by_test_id("help-keys")).to_contain_text("tirar")
    page.get_by_test_id("dialog-close").click()
    page.get_by_test_id("table").focus()
    page.keyboard.press("Space")
    page.wait_for_function("() => window.bola8.screen.shown >= 1")
    for _ in range(20):
        take_turn(page, seen, power=2.5)
        if {"shot:0", "shot:1"} <= seen:
            break
    assert {"shot:0", "shot:1"} <= seen, seen
    # both seats acted from this one browser: the history lists the shots, each can be replayed
    expect(page.get_by_test_id("history").locator("li")).not_to_have_count(0)
    d.wait_turn(page)
    d.assert_questions_closed_only_by_answers(page)
    page.screenshot(path=str(artifacts / "hot-seat.png"))
    # the match link opens read-only in another browser (no seat token there): a spectator
    link = page.get_by_test_id("match-link").input_value()
    other = browser.new_context(viewport={"width": 1000, "height": 700})
    try:
        spectator = other.new_page()
        spectator.goto(link)
        expect(spectator.get_by_test_id("status")).to_contain_text("Espectador")
        expect(spectator.get_by_test_id("shoot")).to_be_hidden()
        assert d.screen(spectator, "s.view.shot_count") == d.screen(page, "s.view.shot_count")
    finally:
        other.close()


def test_phone_portrait_controls_without_scrolling(browser: Browser, server: str, artifacts: Path) -> None:
    """On a phone held upright the table and the turn's controls share the screen: nothing to scroll
    to reach them; the stroke is pulled back on the strip beside the table and let go."""
    with page_of(browser, server, "phone", "es") as page:
        new_match(page, "hotseat", race=1, table="9ft")
        seen: set[str] = set()
        while d.wait_turn(page) != "shot":
            take_turn(page, seen)
        page.evaluate("() => window.scrollTo(0, 0)")   # where a person who never scrolled is
        for testid in ("shoot", "spin-mini", "pull", "call", "status"):
            box = page.get_by_test_id(testid).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, (testid, box)
        table = page.get_by_test_id("table").bounding_box()
        strip = page.get_by_test_id("pull").bounding_box()
        assert table is not None and strip is not None and table["height"] > 400   # upright, most of the screen
        assert table["x"] >= 0 and table["x"] + table["width"] <= strip["x"] + 1       # whole, beside the strip
        # the spin widget opens from the small cue ball, over the dock
        page.get_by_test_id("spin-mini").tap()
        expect(page.get_by_test_id("spin-sheet").get_by_test_id("spin")).to_be_visible()
        page.get_by_test_id("spin-mini").tap()
        page.screenshot(path=str(artifacts / "phone-game.png"))
        # pull back two thirds of the strip and let go: the break is played at that power
        x, top = strip["x"] + strip["width"] / 2, strip["y"] + 10
        page.mouse.move(x, top)
        page.mouse.down()
        page.mouse.move(x, top + strip["height"] * 0.6, steps=5)
        page.mouse.up()
        page.wait_for_function("() => window.bola8.screen.shown >= 1")
        speed = page.evaluate("async () => (await (await fetch(`/api/games/${window.bola8.screen.view.id}/shots/1`)).json()).strike.speed")
        assert 6.0 <= speed <= 8.0, speed
