"""The shapes of request bodies that several routes share, and how the API documents them.

A stroke and a call are validated once, by the library that owns them
(:meth:`bola8.physics.Strike.from_dict`, :meth:`bola8.rules.Call.from_dict`,
each refusal a sentence naming the field): the routes take them as JSON
objects and hand them over whole. Their OpenAPI schema here says which fields
they have and points to the library for the ranges, so no range is written
twice.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, WithJsonSchema


class Body(BaseModel):
    """A request body: unknown fields are refused (a typo is never silently ignored)."""

    model_config = ConfigDict(extra="forbid")


_NUMBER = {"type": "number"}

StrikeJson = Annotated[dict[str, Any], WithJsonSchema({
    "type": "object", "title": "Strike", "required": ["speed", "phi"],
    "properties": {"speed": _NUMBER, "phi": _NUMBER, "theta": _NUMBER, "a": _NUMBER, "b": _NUMBER,
                   "cue": {"type": "string"}},
    "description": "The cue's stroke, validated by bola8.physics.Strike.from_dict: speed in m/s (0, 12], "
                   "phi the aim in degrees, theta the elevation in [0, 80], a and b the tip offsets as "
                   "fractions of the radius with a^2 + b^2 < 1, cue the named cue it is played with "
                   "(bola8.physics.CUES; the playing cue when absent) (docs/simulate-json.md)."})]

CallJson = Annotated[dict[str, Any], WithJsonSchema({
    "type": "object", "title": "Call", "required": ["ball", "pocket"],
    "properties": {"ball": {"type": "integer"}, "pocket": {"type": "string"}},
    "description": "A called ball and pocket, validated by bola8.rules.Call.from_dict (docs/referee-json.md)."})]


def strike_of(data: dict[str, Any]) -> Any:
    """The library's Strike of a request's ``strike`` (an InputError naming the field when refused)."""
    from bola8.physics import Strike

    return Strike.from_dict(data)


def call_of(data: dict[str, Any] | None) -> Any:
    """The library's Call of a request's ``call``, or None for no call."""
    from bola8 import rules

    return None if data is None else rules.Call.from_dict(data)
