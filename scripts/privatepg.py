"""A PostgreSQL of the faults run's own: made in a temporary directory, on its own port, removed after.

`make faults` restarts, crashes and stops this one; the PostgreSQL on 5432 (development, tests,
the other benches) is never touched. It listens on 127.0.0.1 only and trusts local connections.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def binaries() -> Path:
    """Debian's PostgreSQL binaries (the newest installed), or the ones on PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    if pg_ctl is None:
        raise SystemExit("faults: PostgreSQL's pg_ctl is not installed (apt-get install postgresql)")
    return Path(pg_ctl).parent


def free_port(preferred: int) -> int:
    for port in range(preferred, preferred + 20):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) != 0:
                return port
    raise SystemExit(f"faults: no free port from {preferred} for a private PostgreSQL")


class PrivatePostgres:
    """``with PrivatePostgres() as pg:`` a running server at ``pg.url(name)``; stopped and removed after."""

    def __init__(self, port: int = 55433) -> None:
        self.bin = binaries()
        self.port = free_port(port)
        self.dir = Path(tempfile.mkdtemp(prefix="faults-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.user = "postgres" if os.geteuid() == 0 else None  # PostgreSQL refuses to run as root

    def url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, check=check, capture_output=True, text=True, timeout=60)

    def __enter__(self) -> PrivatePostgres:
        if self.user:
            shutil.chown(self.dir, self.user)
        try:
            self.run(
                "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"
            )
            settings = (
                f"listen_addresses = '127.0.0.1'\nport = {self.port}\n"
                f"unix_socket_directories = '{self.dir}'\nmax_connections = 60\nfsync = on\n"
            )
            with open(self.data / "postgresql.conf", "a") as conf:
                conf.write(settings)
            self.start()
        except BaseException:
            self.remove()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()

    def start(self) -> None:
        self.run("pg_ctl", "start", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "30")

    def stop(self, mode: str = "fast") -> None:
        self.run("pg_ctl", "stop", "-D", str(self.data), "-m", mode, "-w", "-t", "30")

    def restart(self) -> None:
        self.run(
            "pg_ctl", "restart", "-D", str(self.data), "-l", str(self.log), "-m", "fast", "-w", "-t", "30"
        )

    def remove(self) -> None:
        """Stop the server if it runs (at once: nothing in it is kept), then remove its directory."""
        if (self.data / "postmaster.pid").exists():
            self.run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w", "-t", "30", check=False)
        for _ in range(50):
            if not (self.data / "postmaster.pid").exists():
                break
            time.sleep(0.1)
        shutil.rmtree(self.dir, ignore_errors=True)
