"""Issue 27: the hash chain's canonical form (rules/chain.py). Any change of any field of an
event changes its hash, and so every hash after it."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from rules import chain

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
contents = st.fixed_dictionaries(
    {
        "tournament": st.integers(1, 10**6),
        "seq": st.integers(1, 10**6),
        "at": st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2040, 1, 1), timezones=st.just(UTC)),
        "kind": st.text(min_size=1, max_size=20),
        "actor": st.none() | st.integers(1, 10**6),
        "payload": st.dictionaries(st.text(max_size=5), json_values, max_size=4),
        "public": st.none() | st.dictionaries(st.text(max_size=5), json_values, max_size=4),
        "request_key": st.none() | st.text(max_size=10),
    }
)


def changed(field: str, value):
    """A different value of the same field's type."""
    if field == "at":
        return value + timedelta(microseconds=1)
    if field in ("tournament", "seq"):
        return value + 1
    if field == "actor":
        return 1 if value is None else None
    if field == "request_key":
        return "k" if value is None else None if value else "x"
    if field == "kind":
        return value + "x"
    if value is None:
        return {}
    return {**value, "\x00added": 1} if value else {"a": None}


@given(contents, st.sampled_from(["tournament", "seq", "at", "kind", "actor", "payload", "public", "request_key"]))
def test_any_change_of_any_field_changes_the_hash(content, field):
    before = chain.link(chain.GENESIS, chain.event_content(**content))
    edited = {**content, field: changed(field, content[field])}
    assert chain.link(chain.GENESIS, chain.event_content(**edited)) != before


@given(contents, st.text(alphabet="0123456789abcdef", min_size=64, max_size=64))
def test_the_predecessor_is_part_of_the_hash(content, other):
    canonical = chain.event_content(**content)
    if other != chain.GENESIS:
        assert chain.link(other, canonical) != chain.link(chain.GENESIS, canonical)


@given(contents)
def test_the_canonical_form_is_the_stored_values_not_the_writing(content):
    """jsonb keeps a number's value and not its keys' order: the hash does not depend on either."""
    payload = {**content["payload"], "b": 1.0, "a": [1e20, 2.5]}  # ours last: a generated "a" or "b" is replaced
    shuffled = dict(reversed(list(payload.items())))
    stored = {**shuffled, "b": 1, "a": [10**20, 2.5]}
    first = chain.event_content(**{**content, "payload": payload})
    second = chain.event_content(**{**content, "payload": stored})
    assert chain.link(chain.GENESIS, first) == chain.link(chain.GENESIS, second)


def test_the_time_is_written_in_utc_to_the_microsecond():
    later = datetime(2026, 12, 3, 17, 0, 0, 5, tzinfo=UTC)
    assert chain.moment(later) == "2026-12-03T17:00:00.000005+00:00"
