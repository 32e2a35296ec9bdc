"""/api/meta and /api/articles: what the browser app offers and draws, and the rulebook's text."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from bola8.server.deps import LangDep
from bola8.server.routing import StrictRoute

router = APIRouter(route_class=StrictRoute, prefix="/api", tags=["meta"])


@router.get("/meta")
async def meta(lang: LangDep) -> dict[str, Any]:
    """Tables with their geometry, rulesets, bots, and the closed sets the page offers."""
    from bola8.server.meta import meta_dict

    return meta_dict(lang)


@router.get("/articles")
async def get_articles(lang: LangDep) -> dict[str, Any]:
    """The rulebook's text by article (Spanish: the reglamento; English: the project's reading), and
    where each citation a ruling's reason can carry points in it."""
    from bola8.rules.messages import MESSAGES
    from bola8.rules.texts import articles, cite

    citations = {}
    for article, _, _ in MESSAGES.values():
        ident, ref = cite(article)
        citations[article] = {"article": ident, "ref": ref}
    return {"lang": lang, "articles": articles(lang), "citations": citations}


@router.get("/qr", response_class=Response)
async def qr(text: str = Query(min_length=1, max_length=1000)) -> Response:
    """``text`` (a link to share: an invitation, a referee's table) as a QR code in SVG, for a phone's camera."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False)
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})
