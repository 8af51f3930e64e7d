"""A slow lane for the tables' heavy steps (a game's end, a new deal): a few per turn of the
event loop.

When many tables reach the end of a game at once (in the load test all 50 within a second), each
one's closing (the score, the Spielliste, four states) and the next deal would otherwise run
back to back in the same turn of the loop, and every action that arrived meanwhile would wait
for all of them. A table waits for :meth:`Lane.turn` before each such piece of work; the lane
lets ``per_turn`` waiting tables go per turn of the loop, in the order they came, and between
two turns the loop reads the sockets and runs the actions that came in. A lane with nothing
waiting costs nothing: the first table to come goes at once.
"""

from __future__ import annotations

import asyncio
from collections import deque


class Lane:
    """Lets waiting coroutines go ``per_turn`` per turn of the event loop, in order."""

    def __init__(self, per_turn: int = 2) -> None:
        if per_turn < 1:
            raise ValueError("a lane lets at least one go per turn")
        self.per_turn = per_turn
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
            # nobody waits: go now, and let the next ones wait for a later turn
            self._handle = loop.call_soon(self._release)
            self.passed += 1
            return
        fut: asyncio.Future[None] = loop.create_future()
        self._waiting.append(fut)
        if self._handle is None:
            self._handle = loop.call_soon(self._release)
        await fut  # a cancelled waiter is skipped by _release

    def _release(self) -> None:
        """Let up to ``per_turn`` waiters go (they run in the loop's next turn), and come
        back in that turn if more wait."""
        self._handle = None
        let = 0
        while self._waiting and let < self.per_turn:
            fut = self._waiting.popleft()
            if not fut.done():
                fut.set_result(None)
                let += 1
                self.passed += 1
        if self._waiting:
            self._handle = asyncio.get_running_loop().call_soon(self._release)
