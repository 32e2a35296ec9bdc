"""One error path for every command: arguments, input, output, Ctrl-C - one sentence in the user's language.

In process (``bola8.cli.main``); tests/cli/test_subprocess.py runs each class once as a real program.
"""

from __future__ import annotations

import errno
import io
import json
import sys

import pytest
from cli_run import run_cli

from bola8 import __version__


def error_of(done, status=2):
    assert done.returncode == status, (done.stdout, done.stderr)
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    out = json.loads(lines[0])
    assert set(out) == {"error"} and out["error"].endswith(".")
    return out["error"]


@pytest.mark.parametrize("argv, es, en", [
    (["match", "--race", "abc"], "--race: 'abc' no es un número de partidas", "--race: 'abc' is not a race"),
    (["match", "--race"], "--race: falta su valor.", "--race: missing its value."),
    (["match", "--table", "10ft"], "--table: '10ft' no está permitido; se esperaba 7ft, 8ft, 9ft.",
     "--table: '10ft' is not allowed; expected 7ft, 8ft, 9ft."),
    (["match", "--ruleset", "wpa"], "--ruleset: 'wpa' no está permitido", "--ruleset: 'wpa' is not allowed"),
    (["match", "--seed", "1.5"], "--seed: '1.5' no es un número entero", "--seed: '1.5' is not a whole number"),
    (["match", "--noise", "60"], "--noise: '60' no está permitido; se esperaba un número de 0 a 20.",
     "--noise: '60' is not allowed; expected a number from 0 to 20."),
    (["match", "--noise", "-1"], "--noise: '-1' no está permitido", "--noise: '-1' is not allowed"),
    (["match", "--noise", "nan"], "--noise: 'nan' no está permitido", "--noise: 'nan' is not allowed"),
    (["match", "--disqualify", "1:²"], "--disqualify: '1:²' debe ser PLAYER:GAME",
     "--disqualify: '1:²' must be PLAYER:GAME"),
    (["match", "--record", ""], "--record: un nombre vacío no es ningún archivo",
     "--record: an empty name is no file"),
    (["match", "--quiet=yes"], "--quiet: no lleva valor.", "--quiet: takes no value."),
    (["match", "--colour"], "--colour: no es un argumento de esta orden", "--colour: not an argument of this command"),
    (["render", "r.jsonl"], "-o/--output: falta; es obligatorio.", "-o/--output: missing; it is required."),
    (["render", "r.jsonl", "-o", "x.svg", "--shot", "two"], "--shot: 'two' no es un número entero.",
     "--shot: 'two' is not a whole number."),
    (["replay"], "file: falta; es obligatorio.", "file: missing; it is required."),
    (["play"], "COMMAND: 'play' no es una orden de bola8", "COMMAND: 'play' is not a command of bola8"),
    (["demo", "--race", "x"], "--race: 'x' no es un número de partidas", "--race: 'x' is not a race"),
])
def test_argument_errors_are_one_sentence_in_the_chosen_language(argv, es, en, tmp_path):
    assert es in error_of(run_cli(*argv, cwd=tmp_path))
    assert en in error_of(run_cli(*argv, "--lang", "en", cwd=tmp_path))
    assert en in error_of(run_cli("--lang=en", *argv, cwd=tmp_path))      # wherever --lang stands


@pytest.mark.parametrize("argv", [["referee", "--lang", "fr"], ["--lang", "fr"], ["match", "--lang"]])
def test_an_unknown_language_is_refused_in_spanish(argv):
    assert error_of(run_cli(*argv)).startswith("--lang: ")
    assert "se esperaba es o en" in error_of(run_cli(*argv))


