"""The README's Python examples run as written."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_each_python_example_runs(number):
    exec(compile(BLOCKS[number], f"README.md python block {number + 1}", "exec"), {})


def _matches(shown, actual) -> bool:
    """``shown`` (the README's JSON) equals ``actual``, a text "..." standing for any text."""
    if shown == "...":
        return isinstance(actual, str)
    if isinstance(shown, dict):
        return isinstance(actual, dict) and shown.keys() == actual.keys() and all(
            _matches(shown[k], actual[k]) for k in shown)
    if isinstance(shown, list):
        return isinstance(actual, list) and len(shown) == len(actual) and all(
            _matches(a, b) for a, b in zip(shown, actual))
    return shown == actual


def test_the_referee_example_answers_what_the_readme_shows():
    import json
    import subprocess
    import sys

    text = README.read_text(encoding="utf-8")
    request = re.search(r"echo '(\{\"state\".*?)' \\\n\s*\| bola8 referee --lang en", text, re.S).group(1)
    shown = json.loads(re.search(r"```json\n(\{\"ruling\".*?)```", text, re.S).group(1))
    done = subprocess.run([sys.executable, "-m", "bola8", "referee", "--lang", "en"], input=request,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _matches(shown, json.loads(done.stdout))
