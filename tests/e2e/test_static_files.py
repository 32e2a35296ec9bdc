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
        text = path.read_text()
        # the static imports, and the screens the router imports when first shown (import("./..."))
        for target in [*re.findall(r"^import .* from \"(\.[^\"]+)\";", text, re.M),
                       *re.findall(r"\bimport\(\"(\.[^\"]+)\"\)", text)]:
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


def _words() -> dict[str, tuple[str, str]]:
    """i18n.js's table: key -> (Spanish, English)."""
    table = (STATIC / "js" / "i18n.js").read_text()
    words = {}
    for key, pair in re.findall(r"^\s+\"?([\w-]+)\"?: \[(\".*\")\],$", table, re.M):
        spanish, english = re.findall(r"\"((?:[^\"\\]|\\.)*)\"", pair)
        words[key] = (spanish, english)
    return words


def _served() -> tuple[dict[str, list[str]], dict[str, dict[str, tuple[str, str]]]]:
    """What /api/meta serves: each closed set's members (the decisions' options each a set of their own,
    the tables and the bot levels too), and each named member's name in Spanish and English."""
    from bola8.server.meta import meta_dict

    es, en = meta_dict("es"), meta_dict("en")
    sets: dict[str, list[str]] = {key: list(names) for key, names in es["names"].items()}
    sets |= {f"decision {name}": options for name, options in es["decisions"].items()}
    sets["tables"] = list(es["tables"])
    sets["bot levels"] = [bot["kind"].partition(":")[2] for bot in es["bots"]]
    names = {key: {member: (es["names"][key][member], en["names"][key][member]) for member in members}
             for key, members in es["names"].items()}
    return sets, names


def _code(script: str) -> str:
    """A script without its comments (a comment may give an example of what the code is given)."""
    script = re.sub(r"/\*.*?\*/", "", script, flags=re.S)
    return re.sub(r"(^|[^:\"'`])//.*$", r"\1", script, flags=re.M)


def test_the_page_holds_no_copy_of_a_closed_set() -> None:
    """Every closed set the page shows and its names come from /api/meta (bola8.server.meta, from the
    library's registries): a JavaScript table of a set's members, or of their words, is a second source
    that can disagree with the server. Any of these is one."""
    sets, names = _served()
    words = _words()
    copies = []
    # 1. i18n.js keyed by members: a member itself ("head-left"), or two members of one set after one
    #    prefix ("ruleset_spanish", "ruleset_spanish-coin-op")
    for key in words:
        for set_name, members in sets.items():
            if key in members:
                copies.append(f"i18n.js {key!r}: a member of {set_name}")
            prefixes = {key[: -len(m) - 1] for m in members if key.endswith(f"_{m}") and len(key) > len(m) + 1}
            for prefix in prefixes:
                if sum(f"{prefix}_{m}" in words for m in members) >= 2:
                    copies.append(f"i18n.js {key!r}: {set_name} under the prefix {prefix!r}")
    # 2. i18n.js holding a member's two names, under whatever key ("(Art. ...)" aside)
    plain = {key: tuple(re.sub(r"\s*\([^)]*\)$", "", w).strip().lower() for w in pair) for key, pair in words.items()}
    for set_name, named in names.items():
        for member, pair in named.items():
            for key, said in plain.items():
                if said == (pair[0].lower(), pair[1].lower()):
                    copies.append(f"i18n.js {key!r}: the names of {set_name} {member!r}")
    code = {path: _code(path.read_text()) for path in SCRIPTS}
    # 3. a script listing every member of a set (a string set, a decision's options, a group's balls)
    balls = [list(range(1, 8)), list(range(9, 16))]
    for path in SCRIPTS:
        for listed in re.findall(r"\[([^\[\]]*)\]", code[path]):
            strings = set(re.findall(r"[\"'`]([\w-]+)[\"'`]", listed))
            numbers = {int(n) for n in re.findall(r"(?<![\w.])(\d+)(?![\w.])", listed)} if not strings else set()
            for set_name, members in sets.items():
                if len(members) >= 2 and set(members) <= strings:
                    copies.append(f"{path.name}: [{listed}] lists {set_name}")
            for group in balls:
                if set(group) <= numbers:
                    copies.append(f"{path.name}: [{listed}] lists a group's balls")
    # 4. a script naming a member the page only shows or passes on (never decides by): each comes from meta
    shown_only = ("pockets", "choices", "referee_fouls", "rulesets", "tables", "bot levels", "decisions")
    for path in SCRIPTS:
        text = code[path]
        for set_name in shown_only:
            for member in sets[set_name]:
                if re.search(rf"[\"'`]{re.escape(member)}[\"'`]", text):
                    copies.append(f"{path.name}: the literal {member!r} of {set_name}")
    assert not copies, "\n".join(copies)
