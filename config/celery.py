"""The Celery app. Without REDIS_URL, settings make tasks run inline (eager)."""
import os

from celery import Celery
from celery.signals import celeryd_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@celeryd_init.connect
def _worker_statement_timeout(**kwargs) -> None:
    """A worker's tasks run under DB_WORKER_STATEMENT_TIMEOUT_MS, not the web requests' one
    (sent once in the worker's main process, before any pool process forks)."""
    from django.conf import settings

    from config.database import use_statement_timeout

    use_statement_timeout(settings.DB_WORKER_STATEMENT_TIMEOUT_MS)
