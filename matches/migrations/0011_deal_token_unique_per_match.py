"""A form's one-time token is unique within its match, not across all matches: the same token sent
to another match (a form copied from one match's page to another's) is a deal of that match, never
taken for the deal it entered elsewhere."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0010_sessions_carried_over"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="deal",
            constraint=models.UniqueConstraint(
                models.F("match"), models.F("token"), name="deal_token_unique_per_match"
            ),
        ),
        migrations.RemoveConstraint(
            model_name="deal",
            name="deal_token_unique",
        ),
    ]
