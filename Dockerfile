# The app's image (README.md, "Hosting"): the production requirements only, a user of its own, the
# static files collected at build time. docker compose (compose.yaml) runs it beside PostgreSQL and Caddy.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# pg_dump for the backups; gettext is not needed (the catalogues are compiled with polib).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 1000 scorekeeper \
    && mkdir /backups && chown scorekeeper /backups
WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt
COPY --chown=scorekeeper . .
RUN python scripts/compile_messages.py locale/en/LC_MESSAGES/django.po \
    && python scripts/compile_messages.py locale/it/LC_MESSAGES/django.po \
    && DEBUG=false SECRET_KEY=only-for-collectstatic python manage.py collectstatic --no-input
USER scorekeeper
ENV BIND=0.0.0.0:8000 DEBUG=false
EXPOSE 8000
ENTRYPOINT ["deploy/entrypoint.sh"]
CMD ["serve"]
