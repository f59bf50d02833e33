#!/bin/sh
# What the container (Dockerfile) and the systemd units run, by name (README.md, "Hosting"):
#   serve         the app: gunicorn with uvicorn's workers (deploy/gunicorn.conf.py); no migration
#   migrate       the release step: apply the migrations (once per new version, before serve)
#   backup        the database's own backup into BACKUP_DIR (default /backups), the newest 14 kept
#   housekeeping  expired sessions and old login records (daily)
#   anything else is run as it is (manage.py createsuperuser, a shell)
set -eu
cd "$(dirname "$0")/.."
case "${1:-serve}" in
  serve) exec gunicorn -c deploy/gunicorn.conf.py scorekeeper.asgi:application ;;
  migrate) exec python manage.py migrate --no-input ;;
  backup) exec python manage.py dump_database "${BACKUP_DIR:-/backups}" ;;
  housekeeping) exec python manage.py housekeeping ;;
  *) exec "$@" ;;
esac
