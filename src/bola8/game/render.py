"""Top-down diagrams of a shot, the way pool players draw them, as SVG.

The table lies with the head cushion on the left and the foot on the right;
the side ``x = 0`` ("left" for a player standing at the head) is at the top.
The pockets are drawn as the simulator has them (``TableSpec.geometry``):
each opening between its two jaw tips, the jaw faces, and the drop circle
with its own radius (side holes are wider than corner holes); the rail is
as wide as the deepest hole needs, so no pocket overhangs it. Balls stand
where they were before the stroke; each ball's path is drawn in its colour
(the cue ball's dashed white), with a dashed outline where it stopped; the
rail diamonds, the head string, the foot spot, the called pocket (ringed),
the balls re-spotted after the shot (a dashed ball where they were put), a
legend of these marks and the ruling, with its articles, are shown - the
words in Spanish or English.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from bola8 import rules
from bola8.game.layout import Point
from bola8.rules.messages import name_of

if TYPE_CHECKING:
    from bola8.physics import ShotResult, TableSpec

SCALE = 400.0           # pixels per metre
RAIL_MARGIN = 0.025     # wood beyond the deepest pocket hole, metres
CUSHION = 0.045         # the rubber cushion's width drawn inside the wood, metres
CAPTION_LINE = 22.0     # pixels
LEGEND_LINE = 24.0      # pixels

BALL_COLOURS = {
    0: "#f8f8f0", 1: "#f2c200", 2: "#1f4fbf", 3: "#d22424", 4: "#5b2a86", 5: "#f07f13",
    6: "#1b7a3a", 7: "#7a1f1f", 8: "#111111", 9: "#f2c200", 10: "#1f4fbf", 11: "#d22424",
    12: "#5b2a86", 13: "#f07f13", 14: "#1b7a3a", 15: "#7a1f1f",
}
CLOTH = "#1d6b45"
CUSHION_COLOUR = "#155a39"
WOOD = "#5a3518"

_WORDS = {
    "es": {"call": "Cantada", "none": "sin cantar", "in": "a", "foul": "FALTA", "legal": "Tiro legal",
           "pocketed": "Entroneradas", "cue_ball": "bola blanca",
           "respotted": "Repuestas en la línea larga (Art. 16, bola discontinua): {balls}",
           "legend": "Leyenda:", "cue_path": "recorrido de la bola blanca",
           "ball_path": "recorrido de una bola (en su color)", "stopped": "donde se detuvo",
           "called_pocket": "tronera cantada", "respotted_ball": "bola repuesta (Art. 16)",
           "head_string": "línea de cabecera", "foot_spot": "punto de pie",
           "off_table": "Fuera de la mesa (x: por donde salió)"},
    "en": {"call": "Call", "none": "no call", "in": "in", "foul": "FOUL", "legal": "Legal shot",
           "pocketed": "Pocketed", "cue_ball": "cue ball",
           "respotted": "Re-spotted on the long string (Art. 16, dashed ball): {balls}",
           "legend": "Legend:", "cue_path": "cue ball path",
           "ball_path": "object ball path (in its colour)", "stopped": "where it stopped",
           "called_pocket": "called pocket", "respotted_ball": "re-spotted ball (Art. 16)",
           "head_string": "head string", "foot_spot": "foot spot",
           "off_table": "Off the table (x: where it left)"},
}
# the side of the table a ball left over (physics.codes.SIDE_NAMES)
_SIDES = {
    "es": {"head": "banda de cabecera", "foot": "banda de pie", "left": "banda izquierda", "right": "banda derecha"},
    "en": {"head": "head cushion", "foot": "foot cushion", "left": "left cushion", "right": "right cushion"},
}


@dataclass(frozen=True)
class _Frame:
    """Metres on the table to pixels in the drawing (head on the left, x = 0 at the top)."""

    spec: TableSpec
    rail: float             # metres of rail drawn around the cloth

    def px(self, point: Point) -> tuple[float, float]:
        x, y = point
        return ((y + self.rail) * SCALE, (x + self.rail) * SCALE)

    @property
    def width_px(self) -> float:
        return (self.spec.length + 2 * self.rail) * SCALE

    @property
    def height_px(self) -> float:
        return (self.spec.width + 2 * self.rail) * SCALE


def rail_width(spec: TableSpec) -> float:
    """The rail drawn around the cloth: every pocket's drop circle fits inside it, with some wood beyond."""
    deepest = 0.0
    for cx, cy, r in spec.geometry.holes.tolist():
        deepest = max(deepest, -(cx - r), cx + r - spec.width, -(cy - r), cy + r - spec.length)
    return deepest + RAIL_MARGIN


