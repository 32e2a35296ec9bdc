"""A club tournament through the browser, in three contexts at once: the director on a laptop, a referee's
phone (390x844) at the tables, a spectator's page in English. Every change is a click on a page; the
results move the bracket with no second entry, and every page follows by its live feed (waits are on
what the pages show, never on time)."""

from __future__ import annotations

import csv
import io
import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import page_of
from test_accessibility import reachable, serious


def ready(page: Page) -> None:
    page.wait_for_function("() => window.bola8 && window.bola8.ready")


def create(page: Page, name: str, players: str, tables: int, race: int = 1, found: list[str] | None = None) -> str:
    """The director's first click: the tournament's form, filled and sent; its id. ``found``: axe-core's
    serious violations of the form and the keyboard's missed controls, added to it."""
    page.goto("/")
    page.get_by_test_id("go-tournament").click()
    if found is not None:
        serious(page, "new tournament", found)
        found += [f"new tournament: {m}" for m in unreached(page)]
    page.get_by_test_id("tour-new-name").fill(name)
    page.get_by_test_id("tour-new-race").fill(str(race))
    page.get_by_test_id("tour-new-tables").fill(str(tables))
    page.get_by_test_id("tour-new-seeding").select_option("given")
    page.get_by_test_id("tour-new-players").fill(players)
    page.get_by_test_id("tour-create").click()
    page.wait_for_url("**/direct")
    page.get_by_test_id("director").wait_for()
    tid: str = page.evaluate("() => window.bola8.screen.tour.id")
    return tid


def start(page: Page) -> None:
    page.get_by_test_id("tour-start").click()
    page.get_by_test_id("start-dialog").get_by_test_id("dialog-yes").click()
    page.wait_for_function("() => window.bola8.screen.tour.status === 'running'")


def referee_link(director: Page, number: int) -> str:
    link = director.get_by_test_id(f"table-link-{number}").get_attribute("href")
    assert link and f"/table/{number}/" in link
    return link


def table_now(page: Page, match: str) -> None:
    """Wait until the table page referees ``match``."""
    page.wait_for_function(f"() => {{ const s = window.bola8.screen; return s && s.tournament && s.tournament.match === '{match}' "
                           f"&& s.tournament.phase === 'refereeing' && s.view && s.view.tournament.match === '{match}'; }}")


def open_officials(page: Page) -> None:
    """The officials' buttons shown: their box opened unless the page kept it open (it may, across a redraw)."""
    officials = page.get_by_test_id("officials")
    if not officials.evaluate("(box) => box.open"):
        officials.locator("summary").click()
    expect(page.get_by_test_id("forfeit-0")).to_be_visible()


def forfeit_rack(page: Page, loser_seat: int) -> None:
    """``loser_seat`` forfeits the rack, entered through the officials' box and confirmed."""
    open_officials(page)
    page.get_by_test_id(f"forfeit-{loser_seat}").click()
    page.get_by_test_id("forfeit-dialog").get_by_test_id("dialog-yes").click()


def forfeit_match(page: Page, loser_seat: int) -> None:
    """The lag (the first player wins it and breaks), then the other's forfeit of the rack: a race to 1 ends."""
    page.get_by_test_id("lag-go").click()
    page.get_by_test_id("judge").wait_for()
    forfeit_rack(page, loser_seat)
    page.get_by_test_id("match-summary").wait_for()


def status_of(page: Page, match: str) -> str | None:
    return page.get_by_test_id(f"match-{match}").get_attribute("data-status")


