"""The browser app's files themselves: nothing from the network, every module import resolves,
every word the code asks for exists in both languages (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "bola8" / "server" / "static"
SCRIPTS = sorted(STATIC.rglob("*.js"))


def test_nothing_is_loaded_from_the_network() -> None:
    for path in [*SCRIPTS, STATIC / "index.html", STATIC / "styles.css"]:
        text = path.read_text()
        assert not re.search(r"(src|href)=[\"']https?://|url\(\s*[\"']?https?://|import[^;]*[\"']https?://|//cdn\.", text), path


def test_every_import_resolves() -> None:
    assert SCRIPTS, STATIC
    for path in SCRIPTS:
        for target in re.findall(r"^import .* from \"(\.[^\"]+)\";", path.read_text(), re.M):
            assert (path.parent / target).resolve().is_file(), f"{path.name} imports {target}"
    for target in re.findall(r"(?:src|href)=\"(/[^\"]+)\"", (STATIC / "index.html").read_text()):
        assert (STATIC / target.lstrip("/")).is_file(), target


def test_every_word_exists_in_spanish_and_english() -> None:
    table = (STATIC / "js" / "i18n.js").read_text()
    words = dict(re.findall(r"^\s+\"?([\w-]+)\"?: \[(\".*\")\],$", table, re.M))
    assert len(words) > 100
    for key, pair in words.items():
        spanish, english = re.findall(r"\"((?:[^\"\\]|\\.)*)\"", pair)
        assert spanish.strip() and english.strip(), key
    used = set()
    for path in SCRIPTS:
        used |= set(re.findall(r"\bt\(\"([\w-]+)\"", path.read_text()))
    missing = sorted(used - set(words))
    assert not missing, f"words used but not in i18n.js: {missing}"
