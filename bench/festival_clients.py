"""The festival day's clients (bench/festival_day.py), all on one asyncio loop: an HTTP/1.1
client on a kept-alive connection (the standard library has no asyncio one, and none is in
requirements.txt), the desks, the tablets, the floor and the phones, the figures they keep,
and the CPU sampler that names the first bottleneck. Every request goes through the proxy."""

import asyncio
import json
import random
import time
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta

import psutil
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

CSRF = "festivaldaybenchcsrfsecret000000"  # 32 characters: a CSRF secret of our own, cookie and header
SATURATED = 90.0  # % of one core: a single-threaded process that busy is the bottleneck


def error_kind(operation: str, status: int, body: bytes) -> str:
    """What an error is, in the words of whoever gave it: the web process, the proxy or nobody."""
    text = body[:400].decode(errors="replace").lower()
    if "socket" in operation:
        return "a lobby socket refused, timed out or dropped"
    if status == 0:
        return text[:120]  # Http.request's words: closed (how, on which connection) or 60 s
    if status == 503 and ("database is unavailable" in text or "try again" in text):
        return "503 from a web process: no database connection within DB_WAIT_SECONDS (its pool, or PostgreSQL)"
    if status == 502 and "nginx" in text:
        return "502 from the proxy: no node to send it to (nginx took both out after failures or timeouts)"
    if status == 504 and "nginx" in text:
        return "504 from the proxy: the node did not answer within proxy_read_timeout (60 s)"
    return f"{status} from a web process"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Figures:
    """Latencies per operation (ms), refusals (4xx the person would read and act on), errors
    (5xx, no answer, a socket dropped) and the lobby's lag (ms, event time -> phone frame)."""

    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.refused: Counter = Counter()
        self.errors: Counter = Counter()
        self.kinds: Counter = Counter()  # the errors by what they are (error_kind)
        self.examples: dict[str, str] = {}
        self.lag: list[float] = []
        self.frames = Counter()  # by type, on the phones that measure the lag
        self.received = 0  # frames, every phone
        self.began = time.monotonic()
        self.first_error: tuple[float, str] | None = None  # (seconds into the day, operation and status)

    def note(self, operation: str, status: int, began: float, body: bytes = b"") -> bool:
        self.latencies[operation].append((time.perf_counter() - began) * 1000)
        if 200 <= status < 400:
            return True
        key = f"{operation} {status}"
        (self.errors if status >= 500 or status == 0 else self.refused)[key] += 1
        if status >= 500 or status == 0:
            self.kinds[error_kind(operation, status, body)] += 1
            if self.first_error is None:
                self.first_error = (time.monotonic() - self.began, key)
        self.examples.setdefault(key, body[:200].decode(errors="replace"))
        return False


def closed(error: Exception, reused: bool) -> str:
    """How a connection ended before its answer, in words: which error, on which connection."""
    how = "an empty status line" if isinstance(error, IndexError) else type(error).__name__
    return f"the connection closed ({how}) on a {'kept-alive' if reused else 'new'} connection"


