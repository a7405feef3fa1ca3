FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY requirements.lock pyproject.toml ./
RUN pip install --no-cache-dir -r requirements.lock
COPY . .
EXPOSE 8000
# gunicorn's worker timeout and workers: config/gunicorn.py (GUNICORN_TIMEOUT, GUNICORN_WORKERS).
CMD ["gunicorn", "-c", "config/gunicorn.py", "config.wsgi:application"]
