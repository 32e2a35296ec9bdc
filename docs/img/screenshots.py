"""The README's pictures of the browser app, taken from the real server in Debian's chromium.

    .venv/bin/python docs/img/screenshots.py        (or: make screenshots)

Starts ``bola8 serve`` on a free port with a fresh database, plays through the
page like a person (the end-to-end tests' driver, a fixed seed) and writes
``play.png`` (a game against the bot, a ball called), ``hint.png`` (the
coach's hint for that position, its first suggestion drawn and put on the
controls), ``phone.png`` (the same game on a phone held upright) and
``referee.png`` (the referee assistant with its why and what-if) and
``tournament.png`` (a club tournament's live page: eight players, the
quarter-finals played at the tables, a semi-final in play) beside this file.
"""

from __future__ import annotations

import os
import socket
import json
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.e2e import driver as d  # noqa: E402
from tests.e2e.conftest import ARGS, CHROMIUM  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def play_until_a_call(page: Page) -> None:
    """Person against the bot until the person has a ball to call: the call made, the cue aimed."""
    for _ in range(40):
        mode = d.wait_turn(page)
        if mode == "lag":
            d.lag(page, 1.9)
        elif mode == "choice":
            d.choose_first_option(page)
        elif mode == "place":
            d.place_cue_ball(page)
        elif mode == "shot":
            view = d.screen(page, "s.view")
            if view["state"]["phase"] == "break":
                d.aim(page, 90.0)
                d.set_power(page, 8.0)
            else:
                plan = d.plan_shot(view, d.screen(page, "s.geom()"), 0)
                if plan is not None and view["shot_count"] >= 3:
                    d.aim(page, plan[2])
                    d.call(page, plan[0], plan[1])
                    d.set_power(page, 2.6)
                    return
                page.get_by_test_id("safety").click()
                d.aim(page, 80.0)
                d.set_power(page, 2.0)
            before = d.screen(page, "s.view.shot_count")
            page.get_by_test_id("shoot").click()
            page.wait_for_function(f"() => window.bola8.screen.shown > {before}")
        else:
            return


