"""Argument types shared by the ``doko`` sub-commands, and the argument parser that reports a bad
command line in the command's language (:class:`Parser`)."""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Sequence
from typing import NoReturn, TextIO

from doko.engine.rules import (
    PRESETS,
    Rules,
    RulesError,
    option_specs,
    option_value,
    parse_option,
    preset,
    with_options,
)
from doko.engine.texts import lang_of, text
from doko.session.files import read_problem


def type_error(key: str, **params: object) -> argparse.ArgumentTypeError:
    """The error of an argument type (``type=``) in the command line's language: the
    catalogue's ``cli.args.<key>`` without the option's name, which argparse puts before it.
    """
    return argparse.ArgumentTypeError(text("cli.args." + key, Parser.lang, arg="", **params)
                                      .removeprefix(": "))


def positive_int(text: str) -> int:
    """An integer of at least 1 (for ``type=`` of an argparse option)."""
    try:
        value = int(text)
    except ValueError:
        raise type_error("int", value=repr(text)) from None
    if value < 1:
        raise type_error("at_least_1", value=value)
    return value


def positive_float(text: str) -> float:
    """A number above 0 (for ``type=`` of an argparse option)."""
    try:
        value = float(text)
    except ValueError:
        raise type_error("float", value=repr(text)) from None
    if not value > 0:
        raise type_error("positive", value=text)
    return value


#: argparse's English messages (and those of the types above) and the catalogue key that says
#: each in the output's language (``cli.args.*``); the groups fill the key's parameters in order.
_MESSAGES: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = tuple(
    (re.compile(pattern, re.S), key, names) for pattern, key, names in (
        (r"the following arguments are required: (.*)", "required", ("args",)),
        (r"unrecognized arguments: (.*)", "unrecognized", ("args",)),
        (r"one of the arguments (.*) is required", "one_of", ("args",)),
        (r"ambiguous option: (\S+) could match (.*)", "ambiguous", ("arg", "matches")),
        (r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)", "choice",
         ("arg", "value", "choices")),
        (r"argument (\S+): invalid int value: (.*)", "int", ("arg", "value")),
        (r"argument (\S+): invalid float value: (.*)", "float", ("arg", "value")),
        (r"argument (\S+): invalid \w+ value: (.*)", "value", ("arg", "value")),
        (r"argument (\S+): expected one argument", "one", ("arg",)),
        (r"argument (\S+): expected .* arguments?", "more", ("arg",)),
        (r"argument (\S+): not allowed with argument (.*)", "not_with", ("arg", "other")),
        (r"argument (\S+): ignored explicit argument (.*)", "explicit", ("arg", "value")),
        # an argument type's own error (type_error): already in the command's language
        (r"argument (\S+): (.*)", "detail", ("arg", "detail")),
    ))


def usage_error(message: str, lang: str) -> str:
    """argparse's English ``message`` about a bad command line, in ``lang`` from the catalogue
    (``cli.args.*``); one the catalogue does not know says only that the command line is
    wrong (in English argparse's own words).

    >>> usage_error("argument --seat: invalid choice: '7' (choose from 1, 2, 3, 4)", "de")
    "--seat: '7' ist keiner der Werte 1, 2, 3, 4"
    >>> usage_error("the following arguments are required: FILE", "de")
    'es fehlt: FILE'
    """
    message = " ".join(message.split())
    for pattern, key, names in _MESSAGES:
        m = pattern.fullmatch(message)
        if m is not None:
            return text("cli.args." + key, lang, **dict(zip(names, m.groups(), strict=True)))
    return message if lang == "en" else text("cli.args.other", lang)


