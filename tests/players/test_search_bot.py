"""The searching bot: each kind of shot where it is the only way to pot, the 8 never first in a
combination unless the table is open (Art. 5, 18a), a safety when nothing can be potted, the same
stroke for the same seed, a search within its level's simulation budget, and the options played out.

Layouts are built so that the plan the test names is the only way to pot with a direct line; the
bot plays without noise, so the referee's ruling on its stroke is the ruling on what it aimed.
"""

from __future__ import annotations

import json
import math

import pytest

from bola8 import rules
from bola8.game import Game
from bola8.game.layout import freeze
from bola8.players import make_player
from bola8.players.levels import LEVELS
from bola8.players.search import budget
from bola8.players.search_bot import SearchBot
from bola8.players.shots import shot_plans

ALL_KINDS = ("pot", "bank", "kick", "combination", "kiss")
GROUPS = {"groups": ["solids", "stripes"]}          # player 0 (to shoot) has the solids

BANK = {0: (0.577, 0.295), 3: (0.175, 0.640), 8: (0.660, 1.773), 9: (0.071, 2.366), 10: (0.587, 1.368),
        11: (0.281, 0.649), 12: (0.306, 1.528), 13: (1.105, 0.699), 14: (0.462, 0.756)}
KICK = {0: (0.755, 1.041), 3: (0.401, 0.467), 8: (1.018, 1.998), 9: (0.450, 0.576), 10: (0.836, 2.087),
        11: (1.132, 0.892), 12: (1.075, 1.723)}
# the 2 drives the 3 into the foot-right pocket; the 2 hides the 3 from the cue ball
COMBINATION = {0: (0.6, 1.87), 2: (0.88, 2.15), 3: (1.05, 2.32), 8: (0.3, 0.5), 9: (0.2, 1.2), 10: (1.0, 0.4)}
# the same with the 8 in the 2's place: a combination off the 8
EIGHT_FIRST = {0: (0.6, 1.87), 8: (0.88, 2.15), 3: (1.05, 2.32), 9: (0.3, 0.5), 10: (0.2, 1.2), 11: (1.0, 0.4)}
# the 3 in a half ring of stripes: it can be hit, never sent to a pocket
HIDDEN = {0: (0.5, 0.6), 3: (0.635, 1.7), 8: (0.2, 0.9), 9: (0.6935, 1.7), 10: (0.6764, 1.7414),
          11: (0.635, 1.7585), 12: (0.5936, 1.7414), 13: (0.5765, 1.7)}


def position(spec, layout, **state) -> Game:
    on_table = sorted(b for b in layout if b != 0)
    return Game(spec=spec, state=rules.State.from_dict({"phase": "play", "on_table": on_table, **state}),
                balls=freeze(layout))


def perfect(level: str = "pro", seed: int = 1) -> SearchBot:
    bot = make_player(f"bot:{level}", seed=seed, noise=0.0)
    assert isinstance(bot, SearchBot)
    return bot


def kinds(game: Game) -> set[str]:
    return {p.kind for p in shot_plans(game, ALL_KINDS, 0.002)}


def played(game: Game, bot: SearchBot):
    choice = bot.choose_shot(game)
    return choice, game.play(choice.strike, choice.call)


@pytest.mark.slow
@pytest.mark.parametrize(("layout", "kind", "level"), [(BANK, "bank", "club"), (KICK, "kick", "pro")])
def test_a_bank_or_a_kick_where_nothing_else_pots(spec, layout, kind, level) -> None:
    game = position(spec, layout, **GROUPS)
    assert kinds(game) == {kind}
    choice, turn = played(game, perfect(level))
    assert choice.note.startswith(kind) and choice.call is not None and choice.call.ball == 3
    assert turn.ruling.legally_pocketed == (3,) and not turn.ruling.foul and turn.game.state.shooter == 0


