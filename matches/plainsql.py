"""Plain SQL for the few queries every page asks, written once, and model instances made from their
rows as the ORM makes them. Building such a query through the ORM cost more than running it."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from django.db import connection, models


def table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def column(model: type[models.Model], name: str) -> str:
    """``"table"."column"`` of the field ``name`` (for a foreign key, its id column)."""
    return f"{table(model)}.{connection.ops.quote_name(model._meta.get_field(name).column)}"


def may_be_id(model: type[models.Model], pk: int) -> bool:
    """Whether ``pk`` fits the model's id column (an address may hold a number past any id's)."""
    lowest, highest = connection.ops.integer_field_range(model._meta.pk.get_internal_type())
    return lowest <= pk <= highest


@functools.cache
def columns(model: type[models.Model], without: tuple[str, ...] = ()) -> Columns:
    """The model's Columns (``without`` those fields), made once per process."""
    return Columns(model, without)


class Columns:
    """A model's columns in a SELECT (``sql``), and the instance made from a row's values (``make``).

    ``without``: fields left out, deferred as ``defer()`` does (read if asked for later).
    """

    def __init__(self, model: type[models.Model], without: Sequence[str] = ()) -> None:
        self.model = model
        self.fields = [field for field in model._meta.concrete_fields if field.name not in without]
        self.sql = ", ".join(column(model, field.name) for field in self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def make(self, values: Sequence[Any]) -> Any:
        """The instance, each value turned into Python as the ORM turns it (a date on SQLite)."""
        converted = []
        for value, (converters, col) in zip(values, self._converters(connection.ops), strict=True):
            for convert in converters:
                value = convert(value, col, connection)
            converted.append(value)
        return self.model.from_db(connection.alias, [field.attname for field in self.fields], converted)

    # Per connection (a thread's own): a few instances, made once, live as long as the process.
    @functools.lru_cache(maxsize=16)  # noqa: B019
    def _converters(self, ops: Any) -> list[tuple[list[Callable[..., Any]], Any]]:
        columns = [field.get_col(self.model._meta.db_table) for field in self.fields]
        return [(ops.get_db_converters(c) + c.get_db_converters(ops.connection), c) for c in columns]
