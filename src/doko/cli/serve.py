"""``doko serve``: the web table at http://127.0.0.1:8000 with a SQLite file (or PostgreSQL).

FastAPI, SQLAlchemy and uvicorn are imported only when the command runs, so ``doko --help``
works without the ``server`` extra.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import secrets
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from doko.server.gcwatch import GcWatch

#: The default database: a SQLite file in the current directory.
DEFAULT_URL = "sqlite:///doko.sqlite3"
#: The garbage collector's thresholds of ``doko serve`` (``--gc-thresholds``).
GC_THRESHOLDS = (50_000, 20, 100)
GC_THRESHOLDS_TEXT = ",".join(str(x) for x in GC_THRESHOLDS)
#: ``doko serve --gc-pace``: a young collection every this many ms (0: CPython's own).
GC_PACE_MS = 100.0
#: ``doko serve --gc-full-every``: a full collection every this many seconds when paced.
GC_FULL_EVERY_S = 900.0
#: The interpreter's switch interval of ``doko serve`` in ms (``--switch-interval``;
#: CPython's default is 5 ms).
SWITCH_INTERVAL_MS = 1.0
#: Where ``doko serve`` writes the operator's key for ``doko admin`` (mode 0600).
DEFAULT_ADMIN_KEY_FILE = "doko-admin.key"


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="run the web table (browser UI, invitations, computer players)",
        description="Run the web table: open http://HOST:PORT in a browser. The database is a "
                    "SQLite file in the current directory unless --db names another "
                    "(e.g. postgresql+psycopg://user:pw@127.0.0.1:5432/doko).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (8000)")
    p.add_argument("--db", default=DEFAULT_URL, metavar="URL",
                   help=f"SQLAlchemy database URL ({DEFAULT_URL})")
    p.add_argument("--bot-workers", type=int, default=2, metavar="N",
                   help="worker processes for the computer players (2; one more makes only "
                        "the quick offers to call before a person's action)")
    p.add_argument("--sqlite-synchronous", choices=["full", "normal"], default="full",
                   help="SQLite durability: full (every commit survives a power loss, the "
                        "default) or normal (survives a crash of the server; faster)")
    p.add_argument("--limit", action="append", default=[], metavar="KEY=VALUE",
                   help="change a resource limit, e.g. --limit tables_per_client=10 (repeatable; "
                        "the keys and defaults are in docs/server.md)")
    p.add_argument("--admin-key-file", default=DEFAULT_ADMIN_KEY_FILE, metavar="PATH",
                   help="where to write the operator's key for `doko admin`, made anew at every "
                        f"start, readable by the owner only ({DEFAULT_ADMIN_KEY_FILE})")
    p.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                   help="addresses of a reverse proxy whose X-Forwarded-For names the client "
                        "(for the per-client limits; uvicorn's option; default 127.0.0.1)")
    p.add_argument("--ws-compression", choices=["none", "deflate"], default="none",
                   help="WebSocket compression: none (the default: after the first state the "
                        "server sends small updates, and deflate would cost CPU per message "
                        "and memory per connection) or deflate (permessage-deflate, when the "
                        "client offers it)")
    p.add_argument("--gc-thresholds", default=GC_THRESHOLDS_TEXT, metavar="A,B,C",
                   type=gc_thresholds,
                   help="the garbage collector's thresholds after start-up (gc.set_threshold; "
                        f"{GC_THRESHOLDS_TEXT}): A young objects start a young collection, B "
                        "young collections one of the middle generation, C of those a full one")
    p.add_argument("--gc-pace", default=GC_PACE_MS, type=gc_pace, metavar="MS",
                   help=f"collect the young generation every MS ms ({GC_PACE_MS:g}) and freeze "
                        "what survives, so that each collection is short (0: leave it to "
                        "CPython's thresholds, --gc-thresholds)")
    p.add_argument("--gc-full-every", default=GC_FULL_EVERY_S, type=float, metavar="S",
                   help="with --gc-pace: a full collection (frozen objects included) every S "
                        f"seconds ({GC_FULL_EVERY_S:g})")
    p.add_argument("--switch-interval", default=SWITCH_INTERVAL_MS, type=switch_interval,
                   metavar="MS",
                   help="how long the event loop may keep the interpreter while the database "
                        f"thread waits for it, in ms ({SWITCH_INTERVAL_MS:g}; CPython's default "
                        "is 5): a commit waits for it after each statement")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    try:
        import uvicorn

        from doko.server.app import create_app
    except ImportError as e:
        print(f"doko serve needs the server extra (pip install 'doko[server]'): {e}",
              file=sys.stderr)
        return 2
    from doko.server.app import WS_MAX_FRAME
    from doko.server.limits import Limits

    try:
        limits = Limits().updated(ns.limit)
    except ValueError as e:
        print(f"doko serve: {e}", file=sys.stderr)
        return 2
    if ns.bot_workers < 1:
        print("doko serve: --bot-workers must be at least 1", file=sys.stderr)
        return 2
    try:
        admin_key = write_admin_key(ns.admin_key_file)
    except OSError as e:
        print(f"doko serve: cannot write the admin key to {ns.admin_key_file}: {e}",
              file=sys.stderr)
        return 1
    from doko.server.gcpace import GcPacer

    try:
        pacer = None if not ns.gc_pace else GcPacer(ns.gc_pace / 1000, ns.gc_full_every)
    except ValueError as e:
        print(f"doko serve: {e}", file=sys.stderr)
        return 2
    try:
        app = create_app(ns.db, bot_workers=ns.bot_workers,
                         sqlite_synchronous=ns.sqlite_synchronous, limits=limits,
                         admin_key=admin_key, warm_bots=True, gc_pacer=pacer)
    except Exception as e:  # a database that cannot be opened or migrated
        print(f"doko serve: cannot open the database {ns.db}: {e}", file=sys.stderr)
        return 1
    print(f"doko: the web table is at http://{ns.host}:{ns.port}/ (database {ns.db})",
          flush=True)
    tune_gc(ns.gc_thresholds)
    sys.setswitchinterval(ns.switch_interval / 1000)
    watch_gc(os.environ.get("DOKO_GC_LOG"))
    extra: dict[str, Any] = {}
    if ns.forwarded_allow_ips is not None:
        extra["forwarded_allow_ips"] = ns.forwarded_allow_ips
    uvicorn.run(app, host=ns.host, port=ns.port, log_level=ns.log_level, ws="websockets-sansio"
                if _has_sansio() else "auto", ws_max_size=WS_MAX_FRAME,
                ws_per_message_deflate=ns.ws_compression == "deflate", **extra)
    return 0


def gc_thresholds(text: str) -> tuple[int, int, int]:
    """``"A,B,C"`` as three thresholds (A at least 100, B and C at least 1)."""
    try:
        a, b, c = (int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"three whole numbers A,B,C, not {text!r}") from None
    if a < 100 or b < 1 or c < 1:
        raise argparse.ArgumentTypeError("A is at least 100, B and C at least 1")
    return a, b, c


def gc_pace(text: str) -> float:
    """The young collections' interval in ms: 0 (off) or 1 to 60,000."""
    try:
        ms = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of milliseconds, not {text!r}") from None
    if ms != 0 and not 1 <= ms <= 60_000:
        raise argparse.ArgumentTypeError("the pace is 0 (off) or 1 to 60000 ms")
    return ms