def lang_of_argv(argv: Sequence[str]) -> str:
    """The language a command line asks for (``--lang en`` or ``--lang=en``: English; else
    German, the default), read before argparse parses it, so that its errors are in it too.

    >>> lang_of_argv(["score", "--lang", "en", "x.json"]), lang_of_argv(["play", "--seat=9"])
    ('en', 'de')
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return lang_of(argv[i + 1])
        if arg.startswith("--lang="):
            return lang_of(arg.removeprefix("--lang="))
    return "de"


class Parser(argparse.ArgumentParser):
    """An argument parser that reports a bad command line in one line on standard error, in
    the language of the command line (:attr:`lang`, set by :func:`doko.cli.main`), with exit
    status 2: ``doko play: Fehler: --seat: '7' ist keiner der Werte 1, 2, 3, 4``."""

    lang = "de"

    def error(self, message: str) -> NoReturn:
        self.exit(2, text("cli.args.line", Parser.lang, prog=self.prog,
                          msg=usage_error(message, Parser.lang)) + "\n")


def read_input(file: str, command: str, lang: str) -> str | None:
    """The text of ``file`` (``-``: standard input), or None after saying on standard error, in
    ``lang``, that ``doko COMMAND`` cannot read it and why."""
    name = "<stdin>" if file == "-" else file
    try:
        if file == "-":
            return sys.stdin.read()
        with open(file, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError) as e:
        why = text(f"cli.{command}.cannot_read", lang, file=name, why=read_problem(e, lang))
        print(f"doko {command}: {why}", file=sys.stderr)
        return None


class ProgressBar:
    """A progress bar on a terminal (standard error): ``bar(done, total)`` redraws it with the
    seconds so far, or with ``eta`` the estimated seconds left; ``close()`` wipes it."""

    def __init__(self, stream: TextIO, eta: bool = False) -> None:
        self.stream = stream
        self.eta = eta
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        elapsed = time.perf_counter() - self.start
        if self.eta:
            rate = done / elapsed if elapsed > 0 else 0.0
            when = f"~{(total - done) / rate if rate > 0 else 0.0:.0f}s"
        else:
            when = f"{elapsed:.0f}s"
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {when} ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r" + " " * 60 + "\r")
        self.stream.flush()


# -- the rules of a command: a preset and single options (doko play/score/sheet/simulate) ---------


def add_rules_arguments(p: argparse.ArgumentParser, help: str | None = None) -> None:
    """``--rules PRESET`` (``help``: its help text), ``--option KEY=VALUE`` (repeatable) and
    ``--list-options``."""
    p.add_argument("--rules", choices=sorted(PRESETS), default="tsr",
                   help=help if help is not None else "rule preset (default: tsr)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="set one rule option on top of the preset, e.g. solo_koehler=true or "
                   "dulle=second (repeatable; --list-options lists them)")
    p.add_argument("--list-options", action="store_true",
                   help="list every rule option with its values and the preset's value, "
                   "then exit")


def rules_of(ns: argparse.Namespace) -> Rules:
    """The rules a command line chose: the preset with its ``--option`` s applied; raises
    :class:`~doko.engine.rules.RulesError` naming a bad option or value."""
    changes = dict(parse_option(arg) for arg in ns.option)
    return with_options(preset(ns.rules), changes)


def options_listing(rules: Rules, lang: str) -> str:
    """Every rule option: its key and label, its values in words and its value in ``rules``
    (``doko play --list-options``), in ``lang``."""
    lines = [text("rules.options_title", lang, preset=rules.name)]
    for spec in option_specs():
        lines.append(text("rules.options_line", lang, key=spec.key, label=spec.label(lang)))
        values = ", ".join(f"{v} ({spec.value_label(v, lang)})" for v in spec.values)
        lines.append(text("rules.options_values", lang, values=values,
                          value=option_value(rules, spec.key)))
    return "\n".join(lines)


def rules_or_listing(ns: argparse.Namespace, command: str, lang: str) -> Rules | int:
    """For a command's ``run``: the chosen rules; or, after ``--list-options`` (printed to
    standard output), 0; or, for a bad option (one line on standard error in ``lang``), 2."""
    try:
        rules = rules_of(ns)
    except RulesError as e:
        print(text("cli.args.rules_error", lang, command=command, msg=e.text(lang)),
              file=sys.stderr)
        return 2
    if ns.list_options:
        print(options_listing(rules, lang))
        return 0
    return rules
