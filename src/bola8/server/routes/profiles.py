"""/api/profiles and /api/ratings: a person's profile (a name, a secret token, a rating) and the leaderboard."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import Field

from bola8.server.deps import CREATES, ServicesDep
from bola8.server.routing import StrictRoute
from bola8.server.schemas import Body

router = APIRouter(route_class=StrictRoute, prefix="/api", tags=["profiles"])


class NewProfile(Body):
    """A new profile: its name."""

    name: str = Field(max_length=200)


@router.post("/profiles", status_code=201, dependencies=CREATES)
async def create_profile(body: NewProfile, s: ServicesDep) -> JSONResponse:
    """A new profile: its id, its token (shown this once: the browser keeps it) and PROFILE."""
    profile, token = s.profiles.create(body.name)
    return JSONResponse({"id": profile.id, "token": token, "profile": s.profiles.view(profile.id)}, status_code=201)


@router.get("/profiles/{profile_id}")
async def get_profile(profile_id: str, s: ServicesDep) -> dict[str, Any]:
    """PROFILE: the rating, the matches ended and in play, the statistics; never the token."""
    return s.profiles.view(profile_id)


@router.get("/ratings")
async def ratings(s: ServicesDep) -> dict[str, Any]:
    """The profiles with a rated match, best rating first."""
    return {"players": s.profiles.leaderboard()}
