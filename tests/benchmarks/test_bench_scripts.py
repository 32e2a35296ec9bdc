"""Every benchmark script imports and answers ``--help``; bench_bot.py, bench_batch.py, bench_rl.py and
bench_leaf.py run end to end with a tiny count (their figures are not checked)."""

import contextlib
import importlib.util
import io
import pathlib
import subprocess
import sys

import pytest

BENCH = pathlib.Path(__file__).resolve().parents[2] / "benchmarks"


def run(script, *args):
    return subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("script", sorted(path.name for path in BENCH.glob("bench_*.py")))
def test_every_benchmark_imports_and_prints_its_usage(script, monkeypatch):
    """A script's imports and its options still hold (a renamed function of bola8 breaks a benchmark
    nobody runs for weeks): imported in this process, it answers --help with its usage and exit 0,
    before any simulation."""
    monkeypatch.syspath_prepend(str(BENCH))            # the scripts import their own helpers (_shots, ...)
    spec = importlib.util.spec_from_file_location(script[:-3], BENCH / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, script[:-3], module)   # dataclasses read their module from there
    spec.loader.exec_module(module)
    monkeypatch.setattr(sys, "argv", [script, "--help"])
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), pytest.raises(SystemExit) as done:
        module.main()
    assert done.value.code == 0 and "usage:" in printed.getvalue()


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


def test_bench_suite_refuses_a_count_or_a_reference_it_cannot_run(monkeypatch, capsys):
    """bench_suite.py clones and runs make test for minutes: what it is given is checked first, each
    refusal one sentence naming the option, exit 2."""
    monkeypatch.syspath_prepend(str(BENCH))
    import bench_suite

    assert bench_suite.main(["--runs", "0"]) == 2
    assert bench_suite.main(["--ref", "no-such-ref"]) == 2
    assert bench_suite.main(["--json", "/no/such/folder/suite.json"]) == 2
    said = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in said] == ["--runs", "--ref/--versus", "--json"], said


def test_every_script_is_named_in_the_benchmarks_readme():
    """benchmarks/README.md is how a reader finds a benchmark: a script it does not name is found by nobody
    (four were missing until 2026-12-06). Helper modules start with an underscore and are left out."""
    readme = (BENCH / "README.md").read_text(encoding="utf-8")
    scripts = sorted(p.name for p in BENCH.iterdir() if p.suffix in (".py", ".sh") and not p.name.startswith("_"))
    assert scripts and [name for name in scripts if f"`{name}`" not in readme and f"{name} " not in readme] == []
