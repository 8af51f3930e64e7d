"""The garbage collector's pauses, written down while the server runs (for load measurements).

``doko serve`` installs a :class:`GcWatch` when the environment variable ``DOKO_GC_LOG`` names
a file: every collection then appends one line to it, ``start generation duration_ms collected
objects cpu_ms``, where ``start`` is ``time.monotonic()`` when the collection began (the same clock
in every process of the machine, so a benchmark can match the pauses against the actions it
timed) and ``objects`` the young generation's count when a young collection began (-1 for the
older generations): the tracked objects made less those freed since the last collection,
which is what the first threshold is compared with; the young generation itself may hold
several times as many, since objects freed in the older generations count down too; and
``cpu_ms`` the CPU time of the collecting thread meanwhile (less than the duration when the
process waited for a core).
``scripts/bench_server.py --gc-log`` sets the variable and summarises the file.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from typing import IO, Any

ENV = "DOKO_GC_LOG"


@dataclass(frozen=True)
class Collection:
    """One collection: when it began (``time.monotonic()``), its generation, how long it
    took (seconds), what it freed, (a young collection) the young generation's count, and
    the CPU time of its thread meanwhile (seconds)."""

    start: float
    generation: int
    seconds: float
    collected: int
    objects: int
    cpu: float = 0.0

    def line(self) -> str:
        return (f"{self.start:.6f} {self.generation} {self.seconds * 1000:.3f} "
                f"{self.collected} {self.objects} {self.cpu * 1000:.3f}\n")

    @classmethod
    def parse(cls, line: str) -> Collection:
        start, gen, ms, collected, objects, cpu_ms = line.split()
        return cls(float(start), int(gen), float(ms) / 1000, int(collected), int(objects),
                   float(cpu_ms) / 1000)


class GcWatch:
    """Times every collection of the garbage collector (``gc.callbacks``) and keeps the last
    ``keep`` of them in :attr:`collections`; with ``out``, each is also written to it as a
    line (:meth:`Collection.line`) and flushed."""

    def __init__(self, out: IO[str] | None = None, keep: int = 10_000) -> None:
        self.out = out
        self.keep = keep
        self.collections: list[Collection] = []
        self._started: tuple[float, float, float, int] | None = None

    def install(self) -> None:
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def uninstall(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            gen = int(info["generation"])
            # the young generation's count (made less freed, not its size); the older
            # generations' counts are collections of the younger one
            objects = gc.get_count()[0] if gen == 0 else -1
            self._started = (time.monotonic(), time.perf_counter(), time.thread_time(), objects)
            return
        if self._started is None:
            return
        start, t0, cpu0, objects = self._started
        self._started = None
        c = Collection(start, int(info["generation"]), time.perf_counter() - t0,
                       int(info.get("collected", 0)), objects, time.thread_time() - cpu0)
        self.collections.append(c)
        if len(self.collections) > self.keep:
            del self.collections[: len(self.collections) - self.keep]
        if self.out is not None:
            self.out.write(c.line())
            self.out.flush()


def read_log(path: str) -> list[Collection]:
    """The collections written to ``path`` by a :class:`GcWatch`."""
    with open(path, encoding="ascii") as f:
        return [Collection.parse(line) for line in f if line.strip()]
