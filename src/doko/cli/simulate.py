"""``doko simulate``: play many games with the random policy and summarise what happened.

Game ``i`` of a run with seed ``S`` is dealt by seat ``i % 4`` from a seed derived from ``S`` and
``i``, and played by :class:`doko.bots.random_player.RandomPolicy` seeded the same way, so a run is
reproducible and does not depend on ``--workers``. ``--out`` writes every game's ``doko-game/1``
record, one JSON object per line, in game order.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any, TextIO

from doko.bots.random_player import RandomPolicy
from doko.cli.args import add_rules_arguments, positive_int, rules_or_listing, type_error
from doko.engine.actions import CALL_CODES, CALL_NAMES, code_text
from doko.engine.backend import BACKENDS, BackendError, game_class, use
from doko.engine.contracts import CONTRACT_NAMES
from doko.engine.game import Game
from doko.engine.record import to_record
from doko.engine.rules import TSR, Rules
from doko.engine.texts import texts_of
from doko.engine.vocab import Contract

#: Labels of the call keys 0..5 (Re, Kontra, keine 90 ... schwarz), from the vocabulary.
_CALL_LABELS = tuple(code_text(code) for code in CALL_CODES)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` sub-command."""
    p = sub.add_parser(
        "simulate",
        help="play many random games and summarise them",
        description="Play N games with a seeded random policy (rare Vorbehalte, solos, "
        "Hochzeiten and calls; uniform legal card plays) and print what happened.",
    )
    p.add_argument("--games", type=positive_int, default=1000, metavar="N",
                   help="number of games (default: 1000)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="run seed (default: 0)")
    p.add_argument("--out", metavar="GAMES.jsonl",
                   help="write every game's record, one JSON object per line")
    p.add_argument("--players", metavar="NAME[,NAME,NAME,NAME]", type=_player_names,
                   help="computer players instead of the fast random policy: one name for all "
                   "seats or four (random, rules, search)")
    p.add_argument("--workers", type=positive_int, default=1, metavar="K",
                   help="worker processes (default: 1); the games do not depend on it")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="engine that plays the games (default: $DOKO_BACKEND, else native "
                   "when built); the output names it")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    add_rules_arguments(p)
    p.set_defaults(func=run)


def _player_names(text: str) -> tuple[str, ...]:
    from doko.bots.base import player_names

    names = tuple(n.strip() for n in text.split(","))
    if len(names) == 1:
        names = names * 4
    known = player_names()
    if len(names) != 4 or any(n not in known for n in names):
        raise type_error("players", known=", ".join(known), value=repr(text))
    return names




# --------------------------------------------------------------------------- playing


def play_game(seed: int, index: int, players: tuple[str, ...] | None = None,
              rules: Rules = TSR) -> Game:
    """Game ``index`` of the run with ``seed`` under ``rules``, played to the end by the random
    policy (or by the named computer players, one per seat)."""
    g = game_class().deal((seed << 32) + index, index & 3, rules=rules)
    if players is not None:
        from doko.bots.base import make_player
        from doko.bots.base import play_game as play_with

        seats = [make_player(name, seed=(seed << 40) + (index << 2) + s)
                 for s, name in enumerate(players)]
        return play_with(g, seats)
    policy = RandomPolicy(f"doko-simulate:{seed}:{index}")
    choose = policy.choose
    while not g.is_over:
        g.apply(choose(g))
    return g


def _new_stats() -> dict[str, Any]:
    return {"games": 0, "kinds": Counter(), "calls": Counter(), "re_eyes": 0,
            "ended": Counter(), "winners": Counter()}


def _add_game(stats: dict[str, Any], g: Game) -> None:
    from doko.cli.replay import _result_fields

    stats["games"] += 1
    stats["kinds"][g.contract_name if not g.marriage_solo else "marriage_solo"] += 1
    for _seat, party, level, _held in g.calls:
        stats["calls"][int(party) if level == 1 else int(level)] += 1
    stats["re_eyes"] += g.re_eyes()
    stats["ended"][g.ended] += 1
    stats["winners"][str(_result_fields(g).get("winner"))] += 1


def _merge(into: dict[str, Any], part: dict[str, Any]) -> None:
    for key, value in part.items():
        into[key] += value


Job = tuple[int, int, int, bool, "tuple[str, ...] | None", Rules]


def _play_chunk(job: Job) -> tuple[dict[str, Any], list[str]]:
    """Play games ``start..stop-1``; returns their statistics and (if wanted) record lines."""
    seed, start, stop, want_records, players, rules = job
    stats = _new_stats()
    lines: list[str] = []
    for i in range(start, stop):
        g = play_game(seed, i, players, rules)
        _add_game(stats, g)
        if want_records:
            lines.append(json.dumps(to_record(g), separators=(",", ":")))
    return stats, lines


def _chunks(seed: int, games: int, size: int, want: bool,
            players: tuple[str, ...] | None = None, rules: Rules = TSR) -> list[Job]:
    return [(seed, s, min(s + size, games), want, players, rules)
            for s in range(0, games, size)]


