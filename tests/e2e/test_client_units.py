"""The browser app's pure functions, run in Chromium on the real modules the server sends: the ruling's
headline, the view order, the mode, the aim's foul mark, the lag's words, the coach's panel."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import page_of

NAMES = ["Ana", "Luis"]


def call(page: Page, module: str, expr: str, lang: str = "es") -> Any:
    """`expr` evaluated with the module's exports as `m` and the page's language set to `lang` (its words,
    and /api/meta's names in it, as a language switch loads them)."""
    return page.evaluate(f"""async () => {{
        const i18n = await import('/js/i18n.js'); i18n.setLang('{lang}');
        const names = await import('/js/names.js');
        names.setMeta(await (await fetch('/api/meta?lang={lang}')).json());
        const m = await import('{module}');
        return {expr};
    }}""")


def head(page: Page, ruling: dict[str, Any], after: dict[str, Any] | None, shooter: int, lang: str = "es") -> dict[str, str]:
    result: dict[str, str] = call(page, "/js/headline.js",
                                  f"m.headline({ruling!r}, {after!r}, {shooter}, {NAMES!r}, window.bola8.meta)"
                                  .replace("None", "null").replace("True", "true").replace("False", "false"), lang)
    return result


LEGAL = {"foul": False, "turn_passes": False, "reasons": []}
FOUL = {"foul": True, "turn_passes": True, "reasons": []}
MISS = {"foul": False, "turn_passes": True, "reasons": []}


def over(winner: int, result: str = "win") -> dict[str, Any]:
    return {"phase": "over", "winner": winner, "result": result, "shooter": 0, "decision": None, "cue_ball": "on_table"}


def play(shooter: int, cue_ball: str = "on_table", decision: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"phase": "play", "winner": None, "result": None, "shooter": shooter, "decision": decision, "cue_ball": cue_ball}


@pytest.fixture(scope="module")
def app(browser: Browser, server: str) -> Iterator[Page]:
    """One page of the app for the whole module. Its tests call the page's pure functions, each with
    the language it names, and read nothing a test before them could have left on the page; a fresh
    page for each would only start Chromium's renderer and load the app fourteen times over. A
    JavaScript error on the page is reported as an error when the module ends."""
    with page_of(browser, server) as page:
        page.goto("/")
        page.wait_for_function("() => window.bola8 && window.bola8.ready")
        yield page


def test_the_headline_of_a_game_ending_shot_says_who_won_or_lost(app: Page) -> None:
    """The newcomer's worst finding: "Tiro legal · Sigue tirando" beside "Art. 20.1.e Pierde la partida"."""
    # Art. 1.3: the 8 legally pocketed - the shooter wins
    assert head(app, LEGAL, over(0), 0) == {"kind": "win", "label": "Partida ganada", "text": "Ana gana la partida"}
    # Art. 20.1.e: the 8 pocketed early, no foul - a loss, not "shoots again"
    assert head(app, LEGAL, over(1), 0) == {"kind": "loss", "label": "Partida perdida", "text": "Ana pierde la partida; la gana Luis"}
    # Art. 20.1.a: a scratch on the 8 - a foul that loses, not "FOUL · Shoots again"
    assert head(app, FOUL, over(1), 0) == {"kind": "loss", "label": "FALTA", "text": "Ana pierde la partida; la gana Luis"}
    assert head(app, FOUL, over(1), 0, "en") == {"kind": "loss", "label": "FOUL", "text": "Ana loses the game; Luis wins it"}
    assert head(app, LEGAL, over(0), 0, "en")["text"] == "Ana wins the game"
    assert head(app, LEGAL, over(1, "forfeit"), 0)["text"] == "Ana abandona la partida; la gana Luis"
    assert head(app, LEGAL, {**over(0, "stalemate"), "winner": None}, 0)["kind"] == "stalemate"


def test_the_headline_of_a_break_with_an_option_names_who_chooses(app: Page) -> None:
    # Art. 7.2: an illegal break is no foul, and the turn is not simply "passed": the opponent chooses
    illegal = head(app, MISS, play(1, decision={"player": 1, "options": ["accept_table", "rebreak"]}), 0)
    assert illegal == {"kind": "choice", "label": "Apertura ilegal",
                       "text": "elige Luis: aceptar la mesa o repetir el tiro de apertura"}
    assert head(app, MISS, play(1, decision={"player": 1, "options": ["accept_table", "rebreak"]}), 0, "en")["label"] == "Illegal break"
    # Art. 6: the 8 on a legal break - no foul, the decision named, and the breaker chooses
    eight = head(app, LEGAL, play(0, decision={"player": 0, "options": ["respot_eight", "rerack"]}), 0)
    assert eight == {"kind": "choice", "label": "Bola 8 en la apertura",
                     "text": "elige Ana: reponer la 8 en el punto de pie o volver a montar el triángulo"}
    # Art. 8: a foul on an illegal break - a foul, and the opponent still chooses
    assert head(app, FOUL, play(1, "in_hand_behind_head_string", {"player": 1, "options": ["accept_table", "rebreak"]}), 0)["label"] == "FALTA"


def test_the_headline_of_a_shot_says_who_shoots_next_and_how(app: Page) -> None:
    assert head(app, FOUL, play(1, "in_hand"), 0)["text"] == "bola en mano para Luis"
    assert head(app, FOUL, play(1, "in_hand_behind_head_string"), 0)["text"] == "bola en mano detrás de la línea de cabeza para Luis"
    assert head(app, FOUL, play(1, "in_hand"), 0, "en")["text"] == "ball in hand for Luis"
    assert head(app, MISS, play(1), 0) == {"kind": "legal", "label": "Tiro legal", "text": "tira Luis"}
    assert head(app, LEGAL, play(0), 0) == {"kind": "legal", "label": "Tiro legal", "text": "Sigue tirando"}


def test_views_are_ordered_by_action_then_by_the_servers_clock(app: Page) -> None:
    newer = "(a, b) => m.newer({actions: a[0], clock: {now: a[1]}}, b && {actions: b[0], clock: {now: b[1]}})"
    cases = [([3, 10.0], None, True), ([3, 10.0], [2, 50.0], True), ([2, 50.0], [3, 10.0], False),
             ([3, 10.5], [3, 10.0], True), ([3, 10.0], [3, 10.0], False), ([3, 9.0], [3, 10.0], False)]
    for a, b, expected in cases:
        assert call(app, "/js/game/sync.js", f"({newer})({a}, {b or 'null'})") is expected, (a, b)


def test_the_mode_is_a_function_of_the_newest_view_and_the_pages_own_state(app: Page) -> None:
    mode = ("((act, o) => {{ const v = {{actions: 4, to_act: act}}; return m.modeOf(v, {{applied: o.applied === false ? null : v, "
            "replay: !!o.replay, sending: o.sending || null, mine: (s) => s === 0}}); }})")

    def of(act: str, **local: Any) -> str:
        opts = ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in local.items())
        result: str = call(app, "/js/game/mode.js", f"{mode.format()}({act}, {{{opts}}})")
        return result

    place = "{seat: 0, action: 'place'}"
    assert of(place) == "place"
    assert of("{seat: 1, action: 'shot'}") == "wait"
    assert of("null") == "over"
    assert of(place, applied=False) == "anim"
    assert of(place, replay=True) == "replay"
    # this page's own Place on its way: the question is closed until a newer view comes
    assert of(place, sending="{actions: 4}") == "sent"
    assert of(place, sending="{actions: 3}") == "place"


