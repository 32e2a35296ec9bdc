"""Art. 21.2 in the browser: a bot proposes a stalemate before its shot and the person answers it.

The server here is the real one with a bot that always proposes (a run of safeties counted from zero
turns, and a bot that would always agree: `BotRunner.would_agree`), so the proposal comes at the bot's
first shot; what the server decides is tested in tests/server/test_stalemate_proposed.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import driver as d
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import page_of, running_server
from test_browser_play import new_match, take_turn

PROPOSING_SERVER = """
import sys
import bola8.game.match as match
import bola8.server.bots as bots

async def would_agree(self, game, seat):
    return True

match.PROPOSE_STALEMATE_AFTER = 0
bots.BotRunner.would_agree = would_agree
from bola8.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.fixture(scope="module")
def proposing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(["-c", PROPOSING_SERVER], tmp_path_factory) as url:
        yield url


@pytest.fixture
def proposal_page(browser: Browser, proposing_server: str) -> Iterator[Page]:
    with page_of(browser, proposing_server) as page:
        yield page


@pytest.mark.slow
def test_the_person_declines_then_accepts_a_stalemate_the_bot_proposes(proposal_page: Page, artifacts: Path) -> None:
    page = proposal_page
    new_match(page, "bot")
    answers: list[str] = []
    seen: set[str] = set()
    for _ in range(40):
        page.wait_for_function(
            "() => document.querySelector('[data-testid=proposal-dialog]') || (() => { const s = window.bola8 "
            "&& window.bola8.screen; return s && !s.animating && !s.busy && ['lag', 'place', 'shot', 'choice', "
            "'over'].includes(s.mode) && (s.mode !== 'lag' || document.querySelector('[data-testid=lag-dialog]'))"
            " && (s.mode !== 'choice' || document.querySelector('[data-testid=choice-dialog]')); })()",
            timeout=60_000)
        dialog = page.get_by_test_id("proposal-dialog")
        if dialog.count():
            expect(dialog).to_contain_text("propone el juego empatado (Art. 21.2)")
            expect(page.get_by_test_id("status")).to_contain_text("propone tablas")
            if not answers:
                page.screenshot(path=str(artifacts / "bot-proposes-stalemate.png"))
                actions = d.screen(page, "s.view.actions")
                page.get_by_test_id("proposal-decline").click()
                answers.append("declined")
                # the bot plays on: the game moves past the action it proposed at
                page.wait_for_function(f"() => window.bola8.screen.view.actions > {actions}", timeout=60_000)
            else:
                game = d.screen(page, "s.view.game_number")
                page.get_by_test_id("proposal-accept").click()
                answers.append("accepted")
                page.wait_for_function(f"() => window.bola8.screen.view.game_number > {game}", timeout=30_000)
                break
            continue
        if d.screen(page, "s.mode") == "over":
            break
        take_turn(page, seen, power=2.0)
    assert answers == ["declined", "accepted"], (answers, seen)
    view = d.screen(page, "s.view")
    assert view["score"] == [0, 0] and view["games"][-1]["result"] == "stalemate"
