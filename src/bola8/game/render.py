"""Top-down diagrams of a shot, the way pool players draw them, as SVG.

The table lies with the head cushion on the left and the foot on the right;
the side ``x = 0`` ("left" for a player standing at the head) is at the top.
Balls stand where they were before the stroke; each ball's path is drawn in
its colour (the cue ball's dashed white), with an outline where it stopped;
the rail diamonds, the head string, the foot spot, the called pocket (ringed),
the balls re-spotted after the shot (a dashed ball where they were put) and
the ruling, with its articles, are shown.
"""

from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape

from bola8.game.layout import Point
from bola8.rules.messages import name_of

SCALE = 400.0           # pixels per metre
RAIL = 0.09             # rail width drawn around the cloth, metres
CAPTION_LINE = 22.0     # pixels

BALL_COLOURS = {
    0: "#f8f8f0", 1: "#f2c200", 2: "#1f4fbf", 3: "#d22424", 4: "#5b2a86", 5: "#f07f13",
    6: "#1b7a3a", 7: "#7a1f1f", 8: "#111111", 9: "#f2c200", 10: "#1f4fbf", 11: "#d22424",
    12: "#5b2a86", 13: "#f07f13", 14: "#1b7a3a", 15: "#7a1f1f",
}

_WORDS = {
    "es": {"call": "Cantada", "none": "sin cantar", "in": "a", "foul": "FALTA", "legal": "Tiro legal",
           "pocketed": "Entroneradas", "cue_ball": "bola blanca",
           "respotted": "Repuestas en la línea larga (Art. 16, bola discontinua): {balls}"},
    "en": {"call": "Call", "none": "no call", "in": "in", "foul": "FOUL", "legal": "Legal shot",
           "pocketed": "Pocketed", "cue_ball": "cue ball",
           "respotted": "Re-spotted on the long string (Art. 16, dashed ball): {balls}"},
}