def test_version_and_help_in_both_languages():
    done = run_cli("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"bola8 {__version__}"
    spanish, english = run_cli("match", "--help"), run_cli("match", "--help", "--lang", "en")
    assert spanish.returncode == english.returncode == 0
    assert spanish.stdout.startswith("uso: bola8 match") and "partidas que hay que ganar" in spanish.stdout
    assert "opciones:" in spanish.stdout and "muestra esta ayuda" in spanish.stdout
    assert english.stdout.startswith("usage: bola8 match") and "games needed to win the match" in english.stdout
    assert "órdenes:" in run_cli("--help").stdout and "commands:" in run_cli("--help", "--lang", "en").stdout
    assert run_cli().returncode == 2                   # no command: the help on stderr


@pytest.mark.parametrize("argv, stdin", [
    (["referee"], '"\\ud800"'),
    (["referee"], '{"state": {"ruleset": "\\udfff"}, "declare": "stalemate"}'),
    (["referee"], '{"\\ud800": 1, "\\ud800": 2}'),
    (["simulate"], '{"balls": {"\\ud800": [0.5, 0.5]}, "strike": {"speed": 1, "phi": 0}}'),
    (["simulate"], '{"\\udc80": 1}'),
])
def test_a_lone_surrogate_is_shown_escaped_not_a_crash(argv, stdin):
    message = error_of(run_cli(*argv, stdin=stdin))
    assert "\\ud" in message and not any(0xD800 <= ord(c) <= 0xDFFF for c in message)


def test_an_undecodable_file_name_is_shown_escaped():
    name = b"/nonexistent/\xff.jsonl".decode("utf-8", "surrogateescape")      # what argv holds for it
    message = error_of(run_cli("replay", name))
    assert "\\udcff" in message


@pytest.mark.parametrize("stdin, shortened", [
    (json.dumps({"state": {"ruleset": "x" * 5_000_000}, "declare": "stalemate"}), True),
    (json.dumps({"state": {"on_table": list(range(500_000))}, "declare": "stalemate"}), False),
    (json.dumps({"state": {"on_table": [8]}, "declare": "stalemate", "y" * 1_000_000: 1}), True),
    (json.dumps({"state": {"on_table": [8]}, "declare": "x " * 100_000}), True),
])
def test_a_huge_value_is_shortened_in_the_message(stdin, shortened):
    for lang in ("es", "en"):
        message = error_of(run_cli("referee", "--lang", lang, stdin=stdin))
        assert len(message) < 2100, len(message)
        assert (("omitidos" if lang == "es" else "left out") in message) == shortened


def test_the_record_option_refuses_an_empty_name_and_the_match_writes_nothing(tmp_path):
    error_of(run_cli("match", "--race", "1", "--record", "", cwd=tmp_path))
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------- output errors
class Failing(io.TextIOBase):
    """A stream whose every write fails as a closed pipe or a full disk does."""

    def __init__(self, code):
        self.code = code
        self.written = ""

    def write(self, text):
        raise OSError(self.code, "simulated")

    def flush(self):
        pass


def run_with_stdout(stdout, *argv, stdin=b""):
    streams = sys.stdin, sys.stdout, sys.stderr
    err = io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = stdout, err
    try:
        from bola8.cli import main

        return main(list(argv)), err.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams


def test_a_reader_gone_away_ends_quietly_as_unix_tools_do():
    status, err = run_with_stdout(Failing(errno.EPIPE), "match", "--race", "1")
    assert status == 141 and err == ""
    status, err = run_with_stdout(Failing(errno.EPIPE), "referee", stdin=b"{}")
    assert status == 141 and err == ""


@pytest.mark.parametrize("argv, stdin", [(["referee"], b"{}"), (["referee"], b"[]"), (["--version"], b""),
                                         (["match", "--race", "1", "--quiet"], b"")])
def test_a_full_disk_is_one_sentence_on_standard_error_and_exit_1(argv, stdin):
    status, err = run_with_stdout(Failing(errno.ENOSPC), *argv, stdin=stdin)
    assert status == 1
    assert json.loads(err.splitlines()[-1]) == {"error": "standard output: no se puede escribir (no queda espacio en el "
                                        "dispositivo)."}
    status, err = run_with_stdout(Failing(errno.ENOSPC), *argv, "--lang", "en", stdin=stdin)
    assert json.loads(err.splitlines()[-1])["error"] == "standard output: cannot be written (no space left on the device)."


# ------------------------------------------------------------- Ctrl-C
@pytest.mark.parametrize("where", ["bola8.game.play_match", "bola8.rules.referee_request.answer",
                                   "bola8.game.simulation.simulate_request"])
def test_ctrl_c_anywhere_is_one_line_and_exit_130(where, monkeypatch, tmp_path):
    import importlib

    module, _, name = where.rpartition(".")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module(module), name, interrupted)
    command = {"play_match": ["match", "--race", "1"], "answer": ["referee"], "simulate_request": ["simulate"]}[name]
    stdin = '{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}}' if name == "simulate_request" else "{}"
    done = run_cli(*command, stdin=stdin, cwd=tmp_path)
    assert error_of(done, 130) == "interrumpido con Ctrl-C; nada a medio escribir."
    assert error_of(run_cli(*command, "--lang", "en", stdin=stdin, cwd=tmp_path), 130).startswith("interrupted")


