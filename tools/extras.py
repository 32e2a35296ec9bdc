"""Print the requirements of bola8's extras, one a line, read from pyproject.toml (their one source).

    python tools/extras.py dev        # every extra and the test tools

An extra that names bola8's own extras (``bola8[server,batch]``) is expanded, so the list installs
the extras' packages without installing bola8 again. The Makefile's set-up uses it to install the
extras while the physics kernels compile beside it (a second install of bola8 itself would remove and
rewrite the package under the compile step).
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def requirements(extra: str, extras: dict[str, list[str]], name: str) -> list[str]:
    """The requirements of ``extra``, with ``name[...]`` (the project's own extras) expanded."""
    if extra not in extras:
        raise KeyError(extra)
    out: list[str] = []
    for line in extras[extra]:
        own = re.fullmatch(rf"\s*{re.escape(name)}\s*\[([^\]]*)\]\s*", line)
        if own:
            for inner in own.group(1).split(","):
                out += [r for r in requirements(inner.strip(), extras, name) if r not in out]
        elif line not in out:
            out.append(line)
    return out


def main(argv: list[str]) -> int:
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project.get("optional-dependencies", {})
    if not argv:
        print(f"usage: python tools/extras.py EXTRA... (one of {', '.join(extras)})", file=sys.stderr)
        return 2
    lines: list[str] = []
    for extra in argv:
        try:
            lines += [r for r in requirements(extra, extras, project["name"]) if r not in lines]
        except KeyError as missing:
            print(f"extras: {missing.args[0]!r} is not an extra of {project['name']} "
                  f"(one of {', '.join(extras)}).", file=sys.stderr)
            return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
