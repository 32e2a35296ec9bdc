"""Playing together in Chromium: two devices (two browser contexts, each with its own storage, as two
people's phones and computers), each acting only for its own seat, through the pages only.

What the server decides (who may take a seat, presence, proposals, ratings) is tested in
tests/server/test_together.py; these tests prove the pages carry it: the invitation's link and QR
code, the friend's seat taken from the link, each device drawing the other's strokes as they come,
a device closed and opened again finding its seat, a stalemate proposed on one device and declined
on the other, a rated match from the lobby ending on the leaderboard and the profiles' pages."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import unquote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e import driver as d
from tests.e2e.conftest import POOL
from test_accessibility import reachable, serious
from test_browser_play import take_turn

PENDING: dict[int, dict[int, tuple[float, str]]] = {}
MAX_TURNS = 24        # actions of the two devices before a test gives up on what it waits for


# strokes drawn at 4x unless a test asks another speed: each device sees the other's animated, without a
# test waiting for 1x; "0" (the app's instant) where no stroke is watched
SPEED = "localStorage.getItem('bola8.speed') || localStorage.setItem('bola8.speed', '{}');"


class Device:
    """One person's browser: its storage (seat tokens, profile) outlives the pages opened in it."""

    def __init__(self, context: BrowserContext):
        self.context = context
        self.errors: list[str] = []
        self.page = self.open()

    def open(self) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        pending = PENDING.setdefault(id(page), {})
        page.on("request", lambda r: pending.__setitem__(id(r), (time.monotonic(), r.url)))
        page.on("requestfinished", lambda r: pending.pop(id(r), None))
        page.on("requestfailed", lambda r: pending.__setitem__(id(r), (time.monotonic(), "FAILED " + r.url)))
        return page


@pytest.fixture
def devices(browser: Browser, server: str) -> Iterator[Callable[..., Device]]:
    """Devices, each its own browser context (ContextPool: none holds another test's state)."""
    made: list[Device] = []
    with contextlib.ExitStack() as lent:
        def device(size: str = "desktop", lang: str = "es", speed: str = "4") -> Device:
            made.append(Device(lent.enter_context(POOL.lend(browser, server, size, lang, SPEED.format(speed)))))
            return made[-1]

        yield device
    errors = [e for one in made for e in one.errors]
    assert not errors, f"JavaScript errors on the pages: {errors}"


def make_profile(page: Page, name: str) -> str:
    """From the home page's box: a name, "make my profile"; the profile's id."""
    page.goto("/")
    page.get_by_test_id("profile-name").fill(name)
    page.get_by_test_id("profile-make").click()
    expect(page.get_by_test_id("go-profile")).to_contain_text(name)
    profile: dict[str, str] = page.evaluate("() => JSON.parse(localStorage.getItem('bola8.profile'))")
    assert set(profile) == {"id", "token", "name"} and profile["name"] == name
    return profile["id"]


def invite(page: Page, name: str | None, race: int, public: bool = False, rated: bool = False) -> tuple[str, str]:
    """From the home page, "play a friend": the invitation made, its waiting screen shown; its link and the
    game's id."""
    page.goto("/?seed=5")
    page.get_by_test_id("go-friend").click()
    if name is not None:
        page.get_by_test_id("friend-name").fill(name)
    page.get_by_test_id("friend-race").fill(str(race))
    page.get_by_test_id("friend-table").select_option("7ft")
    if public:
        page.get_by_test_id("friend-public").check()
    if rated:
        page.get_by_test_id("friend-rated").check()
    page.get_by_test_id("friend-make").click()
    page.wait_for_url("**#/invite/*")
    link = page.get_by_test_id("invite-link").input_value()
    game = page.url.rsplit("/", 1)[1]
    return link, game


def path_of(link: str) -> str:
    """The link without its origin (the devices' base URL is the server's)."""
    return "/" + link.split("/", 3)[3]


def seat_to_act(page: Page, game: str) -> dict[str, Any] | None:
    """Who the server asks now (to_act), read as any spectator may."""
    view: dict[str, Any] = page.evaluate(f"async () => (await (await fetch('/api/games/{game}')).json())")
    return view["to_act"]


