"""Art. 21: six turns without an attempt end the game as a stalemate; the rack is replayed,
the same player breaking, and the game is not scored."""

from __future__ import annotations

from bola8.game import MatchSettings, play_match
from bola8.game.match import NullObserver
from bola8.game.record import RecordWriter, read_record, replay
from bola8.players.bot import BaselineBot
from bola8.players.noise import ExecutionNoise
from bola8.players.protocol import ShotChoice


class SafetyFirstBot(BaselineBot):
    """Plays only safeties in the first rack of the match, then like the baseline bot."""

    def choose_shot(self, game):
        if game.rack_seed == self.first_rack and game.state.phase == "play":
            strike = self._safety(game)
            return ShotChoice(strike=strike, call=None, intended=strike, note="safety")
        return super().choose_shot(game)


def test_stalemate_replays_the_rack_with_the_same_breaker(tmp_path):
    settings = MatchSettings(race=1, seed=7)
    first_rack = settings.seed * 10_007 + 1
    players = []
    for i in range(2):
        bot = SafetyFirstBot(name="AB"[i], seed=i, noise=ExecutionNoise(1.0))
        bot.first_rack = first_rack
        players.append(bot)
    path = tmp_path / "stalemate.jsonl"
    writer = RecordWriter(str(path), {"race": 1, "seed": 7, "table": "9ft", "ruleset": "spanish"})
    result = play_match(tuple(players), settings, writer)
    games = result.games
    assert games[0]["result"] == "stalemate" and games[0]["winner"] is None
    assert games[1]["breaker"] == games[0]["breaker"]
    assert sum(result.score) == 1                        # the stalemate was not scored
    lines = read_record(str(path))
    stalemate_shots = [line for line in lines if line["type"] == "shot"
                       and any(r["article"].startswith("21") for r in line["ruling"]["reasons"])]
    assert stalemate_shots
    assert replay(lines).ok
    # Art. 21.2: the replay knows the stalemated rack is broken again by the same player.
    second = [i for i, line in enumerate(lines) if line["type"] == "game"][1]
    lines[second]["breaker"] = 1 - lines[second]["breaker"]
    report = replay(lines)
    assert (report.mismatches[0].line, report.mismatches[0].what) == (lines[second]["_line"], "breaker")


class AgreeingBot(SafetyFirstBot):
    """Plays safe in the first rack, and agrees to a stalemate when ``agrees`` says so."""

    agrees = True

    def agrees_to_stalemate(self, game, player):
        self.asked.append((game.state.turns_without_attempt, player))
        return self.agrees


def _safety_match(agree: tuple[bool, bool]):
    settings = MatchSettings(race=1, seed=7)
    players = []
    for i in range(2):
        bot = AgreeingBot(name="AB"[i], seed=i, noise=ExecutionNoise(1.0))
        bot.first_rack, bot.agrees, bot.asked = settings.seed * 10_007 + 1, agree[i], []
        players.append(bot)
    turns = []

    class Watch(NullObserver):
        def on_turn(self, turn, choice):
            turns.append(turn)

    result = play_match(tuple(players), settings, Watch())
    return result, players, turns


def test_an_agreed_stalemate_is_proposed_during_a_safety_battle_and_needs_both_players():
    # Art. 21.2: the shooter proposes after two turns without attempt, the other accepts.
    result, players, turns = _safety_match((True, True))
    assert result.games[0]["result"] == "stalemate"
    declared = [t for t in turns if getattr(t, "declared", None) == "stalemate"]
    assert len(declared) == 1 and declared[0].before.state.turns_without_attempt == 2
    assert {p for bot in players for _, p in bot.asked} == {0, 1}      # each asked for his own seat
    # One player who never agrees: Art. 21.1 ends the rack after six turns without attempt.
    result, players, turns = _safety_match((True, False))
    assert result.games[0]["result"] == "stalemate"
    assert not [t for t in turns if getattr(t, "declared", None) == "stalemate"]
    assert "stalemate_no_attempts" in [c for t in turns for c in t.ruling.codes]
