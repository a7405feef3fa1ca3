"""Brokers for the outbox tests: the project's Celery app pointed at another broker, and a
private redis-server (port 6391) that a test stops and starts."""
from __future__ import annotations

import socket
import subprocess
import time
from contextlib import contextmanager

PRIVATE_REDIS_PORT = 6391


def _drop_pools(app) -> None:
    """Close the app's broker connections (and kombu's pools of them, which it keys by
    URL), so that the next publish connects anew to the broker the settings name now."""
    from kombu import pools

    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


@contextmanager
def publishing_to(url: str):
    """The project's Celery app publishes to ``url`` (tasks not inline) in this block."""
    from config.celery import app

    saved = app.conf.broker_url, app.conf.task_always_eager
    _drop_pools(app)
    app.conf.broker_url, app.conf.task_always_eager = url, False
    try:
        yield app
    finally:
        _drop_pools(app)
        app.conf.broker_url, app.conf.task_always_eager = saved


def refused_url() -> str:
    """A Redis URL on a local port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


class RedisServer:
    """A redis-server of the test's own, without persistence; stopped and started at will."""

    def __init__(self, port: int = PRIVATE_REDIS_PORT) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on port {self.port} did not start "
                                   "(is the port taken?)")
            time.sleep(0.05)
        time.sleep(0.1)
        if self.process.poll() is not None:
            raise RuntimeError(f"port {self.port} answers, but not our redis-server")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=0.2).ping())
        except redis.exceptions.ConnectionError:
            return False
