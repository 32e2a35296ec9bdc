"""Batches: the same rows on any number of workers and on Ray, resume, a killed worker, bad specs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bola8.batch import run as batch_run
from bola8.batch.run import run_batch
from bola8.batch.spec import BatchSpec, unit_seed
from bola8.batch.store import BatchFolder, read_table
from bola8.errors import InputError

SPEC = BatchSpec(players=("bot", "bot"), matches=4, seed=7)


@pytest.fixture(scope="module")
def one_process():
    """The reference: every unit played in this process, one after the other."""
    return run_batch(SPEC, workers=1)


@pytest.mark.slow
def test_two_workers_give_the_rows_of_one_process(one_process):
    two = run_batch(SPEC, workers=2)
    assert two.games() == one_process.games()
    assert two.shots() == one_process.shots()
    assert [g["unit"] for g in two.games()] == sorted(g["unit"] for g in two.games())
    assert len(one_process.games()) == 4 and all(g["result"] for g in one_process.games())


@pytest.mark.slow
def test_a_unit_depends_only_on_its_index(one_process):
    later = run_batch(BatchSpec(players=("bot", "bot"), matches=6, seed=7), workers=1)
    assert later.games()[:4] == one_process.games()          # more units never change the first ones
    assert unit_seed(7, 3) != unit_seed(8, 3)


@pytest.mark.slow
def test_a_local_ray_instance_gives_the_same_rows(one_process):
    pytest.importorskip("ray", reason="ray is bola8's cluster extra; the dev install has it")
    on_ray = run_batch(SPEC, workers=1, ray="local")
    assert on_ray.games() == one_process.games()
    assert on_ray.shots() == one_process.shots()


def test_an_interrupted_batch_keeps_finished_units_and_resume_ends_it(tmp_path, one_process):
    out = str(tmp_path / "b")

    def interrupt_after_two(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_batch(SPEC, out, workers=1, progress=interrupt_after_two)
    assert BatchFolder(out).done_units() == {0, 1}
    assert not os.path.exists(os.path.join(out, "games.parquet"))
    with pytest.raises(InputError, match="not empty"):
        run_batch(SPEC, out, workers=1)                        # nothing replaced unasked
    with pytest.raises(InputError, match="another batch"):
        run_batch(BatchSpec(players=("bot", "bot"), matches=4, seed=8), out, workers=1, resume=True)
    resumed = run_batch(SPEC, out, workers=2, resume=True)
    assert (resumed.resumed, resumed.played) == (2, 2)
    assert read_table(os.path.join(out, "games.parquet")) == one_process.games()
    assert read_table(os.path.join(out, "shots.parquet")) == one_process.shots()
    assert not os.path.exists(os.path.join(out, "parts"))
    assert os.stat(os.path.join(out, "games.parquet")).st_mode & 0o044 == 0o044     # readable by others
    assert os.stat(os.path.join(out, "batch.json")).st_mode & 0o044 == 0o044


MARKER = "BOLA8_TEST_KILL_MARKER"


def dies_once(spec, unit, records):
    """A worker's unit that kills its own process the first time unit 1 is played."""
    marker = os.environ[MARKER]
    if unit == 1 and not os.path.exists(marker):
        Path(marker).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return batch_run.play_unit(spec, unit, records=records)


def test_a_killed_worker_is_replaced_and_its_unit_played_again(tmp_path, monkeypatch, one_process):
    monkeypatch.setenv(MARKER, str(tmp_path / "killed"))
    monkeypatch.setattr(batch_run, "_play", dies_once)
    result = run_batch(SPEC, workers=2)
    assert (tmp_path / "killed").exists()
    assert result.retried >= 1
    assert result.games() == one_process.games()


@pytest.mark.parametrize("change, field", [
    ({"matches": 0}, "games"), ({"players": ("bot", "nobody")}, "players"), ({"race": 0}, "race"),
    ({"table": "6ft"}, "table"), ({"noise": -1.0}, "noise"), ({"players": ("bot",)}, "players"),
])
def test_a_bad_spec_is_refused_naming_its_field(change, field):
    values = {"players": ("bot", "bot"), "matches": 2, **change}
    with pytest.raises(InputError) as refused:
        BatchSpec(**values)
    assert refused.value.en.startswith(field + ":")
    assert refused.value.es.startswith(field + ":")


def test_the_command_refuses_bad_specs_before_any_work(tmp_path):
    bola8 = [sys.executable, "-m", "bola8"]
    for args in (["--games", "0"], ["--players", "bot,robot"], ["--workers", "0"], ["--games", "x"],
                 ["--resume"], ["-o", str(tmp_path), "--games", "1", "--race", "0"]):
        (tmp_path / "keep").write_text("x")           # a non-empty folder is never written into
        done = subprocess.run([*bola8, "batch", *args], capture_output=True, timeout=60)
        lines = done.stdout.decode().splitlines()
        assert done.returncode == 2, (args, done)
        assert len(lines) == 1 and json.loads(lines[0])["error"].startswith("--"), (args, lines)
        assert b"Traceback" not in done.stderr
    assert sorted(os.listdir(tmp_path)) == ["keep"]


def test_ctrl_c_keeps_every_finished_match_and_says_how_to_resume(tmp_path):
    out = tmp_path / "b"
    playing = subprocess.Popen([sys.executable, "-m", "bola8", "batch", "--games", "500", "--workers", "2",
                                "-o", str(out), "--lang", "en"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    import time

    def some_match_finished() -> bool:
        # a finished unit's part, not the temporary file a part is being written through
        return bool(BatchFolder(str(out)).done_units())

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not some_match_finished():
        time.sleep(0.05)
    assert some_match_finished()
    playing.send_signal(signal.SIGINT)
    stdout, stderr = playing.communicate(timeout=60)
    assert playing.returncode == 130, stderr
    assert json.loads(stdout.decode())["error"].endswith("continue with --resume.")
    kept = BatchFolder(str(out)).done_units()
    assert 1 <= len(kept) < 500 and not (out / "games.parquet").exists()
