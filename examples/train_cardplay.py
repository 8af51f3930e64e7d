"""Train a small card-play policy against the ``rules`` players, with numpy only.

The policy is linear: a score per card kind from the observation tensor of doko.rl (the
learner's view only), a softmax over the legal cards. It is trained by REINFORCE with a running
baseline on whole games of the Gymnasium environment ``doko/Doppelkopf-v0`` against three
``rules`` players; the learner always answers "gesund" and never calls, so only its card play
is learnt. Then the trained policy is measured with doko's arena (the duplicate protocol of
``doko arena``) against ``rules``, and so is an untrained one (all weights zero: a uniformly
random legal card) for comparison.

    python examples/train_cardplay.py --games 400 --deals 40

``--games 3 --deals 1`` runs in a few seconds (CI). Everything is seeded: the same arguments
give the same numbers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import doko.rl  # noqa: F401  (registers doko/Doppelkopf-v0)
from doko.bots.arena import arena
from doko.bots.base import Player, register
from doko.engine.actions import HEALTHY, Action, encode, seat_of
from doko.engine.game import PLAY, QUERY
from doko.engine.view import SeatView
from doko.rl.encoding import OBS_SIZE, OFFSETS, observation
from doko.rl.gym_env import DoppelkopfEnv

Weights = npt.NDArray[np.float64]
_LEGAL = OFFSETS["legal"][0]


def card_probs(w: Weights, x: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.int64],
                                                                 npt.NDArray[np.float64]]:
    """The legal card kinds in ``x`` and the policy's probabilities for them."""
    legal = np.flatnonzero(x[_LEGAL:_LEGAL + 24])
    logits = w[legal] @ x
    p = np.exp(logits - logits.max())
    return legal, p / p.sum()


def train(games: int, seed: int, lr: float = 0.1) -> tuple[Weights, list[float]]:
    """REINFORCE over ``games`` games; returns the weights and the learner's scores."""
    rng = np.random.default_rng(seed)
    w = np.zeros((24, OBS_SIZE))
    env = DoppelkopfEnv(opponents="rules", seat=None)
    baseline = 0.0
    scores: list[float] = []
    for episode in range(games):
        x, _ = env.reset(seed=seed * 100_003 + episode)
        grads = np.zeros_like(w)
        while True:
            mask = env.action_masks()
            if mask[HEALTHY]:
                action = HEALTHY  # always "gesund" in the Vorbehaltsabfrage (TSR 4.1)
            elif mask[:24].any():
                legal, p = card_probs(w, x)
                i = int(rng.choice(len(legal), p=p))
                action = int(legal[i])
                # d log p(a) / d w[k] = (1[k == a] - p[k]) x for the legal k
                g = -p
                g[i] += 1.0
                grads[legal] += np.outer(g, x)
            else:
                action = int(np.flatnonzero(mask)[0])  # a naming (not reached: never Vorbehalt)
            x, reward, terminated, _, _ = env.step(action)
            if terminated:
                break
        scores.append(reward)
        baseline += 0.05 * (reward - baseline)
        w += lr * (reward - baseline) / 10.0 * grads
    return w, scores


@register("linear_cardplay")
class LinearCardPlayer(Player):
    """The trained policy as a doko player: gesund, no calls, a legal card drawn from the
    policy (seeded: the arena's games repeat)."""

    def __init__(self, seed: int | None = None, weights: str | None = None) -> None:
        super().__init__(seed)
        self.w = np.zeros((24, OBS_SIZE)) if weights is None else np.load(weights)["w"]
        self.rng = np.random.default_rng(seed)

    def decide(self, view: SeatView) -> Action | None:
        if not view.to_play:
            return None
        assert view.seat is not None
        if view.phase == QUERY:
            return encode(view.seat, HEALTHY)
        if view.phase == PLAY:
            legal, p = card_probs(self.w, observation(view))
            return encode(view.seat, int(legal[int(self.rng.choice(len(legal), p=p))]))
        # a naming (never reached: it never answers Vorbehalt): the first one offered
        return next(a for a in view.legal_actions if seat_of(a) == view.seat)


def measure(weights: Path | None, deals: int, seed: int) -> dict[str, Any]:
    """The arena's report of the policy (or, without weights, the untrained one) vs rules."""
    options = {} if weights is None else {"weights": str(weights)}
    return arena("linear_cardplay", "rules", deals=deals, seed=seed,
                 candidate_options=options)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="training games (default 400)")
    ap.add_argument("--deals", type=int, default=40, help="arena deals (default 40)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=0.1, help="learning rate (default 0.1)")
    ap.add_argument("--out", type=Path, default=Path("cardplay_weights.npz"),
                    help="where the weights go (default cardplay_weights.npz)")
    args = ap.parse_args(argv)
    w, scores = train(args.games, args.seed, args.lr)
    np.savez(args.out, w=w)
    half = max(1, len(scores) // 2)
    print(f"trained on {len(scores)} games against rules: mean score "
          f"{np.mean(scores[:half]):+.2f} in the first half, {np.mean(scores[half:] or [0]):+.2f}"
          f" in the second; weights in {args.out}")
    for label, path in (("untrained (uniform legal card)", None), ("trained", args.out)):
        r = measure(path, args.deals, args.seed)
        lo, hi = r["ci95"]
        print(f"arena, {label} vs rules, {args.deals} deals: mean difference "
              f"{r['mean_diff']:+.3f} per game (95% CI {lo:+.3f} .. {hi:+.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
