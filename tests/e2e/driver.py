"""Playing the browser app like a person: every action is a click, a drag or a key on the page.
The page's `window.bola8.screen` is read only to know where things are drawn and whose turn it is."""

from __future__ import annotations

import math
from typing import Any

from playwright.sync_api import Page

SOLIDS = set(range(1, 8))
STRIPES = set(range(9, 16))


def screen(page: Page, expr: str) -> Any:
    return page.evaluate(f"() => {{ const s = window.bola8.screen; return {expr}; }}")


def settle(page: Page, timeout: float = 30_000) -> str:
    """Wait until no shot is being animated or sent and return the screen's mode."""
    page.wait_for_function("() => window.bola8 && window.bola8.ready && window.bola8.screen && "
                           "!window.bola8.screen.animating && !document.querySelector('[data-testid=shoot]:disabled')",
                           timeout=timeout)
    mode: str = screen(page, "s.mode")
    return mode


def wait_turn(page: Page, timeout: float = 60_000) -> str:
    """Wait until the page asks something of a seat it holds (or the match is over). An action the
    page has sent and not yet had answered (`busy`) is not a question: the screen it shows meanwhile
    is the one the action is about to replace."""
    page.wait_for_function(
        "() => { const s = window.bola8 && window.bola8.screen; return s && !s.animating && !s.busy && "
        "['lag', 'place', 'shot', 'choice', 'over'].includes(s.mode) && "
        "(s.mode !== 'lag' || document.querySelector('[data-testid=lag-dialog]')) && "
        "(s.mode !== 'choice' || document.querySelector('[data-testid=choice-dialog]')); }",
        timeout=timeout)
    mode: str = screen(page, "s.mode")
    return mode


def client(page: Page, x: float, y: float) -> tuple[float, float]:
    cx, cy = screen(page, f"s.toClient({x}, {y})")
    return float(cx), float(cy)


def drag(page: Page, a: tuple[float, float], b: tuple[float, float], steps: int = 8) -> None:
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(*b, steps=steps)
    page.mouse.up()


def lag(page: Page, speed: float) -> None:
    page.get_by_test_id("lag-speed").fill(str(speed))
    page.get_by_test_id("dialog-lag").click()


def choose_first_option(page: Page) -> str:
    button = page.get_by_test_id("choice-dialog").locator("[data-testid^=option-]").first
    option = (button.get_attribute("data-testid") or "").removeprefix("option-")
    button.click()
    return option


def place_cue_ball(page: Page) -> None:
    """Drag the cue ball to a free spot (behind the head string when the view says so), check
    the legal mark, then press Place."""
    view = screen(page, "s.view")
    g = screen(page, "s.geom()")
    W, L, R = g["width"], g["length"], g["ball_radius"]
    balls = {int(k): v for k, v in view["balls"].items() if int(k) != 0}
    kitchen = view.get("kitchen_only")
    start = screen(page, "s.place")
    candidates = [(W * fx, L * fy) for fy in ((0.12, 0.18, 0.08) if kitchen else (0.2, 0.5, 0.3, 0.7))
                  for fx in (0.5, 0.3, 0.7, 0.15, 0.85)]
    for x, y in candidates:
        if all(math.hypot(x - bx, y - by) > 3 * R for bx, by in balls.values()):
            break
    drag(page, client(page, *start), client(page, x, y))
    assert page.get_by_test_id("place-status").get_attribute("data-legal") == "yes"
    page.get_by_test_id("place").click()


def plan_shot(view: dict[str, Any], g: dict[str, Any], seat: int) -> tuple[int, str, float] | None:
    """A ball of the seat's group (or the 8), the pocket with the straightest line, and the aim
    angle at the ghost ball: geometry a player does in his head."""
    state = view["state"]
    balls = {int(k): v for k, v in view["balls"].items()}
    cue = balls.get(0)
    if cue is None:
        return None
    R = g["ball_radius"]
    groups = state.get("groups")
    if groups is None:
        targets = [b for b in balls if b not in (0, 8)]
    else:
        mine = SOLIDS if groups[seat] == "solids" else STRIPES
        targets = [b for b in balls if b in mine] or [8]
    best: tuple[float, int, str, float] | None = None
    for ball in targets:
        ox, oy = balls[ball]
        for name, pocket in g["pockets"].items():
            px, py = pocket["mouth"]
            dx, dy = px - ox, py - oy
            dist = math.hypot(dx, dy)
            gx, gy = ox - 2 * R * dx / dist, oy - 2 * R * dy / dist
            ax, ay = gx - cue[0], gy - cue[1]
            along = math.hypot(ax, ay)
            cos_cut = (ax * dx + ay * dy) / (along * dist)
            if cos_cut < 0.5:
                continue
            # blocked lines (another ball within 2R of the cue ball's path) are skipped
            blocked = any(_near_segment(bx, by, cue, (gx, gy), 2 * R) for b, (bx, by) in balls.items() if b not in (0, ball))
            if blocked:
                continue
            cost = (1 - cos_cut) * 6 + along * 0.3 + dist * 0.4
            if best is None or cost < best[0]:
                best = (cost, ball, name, math.degrees(math.atan2(ay, ax)) % 360)
    if best is None:
        return None
    return best[1], best[2], best[3]


def _near_segment(x: float, y: float, a: list[float] | tuple[float, float], b: tuple[float, float], r: float) -> bool:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    f = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
    return math.hypot(ax + f * dx - x, ay + f * dy - y) < r


def aim(page: Page, phi: float) -> None:
    """Drag on the table from the aim line's far end to turn the cue to `phi`, then fine-aim with
    the arrow keys until the page's angle is within 0.05 degrees."""
    view = screen(page, "s.view")
    cue = view["balls"]["0"]
    g = screen(page, "s.geom()")
    far = 1.0
    tx = cue[0] + far * math.cos(math.radians(phi))
    ty = cue[1] + far * math.sin(math.radians(phi))
    tx = min(max(tx, -0.05), g["width"] + 0.05)
    ty = min(max(ty, -0.05), g["length"] + 0.05)
    drag(page, client(page, cue[0], cue[1]), client(page, tx, ty), steps=6)
    page.get_by_test_id("table").focus()
    for _ in range(40):
        got = float(screen(page, "s.phi"))
        diff = (phi - got + 540) % 360 - 180
        if abs(diff) < 0.05:
            break
        page.keyboard.press("ArrowLeft" if diff > 0 else "ArrowRight")


def call(page: Page, ball: int, pocket: str) -> None:
    """Tap the ball, then the pocket."""
    view = screen(page, "s.view")
    x, y = view["balls"][str(ball)]
    page.mouse.click(*client(page, x, y))
    page.mouse.click(*[float(v) for v in screen(page, f"s.pocketClient('{pocket}')")])


def set_power(page: Page, speed: float) -> None:
    page.get_by_test_id("power").fill(f"{speed:.1f}")


def assert_questions_closed_only_by_answers(page: Page) -> None:
    """The page's mode log: a question to this page (the lag, a choice, the cue ball in hand, a
    stroke) is left only by the page's own answer ("sent") or for a replay - never by itself."""
    log = screen(page, "s.transitions")
    for step in log:
        if step["from"] in ("lag", "choice", "place", "shot"):
            assert step["to"] in ("sent", "replay"), log
