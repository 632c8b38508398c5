"""The catalogue of event kinds: every kind the tournament log can hold, each written once, with its audience
and what it changes.

Ground floor: imports only its machinery (core/catalogue.py). Services append events by these constants,
never by a string.
`views` name what a screen reloads or redraws after the event; the pages get them from `for_screens()`
(static/live.js: `touches(kind, view)`), so no screen keeps its own list of kinds. docs/live-protocol.md
documents every kind (a test checks it) and, in its table of views, which screen reloads or redraws on each.
"""

# Read by people (the console's log): marked for translation here, translated when a page asks (templatetags/live).
from django.utils.translation import gettext_noop

# The machinery, re-exported: callers name everything through `kinds`.
from core.catalogue import AUDIENCES as AUDIENCES
from core.catalogue import CATALOGUE as CATALOGUE
from core.catalogue import PUBLIC, STAFF
from core.catalogue import VIEWS as VIEWS
from core.catalogue import EventKind as EventKind
from core.catalogue import for_screens as for_screens
from core.catalogue import kind as _kind

# Set-up (tournaments/services/setup.py, players/services/).
TOURNAMENT_CREATED = _kind(
    "tournament.created", PUBLIC, gettext_noop("the director created the tournament from a preset")
)
TOURNAMENT_UPDATED = _kind(
    "tournament.updated", PUBLIC, gettext_noop("the director changed the tournament's settings"), "bounties"
)
VENUE_TABLE_ADDED = _kind("venue_table.added", PUBLIC, gettext_noop("a table of the venue is added (seats, TV table)"))
VENUE_TABLE_CHANGED = _kind(
    "venue_table.changed", PUBLIC, gettext_noop("a table of the venue changes its seats or TV mark")
)
VENUE_TABLE_REMOVED = _kind("venue_table.removed", PUBLIC, gettext_noop("a table no tournament used leaves the venue"))
SEAT_PINNED = _kind("seat.pinned", STAFF, gettext_noop("a seat reserved for an entry before the draw (SEAT-DRAW)"))
KEEP_APART_SET = _kind("keep_apart.set", STAFF, gettext_noop("entries kept at different tables (SEAT-SEPARATE)"))
COMPANY_SAVED = _kind("company.saved", STAFF, gettext_noop("a sponsor company and its status (PF-LOGO-*)"))
PLAYER_EXCLUDED = _kind(
    "player.excluded", STAFF, gettext_noop("a self-exclusion or ban, with its reason and period (REG-EXCLUDE)")
)

# The level clock (clock/services/level_clock.py). Each carries the whole clock document.
CLOCK_STRUCTURE_SET = _kind(
    "clock.structure_set", PUBLIC, gettext_noop("the tournament's structure (a template's copy)"), "clock_level"
)
CLOCK_STARTED = _kind("clock.started", PUBLIC, gettext_noop("the clock runs; the tournament is running"), "clock_level")
CLOCK_PAUSED = _kind("clock.paused", PUBLIC, gettext_noop("the clock stops (staff: the reason)"))
CLOCK_RESUMED = _kind(
    "clock.resumed", PUBLIC, gettext_noop("the clock runs again; a new day when the last one was over"), "clock_level"
)
CLOCK_ADJUSTED = _kind("clock.adjusted", PUBLIC, gettext_noop("time added to or taken from the level"))
CLOCK_LEVEL_SET = _kind(
    "clock.level_set", PUBLIC, gettext_noop("the director moved the clock to a level"), "clock_level"
)
CLOCK_LEVEL_STARTED = _kind("clock.level_started", PUBLIC, gettext_noop("a level boundary passed"), "clock_level")
CLOCK_FINISHED = _kind("clock.finished", PUBLIC, gettext_noop("the last level's time ran out"))
CLOCK_BREAK_SKIPPED = _kind(
    "clock.break_skipped", PUBLIC, gettext_noop("a break ended early; the next level starts"), "clock_level"
)
CLOCK_TIME_OUT = _kind(
    "clock.time_out", PUBLIC, gettext_noop("a timed time-out: the clock stops and resumes by itself")
)
CLOCK_TIME_LIMIT = _kind("clock.time_limit", PUBLIC, gettext_noop("the time limit stopped the clock (CLK-LIMIT)"))