def on_game(page: Page, game: str) -> None:
    page.wait_for_url(f"**#/game/{game}")
    page.wait_for_function("() => window.bola8 && window.bola8.ready && window.bola8.screen && window.bola8.screen.view")


def act(page: Page, seen: set[str]) -> str:
    """``take_turn`` on a device, returning once the server has taken the action (the page holds a newer
    view), so that who acts next is read after it; when it waits in vain, what that page was doing."""
    try:
        before = d.screen(page, "s.view.actions")
        kind = take_turn(page, seen)
        page.wait_for_function(f"() => window.bola8.screen.view.actions > {before}")
        return kind
    except PlaywrightTimeout as error:
        state = page.evaluate("() => { const s = window.bola8.screen; return s && {mode: s.mode, busy: s.busy, "
                              "animating: s.animating, actions: s.view.actions, to_act: s.view.to_act, views: s.views, "
                              "transitions: s.transitions.slice(-6), dialogs: [...document.querySelectorAll('dialog')]"
                              ".map((x) => x.dataset.testid), invite_open: s.view.invite_open, hash: location.hash, "
                              "seats: localStorage.getItem('bola8.seats'), players: s.view.players}; }")
        now = time.monotonic()
        open_ = [(round(now - t0, 1), url) for t0, url in PENDING.get(id(page), {}).values()]
        raise AssertionError(f"the page never asked its seat: {state}; requests not finished: {open_}") from error


def presence(page: Page, text: str) -> None:
    try:
        expect(page.get_by_test_id("presence")).to_have_text(text)
    except AssertionError:
        print("DEBUG", page.evaluate("async () => (await (await fetch('/api/games/' + window.bola8.screen.view.id)).json()).players"))
        print("DEBUG page", d.screen(page, "s.view.players"), d.screen(page, "s.views"))
        raise


