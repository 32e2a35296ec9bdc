"""The rulebook's own words, article by article: the reglamento in Spanish and its English reading.

A reason of a ruling cites an article as the reglamento numbers it ("12.1.b",
"7.2.a", "24.1"); :func:`cite` says which article that is and which paragraph,
and :func:`articles` gives each article's full text, so a person can read the
rule a ruling applied. The reglamento numbers two articles 12 and two 18:
their ids are "12a" (scoring) / "12b" (fouls) and "18a" (combinations) /
"18b" (cue ball frozen to a ball), as in ``RULINGS.md``. A citation with an
item letter under 12 is a foul (12b); 18.1 is the combinations' only
paragraph (18a), any other paragraph of 18 the frozen cue ball (18b).

The texts are ``text/reglamento-bola8.txt`` (the reglamento as published)
and ``text/rulings.md`` (the project's English reading and decisions) beside
this module: the only copies, which docs/rules.md links to.

>>> cite("12.1.b")
('12b', '1.b')
>>> [p["text"] for p in article("24", "es")["paragraphs"]][0][:40]
'Cuando en opinión del árbitro un jugador'
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any

_HEADER_ES = re.compile(r"^ARTº\.?\s*(\d+)?\s*(.*)$")
_PARAGRAPH_ES = re.compile(r"^(\d+)\s*\.-\s*(.*)$")
_ITEM = re.compile(r"^([a-g])\s?\)\s*(.*)$")
_HEADER_EN = re.compile(r"^## Art\. (\d+[ab]?)(?:-(\d+))? - (.*)$")
_NUMBERED_EN = re.compile(r"^(\d+)\. (.*)$")
_ITEMS_EN = re.compile(r"(?:^|;\s|\.\s)([a-g])\)\s")


def _read(name: str) -> str:
    return resources.files("bola8.rules").joinpath("text", name).read_text(encoding="utf-8")


def cite(citation: str) -> tuple[str, str]:
    """(article id, paragraph ref) of a reason's ``article``: "12.1.b" -> ("12b", "1.b")."""
    number, _, ref = citation.partition(".")
    if number == "12":
        number = "12b" if ref.count(".") >= 1 and not ref.endswith(".x") else "12a"
    elif number == "18":
        number = "18a" if ref == "1" else "18b"
    return number, "" if ref in ("x", "") else ref


def _paragraph(ref: str, text: str) -> dict[str, str]:
    return {"ref": ref, "text": " ".join(text.replace("**", "").replace("`", "").split())}


@lru_cache(maxsize=None)
def _spanish() -> tuple[dict[str, Any], ...]:
    """The reglamento's articles in order, each with its paragraphs (1, 1.a, 1.b, 2, ...)."""
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    lines = _read("reglamento-bola8.txt").splitlines()
    pending_number = False
    for line in lines:
        line = line.strip()
        if not line:
            continue
        header = _HEADER_ES.match(line)
        if header or pending_number:
            number, title = (header.group(1), header.group(2)) if header else (line.split()[0], line[len(line.split()[0]):])
            if header and number is None:          # "ARTº." alone: the number opens the next line
                pending_number = True
                continue
            pending_number = False
            seen[number] = seen.get(number, 0) + 1
            ident = number + ("ab"[seen[number] - 1] if number in ("12", "18") else "")
            out.append({"id": ident, "number": number, "title": title.strip(), "paragraphs": []})
            continue
        article_ = out[-1]
        paragraphs: list[dict[str, str]] = article_["paragraphs"]
        para = _PARAGRAPH_ES.match(line)
        item = _ITEM.match(line)
        if para:
            paragraphs.append(_paragraph(para.group(1), para.group(2)))
        elif item and paragraphs:
            main = paragraphs[-1]["ref"].split(".")[0]
            paragraphs.append(_paragraph(f"{main}.{item.group(1)}", item.group(2)))
        elif not paragraphs:
            article_["title"] += " " + line           # a title that goes on to the next line
        else:
            paragraphs[-1] = _paragraph(paragraphs[-1]["ref"], paragraphs[-1]["text"] + " " + line)
    return tuple(out)


@lru_cache(maxsize=None)
def _english() -> dict[str, dict[str, Any]]:
    """The English reading (RULINGS.md) by article id; "22-23" serves both 22 and 23."""
    out: dict[str, dict[str, Any]] = {}
    current: list[dict[str, Any]] = []
    for line in _read("rulings.md").splitlines():
        header = _HEADER_EN.match(line)
        if header:
            first, last, title = header.group(1), header.group(2), header.group(3)
            entry: dict[str, Any] = {"title": title.strip(), "paragraphs": []}
            current = [entry]
            out[first] = entry
            if last:
                out[last] = entry
            continue
        if line.startswith("## "):
            current = []
            continue
        if not current or not line.strip():
            continue
        paragraphs: list[dict[str, str]] = current[0]["paragraphs"]
        numbered = _NUMBERED_EN.match(line)
        if numbered:
            paragraphs.append(_paragraph(numbered.group(1), numbered.group(2)))
        elif paragraphs:
            paragraphs[-1] = _paragraph(paragraphs[-1]["ref"], paragraphs[-1]["text"] + " " + line)
        else:
            paragraphs.append(_paragraph("", line))
    return out


def articles(lang: str = "es") -> list[dict[str, Any]]:
    """Every article in the reglamento's order: ``id``, ``number``, ``title``, ``paragraphs``
    (``ref``, ``text``) - the reglamento's words in Spanish, the English reading in English."""
    english = _english()
    out = []
    for spanish in _spanish():
        if lang == "es":
            out.append({**spanish, "paragraphs": list(spanish["paragraphs"])})
            continue
        reading = english.get(spanish["id"]) or english.get(spanish["number"]) or {"title": "", "paragraphs": []}
        out.append({"id": spanish["id"], "number": spanish["number"], "title": reading["title"],
                    "paragraphs": list(reading["paragraphs"])})
    return out


def article(ident: str, lang: str = "es") -> dict[str, Any]:
    """One article by id ("7", "12b"); KeyError when there is none."""
    for item in articles(lang):
        if item["id"] == ident:
            return item
    raise KeyError(ident)
