"""The game page as a newcomer found it, each finding kept fixed: the strip shows each stroke and its
ruling as it is drawn (the lag first), the lag names both distances, the default aim is a legal one
and an aim that would foul is marked, a coach's spin and elevation stay with their own stroke, the
opening break's ball in hand cites Art. 7.1, a break's paths do not cover the table, the match's end
leaves the table in view, a spectator far behind is told and can catch up, the bots' names follow
the language, "My games" says who played, the score and when. At desktop and phone sizes, in Spanish
and English: a behaviour whose page differs by size (where the lag's hint and the match's end are
drawn) at both; one that reads the same at any size (a sentence, a list) at one of them, the file
keeping both sizes and both languages (ONE_SIZE)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import page_of
from tests.e2e import driver as d
from test_browser_play import take_turn

VARIANTS = [("desktop", "es"), ("phone", "en")]


# a behaviour whose page does not change with its size, checked at one of the two variants
ONE_SIZE = {"phone-en": pytest.mark.parametrize("any_page", [VARIANTS[1]], ids=["phone-en"], indirect=True),
            "desktop-es": pytest.mark.parametrize("any_page", [VARIANTS[0]], ids=["desktop-es"], indirect=True)}


@pytest.fixture(params=VARIANTS, ids=["-".join(v) for v in VARIANTS])
def any_page(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:
    size, lang = request.param
    with page_of(browser, server, size, lang) as page:
        yield page


def start(page: Page, mode: str, seed: int = 11, race: int = 1, speed: str = "0", table: str = "7ft") -> str:
    """A new match from the home page (its language as the page's); the game's id."""
    page.goto(f"/?seed={seed}")
    page.get_by_test_id("new-mode").select_option(mode)
    page.get_by_test_id("new-race").fill(str(race))
    page.get_by_test_id("new-table").select_option(table)
    if mode == "bot":
        page.get_by_test_id("new-bot").select_option("bot:beginner")
    page.get_by_test_id("new-start").click()
    page.wait_for_url("**#/game/*")
    page.get_by_test_id("anim-speed").select_option(speed)
    page.wait_for_function("() => window.bola8.screen && window.bola8.screen.view")
    game: str = d.screen(page, "s.view.id")
    return game


def english(page: Page) -> bool:
    return bool(page.evaluate("() => localStorage.getItem('bola8.lang') === 'en'"))


def to_the_break(page: Page) -> str:
    """Hot seat: both lags; the mode once the breaker is asked."""
    seen: set[str] = set()
    while (mode := d.wait_turn(page)) == "lag":
        take_turn(page, seen)
    return mode


@pytest.mark.slow
def test_the_strip_shows_the_lag_then_each_stroke_and_its_ruling(browser: Browser, server: str) -> None:
    """The bot wins the lag and breaks while the page is behind (its live feed held): the lag is shown
    first, then each stroke as it is drawn and its ruling - never the lag over the bot's run."""
    with page_of(browser, server, "phone", "es") as page:
        held_feed: list[Any] = []
        holding = {"on": False}

        def route(ws: Any) -> None:
            server_ws = ws.connect_to_server()
            server_ws.on_message(lambda m: held_feed.append(m) if holding["on"] else ws.send(m))
            ws.on_message(lambda m: server_ws.send(m))
        page.route_web_socket("**/live*", route)
        game = start(page, "bot", seed=4, speed="4")
        assert d.wait_turn(page) == "lag"
        holding["on"] = True
        page.get_by_test_id("lag-speed").fill("0.5")      # too soft to come back: the bot wins the lag
        page.get_by_test_id("dialog-lag").click()
        for _ in range(600):                              # the server plays the bot's lag, break and run
            view = page.request.get(f"/api/games/{game}").json()
            if view["to_act"] is None or (view["to_act"]["seat"] == 0 and view["shot_count"] >= 1):
                break
            page.wait_for_timeout(100)
        assert view["lag"]["winner"] == 1, view["lag"]
        page.wait_for_function(f"() => window.bola8.screen.shown === {view['shot_count']}", timeout=120_000)
        d.wait_turn(page)
        shown = d.screen(page, "s.banners")
        assert shown[0] == {"kind": "lag", "n": None}, shown
        strokes = [b for b in shown if b["kind"] != "lag"]
        assert strokes == [b for n in range(1, view["shot_count"] + 1)
                           for b in ({"kind": "stroke", "n": n}, {"kind": "ruling", "n": n})], shown
        expect(page.get_by_test_id("ruling").get_by_test_id("ruling-title")).to_be_visible()


def test_the_lag_result_names_both_balls_and_the_default_aim_is_legal(any_page: Page) -> None:
    page = any_page
    start(page, "hotseat", seed=11)
    mode = to_the_break(page)
    result = page.get_by_test_id("lag-result")
    words = ("from the head cushion", "breaks") if english(page) else ("de la banda de cabeza", "abre")
    expect(result).to_contain_text(words[1])
    text = result.locator(".ruling-head").inner_text()
    assert len(re_distances(text)) == 2, text            # both distances on the folded strip itself
    # the opening break's ball in hand: Art. 7.1, not 8.2
    if mode == "place":
        hint = page.get_by_test_id("hint")
        if page.viewport_size and page.viewport_size["width"] > 860:
            expect(hint).to_contain_text("Art. 7.1")
        d.place_cue_ball(page)
    assert d.wait_turn(page) == "shot"
    # a spin and an elevation set for the break do not stay for the next turn
    page.get_by_test_id("table").focus()
    for key in ("i", "i", "]", "]", "]"):
        page.keyboard.press(key)
    assert d.screen(page, "s.stroke.theta") == 3 and d.screen(page, "s.stroke.b") > 0
    page.keyboard.press("Space")
    page.wait_for_function("() => window.bola8.screen.shown >= 1")
    mode = d.wait_turn(page)
    if mode == "choice":
        d.choose_first_option(page)
        mode = d.wait_turn(page)
    if mode == "place":
        d.place_cue_ball(page)
        mode = d.wait_turn(page)
    assert mode == "shot"
    stroke = d.screen(page, "s.stroke")
    assert (stroke["a"], stroke["b"], stroke["theta"]) == (0, 0, 0), stroke
    # a break's paths: only the cue ball's, not fifteen lines over the table
    assert d.screen(page, "s.pathsDrawn") in ([], [0])
    # the default aim meets a ball the cue ball may hit first (or nothing marks it as a foul)
    view = d.screen(page, "s.view")
    assert view["legal_first"] and d.screen(page, "s.aimFoul") is None
    expect(page.get_by_test_id("aim-foul")).to_have_count(0)


def re_distances(text: str) -> list[str]:
    import re
    return re.findall(r"\d+\.\d\d m", text)


def test_the_match_end_leaves_the_table_in_view_and_stays_off_replays(any_page: Page) -> None:
    page = any_page
    game = start(page, "hotseat", seed=11)
    if to_the_break(page) == "place":
        d.place_cue_ball(page)
    assert d.wait_turn(page) == "shot"
    page.get_by_test_id("shoot").click()
    page.wait_for_function("() => window.bola8.screen.shown >= 1")
    while d.wait_turn(page) not in ("shot", "place"):
        d.choose_first_option(page)
    page.get_by_test_id("declare-forfeit").click()
    page.get_by_test_id("dialog-forfeit").click()
    over = page.get_by_test_id("match-over")
    expect(over).to_be_visible()
    # the strip says how the game ended: a forfeit, and who won it (not the last stroke's "shoots again")
    expect(page.get_by_test_id("ruling").get_by_test_id("ruling-title")).to_have_text("Forfeit" if english(page) else "Abandono")
    expect(over).to_contain_text("1–0")
    table = page.get_by_test_id("table").bounding_box()
    box = over.bounding_box()
    assert table and box and (box["y"] >= table["y"] + table["height"] or box["x"] >= table["x"] + table["width"]
                              or box["y"] + box["height"] <= table["y"]), (box, table)
    page.goto(f"/#/game/{game}/shot/1")
    page.get_by_test_id("replay-skip").click()
    page.wait_for_function("() => { const r = window.bola8.screen && window.bola8.screen.replay; return r && r.state === 'done'; }")
    expect(page.get_by_test_id("match-over")).to_be_hidden()
    page.get_by_test_id("replay-live").click()
    expect(page.get_by_test_id("match-over")).to_be_visible()


def played_by_api(page: Page, shots: int) -> str:
    """A hot-seat game played through the API alone to `shots` strokes, then left: nothing moves on."""
    made = page.request.post("/api/games", data={"players": ["person", "person"], "race": 1, "seed": 2}).json()
    game, tokens = made["id"], {s["seat"]: s["token"] for s in made["seats"]}
    view = made["view"]
    while view["shot_count"] < shots:
        act = view["to_act"]
        body: dict[str, Any] = {"lag": {"speed": 1.9 + 0.5 * act["seat"]}, "place": {"x": 0.635, "y": 0.3 if view["kitchen_only"] else 0.5},
                                "choice": {"option": (act.get("options") or [""])[0]},
                                "shot": {"strike": {"speed": 6.0, "phi": 90.0}, "call": None}}[act["action"]]
        answer = page.request.post(f"/api/games/{game}/{act['action']}", data=body,
                                   headers={"Authorization": f"Bearer {tokens[act['seat']]}"})
        assert answer.ok, answer.text()
        view = answer.json()["view"]
    return game


@ONE_SIZE["phone-en"]
def test_a_spectator_far_behind_is_told_and_catches_up(any_page: Page) -> None:
    page = any_page
    page.goto("/")
    game = played_by_api(page, 4)
    # a page watching from the first stroke, slowly: four strokes behind the game
    page.evaluate(f"() => {{ sessionStorage.setItem('bola8.from-first.{game}', '1'); localStorage.setItem('bola8.speed', '0.25'); }}")
    page.goto(f"/#/game/{game}")
    behind = page.get_by_test_id("behind")
    expect(behind).to_be_visible()
    expect(behind).to_contain_text("ahead" if english(page) else "por delante")
    behind.get_by_test_id("catch-up").click()
    page.wait_for_function("() => { const s = window.bola8.screen; return s.mode !== 'anim' && s.shown === s.view.shot_count; }")
    assert d.screen(page, "s.shown") >= 4
    expect(behind).to_be_hidden()


def test_the_bots_names_follow_the_language(browser: Browser, server: str) -> None:
    with page_of(browser, server, "desktop", "es") as page:
        page.goto("/")
        labels = page.get_by_test_id("new-bot").locator("option").all_inner_texts()
        page.get_by_test_id("lang-en").click()
        served = [b["label"] for b in page.request.get("/api/meta?lang=en").json()["bots"]]
        expect(page.get_by_test_id("new-bot").locator("option").first).to_have_text(served[0])
        english_labels = page.get_by_test_id("new-bot").locator("option").all_inner_texts()
        assert english_labels == served and english_labels != labels, (labels, english_labels)


@ONE_SIZE["desktop-es"]
def test_my_games_say_who_played_the_score_and_when(any_page: Page) -> None:
    page = any_page
    start(page, "bot", seed=11)
    page.goto("/#/referee")
    page.get_by_test_id("ref-name-0").fill("Marta")
    page.get_by_test_id("ref-name-1").fill("Luis")
    page.get_by_test_id("ref-start").click()
    page.wait_for_url("**/#/table/*")
    page.goto("/")
    mine = page.get_by_test_id("my-games").locator("li")
    expect(mine).to_have_count(2)
    expect(mine.nth(0)).to_contain_text("Marta – Luis · 0–0")        # the newest first
    expect(mine.nth(0)).to_contain_text("Real table" if english(page) else "Mesa real")
    expect(mine.nth(1)).to_contain_text(" · 0–0 · ")
    assert mine.nth(1).locator(".when").inner_text().strip()


def test_the_phones_strip_shows_the_whole_headline(browser: Browser, server: str) -> None:
    with page_of(browser, server, "phone", "es") as page:
        start(page, "hotseat", seed=11)
        if to_the_break(page) == "place":
            d.place_cue_ball(page)
        page.get_by_test_id("shoot").click()
        page.wait_for_function("() => window.bola8.screen.shown >= 1")
        d.wait_turn(page)
        strip = page.get_by_test_id("ruling").bounding_box()
        turn = page.get_by_test_id("ruling").get_by_test_id("ruling-turn")
        box = turn.bounding_box()
        assert strip and box and box["y"] + box["height"] <= strip["y"] + strip["height"] + 1, (box, strip)
        assert turn.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1")
        assert math.isclose(box["x"] + box["width"], min(box["x"] + box["width"], strip["x"] + strip["width"]))


@ONE_SIZE["desktop-es"]
def test_a_bot_refusing_a_stalemate_is_its_answer_not_an_error(any_page: Page) -> None:
    """Art. 21.2: the baseline bot never agrees; its refusal reads as its sentence, with no field name."""
    page = any_page
    page.goto("/?seed=3")
    page.get_by_test_id("new-bot").select_option("bot:baseline")
    page.get_by_test_id("new-race").fill("1")
    page.get_by_test_id("new-start").click()
    page.wait_for_url("**#/game/*")
    page.get_by_test_id("anim-speed").select_option("0")
    seen: set[str] = set()
    while d.wait_turn(page) not in ("shot", "over"):
        take_turn(page, seen)
    assert d.screen(page, "s.mode") == "shot"
    page.get_by_test_id("declare-stalemate").click()
    page.get_by_test_id("dialog-stalemate").click()
    answer = page.get_by_test_id("toast-info")
    expect(answer).to_have_text("The baseline bot never agrees to a stalemate (Art. 21.2): it plays every rack to its end."
                                if english(page) else
                                "El bot básico nunca acepta tablas (Art. 21.2): juega cada partida hasta el final.")
    assert page.get_by_test_id("toast-error").count() == 0
    assert d.wait_turn(page) == "shot"                    # play goes on


@ONE_SIZE["phone-en"]
def test_a_page_opened_late_lists_who_shot_and_the_fouls(any_page: Page) -> None:
    """After a reload, or for a spectator opening the link: "#3 Name · FOUL", not a bare "#3"."""
    page = any_page
    page.goto("/")
    game = played_by_api(page, 4)
    listed = page.request.get(f"/api/games/{game}/shots").json()
    view = page.request.get(f"/api/games/{game}").json()
    page.goto(f"/#/game/{game}")
    foul = "FOUL" if english(page) else "FALTA"
    for line in listed:
        text = f"#{line['n']} {view['players'][line['seat']]['name']}" + (f" · {foul}" if line["foul"] else "")
        expect(page.get_by_test_id(f"replay-{line['n']}")).to_have_text(text)
