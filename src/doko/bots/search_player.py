"""``search``: determinized Monte Carlo over the hidden hands.

For each decision the player samples deals of the unseen cards consistent with everything its
seat has observed (:class:`~doko.bots.sampler.Sampler`), evaluates every candidate action in
every sampled world by a playout — the ``rules`` policy for all seats, and the exact
double-dummy solver for the last tricks — and picks the action with the best mean score points
for its seat (Augen as a tie-breaker). The same evaluation decides the Vorbehalt, the naming of
a solo or Hochzeit, calls (considered at the seat's own turn, which is never later than an
out-of-turn call could be: the deadlines count the caller's own cards) and card play.

The budget is per decision, in milliseconds (default 600) and/or a number of worlds.

>>> from doko.game import Game
>>> from doko.bots.base import play_game, make_player
>>> players = [SearchPlayer(seed=1, worlds=4, budget_ms=None)] + [
...     make_player("random", seed=s) for s in (2, 3, 4)]
>>> play_game(Game.deal(5), players).is_over
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from doko.actions import (
    BLACK,
    CALL_RE,
    CLAIM,
    CONCEDE,
    HEALTHY,
    MARRIAGE,
    PASS,
    RESERVATION,
    SOLO_BASE,
    Action,
)
from doko.bots.base import Player, register
from doko.bots.sampler import ImpossibleView, Sampler
from doko.cards import QC
from doko.game import FINISHED, NAMING, PLAY, QUERY, Game
from doko.result import seat_scores
from doko.view import SeatView

#: A playout policy: the card (kind) the seat on turn plays in a full game state.
CardPolicy = Callable[[Game], int]


def _random_card(rng: random.Random) -> CardPolicy:
    def pick(game: Game) -> int:
        plays = game.legal_plays()
        return plays[int(rng.random() * len(plays))] & 63

    return pick


def default_card_policy(rng: random.Random) -> CardPolicy:
    """The ``rules`` player's fast card choice if it is available, else random cards."""
    import importlib

    try:
        rules_card = importlib.import_module("doko.bots.rules_player").rules_card
    except (ImportError, AttributeError):  # pragma: no cover - the rules player ships with doko
        return _random_card(rng)

    def pick(game: Game) -> int:
        card: int = rules_card(game, game.to_move)
        return card

    return pick


def _final_value(game: Game, seat: int) -> float:
    """Score points of ``seat`` with its party's Augen as a small tie-breaker."""
    points = seat_scores(game)[seat]
    eyes = game.re_eyes() if game.is_re[seat] else game.kontra_eyes()
    return points + eyes / 10000.0


