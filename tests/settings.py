"""The settings the tests run with: the project's own, with DEBUG on as for development.

pytest-django loads them before any conftest, so the environment is set here. It is inherited by
the processes some tests start; those that check the production settings set their own.
pytest-django still runs each test with ``settings.DEBUG`` off, as a server would.
"""

import os

os.environ.setdefault("DEBUG", "true")

from scorekeeper.settings import *  # noqa: F403
