"""``bola8 serve``: bad options refused in one sentence naming the option, exit 2; the default database."""

from __future__ import annotations

import json
import os

from bola8.cli import main
from bola8.cli.serve import default_db


def test_bad_port_and_unopenable_db_are_refused(capsys, tmp_path) -> None:
    assert main(["serve", "--port", "0", "--db", str(tmp_path / "a.db")]) == 2
    assert json.loads(capsys.readouterr().err)["error"].startswith("--port: 0 no es un puerto")
    assert main(["serve", "--lang", "en", "--port", "8808", "--db", str(tmp_path)]) == 2
    assert json.loads(capsys.readouterr().err)["error"].startswith("--db: cannot open")
    assert main(["serve", "--bot-workers", "-1", "--db", str(tmp_path / "a.db")]) == 2
    assert json.loads(capsys.readouterr().err)["error"].startswith("--bot-workers: -1 no es")


def test_default_db_is_under_the_user_data_folder(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db() == str(tmp_path / "bola8" / "bola8.db")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_db() == str(tmp_path / ".local" / "share" / "bola8" / "bola8.db")


def test_the_limits_are_checked(capsys, tmp_path) -> None:
    for option, value, words in (("--max-body", "10", "--max-body: 10 es demasiado pequeño"),
                                 ("--creations-per-minute", "-1", "--creations-per-minute: -1 es demasiado"),
                                 ("--games-in-memory", "0", "--games-in-memory: 0 es demasiado")):
        assert main(["serve", option, value, "--db", str(tmp_path / "a.db")]) == 2
        assert json.loads(capsys.readouterr().err)["error"].startswith(words)


def test_where_no_cache_folder_can_be_written_the_physics_compiles_in_a_temporary_one(tmp_path) -> None:
    from bola8.cli.serve import kernel_cache

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    unusable = str(blocker / "cache")            # under a file: no one, not even root, can make this folder
    folder, refused = kernel_cache({"NUMBA_CACHE_DIR": unusable})
    assert folder and folder != unusable and refused == [unusable]
    os.rmdir(folder)                             # made for a run of the server; here, nothing runs in it
    assert kernel_cache({"NUMBA_CACHE_DIR": str(tmp_path / "fine")}) == (None, [])


def test_the_temporary_kernels_folder_goes_with_the_apps_shutdown(tmp_path) -> None:
    """uvicorn stopped by SIGTERM runs the app's shutdown, then ends the process with that signal (no
    atexit): the folder is removed by the shutdown, after the app's own (its workers stopped)."""
    from starlette.testclient import TestClient

    from bola8.cli.serve import remove_at_shutdown
    from bola8.server import create_app

    folder = tmp_path / "bola8-kernels-run"
    folder.mkdir()
    (folder / "engine.play_stroke-1.nbi").write_bytes(b"")
    app = create_app(str(tmp_path / "s.db"), bot_workers=0)
    remove_at_shutdown(app, str(folder))
    with TestClient(app) as client:
        assert client.get("/api/meta").status_code == 200     # the app's own start ran, and it serves
        assert folder.is_dir()
    assert not folder.exists()
