"""``doko arena``: measure a player's strength against a baseline by the duplicate protocol
(:mod:`doko.bots.arena`); the report as text or JSON."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from doko.bots.arena import arena, equal_time
from doko.bots.base import make_player, player_names
from doko.cli.args import (
    ProgressBar,
    add_rules_arguments,
    positive_float,
    positive_int,
    rules_or_listing,
)
from doko.engine.backend import BACKENDS, BackendError, use
from doko.engine.texts import texts_of

__all__ = ["format_report", "parse_options", "register", "run"]



# --------------------------------------------------------------------------- output


def _num(x: float | None, lang: str, digits: int = 2, sign: bool = False) -> str:
    if x is None:
        return "-"
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    text = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "de" else text


def _pct(x: float | None, lang: str) -> str:
    return "-" if x is None else _num(100 * x, lang, 1) + " %"


def format_report(r: dict[str, Any], lang: str = "de") -> str:
    """The report as text."""
    t = texts_of("cli.arena", lang)
    lines = [
        t("head", cand=_label(r["candidate"], r["candidate_options"]),
                         base=_label(r["baseline"], r["baseline_options"]), n=r["deals"],
                         seed=r["seed"], t=_num(r["seconds"], lang, 1)),
        t("diff", d=_num(r["mean_diff"], lang, 3, True),
                         lo=_num(r["ci95"][0], lang, 3, True),
                         hi=_num(r["ci95"][1], lang, 3, True)),
        t("per_game", c=_num(r["candidate_stats"]["points_per_game"], lang, 3, True),
                             b=_num(r["baseline_stats"]["points_per_game"], lang, 3, True)),
        "",
        t("table", **dict(zip(("who", "re", "ko", "solo", "sw", "call", "cw", "med", "p95"),
                              ("", *(t(f"cols{i}") for i in range(1, 9))), strict=True))),
    ]
    if r.get("match", 1) > 1:
        lines.insert(1, t("match", m=r["match"]))
    if r.get("budget_ms") is not None:
        lines.insert(1, t("equal_time", ms=_num(r["budget_ms"], lang, 0)))
    sides = ((t("cand"), r["candidate_stats"]), (t("base"), r["baseline_stats"]))
    for who, s in sides:
        lines.append(t("table",
            who=who, re=_pct(s["win_rate_re"], lang), ko=_pct(s["win_rate_kontra"], lang),
            solo=_pct(s["solo_rate"], lang), sw=_pct(s["solo_success"], lang),
            call=_pct(s["call_rate"], lang), cw=_pct(s["call_success"], lang),
            med=_num(s["decision_ms_median"], lang, 3), p95=_num(s["decision_ms_p95"], lang, 3),
        ))
    for who, s in sides:
        if s.get("playouts_per_decision_median") is not None:
            lines.append(t("playouts", who=who, med=_num(s["playouts_per_decision_median"],
                                                          lang, 0),
                           rate=_num(s["playouts_per_second"], lang, 0)))
    seq = r.get("sequential")
    if seq is not None and seq["interval"] is not None:
        lo, hi = seq["interval"]
        common = {"n": seq["deals"], "planned": seq["planned_deals"],
                  "lo": _num(lo, lang, 3, True), "hi": _num(hi, lang, 3, True),
                  "target": _num(seq["target"], lang, 2, True)}
        if seq["stopped_early"]:
            lines.append(t("seq_stopped", level=_num(seq["level"], lang, 5), **common))
        else:
            lines.append(t("seq_full", looks=len(seq["looks"]), **common))
    return "\n".join(lines)


def _label(name: str, opts: Mapping[str, object]) -> str:
    if not opts:
        return name
    return name + "(" + ", ".join(f"{k}={v}" for k, v in opts.items()) + ")"


def parse_options(items: Iterable[str]) -> dict[str, object]:
    """``["p_call=0", "budget_ms=300", "name=x"]`` -> ``{"p_call": 0, ...}`` (ints, floats,
    true/false/none are converted; anything else stays a string)."""
    out: dict[str, object] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise ValueError(item)
        out[key] = _value(text.strip())
    return out


def _value(text: str) -> object:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` sub-command."""
    p = sub.add_parser(
        "arena",
        help="measure a player against a baseline (duplicate protocol)",
        description="For each seeded deal play the baseline in all four seats, then the "
        "candidate in each seat against three baselines on the same deal; report the "
        "candidate's score per game minus the baseline's with a 95% confidence interval, "
        "win rates, solos, calls and time per decision.",
    )
    p.add_argument("--candidate", required=True, metavar="NAME",
                   help="the player measured (" + ", ".join(player_names()) + ")")
    p.add_argument("--baseline", required=True, metavar="NAME", help="the reference player")
    p.add_argument("--deals", type=positive_int, default=100, metavar="N",
                   help="number of deals (default: 100)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="run seed (default: 0)")
    p.add_argument("--workers", type=positive_int, default=1, metavar="K",
                   help="worker processes (default: 1); the games do not depend on it")
    p.add_argument("--match", type=positive_int, default=1, metavar="N",
                   help="the same players play N deals in a row, so that players that learn "
                   "about their table can (default: 1, new players for every deal)")
    p.add_argument("--budget-ms", type=positive_float, default=None, metavar="MS",
                   help="equal time: this budget per decision for both players where they "
                   "take one (budget_ms: uct, search); the report gives their playouts per "
                   "decision")
    p.add_argument("--stop-when-clear", action="store_true",
                   help="sequential stop: look after every --look-every deals and end the match "
                   "once the interval of the difference excludes --target (O'Brien-Fleming-type "
                   "spending of the 5%% error over the looks); --deals is the most")
    p.add_argument("--target", type=float, default=0.0, metavar="X",
                   help="the difference the sequential stop tests against (default: 0)")
    p.add_argument("--look-every", type=positive_int, default=24, metavar="N",
                   help="deals between the sequential stop's looks, rounded up to whole "
                   "matches (default: 24)")
    p.add_argument("--candidate-opt", action="append", default=[], metavar="NAME=VALUE",
                   help="an option of the candidate player (repeatable)")
    p.add_argument("--baseline-opt", action="append", default=[], metavar="NAME=VALUE",
                   help="an option of the baseline players (repeatable)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="engine of the table's games (the players' own searches are "
                   "unchanged; default: $DOKO_BACKEND, else native when built); the output "
                   "names it")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    add_rules_arguments(p)
    p.set_defaults(func=run)


def run(ns: argparse.Namespace) -> int:
    """Run the arena and print the report; 2 on bad players, options or backend."""
    t = texts_of("cli.arena", ns.lang)
    rules = rules_or_listing(ns, "arena", ns.lang)
    if isinstance(rules, int):
        return rules
    try:
        use(ns.backend)  # for this process and the workers it starts
    except BackendError as e:
        print(f"doko arena: {e}", file=sys.stderr)
        return 2
    try:
        copts = parse_options(ns.candidate_opt)
        bopts = parse_options(ns.baseline_opt)
    except ValueError as e:
        print(t("bad_opt", opt=str(e)), file=sys.stderr)
        return 2
    try:
        if ns.budget_ms is not None:
            copts = equal_time(ns.candidate, copts, ns.budget_ms)
            bopts = equal_time(ns.baseline, bopts, ns.budget_ms)
        make_player(ns.candidate, 0, **copts)
        make_player(ns.baseline, 0, **bopts)
    except (ValueError, TypeError) as e:
        print(t("bad_player", why=str(e)), file=sys.stderr)
        return 2
    bar = ProgressBar(sys.stderr, eta=True) if sys.stderr.isatty() else None
    r = arena(ns.candidate, ns.baseline, ns.deals, ns.seed, ns.workers, copts, bopts,
              progress=bar, match=ns.match, budget_ms=ns.budget_ms,
              stop_when_clear=ns.stop_when_clear, target=ns.target, look_every=ns.look_every,
              rules=rules)
    if bar is not None:
        bar.close()
    if ns.json:
        out = {k: v for k, v in r.items() if k != "diffs"}
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(format_report(r, ns.lang))
        print(t("backend", backend=r["backend"]))
    return 0