def render_shot(spec: TableSpec, before: Mapping[int, Point], result: ShotResult, *, title: str,
                call: rules.Call | None, ruling: rules.Ruling, lang: str = "es",
                after: Mapping[int, Point] | None = None) -> str:
    """The SVG text of one shot: table, balls before the stroke, paths, legend, ruling.

    ``after`` is the layout once the ruling was applied, where the re-spotted
    balls are found.
    """
    words = _WORDS["es" if lang == "es" else "en"]
    frame = _Frame(spec, rail_width(spec))
    width_px, table_h = frame.width_px, frame.height_px
    respotted = [(ball, after[ball]) for ball in ruling.respotted if after and ball in after]
    columns = max(40, int(width_px / 8.2))         # characters of 15-px text that fit across
    captions = [(piece, bold) for text, bold in _caption_lines(title, call, ruling, result, words, lang, respotted)
                for piece in textwrap.wrap(text, columns)]
    legend, legend_rows = _legend(words, width_px, table_h + 12, called=call is not None,
                                  respotted=bool(respotted))
    caption_top = table_h + 12 + LEGEND_LINE * legend_rows + 8
    height_px = caption_top + CAPTION_LINE * len(captions)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px:.0f}" height="{height_px:.0f}" '
        f'viewBox="0 0 {width_px:.1f} {height_px:.1f}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{width_px:.1f}" height="{height_px:.1f}" fill="#ffffff"/>',
        f'<rect x="0" y="0" width="{width_px:.1f}" height="{table_h:.1f}" rx="18" fill="{WOOD}"/>',
    ]
    out += _cloth_and_pockets(frame, call, words, lang)
    out += _markings(frame)
    out += _diamonds(frame)
    moving = sorted(before)
    for ball in moving:
        path = result.path(ball)
        if len(path) >= 2:
            out.append(_polyline(frame, path, ball))
    r_px = spec.ball_radius * SCALE
    for ball, where in sorted(result.final.items()):
        if before.get(ball) is not None and _moved(before[ball], where):
            cx, cy = frame.px(where)
            out.append(f'<circle class="stopped" data-ball="{ball}" cx="{cx:.1f}" cy="{cy:.1f}" r="{r_px:.1f}" '
                       f'fill="none" stroke="{_stroke_colour(ball)}" stroke-width="1.5" stroke-dasharray="3 2"/>')
    for ball in moving:
        out += _ball(frame, ball, before[ball])
    for exit_ in result.exits:
        out += _off_table_mark(frame, exit_.ball, (exit_.x, exit_.y))
    for ball, where in respotted:
        out += _respotted_ball(frame, ball, where)
    out += legend
    y = caption_top + CAPTION_LINE * 0.7
    for i, (text, bold) in enumerate(captions):
        weight = ' font-weight="bold"' if bold else ""
        out.append(f'<text x="12" y="{y + i * CAPTION_LINE:.1f}" font-size="15"{weight} '
                   f'fill="#222">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cloth_and_pockets(frame: _Frame, call: rules.Call | None, words: Mapping[str, str], lang: str) -> list[str]:
    """The cushions, the cloth, and each pocket: its throat between the jaws cut through the cushion,
    and its drop circle."""
    spec, geometry = frame.spec, frame.spec.geometry
    left, top = frame.px((0.0, 0.0))
    band = CUSHION * SCALE
    out = [f'<rect class="cushion" x="{left - band:.1f}" y="{top - band:.1f}" '
           f'width="{spec.length * SCALE + 2 * band:.1f}" height="{spec.width * SCALE + 2 * band:.1f}" '
           f'fill="{CUSHION_COLOUR}"/>',
           f'<rect class="cloth" x="{left:.1f}" y="{top:.1f}" width="{spec.length * SCALE:.1f}" '
           f'height="{spec.width * SCALE:.1f}" fill="{CLOTH}"/>']
    segments = geometry.segments.tolist()
    names = list(spec.pockets)
    for index, (name, (hx, hy, hr)) in enumerate(zip(names, geometry.holes.tolist())):
        jaws = [s for s in segments if int(s[6]) == index]
        # the throat: jaw A from its tip outwards, then jaw B back to its tip
        corners = [(jaws[0][0], jaws[0][1]), (jaws[0][2], jaws[0][3]), (jaws[1][2], jaws[1][3]),
                   (jaws[1][0], jaws[1][1])]
        points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (frame.px(c) for c in corners))
        out.append(f'<polygon class="throat" points="{points}" fill="{CLOTH}"/>')
        cx, cy = frame.px((hx, hy))
        out.append(f'<circle class="pocket" cx="{cx:.1f}" cy="{cy:.1f}" r="{hr * SCALE:.1f}" fill="#050505">'
                   f'<title>{escape(name_of(name, lang))}</title></circle>')
        if call is not None and call.pocket == name:
            out.append(f'<circle class="called-pocket" cx="{cx:.1f}" cy="{cy:.1f}" r="{hr * SCALE + 5:.1f}" '
                       f'fill="none" stroke="#ffd84a" stroke-width="3"><title>{escape(words["call"])}: '
                       f'{call.ball} {escape(words["in"])} {escape(name_of(name, lang))}</title></circle>')
    return out


