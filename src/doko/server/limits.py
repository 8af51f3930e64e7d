"""Resource limits of the web table and the per-client rate limiter.

Every resource a stranger on the internet can make the server spend has a limit here: tables
(per client and in all), requests per minute per client address (creating tables, joining,
looking up table codes), WebSocket connections per client, the computer players' thinking
time per table, and the chat (per connection and per seat: :class:`ChatLimiter`).
``doko serve --limit KEY=VALUE`` changes one; docs/server.md lists them all.

    >>> Limits().updated(["create_per_min=3"]).create_per_min
    3
    >>> Limits().updated(["tables=3"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown limit 'tables'; known: tables_per_client, tables_total, ...
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """The limits of one server process (all configurable; 0 turns a rate limit off)."""

    #: active tables (waiting or playing) that one client address may have created
    tables_per_client: int = 5
    #: tables kept in memory at once (idle ones are unloaded first); more answer 503
    tables_total: int = 2000
    #: tables one client address may create per minute
    create_per_min: int = 6
    #: public seats one client address may take per minute
    join_per_min: int = 12
    #: requests naming a table code (REST reads, WebSocket connections) per minute and client
    lookup_per_min: int = 120
    #: WebSocket connections one client address may hold open at once
    connections_per_client: int = 16
    #: thinking time per decision of a table's computer players, summed over its bot seats (ms);
    #: with three ``search`` players each thinks at most a third of it
    bot_budget_ms: int = 1800
    #: decisions one table may have waiting for a bot worker
    bot_queue_per_table: int = 8
    #: a computer player that has not answered after this long is replaced by its first legal
    #: action (seconds)
    bot_timeout_s: float = 20.0
    #: with nobody of the table connected, its computer players stop after this (seconds)
    idle_pause_s: float = 60.0
    #: a table nobody has open is dropped from memory after this (seconds; it stays stored)
    unload_after_s: float = 600.0
    #: an unfinished table nobody opened for this long expires (days)
    expire_after_days: float = 30.0
    #: chat lines and reactions one connection may send per minute (bursts up to that many)
    chat_per_min: int = 12
    #: chat lines and reactions one seat may send per minute, over all its connections
    chat_seat_per_min: int = 20

    def updated(self, pairs: Iterable[str]) -> Limits:
        """A copy with ``KEY=VALUE`` pairs applied; ValueError names a bad key or value."""
        fields = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, int | float] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            key = key.strip()
            if not sep:
                raise ValueError(f"a limit is KEY=VALUE, not {pair!r}")
            if key not in fields:
                raise ValueError(f"unknown limit {key!r}; known: {', '.join(fields)}")
            kind = int if fields[key].type in ("int", int) else float
            try:
                number = kind(value)
            except ValueError:
                raise ValueError(f"limit {key}: {value!r} is not a number") from None
            if not math.isfinite(number) or number < 0:
                raise ValueError(f"limit {key}: must be 0 or more, not {value!r}")
            changes[key] = number
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, int | float]:
        return dataclasses.asdict(self)


def client_key(address: str) -> str:
    """The creator column's value for a client address: a hash, so the database holds no
    address."""
    return hashlib.sha256(b"doko-client:" + address.encode("utf-8", "replace")).hexdigest()[:32]


class RateLimiter:
    """Token buckets per (kind, client): ``per_min`` requests a minute, bursts up to that many.

    :meth:`hit` takes one token and returns 0.0, or returns the seconds until one is free
    (the ``Retry-After``) and takes nothing. Memory is bounded: at most ``max_clients``
    buckets per kind; full buckets (clients quiet for a minute) are dropped first.
    """

    def __init__(self, rates: dict[str, int], max_clients: int = 50000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rates = dict(rates)
        self.max_clients = max_clients
        self.clock = clock
        self._buckets: dict[str, dict[str, tuple[float, float]]] = {k: {} for k in rates}

    def hit(self, kind: str, client: str) -> float:
        per_min = self.rates[kind]
        if per_min <= 0:
            return 0.0
        now = self.clock()
        buckets = self._buckets[kind]
        tokens, last = buckets.get(client, (float(per_min), now))
        tokens = min(float(per_min), tokens + (now - last) * per_min / 60.0)
        if tokens < 1.0:
            buckets[client] = (tokens, now)
            return (1.0 - tokens) * 60.0 / per_min
        buckets[client] = (tokens - 1.0, now)
        if len(buckets) > self.max_clients:
            self._prune(kind, now)
        return 0.0

    def peek(self, kind: str, client: str) -> float:
        """What :meth:`hit` would answer, without taking a token."""
        per_min = self.rates[kind]
        if per_min <= 0:
            return 0.0
        now = self.clock()
        tokens, last = self._buckets[kind].get(client, (float(per_min), now))
        tokens = min(float(per_min), tokens + (now - last) * per_min / 60.0)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) * 60.0 / per_min

    def forget(self, kind: str, client: str) -> None:
        """Drop ``client``'s bucket (it starts full again)."""
        self._buckets[kind].pop(client, None)

    def _prune(self, kind: str, now: float) -> None:
        per_min = self.rates[kind]
        buckets = self._buckets[kind]
        for client, (tokens, last) in list(buckets.items()):
            if tokens + (now - last) * per_min / 60.0 >= per_min:
                del buckets[client]
        while len(buckets) > self.max_clients:  # all busy: drop the oldest
            del buckets[next(iter(buckets))]


class ChatLimiter:
    """The chat's rate limits at one table: a token bucket per connection
    (``limits.chat_per_min``) and one per seat (``limits.chat_seat_per_min``, shared by the
    seat's devices). :meth:`hit` takes a token from both or from neither and returns the
    seconds until the next line may be sent (0.0: sent). Memory is bounded: the table has
    four seats and closes its connections' buckets with :meth:`forget`."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self._conn = RateLimiter({"chat": limits.chat_per_min}, max_clients=256, clock=clock)
        self._seat = RateLimiter({"chat": limits.chat_seat_per_min}, max_clients=8,
                                 clock=clock)

    def hit(self, conn: int, seat: int) -> float:
        """One line from connection ``conn`` (an id) of ``seat``."""
        wait = self._conn.peek("chat", str(conn))
        wait = max(wait, self._seat.peek("chat", str(seat)))
        if wait > 0:
            return wait
        self._conn.hit("chat", str(conn))
        self._seat.hit("chat", str(seat))
        return 0.0

    def forget(self, conn: int) -> None:
        """Connection ``conn`` is gone: drop its bucket."""
        self._conn.forget("chat", str(conn))
