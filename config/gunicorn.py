"""gunicorn's configuration (``gunicorn -c config/gunicorn.py config.wsgi:application``).

The worker timeout is explicit and shared with the settings: ``DB_STATEMENT_TIMEOUT_MS`` must
be below it (config/settings.py refuses otherwise), so PostgreSQL cancels a slow statement
and the request answers 503 before gunicorn would kill the worker.

The workers are gunicorn's sync workers, each woken alone for a connection
(config/gunicorn_worker.py), and their heartbeat file is in memory (``/dev/shm``) where there
is one, as gunicorn's documentation advises: the heartbeat touches it several times a request.
"""
import os

from config.env import env_int, env_str

bind = env_str("GUNICORN_BIND", "0.0.0.0:8000")
workers = env_int("GUNICORN_WORKERS", 3)
timeout = env_int("GUNICORN_TIMEOUT", 30)
graceful_timeout = timeout
worker_class = "config.gunicorn_worker.ExclusiveSyncWorker"
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