def test_a_legal_combination_where_no_ball_goes_straight_in(spec) -> None:
    from dataclasses import replace

    from bola8.players.noise import ExecutionNoise

    game = position(spec, COMBINATION, **GROUPS)
    assert "pot" not in kinds(game)
    # (a kick off the foot cushion reaches the 3 too: the bot is given straight pots and combinations)
    bot = SearchBot(replace(LEVELS["pro"], kinds=("pot", "combination")), seed=1, noise=ExecutionNoise(0.0))
    choice, turn = played(game, bot)
    assert choice.note == "combination 3 in foot-right"
    assert turn.shot.first_contact == 2 and 3 in turn.ruling.legally_pocketed and not turn.ruling.foul


def test_the_8_is_never_the_first_ball_of_a_combination_unless_the_table_is_open(spec) -> None:
    # Groups assigned: the 8 may not be hit first (Art. 10, 18a), so the combination is no plan.
    game = position(spec, EIGHT_FIRST, **GROUPS)
    plans = shot_plans(game, ALL_KINDS, 0.002)
    assert plans and all(p.first != 8 for p in plans)
    choice, turn = played(game, perfect())
    assert turn.shot.first_contact != 8 and not turn.ruling.foul
    # Open table: the 8 may be hit first to pot another ball (Art. 5.2), and the plan is there.
    open_game = position(spec, EIGHT_FIRST)
    assert any(p.kind == "combination" and p.first == 8 and p.call is not None and p.call.ball == 3
               for p in shot_plans(open_game, ALL_KINDS, 0.002))


def test_a_safety_when_nothing_can_be_potted(spec) -> None:
    game = position(spec, HIDDEN, **GROUPS)
    assert kinds(game) == set()
    choice, turn = played(game, perfect("club"))
    assert choice.call is None and choice.note == "safety"
    assert not turn.ruling.foul and turn.shot.first_contact == 3


@pytest.mark.slow
def test_the_same_seed_plays_the_same_stroke_and_a_search_stays_in_its_budget(spec) -> None:
    # An open table after a break: every ball may be called, the most plans a search meets.
    game = Game.new("9ft", rack_seed=11).place_cue_ball(spec.width / 2.0, spec.head_string_y)
    from bola8.physics import Strike

    game = game.play(Strike(speed=9.0, phi=90.0)).game
    if game.state.decision is not None:
        game = game.decide(game.state.decision.options[0]).game
    if game.needs_placement:
        game = game.place_cue_ball(*perfect("club").place_cue_ball(game))
    first, second = make_player("bot:club", seed=5), make_player("bot:club", seed=5)
    a, b = first.choose_shot(game), second.choose_shot(game)
    assert (a.strike, a.call, a.intended) == (b.strike, b.call, b.intended)
    assert isinstance(first, SearchBot) and first.last is not None
    assert 0 < first.last.simulations <= budget(LEVELS["club"])


def test_options_are_chosen_by_playing_them_out(spec) -> None:
    # An illegal break: the 15 balls still racked, the opponent to choose; accepting leaves him a
    # shot at a full rack from behind it, breaking again gives him the break he searched.
    game = Game.new("9ft", rack_seed=3).place_cue_ball(spec.width / 2.0, spec.head_string_y)
    from bola8.physics import Strike

    turn = game.play(Strike(speed=0.5, phi=90.0))
    decision = turn.game.state.decision
    assert decision is not None and set(decision.options) == {"accept_table", "rebreak"}
    bot = perfect("beginner")
    values = {o: bot.option_value(turn.game, o) for o in decision.options}
    assert all(0.0 <= v <= 1.0 for v in values.values())
    assert bot.choose_option(turn.game, decision.options) == max(values, key=lambda o: values[o])


def test_every_level_is_a_player_everywhere_and_plays_at_its_noise() -> None:
    for name, level in LEVELS.items():
        bot = make_player(f"bot:{name}", seed=1, noise=2.0)
        assert isinstance(bot, SearchBot) and math.isclose(bot.noise.level, min(20.0, 2.0 * level.noise_scale))
    json.dumps({name: level.label("es") for name, level in LEVELS.items()})


