# Two commands on a fresh machine with Python 3.11+ and make:
#   make run    set up, migrate, load the demo campaign, serve on http://127.0.0.1:8000/
#   make test   set up and run the whole test suite (SQLite unless DATABASE_URL is set)
# The venv's interpreter: the system's python3.11 where it can make a venv (Debian's and most
# distributions' are built with PGO + LTO, like the python:3.11-slim image the Dockerfile
# deploys on, and run this code about a quarter faster than an unoptimised build such as
# pyenv's default: docs/benchmarks.md), else python3. `make PYTHON=... venv` picks another.
SYSTEM_PYTHON := /usr/bin/python3.11
PYTHON ?= $(shell $(SYSTEM_PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench venv clean

$(BIN)/.installed: requirements.lock requirements-dev.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.lock
	touch $@

venv: $(BIN)/.installed

run: venv
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py load_demo
	@echo ""
	@echo "  Open http://$(HOST):$(PORT)/  (API docs: http://$(HOST):$(PORT)/api/docs/)"
	@echo ""
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: venv
	SECRET_KEY="$${SECRET_KEY:-test-only-secret-key}" $(BIN)/python -m pytest $(PYTEST_ARGS)

lint: venv
	$(BIN)/ruff check .

bench: venv
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .ruff_cache .hypothesis
