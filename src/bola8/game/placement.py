"""Art. 9 and 13 - placing the cue ball in hand.

After a foul the incoming player places the cue ball anywhere on the cloth
(Art. 13), as often as he likes before the stroke. After a break foul, and for
the break itself, it goes behind the head string (Art. 8.2, 7.1): the cue
ball's base - its centre seen from above - must be on or behind the line
(Art. 9.1). A wrong placement is not a foul: the software refuses it and the
player places again (RULINGS.md, Art. 9).
"""

from __future__ import annotations

from bola8.errors import InputError
from bola8.game.layout import Layout, Point, overlapping

CUE = 0


class PlacementError(InputError):
    """A cue-ball placement that the rules or the table do not allow (never a foul)."""


def check_cue_ball_placement(layout: Layout, point: Point, *, spec, behind_head_string: bool,
                             lang: str = "es") -> None:
    """Raise :class:`PlacementError` unless the cue ball may be put at ``point``."""
    x, y = point
    if not spec.is_on_cloth(x, y):
        raise PlacementError(_message("off_cloth", lang, x=x, y=y))
    if behind_head_string and y > spec.head_string_y:
        raise PlacementError(_message("beyond_head_string", lang, y=y, line=spec.head_string_y))
    touching = overlapping(layout, point, spec.ball_radius, ignore=(CUE,))
    if touching:
        raise PlacementError(_message("overlap", lang, ball=touching[0]))


_MESSAGES = {
    "off_cloth": {
        "es": "cue_ball: la posición ({x:.3f}, {y:.3f}) no está sobre el paño; coloque la bola blanca dentro de la mesa.",
        "en": "cue_ball: ({x:.3f}, {y:.3f}) is not on the cloth; place the cue ball inside the table.",
    },
    "beyond_head_string": {
        "es": "cue_ball: y = {y:.3f} está delante de la línea de cabeza (y = {line:.3f}); con bola en mano tras la línea de cabeza colóquela detrás (Art. 9).",
        "en": "cue_ball: y = {y:.3f} is beyond the head string (y = {line:.3f}); with ball in hand behind the head string place it behind the line (Art. 9).",
    },
    "overlap": {
        "es": "cue_ball: la bola blanca se solaparía con la bola {ball}.",
        "en": "cue_ball: the cue ball would overlap ball {ball}.",
    },
}


def _message(key: str, lang: str, **values) -> str:
    return _MESSAGES[key]["es" if lang == "es" else "en"].format(**values)
