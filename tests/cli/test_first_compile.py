"""On a terminal, a simulating command says why its first run waits (numba compiles the engine once)."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

import bola8.cli as cli
from bola8.physics import _jit


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("lang, words", [("es", "compilando el motor de física por primera vez"),
                                         ("en", "compiling the physics engine for the first time")])
def test_a_terminal_is_told_when_the_engine_is_not_compiled_yet(monkeypatch, lang, words):
    monkeypatch.setattr(_jit, "engine_compiled", lambda: False)
    shown = Terminal()
    cli._announce_first_compile(lang, shown)
    assert words in shown.getvalue()


def test_nothing_is_said_once_compiled_or_off_a_terminal(monkeypatch):
    monkeypatch.setattr(_jit, "engine_compiled", lambda: True)
    shown = Terminal()
    cli._announce_first_compile("es", shown)
    assert shown.getvalue() == ""
    monkeypatch.setattr(_jit, "engine_compiled", lambda: False)
    piped = io.StringIO()
    cli._announce_first_compile("es", piped)
    assert piped.getvalue() == ""


def test_the_commands_that_simulate_are_the_ones_announced():
    assert cli.SIMULATING <= set(cli.COMMANDS)
    assert {"referee", "render", "report"}.isdisjoint(cli.SIMULATING)   # they never import numba


def test_engine_compiled_reads_the_cache_folder(tmp_path):
    # a fresh, empty NUMBA_CACHE_DIR: not compiled; with the main kernel's index file there: compiled
    probe = "from bola8.physics._jit import engine_compiled; print(engine_compiled())"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    run = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False"]
    (tmp_path / _jit.FOLDER).mkdir(exist_ok=True)
    (tmp_path / _jit.FOLDER / "engine.play_stroke-170.py311.nbi").write_bytes(b"")
    run = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["True"]