def simulate(
    games: int, seed: int = 0, workers: int = 1, out: TextIO | None = None,
    progress: TextIO | None = None, players: tuple[str, ...] | None = None,
    rules: Rules = TSR,
) -> dict[str, Any]:
    """Play ``games`` games under ``rules``; write records to ``out``; returns the merged
    statistics."""
    size = max(1, min(250, games // (workers * 8) or 1))
    jobs = _chunks(seed, games, size, out is not None, players, rules)
    stats = _new_stats()
    done = 0
    start = time.perf_counter()
    results: Iterator[tuple[dict[str, Any], list[str]]]
    if workers > 1 and len(jobs) > 1:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(workers, len(jobs))) as pool:
            results = pool.imap(_play_chunk, jobs)
            for part, lines in results:
                done = _collect(stats, part, lines, out, progress, done, games, start)
    else:
        for job in jobs:
            part, lines = _play_chunk(job)
            done = _collect(stats, part, lines, out, progress, done, games, start)
    if progress is not None:
        progress.write("\r" + " " * 72 + "\r")
        progress.flush()
    stats["seconds"] = time.perf_counter() - start
    return stats


def _collect(stats: dict[str, Any], part: dict[str, Any], lines: list[str], out: TextIO | None,
             progress: TextIO | None, done: int, total: int, start: float) -> int:
    _merge(stats, part)
    if out is not None:
        for line in lines:
            out.write(line)
            out.write("\n")
    done += part["games"]
    if progress is not None:
        _show_progress(progress, done, total, time.perf_counter() - start)
    return done


def _show_progress(stream: TextIO, done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = width * done // total
    rate = done / elapsed if elapsed > 0 else 0.0
    left = (total - done) / rate if rate > 0 else 0.0
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                 f"{rate:,.0f}/s ~{left:.0f}s ")
    stream.flush()


# --------------------------------------------------------------------------- output


def summary_json(stats: dict[str, Any]) -> dict[str, Any]:
    """The statistics as a JSON object."""
    n = stats["games"]
    calls: Counter[Any] = stats["calls"]
    return {
        "games": n,
        "seconds": round(stats["seconds"], 3),
        "games_per_s": round(n / stats["seconds"], 1) if stats["seconds"] > 0 else None,
        "kinds": dict(sorted(stats["kinds"].items())),
        "calls": {name: calls[key] for key, name in _call_keys()},
        "avg_re_eyes": round(stats["re_eyes"] / n, 2) if n else None,
        "conceded": stats["ended"]["conceded"],
        "claimed": stats["ended"]["claimed"],
        "winners": {"re": stats["winners"]["re"], "kontra": stats["winners"]["kontra"],
                    "none": stats["winners"]["None"]},
    }


def _call_keys() -> list[tuple[int, str]]:
    return list(enumerate(CALL_NAMES))


def _kind_label(name: str, lang: str) -> str:
    if name == "marriage_solo":
        return texts_of("cli.simulate", lang)("marriage_solo")
    return Contract.from_record_name(name).label(lang)


def _num(x: float, lang: str, digits: int = 0) -> str:
    text = f"{x:,.{digits}f}"
    if lang == "de":
        text = text.replace(",", " ").replace(".", ",")
    return text


def _share(count: int, total: int, lang: str) -> str:
    return _num(100 * count / total if total else 0.0, lang, 1) + " %"


def format_summary(stats: dict[str, Any], seed: int, lang: str = "de") -> str:
    """The statistics as text."""
    t = texts_of("cli.simulate", lang)
    n: int = stats["games"]
    secs: float = stats["seconds"]
    lines = [t("head", n=n, seed=seed, t=_num(secs, lang, 2),
                              rate=_num(n / secs if secs > 0 else 0.0, lang))]
    lines.append("")
    lines.append(f"{t('kinds')}:")
    kinds: Counter[str] = stats["kinds"]
    order = [*CONTRACT_NAMES[:3], "marriage_solo", *CONTRACT_NAMES[3:]]
    labels = {k: _kind_label(k, lang) for k in order if kinds[k]}
    width = max((len(v) for v in labels.values()), default=0)
    for k, label in labels.items():
        lines.append(f"  {label:<{width}} {kinds[k]:>8}  {_share(kinds[k], n, lang):>7}")
    lines.append("")
    calls: Counter[int] = stats["calls"]
    said = [f"{_CALL_LABELS[key]} {calls[key]}" for key, _ in _call_keys() if calls[key]]
    lines.append(f"{t('calls')}: " + (", ".join(said) if said else t("no_calls")))
    avg = stats["re_eyes"] / n if n else 0.0
    lines.append(f"{t('avg_eyes')}: {_num(avg, lang, 1)}")
    ended: Counter[str] = stats["ended"]
    lines.append(t("ended", c=_share(ended["conceded"], n, lang),
                                   a=_share(ended["claimed"], n, lang)))
    w: Counter[str] = stats["winners"]
    lines.append(t("winners", re=_share(w["re"], n, lang), ko=_share(w["kontra"], n, lang),
                                     none=_share(w["None"], n, lang)))
    return "\n".join(lines)


def run(ns: argparse.Namespace) -> int:
    """Run the simulation and print the summary; 2 if ``--out`` cannot be written."""
    t = texts_of("cli.simulate", ns.lang)
    rules = rules_or_listing(ns, "simulate", ns.lang)
    if isinstance(rules, int):
        return rules
    try:
        backend = use(ns.backend)  # for this process and the workers it starts
    except BackendError as e:
        print(f"doko simulate: {e}", file=sys.stderr)
        return 2
    progress = sys.stderr if ns.games >= 200 and sys.stderr.isatty() else None
    try:
        if ns.out is not None:
            with open(ns.out, "w", encoding="utf-8") as fh:
                stats = simulate(ns.games, ns.seed, ns.workers, fh, progress, ns.players,
                                 rules)
        else:
            stats = simulate(ns.games, ns.seed, ns.workers, None, progress, ns.players, rules)
    except OSError as e:
        why = e.strerror or str(e)
        print(f"doko simulate: {t('cannot_write', file=ns.out, why=why)}", file=sys.stderr)
        return 2
    if ns.json:
        print(json.dumps({**summary_json(stats), "backend": backend}, ensure_ascii=False))
    else:
        print(format_summary(stats, ns.seed, ns.lang))
        print(t("backend", backend=backend))
        if ns.out is not None:
            print(t("wrote", n=stats["games"], file=ns.out))
    return 0
