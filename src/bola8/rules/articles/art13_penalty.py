"""Art. 13 - Penalty for a foul: ball in hand for the opponent."""

from __future__ import annotations

from bola8.rules.state import CueBall


def art_13_ball_in_hand(after_break: bool) -> CueBall:
    """Art. 13.1: the opponent places the cue ball anywhere; behind the head string only after a
    foul on the break (Art. 8.2). Returns the next state's ``cue_ball``."""
    return "in_hand_behind_head_string" if after_break else "in_hand"
