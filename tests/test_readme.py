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
