FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY requirements.lock pyproject.toml ./
RUN pip install --no-cache-dir -r requirements.lock
COPY . .
# The rules compiled from the same source (rules/compiled.py), profile-guided by the benchmark's
# battles as in `make compiled`: gcc only for the build.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && python -m rules build --train "python -m bench.rules_fold --runs 1 --seed 101" \
    && apt-get purge -y --auto-remove gcc libc6-dev && rm -rf /var/lib/apt/lists/*
EXPOSE 8000
# gunicorn's worker timeout and workers: config/gunicorn.py (GUNICORN_TIMEOUT, GUNICORN_WORKERS).
CMD ["gunicorn", "-c", "config/gunicorn.py", "config.wsgi:application"]
