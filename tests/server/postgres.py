"""A throwaway PostgreSQL cluster for the tests of the PostgreSQL backend and of several servers.

Debian's ``postgresql`` (``make test`` installs it when missing): ``initdb``
into a temporary folder, ``pg_ctl`` on a free port, listening on 127.0.0.1
and a socket in that folder, trust authentication for the user ``bola8``;
stopped and removed when the tests end. PostgreSQL refuses to run as root:
as root, the cluster belongs to the ``postgres`` user the package made. A
missing PostgreSQL fails the tests that need it (never skipped).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager


def _binaries() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: `make test` installs Debian's postgresql, or install it")
    return os.path.dirname(found[-1])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def cluster() -> Iterator[str]:
    """A running cluster; the URL of its ``postgres`` database, for the user ``bola8``."""
    bin_dir = _binaries()
    folder = tempfile.mkdtemp(prefix="bola8-pg-")
    data = os.path.join(folder, "data")
    as_root = os.geteuid() == 0
    prefix: list[str] = []
    if as_root:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    run = lambda *args: subprocess.run([*prefix, *args], check=True, capture_output=True, timeout=120)  # noqa: E731
    try:
        run(f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "bola8", "-E", "UTF8", "--no-sync")
        run(f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-w", "-o",
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", "start")
        yield f"postgresql://bola8@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"], capture_output=True,
                       timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(server_url: str) -> str:
    """A new empty database on the cluster; its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + "/" + name
