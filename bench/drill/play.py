"""The tournament, as the people at the desk, the tables and the director's controls play it
through the API: set-up, registrations (a few voided or refunded), the draw, late entries
(some on the waiting list), busts with balancing and table breaks, hand-for-hand at the
bubble, the final table, the finish and the payout desk. Invariants after every step."""

import math
import random
import time
from datetime import date, timedelta

from bench.drill.checks import Checks, Ledger
from bench.drill.client import Staff
from bench.drill.screens import Screen, Screens
from bench.drill.system import System
from bench.drill.tally import Tally

SEATS = 9
STRUCTURE = "kentucky (rulebook)"  # the one structure template the migrations ship
LEVELS = 100  # with --level-seconds: more than a drill plays
STUCK_AFTER = 300  # steps without a player out: the drill stops, saying so


class Stuck(Exception):
    pass


class Tournament:
    def __init__(self, system: System, tally: Tally, entries: int, seed: int, level_seconds: float = 0):
        self.system, self.tally, self.entries = system, tally, entries
        self.level_seconds = level_seconds  # 0: the template's levels; else a structure of short levels
        self.faults_pending = None  # set by the runner: waits for the planned faults (--max-faults)
        self.random = random.Random(seed)
        self.run_mark = f"{seed}-{int(time.time()) % 10**6}"  # a reused --var holds earlier runs' players
        base = system.base
        self.director, self.desk = Staff(base, "director", tally), Staff(base, "desk", tally)
        self.floor, self.cashier = Staff(base, "floor", tally), Staff(base, "cashier", tally)
        self.late = max(2, entries // 20)
        self.tables = max(math.ceil((entries - self.late) / SEATS), (entries - self.late // 2) // SEATS, 2)
        self.ledger = Ledger(buy_in=9_000, fee=1_000, starting_stack=20_000)
        self.decided: set[tuple[int, int]] = set()  # hand-for-hand (hand, table) already played
        self.screens: Screens | None = None
        self.paused_at = -1  # the bust count at the last pause and resume of the clock

    def fail(self, step: str, answer) -> None:
        self.tally.violation(f"{step} was refused: {answer}")

    # Set-up ------------------------------------------------------------------------------

    def set_up(self) -> None:
        director = self.director
        festival = director.post(
            "/api/festivals/",
            {"name": f"Drill festival {self.run_mark}", "venue": "Drill room", "currency": "EUR"},
            "festival",
            keyed=False,
        )
        # No endpoint lists the structure templates: the new-tournament page reads them server-side.
        if self.level_seconds:  # level changes during the drill: a structure of its own, through the API
            levels = [
                {"small_blind": 100 * n, "big_blind": 200 * n, "minutes": self.level_seconds / 60}
                for n in range(1, LEVELS + 1)
            ]
            body = {"name": f"Drill levels {self.run_mark}", "levels": levels}
            made = director.post("/api/structures/", body, "structure", keyed=False)
            structure = made["id"]
        else:
            ((structure,),) = self.checks_db().query(
                "SELECT id FROM clock_structure WHERE is_template AND name = %s", STRUCTURE
            )
        body = {
            "festival_id": festival["id"],
            "structure_id": structure,
            "name": f"Drill {self.run_mark}",
            "ruleset_preset": "pokerfest",
            "buy_in": self.ledger.buy_in,
            "fee": self.ledger.fee,
            "starting_stack": self.ledger.starting_stack,
        }
        if self.entries < 80:  # a small field pays 15% (a handful): the bubble then comes at the final table
            body["places_paid"] = max(2, self.entries * 2 // 5)
        created = director.post("/api/tournaments/", body, "tournament", keyed=False)
        self.id = created["id"]
        for number in range(1, self.tables + 1):
            added = director.post(
                f"/api/tournaments/{self.id}/venue-tables/",
                {"number": number, "seats": SEATS},
                "venue table",
                keyed=False,
            )
            if not added.ok and "already" not in str(added.body):
                self.fail(f"venue table {number}", added)
        self.open_screens()
        self.checks = Checks(
            self.system,
            self.tally,
            director,
            self.floor,
            self.screens.screens,
            self.id,
            self.ledger,
            [director, self.desk, self.floor, self.cashier],
        )
        self.step(director.post(f"/api/tournaments/{self.id}/registration/open/"), "open registration", seated=False)

    def checks_db(self) -> Checks:
        return Checks(self.system, self.tally, self.director, self.floor, [], 0, self.ledger, [])

    def open_screens(self) -> None:
        views = {kind: about["views"] for kind, about in self.director.get("/api/event-kinds/").body.items()}
        socket_base = self.system.base.replace("http://", "ws://") + f"/ws/tournaments/{self.id}"
        origin = {"Origin": self.system.base}
        self.screens = Screens(
            [
                Screen("lobby", f"{socket_base}/lobby/", origin, views, self.tally),
                Screen(
                    "floor",
                    f"{socket_base}/floor/",
                    {**origin, "Cookie": self.floor.cookie_header()},
                    views,
                    self.tally,
                ),
            ]
        )

    def step(self, answer, what: str, seated: bool = True) -> dict | None:
        if not answer.ok:
            self.fail(what, answer)
        return self.checks.after(what, seated)

    # The desk ---------------------------------------------------------------------------

    def register(self, count: int, seated: bool) -> None:
        for _ in range(count):
            number = len(self.ledger.sold) + 1
            player = self.desk.post(
                f"/api/tournaments/{self.id}/players/",
                {
                    "first_name": f"Player{number:03d}",
                    "last_name": "Drill",
                    "date_of_birth": (date(1960, 1, 1) + timedelta(days=self.random.randrange(15_000))).isoformat(),
                    "id_document_type": "passport",
                    "id_document_number": f"DRILL{self.run_mark}X{number}",
                    "accepts_terms": True,
                    "id_checked": True,
                },
                "player",
            )
            if not player.ok:
                self.fail("a new player", player)
                continue
            check = self.desk.get(f"/api/tournaments/{self.id}/players/{player['id']}/check/").body
            kind = next((k for k in ("buy_in", "late") if check["kinds"].get(k, {}).get("ok")), None)
            if kind is None:
                self.tally.violation(f"entry {number}: the desk offers no entry: {check['kinds']}")
                continue
            sale = self.desk.post(
                f"/api/tournaments/{self.id}/entries/",
                {
                    "player_id": player["id"],
                    "kind": kind,
                    "method": self.random.choice(["cash", "card"]),
                    "desk": "desk 1",
                    "shift": "drill",
                },
                "sale",
            )
            if sale.ok:
                self.ledger.sold[sale["number"]] = sale["paid"]
            self.step(sale, f"sale of entry {number}", seated)
            if sale.ok and not seated and number % 25 == 7:
                self.void(sale["number"])
            elif sale.ok and not seated and number % 25 == 13:
                self.refund(sale["number"])

    def void(self, number: int) -> None:
        answer = self.cashier.post(f"/api/tournaments/{self.id}/entries/{number}/void/", {"reason": "desk mistake"})
        if answer.ok:
            self.ledger.voided.add(number)
        self.step(answer, f"void of entry {number}", seated=False)

    def refund(self, number: int) -> None:
        answer = self.cashier.post(f"/api/tournaments/{self.id}/entries/{number}/refund/", {"reason": "withdrawal"})
        if answer.ok:
            self.ledger.refunded[number] = answer["returned"]
        self.step(answer, f"refund of entry {number}", seated=False)

    # The director -----------------------------------------------------------------------

    def draw(self) -> None:
        tid, director = self.id, self.director
        opened = director.post(f"/api/tournaments/{tid}/tables/open/", {"tables": list(range(1, self.tables + 1))})
        self.step(opened, "tables opened", seated=False)
        self.step(director.post(f"/api/tournaments/{tid}/seating/draw/"), "the draw")
        self.step(director.post(f"/api/tournaments/{tid}/clock/start/", what="clock start"), "clock started")

    def close_registration(self) -> None:
        answer = self.director.post(f"/api/tournaments/{self.id}/registration/close/", keyed=False)
        if not answer.ok and "already closed" in str(answer.body):  # a retry after the close committed
            answer.status = 200
        self.step(answer, "registration closed")

    # The floor --------------------------------------------------------------------------

    def play_down(self) -> None:
        view = self.checks.after("late registration")
        quiet, busts = 0, 0
        while self.ledger.players_left() > 1:
            if self.ledger.players_left() <= 3 and self.faults_pending is not None:
                # A short run can reach its final hands before the planned faults: they land
                # in play, never after the finish, whatever the machine's speed.
                self.faults_pending()
                self.faults_pending = None
            before = len(self.ledger.busted)
            view = self.next_action(view, busts)
            busts = len(self.ledger.busted)
            quiet = 0 if busts > before else quiet + 1
            if quiet > STUCK_AFTER:
                self.tally.violation(
                    f"no player out for {STUCK_AFTER} steps; the tables show: "
                    f"moves {view['moves']}, waiting {view['waiting']}, hfh {view['hand_for_hand']}"
                )
                raise Stuck()

    def next_action(self, view: dict, busts: int) -> dict:
        tid, floor = self.id, self.floor
        if view["final_due"]:
            return self.step(self.director.post(f"/api/tournaments/{tid}/seating/final-table/"), "final table drawn")
        if view["break_due"]:
            return self.step(floor.post(f"/api/tournaments/{tid}/tables/break/"), f"table {view['break_due']} broken")
        if view["moves"]:
            move = view["moves"][0]
            body = {k: move[k] for k in ("from_table", "from_seat", "to_table", "to_seat")}
            answer = floor.post(f"/api/tournaments/{tid}/moves/confirm/", body, "move", keyed=False)
            if answer.status == 409 and "proposal" in answer.body:  # the seat was just filled: a new proposal
                self.tally.refused["move"] += 1
                answer.status = 200
            return self.step(answer, f"move {body}")
        if view["waiting"]:  # a short table's open seat sits between the blinds: it needs a hand
            return self.hand_done(next(t for t in view["tables"] if t["number"] == view["waiting"][0]))
        hfh = view["hand_for_hand"]
        if hfh:
            return self.hand_for_hand(view, hfh)
        money = view["money"]
        if money["hand_for_hand_due"] and len(view["tables"]) > 1:
            return self.step(
                self.director.post(f"/api/tournaments/{tid}/hand-for-hand/start/", what="hand-for-hand"),
                "hand-for-hand started",
            )
        if busts and busts % 40 == 0 and self.paused_at != busts:
            self.paused_at = busts
            self.step(self.director.post(f"/api/tournaments/{tid}/clock/pause/", {"reason": "drill"}), "clock paused")
            return self.step(self.director.post(f"/api/tournaments/{tid}/clock/resume/"), "clock resumed")
        table = self.random.choice([t for t in view["tables"] if t["count"] >= 2] or view["tables"])
        if self.random.random() < 0.3 and table["count"] >= 2:
            return self.hand_done(table)
        return self.bust(table, new_hand=bool(table["out_this_hand"]) and table["count"] >= 2)

    def hand_done(self, shown: dict) -> dict:
        """ "Hand done" for the hand the tablet shows (`hand` in the floor view), as the tablet sends it."""
        table = shown["number"]
        answer = self.floor.post(
            f"/api/tournaments/{self.id}/tables/{table}/hand-done/", {"hand": shown["hand"]}, what="hand done"
        )
        if answer.ok and isinstance(answer.body, dict) and answer.body.get("already_done"):
            self.floor.acked.pop()  # another tablet's tap did it: this one rightly wrote nothing
        if answer.status == 409:  # fewer than two players, or waiting for hand-for-hand: the tablet says so
            self.tally.refused["hand done"] += 1
            answer.status = 200
        return self.step(answer, f"hand done at table {table}")

    def bust(self, table: dict, new_hand: bool = False) -> dict:
        seat = self.random.choice(list(table["players"]))
        entry = table["players"][seat]["entry"]
        answer = self.floor.post(
            f"/api/tournaments/{self.id}/tables/{table['number']}/seats/{seat}/out/",
            {"new_hand": new_hand, **({"hand": table["hand"]} if new_hand else {})},
            "player out",
        )
        if answer.ok:
            self.ledger.busted.add(entry)
        return self.step(answer, f"entry {entry} out at table {table['number']}")

    def hand_for_hand(self, view: dict, hfh: dict) -> dict:
        """One action of a hand-for-hand hand: each playing table busts a player now and then,
        freezes on an all-in now and then, and reports; frozen tables play out one at a time."""
        tid, floor = self.id, self.floor
        tables = {t["number"]: t for t in view["tables"]}
        if hfh["playing"]:
            number = hfh["playing"][0]
            if (hfh["hand"], number) not in self.decided:
                self.decided.add((hfh["hand"], number))
                if self.random.random() < 0.35 and tables[number]["count"] > 2:
                    return self.bust(tables[number])
                if self.random.random() < 0.15:
                    return self.step(
                        floor.post(f"/api/tournaments/{tid}/tables/{number}/hand-for-hand/frozen/"),
                        f"table {number} frozen",
                    )
            return self.hand_done(tables[number])
        if hfh["released"]:
            number = hfh["released"][0]
            if (hfh["hand"], -number) not in self.decided:
                self.decided.add((hfh["hand"], -number))
                if self.random.random() < 0.6 and tables[number]["count"] > 2:
                    return self.bust(tables[number])
            return self.hand_done(tables[number])
        if hfh["frozen"]:
            number = hfh["frozen"][0]
            return self.step(
                floor.post(f"/api/tournaments/{tid}/tables/{number}/hand-for-hand/play-out/"),
                f"table {number} plays out",
            )
        return self.checks.after("hand-for-hand (nothing to do)")

    # The payout desk --------------------------------------------------------------------

    def pay_out(self) -> None:
        tid, cashier = self.id, self.cashier
        snapshot = self.director.get(f"/api/tournaments/{tid}/").body
        if snapshot["tournament"]["status"] != "finished" or len(snapshot["winners"]) != 1:
            self.tally.violation(
                f"the last bust did not finish the tournament: {snapshot['tournament']['status']}, "
                f"winners {snapshot['winners']}"
            )
        pool = snapshot["money"]["pool"]
        prizes = cashier.get(f"/api/tournaments/{tid}/prizes/").body
        if sum(row["prize"] for row in prizes) != pool:
            self.tally.violation(f"the prizes add up to {sum(row['prize'] for row in prizes)}, the pool is {pool}")
        for row in prizes:
            paid = cashier.post(
                f"/api/tournaments/{tid}/entries/{row['entry']}/pay-prize/", {"method": "cash"}, "prize paid"
            )
            self.step(paid, f"prize of entry {row['entry']} paid", seated=False)
        after = cashier.get(f"/api/tournaments/{tid}/prizes/").body
        paid = sum(row["paid_amount"] or 0 for row in after)
        if paid != pool or any(row["paid"] is None for row in after):
            self.tally.violation(f"the payout desk paid {paid} of a pool of {pool}")
        totals = cashier.get(f"/api/tournaments/{tid}/close-out/").body["totals"]
        taken = sum(self.ledger.sold.values())
        returned = sum(self.ledger.sold[n] for n in self.ledger.voided) + sum(self.ledger.refunded.values())
        if (totals["taken"], totals["returned"]) != (taken, returned):
            self.tally.violation(
                f"close-out: taken {totals['taken']}, returned {totals['returned']}; the desk took "
                f"{taken} and gave back {returned}"
            )

    def play(self) -> None:
        """Everything after the set-up."""
        self.register(self.entries - self.late, seated=False)
        self.draw()
        self.register(self.late, seated=True)
        self.close_registration()
        self.play_down()
        self.pay_out()
