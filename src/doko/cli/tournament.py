"""``doko tournament``: run a Doppelkopf tournament (TSR 8) from a tournament file.

Actions: ``new``, ``players`` (register, late entry, withdraw, list), ``draw`` (the next Serie;
or, without a file, the stateless ``--players N --serien S --seed X --json`` draw and the
``--bench`` figures), ``result`` (a table's totals or its Spielliste as a round file),
``penalty`` (TSR 9.7.2), ``sheet`` (a round file for a table, names in positions), ``ranking``,
``print`` (PDF or HTML), ``export`` (CSV or JSON), ``log`` (the audit trail) and ``show``.
Players are given by number (1, 2, ... in the order of registration) or by name.

Exit status: 0 on success; 2 on bad input or a refused change (one line on standard error; the
file is left unchanged).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

from doko.engine.rules import PRESETS
from doko.engine.texts import text as _text
from doko.engine.texts import texts_of
from doko.session import Round, RoundError
from doko.session.files import read_json_file, read_problem, write_atomic
from doko.tournament.draw import DrawError, draw_plan, quality
from doko.tournament.export import format_ranking, log_lines, ranking_csv, ranking_json
from doko.tournament.model import (
    PENALTY_KINDS,
    SCORINGS,
    TIEBREAKS,
    Tournament,
    TournamentError,
)
from doko.tournament.printout import KINDS, pages, to_html, to_pdf

#: The sizes ``draw --bench`` measures: (players, Serien).
BENCH_SIZES = ((16, 5), (32, 4), (24, 6), (40, 6), (64, 6), (100, 6), (200, 8))


class _Usage(Exception):
    """Bad command-line input; the message is shown as is."""


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tournament`` sub-command."""
    p = sub.add_parser(
        "tournament",
        help="run a tournament: players, seat draws, results, ranking, print-outs",
        description="Run a Doppelkopf tournament (TSR 8) in a JSON tournament file: register "
        "players, draw each Serie, enter the tables' results, rank, print and export.",
    )
    ss = p.add_subparsers(dest="tournament_command", metavar="ACTION",
                          parser_class=_OneLineParser)

    def common(q: argparse.ArgumentParser, file: bool = True) -> None:
        if file:
            q.add_argument("file", metavar="FILE", help="the tournament file (JSON)")
        q.add_argument("--lang", choices=("de", "en"), default="de",
                       help="language of the output (default: de)")

    q = ss.add_parser("new", help="start a new tournament file")
    common(q)
    q.add_argument("--name", required=True, help="the tournament's name")
    q.add_argument("--date", default="", help="its date (free text, e.g. 2026-11-28)")
    q.add_argument("--serien", type=int, default=3, metavar="S", help="Serien (default 3)")
    q.add_argument("--games", type=int, default=None, metavar="N",
                   help="games per Serie (default: 24, 30 at a 5-table; TSR 8.5.1, 10.1.5)")
    q.add_argument("--minutes", type=int, default=None, metavar="M",
                   help="minutes per Serie (default: 100, 125 at a 5-table)")
    q.add_argument("--rules", default="tsr", choices=sorted(PRESETS), help="rule preset")
    q.add_argument("--scoring", default="points", choices=SCORINGS,
                   help="points: total points over the Serien (usual); placement: "
                   "+3/+1/-1/-3 per table and Serie, ties averaged")
    q.add_argument("--tiebreaks", default=None, metavar="A,B",
                   help=f"tie-breaks in order, from: {', '.join(TIEBREAKS)} "
                   "(default: best_serie,table_wins; 'none' for none)")
    q.add_argument("--five-tables", action="store_true",
                   help="allow 5-tables when the players are not a multiple of 4 "
                   "(TSR 8.3.1 allows only 4-tables)")
    q.add_argument("--seat-by-ranking", action="store_true",
                   help="from Serie 2 seat by the current ranking (strong against strong)")
    q.add_argument("--seed", type=int, default=None,
                   help="the seed of the draws (published; default: a random one)")
    q.add_argument("--players", default=None, metavar="A,B,...", help="register these")

    q = ss.add_parser("players", help="register (late entry), withdraw or list players")
    common(q)
    q.add_argument("--add", action="append", default=[], metavar="NAME",
                   help="register a player (repeatable; after a draw: a late entry)")
    q.add_argument("--withdraw", default=None, metavar="P", help="a player leaves")
    q.add_argument("--reason", default="", help="why (kept in the log)")

    q = ss.add_parser("draw", help="draw the next Serie (or a stateless draw)")
    q.add_argument("file", metavar="FILE", nargs="?", default=None,
                   help="the tournament file; without it: a stateless draw")
    q.add_argument("--lang", choices=("de", "en"), default="de")
    q.add_argument("--redraw", action="store_true",
                   help="draw the latest Serie again (before any of its results)")
    q.add_argument("--players", type=int, default=None, metavar="N",
                   help="stateless: the number of players (1..N)")
    q.add_argument("--serien", type=int, default=None, metavar="S", help="stateless: Serien")
    q.add_argument("--seed", type=int, default=0, help="stateless: the seed (default 0)")
    q.add_argument("--five-tables", action="store_true", help="stateless: allow 5-tables")
    q.add_argument("--json", action="store_true",
                   help='print {"serien": [[[p1, p2, p3, p4], ...], ...]}')
    q.add_argument("--bench", action="store_true",
                   help="print the quality and time of draws of several sizes")

    q = ss.add_parser("result", help="enter a table's result")
    common(q)
    q.add_argument("--serie", type=int, required=True, metavar="S")
    q.add_argument("--table", type=int, required=True, metavar="T")
    src = q.add_mutually_exclusive_group(required=True)
    src.add_argument("--totals", metavar="A,B,C,D",
                     help="the players' totals in positions 1-4 (1-5), checked by TSR 7.3.3")
    src.add_argument("--round", metavar="ROUND.json",
                     help="the table's Spielliste as a round file (doko sheet)")
    q.add_argument("--odd-ok", action="store_true",
                   help="the sheet has penalty points in a solo in favour of the soloist "
                   "(TSR 7.3.3 item 2): the totals may break the even/odd rule")
    q.add_argument("--reason", default="", help="required for a correction")

    q = ss.add_parser("penalty", help="a penalty of TSR 9.7.2, or take one back")
    common(q)
    q.add_argument("--player", default=None, metavar="P")
    q.add_argument("--kind", choices=PENALTY_KINDS, default=None)
    q.add_argument("--points", type=int, default=0, help="a deduction's points (1..12)")
    q.add_argument("--serie", type=int, default=None, help="default: the latest drawn")
    q.add_argument("--cancel", type=int, default=None, metavar="N",
                   help="take back penalty number N")
    q.add_argument("--reason", default="", help="why (required)")

    q = ss.add_parser("sheet", help="a round file for a table (doko sheet), names in positions")
    common(q)
    q.add_argument("--serie", type=int, required=True, metavar="S")
    q.add_argument("--table", type=int, required=True, metavar="T")
    q.add_argument("out", metavar="OUT", help="the new round file")

    q = ss.add_parser("ranking", help="print the ranking")
    common(q)
    q.add_argument("--serie", type=int, default=None, help="of one Serie only")
    fmt = q.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true")
    fmt.add_argument("--json", action="store_true")

    q = ss.add_parser("print", help="seat plan, table cards, Spielliste forms, ranking")
    common(q)
    q.add_argument("--serie", type=int, default=None, help="default: the latest drawn")
    q.add_argument("--what", default="plan,cards,sheets", metavar="K,K",
                   help=f"what to print, from: {', '.join(KINDS)} (default plan,cards,sheets)")
    out = q.add_mutually_exclusive_group(required=True)
    out.add_argument("--pdf", metavar="OUT.pdf")
    out.add_argument("--html", metavar="OUT.html")

    q = ss.add_parser("export", help="the ranking as CSV or everything as JSON")
    common(q)
    fmt = q.add_mutually_exclusive_group(required=True)
    fmt.add_argument("--csv", action="store_true")
    fmt.add_argument("--json", action="store_true")
    q.add_argument("--out", default=None, metavar="PATH", help="default: standard output")

    q = ss.add_parser("log", help="the audit trail: every change with its time and reason")
    common(q)

    q = ss.add_parser("show", help="settings, players and the Serien")
    common(q)

    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    """Run one ``doko tournament`` action; 2 on bad input or a refused change."""
    lang: str = getattr(ns, "lang", "de")
    action = getattr(ns, "tournament_command", None)
    if action is None:
        print(_text("cli.tournament.no_action", lang), file=sys.stderr)
        return 2
    try:
        out = _ACTIONS[action](ns, lang)
    except (TournamentError, DrawError, RoundError) as e:
        return _fail(lang, e.text(lang))
    except _Usage as e:
        return _fail(lang, str(e))
    except OSError as e:
        return _fail(lang, _text("files.unreadable", lang, path=e.filename or ns.file,
                                 why=read_problem(e, lang)))
    if out:
        sys.stdout.write(out if out.endswith("\n") else out + "\n")
    return 0