@pytest.mark.slow
def test_two_devices_invite_join_play_leave_come_back_and_decline_a_stalemate(devices: Callable[..., Device]) -> None:
    # two computers (the driver aims with the desktop's controls); the phone's size is the other test's
    ana, luis = devices("desktop", "es"), devices("desktop", "en")
    link, game = invite(ana.page, "Ana", race=3)
    # the link to share, and the same link as a QR code the server draws (an image of this origin)
    code = re.fullmatch(r"http://127\.0\.0\.1:\d+/#/join/(g_[\w-]+)/([\w-]+)", link)
    assert code is not None and code.group(1) == game, link
    src = ana.page.get_by_test_id("invite-qr").get_attribute("src") or ""
    assert src.startswith("/api/qr?text=") and unquote(src.split("=", 1)[1]) == link, src
    ana.page.wait_for_function("() => document.querySelector('[data-testid=invite-qr]')?.naturalWidth > 0")
    expect(ana.page.get_by_test_id("invite-status")).to_have_text("Esperando a su amigo…")

    # a wrong code is refused in the server's one sentence, in the friend's language
    luis.page.goto(f"/#/join/{game}/wrongcode")
    expect(luis.page.get_by_test_id("join")).to_contain_text("Ana invites you to play")
    luis.page.get_by_test_id("join-name").fill("Luis")
    luis.page.get_by_test_id("join-sit").click()
    expect(luis.page.get_by_test_id("join-error")).to_have_text("invite: this is not the invitation's code.")
    # the link itself: a name, and the seat; both devices go to the game
    luis.page.goto(path_of(link))
    expect(luis.page.get_by_test_id("join-error")).to_have_text("")       # the join screen drawn again
    luis.page.get_by_test_id("join-name").fill("Luis")
    luis.page.get_by_test_id("join-sit").click()
    on_game(luis.page, game)
    on_game(ana.page, game)
    presence(ana.page, "Luis está en línea")
    presence(luis.page, "Ana is online")
    expect(ana.page.get_by_test_id("presence-1")).to_have_class(re.compile(r"\bon\b"))
    # a third person opening the link later finds the seats taken
    late = devices("phone", "es")
    late.page.goto(path_of(link))
    expect(late.page.get_by_test_id("join-closed")).to_have_text("Los dos asientos de esta partida ya están ocupados.")

    # play alternately, each device for its own seat, until both seats have shot
    pages = {0: ana.page, 1: luis.page}
    seen: set[str] = set()
    drawn: dict[int, list[int]] = {0: [], 1: []}      # strokes of the other seat each device animated
    for _ in range(MAX_TURNS):
        if {"shot:0", "shot:1"} <= seen:
            break
        now = seat_to_act(ana.page, game)
        assert now is not None, "the match ended before both seats shot"
        seat = now["seat"]
        before = d.screen(pages[seat], "s.view.shot_count")
        act(pages[seat], seen)
        after = d.screen(pages[seat], "s.view.shot_count")
        if after > before:
            # the other device draws that stroke as it comes: its strip names it while the balls roll
            other = pages[1 - seat]
            other.wait_for_function(f"() => window.bola8.screen.shown >= {after}", timeout=30_000)
            shown = d.screen(other, "s.banners")
            assert {"kind": "stroke", "n": after} in shown, shown
            drawn[1 - seat].append(after)
    assert {"lag", "shot:0", "shot:1"} <= seen, seen
    assert drawn[0] and drawn[1], drawn
    # each device holds its own seat's token only: it cannot act for the other (the server refuses)
    for seat, page in pages.items():
        held = page.evaluate(f"() => JSON.parse(localStorage.getItem('bola8.seats'))['{game}'].map((s) => s.seat)")
        assert held == [seat], (seat, held)

    # Luis closes his page (the tab, or the network gone): Ana sees she waits for him
    luis.page.close()
    presence(ana.page, "Esperando a Luis…")
    expect(ana.page.get_by_test_id("presence-1")).to_have_class(re.compile(r"\boff\b"))
    # he comes back from the same browser: "My games" has the game, and his seat is his again
    luis.page = luis.open()
    luis.page.goto("/")
    luis.page.get_by_test_id(f"my-{game}").get_by_role("link").click()
    on_game(luis.page, game)
    presence(ana.page, "Luis está en línea")
    presence(luis.page, "Ana is online")
    pages[1] = luis.page

    # a stalemate proposed by the seat to shoot, declined on the other device; play goes on
    for _ in range(MAX_TURNS):
        now = seat_to_act(ana.page, game)
        assert now is not None, "the match ended before a stalemate could be proposed"
        if now["action"] == "shot":
            break
        act(pages[now["seat"]], seen)
    seat = now["seat"]
    proposer, answerer = pages[seat], pages[1 - seat]
    d.wait_turn(proposer)
    proposer.get_by_test_id("declare-stalemate").click()
    expected = {0: "¿Proponer a Luis el juego empatado?", 1: "Propose a stalemate to Ana?"}[seat]
    expect(proposer.get_by_test_id("declare-dialog")).to_contain_text(expected)
    proposer.get_by_test_id("dialog-stalemate").click()
    dialog = answerer.get_by_test_id("proposal-dialog")
    expect(dialog).to_contain_text({0: "Ana proposes a stalemate", 1: "Luis propone el juego empatado"}[seat])
    expect(proposer.get_by_test_id("status")).to_contain_text({0: "Esperando la respuesta de Luis", 1: "Waiting for Ana's answer"}[seat])
    game_number = d.screen(proposer, "s.view.game_number")
    answerer.get_by_test_id("proposal-decline").click()
    expect(proposer.get_by_test_id("toast-info")).to_contain_text({0: "Luis no acepta las tablas", 1: "Ana declines the stalemate"}[seat])
    assert d.wait_turn(proposer) == "shot"
    assert d.screen(proposer, "s.view.proposal") is None and d.screen(proposer, "s.view.game_number") == game_number
    before = d.screen(proposer, "s.view.shot_count")
    act(proposer, seen)
    answerer.wait_for_function(f"() => window.bola8.screen.shown > {before}", timeout=30_000)


