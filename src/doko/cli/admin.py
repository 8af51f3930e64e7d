"""``doko admin``: the operator's view of a running web table.

``doko serve`` writes a fresh operator key at every start (``--admin-key-file``, default
``doko-admin.key``, readable by its owner only); this command reads it and asks the server::

    doko admin tables [--active]     every table: status, seats, connections, whether paused
    doko admin close CODE            stop a table for good (its games stay readable)
    doko admin limits                the limits in force, tables in memory, the bot workers

Only the standard library is used (no server extra needed on the operator's side).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
from typing import Any

DEFAULT_SERVER = "http://127.0.0.1:8000"
DEFAULT_KEY_FILE = "doko-admin.key"


def register(sub: Any) -> None:
    p = sub.add_parser(
        "admin",
        help="operate a running web table (list and close tables, show the limits)",
        description="Ask a running `doko serve` about its tables and limits, or close a table. "
                    "Needs the operator key the server wrote at its start.",
    )
    p.add_argument("--server", default=DEFAULT_SERVER, metavar="URL",
                   help=f"the server's address ({DEFAULT_SERVER})")
    p.add_argument("--key-file", default=DEFAULT_KEY_FILE, metavar="PATH",
                   help=f"the operator key written by doko serve ({DEFAULT_KEY_FILE})")
    p.add_argument("--json", action="store_true", help="print the server's JSON answer")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    t = what.add_parser("tables", help="list the tables (newest first)")
    t.add_argument("--active", action="store_true", help="only waiting or playing tables")
    c = what.add_parser("close", help="close a table for good")
    c.add_argument("code", help="the table's code")
    what.add_parser("limits", help="show the limits and the load")
    p.set_defaults(func=run)


class AdminError(Exception):
    pass


def request(server: str, key: str, method: str, path: str) -> Any:
    req = urllib.request.Request(server.rstrip("/") + path, method=method,
                                 headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        if e.code == 404 and path.startswith("/api/admin/tables/"):
            raise AdminError("no such table") from None
        if e.code == 404:
            raise AdminError("the server refused the key (is it the key file of this server's "
                             "latest start?)") from None
        raise AdminError(f"the server answered {e.code}") from None
    except (urllib.error.URLError, OSError) as e:
        raise AdminError(f"cannot reach {server}: {e}") from None


def _when(t: float | None) -> str:
    return "-" if t is None else time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


def show_tables(data: dict[str, Any]) -> str:
    lines = [f"{'code':6}  {'status':8} {'pub':3} {'conn':>4} {'paused':6} {'last opened':16}  "
             "seats"]
    for t in data["tables"]:
        seats = ", ".join(f"{s['seat']}:{s['name']}" + (f" ({s['level']})" if s["level"] else "")
                          for s in t["seats"])
        paused = "-" if t["paused"] is None else ("yes" if t["paused"] else "no")
        lines.append(f"{t['code']:6}  {t['status']:8} {'yes' if t['public'] else 'no':3} "
                     f"{t['connections']:>4} {paused:6} {_when(t['touched_at']):16}  {seats}")
    if not data["tables"]:
        lines.append("(no tables)")
    return "\n".join(lines)


def show_limits(data: dict[str, Any]) -> str:
    lines = [f"{k} = {v}" for k, v in data["limits"].items()]
    lines.append(f"tables in memory: {data['tables_loaded']}, "
                 f"WebSocket connections: {data['connections']}")
    lines.append("bot workers: " + json.dumps(data["bots"], sort_keys=True))
    return "\n".join(lines)


def run(ns: argparse.Namespace) -> int:
    try:
        with open(ns.key_file, encoding="utf-8") as f:
            key = f.read().strip()
    except OSError as e:
        print(f"doko admin: cannot read the key file {ns.key_file}: {e.strerror}",
              file=sys.stderr)
        return 2
    try:
        if ns.what == "tables":
            data = request(ns.server, key, "GET",
                           "/api/admin/tables" + ("?active=true" if ns.active else ""))
            text = show_tables(data)
        elif ns.what == "close":
            code = "".join(ch for ch in ns.code.upper() if ch.isalnum())[:16]
            data = request(ns.server, key, "POST", f"/api/admin/tables/{code}/close")
            text = f"table {data['code']}: {data['status']}"
        else:
            data = request(ns.server, key, "GET", "/api/admin/limits")
            text = show_limits(data)
    except AdminError as e:
        print(f"doko admin: {e}", file=sys.stderr)
        return 1
    print(json.dumps(data, indent=1, ensure_ascii=False) if ns.json else text)
    return 0