def test_ctrl_c_inside_numba_waits_for_the_next_safe_point():
    import signal
    import types

    from bola8.cli import _signals

    numba_frame = types.SimpleNamespace(f_globals={"__name__": "numba.core.serialize"})
    ours = types.SimpleNamespace(f_globals={"__name__": "bola8.players.aiming"})
    # Python's own SIGINT handler, as a terminal's process has it: a test run started in the background
    # inherits SIGINT ignored, which handled() rightly keeps.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _check_the_safe_points(_signals, numba_frame, ours)
    finally:
        signal.signal(signal.SIGINT, inherited)


def _check_the_safe_points(_signals, numba_frame, ours):
    import signal

    with _signals.handled():
        assert signal.getsignal(signal.SIGINT) is _signals._on_sigint
        _signals._on_sigint(signal.SIGINT, numba_frame)            # noted, not raised inside numba
        with pytest.raises(KeyboardInterrupt):
            _signals.checkpoint()
        _signals.checkpoint()                                        # raised once
        with pytest.raises(KeyboardInterrupt):
            with _signals.deferred():
                _signals._on_sigint(signal.SIGINT, ours)             # a line being written is finished first
                finished = True
        assert finished
        with pytest.raises(KeyboardInterrupt):
            _signals._on_sigint(signal.SIGINT, ours)                 # elsewhere: at once, as Python does
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_during_a_match_leaves_whole_lines(monkeypatch, tmp_path):
    # A Ctrl-C that arrives while a line is being narrated is raised once the line is out.
    from bola8.cli import _signals
    from bola8.game import narration

    real = narration.Narrator.turn
    calls = []

    def turn_then_ctrl_c(self, turn):
        lines = real(self, turn)
        calls.append(1)
        if len(calls) == 3:
            _signals._PENDING.interrupted = True       # what the handler does inside a deferred block
        return lines

    monkeypatch.setattr(narration.Narrator, "turn", turn_then_ctrl_c)
    done = run_cli("match", "--race", "1", cwd=tmp_path)
    assert done.returncode == 130
    lines = done.stdout.splitlines()
    assert json.loads(lines[-1])["error"].startswith("interrumpido")
    assert len([line for line in lines if line.startswith("  #")]) == 3     # the third shot told whole, then stop


# ------------------------------------------------------------- progress
class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_a_bar_on_a_terminal_and_plain_lines_otherwise(monkeypatch, tmp_path):
    done = run_cli("match", "--race", "2", "--quiet", cwd=tmp_path)
    plain = done.stderr.splitlines()
    assert plain and all(line.endswith("(a 2 partidas)") and "\r" not in line for line in plain)
    terminal = Terminal()
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = io.StringIO(), terminal
    try:
        from bola8.cli import main

        assert main(["match", "--race", "2", "--quiet", "--lang", "en"]) == 0
    finally:
        sys.stdout, sys.stderr = streams
    bar = terminal.getvalue()
    assert "\r" in bar and "race to 2" in bar and "game/s" in bar and "2/2" in bar     # in place, with its rate


def test_a_surrogate_that_reaches_standard_output_unescaped_is_written_as_its_escape():
    from bola8.cli import _Guarded

    raw = io.BytesIO()
    stream = _Guarded(io.TextIOWrapper(raw, encoding="utf-8", write_through=True), "standard output")
    stream.write('{"a": "x\ud800y\\n"}\n')
    assert raw.getvalue() == b'{"a": "x\\ud800y\\n"}\n'          # JSON escapes kept as they are
