"""The results as files for the outside world (issue 26): the rows of the results CSV, and the
upload file in the column layout the public results databases take (docs/results-exports.md).
Plain data in, rows of plain text out; the results themselves come from the results query."""

from rules.currency import decimal_amount

RESULT_COLUMNS = ["place", "place_from", "place_to", "name", "nationality", "prize", "prize_minor_units", "currency"]
RESULT_COLUMNS += ["seat_in", "entry", "flight"]
BOUNTY_COLUMNS = ["knockouts", "bounties_won", "bounties_won_minor_units"]

# The results databases' upload layout: one row per paid place, the event repeated on each row.
UPLOAD_COLUMNS = ["Event date", "Event", "Venue", "Buy-in", "Currency", "Entries", "Place", "Name"]
UPLOAD_COLUMNS += ["Nationality", "Prize", "Prize note"]


def place_text(place_from: int, place_to: int) -> str:
    """A place, or a shared range ("3-4") when players tied for it."""
    return str(place_from) if place_from == place_to else f"{place_from}-{place_to}"


def result_columns(bounties: bool) -> list[str]:
    return RESULT_COLUMNS + (BOUNTY_COLUMNS if bounties else [])


def result_row(row: dict, currency: str, bounties: bool) -> list:
    """One player's result: place (or shared range), the published name, nationality, prize;
    knockouts and bounties won when the event had bounties."""
    cells = [
        place_text(row["place_from"], row["place_to"]),
        row["place_from"],
        row["place_to"],
        row["name"],
        row["nationality"],
        decimal_amount(row["prize"], currency),
        row["prize"],
        currency,
        row["seat_in"] or "",
        row["entry"],
        row["flight"] or "",
    ]
    if bounties:
        won = row["bounties_won"] or 0
        cells += [row["knockouts"] or 0, decimal_amount(won, currency), won]
    return cells


def paid(row: dict, places_paid: int) -> bool:
    """A paid place: within the places paid, or a prize or seat won all the same (a deal)."""
    return row["place_from"] <= places_paid or row["prize"] > 0 or bool(row["seat_in"])


def upload_rows(event: dict, rows: list[dict]) -> list[list]:
    """The upload file's rows for one event: its paid places, best first; tied players each
    have a row at the shared range's best place, their prize the split amount."""
    currency = event["currency"]
    return [
        [
            event["date"] or "",
            event["name"],
            event["venue"],
            decimal_amount(event["price"], currency),
            currency,
            event["entries"],
            row["place_from"],
            row["name"],
            row["nationality"],
            decimal_amount(row["prize"], currency),
            row_note(row),
        ]
        for row in rows
        if paid(row, event["places_paid"])
    ]


def row_note(row: dict) -> str:
    """What the prize column cannot say: a seat won, a shared place."""
    notes = []
    if row["seat_in"]:
        notes.append(f"Seat in {row['seat_in']}")
    if row["place_from"] != row["place_to"]:
        notes.append(f"Tied {row['place_from']}-{row['place_to']}")
    return "; ".join(notes)
