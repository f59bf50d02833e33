"""Sessions back in Django's own table (django.contrib.sessions), every live one carried over:
nobody is logged out by the move, and a phone that joined a match by an invite link keeps it.

Django's table still holds the rows it had before 0010 moved them to the app's: stale since (a
phone logged out meanwhile is still there, logged in), so they go before the app's are copied in.
"""

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import migrations
from django.utils import timezone

APP_BACKEND = "matches.sessions.UserBackend"
DJANGO_BACKEND = "django.contrib.auth.backends.ModelBackend"


def carry(source, target, backends):
    """Every live session of ``source`` into ``target`` (emptied first), its backend renamed by
    ``backends``."""
    store = SessionStore()  # its signing salt is the app's store's (both classes are named SessionStore)
    target.objects.all().delete()
    for session in source.objects.filter(expire_date__gt=timezone.now()).iterator():
        data = store.decode(session.session_data)
        if not data:  # signed with another key, or damaged: it would not log anyone in
            continue
        if data.get(BACKEND_SESSION_KEY) in backends:
            data[BACKEND_SESSION_KEY] = backends[data[BACKEND_SESSION_KEY]]
        target.objects.create(
            session_key=session.session_key, session_data=store.encode(data), expire_date=session.expire_date
        )


def back_to_django(apps, schema_editor):
    app, django = apps.get_model("matches", "Session"), apps.get_model("sessions", "Session")
    carry(app, django, {APP_BACKEND: DJANGO_BACKEND})


def back_to_the_app(apps, schema_editor):
    app, django = apps.get_model("matches", "Session"), apps.get_model("sessions", "Session")
    users = apps.get_model(settings.AUTH_USER_MODEL)
    carry(django, app, {DJANGO_BACKEND: APP_BACKEND})
    # The app's row names its user: read from the session, as the app's store wrote it.
    store = SessionStore()
    known = set(users.objects.values_list("pk", flat=True))
    for session in app.objects.iterator():
        user = store.decode(session.session_data).get(SESSION_KEY)
        user = users._meta.pk.to_python(user) if user is not None else None
        if user in known:
            app.objects.filter(pk=session.pk).update(user_id=user)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0014_deals_name_their_dealer"),
        ("sessions", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(back_to_django, back_to_the_app),
        migrations.DeleteModel(name="Session"),
    ]