class Http:
    """One kept-alive HTTP/1.1 connection to the proxy, with a person's cookies."""

    def __init__(self, port: int, cookie: str = "") -> None:
        self.port, self.cookie = port, f"{cookie}; csrftoken={CSRF}" if cookie else f"csrftoken={CSRF}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        """(status, body); status 0 when the proxy did not answer (the connection is reopened)."""
        data = b"" if body is None else json.dumps(body).encode()
        head = [
            f"{method} {path} HTTP/1.1",
            f"Host: 127.0.0.1:{self.port}",
            "Accept: application/json" if path.startswith("/api/") else "Accept: text/html",
            f"Cookie: {self.cookie}",
        ]
        if method != "GET":
            head += ["Content-Type: application/json", f"X-CSRFToken: {CSRF}", f"Content-Length: {len(data)}"]
        request = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        # As a browser does: a kept-alive connection the proxy has closed since (nginx closes one
        # idle for keepalive_timeout, 75 s; a phone asks every two minutes) is opened again, and
        # a request on a reused connection that met its close before any answer is sent once more.
        for attempt in range(2):
            if self.reader is not None and self.reader.at_eof():
                self.close()
            reused = self.writer is not None
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, limit=2**22)
                self.writer.write(request)
                return await asyncio.wait_for(self.answer(), 60)
            except (ConnectionResetError, BrokenPipeError, IndexError) as error:
                # IndexError: an empty status line, the connection closed before any answer
                self.close()
                if not reused or attempt:
                    return 0, f"no answer: {closed(error, reused)}".encode()
            except TimeoutError:
                self.close()
                return 0, b"no answer: nothing within 60 s"
            except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                self.close()
                return 0, f"no answer: {closed(error, reused)}".encode()
        return 0, b"no answer"

    async def answer(self) -> tuple[int, bytes]:
        status = int((await self.reader.readline()).split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            parts = []
            while size := int((await self.reader.readline()).strip(), 16):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            text = b"".join(parts)
        else:
            text = await self.reader.readexactly(int(headers.get("content-length", 0)))
        if headers.get("connection") == "close":
            self.close()
        return status, text

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Day:
    """What every client shares: the tournament, the proxy, the figures and the clock."""

    def __init__(self, tournament_id: int, port: int, seconds: float, seed: int) -> None:
        self.id, self.port, self.figures = tournament_id, port, Figures()
        self.ends = time.monotonic() + seconds
        self.random = random.Random(seed)
        self.busted = 0
        self.sold = 0

    def going(self) -> bool:
        return time.monotonic() < self.ends

    async def pause(self, mean: float) -> None:
        """An exponential wait around `mean` seconds, cut at the day's end."""
        await asyncio.sleep(min(self.random.expovariate(1 / mean), max(0.0, self.ends - time.monotonic())))

    async def call(self, http: Http, operation: str, method: str, path: str, body: dict | None = None):
        began = time.perf_counter()
        status, text = await http.request(method, f"/api/tournaments/{self.id}{path}", body)
        if self.figures.note(operation, status, began, text):
            return json.loads(text or b"null")
        return None


async def desk(day: Day, number: int, cookie: str, every: float) -> None:
    """A registration desk: a new player (ID checked, terms accepted), the desk's check of what
    the player may buy, the sale; one every `every` seconds or so."""
    http = Http(day.port, cookie)
    await day.pause(every)
    sold = 0
    while day.going():
        sold += 1
        born = date(1960, 1, 1) + timedelta(days=day.random.randrange(15_000))
        player = await day.call(
            http,
            "desk: new player",
            "POST",
            "/players/",
            {
                "first_name": f"Late{number:02d}x{sold}",
                "last_name": "Festival",
                "date_of_birth": born.isoformat(),
                "id_document_type": "passport",
                "id_document_number": f"FD{number:02d}X{sold}X{day.random.randrange(10**9)}",
                "accepts_terms": True,
                "id_checked": True,
            },
        )
        if player is not None:
            check = await day.call(http, "desk: check", "GET", f"/players/{player['id']}/check/")
            offered = (check or {}).get("kinds") or {}
            kind = next((k for k in ("buy_in", "late") if offered.get(k, {}).get("ok")), None)
            if kind is not None:
                body = {"player_id": player["id"], "kind": kind, "method": "cash", "desk": f"desk {number}"}
                body["shift"] = "day"
                if await day.call(http, "desk: sale", "POST", "/entries/", body) is not None:
                    day.sold += 1
        await day.pause(every)
    http.close()


async def tablet(day: Day, table: int, cookie: str, busts_per_minute: float, tablets: int, level_seconds: float):
    """A table's tablet: the floor view it shows, then a player out now and then (the room's
    busts spread over its tables) or the stacks counted (once a level)."""
    http = Http(day.port, cookie)
    bust_every = 60 * tablets / busts_per_minute  # seconds between this table's busts, on average
    between = 1 / (1 / bust_every + 1 / level_seconds)  # seconds between its actions, busts and counts
    await day.pause(level_seconds)
    while day.going():
        bust = day.random.random() < level_seconds / (level_seconds + bust_every)
        view = await day.call(http, "tablet: floor view", "GET", f"/tables/?table={table}")  # its table alone
        mine = next((t for t in (view or {}).get("tables", []) if t["number"] == table), None)
        if mine and mine["count"] >= 2 and bust:
            seat = day.random.choice(list(mine["players"]))
            path = f"/tables/{table}/seats/{seat}/out/"
            if await day.call(http, "tablet: player out", "POST", path, {"new_hand": False}):
                day.busted += 1
        elif mine and mine["players"]:
            counts = {seat: max(100, player.get("chips") or 20_000) for seat, player in mine["players"].items()}
            await day.call(http, "tablet: chip counts", "POST", f"/tables/{table}/chip-counts/", {"counts": counts})
        await day.pause(between)
    http.close()


