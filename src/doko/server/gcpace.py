"""Short, frequent garbage collections for the web table (``doko serve --gc-pace``).

CPython collects its young generation when the tracked objects made (less those freed) pass
the first threshold. In a server whose tables each replace their state at every action, that
count hardly grows: every action frees the table's previous state, which counts down. So the
young generation fills with every table's and every connection's current state (135,000 objects
with 1,000 tables and 4,000 sockets) before a collection comes, and then that collection stops
the event loop for 110 ms and more (docs/server.md, Load).

:class:`GcPacer` collects the young generation itself every ``interval`` seconds (0.1 s) and
then freezes what survived (``gc.freeze()``: moved where no collection looks), so each
collection only looks at what was made since the previous one: a few milliseconds. What was
frozen and later let go is freed at once by its reference count as before; only garbage in
reference cycles among frozen objects waits, for the full collection every ``full_every``
seconds (``gc.unfreeze()``, ``gc.collect()``, then frozen again; 15 minutes), which takes as
long as an unpaced full collection.
"""

from __future__ import annotations

import asyncio
import gc
import time
from dataclasses import dataclass


@dataclass
class GcPacer:
    """Collects the young generation every ``interval`` seconds and freezes the survivors;
    every ``full_every`` seconds a full collection of everything (frozen included)."""

    interval: float = 0.1
    full_every: float = 900.0
    #: young collections and full collections run so far
    young: int = 0
    full: int = 0
    #: the objects the last full collection freed (garbage that had waited frozen)
    last_full_freed: int = 0
    _last_full: float = 0.0

    def __post_init__(self) -> None:
        if not 0.001 <= self.interval <= 60 or not self.full_every >= self.interval:
            raise ValueError("the interval is 0.001 to 60 s and a full collection comes no "
                             "more often than a young one")
        self._last_full = time.monotonic()

    def step(self, now: float | None = None) -> None:
        """One young collection (the survivors frozen), or the full collection when it is
        due (``now``: ``time.monotonic()``)."""
        now = time.monotonic() if now is None else now
        if now - self._last_full >= self.full_every:
            self._last_full = now
            gc.unfreeze()
            self.last_full_freed = gc.collect()
            self.full += 1
        else:
            gc.collect(0)
            self.young += 1
        gc.freeze()

    async def run(self) -> None:
        """Step every ``interval`` seconds until cancelled (a task of the server's loop)."""
        while True:
            await asyncio.sleep(self.interval)
            self.step()