# Clocks on a player and the action clock (clock/services/calls.py).
CLOCK_CALLED = _kind("clock.called", PUBLIC, gettext_noop("a clock is called on a seat"), "tables")
CLOCK_STOPPED = _kind(
    "clock.stopped", PUBLIC, gettext_noop("the player acted in time: the table's clock stops"), "tables"
)
CLOCK_HAND_DEAD = _kind("clock.hand_dead", PUBLIC, gettext_noop("time ran out: the player's hand is dead"), "tables")
ACTION_STARTED = _kind("action.started", PUBLIC, gettext_noop("the action clock runs for a seat"), "tables")
ACTION_EXTENSION_USED = _kind(
    "action.extension_used", PUBLIC, gettext_noop("extension chips bought a seat more time"), "tables"
)
ACTION_SUSPENSION = _kind("action.suspension", PUBLIC, gettext_noop("the action clock suspended or resumed"), "tables")
ACTION_EXTENSIONS_TOPPED_UP = _kind(
    "action.extensions_topped_up", PUBLIC, gettext_noop("every player still in has extension chips topped up"), "tables"
)

# End of day (clock/services/day.py).
DAY_END_SET = _kind("day.end_set", PUBLIC, gettext_noop("the level the day's play ends with"), "tables")
DAY_LAST_HANDS = _kind(
    "day.last_hands", PUBLIC, gettext_noop("the clock stops; every table plays N more hands"), "tables"
)
TABLE_LAST_HAND_PLAYED = _kind(
    "table.last_hand_played",
    PUBLIC,
    gettext_noop("a table has played its last hand of the day"),
    "tables",
    "seats_at_table",
)
CHIPS_BAGGED = _kind("chips.bagged", PUBLIC, gettext_noop("a seat's chips and extension chips are bagged"), "tables")
CHIP_BAG_CONFIRMED = _kind(
    "chips.bag_confirmed", STAFF, gettext_noop("a second person counted a bag and agrees (CHIP-COUNT)"), "chip_counts"
)
CHIPS_COUNTED = _kind(
    "chips.counted",
    STAFF,
    gettext_noop("stacks counted at a table, and how the counts compare with the chips in play (CHIP-COUNT)"),
    "chip_counts",
)
CHIP_LEADERS_PUBLISHED = _kind(
    "chips.leaders_published",
    PUBLIC,
    gettext_noop("the chip leaders and average stack from the latest counts, for the lobby"),
)
COLOUR_UP_STARTED = _kind(
    "chips.colour_up_started",
    PUBLIC,
    gettext_noop(
        "the director started a colour-up: a chip leaves play and every table races its odd chips (CHIP-RACE, CHIP-ODD)"
    ),
    "colour_up",
)
CHIPS_RACED = _kind(
    "chips.raced",
    STAFF,
    gettext_noop(
        "a table raced its odd chips at a colour-up; the chips in play change by "
        "the race's difference (CHIP-RACE, CHIP-ODD)"
    ),
    "colour_up",
    "chip_counts",
)
CHIPS_FORFEITED = _kind("chips.forfeited", PUBLIC, gettext_noop("a player forfeited chips (CHIP-COUNT)"), "chip_counts")
DAY_ENDED = _kind("day.ended", PUBLIC, gettext_noop("every table has played its last hand: the day is over"), "tables")