@pytest.mark.slow
def test_a_club_tournament_from_the_first_click_to_its_champion(browser: Browser, server: str) -> None:
    found: list[str] = []                  # axe-core's serious violations and the keyboard's missed controls
    with page_of(browser, server, "desktop") as director, page_of(browser, server, "phone") as phone, \
            page_of(browser, server, "desktop", "en") as spectator:
        # the director makes the tournament with three names, enters the fourth, and draws it
        tid = create(director, "Open de otoño", "Ana\nLuis\nMarta", tables=2)
        director.get_by_test_id("add-name").fill("Pablo")
        director.get_by_test_id("add-go").click()
        expect(director.get_by_test_id("player-3")).to_contain_text("Pablo")
        start(director)
        # seeds in the order entered: the semi-finals are 1-4 and 2-3, one at each table
        expect(director.get_by_test_id("table-now-1")).to_contain_text("Semifinal · Ana – Pablo, a 1")
        expect(director.get_by_test_id("table-now-2")).to_contain_text("Semifinal · Luis – Marta, a 1")
        qr = director.get_by_test_id("qr-1")
        assert (qr.get_attribute("src") or "").startswith("/api/qr?text=")
        director.wait_for_function("() => document.querySelector('[data-testid=qr-1]')?.naturalWidth > 0")
        expect(director.get_by_test_id("next-m3")).to_contain_text("Ganador de m1 – Ganador de m2")
        serious(director, "director's page", found)
        found += [f"director's page: {m}" for m in unreached(director)]

        # the spectator's page, in English: the bracket drawn, the final waiting for both semi-finals
        spectator.goto(f"/#/tournament/{tid}")
        spectator.get_by_test_id("bracket").wait_for()
        expect(spectator.get_by_test_id("slot-m3-0")).to_have_text(re.compile("Winner of m1"))
        assert status_of(spectator, "m1") == "ready" and status_of(spectator, "m3") == "waiting"
        serious(spectator, "live page", found)
        found += [f"live page: {m}" for m in unreached(spectator)]

        # table 1's QR code on the referee's phone: the token is kept there and leaves the address bar
        link1 = referee_link(director, 1)
        phone.clock.install()        # its time flows as the real one until the test moves it on (below)
        phone.goto(link1)
        table_now(phone, "m1")
        assert phone.url.endswith(f"#/tournament/{tid}/table/1")
        kept = json.loads(phone.evaluate("() => localStorage.getItem('bola8.tournament-tables')"))
        assert kept[f"{tid}/1"] == link1.rsplit("/", 1)[1]
        expect(phone.get_by_test_id("table-line")).to_have_text("Mesa 1 · Semifinal · Ana – Pablo, a 1")
        serious(phone, "a table's page", found)
        # the lag entered at the table: the spectator sees the rack in play, from the table's own feed
        phone.get_by_test_id("lag-go").click()
        expect(spectator.get_by_test_id("rack-m1")).to_have_text("Game 1 · Ana shoots")
        forfeit_rack(phone, 1)
        # Ana wins the race to 1: the phone says so and waits; the bracket has moved by itself
        expect(phone.get_by_test_id("table-notice")).to_contain_text("Encuentro terminado: Ana gana 1–0")
        expect(phone.get_by_test_id("table-notice")).to_contain_text("Esperando el siguiente encuentro de esta mesa")
        serious(phone, "a table's page, its match over", found)
        expect(spectator.get_by_test_id("match-m1")).to_have_attribute("data-status", "over")
        expect(spectator.get_by_test_id("slot-m3-0")).to_have_text(re.compile("Ana"))
        expect(director.get_by_test_id("table-now-1")).to_contain_text("Libre")

        # table 2, on the same phone: Marta wins; the final goes to table 1, whose page opens it by itself
        # (once the end of its last match has been shown its few seconds)
        waiting = phone
        phone2 = phone.context.new_page()
        phone2.goto(referee_link(director, 2))
        table_now(phone2, "m2")
        forfeit_match(phone2, loser_seat=0)
        expect(phone2.get_by_test_id("table-notice")).to_contain_text("Marta gana 1–0")
        # the seconds a table's page shows a match's end before it opens the next: run, not waited for
        shown_for = waiting.evaluate("async () => (await import('/js/tournament/table.js')).NEXT_DELAY_S")
        waiting.clock.run_for(shown_for * 1000)
        table_now(waiting, "m3")
        expect(waiting.get_by_test_id("table-line")).to_have_text("Mesa 1 · Final · Ana – Marta, a 1")
        expect(director.get_by_test_id("table-now-1")).to_contain_text("Final · Ana – Marta, a 1")
        expect(spectator.get_by_test_id("match-m3")).to_have_attribute("data-status", "ready")

        # the final, refereed on the page that waited: Ana is the champion on every page
        forfeit_match(waiting, loser_seat=1)
        expect(waiting.get_by_test_id("table-notice")).to_contain_text("Campeón: Ana")
        expect(spectator.get_by_test_id("tour-champion")).to_have_text(re.compile("Champion: Ana"))
        expect(spectator.get_by_test_id("match-m3")).to_have_attribute("data-status", "over")
        first = spectator.get_by_test_id("standings").locator("tbody tr").first
        expect(first.locator("td").first).to_have_text("1")
        expect(first.locator("th")).to_have_text("Ana")
        expect(director.get_by_test_id("tour-champion")).to_have_text(re.compile("Campeón: Ana"))
        # the players' figures, read from the records when opened (racks given up without a shot count none)
        spectator.get_by_test_id("stats-summary").click()
        expect(spectator.get_by_test_id("stats-table").locator("tbody tr")).to_have_count(4)
        serious(spectator, "live page, the champion and the statistics", found)
        assert not found, "\n".join(found)

        # the export the director's link downloads: Ana first, every player a row
        href = director.get_by_test_id("export-csv").get_attribute("href")
        with urllib.request.urlopen(server + str(href)) as answer:
            rows = list(csv.DictReader(io.StringIO(answer.read().decode())))
        assert [row["name"] for row in rows][0] == "Ana" and len(rows) == 4
        phone2.close()


