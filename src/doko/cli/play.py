"""``doko play``: a game or a whole round in the terminal against three computer players.

The terminal front end lives in :mod:`doko.tui` and needs Rich (``pip install doko[tui]``); it
is imported only when the command runs, so the rest of doko works without it.
"""

from __future__ import annotations

import argparse
import random
import sys

from doko.bots.levels import LEVELS as _LEVELS
from doko.cli.args import add_rules_arguments, rules_or_listing
from doko.engine.texts import text

#: The strength levels (doko.bots.levels): random, rules, search (0.3 s a decision), strong (1 s).
LEVELS = tuple(_LEVELS)


def default_level() -> str:
    """``rules`` when that computer player exists, else ``random``."""
    from doko.bots.base import player_names

    return "rules" if "rules" in player_names() else "random"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` sub-command."""
    p = sub.add_parser(
        "play",
        help="play in the terminal against three computer players",
        description="Play Doppelkopf by the TSR in the terminal against three computer "
        "players: one game (default) or a whole round with its Spielliste. Type ? during the "
        "game for the input words.",
    )
    p.add_argument("--level", choices=LEVELS, default=None,
                   help="strength of the computer players: random, rules, search (300 ms per "
                   "decision) or strong (the same search with 1 s per decision; both much "
                   "stronger with the native core built); default: rules if available, else "
                   "random")
    p.add_argument("--seat", type=int, choices=range(1, 5), default=1, metavar="N",
                   help="your seat 1..4 (default 1; in a round your position)")
    add_rules_arguments(p)
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language (default: de)")
    p.add_argument("--round", action="store_true",
                   help="play a whole round (Spielrunde) with Pflichtsoli and Spielliste")
    p.add_argument("--games", type=int, default=None, metavar="N",
                   help="games in the round (default 24, TSR 8.5.1; at least 4 for the "
                   "Pflichtsoli; 0: an open-ended list without Pflichtsoli); implies --round")
    p.add_argument("--resume", metavar="FILE",
                   help="continue the round saved in FILE")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="seed for the deals and the computer players (default: random)")
    p.add_argument("--save", metavar="FILE",
                   help="round: the round file (default doko-runde-DATE.json); single game: "
                   "write the game record (doko-game/1) here at the end")
    p.add_argument("--fast", action="store_true",
                   help="no pauses and no spinner while the computer players decide")
    p.add_argument("--confirm", action="store_true",
                   help="ask before each of your cards is played")
    p.add_argument("--take-back", action="store_true",
                   help="after each of your cards, let you take it back before the next card "
                   "is played (zurück/undo)")
    p.add_argument("--ask-calls", action="store_true",
                   help="also ask for a call (Ansage) before every card of a computer player "
                   "while you may call")
    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    """Start the game; 2 with one line on stderr for bad options or a missing Rich; with
    ``--list-options`` print the rule options and return 0."""
    rules = rules_or_listing(ns, "play", ns.lang)
    if isinstance(rules, int):
        return rules
    try:
        from doko.tui.app import PlayOptions, run_play
    except ImportError as e:
        if e.name is not None and e.name.split(".")[0] == "rich":
            print(_error(ns.lang, text("cli.play.no_rich", ns.lang)), file=sys.stderr)
            return 2
        raise
    from doko.bots.levels import level_names

    level = ns.level or default_level()
    if level not in level_names():
        print(_error(ns.lang, text("cli.play.no_player", ns.lang, level=level,
                                   names=", ".join(level_names()))), file=sys.stderr)
        return 2
    games: int | None = 24
    if ns.games is not None:
        if ns.games == 0:
            games = None
        elif ns.games < 4:
            print(_error(ns.lang, text("cli.play.games", ns.lang)), file=sys.stderr)
            return 2
        else:
            games = ns.games
    seed = ns.seed if ns.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    opts = PlayOptions(
        level=level,
        seat=ns.seat - 1,
        rules=rules,
        lang=ns.lang,
        round=ns.round or ns.games is not None or ns.resume is not None,
        games=games,
        resume=ns.resume,
        seed=seed,
        save=ns.save,
        fast=ns.fast,
        ask_calls=ns.ask_calls,
        confirm=ns.confirm,
        take_back=ns.take_back,
    )
    return run_play(opts)


def _error(lang: str, msg: str) -> str:
    """One line for standard error: ``doko play: Fehler: ...`` (``error`` in English)."""
    return text("cli.play.error", lang, msg=msg)
