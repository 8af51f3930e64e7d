"""``doko score``: score one game summary (JSON) by TSR 7.1 and 7.2.

Input format: see :meth:`doko.engine.scoring.GameSummary.from_json` and docs/scoring.md.
"""

from __future__ import annotations

import argparse
import json
import sys

from doko.cli.args import add_rules_arguments, rules_or_listing
from doko.engine.errors import json_params, json_problem
from doko.engine.scoring import GameSummary, ScoringInputError, format_score, score
from doko.engine.texts import text
from doko.session.files import read_problem


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``score`` sub-command."""
    p = sub.add_parser(
        "score",
        help="score one game (TSR 7.1, 7.2) from a JSON summary",
        description="Score one game by TSR 7.1/7.2. Input: a JSON object such as "
        '{"contract": "normal", "re_eyes": 151, "re_tricks": 9, "re_calls": "no90", '
        '"kontra_calls": null, "extras": {"re": {"fox": 1}, "kontra": {"doppelkopf": 1}}}.',
    )
    p.add_argument("file", nargs="?", default="-", metavar="FILE",
                   help="JSON game summary; '-' (default) reads standard input")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the item labels and messages (default: de)")
    add_rules_arguments(p, help="rule preset the game was played under (default: tsr); its "
                        "house rules of scoring count (Re/Kontra doubling, the further "
                        "Sonderpunkte)")
    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    """Read, score and print one game; 2 on bad input (one line on stderr)."""
    rules = rules_or_listing(ns, "score", ns.lang)
    if isinstance(rules, int):
        return rules
    try:
        if ns.file == "-":
            raw = sys.stdin.read()
        else:
            with open(ns.file, encoding="utf-8") as fh:
                raw = fh.read()
        result = score(GameSummary.from_json(json.loads(raw)), rules)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ScoringInputError) as exc:
        if isinstance(exc, (OSError, UnicodeDecodeError)):
            msg = text("files.unreadable", ns.lang, path=_name(ns.file),
                       why=read_problem(exc, ns.lang))
        elif isinstance(exc, json.JSONDecodeError):
            msg = text("score_input.invalid_json", ns.lang, file=_name(ns.file),
                       why=json_problem(ns.lang, **json_params(exc)))
        else:
            msg = exc.text(ns.lang)
        print(text("cli.score.error", ns.lang, msg=msg), file=sys.stderr)
        return 2
    if ns.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(format_score(result, ns.lang))
    return 0


def _name(file: str) -> str:
    return "<stdin>" if file == "-" else file