# The desk (players/services/desk.py, players/services/logos.py, tournaments/services/desk.py).
PLAYER_CREATED = _kind("player.created", STAFF, gettext_noop("a new player record with consents"))
PLAYER_ID_CHECKED = _kind("player.id_checked", STAFF, gettext_noop("the desk saw a player's photo ID today (REG-ID)"))
PLAYER_ID_DOCUMENT = _kind(
    "player.id_document", STAFF, gettext_noop("the desk put a player's ID document on file, seen now (REG-ID)")
)
PLAYER_MARKETING_CONSENT = _kind("player.marketing_consent", STAFF, gettext_noop("a player's marketing opt-in changed"))
PLAYER_PUBLIC_NAME = _kind(
    "player.public_name",
    PUBLIC,
    gettext_noop(
        "REG-CONSENT: how public screens name a player changed (initials only, or first name and last initial)"
    ),
    "tables",
    "results",
)
ENTRY_REGISTERED = _kind(
    "entry.registered",
    PUBLIC,
    gettext_noop("an entry is sold (and seated, once the field is drawn)"),
    "late_seat",
    "logo_cap",
    "bounties",
)
REGISTRATION_OPENED = _kind(
    "registration.opened", PUBLIC, gettext_noop("the director opens registration: the desks sell")
)
ENTRY_WAITING = _kind(
    "entry.waiting",
    PUBLIC,
    gettext_noop("a sold entry finds every seat taken and joins the waiting list (ENT-WAIT)"),
    "tables",
)
ENTRY_SEATED = _kind(
    "entry.seated",
    PUBLIC,
    gettext_noop("the first entry on the waiting list takes a seat that opened (ENT-WAIT)"),
    "tables",
    "late_seat",
    "seats_at_table",
)
ENTRY_REFUSED = _kind("entry.refused", STAFF, gettext_noop("the rules refused a sale (the rule IDs)"))
ENTRY_VOIDED = _kind(
    "entry.voided", PUBLIC, gettext_noop("a desk mistake: the entry's money goes back in full"), "logo_cap", "bounties"
)
ENTRY_REFUNDED = _kind(
    "entry.refunded", PUBLIC, gettext_noop("an entry is refunded by rule (ENT-REFUND)"), "logo_cap", "bounties"
)
ENTRY_SUBSTITUTED = _kind(
    "entry.substituted", STAFF, gettext_noop("the director approved a substitute (ENT-SUBST)"), "logo_cap", "bounties"
)
WON_SEAT_ISSUED = _kind("won_seat.issued", STAFF, gettext_noop("a won-seat voucher for a satellite winner"))
SEATS_AWARDED = _kind(
    "satellite.seats_awarded",
    PUBLIC,
    gettext_noop(
        "at the finish, a satellite's seat places (or a level's freeroll places) became vouchers for its target "
        "(REG-NONTRANSFER)"
    ),
    "results",
)
LOGO_DECLARED = _kind("logo.declared", STAFF, gettext_noop("a logo an entrant wears is recorded"), "logo_cap")
LOGO_CAP_RESOLVED = _kind(
    "logo.cap_resolved", STAFF, gettext_noop("who keeps a logo over the field's cap (PF-LOGO-CAP)"), "logo_cap"
)
LOGO_TV_CHECKED = _kind("logo.tv_checked", STAFF, gettext_noop("logos at a TV table break its rules"), "logo_cap")
REGISTRATION_CLOSED = _kind(
    "registration.closed", PUBLIC, gettext_noop("registration closes; the breaking order is published"), "tables"
)

