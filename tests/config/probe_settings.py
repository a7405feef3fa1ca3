"""Test-only settings for a real gunicorn: the project's, with the probe URLs."""
from config.settings import *  # noqa: F403

ROOT_URLCONF = "tests.config.probe_urls"
