"""Every public name of the library says what it is: a docstring on each public function, class and method."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "bola8"


def _undocumented(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if child.name.startswith("_"):
                continue
            overload = any(isinstance(d, ast.Name) and d.id == "overload" for d in child.decorator_list)
            if not overload and ast.get_docstring(child) is None:
                out.append(f"{path.relative_to(SRC.parent)}:{child.lineno} {prefix}{child.name}")
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")

    visit(tree, "")
    return out


def test_every_public_function_class_and_method_has_a_docstring():
    missing = [name for path in sorted(SRC.rglob("*.py")) for name in _undocumented(path)]
    assert not missing, "public names without a docstring:\n" + "\n".join(missing)