def _fail(lang: str, msg: str) -> int:
    line = " ".join(msg.split())
    print(f"doko tournament: {_text('cli.sheet.error', lang)}: {line}", file=sys.stderr)
    return 2


def _load(ns: argparse.Namespace) -> Tournament:
    return Tournament.load(ns.file)


def _new(ns: argparse.Namespace, lang: str) -> str:
    tb: list[str] | None
    if ns.tiebreaks is None:
        tb = None
    elif ns.tiebreaks.strip().lower() == "none":
        tb = []
    else:
        tb = [x.strip() for x in ns.tiebreaks.split(",") if x.strip()]
    kw: dict[str, Any] = {}
    if tb is not None:
        kw["tiebreaks"] = tb
    t = Tournament.create(ns.file, ns.name, date=ns.date, rules=ns.rules, serien=ns.serien,
                          games=ns.games, minutes=ns.minutes, scoring=ns.scoring,
                          five_tables=ns.five_tables, seat_by_ranking=ns.seat_by_ranking,
                          seed=ns.seed, **kw)
    tx = texts_of("cli.tournament", lang)
    out = [tx("created", file=ns.file, name=t.name, serien=t.serien, seed=t.seed)]
    if ns.players:
        for name in ns.players.split(","):
            p = t.add_player(name)
            out.append(tx("registered", id=p.id, name=p.name))
    return "\n".join(out)


