"""``doko stats``: statistics per player over saved rounds and game records.

``doko stats FILES... [--json] [--lang de|en] [--analysis] [--budget S]`` reads round files
(``doko-round/1``) and game records (``doko-game/1``; their seats are named "Platz 1" to
"Platz 4") and prints per player: games, points and points per game, wins as Re and as Kontra,
solos won of played, calls won of made, Sonderpunkte, and with ``--analysis`` the average open
analysis loss per decision (each recorded game analysed, ``--budget`` seconds per seat). See
:mod:`doko.analysis.stats`.

Exit status: 0 done; 2 for a file that cannot be read or is neither a round nor a game record.
"""

from __future__ import annotations

import argparse
import json
import sys

from doko.analysis.stats import (
    GameFacts,
    add_analysis,
    collect,
    facts_from_game,
    facts_from_round,
    format_stats,
)
from doko.cli.args import positive_float
from doko.engine.backend import BACKENDS, BackendError, resolve
from doko.engine.errors import RecordError
from doko.engine.record import FORMAT as GAME_FORMAT
from doko.engine.record import replay
from doko.engine.texts import text, texts_of
from doko.session.files import read_problem
from doko.session.round import FORMAT as ROUND_FORMAT
from doko.session.round import RoundError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``stats`` sub-command."""
    p = sub.add_parser(
        "stats",
        help="statistics per player over round files and game records",
        description="Statistics per player over saved rounds (doko-round/1) and game records "
        "(doko-game/1): games, points per game, wins as Re and as Kontra, solos, calls, "
        "Sonderpunkte and (--analysis) the average analysis loss. Exit status: 0 done, "
        "2 an error.",
    )
    p.add_argument("files", metavar="FILE", nargs="+", help="round files and game records")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    p.add_argument("--analysis", action="store_true",
                   help="analyse every recorded game for the average loss (slow)")
    p.add_argument("--budget", type=positive_float, default=2.0,
                   help="with --analysis: seconds per seat and game (default 2)")
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="the solver's backend for --analysis")
    p.set_defaults(func=run)


def _facts_of(path: str, lang: str) -> list[GameFacts]:
    t = texts_of("cli.analyze", lang)
    try:
        with open(path, encoding="utf-8") as fh:
            obj = json.load(fh)
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(t("cannot_read", file=path, why=read_problem(e, lang))) from None
    except json.JSONDecodeError as e:
        raise ValueError(t("bad_file", file=path, why=str(e))) from None
    fmt = obj.get("format") if isinstance(obj, dict) else None
    try:
        if fmt == ROUND_FORMAT:
            return facts_from_round(obj)
        if fmt == GAME_FORMAT:
            game = replay(obj)
            if not game.is_over:
                raise ValueError(t("not_finished", file=path))
            names = [text("analysis.seat", lang, n=s + 1) for s in range(4)]
            return [facts_from_game(game, names, record=obj)]
    except RecordError as e:
        raise ValueError(t("bad_file", file=path, why=e.text(lang))) from None
    except RoundError as e:
        raise ValueError(t("bad_file", file=path, why=e.text(lang))) from None
    raise ValueError(text("cli.stats.no_round", lang, file=path))


def run(ns: argparse.Namespace) -> int:
    """Print the statistics; 0 done, 2 an error."""
    lang: str = ns.lang
    facts: list[GameFacts] = []
    try:
        for path in ns.files:
            facts.extend(_facts_of(path, lang))
    except ValueError as e:
        print(f"doko stats: {e}", file=sys.stderr)
        return 2
    if ns.analysis:
        try:
            backend = resolve(ns.backend)
        except BackendError as e:
            print(f"doko stats: {e}", file=sys.stderr)
            return 2
        add_analysis(facts, open_budget=ns.budget, backend=backend)
    stats = collect(facts)
    if ns.json:
        print(json.dumps({"games": len(facts), "players": [p.to_json() for p in stats]},
                         ensure_ascii=False))
    else:
        print(format_stats(stats, len(facts), lang))
    return 0
