"""The project's PostgreSQL database backend (``ENGINE = "config.postgresql"``): see ``base``."""
