"""Art. 12 (Faltas, internal id 12b) and Art. 24 - fouls of the stroke itself."""

from __future__ import annotations

from bola8.rules.shot import REFEREE_FOULS, Shot


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
    # In the seed's order (12.1.d, e, f, g, then 24), whatever order they were entered in.
    return tuple(code for code in REFEREE_FOULS if code in shot.referee_fouls)
