"""Art. 9 and 13 - placing the cue ball in hand.

After a foul the incoming player places the cue ball anywhere on the cloth
(Art. 13), as often as he likes before the stroke. After a break foul, and for
the break itself, it goes behind the head string (Art. 8.2, 7.1): the cue
ball's base - its centre seen from above - must be on or behind the line
(Art. 9.1). A wrong placement is not a foul: the software refuses it and the
player places again (RULINGS.md, Art. 9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bola8.errors import InputError
from bola8.game.layout import Layout, Point, overlapping
from bola8.rules.balls import CUE

if TYPE_CHECKING:
    from bola8.physics import TableSpec


class PlacementError(InputError):
    """A cue-ball placement that the rules or the table do not allow (never a foul).

    It carries both sentences like every :class:`InputError`; its ``str`` is the
    one in the language the placement was asked in (``lang``, Spanish by default):
    ``Game.place_cue_ball`` raises it, and its callers show ``str(error)`` to the
    person placing the ball.
    """

    def __init__(self, en: str, es: str | None = None, lang: str = "en"):
        super().__init__(en, es)
        self.lang = lang

    def __str__(self) -> str:
        return self.text(self.lang)


def check_cue_ball_placement(layout: Layout, point: Point, *, spec: TableSpec, behind_head_string: bool,
                             lang: str = "es") -> None:
    """Raise :class:`PlacementError` unless the cue ball may be put at ``point``."""
    x, y = point
    if not spec.is_on_cloth(x, y):
        raise PlacementError(*_messages("off_cloth", x=x, y=y), lang=lang)
    if behind_head_string and y > spec.head_string_y:
        raise PlacementError(*_messages("beyond_head_string", y=y, line=spec.head_string_y), lang=lang)
    touching = overlapping(layout, point, spec.ball_radius, ignore=(CUE,))
    if touching:
        raise PlacementError(*_messages("overlap", ball=touching[0]), lang=lang)


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


def _messages(key: str, **values: object) -> tuple[str, str]:
    """The English and the Spanish sentence."""
    return _MESSAGES[key]["en"].format(**values), _MESSAGES[key]["es"].format(**values)
