"""House rules stored before they had limits are brought within them (docs/format.md, "Limits").

A match stored with a renege penalty of 99999999999999999999, a stake of 1e30 or lives of 500 could
no longer be read now that the rules engine refuses such values; each such value takes the nearest
one allowed (a stake also to the cent), a Busca start's totals and deals at most 1,000, and the
stored result is the replay's again. The limits are written here as they were when this migration
was made, so that a later change of them does not change what it did.
"""

from decimal import ROUND_HALF_UP, Decimal

from django.db import migrations

# key: (least, most); a stake is a sum to the cent, the others whole numbers.
LIMITS = {
    "stake": (0, 10_000),
    "renege_penalty": (0, 10),
    "misdeal_penalty": (0, 10),
    "single_limit": (1, 100),
    "pair_limit": (1, 100),
    "threshold": (1, 100),
    "victory_threshold": (1, 1000),
    "max_deals": (1, 1000),
    "lives": (1, 20),
    "game_points": (2, 20),
    "rubber_bonus": (0, 20),
}
START_MOST = 1000


def within(key, value):
    """The value the limits allow nearest to ``value``; a value that is no number is left as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return value
    least, most = LIMITS[key]
    value = min(max(value, least), most)
    if key == "stake":
        cents = Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        return int(cents) if cents == cents.to_integral_value() else float(cents)
    return round(value)


def busca_start_within(start):
    if not isinstance(start, dict):
        return start
    fixed = dict(start)
    if isinstance(start.get("totals"), list):
        fixed["totals"] = [
            min(max(t, 0), START_MOST) if isinstance(t, int) and not isinstance(t, bool) else t
            for t in start["totals"]
        ]
    deals = start.get("deals")
    if isinstance(deals, int) and not isinstance(deals, bool):
        fixed["deals"] = min(max(deals, 0), START_MOST)
    return fixed


def replayed_result(match, options, start, Seat, Deal):
    """The stored result of the match under its mended rules, or None where it cannot be replayed."""
    # The engine is pure Python: its reading of a document is what every page does.
    from games import document

    players = list(
        Seat.objects.filter(match=match).order_by("position").values_list("player__name", flat=True)
    )
    deals = list(
        Deal.objects.filter(match=match, deleted_at__isnull=True)
        .order_by("number")
        .values_list("entry", flat=True)
    )
    if not 0 <= match.first_dealer < len(players):
        return None
    doc = {
        "format": document.FORMAT,
        "game": match.game,
        "options": options,
        "players": players,
        "first_dealer": players[match.first_dealer],
        "start": start,
        "deals": deals,
    }
    try:
        rules = document.read_document(doc)
        return document.result_json(rules, rules.play(), deals=False)
    except Exception:  # a match no replay reads keeps the result it had: a migration never stops on it
        return None


def mend(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Seat = apps.get_model("matches", "Seat")
    Deal = apps.get_model("matches", "Deal")
    for match in Match.objects.all().iterator():
        options = match.options if isinstance(match.options, dict) else {}
        mended = {key: within(key, value) if key in LIMITS else value for key, value in options.items()}
        start = busca_start_within(match.start) if match.game.startswith("busca") else match.start
        if mended == options and start == match.start:
            continue
        match.options, match.start = mended, start
        result = replayed_result(match, mended, start, Seat, Deal)
        if result is not None:
            match.result = result
            finished = result.get("status") == "finished"
            match.status = "finished" if finished else "in_progress"
            if not finished:
                match.finished_at = None
            elif match.finished_at is None:
                match.finished_at = match.updated_at
        match.version += 1
        match.save(update_fields=["options", "start", "result", "status", "finished_at", "version"])


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0012_match_plural"),
    ]

    operations = [
        migrations.RunPython(mend, migrations.RunPython.noop),
    ]
