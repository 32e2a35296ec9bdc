"""bench_bot.py runs end to end with a tiny count (its figures are not checked)."""

import pathlib
import subprocess
import sys

BENCH = pathlib.Path(__file__).resolve().parents[2] / "benchmarks"


def run(script, *args):
    return subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=300)


def test_bench_bot_prints_its_table():
    done = run("bench_bot.py", "--games", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "called shots pocketed as called" in done.stdout and "2 single games" in done.stdout


def test_bench_batch_prints_its_table():
    done = run("bench_batch.py", "--games", "2", "--no-ray")
    assert done.returncode == 0, done.stderr
    assert "2 local workers" in done.stdout and "every backend gave identical rows" in done.stdout


def test_bench_rl_prints_its_table():
    done = run("bench_rl.py", "--steps", "8")
    assert done.returncode == 0, done.stderr
    assert "turn env, against bot" in done.stdout and "AsyncVectorEnv" in done.stdout
