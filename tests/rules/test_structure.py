"""The package's shape: standard library only, the usage example runs, one module per article."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import bola8.rules
from bola8.rules import articles

PROBE = """
import sys
before = set(sys.modules)
import bola8.rules, bola8.rules.referee_request, bola8.cli.referee
new = {m.split('.')[0] for m in set(sys.modules) - before}
print(','.join(sorted(m for m in new if m not in sys.stdlib_module_names and m != 'bola8')))
"""


def test_the_usage_example_in_the_package_docstring_runs():
    result = doctest.testmod(bola8.rules, verbose=False)
    assert result.attempted >= 5 and result.failed == 0


def test_rules_and_the_referee_command_import_only_the_standard_library():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_each_article_module_is_named_after_its_article_and_cites_it():
    folder = Path(articles.__file__).parent
    modules = sorted(p for p in folder.glob("art*.py"))
    assert len(modules) >= 14
    for path in modules:
        number = int(path.name[3:5])
        text = path.read_text(encoding="utf-8")
        assert f"Art. {number}" in text, path.name
        assert f"def art_{number}_" in text, path.name