def test_an_aim_whose_first_ball_would_be_a_foul_is_marked(app: Page) -> None:
    """Art. 10.1: with the solids, an aim straight at the 9 is marked; at the 3 it is not; an aim at a
    cushion (a kick) is not."""
    probe = """((phi) => {
        const geom = window.bola8.meta.tables['9ft'];
        const g = {geom, balls: {0: [0.6, 0.6], 3: [0.6, 1.2], 9: [1.0, 0.6]}, turn: {phi},
                   view: {legal_first: [1, 2, 3, 4, 5, 6, 7]}};
        return m.aimFoul(g);
    })"""
    assert call(app, "/js/game/aim.js", f"{probe}(90)") is None
    assert call(app, "/js/game/aim.js", f"{probe}(0)") == 9
    assert call(app, "/js/game/aim.js", f"{probe}(180)") is None


def test_the_lags_result_names_both_distances(app: Page) -> None:
    lag = {"strokes": [{"seat": 0, "distance": 0.81819}, {"seat": 1, "distance": 0.20659}], "winner": 1, "breaker": 1,
           "coin_toss": False}
    players = [{"name": "Ana"}, {"name": "bot"}]
    assert call(app, "/js/hud.js", f"m.lagText({lag!r}, {players!r}).result".replace("False", "false")) == \
        "gana bot (a 0.21 m) ante Ana (a 0.82 m); abre bot"
    assert call(app, "/js/hud.js", f"m.lagText({lag!r}, {players!r}).result".replace("False", "false"), "en") == \
        "bot wins (0.21 m against Ana's 0.82 m); bot breaks"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_coach_shows_a_kick_safety_with_its_chances_when_nothing_can_be_potted(app: Page, lang: str) -> None:
    """Whatever the coach answers is shown: here no pot, only a safety off a cushion that may foul."""
    advice = {"action": "shot", "placement": {"x": 0.6, "y": 0.5, "explanation": {"es": "(0.600, 0.500)", "en": "(0.600, 0.500)"}},
              "suggestions": [], "best": "safety",
              "safety": {"rank": 0, "kind": "safety", "call": None, "first_contact": 8, "cushion": "foot",
                         "chance_opponent": 0.41, "chance_foul": 0.25,
                         "explanation": {"es": "Patada a la 8 por la banda de pie.", "en": "A kick at the 8 off the foot cushion."}}}
    text = app.evaluate("""async ([advice, lang]) => {
        const i18n = await import('/js/i18n.js'); i18n.setLang(lang);
        const names = await import('/js/names.js');
        const meta = await (await fetch(`/api/meta?lang=${lang}`)).json();
        names.setMeta(meta);
        const { CoachPanel } = await import('/js/coach.js');
        const panel = new CoachPanel(meta, { ask: async () => ({ advice, actions: 1 }), apply: () => {}, redraw: () => {},
                                             geom: () => meta.tables['9ft'] });
        await panel.ask();
        return panel.list.innerText;
    }""", [advice, lang])
    if lang == "es":
        for words in ("Seguridad", "la blanca a la banda de pie primero", "al rival le queda 41 %", "falta 25 %",
                      "Patada a la 8", "A 50 cm de la banda de cabecera, a 60 cm de la banda larga izquierda: el círculo azul"):
            assert words in text, (words, text)
    else:
        for words in ("Safety", "the cue ball off the foot cushion first", "leaves the opponent 41%", "fouls 25%",
                      "A kick at the 8", "50 cm from the head cushion, 60 cm from the left long cushion: the blue ring"):
            assert words in text, (words, text)
    assert "0.600" not in text                       # no raw coordinates for the cue ball in hand