def test_the_coach_advises_the_option_with_each_branch_played_out(spec) -> None:
    from bola8.physics import Strike
    from bola8.players.coach import advise

    game = Game.new("9ft", rack_seed=3).place_cue_ball(spec.width / 2.0, spec.head_string_y)
    pending = game.play(Strike(speed=0.5, phi=90.0)).game
    advice = advise(pending, level="beginner")
    json.dumps(advice)
    assert advice["action"] == "choice" and advice["player"] == 1
    choice = advice["choice"]
    assert choice["option"] in ("accept_table", "rebreak") and set(choice["win_chances"]) == {"accept_table", "rebreak"}
    assert set(choice["explanation"]) == {"es", "en"}


def test_near_the_end_of_the_art_21_count_a_safety_is_called_unless_the_replay_is_worth_more(spec) -> None:
    # Nothing can be potted. Four turns without attempt: an uncalled safety would let the opponent,
    # who breaks the replayed rack, end the game (Art. 21.1) - the bot calls its safety (a two-way
    # shot, an attempt). Five: it breaks the replay itself, a rack its break always wins - it plays
    # safe without a call and the game ends as a stalemate.
    for count, breaker, rack, call_expected in ((4, 1, 0.9, True), (5, 0, 1.0, False)):
        game = position(spec, HIDDEN, **GROUPS, turns_without_attempt=count, breaker=breaker)
        bot = perfect("club")
        bot.searcher.rack = rack
        result = bot.searcher.search(game)
        assert result.best is not None and result.best.plan.kind == "safety"
        turn = game.play(result.best.strike, result.best.plan.call)
        assert not turn.ruling.foul
        if call_expected:
            assert result.best.plan.call is not None and turn.game.state.turns_without_attempt == 0
        else:
            assert result.best.plan.call is None and turn.game.state.result == "stalemate"


# the 3 straight ahead of the cue ball into the foot-right pocket, a stripe 25 cm along the cue ball's line
JUMP = {0: (0.6, 1.2), 3: (0.9, 2.2), 11: (0.675, 1.45), 8: (0.2, 1.6), 12: (0.2, 0.6), 14: (0.3, 0.3)}


def test_a_jump_over_the_ball_that_blocks_a_straight_pot_is_a_legal_jump(spec) -> None:
    from dataclasses import replace

    from bola8.players.noise import ExecutionNoise

    game = position(spec, JUMP, **GROUPS)
    plans = shot_plans(game, ALL_KINDS + ("jump",), 0.002)
    assert "pot" not in {p.kind for p in plans} and any(p.kind == "jump" and p.call.ball == 3 for p in plans)
    bot = SearchBot(replace(LEVELS["champion"], kinds=("jump",)), seed=1, noise=ExecutionNoise(0.0))
    choice, turn = played(game, bot)
    assert choice.note == "jump 3 in foot-right"
    assert choice.strike.cue == "jump" and choice.strike.theta >= 30.0 and choice.strike.tip_height() > 0.0
    assert turn.shot.first_contact == 3 and turn.ruling.legally_pocketed == (3,) and not turn.ruling.foul
    assert "illegal_jump" not in turn.shot.referee_fouls


def test_a_ball_frozen_on_a_rail_is_potted_along_it(spec) -> None:
    # The 3 frozen on the right rail, the cue ball behind it near the same rail: the pocket's mouth lies
    # inside the rail's line, so the ghost ball is a fraction of a millimetre beyond the cushion's nose.
    # It is still a straight pot (the cue ball meets ball and cushion together), planned and made.
    from bola8.players.shots import RAIL_GHOST, onto_cloth

    r = spec.ball_radius
    rail = spec.width - r
    assert onto_cloth(spec, (0.6, 1.2)) == (0.6, 1.2)
    assert onto_cloth(spec, (rail + 0.0004, 1.7)) == (rail, 1.7)
    assert onto_cloth(spec, (rail + 1.01 * RAIL_GHOST * r, 1.7)) is None
    game = position(spec, {0: (rail - 0.012, 1.93), 3: (rail, 1.66), 8: (0.3, 1.5), 9: (0.2, 0.6)}, **GROUPS)
    assert any(p.kind == "pot" and p.call == rules.Call(3, "head-right") for p in shot_plans(game, ("pot",), 0.002))
    choice, turn = played(game, perfect())
    assert choice.call == rules.Call(3, "head-right")
    assert 3 in turn.ruling.legally_pocketed and not turn.ruling.foul
