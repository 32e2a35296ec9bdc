"""Art. 18 (internal 18b) - Cue ball frozen to a ball ("bola blanca en contacto").

The seed's 18.1 lists the three cases: the cue ball touching a ball of the
shooter's group (a), of the opponent's (b), or the 8 (c). Its 18.2: into
one's own ball he may shoot, the push-through ("arrastre") accepted. 18.3:
frozen to an opponent's ball he must play to a cushion or another ball;
driving into it is a foul, penalised as in 18.2 (ball in hand, Art. 13).
18.4: the 8 is treated as one's own ball when it is the shooter's last (18.2),
otherwise as an opponent's (18.3). 18.5 (the intentional foul, forfeited on
repetition after a warning) is the referee's call: ``declare("forfeit")``.
RULINGS.md, Art. 18b, reads it the same way.
"""

from __future__ import annotations

from bola8.rules.articles.art05_open_table import art_5_legal_first_contacts
from bola8.rules.balls import EIGHT
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_18_frozen_ball_foul(state: State, shot: Shot) -> tuple[str, ...]:
    """Art. 18.3-18.4: the foul code when the cue ball, frozen to a ball it may not hit first, was
    driven into that ball (its first contact); empty otherwise.

    A frozen ball it may hit first (its own group's, the 8 as its last ball,
    any ball on an open table: Art. 5) is no foul, push-through included
    (18.2): Art. 10 then judges the shot as any other. Shooting away from a
    frozen wrong ball is no foul here either: whatever it then hits first is
    Art. 10's to judge.
    """
    first = shot.first_contact
    if first is None or first not in shot.cue_ball_frozen_to:
        return ()
    if first in art_5_legal_first_contacts(state):
        return ()
    return ("frozen_eight_driven_into",) if first == EIGHT else ("frozen_opponent_ball_driven_into",)