@pytest.fixture(scope="module")
def jump_advice() -> dict[str, Any]:
    """The coach's real answer where the champion jumps a ball that blocks a straight pot (the 11 on the
    line from the cue ball to the 3; tests/players/test_coach.py plays it as advised)."""
    from bola8 import rules
    from bola8.game import Game
    from bola8.game.layout import freeze
    from bola8.physics import table_spec
    from bola8.players.coach import advise

    layout = {0: (0.6, 1.2), 3: (0.9, 2.2), 11: (0.675, 1.45), 8: (0.2, 1.6), 12: (0.2, 0.6), 14: (0.3, 0.3)}
    state = rules.State.from_dict({"phase": "play", "on_table": sorted(b for b in layout if b),
                                   "groups": ["solids", "stripes"]})
    advice: dict[str, Any] = advise(Game(spec=table_spec("9ft"), state=state, balls=freeze(layout)),
                                    level="champion", noise=0.0)
    return advice


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_coach_names_a_jump_and_puts_its_cue_on_the_controls(app: Page, lang: str, jump_advice: dict[str, Any]) -> None:
    """A kind of shot is named from /api/meta (no word of the page's own), and a jump tapped puts the jump
    cue and its elevation on the stroke controls - the stroke sent is the one advised."""
    jump = next(s for s in jump_advice["suggestions"] if s["kind"] == "jump")
    shown = app.evaluate("""async ([advice, rank, lang]) => {
        const i18n = await import('/js/i18n.js'); i18n.setLang(lang);
        const names = await import('/js/names.js');
        const meta = await (await fetch(`/api/meta?lang=${lang}`)).json();
        names.setMeta(meta);
        const { CoachPanel } = await import('/js/coach.js');
        const { StrokeControls } = await import('/js/controls.js');
        const controls = new StrokeControls(document.createElement('div'), () => {}, meta.tables['9ft'].miscue_limit);
        let picked = null;
        const panel = new CoachPanel(meta, { ask: async () => ({ advice, actions: 1 }), apply: (kind, s) => { picked = s; },
                                             redraw: () => {}, geom: () => meta.tables['9ft'] });
        await panel.ask();
        const item = panel.list.querySelector(`[data-testid=hint-${rank}]`);
        item.click();
        controls.setStroke(picked.strike);
        return { text: item.innerText, strike: controls.strike(picked.strike.phi),
                 cue: controls.cueSelect.selectedOptions[0].textContent, kind: meta.names.shot_kinds.jump };
    }""", [jump_advice, jump["rank"], lang])
    assert shown["kind"] in shown["text"] and "hint_kind" not in shown["text"], shown
    assert ("con el taco de salto" if lang == "es" else "with the jump cue") in shown["text"], shown
    assert shown["cue"] == ("de salto" if lang == "es" else "jump"), shown
    assert shown["strike"] == jump["strike"] and jump["strike"]["cue"] == "jump", (shown, jump["strike"])


