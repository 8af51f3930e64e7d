"""A slow lane for the tables' heavy steps (a game's end, a new deal): one at a time, a little
apart.

When many tables reach the end of a game at once (in the load test all 50 within a second), each
one's closing (the score, the Spielliste, four states) and the next deal would otherwise run
back to back in the same turn of the loop, and every action that arrived meanwhile would wait
for all of them. A table waits for :meth:`Lane.turn` before each such piece of work; the lane
lets ``per_turn`` waiting tables go at a time, in the order they came, and the next ones only
``gap`` seconds later (default one table every 2 ms), so that while tables wait in the lane
it takes at most about half of the loop's time (a game's end or a deal costs about 1 ms) and
the actions of the games being played come first. A lane with nothing waiting costs nothing:
the first table to come goes at once.

The price is paid between games, where nobody is waiting for a card: in the load test's worst
case (50 tables ending their games within a second) the new deal came 205 - 243 ms (p50) after
a table's last "next" instead of 47 - 94 ms; the p99 of the actions was lower in 11 of 15
alternating runs and their maximum in all (docs/server.md, Load).
"""

from __future__ import annotations

import asyncio
from collections import deque


class Lane:
    """Lets waiting coroutines go ``per_turn`` at a time, in order, ``gap`` seconds apart
    (0: in every turn of the event loop)."""

    def __init__(self, per_turn: int = 1, gap: float = 0.002) -> None:
        if per_turn < 1:
            raise ValueError("a lane lets at least one go per turn")
        if not 0 <= gap <= 1:
            raise ValueError("a lane's gap is 0 to 1 s")
        self.per_turn = per_turn
        self.gap = gap
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._handle: asyncio.Handle | None = None
        #: how many went through the lane so far (for tests and the curious)
        self.passed = 0

    def waiting(self) -> int:
        return sum(1 for f in self._waiting if not f.done())

    async def turn(self) -> None:
        """Wait for this coroutine's turn (at once when nobody else waits)."""
        loop = asyncio.get_running_loop()
        if self._handle is None and not self._waiting:
            # nobody waits: go now, and let the next ones wait for the next release
            self._schedule(loop)
            self.passed += 1
            return
        fut: asyncio.Future[None] = loop.create_future()
        self._waiting.append(fut)
        if self._handle is None:
            self._handle = loop.call_soon(self._release)
        await fut  # a cancelled waiter is skipped by _release

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        """The next release: ``gap`` seconds from now (in the next turn if 0)."""
        self._handle = (loop.call_later(self.gap, self._release) if self.gap > 0
                        else loop.call_soon(self._release))

    def _release(self) -> None:
        """Let up to ``per_turn`` waiters go (they run in the loop's next turn), and come
        back ``gap`` seconds later (in the next turn if 0) if more wait."""
        self._handle = None
        let = 0
        while self._waiting and let < self.per_turn:
            fut = self._waiting.popleft()
            if not fut.done():
                fut.set_result(None)
                let += 1
                self.passed += 1
        if self._waiting:
            self._schedule(asyncio.get_running_loop())
