"""Which staff devices (floor tablets, desks, the console) hold a tournament's staff socket now,
and which dropped lately (issue 27, "Devices that drop"). In Redis, shared by every web node:
a hash of the open sockets (who, which table, since when) and a sorted set of recent drops.
A mass drop is DEVICE_DROP_PERCENT of the devices gone within DEVICE_DROP_SECONDS: the venue's
network rather than one tablet's battery."""

import json
import time

from django.conf import settings

from core import shared_redis

KEEP_DROPS = 3600  # seconds a drop is remembered (the console lists the last hour's)


def _keys(tournament_id: int) -> tuple[str, str]:
    base = f"{settings.NAMESPACE}:presence:{tournament_id}"
    return f"{base}:open", f"{base}:dropped"


def arrived(tournament_id: int, socket: str, person: str, table: str, now: float | None = None) -> None:
    here, _dropped = _keys(tournament_id)
    seen = time.time() if now is None else now
    shared_redis.client().hset(here, socket, json.dumps({"person": person, "table": table, "since": seen}))


def left(tournament_id: int, socket: str, now: float | None = None) -> None:
    here, dropped = _keys(tournament_id)
    gone = time.time() if now is None else now
    device = shared_redis.client().hget(here, socket)
    if device is None:
        return
    pipe = shared_redis.client().pipeline()
    pipe.hdel(here, socket)
    pipe.zadd(dropped, {json.dumps({**json.loads(device), "socket": socket, "left": gone}): gone})
    pipe.zremrangebyscore(dropped, 0, gone - KEEP_DROPS)
    pipe.execute()


def devices(tournament_id: int, now: float | None = None) -> dict:
    """The devices connected, those that dropped in the last hour, and whether the share that
    dropped within the window says the network went."""
    here, dropped = _keys(tournament_id)
    at = time.time() if now is None else now
    client = shared_redis.client()
    connected = sorted(
        (json.loads(value) for value in client.hvals(here)), key=lambda d: (d["table"] or "", d["person"])
    )
    gone = [json.loads(value) for value in client.zrangebyscore(dropped, at - KEEP_DROPS, "+inf")]
    # A page reloaded (or a tablet back on the network) is the same person at the same table
    # connected again since (still, or dropped again later): that drop is over, no part of a mass drop.
    later = connected + gone
    gone = [d for d in gone if not any(_same(d, o) and o["since"] >= d["left"] for o in later)]
    lately = [d for d in gone if d["left"] >= at - settings.DEVICE_DROP_SECONDS]
    total = len(connected) + len(lately)
    percent = round(100 * len(lately) / total) if total else 0
    return {
        "connected": connected,
        "dropped": sorted(gone, key=lambda d: -d["left"]),
        "dropped_lately": len(lately),
        "percent": percent,
        # two devices at least: one tablet's battery is not the network
        "mass_drop": len(lately) >= 2 and percent >= settings.DEVICE_DROP_PERCENT,
        "threshold_percent": settings.DEVICE_DROP_PERCENT,
        "window_seconds": settings.DEVICE_DROP_SECONDS,
    }


def _same(dropped: dict, connected: dict) -> bool:
    return dropped["person"] == connected["person"] and dropped["table"] == connected["table"]
