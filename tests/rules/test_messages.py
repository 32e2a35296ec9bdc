"""The message table: every code cites a seed article and reads in Spanish and English."""

from __future__ import annotations

import re
import pytest

from bola8.rules.messages import MESSAGES

ARTICLE = re.compile(r"^(\d{1,2})\.(\d)(\.[a-g])?$")


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_each_message_has_a_seed_article_and_two_sentences(code):
    article, es, en = MESSAGES[code]
    assert re.fullmatch(r"[a-z][a-z0-9_]*", code)
    match = ARTICLE.match(article)
    assert match, article
    assert 1 <= int(match.group(1)) <= 24
    assert es and en and es != en
    assert es.endswith(".") and en.endswith(".")


def test_the_reglamentos_words_are_used():
    spanish = " ".join(es for _, es, _ in MESSAGES.values())
    for word in ("entroner", "tronera", "bola blanca", "bola en mano", "línea de cabeza", "punto de pie",
                 "mesa abierta", "lisas", "rayadas", "falta", "pérdida de turno"):
        assert word in spanish, word



def test_every_message_is_used_by_the_referee():
    from pathlib import Path

    import bola8.rules

    folder = Path(bola8.rules.__file__).parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.py") if p.name != "messages.py")
    unused = [code for code in MESSAGES if f'"{code}"' not in source]
    assert not unused
