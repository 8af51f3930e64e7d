"""The speed figures of doko.rl (docs/rl.md), on one core.

1. The vectorised environment with observations and masks: learner steps per second (and all
   actions applied, the opponents' included), both backends.
2. The same without observations (masks only).
3. The PettingZoo AEC environment driven from a Python loop (``agent_iter``, ``last``,
   ``step``): steps per second, both backends, with and without PettingZoo's wrappers.

The learner takes the first legal action (``argmax`` of the mask, in numpy: part of the timed
loop). Rates are per second of this process's CPU time (``time.process_time``), so that other
processes on the machine do not lower them; the wall-clock rate is printed beside. Each figure
runs for ``--seconds`` of CPU time.

    python scripts/rl_speed.py [--seconds 2] [--n 1024] [--backend both|native|python]
"""

from __future__ import annotations

import os

# one core: no BLAS threads behind numpy
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import sys
import time
from collections.abc import Callable

from doko.engine.backend import native_available
from doko.rl.pettingzoo_env import env, raw_env
from doko.rl.vector import VectorEnv


def _timed(seconds: float, body: Callable[[], tuple[int, int]]) -> tuple[float, float, float]:
    """Run ``body`` (returns steps, actions) until ``seconds`` of CPU time have passed;
    returns steps and actions per CPU second and steps per wall-clock second."""
    steps = actions = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while time.process_time() - c0 < seconds:
        s, a = body()
        steps += s
        actions += a
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    return steps / cpu, actions / cpu, steps / wall


def vector(n: int, opponents: str, observations: bool, backend: str,
           seconds: float) -> tuple[float, float, float]:
    e = VectorEnv(n, opponents, seed=1, observations=observations, backend=backend)
    _, mask = e.reset()
    state = {"mask": mask}

    def body() -> tuple[int, int]:
        before = e.actions_applied
        _, state["mask"], _, _ = e.step(state["mask"].argmax(axis=1))
        applied = e.actions_applied - before if backend == "native" else 0
        return n, applied

    return _timed(seconds, body)


def aec(backend: str, wrapped: bool, seconds: float) -> tuple[float, float, float]:
    e = env(backend=backend) if wrapped else raw_env(backend=backend)
    e.reset(seed=0)

    def body() -> tuple[int, int]:
        steps = 0
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(obs["action_mask"].argmax()))
            steps += 1
        e.reset()
        return steps, steps

    return _timed(seconds, body)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="the speed figures of doko.rl (one core)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    ap.add_argument("--n", type=int, default=1024, help="games in the vectorised environment")
    ap.add_argument("--backend", choices=("both", "native", "python"), default="both")
    args = ap.parse_args(argv)
    backends = ["native", "python"] if args.backend == "both" else [args.backend]
    if "native" in backends and not native_available():
        print("the native core is not built: measuring the Python backend only")
        backends = ["python"]
    print(f"doko.rl speed, one core, {args.seconds:g} CPU seconds per figure")
    for observations in (True, False):
        what = "with observations and masks" if observations else "without observations (masks)"
        for backend in backends:
            for opp in ("random", "heuristic"):
                n = args.n if backend == "native" else max(1, args.n // 64)
                steps, acts, wall = vector(n, opp, observations, backend, args.seconds)
                extra = f", {acts:,.0f} actions/s of all seats" if acts else ""
                print(f"vectorised {what}, {backend}, {opp} opponents, n={n}: "
                      f"{steps:,.0f} learner steps/s{extra} (wall clock {wall:,.0f})")
    for backend in backends:
        for wrapped in (False, True):
            name = "env() with PettingZoo's wrappers" if wrapped else "raw_env()"
            steps, _, wall = aec(backend, wrapped, args.seconds)
            print(f"AEC {name}, {backend}: {steps:,.0f} steps/s (wall clock {wall:,.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