async def floor(day: Day, cookie: str, every: float = 5.0) -> None:
    """The floor person: the balancing moves the busts call for, confirmed, and a table broken
    when the field fits one fewer."""
    http = Http(day.port, cookie)
    while day.going():
        view = await day.call(http, "floor: view", "GET", "/tables/")
        if view and view.get("break_due"):
            await day.call(http, "floor: break table", "POST", "/tables/break/", {})
        elif view:
            for move in view.get("moves", [])[:3]:
                body = {k: move[k] for k in ("from_table", "from_seat", "to_table", "to_seat")}
                await day.call(http, "floor: confirm move", "POST", "/moves/confirm/", body)
        await asyncio.sleep(every)
    http.close()


def lag_ms(frame: dict) -> float:
    at = datetime.fromisoformat(frame["at"].replace("Z", "+00:00"))
    return (time.time() - at.timestamp()) * 1000


LAG_SAMPLE = 10  # one phone in ten parses its frames for the lag; every phone reads every frame


async def phone(day: Day, code: str, seat_every: float, ramp: float, socket_base: str, measures: bool) -> None:
    """A player's phone: the lobby socket, open all day, and the seat page now and then. Every
    phone reads every frame (the server's work is the same); one in LAG_SAMPLE (`measures`)
    also parses each to count its type and measure its lag: the bench's clients share the
    machine with the nodes, and parsing 5,000 copies of each event made the clients the bottleneck."""
    figures = day.figures
    await asyncio.sleep(day.random.uniform(0, ramp))
    http = Http(day.port)
    url, origin = f"{socket_base}/ws/tournaments/{day.id}/lobby/", socket_base.replace("ws://", "http://", 1)

    async def seat_page() -> None:
        await day.pause(seat_every)  # the room's phones look at their seats spread over the day
        while day.going():
            began = time.perf_counter()
            status, text = await http.request("GET", f"/tournaments/{day.id}/seat/{code}/")
            figures.note("phone: seat page", status, began, text)
            await day.pause(seat_every)

    fetching = asyncio.create_task(seat_page())
    while day.going():
        began = time.perf_counter()
        try:
            async with connect(url, origin=origin, open_timeout=60, ping_interval=None, max_size=None) as socket:
                figures.note("phone: lobby socket open", 200, began)  # 101 Switching Protocols
                # One deadline for the whole day, not a timer per frame.
                async with asyncio.timeout(max(0.1, day.ends - time.monotonic())):
                    async for text in socket:
                        figures.received += 1
                        if measures:
                            frame = json.loads(text)
                            figures.frames[frame.get("type")] += 1
                            if frame.get("type") == "event":
                                figures.lag.append(lag_ms(frame))
                if day.going():  # the server closed the socket normally before the day's end
                    raise ConnectionError("the lobby socket was closed by the server")
        except (OSError, TimeoutError, WebSocketException) as error:
            if day.going():
                figures.note("phone: lobby socket", 0, began, str(error).encode())
                await asyncio.sleep(day.random.uniform(0.5, 2))
    await fetching
    http.close()


class Sampler:
    """Every second, each watched process's CPU as a share of one core; the first to stay at
    SATURATED over five samples is the first bottleneck."""

    def __init__(self, groups) -> None:
        self.groups = groups  # () -> {name: [psutil.Process]}, asked again each second (restarts, new backends)
        self.samples: dict[str, list[float]] = defaultdict(list)
        self.known: dict[int, psutil.Process] = {}
        self.saturated: tuple[str, float] | None = None
        self.began = time.monotonic()
        self.loads: list[float] = []
        self.machine: list[float] = []  # % of all cores, every process on the machine

    async def run(self, day: Day) -> None:
        while day.going():
            self.sample()
            await asyncio.sleep(1)

    def sample(self) -> None:
        for name, processes in self.groups().items():
            total = 0.0
            for process in processes:
                known = self.known.setdefault(process.pid, process)
                try:
                    total += known.cpu_percent(None)
                except psutil.Error:
                    pass
            self.samples[name].append(total)
            recent = self.samples[name][-5:]
            if self.saturated is None and len(recent) == 5 and min(recent) >= SATURATED and name != "bench clients":
                self.saturated = (name, time.monotonic() - self.began)
        self.loads.append(psutil.getloadavg()[0])
        self.machine.append(psutil.cpu_percent(None))
