"""The docstrings' examples are doctests: every module of bola8 holding ``>>>`` runs them."""

import doctest
import importlib
import pathlib

import pytest

SRC = pathlib.Path(__file__).resolve().parents[1] / "src"
MODULES = sorted(
    ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
    for path in SRC.joinpath("bola8").rglob("*.py")
    if ">>>" in path.read_text(encoding="utf-8") and path.name != "__main__.py")


def test_some_docstrings_have_examples():
    assert MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