def _markings(frame: _Frame) -> list[str]:
    spec = frame.spec
    head_x, top = frame.px((0.0, spec.head_string_y))
    _, bottom = frame.px((spec.width, 0.0))
    fx, fy = frame.px(spec.foot_spot)
    start, long_y = frame.px((spec.width / 2, 0.0))
    end, _ = frame.px((spec.width / 2, spec.length))
    return [
        f'<line class="head-string" x1="{head_x:.1f}" y1="{top:.1f}" x2="{head_x:.1f}" y2="{bottom:.1f}" '
        f'stroke="#cfe8d8" stroke-width="1.5" stroke-dasharray="6 5"/>',
        f'<line x1="{start:.1f}" y1="{long_y:.1f}" x2="{end:.1f}" y2="{long_y:.1f}" stroke="#2f8a5c" '
        'stroke-width="1"/>',
        f'<circle class="foot-spot" cx="{fx:.1f}" cy="{fy:.1f}" r="3" fill="#cfe8d8"/>',
    ]


def _diamonds(frame: _Frame) -> list[str]:
    """The sights on the rails: three between pockets on the long rails, three on each short rail."""
    spec = frame.spec
    marks = []
    mid = CUSHION + (frame.rail - CUSHION) / 2          # in the middle of the wood
    long_ys = [spec.length * k / 8 for k in (1, 2, 3, 5, 6, 7)]
    short_xs = [spec.width * k / 4 for k in (1, 2, 3)]
    points = ([(-mid, y) for y in long_ys] + [(spec.width + mid, y) for y in long_ys]
              + [(x, -mid) for x in short_xs] + [(x, spec.length + mid) for x in short_xs])
    size = 0.012 * SCALE
    for point in points:
        cx, cy = frame.px(point)
        marks.append(f'<polygon class="diamond" points="{cx:.1f},{cy - size:.1f} {cx + size:.1f},{cy:.1f} '
                     f'{cx:.1f},{cy + size:.1f} {cx - size:.1f},{cy:.1f}" fill="#efe6c8"/>')
    return marks


def _legend(words: Mapping[str, str], width_px: float, top: float, *, called: bool,
            respotted: bool) -> tuple[list[str], int]:
    """The marks of the drawing explained, in rows below the table: (SVG elements, rows used)."""
    r = 7.0
    swatches: list[tuple[str, str]] = [
        ("cue_path", '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#888" stroke-width="4"/>'
                     '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#ffffff" stroke-width="2" '
                     'stroke-dasharray="7 4"/>'),
        ("ball_path", '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#d22424" stroke-width="2"/>'),
        ("stopped", f'<circle cx="{{cx}}" cy="{{y}}" r="{r}" fill="none" stroke="#d22424" stroke-width="1.5" '
                    'stroke-dasharray="3 2"/>'),
    ]
    if called:
        swatches.append(("called_pocket", f'<circle cx="{{cx}}" cy="{{y}}" r="{r}" fill="#050505" '
                                          'stroke="#ffd84a" stroke-width="3"/>'))
    if respotted:
        swatches.append(("respotted_ball", f'<circle cx="{{cx}}" cy="{{y}}" r="{r}" fill="#d22424" '
                                           'fill-opacity="0.45" stroke="#888" stroke-width="1.5" '
                                           'stroke-dasharray="3 2"/>'))
    swatches += [
        ("head_string", '<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#4a8a66" stroke-width="1.5" '
                        'stroke-dasharray="6 5"/>'),
        ("foot_spot", '<circle cx="{cx}" cy="{y}" r="3" fill="#4a8a66"/>'),
    ]
    out = ['<g class="legend" font-size="13" fill="#222">']
    label = words["legend"]
    x, row = 12.0, 0
    out.append(f'<text x="{x:.1f}" y="{top + 4:.1f}" font-weight="bold">{escape(label)}</text>')
    x += 8.0 * len(label) + 8
    for key, swatch in swatches:
        text = words[key]
        item = 30 + 6.4 * len(text) + 18           # swatch, text of 13-px characters, gap
        if x + item > width_px - 12 and x > 12:
            x, row = 12.0, row + 1
        y = top + row * LEGEND_LINE
        out.append(f'<g class="legend-item" data-mark="{key}">'
                   + swatch.format(x0=f"{x:.1f}", x1=f"{x + 24:.1f}", cx=f"{x + 12:.1f}", y=f"{y:.1f}")
                   + f'<text x="{x + 30:.1f}" y="{y + 4.5:.1f}">{escape(text)}</text></g>')
        x += item
    out.append("</g>")
    return out, row + 1


