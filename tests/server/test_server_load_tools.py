"""The server's helpers for load: the kept rule options of a table's state, and the garbage
collector's log (``DOKO_GC_LOG``, :mod:`doko.server.gcwatch`)."""

from __future__ import annotations

import gc
import io
import time
from pathlib import Path

from doko.engine.rules import HAUSREGELN, PRESETS, TSR, option_changes, with_options
from doko.server.gcwatch import Collection, GcWatch, read_log
from doko.server.payloads import rules_options


def test_rules_options_are_option_changes() -> None:
    cases = [TSR, HAUSREGELN, *PRESETS.values(),
             with_options(HAUSREGELN, {"bock": "off", "solo_kings": True}),
             with_options(TSR, {"solo_koehler": "true", "dulle": "second"})]
    for rules in cases:
        assert rules_options(rules) == option_changes(rules)
        assert rules_options(rules) == option_changes(rules)  # from the cache now
    got = rules_options(with_options(TSR, {"dulle": "second"}))
    got["dulle"] = "changed by the caller"  # a copy: the kept value stays
    assert rules_options(with_options(TSR, {"dulle": "second"})) == {"dulle": "second"}


def test_gc_watch_logs_each_collection() -> None:
    out = io.StringIO()
    watch = GcWatch(out, keep=3)
    watch.install()
    watch.install()  # once only
    try:
        before = time.monotonic()
        for gen in (0, 1, 2, 0):
            gc.collect(gen)
        after = time.monotonic()
    finally:
        watch.uninstall()
    gc.collect(0)  # not seen any more
    assert [c.generation for c in watch.collections] == [1, 2, 0]  # the last three kept
    lines = out.getvalue().splitlines()
    assert len(lines) == 4
    parsed = [Collection.parse(line) for line in lines]
    assert [c.generation for c in parsed] == [0, 1, 2, 0]
    assert all(before <= c.start <= after and 0 <= c.seconds <= after - before for c in parsed)
    assert parsed[0].objects >= 0 and parsed[1].objects == -1
    assert parsed[3] == Collection.parse(watch.collections[-1].line())


def test_gc_log_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "gc.log"
    with path.open("a", encoding="ascii") as f:
        watch = GcWatch(f)
        watch.install()
        try:
            gc.collect(1)
        finally:
            watch.uninstall()
    got = read_log(str(path))
    assert [c.generation for c in got] == [1]
    assert got[0].collected >= 0
