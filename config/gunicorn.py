"""gunicorn's configuration (``gunicorn -c config/gunicorn.py config.wsgi:application``).

The worker timeout is explicit and shared with the settings: ``DB_STATEMENT_TIMEOUT_MS`` must
be below it (config/settings.py refuses otherwise), so PostgreSQL cancels a slow statement
and the request answers 503 before gunicorn would kill the worker.
"""
from config.env import env_int, env_str

bind = env_str("GUNICORN_BIND", "0.0.0.0:8000")
workers = env_int("GUNICORN_WORKERS", 3)
timeout = env_int("GUNICORN_TIMEOUT", 30)
graceful_timeout = timeout
