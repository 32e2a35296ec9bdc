"""Profiles: a person's identity on a server - a name and a secret token the browser keeps - and a rating.

No password: whoever holds a profile's token acts as that profile (it is
shown once, when the profile is made, and stored as a digest). A seat of a
game may be tied to a profile; a bot's seat is tied to its level's profile
(``p_bot_<level>``, made the first time), so a person's rating means
something against the bots too.

Ratings move when a **rated** match ends - a match between two seats tied to
two different profiles, made with ``rated: true`` - in the same transaction
as the match's last action, so no result is counted twice, whichever server
stores it (:class:`~bola8.server.store.sql.Finish`). The system is
:mod:`bola8.competition.ratings`' (OpenSkill's Plackett-Luce model on a 1500
scale: a new profile stands at 1500 with a deviation of 500). A match lost by
forfeits is lost like any other.

Each seat's result is kept with its figures of the match
(:mod:`bola8.game.player_stats`: pots per called shot, fouls, breaks made,
break-and-runs, the arena's definitions); a profile's page adds them up.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from bola8.competition import ratings
from bola8.competition.ratings import INITIAL, Rating
from bola8.game.names import player_name
from bola8.game.player_stats import COUNTS, Figures, RackShot, rack_figures
from bola8.server.errors import ApiError, not_found
from bola8.server.store import Finish, Profile, Result, SqlStore, token_digest

if TYPE_CHECKING:
    from bola8.server.games import LiveGame

MATCHES_SHOWN = 50
LEADERBOARD = 100
START = (INITIAL.rating, INITIAL.deviation)


def rate(winner: tuple[float, float], loser: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The new (rating, deviation) of a match's winner and loser (:func:`bola8.competition.ratings.rate`)."""
    won, lost = ratings.rate(Rating(*winner), Rating(*loser))
    return (won.rating, won.deviation), (lost.rating, lost.deviation)


class Profiles:
    """Making, finding and showing profiles, and the results a match's end stores (see the module)."""

    def __init__(self, store: SqlStore):
        self.store = store

    def create(self, name: str) -> tuple[Profile, str]:
        """A new person's profile: itself and its token (shown this once)."""
        player_name(name, "name")
        token = secrets.token_urlsafe(24)
        profile_id = "p_" + secrets.token_urlsafe(9)
        self.store.create_profile(profile_id, name, token_digest(token), "person", *START)
        found = self.store.profile(profile_id)
        assert found is not None
        return found, token

    def of_token(self, token: str | None, where: str) -> Profile | None:
        """The profile whose token a request gives (``where`` names the field), None when none is given;
        403 for a token that is no profile's."""
        if token is None:
            return None
        if not isinstance(token, str) or not token:
            raise ApiError(422, f"{where}: expected a profile's token (a text).",
                           f"{where}: se esperaba el token de un perfil (un texto).")
        found = self.store.profile_of_token(token_digest(token))
        if found is None:
            raise ApiError(403, f"{where}: this token is no profile's.", f"{where}: este token no es de ningún perfil.")
        return found

    def of_bot(self, kind: str, label: str) -> Profile:
        """The profile of a bot level (``bot:<level>``), made the first time."""
        return self.store.bot_profile("p_bot_" + kind.split(":", 1)[1], label, kind, *START)

    def get(self, profile_id: str) -> Profile:
        """A profile by its id (404 when there is none)."""
        found = self.store.profile(profile_id)
        if found is None:
            raise not_found("profile", profile_id)
        return found

    def view(self, profile_id: str) -> dict[str, Any]:
        """PROFILE: who, the rating, the matches ended and in play, and the statistics added up."""
        profile = self.get(profile_id)
        ended, won, data = self.store.totals_of(profile_id)
        matches = [{"id": match_id, "opponent": result.get("opponent"), "opponent_profile": result.get("opponent_profile"),
                    "won": won_, "rated": rated, "ended": ended_at, "score": result.get("score"),
                    "seat": seat}
                   for match_id, seat, won_, rated, ended_at, result in self.store.results_of(profile_id, MATCHES_SHOWN)]
        playing = [{"id": match_id, "seat": seat, "opponent": _opponent(params, seat), "made": made_at,
                    "race": params.get("race"), "rated": bool(params.get("rated"))}
                   for match_id, seat, params, made_at in self.store.playing(profile_id, MATCHES_SHOWN)]
        return {**summary(profile), "games": ended, "wins": won, "matches": matches, "playing": playing,
                "stats": totals([result.get("stats") or {} for result in data])}

    def leaderboard(self) -> list[dict[str, Any]]:
        """The profiles with a rated match, best rating first."""
        return [summary(profile) for profile in self.store.rated_profiles(LEADERBOARD)]

    def finish(self, game: LiveGame) -> Finish | None:
        """The results (and, for a rated match, the ratings) stored with the last action of a match that
        ended: one result per seat tied to a profile."""
        progress = game.session.progress
        if progress.winner is None:
            return None
        results = []
        for seat, profile in enumerate(game.profiles):
            if profile is None:
                continue
            results.append(Result(seat, profile, progress.winner == seat, game.rated, {
                "opponent": game.names[1 - seat], "opponent_profile": game.profiles[1 - seat],
                "score": [progress.score[seat], progress.score[1 - seat]], "result": progress.result,
                "stats": seat_stats(game, seat)}))
        if not results:
            return None
        pair = game.profiles
        if not game.rated or pair[0] is None or pair[1] is None or pair[0] == pair[1]:
            return Finish(tuple(results), None)
        winner = progress.winner

        def moved(first: tuple[float, float], second: tuple[float, float]
                  ) -> tuple[tuple[float, float], tuple[float, float]]:
            if winner == 0:
                return rate(first, second)
            new_second, new_first = rate(second, first)
            return new_first, new_second

        return Finish(tuple(results), moved, (pair[0], pair[1]))


def summary(profile: Profile) -> dict[str, Any]:
    """A profile in a list (the leaderboard): who, and the rating."""
    return {"id": profile.id, "name": profile.name, "kind": profile.kind,
            "rating": {"rating": round(profile.rating, 1), "deviation": round(profile.deviation, 1)},
            "rated_matches": profile.rated}


def _opponent(params: dict[str, Any], seat: int) -> str | None:
    names = params.get("names") or []
    return str(names[1 - seat]) if len(names) == 2 and names[1 - seat] is not None else None


def seat_stats(game: LiveGame, seat: int) -> dict[str, Any]:
    """One seat's figures of a match (:func:`bola8.game.player_stats.rack_figures`, rack by rack)."""
    total = Figures()
    for record in game.session.games:
        shots = [RackShot(player=entry.seat, on_break=entry.before.state.phase == "break",
                          called=entry.stroke.call is not None and not entry.stroke.note.startswith("safety"),
                          made=entry.stroke.call is not None and entry.stroke.call.ball in entry.ruling.legally_pocketed
                          and not entry.ruling.foul,
                          foul=entry.ruling.foul, object_ball_down=entry.object_ball_down)
                 for entry in game.shots if entry.game_number == record["number"]]
        total = total + rack_figures(shots, seat, record["breaker"], record["result"], record["winner"])
    return total.to_dict()


def totals(stats: list[dict[str, Any]]) -> dict[str, Any]:
    """Figures added over matches, with their rates (:meth:`bola8.game.player_stats.Figures.to_dict`)."""
    total = Figures()
    for counts in stats:
        total = total + Figures(**{key: int(counts.get(key, 0)) for key in COUNTS})
    return total.to_dict()
