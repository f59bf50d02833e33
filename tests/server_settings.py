"""The settings of the app servers that some browser tests start as processes of their own
(tests/browser/test_push.py): the tests' own, with DEBUG off as pytest-django runs each test (so the
pages carry no development helpers), and the static files found where they are written."""

from tests.settings import *  # noqa: F403

DEBUG = False
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