def api(server: str, method: str, path: str, body: Any = None) -> Any:
    request = urllib.request.Request(server + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


@pytest.mark.slow
def test_the_directors_tools_entries_a_moved_match_the_next_match_at_a_table_and_a_disqualification(
        browser: Browser, server: str) -> None:
    nuria = api(server, "POST", "/api/profiles", {"name": "Nuria"})["id"]
    with page_of(browser, server, "desktop") as director, page_of(browser, server, "phone") as phone:
        found: list[str] = []
        tid = create(director, "Liga de invierno", "Ana\nLuis\nMarta\nZoe", tables=3, found=found)
        # Zoe withdrawn; Pablo and a profile (by its link, its own name used) pasted as a list
        director.get_by_test_id("withdraw-3").click()
        expect(director.get_by_test_id("player-list").locator("li")).to_have_count(3)
        director.get_by_test_id("paste").locator("summary").click()
        serious(director, "the list to paste", found)
        director.get_by_test_id("paste-players").fill(f"Pablo\n{server}/#/profile/{nuria}")
        director.get_by_test_id("paste-go").click()
        expect(director.get_by_test_id("player-4")).to_contain_text("Nuria")
        # a line naming a profile that does not exist: the server's sentence, and nothing entered
        director.get_by_test_id("paste-players").fill("Rosa\np_nobody")
        director.get_by_test_id("paste-go").click()
        expect(director.get_by_test_id("toast-error").first).to_contain_text("Línea 2")
        expect(director.get_by_test_id("player-list").locator("li")).to_have_count(5)
        start(director)
        # five players: seeds 1-3 wait a round (byes), 4-5 play at table 1, 2-3 at table 2; table 3 free
        expect(director.get_by_test_id("table-now-1")).to_contain_text("Pablo – Nuria")
        expect(director.get_by_test_id("table-now-2")).to_contain_text("Luis – Marta")
        expect(director.get_by_test_id("table-now-3")).to_contain_text("Libre")
        expect(director.get_by_test_id("bye-0")).to_contain_text("Ana")
        # Luis - Marta moved to table 3 before anything was entered at table 2: table 2's phone lets it go
        table2 = phone.context.new_page()
        table2.goto(referee_link(director, 2))
        table_now(table2, "m3")
        director.get_by_test_id("move-to-2").select_option("3")
        director.get_by_test_id("move-2").click()
        expect(director.get_by_test_id("table-now-3")).to_contain_text("Luis – Marta")
        expect(director.get_by_test_id("table-now-2")).to_contain_text("Libre")
        expect(table2.get_by_test_id("table-note")).to_have_text("El director ha llevado Semifinal · Luis – Marta, a 1 a la mesa 3.")
        expect(table2.get_by_test_id("table-waiting")).to_contain_text("Esperando el siguiente encuentro de esta mesa")
        table3 = table2
        table3.goto(referee_link(director, 3))
        table_now(table3, "m3")

        # table 1: Pablo beats Nuria; Ana - Pablo is ready and comes to table 1 at once, so the phone
        # shows the end with the next match about to open (time to stay and undo), and opens it on request
        phone.goto(referee_link(director, 1))
        table_now(phone, "m1")
        forfeit_match(phone, loser_seat=1)
        expect(phone.get_by_test_id("table-notice")).to_contain_text("Siguiente en esta mesa: Semifinal · Ana – Pablo, a 1")
        countdown = phone.get_by_test_id("next-countdown")
        expect(countdown).to_be_visible()
        serious(phone, "a table's page, the next match announced", found)
        phone.get_by_test_id("next-open").click()
        table_now(phone, "m2")
        expect(phone.get_by_test_id("table-line")).to_have_text("Mesa 1 · Semifinal · Ana – Pablo, a 1")

        # Art. 22: Marta disqualified, with the reason; her match is forfeited to Luis
        director.get_by_test_id("dq-player").select_option(label="Marta")
        director.get_by_test_id("dq-reason").fill("Conducta antideportiva")
        director.get_by_test_id("dq-go").click()
        expect(director.get_by_test_id("dq-dialog")).to_contain_text("Conducta antideportiva")
        serious(director, "the disqualification's dialog", found)
        director.get_by_test_id("dq-dialog").get_by_test_id("dialog-yes").click()
        expect(director.get_by_test_id("player-2")).to_contain_text("descalificado: Conducta antideportiva")
        expect(director.get_by_test_id("match-m3")).to_have_attribute("data-status", "over")
        expect(director.get_by_test_id("slot-m4-1")).to_have_text(re.compile("Luis"))
        # ... and her table's phone shows the match ended there too, by the director's decision
        expect(table3.get_by_test_id("table-notice")).to_contain_text("Luis gana por descalificación del rival")
        expect(table3.get_by_test_id("match-summary")).to_contain_text("Marta: descalificado (Art. 22)")
        table3.close()

        # the club's screen: big numbers for the match at table 1, nothing to press
        director.goto(f"/#/tournament/{tid}/screen")
        expect(director.get_by_test_id("now-m2")).to_contain_text("Mesa 1")
        assert director.locator("main button, main input, main select").count() == 0
        assert not director.get_by_test_id("lang-es").is_visible()
        serious(director, "the club's screen", found)
        director.keyboard.press("Escape")
        director.wait_for_url(f"**/#/tournament/{tid}")
        assert not found, "\n".join(found)


@pytest.mark.slow
def test_a_wrong_last_entry_undone_at_the_table_takes_the_result_back_on_every_page(browser: Browser, server: str) -> None:
    """The referee gives the final's rack to the wrong player: the match is over and Ana the champion on
    the spectator's page; the table's undo takes that ruling back, the match is in play again on every page
    (no champion), and the right entry makes Luis the champion."""
    made = api(server, "POST", "/api/tournaments", {"name": "Final", "format": "single_elimination", "race": 1,
                                                     "tables": 1, "players": ["Ana", "Luis"], "seeding": "given"})
    tid, token = made["id"], made["token"]
    call(server, f"/api/tournaments/{tid}/start", {}, token)
    request = urllib.request.Request(f"{server}/api/tournaments/{tid}/tables", headers=bearer(token))
    with urllib.request.urlopen(request) as answer:
        table_token = json.loads(answer.read())["tables"][0]["token"]
    with page_of(browser, server, "phone") as phone, page_of(browser, server, "desktop") as spectator:
        spectator.goto(f"/#/tournament/{tid}")
        spectator.get_by_test_id("bracket").wait_for()
        phone.goto(f"/#/tournament/{tid}/table/1/{table_token}")
        table_now(phone, "m1")
        forfeit_match(phone, loser_seat=1)
        expect(phone.get_by_test_id("table-notice")).to_contain_text("Encuentro terminado: Ana gana 1–0")
        expect(spectator.get_by_test_id("tour-champion")).to_contain_text("Ana")
        # the table's undo: the forfeit taken back, the result with it
        phone.get_by_test_id("undo").click()
        phone.get_by_test_id("undo-dialog").get_by_test_id("dialog-undo").click()
        expect(spectator.get_by_test_id("match-m1")).to_have_attribute("data-status", "playing")
        expect(spectator.get_by_test_id("tour-champion")).to_have_count(0)
        phone.wait_for_function("() => window.bola8.screen.tournament.phase === 'refereeing'")
        expect(phone.get_by_test_id("table-notice")).to_have_text("")
        expect(phone.get_by_test_id("table-line")).to_have_text("Mesa 1 · Final · Ana – Luis, a 1")
        # the right entry: Luis wins the final
        forfeit_rack(phone, 0)
        expect(phone.get_by_test_id("table-notice")).to_contain_text("Luis gana 1–0")
        expect(spectator.get_by_test_id("tour-champion")).to_contain_text("Luis")


@pytest.mark.slow
def test_an_online_tournament_each_player_takes_his_seat_from_the_live_page(browser: Browser, server: str) -> None:
    """Two profiles, each held by its own browser: on the tournament's live page each takes his own seat
    of the match's game (and is then offered the way back to it); the game played out makes its winner
    the champion on both pages."""
    made = [api(server, "POST", "/api/profiles", {"name": name}) for name in ("Ana", "Luis")]
    players = [{"name": p["profile"]["name"], "profile": p["id"]} for p in made]
    created = api(server, "POST", "/api/tournaments", {"name": "En línea", "format": "single_elimination", "race": 1,
                                                        "players": players, "play": "online", "seeding": "given"})
    tid, token = created["id"], created["token"]
    game = call(server, f"/api/tournaments/{tid}/start", {}, token)["matches"][0]["game"]
    seats: dict[int, str] = {}
    with page_of(browser, server, "desktop") as ana, page_of(browser, server, "phone", "en") as luis:
        for page, profile in ((ana, made[0]), (luis, made[1])):
            page.goto("/")
            page.evaluate("(p) => localStorage.setItem('bola8.profile', JSON.stringify(p))",
                          {"id": profile["id"], "token": profile["token"], "name": profile["profile"]["name"]})
            page.goto(f"/#/tournament/{tid}")
            page.get_by_test_id("now-m1").wait_for()
            page.get_by_test_id("sit-m1").click()
            page.wait_for_url(f"**/#/game/{game}")
            kept = json.loads(page.evaluate("() => localStorage.getItem('bola8.seats')"))[game]
            assert len(kept) == 1
            seats[kept[0]["seat"]] = kept[0]["token"]
            # back on the live page: the way back to his own seat, no second one offered
            page.goto(f"/#/tournament/{tid}")
            page.get_by_test_id("my-match-m1").wait_for()
            expect(page.get_by_test_id("sit-m1")).to_have_count(0)
        assert sorted(seats) == [0, 1]
        for seat, speed in ((0, 2.4), (1, 2.6)):
            call(server, f"/api/games/{game}/lag", {"speed": speed}, seats[seat])
        to_act = api(server, "GET", f"/api/games/{game}")["to_act"]["seat"]
        call(server, f"/api/games/{game}/declare", {"what": "forfeit"}, seats[to_act])
        winner = ("Ana", "Luis")[1 - to_act]
        expect(ana.get_by_test_id("tour-champion")).to_contain_text(winner)
        expect(luis.get_by_test_id("tour-champion")).to_contain_text(winner)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}