@pytest.mark.slow
def test_a_rated_match_from_the_lobby_ends_and_the_leaderboard_shows_both(devices: Callable[..., Device]) -> None:
    marta, pedro = devices("desktop", "es", "0"), devices("phone", "en", "0")     # only the lag is played
    marta_id = make_profile(marta.page, "Marta")
    pedro_id = make_profile(pedro.page, "Pedro")
    # Pedro watches the lobby while Marta makes a public, rated invitation: it appears there live
    pedro.page.get_by_test_id("go-lobby").click()
    expect(pedro.page.get_by_test_id("lobby")).to_be_visible()
    pedro.page.wait_for_function("() => window.bola8.screen && window.bola8.screen.games !== null")
    _, game = invite(marta.page, None, race=1, public=True, rated=True)
    entry = pedro.page.get_by_test_id(f"lobby-{game}")
    expect(entry).to_contain_text("Marta")
    expect(entry).to_contain_text("rated")
    expect(pedro.page.get_by_test_id(f"lobby-rating-{game}")).to_have_text(" · no rated match yet")
    pedro.page.get_by_test_id(f"lobby-join-{game}").click()      # one tap: a public invitation needs no code
    on_game(pedro.page, game)
    on_game(marta.page, game)
    view = d.screen(pedro.page, "s.view")
    assert view["rated"] and [p["profile"] for p in view["players"]] == [marta_id, pedro_id]
    # taken, it leaves the invitations for the matches being played: Pedro's own, anyone else's to watch
    pedro.page.goto("/#/lobby")
    expect(pedro.page.get_by_test_id(f"lobby-{game}")).to_have_count(0)
    expect(pedro.page.get_by_test_id(f"lobby-now-{game}")).to_contain_text("Marta – Pedro")
    expect(pedro.page.get_by_test_id(f"lobby-watch-{game}")).to_have_text("Your match")
    pedro.page.goto(f"/#/game/{game}")
    on_game(pedro.page, game)

    # the lag on each device, then the seat to shoot forfeits: a race to 1 is over
    pages = {0: marta.page, 1: pedro.page}
    seen: set[str] = set()
    for _ in range(MAX_TURNS):
        now = seat_to_act(marta.page, game)
        assert now is not None, "the match ended before anyone forfeited"
        if now["action"] in ("shot", "place"):
            break
        act(pages[now["seat"]], seen)
    loser = now["seat"]
    d.wait_turn(pages[loser])
    pages[loser].get_by_test_id("declare-forfeit").click()
    pages[loser].get_by_test_id("dialog-forfeit").click()
    for page in pages.values():
        page.wait_for_function("() => window.bola8.screen.mode === 'over'", timeout=30_000)
    winner_id, loser_id = ([marta_id, pedro_id][1 - loser], [marta_id, pedro_id][loser])

    # the leaderboard: both, the winner first, each with a rating and its margin
    pedro.page.goto("/#/ratings")
    expect(pedro.page.get_by_test_id(f"rating-{loser_id}")).to_be_visible()
    rows = pedro.page.get_by_test_id("ratings").locator("tbody tr")
    ids = [r.get_attribute("data-testid") for r in rows.all()]
    assert ids.index(f"rating-{winner_id}") < ids.index(f"rating-{loser_id}"), ids
    for pid, name in ((marta_id, "Marta"), (pedro_id, "Pedro")):
        expect(pedro.page.get_by_test_id(f"rating-{pid}")).to_contain_text(name)
        expect(pedro.page.get_by_test_id(f"rating-{pid}")).to_contain_text(re.compile(r"\d{3,4} ± \d{2,3}"))
    expect(pedro.page.get_by_test_id(f"rating-{pedro_id}")).to_contain_text("(you)")
    # a profile by its link: the match ended, against whom, won or lost, rated; the statistics
    pedro.page.get_by_test_id(f"rating-{marta_id}").get_by_role("link").click()
    match = pedro.page.get_by_test_id(f"match-{game}")
    expect(match).to_contain_text("Pedro")
    expect(match).to_contain_text("lost" if loser == 0 else "won")
    expect(match).to_contain_text("rated")
    expect(pedro.page.get_by_test_id("profile-record")).to_have_text("Won: 0 · lost: 1" if loser == 0 else "Won: 1 · lost: 0")
    expect(pedro.page.get_by_test_id("profile-stats")).to_contain_text("Called balls made")
    expect(pedro.page.get_by_test_id("profile-playing")).to_contain_text("No game in play.")
    page_text = pedro.page.content()
    for device in (marta, pedro):        # a profile's token is never on any page
        token = device.page.evaluate("() => JSON.parse(localStorage.getItem('bola8.profile')).token")
        assert token not in page_text and token not in marta.page.content()


