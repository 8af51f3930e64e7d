"""The ``doko`` command: one entry point, one sub-command per module.

Each sub-command lives in its own module exposing ``register(subparsers)``, which adds its
parser and sets ``func`` to a callable taking the parsed namespace and returning an exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from doko.cli.args import Parser, lang_of_argv

#: Modules that contribute sub-commands, in the order ``doko --help`` lists them.
#: A module that is not installed (an optional front end) is left out of the command.
_COMMAND_MODULES = (
    "doko.cli.play",
    "doko.cli.score",
    "doko.cli.replay",
    "doko.cli.sheet",
    "doko.cli.tournament",
    "doko.cli.simulate",
    "doko.cli.arena",
    "doko.cli.solve",
    "doko.cli.analyze",
    "doko.cli.stats",
    "doko.cli.bench",
    "doko.cli.serve",
    "doko.cli.admin",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    import importlib

    parser = Parser(
        prog="doko", description="Doppelkopf nach den DDV-Turnierspielregeln (TSR)."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    import importlib.util

    for name in _COMMAND_MODULES:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:  # its package is missing
            found = False
        if found:
            importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``doko`` command; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    Parser.lang = lang_of_argv(argv)  # argparse's errors in the command's language
    parser = build_parser()
    ns = parser.parse_args(argv)
    func = getattr(ns, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        status: int = func(ns)
    except BrokenPipeError:  # e.g. `doko simulate | head`
        return 0
    return status