def call(server: str, path: str, body: Any, token: str) -> Any:
    request = urllib.request.Request(server + path, method="POST", data=json.dumps(body).encode(), headers=bearer(token))
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


@pytest.fixture
def sized(browser: Browser, server: str) -> Iterator[Page]:
    with page_of(browser, server, "phone", "en") as page:
        yield page


def unreached(page: Page) -> list[str]:
    """The controls the Tab key never reaches (the marks of an earlier look at this page wiped first)."""
    page.evaluate("() => document.querySelectorAll('[data-control]').forEach((e) => { delete e.dataset.control; })")
    return reachable(page)


@pytest.mark.slow
def test_the_tournament_pages_pass_axe_and_the_keyboard_reaches_every_control(sized: Page, server: str) -> None:
    """On a phone in English (the flows above check the desktop in Spanish): axe-core finds no serious or
    critical violation on any tournament page or state, and the Tab key reaches every control of the
    forms, the director's page and the live page."""
    page, found, missing = sized, [], []
    made = api(server, "POST", "/api/tournaments", {"name": "Open", "format": "single_elimination", "race": 1, "tables": 1,
                                                     "players": ["Ana", "Luis", "Marta", "Pablo"], "seeding": "given"})
    tid, token = made["id"], made["token"]
    page.goto(f"/#/tournament/{tid}/direct/{token}")             # the director's link: kept, then out of the address bar
    page.get_by_test_id("director").wait_for()
    assert page.url.endswith(f"#/tournament/{tid}/direct")
    serious(page, "director (entries open)", found)
    missing += [f"director (open): {m}" for m in unreached(page)]
    page.get_by_test_id("tour-start").click()
    serious(page, "start dialog", found)
    page.get_by_test_id("start-dialog").get_by_test_id("dialog-yes").click()
    page.wait_for_function("() => window.bola8.screen.tour.status === 'running'")
    serious(page, "director (running)", found)
    missing += [f"director (running): {m}" for m in unreached(page)]
    page.get_by_test_id("dq-player").select_option("3")
    page.get_by_test_id("dq-reason").fill("No se presentó")
    page.get_by_test_id("dq-go").click()
    serious(page, "disqualification dialog", found)
    page.get_by_test_id("dq-dialog").get_by_test_id("dialog-null").click()
    link = referee_link(page, 1)

    page.goto("/#/tournament")
    page.get_by_test_id("tour-new").wait_for()
    serious(page, "new tournament", found)
    missing += [f"new tournament: {m}" for m in unreached(page)]
    page.goto(f"/#/tournament/{tid}")
    page.get_by_test_id("bracket").wait_for()
    serious(page, "live page", found)
    missing += [f"live page: {m}" for m in unreached(page)]
    page.goto(f"/#/tournament/{tid}/screen")
    page.get_by_test_id("bracket").wait_for()
    serious(page, "big screen", found)

    # a table number's phone: the match in play, then its end with the next match announced
    page.goto(link)
    table_now(page, "m1")
    serious(page, "table (refereeing)", found)
    table = page.evaluate("() => window.bola8.screen.view.id")
    call(server, f"/api/tables/{table}/lag", {"winner": 0}, link.rsplit("/", 1)[1])
    call(server, f"/api/tables/{table}/declare", {"what": "forfeit", "player": 1}, link.rsplit("/", 1)[1])
    page.get_by_test_id("next-countdown").wait_for()
    serious(page, "table (the end, the next match announced)", found)
    page.get_by_test_id("next-stay").click()
    expect(page.get_by_test_id("next-countdown")).to_have_count(0)
    page.goto(f"/#/tournament/{tid}/table/9")
    page.get_by_test_id("screen-error").wait_for()
    assert not found, "\n".join(found)
    assert not missing, "\n".join(missing)