def test_a_rated_game_against_a_bot_from_the_home_page_plays_the_profile(devices: Callable[..., Device]) -> None:
    eva = devices("phone", "es")
    eva_id = make_profile(eva.page, "Eva")
    eva.page.goto("/")                 # the new-match form knows the profile now
    expect(eva.page.get_by_test_id("new-name-0")).to_have_value("Eva")
    eva.page.get_by_test_id("new-race").fill("1")
    eva.page.get_by_test_id("new-bot").select_option("bot:beginner")
    eva.page.get_by_test_id("new-rated").check()
    eva.page.get_by_test_id("new-start").click()
    eva.page.wait_for_url("**#/game/*")
    game = eva.page.url.rsplit("/", 1)[1]
    eva.page.wait_for_function("() => window.bola8.screen && window.bola8.screen.view")
    view = d.screen(eva.page, "s.view")
    assert view["rated"] and [p["profile"] for p in view["players"]] == [eva_id, "p_bot_beginner"]
    # her profile lists it among the games in play, to come back to her seat
    eva.page.goto(f"/#/profile/{eva_id}")
    expect(eva.page.get_by_test_id(f"playing-{game}")).to_contain_text("volver a su asiento")
    expect(eva.page.get_by_test_id("profile-name-shown")).to_contain_text("Eva · su perfil")


def tab_to(page: Page, testid: str) -> None:
    """Press Tab from where the focus is until the control ``testid`` has it (a person with a keyboard)."""
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.dataset.testid") == testid:
            return
    raise AssertionError(f"Tab never reaches {testid}")


def check(page: Page, where: str, found: list[str]) -> None:
    """axe-core's serious violations and the controls Tab never reaches, on the page as it stands."""
    serious(page, where, found)
    found += [f"{where}: not reached by Tab: {m}" for m in reachable(page)]


@pytest.mark.slow
def test_the_pages_by_keyboard_alone_and_accessible(devices: Callable[..., Device]) -> None:
    """Each page of playing together, as the app's other pages are checked (test_accessibility.py): no
    serious axe-core violation and every control reached by Tab - a desktop in Spanish, a phone in
    English; the invitation made and taken with the keyboard alone."""
    ana, luis = devices("desktop", "es"), devices("phone", "en")
    found: list[str] = []
    make_profile(luis.page, "Luis")
    ana.page.goto("/#/friend")
    expect(ana.page.get_by_test_id("friend-form")).to_be_visible()
    check(ana.page, "friend", found)
    # Tab from the top of the page reaches the name; the form is sent with Enter
    ana.page.locator("body").focus()
    tab_to(ana.page, "friend-name")
    ana.page.keyboard.type("Ana")
    tab_to(ana.page, "friend-public")
    ana.page.keyboard.press("Space")
    ana.page.keyboard.press("Enter")
    ana.page.wait_for_url("**#/invite/*")
    ana.page.wait_for_function("() => document.querySelector('[data-testid=invite-qr]')?.naturalWidth > 0")
    check(ana.page, "invitation", found)
    game = ana.page.url.rsplit("/", 1)[1]
    luis.page.goto("/#/lobby")
    expect(luis.page.get_by_test_id(f"lobby-{game}")).to_be_visible()
    check(luis.page, "lobby", found)
    luis.page.goto(path_of(ana.page.get_by_test_id("invite-link").input_value()))
    expect(luis.page.get_by_test_id("join-name")).to_have_value("Luis")       # his profile's name
    check(luis.page, "join", found)
    tab_to(luis.page, "join-sit")
    luis.page.keyboard.press("Enter")
    on_game(luis.page, game)
    on_game(ana.page, game)
    presence(luis.page, "Ana is online")
    check(luis.page, "game played apart", found)
    for path in ("/#/ratings", "/#/profile"):
        luis.page.goto(path)
        luis.page.wait_for_function("() => window.bola8 && window.bola8.ready && document.querySelector('h1')")
        assert luis.page.locator("h1").count() == 1, path
        check(luis.page, path, found)
    assert not found, "\n".join(found)


