"""The lobby and floor screens: one socket each, applied the way static/live.js (and the lobby
page's hand-for-hand and winner lines, static/lobby.js) apply frames: a snapshot, events in
seq order, a resync on a gap or on a heartbeat ahead of the screen, and a reconnect with
backoff when the socket closes."""

import asyncio
import copy
import json
import random
import threading
import time

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus, WebSocketException

from bench.drill.tally import Tally

HFH_VIEW = ("hand", "playing", "done", "frozen", "released")


def shown(document: dict) -> dict:
    """What a screen shows of a snapshot, in the shape the drill compares."""
    hfh = document.get("hand_for_hand")
    return {
        "seq": document["seq"],
        "status": document["tournament"]["status"],
        "entries": document["entries"],
        "players_left": document["players_left"],
        "chips_in_play": document["chips_in_play"],
        "money": document["money"],
        "clock": document["clock"],
        "hand_for_hand": {k: hfh.get(k) for k in HFH_VIEW} if hfh else None,
        "winners": document.get("winners") or [],
    }


class Screen:
    def __init__(self, name: str, url: str, headers: dict, views: dict[str, list[str]], tally: Tally):
        self.name, self.url, self.headers, self.views, self.tally = name, url, headers, views, tally
        self.lock = threading.Lock()
        self.state: dict | None = None
        self.awaiting = True
        self.stopped = False
        self.closed_for_good = ""
        self.heartbeat_at = 0.0  # monotonic time of the last heartbeat frame

    def view(self) -> dict | None:
        with self.lock:
            return None if self.awaiting or self.state is None else copy.deepcopy(self.state)

    def over(self) -> bool:
        """The tournament finished or cancelled, as the screen last knew it."""
        with self.lock:
            return self.state is not None and self.state["status"] in ("finished", "cancelled")

    async def run(self) -> None:
        backoff, first = 0.5, True
        while not self.stopped:
            socket = None
            try:
                async with connect(
                    self.url,
                    additional_headers=self.headers,
                    open_timeout=10,
                    ping_interval=5,
                    ping_timeout=10,
                    max_size=None,
                ) as socket:
                    if not first:
                        self.tally.reconnects[self.name] += 1
                    first, backoff = False, 0.5
                    with self.lock:
                        self.awaiting = True
                    async for text in socket:
                        if self.receive(json.loads(text)):
                            await socket.send(json.dumps({"type": "resync"}))
            except InvalidStatus as refused:
                self.tally.violation(f"the {self.name} socket was refused: {refused}")
            except (TimeoutError, OSError, WebSocketException):
                pass
            close_code = socket.close_code if socket is not None else None
            if close_code in (4403, 4404):
                self.closed_for_good = f"closed with {close_code}"
                self.tally.violation(f"the {self.name} socket was closed with {close_code}")
                return
            await asyncio.sleep(backoff * (0.75 + random.random() / 2))
            backoff = min(backoff * 2, 10.0)

    def receive(self, frame: dict) -> bool:
        """Apply one frame; True when the screen must ask for a resync."""
        with self.lock:
            kind = frame.get("type")
            if kind == "snapshot":
                self.state, self.awaiting = shown(frame), False
                return False
            if kind == "heartbeat":
                self.heartbeat_at = time.monotonic()
                if not self.awaiting and frame["seq"] > self.state["seq"]:
                    return self.resync()
                return False
            if kind != "event" or self.awaiting or frame["seq"] <= self.state["seq"]:
                return False
            if frame["seq"] != self.state["seq"] + 1:
                return self.resync()
            self.apply(frame)
            return False

    def resync(self) -> bool:
        self.awaiting = True
        self.tally.resyncs[self.name] += 1
        return True

    def apply(self, frame: dict) -> None:
        state, kind, data = self.state, frame["kind"], frame.get("data") or {}
        state["seq"] = frame["seq"]
        if "players_left" in data and "chips_in_play" in data:  # live.js updateField
            state["players_left"], state["chips_in_play"] = data["players_left"], data["chips_in_play"]
        if data.get("money"):
            state["money"] = data["money"]
        if data.get("clock"):
            state["clock"] = data["clock"]
        if data.get("tournament_status"):
            state["status"] = data["tournament_status"]
        entries = data.get("entries", data.get("seats_sold"))
        if entries is not None:
            state["entries"] = entries
        if "hand_for_hand" in self.views.get(kind, ()):  # lobby.js
            state["hand_for_hand"] = {k: data.get(k) for k in HFH_VIEW}
        if kind == "hand.done" and data.get("hand_for_hand"):
            state["hand_for_hand"] = {k: data["hand_for_hand"].get(k) for k in HFH_VIEW}
        if kind == "hfh.ended":
            state["hand_for_hand"] = None
        if kind == "tournament.finished":
            state["winners"] = data.get("winners") or []


class Screens:
    """The two screens on one event loop in a thread of their own."""

    def __init__(self, screens: list[Screen]):
        self.screens = screens
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="drill-screens", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.tasks = [self.loop.create_task(screen.run()) for screen in self.screens]
        self.loop.run_until_complete(asyncio.gather(*self.tasks, return_exceptions=True))

    def stop(self) -> None:
        for screen in self.screens:
            screen.stopped = True
        for task in getattr(self, "tasks", []):
            self.loop.call_soon_threadsafe(task.cancel)
        self.thread.join(10)