# Tables and seats (tables/services/).
TABLES_OPENED = _kind("tables.opened", PUBLIC, gettext_noop("venue tables open for the tournament"), "tables")
TABLES_BREAKING_ORDER = _kind("tables.breaking_order", PUBLIC, gettext_noop("the order the tables break in"), "tables")
DRAW_COMMITTED = _kind("draw.committed", PUBLIC, gettext_noop("the next seat draw's seed hash is published"))
SEATING_DRAWN = _kind(
    "seating.drawn", PUBLIC, gettext_noop("the whole field is seated at random"), "tables", "all_seats"
)
SEAT_COLLECTED = _kind("seat.collected", STAFF, gettext_noop("a seat card collected (SEAT-COLLECT)"), "tables")
HAND_DONE = _kind("hand.done", PUBLIC, gettext_noop("a table's next hand: button and blinds move"), "tables")
TABLE_BUTTON_SET = _kind(
    "table.button_set",
    PUBLIC,
    gettext_noop("the floor corrects a table's button by hand, with a reason (BTN-DRAW)"),
    "tables",
)
TABLE_BUTTON_DRAWN = _kind(
    "table.button_drawn",
    PUBLIC,
    gettext_noop("a table that got its players during play draws its button by high card (BTN-DRAW)"),
    "tables",
)
PLAYER_OUT = _kind(
    "player.out",
    PUBLIC,
    gettext_noop("a player is out: the seat empties, the place is recorded"),
    "tables",
    "seats_at_table",
    "results",
    "bounties",
)
PLAYER_MOVED = _kind("player.moved", PUBLIC, gettext_noop("a player moved to another seat"), "tables", "seats_at_table")
PLAYERS_SWAPPED = _kind(
    "players.swapped", PUBLIC, gettext_noop("two players swapped seats"), "tables", "seats_at_table"
)
TABLE_BROKEN = _kind(
    "table.broken", PUBLIC, gettext_noop("a table broke; its players have new seats"), "tables", "seats_at_table"
)
HAND_UNDONE = _kind(
    "hand.undone",
    PUBLIC,
    gettext_noop(
        "the floor took back a hand done tapped by mistake, within a minute: the button, blinds and hand number go back"
    ),
    "tables",
)
TABLE_SEATED_BY_CARDS = _kind(
    "table.seated_by_cards", PUBLIC, gettext_noop("seated by cards"), "tables", "seats_at_table"
)
FINAL_TABLE_DRAWN = _kind(
    "final_table.drawn", PUBLIC, gettext_noop("the final table's seats and button are drawn"), "tables", "all_seats"
)

# Hand-for-hand (tables/services/hand_for_hand.py).
HFH_STARTED = _kind("hfh.started", PUBLIC, gettext_noop("hand-for-hand starts"), "tables", "hand_for_hand")
HFH_FROZEN = _kind(
    "hfh.frozen", PUBLIC, gettext_noop("a table waits face down on an all-in"), "tables", "hand_for_hand"
)
HFH_RELEASED = _kind(
    "hfh.released", PUBLIC, gettext_noop("a frozen table plays its all-in out"), "tables", "hand_for_hand"
)
HFH_NEXT_HAND = _kind(
    "hfh.next_hand",
    PUBLIC,
    gettext_noop("every table has reported: the next hand everywhere"),
    "tables",
    "hand_for_hand",
)
HFH_ENDED = _kind(
    "hfh.ended", PUBLIC, gettext_noop("the bubble burst: hand-for-hand ends, the field is in the money"), "tables"
)

# Rulings and money (tournaments/services/).
PLAYER_OUT_UNDONE = _kind(
    "player.out_undone",
    PUBLIC,
    gettext_noop("a bust recorded by mistake is undone"),
    "tables",
    "seats_at_table",
    "results",
    "bounties",
)
PLAYER_DISQUALIFIED = _kind(
    "player.disqualified",
    PUBLIC,
    gettext_noop("a player is disqualified (PAY-DQ)"),
    "tables",
    "seats_at_table",
    "results",
)
DEAL_RECORDED = _kind(
    "deal.recorded", PUBLIC, gettext_noop("the deal every remaining player agreed to (PAY-CHOP)"), "results", "bounties"
)
TOURNAMENT_CANCELLED = _kind(
    "tournament.cancelled",
    PUBLIC,
    gettext_noop("the tournament does not go ahead (END-CANCEL): every entry refunded in full"),
    "tables",
    "all_seats",
    "results",
    "bounties",
)
TOURNAMENT_FINISHED = _kind(
    "tournament.finished",
    PUBLIC,
    gettext_noop("the tournament is over (END-FINISH): the winner, the clock stopped, the tables closed"),
    "tables",
    "all_seats",
    "results",
    "bounties",
)
PRIZE_PAID = _kind("prize.paid", STAFF, gettext_noop("the payout desk paid a prize"))
PRIZE_PAYMENT_REVERSED = _kind(
    "prize.payment_reversed", STAFF, gettext_noop("a prize paid by mistake is reversed, with a reason")
)