def render_shot(spec, before: dict[int, Point], result, *, title: str, call, ruling,
                lang: str = "es", after: dict[int, Point] | None = None) -> str:
    """The SVG text of one shot: table, balls before the stroke, paths, ruling.

    ``call`` is a :class:`bola8.rules.Call` or None, ``ruling`` a
    :class:`bola8.rules.Ruling`; ``after`` is the layout once the ruling was
    applied, where the re-spotted balls are found.
    """
    words = _WORDS["es" if lang == "es" else "en"]
    width_px = (spec.length + 2 * RAIL) * SCALE
    table_h = (spec.width + 2 * RAIL) * SCALE
    respotted = [(ball, after[ball]) for ball in ruling.respotted if after and ball in after]
    columns = max(40, int(width_px / 8.2))         # characters of 15-px text that fit across
    captions = [(piece, bold) for text, bold in _caption_lines(title, call, ruling, result, words, lang, respotted)
                for piece in textwrap.wrap(text, columns)]
    height_px = table_h + 16 + CAPTION_LINE * len(captions)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px:.0f}" height="{height_px:.0f}" '
        f'viewBox="0 0 {width_px:.1f} {height_px:.1f}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="0" y="0" width="{width_px:.1f}" height="{height_px:.1f}" fill="#ffffff"/>',
        f'<rect x="0" y="0" width="{width_px:.1f}" height="{table_h:.1f}" rx="18" fill="#5a3518"/>',
        f'<rect x="{RAIL * SCALE:.1f}" y="{RAIL * SCALE:.1f}" width="{spec.length * SCALE:.1f}" '
        f'height="{spec.width * SCALE:.1f}" fill="#1d6b45"/>',
    ]
    out += _markings(spec)
    out += _diamonds(spec)
    for name, (px, py) in spec.pockets.items():
        cx, cy = _to_px(spec, (px, py))
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{0.062 * SCALE:.1f}" fill="#050505">'
                   f'<title>{escape(name_of(name, lang))}</title></circle>')
        if call is not None and call.pocket == name:
            out.append(f'<circle class="called-pocket" cx="{cx:.1f}" cy="{cy:.1f}" r="{0.075 * SCALE:.1f}" '
                       f'fill="none" stroke="#ffd84a" stroke-width="3"><title>{escape(words["call"])}: '
                       f'{call.ball} {escape(words["in"])} {escape(name_of(name, lang))}</title></circle>')
    moving = sorted(before)
    for ball in moving:
        path = result.path(ball)
        if len(path) >= 2:
            out.append(_polyline(spec, path, ball))
    r_px = spec.ball_radius * SCALE
    for ball, where in sorted(result.final.items()):
        if before.get(ball) is not None and _moved(before[ball], where):
            cx, cy = _to_px(spec, where)
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r_px:.1f}" fill="none" '
                       f'stroke="{_stroke_colour(ball)}" stroke-width="1.5" stroke-dasharray="3 2"/>')
    for ball in moving:
        out += _ball(spec, ball, before[ball])
    for ball, where in respotted:
        out += _respotted_ball(spec, ball, where)
    y = table_h + 16 + CAPTION_LINE * 0.7
    for i, (text, bold) in enumerate(captions):
        weight = ' font-weight="bold"' if bold else ""
        out.append(f'<text x="12" y="{y + i * CAPTION_LINE:.1f}" font-size="15"{weight} '
                   f'fill="#222">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _to_px(spec, point: Point) -> tuple[float, float]:
    x, y = point
    return ((y + RAIL) * SCALE, (x + RAIL) * SCALE)


def _markings(spec) -> list[str]:
    top, bottom = RAIL * SCALE, (RAIL + spec.width) * SCALE
    head_x = (spec.head_string_y + RAIL) * SCALE
    fx, fy = _to_px(spec, spec.foot_spot)
    long_y = (spec.width / 2 + RAIL) * SCALE
    return [
        f'<line x1="{head_x:.1f}" y1="{top:.1f}" x2="{head_x:.1f}" y2="{bottom:.1f}" '
        f'stroke="#cfe8d8" stroke-width="1.5" stroke-dasharray="6 5"/>',
        f'<line x1="{RAIL * SCALE:.1f}" y1="{long_y:.1f}" x2="{(RAIL + spec.length) * SCALE:.1f}" '
        f'y2="{long_y:.1f}" stroke="#2f8a5c" stroke-width="1"/>',
        f'<circle cx="{fx:.1f}" cy="{fy:.1f}" r="3" fill="#cfe8d8"/>',
    ]


def _diamonds(spec) -> list[str]:
    """The sights on the rails: three between pockets on the long rails, three on each short rail."""
    marks = []
    mid = RAIL / 2
    long_ys = [spec.length * k / 8 for k in (1, 2, 3, 5, 6, 7)]
    short_xs = [spec.width * k / 4 for k in (1, 2, 3)]
    points = ([(-mid, y) for y in long_ys] + [(spec.width + mid, y) for y in long_ys]
              + [(x, -mid) for x in short_xs] + [(x, spec.length + mid) for x in short_xs])
    size = 0.012 * SCALE
    for point in points:
        cx, cy = _to_px(spec, point)
        marks.append(f'<polygon class="diamond" points="{cx:.1f},{cy - size:.1f} {cx + size:.1f},{cy:.1f} '
                     f'{cx:.1f},{cy + size:.1f} {cx - size:.1f},{cy:.1f}" fill="#efe6c8"/>')
    return marks


def _respotted_ball(spec, ball: int, where: Point) -> list[str]:
    cx, cy = _to_px(spec, where)
    r = spec.ball_radius * SCALE
    return [f'<g class="respotted"><title>{ball}</title>',
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{BALL_COLOURS[ball]}" fill-opacity="0.45" '
            f'stroke="#ffffff" stroke-width="1.5" stroke-dasharray="3 2"/>',
            f'<text x="{cx:.1f}" y="{cy + r * 0.28:.1f}" font-size="{r * 0.75:.1f}" text-anchor="middle" '
            f'fill="#fff">{ball}</text>', '</g>']


def _stroke_colour(ball: int) -> str:
    return "#ffffff" if ball == 0 else BALL_COLOURS[ball]


def _polyline(spec, path, ball: int) -> str:
    points = " ".join(f"{px:.1f},{py:.1f}" for px, py in (_to_px(spec, p) for p in path))
    dash = ' stroke-dasharray="7 4"' if ball == 0 else ""
    return (f'<polyline points="{points}" fill="none" stroke="{_stroke_colour(ball)}" '
            f'stroke-width="2" stroke-opacity="0.85"{dash}/>')


def _ball(spec, ball: int, where: Point) -> list[str]:
    cx, cy = _to_px(spec, where)
    r = spec.ball_radius * SCALE
    colour = BALL_COLOURS[ball]
    parts = [f'<g><title>{ball}</title>']
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


def _caption_lines(title, call, ruling, result, words, lang, respotted=()) -> list[tuple[str, bool]]:
    if call is None:
        call_text = words["none"]
    else:
        call_text = f'{call.ball} {words["in"]} {name_of(call.pocket, lang)}'
    lines = [(f"{title} · {words['call']}: {call_text}", True)]
    if result.pocketed:
        dropped = ", ".join(f"{words['cue_ball'] if ball == 0 else ball} ({name_of(pocket, lang)})"
                            for ball, pocket, _t in result.pocketed)
        lines.append((f"{words['pocketed']}: {dropped}", False))
    if respotted:
        lines.append((words["respotted"].format(balls=", ".join(str(ball) for ball, _ in respotted)), False))
    head = words["foul"] if ruling.foul else words["legal"]
    lines.append((head, True))
    for reason in ruling.reasons:
        lines.append((f"Art. {reason.article} - {reason.text(lang)}", False))
    return lines
