"""/api/practice: the practice table - any balls anywhere, one stroke, judged if a state is given; nothing stored."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from bola8.server.deps import LangDep
from bola8.server.schemas import Body, CallJson, StrikeJson, call_of
from bola8.server.routing import StrictRoute

router = APIRouter(route_class=StrictRoute, prefix="/api/practice", tags=["practice"])


class PracticeBody(Body):
    """A practice stroke: the table, the balls anywhere, the strike, an optional call and referee's state."""
    table: str = "9ft"
    balls: dict[str, list[float]]
    strike: StrikeJson
    call: CallJson | None = None
    state: dict[str, Any] | None = None


@router.post("/simulate")
async def practice(body: PracticeBody, lang: LangDep) -> dict[str, Any]:
    """A practice table: any balls anywhere, one stroke; nothing is stored."""
    from bola8 import rules
    from bola8.game.facts import contract_facts, shot_of
    from bola8.game.simulation import simulate_request
    from bola8.server.trajectory import trajectory

    result = simulate_request(table=body.table, balls=body.balls, strike=body.strike)
    call = call_of(body.call)
    facts = {**contract_facts(result), "call": None if call is None else call.to_dict()}
    simulated = result.to_dict()
    answer: dict[str, Any] = {"shot": {**simulated, "facts": facts, "trajectory": trajectory(result),
                                       "balls_before": dict(body.balls), "balls_after": simulated["final"]}}
    if body.state is not None:
        state = rules.State.from_dict(body.state)
        ruling, after = rules.judge(state, shot_of(result, call, before=state))
        answer["ruling"], answer["state"] = ruling.to_dict(lang), after.to_dict()
    return answer


@router.post("/shot")
async def practice_shot(body: PracticeBody, lang: LangDep) -> dict[str, Any]:
    """The same as ``/api/practice/simulate`` (the name the browser app first used)."""
    return await practice(body, lang)
