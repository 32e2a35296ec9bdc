"""`bola8 batch --ray` where no cluster answers is refused at once with one sentence, not retried for minutes."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time


def test_an_address_where_nothing_listens_is_refused_within_seconds() -> None:
    with socket.socket() as s:                   # a free port: nothing listens there once it is closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "bola8", "batch", "--ray", f"127.0.0.1:{port}", "--games", "1",
                           "--lang", "en"], capture_output=True, text=True, timeout=60)
    assert time.monotonic() - started < 30
    assert done.returncode == 2, done.stderr
    error = json.loads(done.stdout)["error"]
    assert error.startswith(f"--ray: nothing answers at '127.0.0.1:{port}'")


def test_an_address_that_is_no_address_is_refused() -> None:
    done = subprocess.run([sys.executable, "-m", "bola8", "batch", "--ray", "nowhere", "--games", "1"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("--ray: 'nowhere' no es la dirección")
