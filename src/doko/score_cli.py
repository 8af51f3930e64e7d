"""``doko score``: score one game summary (JSON) by TSR 7.1 and 7.2.

Input format: see :meth:`doko.scoring.GameSummary.from_json` and docs/scoring.md.
"""

from __future__ import annotations

import argparse
import json
import sys

from doko.scoring import KONTRA, RE, GameSummary, Score, ScoringInputError, score

_TEXT = {
    "de": {
        "clause": "TSR", "item": "Posten", "total": "Summe", "value": "Spielwert",
        "winner": "Gewinner", "nobody": "keiner (TSR 7.1.3)", "per": "Punkte je Spieler",
        "soloist": "Solist (Re)", "each_kontra": "jeder Kontra-Spieler",
        "none": "keine Punkte", "to": "für",
    },
    "en": {
        "clause": "TSR", "item": "Item", "total": "Total", "value": "Game value",
        "winner": "Winner", "nobody": "nobody (TSR 7.1.3)", "per": "Score per player",
        "soloist": "soloist (Re)", "each_kontra": "each Kontra player",
        "none": "no points", "to": "to",
    },
}


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
                   help="language of the item labels (default: de)")
    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    """Read, score and print one game; 2 on bad input (one line on stderr)."""
    try:
        if ns.file == "-":
            text = sys.stdin.read()
        else:
            with open(ns.file, encoding="utf-8") as fh:
                text = fh.read()
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScoringInputError(f"{_name(ns.file)}: invalid JSON: {exc}") from exc
        result = score(GameSummary.from_json(obj))
    except (OSError, UnicodeDecodeError, ScoringInputError) as exc:
        msg = f"{_name(ns.file)}: {exc.strerror}" if isinstance(exc, OSError) else str(exc)
        print(f"doko score: error: {msg}", file=sys.stderr)
        return 2
    if ns.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(format_score(result, ns.lang))
    return 0


def _name(file: str) -> str:
    return "<stdin>" if file == "-" else file


def format_score(s: Score, lang: str = "de") -> str:
    """A plain-text table of the line items, then value, winner and per-player scores."""
    t = _TEXT[lang]
    rows = [(i.clause, i.de if lang == "de" else i.en,
             str(i.points) if i.party == RE else "", str(i.points) if i.party == KONTRA else "")
            for i in s.items]
    rows.append(("", t["total"], str(s.total(RE)), str(s.total(KONTRA))))
    width = max(len(t["item"]), *(len(r[1]) for r in rows))
    lines = [f"{t['clause']:<10} {t['item']:<{width}} {'Re':>6} {'Kontra':>7}"]
    lines.append("-" * len(lines[0]))
    lines += [f"{c:<10} {label:<{width}} {r:>6} {k:>7}" for c, label, r, k in rows[:-1]]
    if not s.items:
        lines.append(f"{'':<10} {t['none']}")
    lines.append("-" * len(lines[0]))
    c, label, r, k = rows[-1]
    lines.append(f"{c:<10} {label:<{width}} {r:>6} {k:>7}")
    lines.append("")
    net = "Re" if s.re_score > 0 else "Kontra" if s.kontra_score > 0 else ""
    lines.append(f"{t['value']}: {s.value}" + (f" {t['to']} {net}" if net else ""))
    winner = {RE: "Re", KONTRA: "Kontra", None: t["nobody"]}[s.winner]
    lines.append(f"{t['winner']}: {winner}")
    if s.solo:
        lines.append(f"{t['per']}: {t['soloist']} {_signed(s.re_score)}, "
                     f"{t['each_kontra']} {_signed(s.kontra_score)}")
    else:
        lines.append(f"{t['per']}: Re {_signed(s.re_score)}, Kontra {_signed(s.kontra_score)}")
    return "\n".join(line.rstrip() for line in lines)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"