def switch_interval(text: str) -> float:
    """The switch interval in ms: 0.1 to 100."""
    try:
        ms = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of milliseconds, not {text!r}") from None
    if not 0.1 <= ms <= 100:
        raise argparse.ArgumentTypeError("the switch interval is 0.1 to 100 ms")
    return ms


def tune_gc(thresholds: tuple[int, int, int] = GC_THRESHOLDS) -> None:
    """Fewer, cheaper garbage collections for a long-running server: what was imported and
    built at start-up is frozen out of the collections, and the young generation is larger. With
    a thousand tables in memory (about 280,000 tracked objects) CPython's default thresholds ran
    a full collection every few seconds that stopped the event loop for about 300 ms."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


def watch_gc(path: str | None) -> GcWatch | None:
    """With ``path`` (the environment variable ``DOKO_GC_LOG``): every garbage collection is
    written to that file with its duration (:mod:`doko.server.gcwatch`), for load tests; the
    file stays open while the server runs."""
    if not path:
        return None
    from doko.server.gcwatch import GcWatch

    watch = GcWatch(open(path, "a", encoding="ascii"))  # noqa: SIM115 - open while serving
    watch.install()
    return watch


def write_admin_key(path: str) -> str:
    """Make a fresh operator key and write it to ``path``, readable by the owner only."""
    key = secrets.token_urlsafe(32)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key


def _has_sansio() -> bool:
    try:
        import websockets  # noqa: F401
    except ImportError:
        return False
    return True
