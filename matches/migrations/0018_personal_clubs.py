"""Every account's players, matches and evenings move into its personal club, with it as organiser."""

import secrets

from django.db import migrations

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def into_personal_clubs(apps, schema_editor):
    User = apps.get_model("auth", "User")
    Club = apps.get_model("matches", "Club")
    Membership = apps.get_model("matches", "Membership")
    taken = set(Club.objects.values_list("code", flat=True))
    for user in User.objects.filter(personal_club__isnull=True).order_by("pk").iterator():
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        while code in taken:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        taken.add(code)
        club = Club.objects.create(
            name=user.username[:60], personal_of=user, join_token=secrets.token_urlsafe(32), code=code
        )
        Membership.objects.create(club=club, user=user, role="organiser")
        for model in ("Player", "Match", "Evening"):
            apps.get_model("matches", model).objects.filter(owner=user, club__isnull=True).update(club=club)


class Migration(migrations.Migration):
    dependencies = [("matches", "0017_clubs")]

    operations = [migrations.RunPython(into_personal_clubs, migrations.RunPython.noop, elidable=False)]
