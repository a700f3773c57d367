"""A PostgreSQL server in a temporary folder, for the class store's tests and bench.

Our own helper rather than pytest-postgresql: that plugin runs ``pg_ctl`` as the current user,
and PostgreSQL refuses to run as root ("pg_ctl: cannot be run as root"; pytest-postgresql
issues #341 and #455, closed without a way to name another user), which is how this machine
and CI containers run the tests. Here, as root, ``initdb`` and ``pg_ctl`` run as the
``postgres`` system user (``runuser -u postgres --``) in a folder chowned to it. The server
listens on 127.0.0.1 at a free port with trust authentication, its socket in the folder, and is
stopped (and the folder removed) by ``stop()``. Debian's ``postgresql`` package is enough.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "aton"


def bindir() -> Path | None:
    """The newest /usr/lib/postgresql/*/bin that holds initdb and pg_ctl, else None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name)
                   if Path(p).parent.parent.name.isdigit() else 0)
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class TempPostgres:
    """``TempPostgres().start()`` returns a SQLAlchemy URL; ``stop()`` ends the server."""

    def __init__(self) -> None:
        self.bin = bindir()
        self.folder: Path | None = None
        self.port = 0

    def _run(self, *args: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        done = subprocess.run([*prefix, *args], capture_output=True, text=True, timeout=120,
                              check=False)
        if done.returncode:
            raise RuntimeError(f"{Path(args[0]).name} failed: {done.stderr.strip()[-800:]}")

    def start(self) -> str:
        if self.bin is None:
            raise RuntimeError("no PostgreSQL server: /usr/lib/postgresql/*/bin/initdb is "
                               "missing (apt-get install -y postgresql)")
        self.folder = Path(tempfile.mkdtemp(prefix="aton-pg-"))
        if os.geteuid() == 0:
            pg = pwd.getpwnam("postgres")
            os.chown(self.folder, pg.pw_uid, pg.pw_gid)
        data = self.folder / "data"
        self._run(str(self.bin / "initdb"), "-D", str(data), "-A", "trust", "-U", USER,
                  "-E", "UTF8", "--no-sync")
        self.port = free_port()
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200"
        self._run(str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(self.folder / "log"),
                  "-w", "-t", "60", "-o", options, "start")
        return self.url

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast",
                      "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