def test_the_page_refuses_a_cue_ball_in_hand_exactly_where_the_server_does(app: Page) -> None:
    """Art. 8.2, 9.1, 13: the page's live mark (geometry.placementProblem, on /api/meta's table) and the
    server's check (bola8.game.placement) agree on every spot, at the edges of the cloth, on either side
    of the head string and beside a ball - for every table, in hand anywhere and behind the head string."""
    from bola8.game.placement import PlacementError, check_cue_ball_placement
    from bola8.physics import TABLES

    kinds = {"place_bad_cloth": "not on the cloth", "place_bad_kitchen": "beyond the head string",
             "place_bad_overlap": "would overlap"}
    for name, spec in TABLES.items():
        R, W, L, line = spec.ball_radius, spec.width, spec.length, spec.head_string_y
        balls = {3: (W / 2, line + 0.1), 8: (0.3, 0.3)}
        xs = [R - 1e-4, R, R + 1e-6, 0.3 + 2 * R - 1e-7, 0.3 + 2 * R + 1e-7, W / 2, W - R, W - R + 1e-6]
        ys = [R - 1e-6, R, 0.3, line - 1e-6, line, line + 1e-6, line + 0.1 - 2 * R - 1e-7, line + 0.1 - 2 * R + 1e-7,
              L / 2, L - R, L - R + 1e-4]
        spots = [(x, y, kitchen) for x in xs for y in ys for kitchen in (False, True)]
        page_says = app.evaluate("""async ([name, balls, spots]) => {
            const { placementProblem } = await import('/js/geometry.js');
            const geom = window.bola8.meta.tables[name];
            return spots.map(([x, y, kitchen]) => placementProblem(geom, balls, x, y, kitchen));
        }""", [name, {str(b): list(p) for b, p in balls.items()}, spots])
        for (x, y, kitchen), said in zip(spots, page_says):
            try:
                check_cue_ball_placement(balls, (x, y), spec=spec, behind_head_string=kitchen, lang="en")
                server = None
            except PlacementError as refused:
                server = str(refused)
            assert (said is None) == (server is None), (name, x, y, kitchen, said, server)
            assert said is None or kinds[said] in str(server), (name, x, y, kitchen, said, server)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_coach_says_where_the_cue_ball_goes_in_words(app: Page, lang: str) -> None:
    """Ball in hand: the coach's spot said from the nearer cushions, in centimetres, never as coordinates."""
    def where(x: float, y: float) -> str:
        said: str = call(app, "/js/coach.js", f"m.whereOnTable(window.bola8.meta.tables['9ft'], {x}, {y})", lang)
        return said

    if lang == "es":
        assert where(0.635, 0.2) == "a 20 cm de la banda de cabecera, en el centro"
        assert where(0.3, 0.635) == "sobre la línea de cabeza, a 30 cm de la banda larga izquierda"
        assert where(1.07, 2.1) == "a 44 cm de la banda de pie, a 20 cm de la banda larga derecha"
    else:
        assert where(0.635, 0.2) == "20 cm from the head cushion, in the middle"
        assert where(0.3, 0.635) == "on the head string, 30 cm from the left long cushion"
        assert where(1.07, 2.1) == "44 cm from the foot cushion, 20 cm from the right long cushion"
