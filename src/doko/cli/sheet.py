"""``doko sheet``: keep the Spielliste of a real table (TSR 7.3) in a round file.

Sub-commands: ``new``, ``add`` (a game played with real cards, as a ``doko score`` summary plus
``re_players`` and, for a solo, ``soloist``/``pflichtsolo``), ``penalty`` (TSR 9.3, 9.4),
``time-up`` (the end of the playing time, 8.5.1) and ``show`` (table, ``--csv``, ``--json``).
Players are given by position (1..4, or 1..5 at a 5-table; 1 deals first) or by name. After
each change it says who deals next, who still owes a Pflichtsolo and when a Vorführung is due.

Exit status: 0 on success; 2 on bad input or a refused entry (one line on standard error; the
file is left unchanged).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from doko.cli.args import Parser, add_rules_arguments, options_listing, rules_of
from doko.engine.errors import json_params, json_problem
from doko.engine.rules import RulesError
from doko.engine.scoring import ScoringInputError
from doko.engine.texts import text as _text
from doko.session import (
    TSR_LENGTH,
    Round,
    RoundError,
    Row,
    format_sheet,
    sheet_csv,
    sheet_json,
    status_lines,
)
from doko.session.files import read_problem

_SUMMARY_EXTRA = ("re_players", "soloist", "pflichtsolo", "marriage_solo", "solo")



class _Usage(Exception):
    """Bad command-line input; the message is shown as is."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``sheet`` sub-command."""
    p = sub.add_parser(
        "sheet",
        help="keep the score sheet (Spielliste, TSR 7.3) of a real table",
        description="Keep the Spielliste of a round played with real cards in a JSON round "
        "file. Players are named by number (0 = position 1) or by name.",
    )
    ss = p.add_subparsers(dest="sheet_command", metavar="ACTION", parser_class=Parser)

    def common(q: argparse.ArgumentParser) -> None:
        q.add_argument("file", metavar="FILE", help="the round file (JSON)")
        q.add_argument("--lang", choices=("de", "en"), default="de",
                       help="language of the output (default: de)")

    q = ss.add_parser("new", help="start a new round file")
    common(q)
    q.add_argument("--players", required=True, metavar="A,B,C,D[,E]",
                   help="the 4 or 5 players in seat order, position 1 first (deals first)")
    q.add_argument("--games", default="tsr", metavar="N|open",
                   help="games in the round: a number, 'open' (open-ended) or 'tsr' "
                   "(default: 24 at a 4-table, 30 at a 5-table)")
    add_rules_arguments(q)
    q.add_argument("--time-limit", type=float, default=None, metavar="MIN",
                   help="playing time in minutes from now (TSR 8.5.1: 100, 10.1.5: 125)")
    q.add_argument("--no-pflichtsoli", action="store_true",
                   help="nobody owes a Pflichtsolo (default for an open-ended round)")

    q = ss.add_parser("add", help="enter a game played with real cards")
    common(q)
    q.add_argument("summary", nargs="?", default="-", metavar="SUMMARY.json",
                   help="the game summary as for 'doko score' plus \"re_players\": [p, ...] "
                   "and for a solo \"soloist\": i, \"pflichtsolo\": true|false; "
                   "'-' (default) reads standard input")

    q = ss.add_parser("penalty", help="enter penalty points (TSR 9.3, 9.4)")
    common(q)
    q.add_argument("--player", required=True, metavar="P",
                   help="the offender: position 1..N or name")
    q.add_argument("--kind", required=True, choices=("minor", "serious"),
                   help="minor (geringfügig, 9.3) or serious (schwerwiegend, 9.4)")
    q.add_argument("--soloist", metavar="P", default=None,
                   help="in a solo: the soloist (the offender himself for his own violation)")
    q.add_argument("--solo-kontra-harms-soloist", "--harms-soloist", dest="harms",
                   action="store_true",
                   help="a Kontra player's minor violation that can hurt the soloist: "
                   "offender -3, soloist +3 (9.3.3 b1)")
    q.add_argument("--absagen", type=int, default=0, metavar="N",
                   help="serious: Absagen made by the offender's opponents (9.4.3), in a "
                   "solo by a Kontra player: the soloist's Absagen (9.4.4); 0..4")
    q.add_argument("--pflichtsolo", dest="pflichtsolo", action="store_const", const=True,
                   default=None, help="9.4.4 (solo counts as played): it was the Pflichtsolo")
    q.add_argument("--lustsolo", dest="pflichtsolo", action="store_const", const=False,
                   help="9.4.4 (solo counts as played): it was a Lustsolo")
    q.add_argument("--contract", choices=("solo", "silent_marriage", "marriage_solo"),
                   default="solo",
                   help="9.4.4: the kind of solo that counts as played (default: solo)")

    q = ss.add_parser("time-up", help="record the end of the playing time (TSR 8.5.1)")
    common(q)

    q = ss.add_parser("show", help="print the score sheet")
    common(q)
    fmt = q.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="CSV instead of a table")
    fmt.add_argument("--json", action="store_true", help="JSON instead of a table")

    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    """Run one ``doko sheet`` action; 2 on bad input or a refused entry."""
    lang: str = getattr(ns, "lang", "de")
    action = getattr(ns, "sheet_command", None)
    if action is None:
        print(_text("cli.sheet.no_action", lang), file=sys.stderr)
        return 2
    try:
        out = _ACTIONS[action](ns, lang)
    except RoundError as e:
        return _fail(lang, e.text(lang))
    except _Usage as e:
        return _fail(lang, str(e))
    except ScoringInputError as e:  # a bad game summary
        return _fail(lang, e.text(lang))
    except ValueError as e:
        return _fail(lang, str(e))
    except OSError as e:
        return _fail(lang, _text("files.unreadable", lang, path=e.filename or ns.file,
                                 why=read_problem(e, lang)))
    sys.stdout.write(out if out.endswith("\n") else out + "\n")
    return 0