def api(url: str, path: str, body: object = None, token: str | None = None) -> dict:
    """One request to the server's API, as the pages make it."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url + path, method="GET" if body is None else "POST", headers=headers,
                                     data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request) as answer:
        data: dict = json.loads(answer.read())
        return data


def play_at_table(url: str, table: str, token: str, losses: list[int]) -> None:
    """A match at a tournament's table as its referee keeps it: the lag, then each rack given up by the
    seat in ``losses`` in turn (the referee assistant's "loses this game")."""
    for seat in losses:
        # a lag opens the match, and another the deciding game at hill-hill (Art. 4)
        if (api(url, f"/api/tables/{table}")["to_act"] or {}).get("action") == "lag":
            api(url, f"/api/tables/{table}/lag", {"winner": 0}, token)
        api(url, f"/api/tables/{table}/declare", {"what": "forfeit", "player": seat}, token)


def tournament(page: Page, url: str) -> None:
    """A club tournament made on the director's page, its quarter-finals played at four tables, a
    semi-final in play: the live page, drawn."""
    page.goto("/#/tournament")
    page.get_by_test_id("tour-new-name").fill("Open de otoño")
    page.get_by_test_id("tour-new-tables").fill("4")
    page.get_by_test_id("tour-new-seeding").select_option("given")
    page.get_by_test_id("tour-new-players").fill("Ana\nLuis\nMarta\nPablo\nNuria\nJorge\nElena\nRaúl")
    page.get_by_test_id("tour-create").click()
    page.wait_for_url("**/direct")
    page.get_by_test_id("tour-start").click()
    page.get_by_test_id("start-dialog").get_by_test_id("dialog-yes").click()
    page.wait_for_function("() => window.bola8.screen.tour.status === 'running'")
    tid = page.evaluate("() => window.bola8.screen.tour.id")
    token = json.loads(page.evaluate("() => localStorage.getItem('bola8.directs')"))[tid]["token"]
    tables = {t["number"]: t["token"] for t in api(url, f"/api/tournaments/{tid}/tables", token=token)["tables"]}
    # the quarter-finals, each won by its first player but one, with scores a race to 3 gives
    for number, losses in zip((1, 2, 3, 4), ([1, 0, 1, 1], [1, 1, 1], [0, 1, 0, 1, 1], [0, 0, 1, 0])):
        entry = next(t for t in api(url, f"/api/tournaments/{tid}")["tables"] if t["number"] == number)
        play_at_table(url, entry["table"], tables[number], losses)
    # a semi-final under way: 2-1, the fourth rack being played
    entry = next(t for t in api(url, f"/api/tournaments/{tid}")["tables"] if t["match"])
    play_at_table(url, entry["table"], tables[entry["number"]], [1, 0, 1])
    page.goto(f"/#/tournament/{tid}")
    page.get_by_test_id("bracket").wait_for()
    page.wait_for_function("() => Object.keys(window.bola8.screen.racks).length > 0")
    page.set_viewport_size({"width": 1280, "height": 860})
    page.screenshot(path=str(HERE / "tournament.png"))


def main() -> None:
    port = free_port()
    db = os.path.join(tempfile.mkdtemp(), "shots.db")
    server = subprocess.Popen([sys.executable, "-m", "bola8", "serve", "--port", str(port), "--db", db],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(url + "/api/meta").read()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            desk = browser.new_context(viewport={"width": 1280, "height": 760}, base_url=url)
            page = desk.new_page()
            page.goto("/?seed=7")
            page.get_by_test_id("new-mode").select_option("bot")
            page.get_by_test_id("new-name-0").fill("Ana")
            page.get_by_test_id("new-clock").check()
            page.get_by_test_id("new-start").click()
            page.wait_for_url("**#/game/*")
            page.get_by_test_id("anim-speed").select_option("0")
            play_until_a_call(page)
            page.get_by_test_id("anim-speed").select_option("1")
            page.screenshot(path=str(HERE / "play.png"))
            page.get_by_test_id("hint-level").select_option("pro")
            page.get_by_test_id("coach-ask").click()
            page.wait_for_function("() => window.bola8.screen.coach.state === 'shown'", timeout=120_000)
            first = page.get_by_test_id("hint-1")
            (first if first.count() else page.get_by_test_id("hint-safety")).click()
            page.mouse.move(0, 0)
            page.screenshot(path=str(HERE / "hint.png"))
            game = d.screen(page, "s.view.id")
            seats = page.evaluate("() => localStorage.getItem('bola8.seats')")
            phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                        has_touch=True, is_mobile=True, base_url=url)
            small = phone.new_page()
            small.goto("/")
            small.evaluate("(seats) => localStorage.setItem('bola8.seats', seats)", seats)
            small.goto(f"/#/game/{game}")
            d.wait_turn(small)
            small.screenshot(path=str(HERE / "phone.png"))
            # the referee assistant: a break entered, the why and what-if open (a taller window: the
            # ruling with its article's text and the what-ifs beside the whole table)
            page.set_viewport_size({"width": 1280, "height": 900})
            page.goto("/#/referee")
            page.get_by_test_id("ref-name-0").fill("Ana")
            page.get_by_test_id("ref-name-1").fill("Luis")
            page.get_by_test_id("ref-start").click()
            page.wait_for_url("**/#/table/*")
            page.get_by_test_id("lag-go").click()
            page.get_by_test_id("tool-first").click()
            page.mouse.click(*[float(v) for v in d.screen(page, "s.ballClient(1)")])
            page.get_by_test_id("tool-pocketed").click()
            page.mouse.click(*[float(v) for v in d.screen(page, "s.ballClient(3)")])
            page.mouse.click(*[float(v) for v in d.screen(page, "s.pocketClient('foot-left')")])
            page.get_by_test_id("to-rail").fill("2")
            page.get_by_test_id("whatif-object_balls_to_rail").wait_for()
            page.get_by_test_id("why").locator("[data-testid=reasons] summary").first.click()
            page.get_by_test_id("why").get_by_test_id("article-text").wait_for()
            page.get_by_test_id("why").scroll_into_view_if_needed()
            page.screenshot(path=str(HERE / "referee.png"))
            tournament(page, url)
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print("written:", ", ".join(str(HERE / name) for name in ("play.png", "hint.png", "phone.png", "referee.png", "tournament.png")))


if __name__ == "__main__":
    main()
