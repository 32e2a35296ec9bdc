"""The real ``bola8`` program, once per command and per class of error (the rest runs in process)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

BOLA8 = [sys.executable, "-m", "bola8"]


def bola8(*args, stdin=b"", cwd=None, timeout=300):
    return subprocess.run([*BOLA8, *args], input=stdin, capture_output=True, cwd=cwd, timeout=timeout)


def test_referee_and_simulate_answer_json_and_refuse_bad_input():
    request = {"state": {"on_table": [1, 8, 9]}, "declare": "stalemate"}
    done = bola8("referee", stdin=json.dumps(request).encode())
    assert done.returncode == 0 and json.loads(done.stdout)["state"]["result"] == "stalemate"
    done = bola8("simulate", stdin=b'{"rack_seed": 1, "strike": {"speed": 2.0, "phi": 90.0}}')
    assert done.returncode == 0 and "facts" in json.loads(done.stdout)
    done = bola8("simulate", "--lang", "en", stdin=b"[1]")
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("request: expected")


@pytest.mark.slow
def test_match_replay_render_and_demo_run_as_programs(tmp_path):
    record = tmp_path / "m.jsonl"
    done = bola8("match", "--race", "1", "--seed", "3", "--record", str(record))
    assert done.returncode == 0 and b"gana el encuentro" in done.stdout, done.stderr
    assert bola8("replay", str(record)).stdout.startswith(b"OK: ")
    assert bola8("render", str(record), "-o", str(tmp_path / "s.svg")).returncode == 0
    demo = bola8("demo", "--race", "1", cwd=tmp_path)
    assert demo.returncode == 0 and demo.stdout.decode().rstrip().splitlines()[-1].startswith("OK:")


def test_an_argument_error_is_json_in_spanish_not_usage_text():
    done = bola8("match", "--race", "abc")
    assert done.returncode == 2 and done.stderr == b""
    assert json.loads(done.stdout)["error"].startswith("--race: 'abc' no es")
    assert bola8("--version").stdout.decode().startswith("bola8 ")


def test_a_lone_surrogate_is_escaped():
    done = bola8("referee", stdin=b'"\\ud800"')
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert "\\ud800" in json.loads(done.stdout)["error"]


def test_a_closed_pipe_ends_quietly():
    reader = subprocess.Popen([*BOLA8, "match", "--race", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout.readline()             # `| head -1`
    reader.stdout.close()
    err = reader.stderr.read()
    assert reader.wait(timeout=300) == 141
    assert b"Traceback" not in err and b"Exception ignored" not in err and b"Error" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_disk_is_one_sentence():
    with open("/dev/full", "wb") as full:
        done = subprocess.run([*BOLA8, "referee"], input=b"{}", stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 1
    assert json.loads(done.stderr) == {"error": "standard output: no se puede escribir (no queda espacio en "
                                                "el dispositivo)."}


def test_ctrl_c_in_a_match_is_one_line_and_exit_130(tmp_path):
    # Today's main: a KeyboardInterrupt traceback, or a numba SystemError.
    record = tmp_path / "m.jsonl"
    playing = subprocess.Popen([*BOLA8, "match", "--race", "50", "--record", str(record)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                                                         signal.SIG_DFL))
    assert playing.stdout.readline().startswith(b"Arrime")      # the match is under way
    time.sleep(0.5)
    playing.send_signal(signal.SIGINT)
    out, err = playing.communicate(timeout=120)
    assert playing.returncode == 130, err
    assert b"Traceback" not in err and b"SystemError" not in err
    last = out.decode().splitlines()[-1]
    assert json.loads(last) == {"error": "interrumpido con Ctrl-C; nada a medio escribir."}