def _players(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    tx = texts_of("cli.tournament", lang)
    out = []
    for name in ns.add:
        p = t.add_player(name)
        late = p.joined > 1
        out.append(tx("late_entry" if late else "registered", id=p.id, name=p.name,
                      serie=p.joined))
    if ns.withdraw is not None:
        p = t.withdraw(ns.withdraw, ns.reason)
        out.append(tx("withdrawn", id=p.id, name=p.name))
    if not out:
        for p in t.players:
            state = "" if p.active else (
                tx("state_disqualified") if p.disqualified else tx("state_withdrawn"))
            joined = tx("state_joined", serie=p.joined) if p.joined > 1 else ""
            out.append(f"{p.id:>3}  {p.name}  {state} {joined}".rstrip())
        out.append(tx("count", n=len(t.active_players())))
    return "\n".join(out)


def _format_serie(t: Tournament, serie: int, lang: str) -> str:
    tx = texts_of("tournament.print", lang)
    out = [tx("plan_title", serie=serie)]
    for i, table in enumerate(t.draws[serie - 1], start=1):
        names = ", ".join(f"{k}. {t.players[p - 1].name}" for k, p in enumerate(table, 1))
        out.append(f"{tx('table')} {i}: {names}")
    warn = t.five_warning(serie, lang)
    if warn:
        out.append(warn)
    return "\n".join(out)


def _draw(ns: argparse.Namespace, lang: str) -> str:
    if ns.bench:
        return _bench(lang)
    if ns.file is None:
        if ns.players is None or ns.serien is None:
            raise _Usage(_text("cli.tournament.stateless_args", lang))
        if not 1 <= ns.serien <= 20 or not 4 <= ns.players <= 1000:
            raise _Usage(_text("cli.tournament.stateless_range", lang))
        players = list(range(1, ns.players + 1))
        plan = draw_plan(players, ns.serien, ns.seed, five_tables=ns.five_tables)
        if ns.json:
            return json.dumps({"serien": plan})
        q = quality(plan, players, ns.five_tables)
        tx = texts_of("cli.tournament", lang)
        lines = []
        for s, serie in enumerate(plan, start=1):
            lines.append(tx("serie_line", serie=s, tables="  ".join(
                "[" + " ".join(str(p) for p in table) + "]" for table in serie)))
        lines.append(tx("quality", repeats=q.repeats, bound=q.lower_bound,
                        most=q.most_meetings, p1=q.pos1_spread, p4=q.last_spread))
        return "\n".join(lines)
    t = _load(ns)
    t.draw(redraw=ns.redraw)
    if ns.json:
        return json.dumps({"serie": t.drawn, "tables": t.draws[-1]})
    return _format_serie(t, t.drawn, lang)


def _bench(lang: str) -> str:
    tx = texts_of("cli.tournament", lang)
    out = [tx("bench_head", py=platform.python_version())]
    for n, s in BENCH_SIZES:
        players = list(range(1, n + 1))
        start = time.perf_counter()
        plan = draw_plan(players, s, seed=1)
        took = time.perf_counter() - start
        q = quality(plan, players)
        first = [sum(1 for serie in plan for tb in serie if tb[0] == p) for p in players]
        last = [sum(1 for serie in plan for tb in serie if tb[-1] == p) for p in players]
        out.append(tx("bench_line", n=n, s=s, repeats=q.repeats, bound=q.lower_bound,
                      most=q.most_meetings, p1=f"{min(first)}-{max(first)}",
                      p4=f"{min(last)}-{max(last)}", secs=f"{took:.2f}"))
    return "\n".join(out)


def _ints(text: str, lang: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise _Usage(_text("cli.tournament.bad_totals", lang, totals=text)) from None


def _result(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    tx = texts_of("cli.tournament", lang)
    before = (ns.serie, ns.table) in t.results
    if ns.round is not None:
        obj = read_json_file(ns.round, RoundError)
        t.add_result(ns.serie, ns.table, round_json=obj, odd_ok=ns.odd_ok, reason=ns.reason)
    else:
        t.add_result(ns.serie, ns.table, totals=_ints(ns.totals, lang), odd_ok=ns.odd_ok,
                     reason=ns.reason)
    res = t.results[ns.serie, ns.table]
    names = [p.name for p in t.table_players(ns.serie, ns.table)]
    scores = ", ".join(f"{n} {x:+d}" if x else f"{n} 0"
                       for n, x in zip(names, res.totals, strict=True))
    head = tx("corrected" if before else "reported", serie=ns.serie, table=ns.table,
              scores=scores)
    status = tx("serie_status", serie=ns.serie, done=t.reported(ns.serie),
                tables=len(t.draws[ns.serie - 1]))
    return "\n".join([head, status])


def _penalty(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    tx = texts_of("cli.tournament", lang)
    if ns.cancel is not None:
        t.cancel_penalty(ns.cancel, ns.reason)
        return tx("penalty_cancelled", n=ns.cancel)
    if ns.player is None or ns.kind is None:
        raise _Usage(tx("penalty_args"))
    pen = t.add_penalty(ns.player, ns.kind, points=ns.points, serie=ns.serie,
                        reason=ns.reason)
    return tx("penalty_given", n=pen.index, name=t.players[pen.player - 1].name,
              kind=_text(f"cli.tournament.kind_{pen.kind}", lang), points=pen.points,
              serie=pen.serie)


def _sheet(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    players = [p.name for p in t.table_players(ns.serie, ns.table)]
    r = Round.create(ns.out, players, t.games_at(len(players)), rules=PRESETS[t.rules])
    return _text("cli.sheet.created", lang, file=ns.out, players=", ".join(
        f"{i + 1}. {p}" for i, p in enumerate(r.players)))


def _ranking(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    if ns.json:
        return json.dumps(ranking_json(t, ns.serie), ensure_ascii=False)
    if ns.csv:
        return ranking_csv(t, ns.serie, lang)
    return format_ranking(t, ns.serie, lang)


def _print(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    kinds = [k.strip() for k in ns.what.split(",") if k.strip()]
    page_list = pages(t, kinds, ns.serie, lang)
    if ns.pdf:
        data = to_pdf(page_list)
        Path(ns.pdf).write_bytes(data)
        target = ns.pdf
    else:
        write_atomic(ns.html, to_html(page_list, lang))
        target = ns.html
    return _text("cli.tournament.printed", lang, file=target, pages=len(page_list))


def _export(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    data = ranking_csv(t, None, lang) if ns.csv else json.dumps(
        t.state_json(), ensure_ascii=False, indent=1) + "\n"
    if ns.out is None:
        return data
    write_atomic(ns.out, data)
    return _text("cli.tournament.exported", lang, file=ns.out)


def _log(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    return "\n".join(log_lines(t, lang))


def _show(ns: argparse.Namespace, lang: str) -> str:
    t = _load(ns)
    tx = texts_of("cli.tournament", lang)
    out = [tx("show_head", name=t.name, date=t.date or "-", serien=t.serien, seed=t.seed,
              scoring=t.scoring, players=len(t.active_players()))]
    for s in range(1, t.drawn + 1):
        out.append(_format_serie(t, s, lang))
        out.append(tx("serie_status", serie=s, done=t.reported(s), tables=len(t.draws[s - 1])))
    return "\n".join(out)


_ACTIONS = {"new": _new, "players": _players, "draw": _draw, "result": _result,
            "penalty": _penalty, "sheet": _sheet, "ranking": _ranking, "print": _print,
            "export": _export, "log": _log, "show": _show}
