"""Real servers for the database-operation tests: gunicorn on the probe settings, and a
private PostgreSQL cluster (never the shared server) that a test may restart."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from glob import glob
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]


def wait_for(predicate, timeout: float, interval: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return False


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


@contextmanager
def gunicorn(*, database_url: str, port: int, workers: int = 1, **env: str):
    """gunicorn with config/gunicorn.py on ``port``, serving the probe settings; its base URL
    and the arbiter's pid.
    Stopped (by its pid) at the end."""
    full_env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "gunicorn-test-secret",
        "DJANGO_SETTINGS_MODULE": "tests.config.probe_settings",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": str(workers),
        "PYTHONPATH": str(ROOT),
        # The app loaded once, before the workers fork: a worker respawned after a kill
        # answers at once, even on a loaded machine, instead of booting past the timeout.
        "GUNICORN_CMD_ARGS": "--preload",
        **env,
    }
    full_env.pop("REDIS_URL", None)  # the probes enqueue no task
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py",
             "config.wsgi:application"],
            cwd=ROOT, env=full_env, stdout=log, stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            if not wait_for(lambda: process.poll() is None and _answers(f"{base}/health/"), 60):
                log.seek(0)
                raise RuntimeError("gunicorn did not answer: " + log.read().decode()[-3000:])
            yield base, process.pid
        except BaseException:
            log.seek(0)
            sys.stderr.write("gunicorn's log:\n" + log.read().decode(errors="replace")[-5000:])
            raise
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def postgres_bin(name: str) -> str:
    found = sorted(glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(f"no PostgreSQL binary {name} under /usr/lib/postgresql/*/bin")
    return found[-1]


class PrivateCluster:
    """A PostgreSQL cluster of the test's own, in a temporary directory, run as the ``postgres``
    system user on ``port`` with trust authentication."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.dir = Path(tempfile.mkdtemp(prefix="pg-private-"))
        self.data = self.dir / "data"

    def _run(self, *argv: str, timeout: float = 60) -> None:
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*as_postgres, *argv], check=True, timeout=timeout,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def _ctl(self, action: str, *extra: str) -> None:
        self._run(postgres_bin("pg_ctl"), action, "-D", str(self.data), "-w", "-t", "30",
                  "-l", str(self.dir / "log"), *extra)

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(postgres_bin("initdb"), "-D", str(self.data), "-U", "postgres",
                  "-A", "trust", "--no-sync")
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c max_connections=30")
        self._ctl("start", "-o", options)

    def restart(self) -> None:
        """A fast restart: every connection is closed by the server."""
        self._ctl("restart", "-m", "fast")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._ctl("stop", "-m", "immediate")
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"
