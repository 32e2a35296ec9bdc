"""The rulebook's text as the app shows it: the package's copies are the documents, every article is
there, and every citation a reason can carry points at a paragraph of it."""

from __future__ import annotations

import os
from pathlib import Path

from bola8.rules.messages import MESSAGES
from bola8.rules.texts import article, articles, cite

ROOT = Path(__file__).resolve().parents[2]
TEXT = ROOT / "src" / "bola8" / "rules" / "text"


def test_the_packaged_texts_are_the_only_copies_and_the_docs_link_to_them() -> None:
    names = ("reglamento-bola8.txt", "rulings.md")
    copies = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if not d.startswith(".") and d not in ("build", "dist")]
        copies += [Path(folder) / name for name in files if name.lower() in names]
    assert sorted(copies) == sorted(TEXT / name for name in names)
    rules_page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name in names:
        assert f"(../src/bola8/rules/text/{name})" in rules_page


def test_twenty_four_articles_with_the_two_twelves_and_eighteens() -> None:
    ids = [a["id"] for a in articles("es")]
    assert sorted(ids) == sorted([str(n) for n in range(1, 25) if n not in (12, 18)] + ["12a", "12b", "18a", "18b"])
    for lang in ("es", "en"):
        for item in articles(lang):
            assert item["title"] and item["paragraphs"] and all(p["text"] for p in item["paragraphs"]), (lang, item["id"])
    assert article("12b", "es")["title"] == "FALTAS" and article("12b", "en")["title"] == "Fouls"
    assert article("23", "en")["paragraphs"] == article("22", "en")["paragraphs"]


def test_every_reason_cites_a_paragraph_that_exists() -> None:
    for code, (citation, _, _) in MESSAGES.items():
        ident, ref = cite(citation)
        refs = {p["ref"] for p in article(ident, "es")["paragraphs"]}
        assert not ref or ref in refs, (code, citation)
    # the reglamento's own words, item by item
    assert "pie en el suelo" in next(p["text"] for p in article("12b")["paragraphs"] if p["ref"] == "1.d")