def test_presence_is_told_only_between_persons_apart(devices: Callable[..., Device]) -> None:
    """presence.js on the views the server sends: a player hears of the other, a spectator of both, and
    a hot-seat game or an invitation still open says nothing (one page holds both seats there)."""
    page = devices("desktop", "es").page
    page.goto("/")
    page.wait_for_function("() => window.bola8 && window.bola8.ready")

    def text(view: dict[str, Any], held: list[int]) -> str:
        result: str = page.evaluate("""async ([view, held]) => {
            const m = await import('/js/presence.js');
            return m.presenceText(view, (seat) => held.includes(seat)); }""", [view, held])
        return result

    players = [{"name": "Ana", "kind": "person", "connected": True}, {"name": "Luis", "kind": "person", "connected": False}]
    apart = {"invitation": True, "invite_open": False, "players": players}
    assert text(apart, [0]) == "Esperando a Luis…"
    assert text(apart, [1]) == "Ana está en línea"
    assert text(apart, []) == "Ana: en línea · Luis: sin conexión"
    assert text({**apart, "invitation": False}, [0, 1]) == "" and text({**apart, "invitation": False}, []) == ""
    assert text({**apart, "invite_open": True}, [0]) == ""


@pytest.mark.slow
def test_a_player_gone_while_the_match_waits_and_a_match_conceded(devices: Callable[..., Device]) -> None:
    """The match, not a rack: Luis's page closes when the lag is his - Ana is told how long until she may
    claim the match; he comes back, and Ana concedes the match from her device - both see who won and why."""
    ana, luis = devices("desktop", "es"), devices("desktop", "en")
    link, game = invite(ana.page, "Ana", race=2)
    luis.page.goto(path_of(link))
    luis.page.get_by_test_id("join-name").fill("Luis")
    luis.page.get_by_test_id("join-sit").click()
    on_game(luis.page, game)
    on_game(ana.page, game)
    presence(ana.page, "Luis está en línea")
    expect(ana.page.get_by_test_id("claim-box")).to_be_hidden()
    act(ana.page, set())                                   # Ana's lag: the match now waits for Luis's
    ana.page.wait_for_function("() => { const a = window.bola8.screen.view.to_act; return a && a.seat === 1; }")
    now = seat_to_act(ana.page, game)
    assert now is not None and now["seat"] == 1 and now["action"] == "lag", now
    luis.page.close()
    presence(ana.page, "Esperando a Luis…")
    expect(ana.page.get_by_test_id("claim-text")).to_have_text(
        re.compile(r"^Luis se ha ido y el encuentro le espera: si no vuelve, podrá reclamarlo en 1[0-2]\d s\.$"))
    expect(ana.page.get_by_test_id("claim")).to_be_hidden()           # not before the two minutes
    # he comes back: nothing to claim
    luis.page = luis.open()
    luis.page.goto(f"/#/game/{game}")
    on_game(luis.page, game)
    presence(ana.page, "Luis está en línea")
    expect(ana.page.get_by_test_id("claim-box")).to_be_hidden()
    # Ana concedes the match (not her turn: a match is conceded any time); the question on Luis's page goes
    ana.page.get_by_test_id("concede-match").click()
    expect(ana.page.get_by_test_id("concede-match-dialog")).to_contain_text("Luis lo gana ahora")
    ana.page.get_by_test_id("dialog-concede").click()
    expect(ana.page.get_by_test_id("match-result")).to_have_text("Luis gana el encuentro: Ana lo concede (0–0)")
    expect(luis.page.get_by_test_id("match-result")).to_have_text("Luis wins the match: Ana concedes it (0–0)")
    expect(luis.page.locator("dialog.modal")).to_have_count(0)
    expect(ana.page.get_by_test_id("concede-match")).to_be_hidden()
    view = ana.page.evaluate(f"async () => (await (await fetch('/api/games/{game}')).json())")
    assert (view["winner"], view["result"], view["to_act"]) == (1, "concession", None)
