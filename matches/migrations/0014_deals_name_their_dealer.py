"""Each deal stored names who dealt it (docs/format.md, "Points made clear").

Deals entered before the web pages recorded the dealer named one only when the table chose another
than the rules; a correction of an earlier deal then changed who dealt the later ones. Each match is
replayed once, as it reads now, and each of its deals in play that names no dealer is given the one
the replay says it had. The change log's entry of that deal as it now stands is given it too, so an
undo that compares the two still finds them equal. A match the engine refuses is left as it is.
"""

from django.db import migrations


def name_the_dealers(apps, schema_editor):
    # The engine is pure Python: its reading of a document is what every page does.
    from games import document
    from games.core import Refused

    Match = apps.get_model("matches", "Match")
    Seat = apps.get_model("matches", "Seat")
    Deal = apps.get_model("matches", "Deal")
    Change = apps.get_model("matches", "Change")
    for match in Match.objects.all().iterator():
        players = list(
            Seat.objects.filter(match=match).order_by("position").values_list("player__name", flat=True)
        )
        deals = list(Deal.objects.filter(match=match, deleted_at__isnull=True).order_by("number"))
        if not players or not any(isinstance(d.entry, dict) and "dealer" not in d.entry for d in deals):
            continue
        doc = {
            "format": document.FORMAT,
            "game": match.game,
            "options": match.options,
            "players": players,
            "first_dealer": players[match.first_dealer] if match.first_dealer < len(players) else None,
            "start": match.start,
            "deals": [deal.entry for deal in deals],
        }
        try:
            played = document.read_document(doc).play()
        except (Refused, ValueError):
            continue
        for deal, result in zip(deals, played.deals, strict=False):
            if not isinstance(deal.entry, dict) or "dealer" in deal.entry or result.dealer is None:
                continue
            old, deal.entry = deal.entry, {**deal.entry, "dealer": players[result.dealer]}
            deal.save(update_fields=["entry"])
            for change in Change.objects.filter(
                deal=deal
            ):  # compared here: JSON equality differs by database
                if change.after == old:
                    change.after = deal.entry
                    change.save(update_fields=["after"])


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0013_house_rules_within_limits"),
    ]

    operations = [
        migrations.RunPython(name_the_dealers, migrations.RunPython.noop),
    ]
