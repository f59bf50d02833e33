import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("matches", "0018_personal_clubs")]

    operations = [
        migrations.AlterField(
            model_name=name,
            name="club",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name=related, to="matches.club"
            ),
        )
        for name, related in (("player", "players"), ("match", "matches"), ("evening", "evenings"))
    ]
