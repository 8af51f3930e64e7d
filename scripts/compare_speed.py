#!/usr/bin/env python3
"""Compare the speed of two commits by instruction counts (``valgrind --tool=callgrind``).

Wall time is noisy on a shared machine; the number of instructions a fixed workload executes
is repeatable. For each commit the script checks the commit out into a temporary git worktree
(``git worktree add --detach``), runs three fixed workloads under callgrind with that
worktree's ``src`` on ``PYTHONPATH`` (and the Python of ``/work/main/.venv`` by default,
``--python``), and prints the instruction counts and the ratio NEW / OLD:

``games``   ``--games`` random full games exactly as ``doko bench`` plays them: its
            ``bench_games(seconds, games, seed)`` (``doko.cli.bench`` since the layout by
            layers, ``doko.bench`` before), with an unreachable time budget so that the game
            count alone stops it;
``solver``  ``doko solve --bench --deals D --tricks T --seed S``: its ``bench_solver(deals,
            tricks, seed)`` (``doko.cli.solve``, before ``doko.solve_cli``): D random
            Normalspiele played to T tricks before the end, each solved exactly (the value,
            then the value of every legal card);
``base``    the same imports and nothing else. Python's start-up and the imports are not
            the code measured, so the figures shown for ``games`` and ``solver`` are their
            counts minus ``base``.

Every run has ``PYTHONHASHSEED=0`` and ``DOKO_BACKEND=python`` (the pure-Python engine even
where the native core is built). The worktrees are removed at the end (also after an error).

Usage::

    scripts/compare_speed.py 8579382            # that commit against HEAD
    scripts/compare_speed.py OLD NEW --games 200 --deals 3

It takes minutes: Python under callgrind runs about 50 times slower.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_PYTHON = Path("/work/main/.venv/bin/python")

#: The workload, run as ``python -c WORKLOAD KIND COUNT DEALS TRICKS SEED``. It finds the
#: bench functions under the module paths of either layout.
WORKLOAD = r"""
import importlib, inspect, sys

def first(*names):
    for name in names:
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise SystemExit("none of the modules " + ", ".join(names) + " is importable")

kind, count, deals, tricks, seed = sys.argv[1], *map(int, sys.argv[2:6])
bench = first("doko.cli.bench", "doko.bench")
solve = first("doko.cli.solve", "doko.solve_cli")
params = list(inspect.signature(bench.bench_games).parameters)
if params[:3] != ["seconds", "games", "seed"]:
    raise SystemExit(f"{bench.__name__}.bench_games{params}: not the expected signature")
params = list(inspect.signature(solve.bench_solver).parameters)
if params[:3] != ["deals", "tricks", "seed"]:
    raise SystemExit(f"{solve.__name__}.bench_solver{params}: not the expected signature")
if kind == "games":
    played, _ = bench.bench_games(1e12, count, seed)
    assert played == count, (played, count)
    print(bench.__file__, "games", played)
elif kind == "solver":
    report = solve.bench_solver(deals, tricks, seed)
    print(solve.__file__, "nodes", round(report["mean_nodes"] * deals))
else:
    print(bench.__file__, solve.__file__, "imported")
"""


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True,
                          text=True).stdout.strip()


def instructions(python: Path, src: Path, kind: str, ns: argparse.Namespace,
                 out_dir: Path) -> tuple[int, str]:
    """Instructions executed by one workload run under callgrind, and what it printed."""
    out_file = out_dir / f"callgrind.{kind}.out"
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0", DOKO_BACKEND="python",
               PYTHONDONTWRITEBYTECODE="1")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
           str(python), "-c", WORKLOAD, kind, str(ns.games), str(ns.deals), str(ns.tricks),
           str(ns.seed)]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=out_dir)
    if run.returncode != 0:
        sys.exit(f"{kind} failed under callgrind ({src}):\n{run.stdout}{run.stderr[-3000:]}")
    text = out_file.read_text(encoding="utf-8", errors="replace")
    match = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.M)
    if match is None:
        sys.exit(f"no instruction count in {out_file}")
    return int(match.group(1)), run.stdout.strip()


def measure(python: Path, commit: str, ns: argparse.Namespace, root: Path) -> dict[str, int]:
    """The three counts of one commit, in its own worktree."""
    sha = git("rev-parse", "--verify", commit + "^{commit}")
    tree = root / sha[:12]
    git("worktree", "add", "--detach", str(tree), sha)
    out_dir = root / (sha[:12] + "-out")
    out_dir.mkdir()
    counts: dict[str, int] = {}
    for kind in ("base", "games", "solver"):
        counts[kind], said = instructions(python, tree / "src", kind, ns, out_dir)
        print(f"  {commit} ({sha[:9]}) {kind:6} {counts[kind]:>16,} instructions  [{said}]",
              flush=True)
    return counts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("old", help="the commit before (e.g. 8579382)")
    p.add_argument("new", nargs="?", default="HEAD", help="the commit after (default: HEAD)")
    p.add_argument("--games", type=int, default=200, help="random full games (default: 200)")
    p.add_argument("--deals", type=int, default=3, help="solver deals (default: 3)")
    p.add_argument("--tricks", type=int, default=6, help="tricks left to solve (default: 6)")
    p.add_argument("--seed", type=int, default=0, help="seed of both workloads (default: 0)")
    p.add_argument("--python", type=Path, default=DEFAULT_PYTHON,
                   help=f"the interpreter (default: {DEFAULT_PYTHON})")
    ns = p.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    root = Path(tempfile.mkdtemp(prefix="doko-speed-"))
    results: dict[str, dict[str, int]] = {}
    try:
        print(f"callgrind: {ns.games} random games (doko bench), solver {ns.deals} deals x "
              f"{ns.tricks} tricks (doko solve --bench), seed {ns.seed}; python {ns.python}",
              flush=True)
        for commit in (ns.old, ns.new):
            results[commit] = measure(ns.python, commit, ns, root)
    finally:
        for tree in sorted(root.iterdir()):
            if not tree.name.endswith("-out"):
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO,
                               check=False, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)
    old, new = results[ns.old], results[ns.new]
    print()
    print(f"{'workload':10} {ns.old:>18} {ns.new:>18} {'new/old':>8}")
    for kind, label in (("games", f"{ns.games} games"), ("solver", f"{ns.deals} deals")):
        a, b = old[kind] - old["base"], new[kind] - new["base"]
        print(f"{label:10} {a:>18,} {b:>18,} {b / a:>8.3f}")
        print(f"{'  per unit':10} {a // max(1, ns.games if kind == 'games' else ns.deals):>18,} "
              f"{b // max(1, ns.games if kind == 'games' else ns.deals):>18,}")
    print(f"{'base':10} {old['base']:>18,} {new['base']:>18,} {new['base'] / old['base']:>8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