def _respotted_ball(frame: _Frame, ball: int, where: Point) -> list[str]:
    cx, cy = frame.px(where)
    r = frame.spec.ball_radius * SCALE
    return [f'<g class="respotted"><title>{ball}</title>',
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{BALL_COLOURS[ball]}" fill-opacity="0.45" '
            f'stroke="#ffffff" stroke-width="1.5" stroke-dasharray="3 2"/>',
            f'<text x="{cx:.1f}" y="{cy + r * 0.28:.1f}" font-size="{r * 0.75:.1f}" text-anchor="middle" '
            f'fill="#fff">{ball}</text>', '</g>']


def _off_table_mark(frame: _Frame, ball: int, where: Point) -> list[str]:
    """A cross where a ball left the table (its centre crossed the side's line), in the ball's colour."""
    cx, cy = frame.px(where)
    r = frame.spec.ball_radius * SCALE
    colour = _stroke_colour(ball)
    return [f'<g class="off-table" data-ball="{ball}"><title>{ball}</title>',
            f'<path d="M{cx - r:.1f},{cy - r:.1f} L{cx + r:.1f},{cy + r:.1f} M{cx - r:.1f},{cy + r:.1f} '
            f'L{cx + r:.1f},{cy - r:.1f}" stroke="{colour}" stroke-width="3"/>', '</g>']


def _stroke_colour(ball: int) -> str:
    return "#ffffff" if ball == 0 else BALL_COLOURS[ball]


def _polyline(frame: _Frame, path: Sequence[Point], ball: int) -> str:
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (frame.px(p) for p in path))
    dash = ' stroke-dasharray="7 4"' if ball == 0 else ""
    return (f'<polyline class="path" data-ball="{ball}" points="{points}" fill="none" '
            f'stroke="{_stroke_colour(ball)}" stroke-width="2" stroke-opacity="0.85"{dash}/>')


def _ball(frame: _Frame, ball: int, where: Point) -> list[str]:
    cx, cy = frame.px(where)
    r = frame.spec.ball_radius * SCALE
    colour = BALL_COLOURS[ball]
    parts = [f'<g class="ball" data-ball="{ball}"><title>{ball}</title>']
    if 9 <= ball <= 15:
        clip = f"clip{ball}"
        parts += [
            f'<clipPath id="{clip}"><circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/></clipPath>',
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="#f8f8f0"/>',
            f'<rect x="{cx - r:.1f}" y="{cy - r * 0.55:.1f}" width="{2 * r:.1f}" height="{1.1 * r:.1f}" '
            f'fill="{colour}" clip-path="url(#{clip})"/>',
        ]
    else:
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}"/>')
    parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="none" stroke="#000" '
                 f'stroke-opacity="0.5" stroke-width="1"/>')
    if ball != 0:
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.45:.1f}" fill="#fff"/>')
        parts.append(f'<text x="{cx:.1f}" y="{cy + r * 0.28:.1f}" font-size="{r * 0.75:.1f}" '
                     f'text-anchor="middle" fill="#000">{ball}</text>')
    parts.append("</g>")
    return parts


def _moved(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) > 1e-4 or abs(a[1] - b[1]) > 1e-4


def _caption_lines(title: str, call: rules.Call | None, ruling: rules.Ruling, result: ShotResult,
                   words: Mapping[str, str], lang: str,
                   respotted: Sequence[tuple[int, Point]] = ()) -> list[tuple[str, bool]]:
    if call is None:
        call_text = words["none"]
    else:
        call_text = f'{call.ball} {words["in"]} {name_of(call.pocket, lang)}'
    lines = [(f"{title} · {words['call']}: {call_text}", True)]
    if result.pocketed:
        dropped = ", ".join(f"{words['cue_ball'] if ball == 0 else ball} ({name_of(pocket, lang)})"
                            for ball, pocket, _t in result.pocketed)
        lines.append((f"{words['pocketed']}: {dropped}", False))
    if result.exits:
        sides = _SIDES["es" if lang == "es" else "en"]
        gone = ", ".join(f"{words['cue_ball'] if e.ball == 0 else e.ball} ({sides[e.side]})" for e in result.exits)
        lines.append((f"{words['off_table']}: {gone}", False))
    if respotted:
        lines.append((words["respotted"].format(balls=", ".join(str(ball) for ball, _ in respotted)), False))
    head = words["foul"] if ruling.foul else words["legal"]
    lines.append((head, True))
    for reason in ruling.reasons:
        lines.append((f"Art. {reason.article} - {reason.text(lang)}", False))
    return lines
