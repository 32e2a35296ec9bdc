"""The coach: the searching bot explains what it would play, for any position.

:func:`advise` runs the searching bot's own search on a position and returns
plain JSON-able data: the best few shots (the call, the stroke, the chance to
pot it as called, the chance to also leave a next shot, the chance of a foul
and of losing the game on the stroke, the chance to win the rack after it),
the safety it would play instead, where to put the cue ball when it is in
hand, the break, or the option to take when a choice is pending. Each
suggestion carries a short explanation in Spanish and English, so a page can
show it as it is. ``bola8 advise`` speaks the same JSON (docs/advise-json.md).

>>> from bola8.game import Game
>>> game = Game.new("9ft", rack_seed=1)
>>> advice = advise(game, level="beginner")
>>> advice["action"], advice["suggestions"][0]["kind"]
('break', 'break')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bola8.errors import InputError
from bola8.players.estimate import best_direct_chances, first_shot
from bola8.players.levels import LEVEL_NAMES, get_level
from bola8.players.noise import MAX_LEVEL, ExecutionNoise
from bola8.rules.messages import name_of

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.players.search import Candidate

MAX_TOP = 10
CUSHION_NAMES = {"head": ("de cabecera", "head"), "foot": ("de pie", "foot"),
                 "left": ("larga izquierda", "left long"), "right": ("larga derecha", "right long")}
# each kind of called shot (bola8.players.shots.SHOT_KINDS) as a player says it (es, en)
KIND_NAMES = {"pot": ("directa", "straight in"), "bank": ("por banda", "bank"), "kick": ("la blanca a banda", "kick"),
              "combination": ("combinación", "combination"), "kiss": ("carambola", "kiss"),
              "jump": ("con salto", "jump")}


def advise(game: Game, *, level: str = "champion", top: int = 3, seed: int = 0, noise: float = 1.0) -> dict[str, Any]:
    """The searching bot's advice for the player to act in ``game`` (see the module).

    ``level``: whose eyes (and whose noise: the advice is for a player who
    strikes like that level at the match's ``noise``); ``top``: how many shots
    to list (1 to 10); ``seed``: the search's draws, so the same question gets
    the same answer.
    """
    from bola8.players.search_bot import SearchBot

    chosen = get_level(level)
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= MAX_TOP:
        raise InputError(f"top: {top!r} is not a number of suggestions; expected a whole number from 1 to {MAX_TOP}.",
                         f"top: {top!r} no es un número de sugerencias; se esperaba un entero de 1 a {MAX_TOP}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"seed: {seed!r} is not a whole number.", f"seed: {seed!r} no es un número entero.")
    ExecutionNoise(level=noise)
    if game.is_over:
        raise InputError("state.phase: the game is over; there is no shot to advise.",
                         "state.phase: la partida ha terminado; no hay ningún tiro que aconsejar.")
    bot = SearchBot(chosen, name="coach", seed=seed,
                    noise=ExecutionNoise(level=min(noise * chosen.noise_scale, MAX_LEVEL)), physics=game.physics)
    state = game.state
    answer: dict[str, Any] = {"level": chosen.name, "levels": list(LEVEL_NAMES), "noise": bot.noise.level}
    if state.decision is not None:
        return {**answer, **_choice(bot, game)}
    answer["player"] = state.shooter
    if state.phase == "break":
        plan = bot.break_plan(game)
        x, y = plan.spot
        answer.update(action="break", placement=_placement(x, y, break_spot=True), safety=None,
                      suggestions=[_break(plan)], simulations=0)
        return answer
    placement = None
    if game.needs_placement:
        x, y = bot.place_cue_ball(game)
        game = game.place_cue_ball(x, y)
        placement = _placement(x, y)
    result = bot.searcher.search(game)
    sigma = bot.searcher.sigma
    pots = _distinct_shots(sorted(result.pots, key=lambda c: -c.value))[:top]
    safety = result.safeties[0] if result.safeties else None
    answer.update(action="shot", placement=placement,
                  suggestions=[_suggestion(game, c, rank, sigma) for rank, c in enumerate(pots, 1)],
                  safety=None if safety is None else _suggestion(game, safety, 0, sigma),
                  best="safety" if (safety is not None and result.best is safety) else ("pot" if pots else None),
                  simulations=result.simulations)
    return answer


# ------------------------------------------------------------------ pieces
def _distinct_shots(candidates: list[Candidate]) -> list[Candidate]:
    """The best stroke of each distinct shot (call, kind, balls, cushion): a list of choices, not of spins."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for c in candidates:
        plan = c.plan
        key = (plan.kind, None if plan.call is None else (plan.call.ball, plan.call.pocket), plan.first, plan.via,
               plan.cushion)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _placement(x: float, y: float, break_spot: bool = False) -> dict[str, Any]:
    if break_spot:
        es = f"Coloque la bola blanca en ({x:.3f}, {y:.3f}), sobre la línea de cabecera."
        en = f"Put the cue ball at ({x:.3f}, {y:.3f}), on the head string."
    else:
        es = f"Con bola en mano, coloque la blanca en ({x:.3f}, {y:.3f})."
        en = f"With ball in hand, put the cue ball at ({x:.3f}, {y:.3f})."
    return {"x": round(x, 4), "y": round(y, 4), "explanation": {"es": es, "en": en}}


def _strike(strike: Any) -> dict[str, float | str]:
    """The contract's strike, its numbers rounded; a cue of its own (a jump's) named as the strike names it."""
    return {k: v if isinstance(v, str) else round(float(v), 4) for k, v in strike.to_dict().items()}


def _stroke_words(strike: Any) -> tuple[str, str]:
    """Speed, spin and side as a player says them."""
    speed = strike.speed
    pace = ("suave", "soft") if speed < 1.5 else (("medio", "medium") if speed < 3.0 else ("fuerte", "hard"))
    if strike.b <= -0.2:
        spin = ("con efecto bajo (retroceso)", "with draw")
    elif strike.b >= 0.2:
        spin = ("con efecto alto (seguimiento)", "with follow")
    else:
        spin = ("al centro", "centre ball")
    side = ""
    side_en = ""
    if strike.a >= 0.15:
        side, side_en = " y efecto a la derecha", " and right english"
    elif strike.a <= -0.15:
        side, side_en = " y efecto a la izquierda", " and left english"
    return (f"golpe {pace[0]} ({speed:.1f} m/s) {spin[0]}{side}", f"{pace[1]} stroke ({speed:.1f} m/s), {spin[1]}{side_en}")


def _how(c: Candidate) -> tuple[str, str]:
    plan = c.plan
    cushion = CUSHION_NAMES.get(plan.cushion or "", ("", ""))
    if plan.kind == "pot":
        return "directa", "straight in"
    if plan.kind == "bank":
        return f"por la banda {cushion[0]}", f"banked off the {cushion[1]} cushion"
    if plan.kind == "kick":
        return f"con la blanca primero a la banda {cushion[0]}", f"kicking the cue ball off the {cushion[1]} cushion"
    if plan.kind == "safety":      # a two-way shot: played safe, called to count as an attempt
        return ("jugada defensiva cantada (cuenta como intento, Art. 21.1)",
                "a safety with a call (it counts as an attempt, Art. 21.1)")
    if plan.kind == "combination":
        return (f"en combinación: la blanca da primero a la {plan.first}",
                f"as a combination: the cue ball hits the {plan.first} first")
    if plan.kind == "jump":
        return ("saltando con el taco de salto las bolas que tapan el camino (golpe por encima del centro, "
                "legal: Art. 12.1.f)",
                "jumping the balls in the way with the jump cue (struck above the centre: legal, Art. 12.1.f)")
    return f"de carambola con la {plan.via}", f"kissed off the {plan.via}"


def _percent(value: float, lang: str = "es") -> str:
    """A share as people write it: "43 %" in Spanish, "43%" in English."""
    return f"{round(100 * value)} %" if lang == "es" else f"{round(100 * value)}%"


def _suggestion(game: Game, c: Candidate, rank: int, sigma: float) -> dict[str, Any]:
    plan = c.plan
    stroke_es, stroke_en = _stroke_words(c.strike)
    data: dict[str, Any] = {
        "rank": rank, "kind": plan.kind,
        "call": None if plan.call is None else plan.call.to_dict(),
        "first_contact": plan.first, "via": plan.via, "cushion": plan.cushion,
        "strike": _strike(c.strike),
        "chance_pot": round(c.pot, 3), "chance_shape": round(c.shape, 3),
        "chance_foul": round(c.foul, 3), "chance_loss": round(c.lost, 3),
        "win_chance": round(c.value, 3), "samples": c.samples, "looked_ahead": c.searched,
        "path": [[round(x, 4), round(y, 4)] for x, y in plan.path],
    }
    if plan.call is None:
        left = _left_to_opponent(c, game.state.shooter, sigma)
        data["chance_opponent"] = round(left, 3)
        how_es = f" por la banda {CUSHION_NAMES[plan.cushion][0]}" if plan.cushion else ""
        how_en = f" off the {CUSHION_NAMES[plan.cushion][1]} cushion" if plan.cushion else ""
        es = (f"Jugada defensiva sin cantar: toque la {plan.first}{how_es}, {stroke_es}. Al rival le queda un tiro "
              f"del {_percent(left)}; falta el {_percent(c.foul)} de las veces; gana la partida el {_percent(c.value)}.")
        en = (f"Safety, no call: hit the {plan.first}{how_en}, {stroke_en}. It leaves the opponent a "
              f"{_percent(left, 'en')} shot; fouls {_percent(c.foul, 'en')} of the time; wins the rack {_percent(c.value, 'en')}.")
        if c.samples and c.foul >= 1.0:      # every stroke it tried fouls: say so before the details
            es = "No hay ningún golpe legal a la vista: esta es la falta que menos cuesta. " + es
            en = "No legal stroke is in sight: this is the foul that costs least. " + en
    else:
        how_es, how_en = _how(c)
        pocket_es, pocket_en = name_of(plan.call.pocket, "es"), name_of(plan.call.pocket, "en")
        es = (f"Bola {plan.call.ball} a la tronera {pocket_es}, {how_es}; {stroke_es}. Entra el {_percent(c.pot)} "
              f"de las veces y deja buen tiro siguiente el {_percent(c.shape)}; gana la partida el {_percent(c.value)}.")
        en = (f"Ball {plan.call.ball} in the {pocket_en} pocket, {how_en}; {stroke_en}. It goes in "
              f"{_percent(c.pot, 'en')} of the time and leaves a good next shot {_percent(c.shape, 'en')}; wins the rack "
              f"{_percent(c.value, 'en')}.")
        if c.lost > 0.0:
            es += f" Riesgo de perder la partida en el tiro (Art. 20): {_percent(c.lost)}."
            en += f" Risk of losing the game on the stroke (Art. 20): {_percent(c.lost, 'en')}."
    data["explanation"] = {"es": es, "en": en}
    return data


def _left_to_opponent(c: Candidate, me: int, sigma: float) -> float:
    """The opponent's mean best-shot chance over the samples where the turn passed without a foul."""
    chances = [first_shot(best_direct_chances(turn.game, sigma)) for turn, _ in c.outcomes
               if not turn.ruling.foul and not turn.game.is_over and turn.game.state.shooter != me]
    return sum(chances) / len(chances) if chances else 0.0


def _break(plan: Any) -> dict[str, Any]:
    stroke_es, stroke_en = _stroke_words(plan.strike)
    measured = plan.racks > 0
    es = f"Saque {stroke_es} hacia la cabeza del triángulo."
    en = f"Break with a {stroke_en}, into the rack."
    if measured:
        es += f" Medido en {plan.racks} triángulos: conserva la mesa el {_percent(plan.keeps)} de las veces."
        en += f" Measured on {plan.racks} racks: the breaker keeps the table {_percent(plan.keeps, 'en')} of the time."
    return {"rank": 1, "kind": "break", "call": None, "strike": _strike(plan.strike),
            "chance_keep_table": round(plan.keeps, 3) if measured else None,
            "win_chance": round(plan.value, 3), "racks": plan.racks, "explanation": {"es": es, "en": en}}


def _choice(bot: Any, game: Game) -> dict[str, Any]:
    decision = game.state.decision
    assert decision is not None
    values = {option: round(bot.option_value(game, option), 3) for option in decision.options}
    best = max(decision.options, key=lambda o: values[o])
    es = (f"Elija «{name_of(best, 'es')}»: " + "; ".join(f"{name_of(o, 'es')}, gana el {_percent(v)}"
                                                        for o, v in values.items()) + ".")
    en = (f"Choose “{name_of(best, 'en')}”: " + "; ".join(f"{name_of(o, 'en')}, wins {_percent(v, 'en')}"
                                                        for o, v in values.items()) + ".")
    return {"action": "choice", "player": decision.player, "placement": None, "suggestions": [], "safety": None,
            "choice": {"option": best, "win_chances": values, "explanation": {"es": es, "en": en}},
            "simulations": bot.searcher.simulations}


# ------------------------------------------------------------------ JSON in, JSON out
REQUEST_FIELDS = ("table", "state", "balls", "rack_seed", "settings", "level", "top", "seed", "noise")


def answer(request: Any) -> dict[str, Any]:
    """``bola8 advise``'s contract (docs/advise-json.md): a position and options in, the advice out."""
    from bola8.game.position import read_position

    if not isinstance(request, dict):
        raise InputError("input: expected one JSON object with state and balls (or rack_seed).",
                         "input: se esperaba un objeto JSON con state y balls (o rack_seed).")
    for key in request:
        if key not in REQUEST_FIELDS:
            raise InputError(f"input.{key}: unknown field; expected only {', '.join(REQUEST_FIELDS)}.",
                             f"input.{key}: campo desconocido; solo se esperaba {', '.join(REQUEST_FIELDS)}.")
    level = request.get("level", "champion")
    if not isinstance(level, str):
        raise InputError(f"level: {level!r} is not a level; expected one of {', '.join(LEVEL_NAMES)}.",
                         f"level: {level!r} no es un nivel; se esperaba uno de {', '.join(LEVEL_NAMES)}.")
    noise = request.get("noise", 1.0)
    if isinstance(noise, bool) or not isinstance(noise, (int, float)) or not 0.0 <= noise <= MAX_LEVEL:
        raise InputError(f"noise: {noise!r} is not a noise level; expected a number from 0 to {MAX_LEVEL:g}.",
                         f"noise: {noise!r} no es un nivel de ruido; se esperaba un número de 0 a {MAX_LEVEL:g}.")
    get_level(level)
    game = read_position(request)
    return advise(game, level=level, top=request.get("top", 3), seed=request.get("seed", 0), noise=float(noise))