def _fail(lang: str, msg: str) -> int:
    line = " ".join(msg.split())
    print(f"doko sheet: {_text('cli.sheet.error', lang)}: {line}", file=sys.stderr)
    return 2


def _player(r: Round, value: object, lang: str) -> int:
    """A player by position (1..N as on the Spielliste, 1 deals first) or by name; the round's
    0-based index."""
    if isinstance(value, bool):
        raise _Usage(_text("cli.sheet.not_found", lang, who=value, last=r.size))
    if isinstance(value, int):
        if 1 <= value <= r.size:
            return value - 1
    elif isinstance(value, str):
        text = value.strip()
        if text.isdigit() and 1 <= int(text) <= r.size:
            return int(text) - 1
        for i, name in enumerate(r.players):
            if name.casefold() == text.casefold():
                return i
    raise _Usage(_text("cli.sheet.not_found", lang, who=value, last=r.size))


def _status(r: Round, lang: str) -> str:
    return "\n".join(status_lines(r, lang))


def _scores_text(r: Round, row: Row) -> str:
    return ", ".join(f"{name} {s:+d}" if s else f"{name} 0"
                     for name, s in zip(r.players, row.scores, strict=True))


def _new(ns: argparse.Namespace, lang: str) -> str:
    players = [p.strip() for p in ns.players.split(",")]
    g = ns.games.strip().lower()
    games: Any
    if g == "tsr":
        games = TSR_LENGTH
    elif g == "open":
        games = None
    else:
        try:
            games = int(g)
        except ValueError:
            raise _Usage(_text("cli.sheet.bad_games", lang, games=repr(ns.games))) from None
    try:
        rules = rules_of(ns)
    except RulesError as e:
        raise _Usage(e.text(lang)) from None
    if ns.list_options:
        return options_listing(rules, lang)
    r = Round.create(ns.file, players, games, rules=rules,
                     pflichtsoli=False if ns.no_pflichtsoli else None,
                     time_limit=ns.time_limit)
    head = _text("cli.sheet.created", lang, file=ns.file, players=", ".join(
        f"{i + 1}. {p}" for i, p in enumerate(r.players)))
    return head + "\n" + _status(r, lang)


def _read_summary(path: str, lang: str) -> Mapping[str, Any]:
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as e:
        why = read_problem(e, lang)
        raise _Usage(_text("files.unreadable", lang, path=name, why=why)) from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise _Usage(_text("score_input.invalid_json", lang, file=name,
                           why=json_problem(lang, **json_params(e)))) from None
    if not isinstance(obj, dict):
        raise _Usage(_text("cli.sheet.not_object", lang))
    return obj


def _add(ns: argparse.Namespace, lang: str) -> str:
    r = Round.load(ns.file)
    obj = dict(_read_summary(ns.summary, lang))
    extra = {k: obj.pop(k) for k in _SUMMARY_EXTRA if k in obj}
    if "re_players" not in extra:
        raise _Usage(_text("cli.sheet.no_re_players", lang))
    re_in = extra["re_players"]
    if not isinstance(re_in, list):
        raise _Usage(_text("cli.sheet.re_players_list", lang))
    re_players = [_player(r, p, lang) for p in re_in]
    soloist = extra.get("soloist")
    row = r.add_summary(
        obj,
        re_players,
        soloist=None if soloist is None else _player(r, soloist, lang),
        pflichtsolo=extra.get("pflichtsolo"),
        marriage_solo=extra.get("marriage_solo", False),
        solo=extra.get("solo"),
    )
    bock = f" ×{row.multiplier} {_text('sheet.bock', lang)}" if row.bock else ""
    head = _text("cli.sheet.game", lang, n=row.number, kind=row.label(lang), bock=bock,
                 scores=_scores_text(r, row))
    return head + "\n" + _status(r, lang)


def _penalty(ns: argparse.Namespace, lang: str) -> str:
    r = Round.load(ns.file)
    row = r.add_penalty(
        _player(r, ns.player, lang),
        ns.kind,
        soloist=None if ns.soloist is None else _player(r, ns.soloist, lang),
        harms_soloist=ns.harms,
        absagen=ns.absagen,
        pflichtsolo=ns.pflichtsolo,
        contract=ns.contract,
    )
    clause = row.penalty["clause"] if row.penalty is not None else ""
    head = _text("cli.sheet.penalty", lang, clause=clause, scores=_scores_text(r, row))
    if row.type == "game":
        head += "\n" + _text("cli.sheet.game", lang, n=row.number, kind=row.label(lang),
                              bock="", scores=_scores_text(r, row))
    return head + "\n" + _status(r, lang)


def _time_up(ns: argparse.Namespace, lang: str) -> str:
    r = Round.load(ns.file)
    r.call_time()
    return _text("cli.sheet.time_up", lang) + "\n" + _status(r, lang)


def _show(ns: argparse.Namespace, lang: str) -> str:
    r = Round.load(ns.file)
    if ns.json:
        return json.dumps(sheet_json(r), ensure_ascii=False)
    if ns.csv:
        return sheet_csv(r, lang)
    return format_sheet(r, lang)


_ACTIONS = {"new": _new, "add": _add, "penalty": _penalty, "time-up": _time_up, "show": _show}