@register("search")
class SearchPlayer(Player):
    """Determinized Monte Carlo search; see the module docstring.

    ``budget_ms``: time per decision (None: no time limit); ``worlds``: the most sampled worlds
    per decision (None: as many as the time allows); ``solver_tricks``: the playouts are
    finished by the exact solver once this many tricks remain (0: never);
    ``opponent_noise``: in playouts the opponents play a random legal card with this
    probability (a model of weaker opponents; 0: they play like the ``rules`` player);
    ``confidence``: the ``rules`` player's choice is kept unless another action is better by
    this many standard errors of the paired per-world differences (0: always the best mean).
    """

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float | None = 600.0,
        worlds: int | None = None,
        solver_tricks: int = 3,
        min_worlds: int = 4,
        opponent_noise: float = 0.0,
        confidence: float = 1.5,
    ) -> None:
        super().__init__(seed)
        if budget_ms is None and worlds is None:
            raise ValueError("give the search player a time budget or a number of worlds")
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.solver_tricks = solver_tricks
        self.min_worlds = min_worlds
        self.policy = default_card_policy(self.rng)
        self.opponent_noise = opponent_noise
        self.confidence = confidence
        # the rules player's choice is kept unless the search is confident that another action
        # is better (by ``confidence`` standard errors of the paired differences)
        self.prior: Player | None = None
        if confidence > 0:
            from doko.bots.base import make_player

            self.prior = make_player("rules", seed=seed)

    # ------------------------------------------------------------------ decisions

    def decide(self, view: SeatView) -> Action | None:
        legal = list(view.legal_actions)
        if not legal:
            return None
        claims = [a for a in legal if a & 63 == CLAIM]
        if claims:
            return claims[0]  # offered only when it is sure to hold
        if not view.to_play:
            return None  # calls are considered at the own turn (no later deadline)
        candidates = self._candidates(view, legal)
        if len({a for a, _ in candidates}) == 1:
            return candidates[0][0]
        samples = self._evaluate(view, candidates)
        n = len(samples[0])
        means = [sum(v) / max(n, 1) for v in samples]
        best = max(range(len(candidates)), key=lambda i: means[i])
        base = self._prior_index(view, candidates, means)
        if base is None or base == best or n < 2 or self.confidence <= 0:
            return candidates[best][0]
        # keep the rules player's choice unless the search is confident it is worse
        diffs = [samples[best][w] - samples[base][w] for w in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > self.confidence * (var / n) ** 0.5:
            return candidates[best][0]
        return candidates[base][0]

    def _prior_index(self, view: SeatView, candidates: list[tuple[Action, int]],
                     means: list[float]) -> int | None:
        """The candidate the ``rules`` player would choose (the best Vorbehalt line when it
        would say Vorbehalt), or None."""
        if self.prior is None:
            return None
        a = self.prior.decide(view)
        same = [i for i, (c, _) in enumerate(candidates) if c == a]
        if not same:
            return None
        return max(same, key=lambda i: means[i])

    def _candidates(self, view: SeatView, legal: list[Action]) -> list[tuple[Action, int]]:
        """(action, planned naming code or -1) pairs to compare.

        In the Vorbehaltsabfrage "Vorbehalt" is compared once per solo kind (and Hochzeit) that
        would follow it, so that a reservation is worth its best continuation.
        """
        phase = view.phase
        if phase == "play":
            out = [(a, -1) for a in legal if a & 63 < 24]
            calls = [a for a in legal if CALL_RE <= a & 63 <= BLACK]
            if calls:
                out.append((calls[0], -1))  # the next level only
            return out
        if phase == "query":
            seat = view.seat
            assert seat is not None
            out = [(a, -1) for a in legal if a & 63 == HEALTHY]
            reserve = [a for a in legal if a & 63 == RESERVATION]
            if reserve:
                for i in range(7):
                    out.append((reserve[0], SOLO_BASE + i))
                if list(view.hand).count(QC) == 2:
                    out.append((reserve[0], MARRIAGE))
            return out
        # naming: every solo, Hochzeit, pass
        return [(a, -1) for a in legal if a & 63 != CONCEDE]

    def _evaluate(
        self, view: SeatView, candidates: list[tuple[Action, int]]
    ) -> list[list[float]]:
        """Per candidate, its value in each sampled world (the same worlds for all)."""
        seat = view.seat
        assert seat is not None
        try:
            sampler = Sampler(view)
        except ImpossibleView:
            return [[] for _ in candidates]
        totals: list[list[float]] = [[] for _ in candidates]
        deadline = (
            time.perf_counter() + self.budget_ms / 1000.0 if self.budget_ms is not None else None
        )
        n = 0
        while True:
            if self.worlds is not None and n >= self.worlds:
                break
            if deadline is not None and n >= self.min_worlds and time.perf_counter() > deadline:
                break
            try:
                world = sampler.world(self.rng)
            except ImpossibleView:
                break
            for i, (action, plan) in enumerate(candidates):
                totals[i].append(self._playout(world, seat, action, plan))
            n += 1
        return totals

    # ------------------------------------------------------------------ playouts

    def _playout(self, world: Game, seat: int, action: Action, plan: int = -1) -> float:
        g = world.clone()
        g.apply(action)
        self._finish(g, seat, plan)
        return _final_value(g, seat)

    def _finish(self, g: Game, seat: int, plan: int = -1) -> None:
        """Play ``g`` to its end: simple choices for the Vorbehaltsabfrage, the card policy,
        and the exact solver for the last tricks."""
        policy = self.policy
        noise = self.opponent_noise
        solver_from = g.tricks_total - self.solver_tricks
        while g.phase != FINISHED:
            phase = g.phase
            if phase == PLAY:
                if (self.solver_tricks and len(g.tricks) >= solver_from and not g.trick
                        and self._solve_rest(g)):
                    return
                if (noise and g.is_re[g.to_move] != g.is_re[seat]
                        and self.rng.random() < noise):
                    plays = g.legal_plays()
                    g.apply(plays[int(self.rng.random() * len(plays))])
                    continue
                g.apply(g.to_move << 6 | policy(g))
            elif phase == QUERY:
                g.apply(g.to_move << 6 | self._query_answer(g))
            elif phase == NAMING:
                code = plan if g.to_move == seat and plan >= 0 else -1
                if code < 0 or not g.can_apply(g.to_move << 6 | code):
                    code = self._naming(g)
                g.apply(g.to_move << 6 | code)
            else:  # pragma: no cover
                raise AssertionError(phase)

    def _solve_rest(self, g: Game) -> bool:
        try:
            from doko.solver import principal_variation
        except ImportError:  # pragma: no cover
            return False
        if g.contract == 1 and not g.klaerung:  # a Hochzeit still open: parties unknown
            return False
        for _, cards, _, _ in principal_variation(g):
            for k in cards:
                if g.phase != PLAY:
                    return True
                g.apply(g.to_move << 6 | k)
        return g.phase == FINISHED

    @staticmethod
    def _query_answer(g: Game) -> int:
        # in playouts the others say healthy, unless they must play their Pflichtsolo now
        return HEALTHY

    def _naming(self, g: Game) -> int:
        codes = [a & 63 for a in g.legal_actions()]
        if PASS in codes:
            return PASS
        if MARRIAGE in codes:
            return MARRIAGE
        return SOLO_BASE + 4  # Damensolo: a common, robust choice in playouts


__all__ = ["CardPolicy", "SearchPlayer", "default_card_policy"]