def drawn(n: int, fmt: str) -> dict[str, Any]:
    """TOURNAMENT of ``n`` players just drawn (seeds in the order entered), from the library itself."""
    from bola8.competition import Tournament

    names = [f"P{i + 1}" for i in range(n)]
    made = Tournament.create({"name": "Open", "format": fmt, "race": 1, "players": names, "seeding": "given"})
    view: dict[str, Any] = made.apply({"type": "start"}).to_dict("c_test")
    return view


DRAWS = [(4, "single_elimination"), (5, "single_elimination"), (13, "single_elimination"), (16, "single_elimination"),
         (6, "double_elimination"), (8, "double_elimination")]


def test_the_bracket_is_drawn_from_its_links_with_no_box_over_another(page: Page) -> None:
    """bracket.js's layout of real draws: every match placed once, byes drawn as the seeds who wait, no
    two boxes of a column overlapping, each match halfway between the two boxes that feed it, each
    round a column after the one before, the grand final after both brackets."""
    page.goto("/")
    ready(page)
    for n, fmt in DRAWS:
        tour = drawn(n, fmt)
        plan = page.evaluate("""async (tour) => {
            const m = await import('/js/tournament/bracket.js');
            return { boxes: m.layout(tour).boxes, boxH: m.BOX_H };
        }""", tour)
        check_layout(tour, plan["boxes"], plan["boxH"], n, fmt)