# Bounties (issue 23: tables/services/knockouts.py, tournaments/services/bounties.py).
BOUNTY_WON = _kind("bounty.won", PUBLIC, gettext_noop("a bounty is won"), "results", "player_status", "bounties")
BOUNTY_UNDONE = _kind(
    "bounty.undone", PUBLIC, gettext_noop("a bounty is taken back"), "results", "player_status", "bounties"
)
ENVELOPES_SEALED = _kind("envelopes.sealed", PUBLIC, gettext_noop("the mystery envelopes are sealed"), "bounties")
BOUNTY_TEMPLATE_SET = _kind(
    "bounty.template_set", PUBLIC, gettext_noop("the mystery envelopes' template is set"), "bounties"
)
BOUNTY_DISQUALIFIED = _kind(
    "bounty.disqualified", PUBLIC, gettext_noop("a disqualified bounty goes by the ruleset"), "bounties"
)
BOUNTY_PAID = _kind("bounty.paid", STAFF, gettext_noop("the cashier paid a bounty won"), "bounties")
BOUNTY_PAYMENT_REVERSED = _kind(
    "bounty.payment_reversed", STAFF, gettext_noop("a bounty payment is reversed"), "bounties"
)

# The director's record (tournaments/services/record.py, rulings.py).
ANNOUNCEMENT_MADE = _kind(
    "announcement.made",
    PUBLIC,
    gettext_noop("the director tells every screen something (TD-ANNOUNCE)"),
    "announcements",
)
ANNOUNCEMENT_DISMISSED = _kind(
    "announcement.dismissed", PUBLIC, gettext_noop("an announcement is taken down"), "announcements"
)
RULING_RECORDED = _kind(
    "ruling.recorded",
    STAFF,
    gettext_noop("a floor ruling at a table: hand, players, decision, rule (TD-RULING)"),
    "rulings",
)
RULING_DISPUTED = _kind(
    "ruling.disputed", STAFF, gettext_noop("a ruling disputed before the table's next hand"), "rulings"
)
RULING_OVERTURNED = _kind(
    "ruling.overturned", STAFF, gettext_noop("the director overturned a ruling, with a reason"), "rulings"
)


# Absent players and photo ID at restarts (tables/services/absent.py, tournaments/services/id_checks.py).
PLAYER_ABSENT = _kind(
    "player.absent",
    STAFF,
    gettext_noop("the floor marks a seated player absent: dealt in, blinded off (PEN-ABSENT)"),
    "tables",
    "player_status",
)
PLAYER_PRESENT = _kind(
    "player.present",
    STAFF,
    gettext_noop("an absent player has arrived and plays again (PEN-ABSENT)"),
    "tables",
    "player_status",
)
ABSENT_STACK_REMOVED = _kind(
    "absent.stack_removed",
    STAFF,
    gettext_noop(
        "an absent player's stack is taken out of play after the "
        "ruleset's time; the entry is out like any bust (PEN-ABSENT)"
    ),
    "tables",
    "chip_counts",
    "results",
    "player_status",
)
ENTRY_ID_CHECKED = _kind(
    "entry.id_checked",
    STAFF,
    gettext_noop("a returning player's photo ID is seen for the day of play (REG-ID)"),
    "tables",
)

