"""Art. 21: six turns without an attempt end the game as a stalemate; the rack is replayed,
the same player breaking, and the game is not scored."""

from __future__ import annotations

from bola8.game import MatchSettings, play_match
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
