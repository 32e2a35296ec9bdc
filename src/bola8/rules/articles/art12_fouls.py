"""Art. 12 (Faltas, internal id 12b) and Art. 24 - fouls of the stroke itself."""

from __future__ import annotations

from bola8.rules.shot import Shot

# Referee-entered fouls in the order of the seed: 12.1.d, e, f, g, then Art. 24.
REFEREE_FOUL_ORDER = ("foot_off_floor", "touched_ball", "illegal_jump", "team_advice", "slow_play")


def art_12_1_b_cue_ball(shot: Shot) -> tuple[str, ...]:
    """Art. 12.1.b: the cue ball pocketed or driven off the table."""
    codes: list[str] = []
    if shot.cue_ball_pocketed:
        codes.append("cue_ball_pocketed")
    if shot.cue_ball_off_table:
        codes.append("cue_ball_off_table")
    return tuple(codes)


def art_12_1_referee_fouls(shot: Shot) -> tuple[str, ...]:
    """Art. 12.1.d-g and 24.1: fouls only a person sees (no foot on the floor, a ball
    touched, a scoop jump, a teammate's advice, exceeding the slow-play clock).

    Their codes are the contract's names; the message table cites each one's article.
    """
    return tuple(code for code in REFEREE_FOUL_ORDER if code in shot.referee_fouls)
