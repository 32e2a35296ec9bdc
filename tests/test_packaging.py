"""The package people install: one version, a small core with extras, and a wheel that referees a shot."""

from __future__ import annotations

import importlib.metadata as metadata
import importlib.util
import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import bola8
from bola8.extras import EXTRAS, MissingExtra, missing, require

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _names(requirements: list[str]) -> set[str]:
    return {r.split(";")[0].split("[")[0].split("<")[0].split(">")[0].split("=")[0].strip() for r in requirements}


def test_one_version_string():
    assert "version" in PROJECT["dynamic"] and "version" not in PROJECT
    assert metadata.version("bola8") == bola8.__version__
    assert f"## {bola8.__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_core_is_the_rules_the_physics_and_the_command_line_and_the_rest_are_extras():
    assert _names(PROJECT["dependencies"]) == {"numpy", "numba", "tqdm"}
    extras = PROJECT["optional-dependencies"]
    assert set(extras) == {*EXTRAS, "dev"}
    assert {"fastapi", "uvicorn", "websockets"} <= _names(extras["server"])
    assert _names(extras["batch"]) == {"pyarrow", "matplotlib"}
    assert _names(extras["cluster"]) == {"ray"}
    assert _names(extras["rl"]) == {"gymnasium", "pettingzoo"}
    assert f"bola8[{','.join(EXTRAS)}]" in extras["dev"]


def test_the_dev_install_has_every_extra():
    for extra in EXTRAS:
        assert missing(extra) == (), extra
        require(extra, "a test")


def test_a_missing_extra_is_one_sentence_in_both_languages(monkeypatch):
    real = metadata.distribution

    def without_fastapi(name: str):
        if name == "fastapi":
            raise metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(metadata, "distribution", without_fastapi)
    with pytest.raises(MissingExtra) as refused:
        require("server", "bola8 serve")
    assert str(refused.value) == ("bola8 serve: needs bola8's 'server' extra (fastapi not installed); install it "
                                  "with pip install 'bola8[server]'.")
    assert refused.value.text("es").startswith("bola8 serve: necesita el extra 'server' de bola8 (falta fastapi)")
    assert isinstance(refused.value, ImportError)


@pytest.mark.slow
def test_the_wheel_installs_alone_and_referees_a_shot(tmp_path):
    """Built by the standard tools, installed without its dependencies into a fresh environment: the
    referee needs only the standard library, and a command needing an extra says which."""
    out = tmp_path / "dist"
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
                           capture_output=True, text=True, timeout=300, env=env)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = out.glob("bola8-*.whl")
    assert wheel.name.startswith(f"bola8-{bola8.__version__}-")
    names = zipfile.ZipFile(wheel).namelist()
    for member in ("bola8/rules/text/reglamento-bola8.txt", "bola8/rules/text/rulings.md", "bola8/py.typed",
                   "bola8/server/static/index.html"):
        assert member in names, member

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    # the pip of this environment, or (make test's venv has none: tools/install.py) of the Python it was made from
    pip = sys.executable if importlib.util.find_spec("pip") else getattr(sys, "_base_executable", sys.executable)
    installed = subprocess.run([pip, "-m", "pip", "--python", str(python), "install", "--quiet",
                                "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True,
                               timeout=300, env=env)
    assert installed.returncode == 0, installed.stderr[-2000:]
    bola8_command = venv / "bin" / "bola8"
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    request = {"state": {"groups": ["solids", "stripes"], "on_table": [3, 8, 9]},
               "shot": {"call": {"ball": 3, "pocket": "foot-left"}, "first_contact": 3,
                        "pocketed": [{"ball": 3, "pocket": "foot-left"}]}}
    judged = subprocess.run([str(bola8_command), "referee", "--lang", "en"], input=json.dumps(request),
                            capture_output=True, text=True, timeout=60, env=clean, cwd=tmp_path)
    assert judged.returncode == 0, judged.stdout + judged.stderr
    answer = json.loads(judged.stdout)
    assert [r["code"] for r in answer["ruling"]["reasons"]] == ["called_ball_pocketed"]
    assert answer["state"]["on_table"] == [8, 9]

    served = subprocess.run([str(bola8_command), "serve", "--lang", "en"], capture_output=True, text=True,
                            timeout=60, env=clean, cwd=tmp_path)
    assert served.returncode == 2
    error = json.loads(served.stdout)["error"]
    assert error.startswith("bola8 serve: needs bola8's 'server' extra (fastapi, uvicorn, websockets")
    assert error.endswith("not installed); install it with pip install 'bola8[server]'.")
    where = subprocess.run([str(python), "-c", "import bola8.rules, sys; print(bola8.rules.__file__); "
                            "print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))"],
                           capture_output=True, text=True, timeout=60, env=clean, cwd=tmp_path)
    assert where.stdout.splitlines() == [str(venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
                                             / "site-packages" / "bola8" / "rules" / "__init__.py"), "[]"]