def check_layout(tour: dict[str, Any], boxes: list[dict[str, Any]], box_h: float, n: int, fmt: str) -> None:
    matches = {m["id"]: m for m in tour["matches"]}
    placed = {b["id"]: b for b in boxes if b["kind"] == "match"}
    assert sorted(placed) == sorted(matches) and len(placed) == len([b for b in boxes if b["kind"] == "match"])
    size = 1 << (n - 1).bit_length()
    assert len([b for b in boxes if b["kind"] == "bye"]) == size - n, (n, fmt)
    for a in boxes:
        for b in boxes:
            if a is not b and a["col"] == b["col"]:
                assert abs(a["center"] - b["center"]) >= box_h, (n, fmt, a, b)
    for box in placed.values():
        match = matches[box["id"]]
        if match["bracket"] != "grand_final":
            assert box["col"] == match["round"] - 1
        feeders = [placed[f["winner"]]["center"] for f in match["from"]
                   if f.get("winner") and matches[f["winner"]]["bracket"] == match["bracket"]]
        feeders += [b["center"] for b in boxes if b["kind"] == "bye" and b["to"]["match"] == match["id"]]
        if len(feeders) == 2:
            assert box["center"] == pytest.approx(sum(feeders) / 2)
        nxt = match["next"]["winner"]
        if nxt:
            assert placed[nxt["match"]]["col"] > box["col"]
    if fmt == "double_elimination":
        final = [b for b in placed.values() if matches[b["id"]]["bracket"] == "grand_final"]
        assert final and all(b["col"] > max(x["col"] for x in placed.values() if x not in final) for b in final)


