"""Entry windows and refunds (ENT-LATE, ENT-REBUY, ENT-ADDON, ENT-REFUND), the presets' numbers."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clock.rules import timeline
from tournaments.rules.entries import Kind, PlayerHistory, RefundReason, TournamentMoment, entry_allowed, refund
from tournaments.rules.rulesets import PRESETS, EntryRules, Ruleset, preset

NEW = PlayerHistory(active_entry=False, had_entry=False)
IN = PlayerHistory(active_entry=True, had_entry=True)
BUSTED = PlayerHistory(active_entry=False, had_entry=True)


def at(minutes: float, started=True, first_break_reached=False, first_break_over=False, closed=False):
    return TournamentMoment(started, minutes, first_break_reached, first_break_over, closed)


def test_ENT_LATE_buy_ins_before_the_start_late_entries_after_until_the_window_closes():
    rules = preset("pokerfest").entries
    assert entry_allowed(Kind.BUY_IN, rules, at(0, started=False), NEW).ok
    refused = entry_allowed(Kind.BUY_IN, rules, at(10), NEW)
    assert not refused.ok and "sell a late entry" in refused.message
    assert not entry_allowed(Kind.LATE, rules, at(0, started=False), NEW).ok
    assert entry_allowed(Kind.LATE, rules, at(239.9), NEW).ok
    closed = entry_allowed(Kind.LATE, rules, at(240), NEW)
    assert (closed.rule, closed.ok) == ("ENT-LATE", False) and "240 minutes" in closed.message
    assert "between the small blind and the button" in entry_allowed(Kind.LATE, rules, at(5), NEW).message
    assert not entry_allowed(Kind.LATE, rules, at(5), IN).ok  # one entry at a time
    assert entry_allowed(Kind.LATE, rules, at(5), IN).rule == "ENTERED"  # no rule ID of its own, not ENT-LATE
    assert not entry_allowed(Kind.LATE, rules, at(5, closed=True), NEW).ok


def test_ENT_LATE_before_the_start_the_refusal_names_the_kind_with_its_article():
    """The walkthrough read "sell a buy-in, not a late." and "not a alternate."."""
    rules = preset("neverending").entries
    said = {
        kind: entry_allowed(kind, rules, at(0, started=False), BUSTED).message
        for kind in (Kind.LATE, Kind.ALTERNATE, Kind.RE_ENTRY)
    }
    assert said == {
        Kind.LATE: "Play has not started: sell a buy-in, not a late entry.",
        Kind.ALTERNATE: "Play has not started: sell a buy-in, not an alternate.",
        Kind.RE_ENTRY: "Play has not started: sell a buy-in, not a re-entry.",
    }


def test_ENT_LATE_re_entries_only_for_busted_players_where_the_house_allows_them():
    pokerfest, neverending = preset("pokerfest").entries, preset("neverending").entries
    assert entry_allowed(Kind.RE_ENTRY, pokerfest, at(30), BUSTED).ok
    assert not entry_allowed(Kind.RE_ENTRY, pokerfest, at(30), IN).ok
    assert not entry_allowed(Kind.RE_ENTRY, pokerfest, at(30), NEW).ok
    assert "no re-entries" in entry_allowed(Kind.RE_ENTRY, neverending, at(30), BUSTED).message
    assert entry_allowed(Kind.ALTERNATE, neverending, at(59), NEW).ok
    assert not entry_allowed(Kind.ALTERNATE, neverending, at(60), NEW).ok


@given(st.floats(0, 200), st.integers(0, 5))
def test_ENT_REBUY_chips_50_minutes_then_15_more_for_players_without_a_rebuy(minutes, rebuys):
    rules = preset("chips").entries
    history = PlayerHistory(active_entry=True, had_entry=True, rebuys=rebuys)
    allowed = entry_allowed(Kind.REBUY, rules, at(minutes), history).ok
    assert allowed == (minutes < 50 or (rebuys == 0 and minutes < 65))


def test_ENT_REBUY_kentucky_unlimited_until_the_intermission_2000_chips_for_50_dollars():
    rules = preset("kentucky").entries
    assert (rules.rebuy_chips, rules.rebuy_price) == (2000, 5000)
    many = PlayerHistory(active_entry=True, had_entry=True, rebuys=12)
    assert entry_allowed(Kind.REBUY, rules, at(99), many).ok
    ended = entry_allowed(Kind.REBUY, rules, at(100, first_break_reached=True), many)
    assert not ended.ok and "intermission" in ended.message
    assert not entry_allowed(Kind.REBUY, rules, at(10), BUSTED).ok
    assert "no rebuys" in entry_allowed(Kind.REBUY, preset("pokerfest").entries, at(10), IN).message


def test_ENT_ADDON_kentucky_one_5000_chip_addon_for_50_dollars_at_the_intermission_chips_none():
    rules = preset("kentucky").entries
    assert (rules.addon_chips, rules.addon_price, rules.addons_per_player) == (5000, 5000, 1)
    assert not entry_allowed(Kind.ADDON, rules, at(50), IN).ok
    on_break = at(100, first_break_reached=True)
    assert entry_allowed(Kind.ADDON, rules, on_break, IN).ok
    took_one = PlayerHistory(active_entry=True, had_entry=True, addons=1)
    assert "limited to 1 per player" in entry_allowed(Kind.ADDON, rules, on_break, took_one).message
    assert not entry_allowed(Kind.ADDON, rules, at(120, first_break_reached=True, first_break_over=True), IN).ok
    assert not entry_allowed(Kind.ADDON, rules, on_break, BUSTED).ok  # surviving players only
    assert "no add-on" in entry_allowed(Kind.ADDON, preset("chips").entries, on_break, IN).message


@given(st.integers(1, 300), st.integers(0, 30), st.integers(1, 60), st.floats(0, 500))
def test_ENT_ADDON_after_a_timed_rebuy_period_on_sale_from_its_end_for_the_rulesets_minutes(
    rebuy_minutes, extra, addon_minutes, minutes
):
    rules = EntryRules(
        rebuy=True,
        rebuy_minutes=rebuy_minutes,
        rebuy_extra_minutes_for_first=extra,
        addon=True,
        addon_minutes=addon_minutes,
    )
    opens = rebuy_minutes + extra  # the end of the rebuy period for everyone
    sold = entry_allowed(Kind.ADDON, rules, at(minutes, first_break_reached=True), IN)
    assert sold.ok == (opens <= minutes < opens + addon_minutes)
    if not sold.ok:
        assert f"from {opens} to {opens + addon_minutes} minutes of play" in sold.message


@given(st.integers(0, 10**9), st.integers(0, 10**8), st.booleans(), st.integers(0, 100))
def test_ENT_REFUND_by_reason(pool_part, fee_part, won, admin_fee):
    rules = EntryRules(freeroll_withdrawal_fee_percent=admin_fee)
    cancelled = refund(RefundReason.CANCELLED, pool_part, fee_part, won, rules)
    assert (cancelled.to_player, cancelled.from_pool) == (pool_part + fee_part, pool_part)
    withdrawal = refund(RefundReason.WITHDRAWAL, pool_part, fee_part, won, rules)
    if won:
        assert withdrawal.to_player == (pool_part + fee_part) * (100 - admin_fee) // 100
        assert withdrawal.to_player <= pool_part + fee_part
    else:
        assert withdrawal.to_player == pool_part  # the buy-in, never the fee
    assert withdrawal.from_pool == pool_part
    disqualified = refund(RefundReason.DISQUALIFIED, pool_part, fee_part, won, rules)
    assert (disqualified.to_player, disqualified.from_pool) == (0, 0)


def test_ENT_REFUND_neverending_freeroll_entry_refunded_less_half():
    rules = preset("neverending").entries
    assert refund(RefundReason.WITHDRAWAL, 9000, 1001, True, rules).to_player == 5000  # 10,001 × 50%, rounded down


def test_rulesets_round_trip_through_json_and_ignore_unknown_keys():
    for name, ruleset in PRESETS.items():
        assert Ruleset.from_json(ruleset.to_json()) == ruleset, name
    data = PRESETS["chips"].to_json() | {"from_the_future": 1}
    data["entries"] = data["entries"] | {"unknown": True}
    assert Ruleset.from_json(data) == PRESETS["chips"]
    with pytest.raises(ValueError, match="choose one of"):
        preset("poker-night")


def test_clock_elapsed_counts_levels_and_breaks_not_pauses():
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    levels = [
        timeline.Level(1, 2, 0, timedelta(minutes=20)),
        timeline.Level(0, 0, 0, timedelta(minutes=10), True),
        timeline.Level(2, 4, 0, timedelta(minutes=20)),
    ]
    assert timeline.first_break(levels) == 1
    state = timeline.start(timeline.initial(levels), levels, t0)
    assert timeline.elapsed(state, levels, t0 + timedelta(minutes=25)) == timedelta(minutes=25)
    paused = timeline.pause(state, levels, t0 + timedelta(minutes=5))
    assert timeline.elapsed(paused, levels, t0 + timedelta(hours=3)) == timedelta(minutes=5)
    assert timeline.elapsed(state, levels, t0 + timedelta(hours=3)) == timedelta(minutes=50)
    assert timeline.elapsed(timeline.initial(levels), levels, t0) == timedelta(0)


def test_ENT_SUBST_substitutes_only_where_the_house_allows_them_for_a_seat_in_play():
    from tournaments.rules.entries import substitution_allowed

    neverending, pokerfest = preset("neverending").entries, preset("pokerfest").entries
    assert substitution_allowed(neverending, entry_active=True, substitute_holds_entry=False).ok
    assert "does not allow substitutes" in substitution_allowed(pokerfest, True, False).message
    assert not substitution_allowed(neverending, entry_active=False, substitute_holds_entry=False).ok
    assert "entry of their own" in substitution_allowed(neverending, True, True).message


@pytest.mark.parametrize(
    "data,says",
    [
        ({"entries": {"late_entry_minutes": "abc"}}, "entries.late_entry_minutes must be a whole number or null"),
        ({"entries": {"rebuy": 1}}, "entries.rebuy must be true or false"),
        ({"entries": {"rebuy_price": -5}}, "entries.rebuy_price must be a whole number, 0 or more"),
        ({"eligibility": {"membership": "vip"}}, "eligibility.membership must be one of"),
        ({"entries": []}, "entries must be a JSON object"),
        ({"chips": {"count_on_request_percent": 101}}, "chips.count_on_request_percent must be from 0 to 100"),
        ([], "A ruleset is a JSON object"),
    ],
)
def test_a_hand_edited_ruleset_is_refused_with_the_setting_named(data, says):
    with pytest.raises(ValueError, match=says):
        Ruleset.from_json(data)
    edited = {"preset": "kentucky", "entries": {"late_entry_minutes": 90, "rebuy": True}}
    assert Ruleset.from_json(edited).entries.late_entry_minutes == 90


def test_SEAT_FINAL_and_SEAT_BALANCE_house_numbers_live_in_the_ruleset():
    assert preset("kentucky").seating.final_table_size == 10
    assert preset("pokerfest").seating.halt_when_short_by == 3 and preset("chips").seating.halt_when_short_by is None
    assert all(p.seating.balance_tolerance == 1 for p in PRESETS.values())
    switched = Ruleset.from_json({"preset": "neverending", "seating": {"move_by_corresponding_seat": True}})
    assert switched.seating.move_by_corresponding_seat and switched.entries == preset("neverending").entries
    with pytest.raises(ValueError, match="seating.final_table_size must be from 2 to 12"):
        Ruleset.from_json({"preset": "kentucky", "seating": {"final_table_size": 1}})


def test_PAY_STRUCT_payout_rules_live_in_the_ruleset_and_a_fixed_table_is_checked():
    assert preset("neverending").payouts.most_places == 10 and preset("pokerfest").payouts.paid_percent == 15
    table = Ruleset.from_json({"preset": "chips", "payouts": {"percent_table": [[9, [6500, 3500]]]}})
    assert table.payouts.percent_table == ((9, (6500, 3500)),)
    assert Ruleset.from_json(table.to_json()) == table
    for bad, says in [
        ([[9, [3500, 6500]]], "never more to a lower place"),
        ([[9, 5]], "bands"),
        ([[9, [5000]], [5, [5000]]], "growing entry count"),
        ("x", "must be a list"),
    ]:
        with pytest.raises(ValueError, match=says):
            Ruleset.from_json({"payouts": {"percent_table": bad}})


@given(minutes=st.floats(min_value=0, max_value=239))
def test_ENT_LATE_a_busted_players_new_entry_is_a_re_entry_whatever_the_desk_calls_it(minutes):
    pokerfest, neverending = preset("pokerfest").entries, preset("neverending").entries
    for kind in (Kind.LATE, Kind.ALTERNATE):
        refused = entry_allowed(kind, pokerfest, at(minutes), BUSTED)
        assert (refused.ok, refused.message) == (False, "Entered before and busted: sell a re-entry.")
    assert entry_allowed(Kind.RE_ENTRY, pokerfest, at(minutes), BUSTED).ok
    if minutes < 60:
        assert "no re-entries" in entry_allowed(Kind.ALTERNATE, neverending, at(minutes), BUSTED).message
