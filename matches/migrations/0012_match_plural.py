"""The admin names them "matches", not "matchs" (a Meta option: nothing changes in the database)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0011_deal_token_unique_per_match"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="match",
            options={"ordering": ["-created_at"], "verbose_name_plural": "matches"},
        ),
    ]