# Penalties (PEN-LADDER, PEN-FINE, PEN-CARRY: tournaments/services/penalties.py, tables/services/penalties.py).
PENALTY_GIVEN = _kind(
    "penalty.given",
    STAFF,
    gettext_noop(
        "the floor gave a player a penalty: a warning, a fine, hands, orbits or minutes away (PEN-LADDER, PEN-FINE)"
    ),
    "tables",
    "penalties",
    "player_status",
)
PENALTY_SERVED = _kind(
    "penalty.served",
    STAFF,
    gettext_noop("a penalty's hands and minutes are served: the player may return"),
    "tables",
    "penalties",
    "player_status",
)
PENALTY_LIFTED = _kind(
    "penalty.lifted",
    STAFF,
    gettext_noop("the director ended a penalty early, with a reason"),
    "tables",
    "penalties",
    "player_status",
)

PENALTY_ELIMINATION = _kind("penalty.elimination", STAFF, gettext_noop("the director eliminated a player"), "penalties")

# The TV display's festival and sponsor images (tournaments/services/tv.py).
TV_IMAGE_ADDED = _kind(
    "tv.image_added", PUBLIC, gettext_noop("the director uploaded a festival or sponsor image for the TV"), "tv_images"
)
TV_IMAGE_REMOVED = _kind(
    "tv.image_removed", PUBLIC, gettext_noop("the director took a festival or sponsor image off the TV"), "tv_images"
)
LOG_RESEALED = _kind("log.resealed", PUBLIC, gettext_noop("the log's hash chain is sealed again after an erasure"))
CLOCK_RESTORED = _kind("clock.restored", PUBLIC, gettext_noop("a backup restored: the clock as chosen"), "clock_level")
PLAYER_ERASED = _kind("player.erased", PUBLIC, gettext_noop("a player's data erased, or an old ID number"), "results")

# Flights into Day 2 (tournaments/services/flights.py, tables/services/day_two.py).
FLIGHT_ADDED = _kind(
    "flight.added", PUBLIC, gettext_noop("a flight (Day 1A, 1B, …) of the main event is added"), "results"
)
FLIGHT_CLOSED = _kind(
    "flight.closed", PUBLIC, gettext_noop("the flight is over: its bags qualify for Day 2"), "tables", "all_seats"
)
QUALIFIERS_UPDATED = _kind(
    "qualifiers.updated", PUBLIC, gettext_noop("a flight's bags joined Day 2's qualifiers (FLIGHT-REENTRY)"), "results"
)
DAY_TWO_DRAWN = _kind(
    "day_two.drawn", PUBLIC, gettext_noop("Day 2's seats are drawn from the qualified bags"), "tables", "all_seats"
)

# Online pre-registration (tournaments/services/preregistration.py). The public part is the
# flight's seat counts only (`seats_left`, `seats_held`, `waiting`), never who registered.
PREREGISTRATION_HELD = _kind(
    "preregistration.held",
    PUBLIC,
    gettext_noop("a player pre-registered online: a seat is held for them until the desk confirms it"),
)
PREREGISTRATION_WAITING = _kind(
    "preregistration.waiting",
    PUBLIC,
    gettext_noop("the flight was full: a player joined its pre-registration waiting list"),
)
PREREGISTRATION_CANCELLED = _kind(
    "preregistration.cancelled",
    PUBLIC,
    gettext_noop(
        "a pre-registration is cancelled (by the player's code): its seat or its place on the waiting list is free"
    ),
)
PREREGISTRATION_PROMOTED = _kind(
    "preregistration.promoted",
    PUBLIC,
    gettext_noop("a held seat came free: the first on the pre-registration waiting list holds it now"),
)
PREREGISTRATION_CONFIRMED = _kind(
    "preregistration.confirmed",
    PUBLIC,
    gettext_noop("the desk checked the photo ID and confirmed a pre-registration: it is an entry now"),
)
LEAGUE_CHANGED = _kind("league.changed", PUBLIC, gettext_noop("a league's formula or tournaments changed (PAY-POINTS)"))
TOURNAMENT_IMPORTED = _kind("tournament.imported", PUBLIC, gettext_noop("a finished tournament imported from a file"))
