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


def test_bench_leaf_scores_the_shape_weights_on_a_saved_rack(tmp_path):
    import json

    rack = {"rack": 0, "result": "win", "winner": 0, "pos": [
        {"shooter": 0, "p": [0.9, 0.5], "n": [3, 8], "t": [0, 1], "hand": False, "groups": ["solids", "stripes"],
         "balls": [[0, 0.6, 1.2], [3, 0.9, 2.2], [5, 0.3, 1.5], [8, 0.2, 1.6], [12, 0.2, 0.6]]}]}
    saved = tmp_path / "leaf.jsonl"
    saved.write_text(json.dumps(rack) + "\n" + json.dumps({**rack, "rack": 1, "winner": 1}) + "\n", encoding="utf-8")
    done = run("bench_leaf.py", "--from", str(saved))
    assert done.returncode == 0, done.stderr
    assert "2 racks decided, 2 positions" in done.stdout and "held out" in done.stdout
