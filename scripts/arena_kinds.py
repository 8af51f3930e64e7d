"""Where a candidate's arena points come from, by game kind.

Plays the duplicate arena's deals (the same deals, dealers and player seeds as ``doko arena``
with ``--match``) and records every game of the candidate's seat and of the baseline in the
same seat: the game kind, whether the seat was the soloist, its party, its calls, its score.
Prints the candidate's mean score minus the baseline's (the arena's difference) split by the
kind of the candidate's game, and the calls and solos, so that two candidates (say ``uct`` and
``search``) can be compared against the same random tables::

    .venv/bin/python scripts/arena_kinds.py --candidate uct --deals 48 --seed 44 \\
        --baseline-opt p_reservation=0 --baseline-opt p_call=0 --out /tmp/uct.json

``--from FILE`` prints the split of records written earlier with ``--out``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from doko.bots.arena import _lineup, _play
from doko.cli.arena import parse_options
from doko.engine.result import seat_scores
from doko.engine.rules import TSR


def _record(g: Any, seat: int) -> dict[str, Any]:
    calls = [int(lv) for s, _p, lv, _n in g.calls if s == seat]
    party_calls = [int(lv) for s, _p, lv, _n in g.calls if g.is_re[s] == g.is_re[seat]]
    other_calls = [int(lv) for s, _p, lv, _n in g.calls if g.is_re[s] != g.is_re[seat]]
    return {
        "kind": g.contract_name,
        "soloist": g.soloist,
        "own_solo": g.soloist == seat,
        "re": bool(g.is_re[seat]),
        "calls": calls,
        "party_calls": party_calls,
        "other_calls": other_calls,
        "score": seat_scores(g)[seat],
        "re_eyes": g.re_eyes(),
    }


def play(candidate: str, cand_opts: dict[str, object], baseline: str,
         base_opts: dict[str, object], deals: int, seed: int, match: int) -> list[dict[str, Any]]:
    cand = (candidate, cand_opts)
    base = (baseline, base_opts)
    out: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    for start in range(0, deals, match):
        count = min(match, deals - start)
        lineups = [[base] * 4] + [[cand if s == seat else base for s in range(4)]
                                  for seat in range(4)]
        players = [_lineup(start, seed, specs) for specs in lineups]
        for index in range(start, start + count):
            g, _ = _play(index, seed, players[0], TSR)
            base_rec = [_record(g, s) for s in range(4)]
            for seat in range(4):
                g, _ = _play(index, seed, players[1 + seat], TSR)
                out.append({"deal": index, "seat": seat, "base": base_rec[seat],
                            "cand": _record(g, seat)})
            print(f"deal {index + 1}/{deals} {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr, flush=True)
    return out


def _category(r: dict[str, Any]) -> str:
    c: dict[str, Any] = r["cand"]
    kind: str = c["kind"]
    if c["own_solo"]:
        return "own " + kind
    if kind.startswith("solo") or kind == "silent_marriage":
        return "another's " + ("solo" if kind.startswith("solo") else "silent_marriage")
    if kind == "marriage":
        return "marriage " + ("re" if c["re"] else "kontra")
    return "normal " + ("re" if c["re"] else "kontra")


def summary(recs: list[dict[str, Any]]) -> str:
    n = len(recs) or 1
    deals = len({r["deal"] for r in recs})
    lines = [f"{len(recs)} candidate games over {deals} deals; the arena's difference is "
             f"{sum(r['cand']['score'] - r['base']['score'] for r in recs) / n:+.3f}"]
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in recs:
        groups[_category(r)].append(r)
    lines.append(f"{'candidate game':28} {'games':>5} {'cand':>7} {'base':>7} {'diff':>7}"
                 f" {'share':>7} {'called':>7} {'won':>5}")
    for key in sorted(groups, key=lambda k: -len(groups[k])):
        g = groups[key]
        cs = [r["cand"]["score"] for r in g]
        bs = [r["base"]["score"] for r in g]
        called = [r for r in g if r["cand"]["calls"]]
        won = sum(r["cand"]["score"] > 0 for r in g)
        mc, mb = statistics.fmean(cs), statistics.fmean(bs)
        lines.append(f"{key:28} {len(g):5d} {mc:+7.2f} {mb:+7.2f} {mc - mb:+7.2f}"
                     f" {(sum(cs) - sum(bs)) / n:+7.3f} {len(called):7d} {won:5d}")
    calls = [r for r in recs if r["cand"]["calls"]]
    lines.append(f"calls in {len(calls)} games ({len(calls) / n:.0%}), "
                 f"{sum(r['cand']['score'] > 0 for r in calls)} won, their difference "
                 f"{sum(r['cand']['score'] - r['base']['score'] for r in calls) / n:+.3f} a game")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--candidate", default="uct")
    ap.add_argument("--baseline", default="random")
    ap.add_argument("--candidate-opt", action="append", default=[])
    ap.add_argument("--baseline-opt", action="append", default=[])
    ap.add_argument("--deals", type=int, default=48)
    ap.add_argument("--seed", type=int, default=44)
    ap.add_argument("--match", type=int, default=24)
    ap.add_argument("--out", help="write the records to this JSON file")
    ap.add_argument("--from", dest="source", help="print the split of records in this file")
    a = ap.parse_args(argv)
    if a.source:
        with open(a.source) as f:
            recs = json.load(f)
    else:
        recs = play(a.candidate, parse_options(a.candidate_opt), a.baseline,
                    parse_options(a.baseline_opt), a.deals, a.seed, a.match)
        if a.out:
            with open(a.out, "w") as f:
                json.dump(recs, f)
    print(summary(recs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
