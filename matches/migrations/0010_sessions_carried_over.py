"""The sessions of Django's table carried over to the app's (matches.sessions), each with its user:
nobody is logged out by the move, and a phone that joined a match by an invite link keeps it."""

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import migrations
from django.utils import timezone

FORMER_BACKEND = "django.contrib.auth.backends.ModelBackend"
BACKEND = "matches.sessions.UserBackend"


def carry_over(apps, schema_editor):
    former, sessions = apps.get_model("sessions", "Session"), apps.get_model("matches", "Session")
    users = apps.get_model(settings.AUTH_USER_MODEL)
    known = set(users.objects.values_list("pk", flat=True))
    store = SessionStore()  # its signing salt is the app's store's (both classes are named SessionStore)
    for session in former.objects.filter(expire_date__gt=timezone.now()).iterator():
        data = store.decode(session.session_data)
        if not data:  # signed with another key, or damaged: it would not log anyone in
            continue
        if data.get(BACKEND_SESSION_KEY) == FORMER_BACKEND:
            data[BACKEND_SESSION_KEY] = BACKEND
        user = users._meta.pk.to_python(data[SESSION_KEY]) if SESSION_KEY in data else None
        sessions.objects.update_or_create(
            session_key=session.session_key,
            defaults={
                "session_data": store.encode(data),
                "expire_date": session.expire_date,
                "user_id": user if user in known else None,
            },
        )


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0009_sessions_with_their_user"),
        ("sessions", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(carry_over, migrations.RunPython.noop)]
