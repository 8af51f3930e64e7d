"""``doko analyze``: where a finished game was won and lost, decision by decision.

``doko analyze GAME.json [--seat N] [--json] [--lang de|en] [--worlds K] [--backend B]``
replays a ``doko-game/1`` record and analyses the decisions of seat N (1-4; default: all four:
its reservation, cards and calls)
with the double-dummy solver (see :mod:`doko.analysis.game_analysis`): the *open* loss with
all cards known, in Augen and in game points (TSR 7 on the best continuation), and the
*knowable* loss over K worlds consistent with what the seat knew (``--worlds 0``: open only).
The text marks the three costliest mistakes per seat with their trick drawn; ``--json`` prints
one object (``docs/analysis.md``). A progress bar goes to stderr when it is a terminal.

``--open-budget`` / ``--knowable-budget`` are the seconds per seat for all open / knowable
solves; a solve that runs out of time gives bounds, which the output shows as such.

Exit status: 0 done; 2 for an unreadable file, a record that is not valid or not finished, or
a backend that is not available.
"""

from __future__ import annotations

import argparse
import json
import sys

from doko.analysis.game_analysis import analyze
from doko.analysis.report import format_analysis
from doko.cli.args import ProgressBar, positive_float, read_input
from doko.engine.backend import BACKENDS, BackendError, resolve
from doko.engine.errors import RecordError
from doko.engine.record import loads, replay, start_of
from doko.engine.texts import texts_of


def _seat(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seat: {text!r} (1-4)") from None
    if not 1 <= n <= 4:
        raise argparse.ArgumentTypeError(f"not a seat: {n} (1-4)")
    return n


def _worlds(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= n <= 1000:
        raise argparse.ArgumentTypeError(f"worlds must lie in 0..1000, not {n}")
    return n


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyze`` sub-command."""
    p = sub.add_parser(
        "analyze",
        help="analyse a finished game: the loss of every decision, open and knowable",
        description="Replay a finished doko-game/1 record and analyse every card, call and "
        "reservation of a seat with the double-dummy solver: the open loss (all cards known) in "
        "Augen and game points, and the knowable loss over worlds consistent with what the seat "
        "knew. Exit status: 0 done, 2 an error.",
    )
    p.add_argument("file", metavar="GAME.json", help="the record; '-' reads standard input")
    p.add_argument("--seat", type=_seat, default=None, help="the seat to analyse, 1-4 "
                   "(default: all four)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    p.add_argument("--worlds", type=_worlds, default=32,
                   help="sampled worlds per decision for the knowable loss (default 32; 0: "
                   "open only)")
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="the solver's backend (default: $DOKO_BACKEND, else native where built)")
    p.add_argument("--open-budget", type=positive_float, default=4.0,
                   help="seconds per seat for the open solves (default 4)")
    p.add_argument("--knowable-budget", type=positive_float, default=55.0,
                   help="seconds per seat for the knowable solves (default 55)")
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled worlds")
    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    """Analyse ``ns.file``; 0 done, 2 an error."""
    lang: str = ns.lang
    t = texts_of("cli.analyze", lang)
    name = "<stdin>" if ns.file == "-" else ns.file
    text = read_input(ns.file, "analyze", lang)
    if text is None:
        return 2
    try:
        backend = resolve(ns.backend)
    except BackendError as e:
        print(f"doko analyze: {e}", file=sys.stderr)
        return 2
    try:
        record = loads(text)
        final = replay(record)
        start, actions = start_of(record)
    except (RecordError, ValueError, RecursionError) as e:
        why = e.text(lang) if isinstance(e, RecordError) else str(e)
        print(f"doko analyze: {t('bad_file', file=name, why=why)}", file=sys.stderr)
        return 2
    if not final.is_over:
        print(f"doko analyze: {t('not_finished', file=name)}", file=sys.stderr)
        return 2
    seats = None if ns.seat is None else [ns.seat - 1]
    bar = ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    result = analyze(start, actions, seats=seats, worlds=ns.worlds, backend=backend,
                     open_budget=ns.open_budget, knowable_budget=ns.knowable_budget,
                     seed=ns.seed, progress=bar)
    if bar is not None:
        bar.close()
    if ns.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(format_analysis(result, final, lang))
    return 0
