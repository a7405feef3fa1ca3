"""Django settings, read from the environment.

Embedded default (no variables set): SQLite file in the project, Celery tasks run inline.
Real deployment: DATABASE_URL (PostgreSQL) and REDIS_URL (Celery broker) set.
"""
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.database import database_settings
from config.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=False)
DATABASE_URL = env_str("DATABASE_URL")
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if DATABASE_URL and not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DATABASE_URL is (a real deployment)")
    SECRET_KEY = "insecure-embedded-default-key-not-for-deployment"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# --- HTTPS ------------------------------------------------------------------------------
# Outside DEBUG cookies are Secure and HTTPS responses carry HSTS. The redirect to HTTPS is
# opt-in (SECURE_SSL_REDIRECT=1), since only a deployment with TLS in front can serve it.
# Behind a TLS-terminating proxy, SECURE_PROXY_SSL_HEADER names the header it sets to "https"
# (e.g. HTTP_X_FORWARDED_PROTO; only if the proxy always sets or strips it).
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=False)
SECURE_REDIRECT_EXEMPT = [r"^health/$"]  # the health check comes from inside, over HTTP
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
if env_str("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = (env_str("SECURE_PROXY_SSL_HEADER"), "https")

INSTALLED_APPS = [
    "config.apps.ClubAdminConfig",  # django.contrib.admin with the organizers' site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "eventstore",
    "clubs",
    "battles",
    "campaign",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------------------
# Persistent connections, health-checked before reuse (a PostgreSQL restart costs no request).
# A web request's statements are cancelled after DB_STATEMENT_TIMEOUT_MS, below gunicorn's
# worker timeout (GUNICORN_TIMEOUT, read by config/gunicorn.py too): a request gunicorn kills
# leaves no statement running. The Celery worker runs under DB_WORKER_STATEMENT_TIMEOUT_MS
# (config/database.py). 0: no timeout (e.g. for a long management command).
GUNICORN_TIMEOUT = env_int("GUNICORN_TIMEOUT", 30)
DB_STATEMENT_TIMEOUT_MS = env_int("DB_STATEMENT_TIMEOUT_MS", 25_000)
DB_WORKER_STATEMENT_TIMEOUT_MS = env_int("DB_WORKER_STATEMENT_TIMEOUT_MS", 600_000)
if not 0 <= DB_STATEMENT_TIMEOUT_MS < GUNICORN_TIMEOUT * 1000:
    raise ImproperlyConfigured("DB_STATEMENT_TIMEOUT_MS must be below GUNICORN_TIMEOUT (or 0)")
DATABASES = {
    "default": database_settings(
        DATABASE_URL or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        statement_timeout_ms=DB_STATEMENT_TIMEOUT_MS,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ru", "Русский")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"

# --- REST API -------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.schema.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": [
        "config.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.JSONParser",
        "config.parsers.FormParser",
        "config.parsers.MultiPartParser",
    ],
    # No HTTP Basic: it hashed a password on every request, a CPU flood for anyone. Scripts
    # send a personal API token (accounts.authentication: one indexed query, no hash).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.AnonRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"anon": env_str("API_ANON_RATE", "60/minute")},
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
}
# Bounds on a request (config/parsers.py; docs/battles.md, "Limits"): the largest body of a
# request, of a battle import (an exported 20,000-event club battle is 5.7 MB) and the
# deepest JSON. A larger body is 413, deeper JSON 400, both ``limit_exceeded``.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
BATTLE_IMPORT_MAX_BODY_SIZE = 16 * 1024 * 1024
# A campaign file holds its ledger and every battle's export (docs/campaign.md, "Export").
CAMPAIGN_IMPORT_MAX_BODY_SIZE = 64 * 1024 * 1024
API_MAX_JSON_DEPTH = 32
SPECTACULAR_SETTINGS = {
    "TITLE": "Wargame campaign manager API",
    "DESCRIPTION": "Battles as event streams replayed through pure rule systems; "
    "campaigns carrying soldiers and squads across linked scenarios.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the installed drf-spectacular-sidecar, not a CDN: /api/docs/ works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request bodies get their own components, which say what input is refused (a blank
    # string: minLength 1; read-only fields left out).
    "COMPONENT_SPLIT_REQUEST": True,
}

# --- Cache: sign-in and API throttle counts -------------------------------------------
# Redis when REDIS_URL is set, so that every gunicorn worker sees the same counts; else this
# process's memory (the embedded default runs one process).
REDIS_URL = env_str("REDIS_URL")
CACHES = {
    "default": {
        "BACKEND": "config.cache.OutageTolerantRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "cache",
    }
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
#: Failed sign-ins (login page, admin) allowed per client IP and per username in a window;
#: past either, an attempt is refused with 429 before its password is hashed.
SIGN_IN_THROTTLE = {
    "failures_per_ip": env_int("SIGN_IN_FAILURES_PER_IP", 10),
    "failures_per_username": env_int("SIGN_IN_FAILURES_PER_USERNAME", 5),
    "window_seconds": env_int("SIGN_IN_WINDOW_SECONDS", 900),
}

# --- E-mail (campaign/services/battle_report.py) --------------------------------------------
# The console backend by default: messages are written to the log of the process that sends
# them (the Celery worker). Set EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend and
# the EMAIL_* variables to send for real.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "campaigns@localhost")
#: The site's address as players reach it, for links in e-mails.
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")

# --- Celery ---------------------------------------------------------------------------
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL  # embedded default: tasks run inline
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A publish never holds a request for long (campaign/services/outbox.py keeps what it could
# not hand over): connecting to Redis gives up after 1 s, a hung Redis after 2 s (measured:
# refused 1-5 ms, hung 2.0 s; before, a hung Redis held the request for ever), and a failed
# publish is not retried (a pooled connection Redis closed is replaced when checked out).
CELERY_BROKER_CONNECTION_TIMEOUT = 1.0
CELERY_TASK_PUBLISH_RETRY = False
# A message a worker took and never acknowledged (the worker was killed: tasks ack late)
# goes back to the queue after the visibility timeout (Redis transport; kombu's default
# is an hour). It must exceed the longest a message is held unacknowledged: a retry's
# countdown (retry_backoff, at most 2**7 = 128 s) plus the longest task (the catch-up,
# seconds; a take-over 0.6 s p95, docs/benchmarks.md), else a second copy runs beside the
# first (harmless, the tasks are idempotent, but wasted). Workers sweep for such
# messages every tenth of it (1-10 s).
BROKER_VISIBILITY_TIMEOUT = env_int("CELERY_VISIBILITY_TIMEOUT", 300)
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": BROKER_VISIBILITY_TIMEOUT,
    "unacked_restore_interval": min(10, max(1, BROKER_VISIBILITY_TIMEOUT // 10)),
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 1.0,
    "max_retries": 1, "interval_start": 0,  # a publisher's connect: once more, at once
    "socket_timeout": 2.0,
}

# --- Logging: one JSON object per line ----------------------------------------------
LOG_LEVEL = env_str("LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "config.logging.JsonFormatter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
    },
}
