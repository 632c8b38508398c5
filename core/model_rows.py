"""Model instances made from one static statement's row, for reads every bust or sale makes:
the ORM took longer to build a query with `select_related` over several models (1-2 ms for
five) than PostgreSQL to answer it. Public APIs only: `Model._meta.concrete_fields`,
`Field.from_db_value` and `Model.from_db`, as the ORM itself loads a row."""

from collections.abc import Sequence
from datetime import UTC, datetime
from functools import cache
from typing import NamedTuple

from django.db import DEFAULT_DB_ALIAS, connection
from django.db.models import Field, Model

from tournaments.models import Festival, Tournament


class Columns(NamedTuple):
    """A model's columns as a static statement selects them (`sql`), in the model's order."""

    model: type[Model]
    names: list[str]  # the fields' attnames, as Model.from_db takes them
    sql: str  # alias."column", …
    converters: list[tuple[int, Field]]  # the fields whose values the ORM converts (a JSONField's)


def columns(model: type[Model], alias: str) -> Columns:
    fields = model._meta.concrete_fields
    sql = ", ".join(f"{alias}.{connection.ops.quote_name(field.column)}" for field in fields)
    converters = [(i, field) for i, field in enumerate(fields) if hasattr(field, "from_db_value")]
    return Columns(model, [field.attname for field in fields], sql, converters)


def instance(of: Columns, row: Sequence, start: int = 0) -> Model:
    """The model instance whose columns begin at `start` in `row`, as the ORM would load it."""
    values = list(row[start : start + len(of.names)])
    for i, field in of.converters:
        values[i] = field.from_db_value(values[i], None, connection)
    return of.model.from_db(DEFAULT_DB_ALIAS, of.names, values)


def instances(row: Sequence, *of: Columns) -> list[Model]:
    """One instance per model whose columns the row holds one after the other, in `of`'s order."""
    made, start = [], 0
    for columns_of in of:
        made.append(instance(columns_of, row, start))
        start += len(columns_of.names)
    return made


@cache
def _returned(model: type[Model]) -> Columns:
    return columns(model, "x")


def inserted(
    unsaved: Model,
    conflict: str = "",
    *,
    before: str = "",
    before_params: Sequence = (),
    computed: dict | None = None,
    also: dict | None = None,
) -> Model | None:
    """`unsaved`'s row inserted as Model.save would write it (each field's pre_save, then
    get_db_prep_save: an auto_now_add time is set too), in one static statement; `conflict` an
    `ON CONFLICT … DO NOTHING` clause; `before` a WITH clause (its parameters `before_params`)
    that `computed` takes some fields' values from (attname: SQL expression), so a write the
    row depends on goes in the same round trip; `also` more values to return with the row (name:
    SQL expression, which may read the WITH clause), set on the instance under those names.
    Returns the row as written, made as the ORM loads it (Model.from_db), or None when the
    conflict left it out."""
    model, computed, also = type(unsaved), computed or {}, also or {}
    fields = [field for field in model._meta.concrete_fields if not field.primary_key]
    names = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    given = [field for field in fields if field.attname not in computed]
    values = [field.get_db_prep_save(field.pre_save(unsaved, True), connection) for field in given]
    row_sql = ", ".join(computed.get(field.attname, "%s") for field in fields)
    returned = _returned(model)
    with connection.cursor() as cursor:
        cursor.execute(
            f"{before} INSERT INTO {model._meta.db_table} AS x ({names}) VALUES ({row_sql}) "
            f"{conflict} RETURNING {', '.join([returned.sql, *also.values()])}",
            [*before_params, *values],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    made = instance(returned, row)
    for name, value in zip(also, row[len(returned.names) :], strict=True):
        setattr(made, name, value)
    return made


# A tournament and its festival as every static statement here selects them (aliases t and f).
TOURNAMENT, FESTIVAL = columns(Tournament, "t"), columns(Festival, "f")
# Every operation's first statement (locked) and every tournament endpoint's (not locked).
_TOURNAMENT_WITH_FESTIVAL = f"""
    SELECT {TOURNAMENT.sql}, {FESTIVAL.sql}
    FROM {Tournament._meta.db_table} t JOIN {Festival._meta.db_table} f ON f.id = t.festival_id
    WHERE t.id = %s"""


def tournament(tournament_id: int, for_update: bool = False) -> Tournament:
    """The tournament with its festival (its row locked with `for_update`, the festival's not),
    as `select_related("festival").get(pk=…)` loads it; Tournament.DoesNotExist for none."""
    with connection.cursor() as cursor:
        cursor.execute(_TOURNAMENT_WITH_FESTIVAL + (" FOR UPDATE OF t" if for_update else ""), [tournament_id])
        row = cursor.fetchone()
    if row is None:
        raise Tournament.DoesNotExist(f"Tournament matching query does not exist: {tournament_id}")
    made, made.festival = instances(row, TOURNAMENT, FESTIVAL)
    return made


MAIN_EVENT = columns(Tournament, "m")
# A flight's main event beside its row (none: every column NULL), for a pre-registration's reads.
JOIN_MAIN_EVENT = f"LEFT JOIN {Tournament._meta.db_table} m ON m.id = t.main_event_id"
_TOURNAMENT_WITH_MAIN_EVENT = f"""
    SELECT clock_timestamp(), {TOURNAMENT.sql}, {FESTIVAL.sql}, {MAIN_EVENT.sql}
    FROM {Tournament._meta.db_table} t JOIN {Festival._meta.db_table} f ON f.id = t.festival_id
    {JOIN_MAIN_EVENT}
    WHERE t.id = %s"""


def with_main_event(made: Tournament, row: Sequence, start: int) -> Tournament:
    """`made` with its main event, whose columns (MAIN_EVENT) begin at `start` in `row`."""
    made.main_event = None if made.main_event_id is None else instance(MAIN_EVENT, row, start)
    return made


def tournament_with_main_event(tournament_id: int) -> tuple[Tournament, datetime]:
    """The tournament with its festival and its main event (a flight's), as
    `select_related("festival", "main_event").get(pk=…)` loads them, and the database's time
    (core.time_source.now's clock), in one static statement."""
    with connection.cursor() as cursor:
        cursor.execute(_TOURNAMENT_WITH_MAIN_EVENT, [tournament_id])
        row = cursor.fetchone()
    if row is None:
        raise Tournament.DoesNotExist(f"Tournament matching query does not exist: {tournament_id}")
    at, row = row[0].astimezone(UTC), row[1:]
    made, made.festival = instances(row, TOURNAMENT, FESTIVAL)
    return with_main_event(made, row, len(TOURNAMENT.names) + len(FESTIVAL.names)), at
