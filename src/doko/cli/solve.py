"""``doko solve``: the double-dummy value and best play from a trick of a recorded game.

``doko solve GAME.json --trick N`` replays the record up to the start of trick N (1-based: N=1
is before the first card) and prints what both parties take with best play when every card is
open (see :mod:`doko.solver`): Re's and Kontra's Augen and tricks at the end, the value of each
card the seat on turn may play, its best card, and one optimal line trick by trick to the end.
``--json`` prints one object instead.

``doko solve --bench [--deals N]`` measures the solver: random Normalspiele are played with
random legal cards up to the last six tricks (``--tricks``; 12: whole games), which are then
solved exactly; it prints the mean, median and maximum time, nodes and nodes per second. With
``--time-limit`` each position gets at most that long (the ones that run out are counted at
the limit and reported); ``--compare`` runs the Python and the native solver on the same
positions in one run.

``--backend python|native|auto`` chooses the solver (default: ``DOKO_BACKEND``, else auto:
the native core when it is built); the output names the one used (``"backend"`` in
``--json``).

Exit status: 0 done; 2 for any error (unreadable file, not a record, an illegal action in it,
N out of range, the record ending before trick N, a game type not settled by then, the
``--time-limit`` running out, or a backend that is not available). Exact solutions of 9 or
more tricks can take very long in pure Python (10 or more in the native core); a note on
stderr says so.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from itertools import islice
from typing import Any

from doko.cli.args import positive_float, positive_int, type_error
from doko.engine.actions import HEALTHY, encode
from doko.engine.backend import BACKENDS, BackendError, resolve
from doko.engine.cards import card_code, card_symbol, parse_card
from doko.engine.errors import IllegalActionError, RecordError
from doko.engine.game import FINISHED, PLAY, Game
from doko.engine.record import loads, start_of
from doko.engine.texts import texts_of
from doko.engine.vocab import Party
from doko.session.files import read_problem
from doko.solver import (
    PVTrick,
    SearchLimitExceeded,
    principal_variation,
    solve_moves,
    solver_for,
)

#: From this many tricks left an exact solution may take minutes or more, by backend.
_SLOW = {"python": 9, "native": 10}
#: --bench: the value of every card is timed up to this many tricks (beyond, the value only).
_BENCH_MOVES_MAX = 8


class PositionError(ValueError):
    """A record that cannot be solved from the trick asked for (one line, for stderr)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve`` sub-command."""
    p = sub.add_parser(
        "solve",
        help="double-dummy value and best play from a trick of a recorded game",
        description="Replay a doko-game/1 record up to the start of trick N and show the "
        "double-dummy value (all cards open, best play by both parties): each party's Augen "
        "and tricks, the best card for the seat on turn and one optimal line to the end. "
        "With --bench: measure the solver on the last tricks of random Normalspiele "
        "(--compare: the Python and the native solver on the same positions). "
        "Exit status: 0 done, 2 an error.",
    )
    p.add_argument("file", metavar="GAME.json", nargs="?",
                   help="the record; '-' reads standard input")
    p.add_argument("--trick", type=int, metavar="N",
                   help="solve from the start of trick N (1 = before the first card)")
    p.add_argument("--time-limit", type=positive_float, default=None, metavar="S",
                   help="give up after S seconds (exit status 2; with --bench: per position, "
                   "one that runs out counts at S); default: exact, however long (9 or more "
                   "tricks left can take minutes to hours, natively 10 or more)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    p.add_argument("--bench", action="store_true",
                   help="measure the solver on random Normalspiele instead")
    p.add_argument("--deals", type=positive_int, default=50, metavar="N",
                   help="--bench: number of Normalspiele (default: 50)")
    p.add_argument("--tricks", type=_trick_count, default=6, metavar="T",
                   help="--bench: tricks left to solve (default: 6)")
    p.add_argument("--seed", type=int, default=0, help="--bench: random seed (default: 0)")
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="the solver: python, native or auto (the native core when it is "
                   "built); default: DOKO_BACKEND, else auto")
    p.add_argument("--compare", action="store_true",
                   help="--bench: run the Python and the native solver on the same positions")
    p.set_defaults(func=run)






def _trick_count(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 12:
        raise type_error("tricks", low=1, high=12, value=value)
    return value


def run(ns: argparse.Namespace) -> int:
    """Run ``doko solve``; 0 done, 2 an error."""
    lang: str = ns.lang
    t = texts_of("cli.solve", lang)
    try:
        try:
            backend = resolve(ns.backend)
            if ns.bench and ns.compare:
                resolve("native")
        except BackendError as e:
            raise PositionError(str(e)) from None
        if ns.bench:
            backends = ["python", "native"] if ns.compare else [backend]
            if ns.time_limit is None and any(ns.tricks >= _SLOW[b] for b in backends):
                print(f"doko solve: {t('slow', n=ns.tricks)}", file=sys.stderr)
            reports = [bench_solver(ns.deals, ns.tricks, ns.seed, backend=b,
                                    time_limit=ns.time_limit) for b in backends]
            if ns.json:
                out: dict[str, Any] = reports[0]
                if ns.compare:
                    out = {"backend": backends, "python": reports[0], "native": reports[1],
                           "speedup_mean": _speedup(reports[0], reports[1])}
                print(json.dumps(out, ensure_ascii=False))
            else:
                print("\n\n".join(format_bench(r, lang) for r in reports))
                if ns.compare:
                    print(t("bench_speedup", x=_num(_speedup(reports[0], reports[1]), lang, 1)))
            return 0
        if ns.file is None or ns.trick is None:
            raise PositionError(t("need_file"))
        game = position_at(_read(ns.file, lang), ns.trick, lang, ns.file)
        left = game.tricks_total - len(game.tricks)
        if ns.time_limit is None and left >= _SLOW[backend]:
            print(f"doko solve: {t('slow', n=left)}", file=sys.stderr)
        start = time.perf_counter()
        try:
            report = solve_report(game, ns.time_limit, backend=backend)
        except SearchLimitExceeded:
            raise PositionError(t("timeout", s=ns.time_limit)) from None
        report["ms"] = round((time.perf_counter() - start) * 1000, 1)
    except PositionError as e:
        print(f"doko solve: {e}", file=sys.stderr)
        return 2
    if ns.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(format_report(game, report, lang))
    return 0


def _read(file: str, lang: str) -> dict[str, Any]:
    t = texts_of("cli.solve", lang)
    name = "<stdin>" if file == "-" else file
    try:
        if file == "-":
            text = sys.stdin.read()
        else:
            with open(file, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as e:
        raise PositionError(t("cannot_read", file=name, why=read_problem(e, lang))) from None
    try:
        return loads(text)
    except (RecordError, RecursionError) as e:
        why = (e.text(lang) if isinstance(e, RecordError)
               else texts_of("cli.replay", lang)("too_deep"))
        raise PositionError(t("bad_file", file=name, why=why)) from None


def position_at(record: dict[str, Any], trick: int, lang: str = "en",
                file: str = "GAME.json") -> Game:
    """The game of ``record`` at the start of trick ``trick`` (1-based); raises
    :class:`PositionError` (a one-line message in ``lang``) when that is not possible."""
    t = texts_of("cli.solve", lang)
    name = "<stdin>" if file == "-" else file
    try:
        game, actions = start_of(record)
    except RecordError as e:
        raise PositionError(t("bad_file", file=name, why=e.text(lang))) from None
    total = game.tricks_total
    if not 1 <= trick <= total:
        raise PositionError(t("trick_range", n=total, got=trick))
    i = 0
    while not (game.phase == PLAY and len(game.tricks) == trick - 1 and not game.trick):
        if game.phase == FINISHED:
            ended = game.ended or "played"
            how = t(ended) if ended in ("claimed", "conceded", "played") else ended
            raise PositionError(t("ended", n=trick, how=how, done=len(game.tricks)))
        if i >= len(actions):
            if game.phase < PLAY:
                raise PositionError(t("not_settled", n=trick, why=t("why_query")))
            raise PositionError(t("short", n=trick, done=len(game.tricks)))
        try:
            game.apply(actions[i])
        except IllegalActionError as e:
            why = e.text(lang)
            detail = e.open_detail(lang)  # the record is open: every hand is in it
            if detail is not None:
                why += f"; {detail}"
            raise PositionError(t("illegal", index=i, file=name, why=why)) from None
        i += 1
    if not game.game_type_settled:
        raise PositionError(t("not_settled", n=trick, why=t("why_marriage")))
    return game


def solve_report(
    game: Game, time_limit: float | None = None, backend: str | None = "python"
) -> dict[str, Any]:
    """The double-dummy value of ``game`` (in play, at a trick's start or mid-trick) as a
    JSON-able dict: parties, Augen and tricks before and at the end, each legal card's value,
    the best cards, one optimal line and the solver's ``backend``. ``time_limit`` (seconds)
    bounds the whole; when it runs out :class:`doko.solver.SearchLimitExceeded` is raised.
    ``backend``: as :func:`doko.solver.solver_for`."""
    sv = solver_for(game, backend=backend, time_limit=time_limit)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    values = solve_moves(game, solver=sv)
    if deadline is not None:
        sv.time_limit = max(deadline - time.perf_counter(), 1e-6)
    seat = game.to_move
    maxi = game.is_re[seat]
    best_value = max(values.values()) if maxi else min(values.values())
    best = sorted(k for k, v in values.items() if v == best_value)
    line = principal_variation(game, solver=sv, value=best_value, first=best[:1])
    re_seats = [s for s in range(4) if game.is_re[s]]
    re_eyes0 = sum(game.eyes[s] for s in re_seats)
    re_tricks0 = sum(game.won[s] for s in re_seats)
    done = len(game.tricks)
    re_tricks = re_tricks0 + sum(1 for _, _, w, _ in line if game.is_re[w])
    n_tricks = done + len(line)
    return {
        "trick": done + 1,
        "contract": game.contract_name,
        "re_seats": re_seats,
        "kontra_seats": [s for s in range(4) if not game.is_re[s]],
        "to_move": seat,
        "hands": [[card_code(k) for k in game.hand(s)] for s in range(4)],
        "before": {
            "re_eyes": re_eyes0,
            "kontra_eyes": sum(game.eyes) - re_eyes0,
            "re_tricks": re_tricks0,
            "kontra_tricks": done - re_tricks0,
        },
        "re_eyes": best_value,
        "kontra_eyes": 240 - best_value,  # the nines are worth nothing: 240 with or without
        "re_tricks": re_tricks,
        "kontra_tricks": n_tricks - re_tricks,
        "best_cards": [card_code(k) for k in best],
        "card_values": {card_code(k): values[k] for k in sorted(values)},
        "line": [_trick_json(done + 1 + i, tr, game) for i, tr in enumerate(line)],
        "nodes": sv.node_count,
        "backend": sv.backend,
    }


def _trick_json(n: int, tr: PVTrick, game: Game) -> dict[str, Any]:
    leader, cards, winner, eyes = tr
    return {
        "trick": n,
        "leader": leader,
        "cards": [{"seat": (leader + i) & 3, "card": card_code(k)} for i, k in enumerate(cards)],
        "winner": winner,
        "party": (Party.RE if game.is_re[winner] else Party.KONTRA).record_name,
        "eyes": eyes,
    }


def format_report(game: Game, r: dict[str, Any], lang: str = "de") -> str:
    """The report of :func:`solve_report` as text."""
    t = texts_of("cli.solve", lang)

    def seat(s: int) -> str:  # an engine seat 0..3, shown as 1..4 (the JSON keeps 0..3)
        return t("seat", s=s + 1)

    def party(s: int) -> str:
        return (Party.RE if game.is_re[s] else Party.KONTRA).label

    def sym(code: str) -> str:
        return card_symbol(parse_card(code), lang)

    out = [
        t("game", kind=game.contract_label(lang)),
        t("parties", re=", ".join(seat(s) for s in r["re_seats"]),
                            kontra=", ".join(seat(s) for s in r["kontra_seats"])),
        t("before", n=r["trick"], re_eyes=r["before"]["re_eyes"],
                           re_tricks=r["before"]["re_tricks"],
                           k_eyes=r["before"]["kontra_eyes"],
                           k_tricks=r["before"]["kontra_tricks"]),
        t("hands") + ":",
    ]
    for s in range(4):
        out.append(f"  {seat(s)} ({party(s)}): " + " ".join(sym(c) for c in r["hands"][s]))
    out.append(t("value_head"))
    out.append(t("value", re_eyes=r["re_eyes"], re_tricks=r["re_tricks"],
                                 k_eyes=r["kontra_eyes"], k_tricks=r["kontra_tricks"]))
    out.append(t("tricks_note"))
    out.append(t("to_move", seat=seat(r["to_move"]), party=party(r["to_move"])))
    out.append(t("best", cards=", ".join(sym(c) for c in r["best_cards"])))
    out.append(t("values",
        values=", ".join(f"{sym(c)} {v}" for c, v in r["card_values"].items())))
    out.append(t("line"))
    for tr in r["line"]:
        cards = ", ".join(f"{seat(c['seat'])} {sym(c['card'])}" for c in tr["cards"])
        out.append(t("trick", n=tr["trick"], cards=cards, seat=seat(tr["winner"]),
                                     party=party(tr["winner"]), eyes=tr["eyes"]))
    out.append(t("stats", nodes=r["nodes"], ms=_num(r.get("ms", 0.0), lang, 1)))
    out.append(t("backend", name=t("backend_" + r.get("backend", "python"))))
    return "\n".join(out)


# --------------------------------------------------------------------------- bench


def normal_positions(tricks: int, seed: int = 0) -> Iterator[Game]:
    """Random Normalspiele with ``tricks`` tricks left, at a trick boundary, for measuring the
    solver (``doko solve --bench``, ``doko bench``): deals from ``seed`` on, everybody healthy
    (a stille Hochzeit is skipped), then uniform random legal cards."""
    rng = random.Random(seed)
    s = seed
    while True:
        g = Game.deal(s)
        s += 1
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        if g.contract_name != "normal":
            continue
        while len(g.tricks) < g.tricks_total - tricks:
            g.apply(rng.choice(g.legal_plays()))
        yield g


def bench_solver(
    deals: int = 50, tricks: int = 6, seed: int = 0, *, backend: str | None = "python",
    time_limit: float | None = None,
) -> dict[str, Any]:
    """Solve the last ``tricks`` tricks of ``deals`` random Normalspiele exactly.

    Each deal (seeds from ``seed`` on; deals that become a stille Hochzeit are skipped) is
    played with uniform random legal cards until ``tricks`` tricks are left (12: none, a whole
    game); then the value (fresh solver of ``backend``, MTD(f)) is timed, and separately, up
    to :data:`_BENCH_MOVES_MAX` tricks, the value of every legal card of the seat on turn
    (:func:`doko.solver.solve_moves`, fresh solver). Times are wall-clock on one core
    (``cpu_mean_ms``, ``cpu_median_ms``: process CPU time of the value, less disturbed by other
    processes; likewise
    ``nodes_per_s`` by wall-clock and ``nodes_per_cpu_s`` by CPU time). With
    ``time_limit`` (seconds) a value that is not exact by then counts at the limit and in
    ``unsolved``. The same arguments give the same positions under either backend.
    """
    name = resolve(backend)
    value_ms: list[float] = []
    cpu_ms: list[float] = []
    best_ms: list[float] = []
    nodes: list[int] = []
    unsolved = 0
    for g in islice(normal_positions(tricks, seed), deals):
        sv = solver_for(g, backend=name, time_limit=time_limit)
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            sv.future_value(g.hands, g.trick_leader, g.trick)
        except SearchLimitExceeded:
            unsolved += 1
        value_ms.append((time.perf_counter() - t0) * 1000)
        cpu_ms.append((time.process_time() - c0) * 1000)
        nodes.append(sv.node_count)
        if tricks <= _BENCH_MOVES_MAX:
            t0 = time.perf_counter()
            with contextlib.suppress(SearchLimitExceeded):  # counted at the limit
                solve_moves(g, backend=name, time_limit=time_limit)
            best_ms.append((time.perf_counter() - t0) * 1000)
    total_s = sum(value_ms) / 1000
    cpu_s = sum(cpu_ms) / 1000
    return {
        "backend": name,
        "deals": deals,
        "tricks": tricks,
        "seed": seed,
        "python": platform.python_version(),
        "time_limit": time_limit,
        "unsolved": unsolved,
        "mean_ms": round(statistics.mean(value_ms), 3),
        "median_ms": round(statistics.median(value_ms), 3),
        "max_ms": round(max(value_ms), 3),
        "cpu_mean_ms": round(statistics.mean(cpu_ms), 3),
        "cpu_median_ms": round(statistics.median(cpu_ms), 3),
        "best_card_mean_ms": round(statistics.mean(best_ms), 2) if best_ms else None,
        "best_card_max_ms": round(max(best_ms), 2) if best_ms else None,
        "mean_nodes": round(statistics.mean(nodes), 1),
        "max_nodes": max(nodes),
        "nodes_per_s": round(sum(nodes) / total_s) if total_s > 0 else 0,
        "nodes_per_cpu_s": round(sum(nodes) / cpu_s) if cpu_s > 0 else 0,
    }


def _speedup(python: dict[str, Any], native: dict[str, Any]) -> float:
    """How many times faster the native solver's mean time is."""
    return round(python["mean_ms"] / native["mean_ms"], 1) if native["mean_ms"] > 0 else 0.0


def _num(x: float, lang: str, digits: int = 0) -> str:
    text = f"{x:,.{digits}f}"
    if lang == "de":
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return text


def format_bench(r: dict[str, Any], lang: str = "de") -> str:
    """The report of :func:`bench_solver` as text."""
    t = texts_of("cli.solve", lang)
    lines = [
        t("bench_head", py=r["python"]),
        t("backend", name=t("backend_" + r.get("backend", "python"))),
        t("bench_what", t=r["tricks"], n=r["deals"]),
        t("bench_value", mean=_num(r["mean_ms"], lang, 1),
                                cpu=_num(r["cpu_mean_ms"], lang, 1),
                                median=_num(r["median_ms"], lang, 1),
                                max=_num(r["max_ms"], lang, 1)),
    ]
    if r.get("unsolved"):
        lines.append(t("bench_unsolved", n=r["unsolved"], total=r["deals"],
                       s=_num(r["time_limit"], lang, 1)))
    if r["best_card_mean_ms"] is not None:
        lines.append(t("bench_best", mean=_num(r["best_card_mean_ms"], lang, 1),
                       max=_num(r["best_card_max_ms"], lang, 1)))
    lines.append(t("bench_nodes", mean=_num(r["mean_nodes"], lang),
                   max=_num(r["max_nodes"], lang), rate=_num(r["nodes_per_s"], lang),
                   cpu_rate=_num(r["nodes_per_cpu_s"], lang)))
    return "\n".join(lines)
