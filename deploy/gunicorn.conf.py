"""gunicorn's settings for production, read from the environment (README.md, "Hosting"):
``gunicorn -c deploy/gunicorn.conf.py scorekeeper.asgi:application``.

| variable | default | |
|---|---|---|
| BIND | 127.0.0.1:8000 | where to listen (0.0.0.0:8000 in a container) |
| WEB_CONCURRENCY | the cores | uvicorn workers: one a core (docs/bench.md) |
| WEB_TIMEOUT | 30 | seconds a worker may be silent before it is restarted |
| WEB_GRACEFUL_TIMEOUT | 10 | seconds a worker gets to finish on a restart (HUP) or stop (TERM) |
| ACCESS_LOG | - | where each request is logged: - for standard output (the journal), empty for nowhere |
"""

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or os.cpu_count() or 2)
worker_class = "scorekeeper.workers.Worker"
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("WEB_GRACEFUL_TIMEOUT", "10"))
keepalive = 5
backlog = 2048
accesslog = os.environ.get("ACCESS_LOG", "-") or None
errorlog = "-"
# A proxy on this machine or in the compose network sets X-Forwarded-For and -Proto.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn's control socket (gunicornc) is one path per user ($HOME/.gunicorn/gunicorn.ctl): two
# instances run by one user, as make cluster-check runs, would share it. Nothing here uses it.
control_socket_disable = True