def test_a_round_robin_shows_its_table_of_standings_as_results_come_in(page: Page, server: str) -> None:
    """Three players, one table: each round's matches with who rests, and the standings moved by each
    result entered at the table (through its API here), the champion first when it is over."""
    made = api(server, "POST", "/api/tournaments", {"name": "Liguilla", "format": "round_robin", "race": 1, "tables": 1,
                                                     "players": ["Ana", "Luis", "Marta"], "seeding": "given"})
    tid, token = made["id"], made["token"]
    call(server, f"/api/tournaments/{tid}/start", {}, token)
    request = urllib.request.Request(f"{server}/api/tournaments/{tid}/tables", headers=bearer(token))
    with urllib.request.urlopen(request) as answer:
        table_token = json.loads(answer.read())["tables"][0]["token"]
    page.goto(f"/#/tournament/{tid}")
    page.get_by_test_id("standings").wait_for()
    expect(page.locator(".rr-round").first).to_contain_text("Descansa:")
    found: list[str] = []
    serious(page, "round robin", found)
    for played in range(1, 4):
        view = api(server, "GET", f"/api/tournaments/{tid}")
        table = view["tables"][0]["table"]
        call(server, f"/api/tables/{table}/lag", {"winner": 0}, table_token)
        # the break makes a ball (the breaker stays at the table), then the other gives the rack up
        call(server, f"/api/tables/{table}/shot", {"call": None, "first_contact": 1, "off_table": [],
                                                   "pocketed": [{"ball": 3, "pocket": "foot-left"}],
                                                   "rail_after_contact": True, "object_balls_to_rail": 4,
                                                   "referee_fouls": []}, table_token)
        call(server, f"/api/tables/{table}/declare", {"what": "forfeit", "player": 1}, table_token)
        # the page follows: as many matches over as results entered
        expect(page.locator("[data-status=over]")).to_have_count(played)
    view = api(server, "GET", f"/api/tournaments/{tid}")
    best = view["players"][view["standings"][0]["player"]]["name"]
    expect(page.get_by_test_id("tour-champion")).to_contain_text(best)
    expect(page.get_by_test_id("standings").locator("tbody tr").first.locator("th")).to_have_text(best)
    # each player's figures as the export computes them from the records: two racks each, one broken
    # and a ball made on its break
    page.get_by_test_id("stats-summary").click()
    stats = api(server, "GET", f"/api/tournaments/{tid}/export.json")["statistics"]
    assert [(s["racks"], s["breaks"], s["breaks_made"]) for s in stats] == [(2, 1, 1)] * 3
    for s in stats:
        cells = page.get_by_test_id(f"stats-{s['player']}").locator("td")
        expect(cells.nth(0)).to_have_text("2")
        expect(cells.nth(3)).to_have_text("1/1 · 100 %")
    serious(page, "round robin, the statistics", found)
    assert not found, "\n".join(found)
