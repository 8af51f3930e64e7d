"""``doko serve``: the web table at http://127.0.0.1:8000 with a SQLite file (or PostgreSQL).

FastAPI, SQLAlchemy and uvicorn are imported only when the command runs, so ``doko --help``
works without the ``server`` extra.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

#: The default database: a SQLite file in the current directory.
DEFAULT_URL = "sqlite:///doko.sqlite3"


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
                   help="threads for the computer players (2)")
    p.add_argument("--sqlite-synchronous", choices=["full", "normal"], default="full",
                   help="SQLite durability: full (every commit survives a power loss, the "
                        "default) or normal (survives a crash of the server; faster)")
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
    try:
        app = create_app(ns.db, bot_workers=ns.bot_workers,
                         sqlite_synchronous=ns.sqlite_synchronous)
    except Exception as e:  # a database that cannot be opened or migrated
        print(f"doko serve: cannot open the database {ns.db}: {e}", file=sys.stderr)
        return 1
    print(f"doko: the web table is at http://{ns.host}:{ns.port}/ (database {ns.db})",
          flush=True)
    uvicorn.run(app, host=ns.host, port=ns.port, log_level=ns.log_level, ws="websockets-sansio"
                if _has_sansio() else "auto")
    return 0


def _has_sansio() -> bool:
    try:
        import websockets  # noqa: F401
    except ImportError:
        return False
    return True
