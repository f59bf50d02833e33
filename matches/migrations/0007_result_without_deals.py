"""A stored result keeps the count of its deals instead of their list (services._refresh)."""

from typing import Any

from django.db import migrations


def count_the_deals(apps: Any, schema_editor: Any) -> None:
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.all().only("pk", "result").iterator():
        if "deals" in match.result:
            match.result["deal_count"] = len(match.result.pop("deals"))
            match.save(update_fields=["result"])


def list_the_deals_again(apps: Any, schema_editor: Any) -> None:
    """Back: the lists are made anew by the next change of each match; until then, empty ones."""
    Match = apps.get_model("matches", "Match")
    for match in Match.objects.all().only("pk", "result").iterator():
        if "deal_count" in match.result:
            match.result.pop("deal_count")
            match.result["deals"] = []
            match.save(update_fields=["result"])


class Migration(migrations.Migration):
    dependencies = [("matches", "0006_evening_public_link")]

    operations = [migrations.RunPython(count_the_deals, list_the_deals_again)]
