"""The vectorised environment: N games stepped by one call, numpy arrays in and out.

In each game one seat learns (``seat``, the same in every game); the other three are played
inside the environment by ``opponents``: ``"random"`` (the probabilities of
:class:`doko.bots.random_player.RandomPolicy`, among the seat's own legal actions) or
``"heuristic"`` (always gesund, never a call, cards by the play-out heuristic of the native core,
which sees every hand). A step applies every game's learner action (an action code 0..63, as the
mask allows), lets the opponents play until the learner is on turn again, and deals a finished
game anew at once (auto-reset): the observation returned for it is the new game's first one,
its reward the learner's score of the finished game by TSR 7 (game points, solo x3).

Game ``i`` draws its deals and its opponents' choices from seed ``seed + i`` (a small generator
of its own, wyrand, the same in both backends); the dealer rotates from game to game. The
native core steps the games in Rust; without it (``backend="python"``, or where it is not built)
a pure-Python loop gives the same numbers, only slower.

>>> env = VectorEnv(4, opponents="random", seed=1, backend="python")
>>> obs, mask = env.reset()
>>> obs.shape, mask.shape
((4, 397), (4, 64))
>>> actions = mask.argmax(axis=1)  # the first legal action of each game
>>> obs, mask, rewards, dones = env.step(actions)
>>> rewards.dtype, dones.dtype
(dtype('float32'), dtype('bool'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from doko.engine.actions import (
    CALL_RE,
    CLAIM,
    CONCEDE,
    HEALTHY,
    MARRIAGE,
    PASS,
    RESERVATION,
    WITHDRAW,
    Action,
    code_of,
    encode,
    seat_of,
)
from doko.engine.backend import native_module, resolve
from doko.engine.cards import ACE, EYES, KIND_MASK, NUM_KINDS
from doko.engine.contracts import DULLE_FIRST, DULLE_SECOND_EXCEPT_LAST, TRUMP, trick_winner
from doko.engine.game import NAMING, PLAY, QUERY, Game, deal_out
from doko.engine.result import seat_scores
from doko.engine.rules import TSR, Rules
from doko.engine.view import view
from doko.rl.encoding import OBS_SIZE, observation

__all__ = ["OPPONENTS", "VectorEnv", "WyRand", "deal", "heuristic_card", "random_pick"]

#: The opponents the vectorised environment plays itself.
OPPONENTS = ("random", "heuristic")
_M64 = (1 << 64) - 1


class WyRand:
    """The native core's small random generator (wyrand), for the same numbers in Python."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed ^ 0x2545F4914F6CDD1D) & _M64
        self.next_u64()

    def next_u64(self) -> int:
        self.state = (self.state + 0xA0761D6478BD642F) & _M64
        t = self.state * (self.state ^ 0xE7037ED1A0B428DB)
        return ((t >> 64) ^ t) & _M64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def below(self, n: int) -> int:
        """An index in ``0..n``."""
        return ((self.next_u64() >> 32) * n) >> 32


def deal(rng: WyRand, dealer: int, nines: bool = True) -> list[int]:
    """Four hands as the native core deals them: a uniform shuffle, a cut of 3 to n - 3 cards,
    rounds of 3 (3, 4, 3 without nines) from the dealer's left (TSR 3.3)."""
    deck: list[int] = []
    for k in range(NUM_KINDS):
        if nines or k % 6:
            deck += [k, k]
    n = len(deck)
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    cut = 3 + rng.below(n - 5)
    return deal_out(deck[cut:] + deck[:cut], dealer, nines)


_P_RESERVATION, _P_CALL, _P_MARRIAGE, _P_PASS, _P_CLAIM, _P_CONCEDE = (
    0.05, 0.02, 0.5, 0.5, 0.5, 0.002)


def random_pick(rng: WyRand, actions: Sequence[Action], phase: int) -> Action:
    """``RandomPolicy.pick`` with its default probabilities, drawing from ``rng``."""
    r = rng.random()
    if phase == PLAY:
        n = 0
        for a in actions:
            if code_of(a) >= 24:
                break
            n += 1
        if n < len(actions):
            rest = actions[n:]
            if r < _P_CALL:
                calls: list[Action] = []
                seats = 0
                for a in rest:
                    s = seat_of(a)
                    if CALL_RE <= code_of(a) < CONCEDE and not seats >> s & 1:
                        seats |= 1 << s
                        calls.append(a)
                if calls:
                    return calls[int(rng.random() * len(calls))]
            for a in rest:
                code = code_of(a)
                if code == CLAIM and rng.random() < _P_CLAIM:
                    return a
                if code == CONCEDE and rng.random() < _P_CONCEDE:
                    return a
        if n == 0:
            return actions[int(r * len(actions))]
        return actions[int(rng.random() * n)]
    if phase == QUERY:
        want = RESERVATION if r < _P_RESERVATION else HEALTHY
        for a in actions:
            if code_of(a) == want:
                return a
        return actions[0]
    if phase == NAMING:
        codes = [code_of(a) for a in actions]
        if MARRIAGE in codes and r < _P_MARRIAGE:
            return actions[codes.index(MARRIAGE)]
        if PASS in codes and r < _P_PASS:
            return actions[codes.index(PASS)]
        # a Vorbehalt is never taken back (TSR 4.1.2), as RandomPolicy
        solos = [a for a in actions if code_of(a) not in (MARRIAGE, PASS, WITHDRAW)]
        return solos[int(rng.random() * len(solos))]
    return actions[int(r * len(actions))]


def heuristic_card(game: Game) -> int:
    """The card (kind) the play-out heuristic of the native core plays for the seat on turn.

    It sees every hand: following, it throws its fattest card when its party holds the trick
    for sure, else plays the cheapest card that wins for sure, else the cheapest that wins for
    now when last, else its leanest card; leading, the cheapest card no opponent can beat, else
    a plain ace of a suit every opponent must follow, else its leanest card.
    """
    order = game.order
    eff, power, follow = order.eff_suit, order.power, order.follow
    rule = game.dulle_rule
    last = len(game.tricks) + 1 == game.tricks_total
    dulle = order.dulle
    hands, trick, leader, is_re = game.hands, game.trick, game.trick_leader, game.is_re
    seat = (leader + len(trick)) & 3
    legal = game.hands[seat] & KIND_MASK
    if trick:
        f = legal & follow[eff[trick[0]]]
        if f:
            legal = f

    def wins_over(a: int, b: int) -> bool:
        if order.beats(a, b):
            return True
        return (a == b and a == dulle and rule != DULLE_FIRST
                and not (last and rule == DULLE_SECOND_EXCEPT_LAST))

    def legal_for(t: int, led: int | None) -> int:
        held = hands[t] & KIND_MASK
        if led is None:
            return held
        f = held & follow[led]
        return f if f else held

    def opponent_can_beat(pos: int, card: int, led: int) -> bool:
        for later in range(pos + 1, 4):
            t = (leader + later) & 3
            if is_re[t] == is_re[seat]:
                continue
            m = legal_for(t, led)
            while m:
                k = (m & -m).bit_length() - 1
                m &= m - 1
                if wins_over(k, card):
                    return True
        return False

    def kinds(mask: int) -> list[int]:
        return [k for k in range(NUM_KINDS) if mask >> k & 1]

    def cheapest(mask: int) -> int:
        return min(kinds(mask), key=lambda k: (power[k], EYES[k]))

    def leanest(mask: int) -> int:
        return min(kinds(mask), key=lambda k: (EYES[k], power[k]))

    def fattest(mask: int) -> int:
        return min(kinds(mask), key=lambda k: (-EYES[k], power[k]))

    if not trick:
        unbeatable = 0
        for k in kinds(legal):
            if not opponent_can_beat(0, k, eff[k]):
                unbeatable |= 1 << k
        if unbeatable:
            return cheapest(unbeatable)
        for k in kinds(legal):
            if k % 6 != ACE or eff[k] == TRUMP:
                continue
            suit = eff[k]
            if all(t == seat or is_re[t] == is_re[seat] or hands[t] & KIND_MASK & follow[suit]
                   for t in range(4)):
                return k
        return leanest(legal)
    pos = len(trick)
    led = eff[trick[0]]
    best = trick_winner(order, trick, rule, last)
    best_card = trick[best]
    winner = (leader + best) & 3
    if is_re[winner] == is_re[seat] and not opponent_can_beat(pos, best_card, led):
        return fattest(legal)
    sure = for_now = 0
    for k in kinds(legal):
        if wins_over(k, best_card):
            for_now |= 1 << k
            if not opponent_can_beat(pos, k, led):
                sure |= 1 << k
    if sure:
        return cheapest(sure)
    if for_now and pos == 3:
        return cheapest(for_now)
    return leanest(legal)


class _PyGames:
    """The pure-Python loop behind :class:`VectorEnv` (the native core's ``VectorEnv`` in
    Python: same deals, same opponents, same numbers)."""

    def __init__(self, n: int, seed: int, seat: int, opponent: str, rules: Rules) -> None:
        self.seat = seat
        self.opponent = opponent
        self.rules = rules
        self.rngs = [WyRand((seed + i) & _M64) for i in range(n)]
        self.counts = [0] * n
        self.games: list[Game] = [Game.deal(0) for _ in range(n)]
        for i in range(n):
            self._new_game(i)

    def _new_game(self, i: int) -> None:
        while True:
            dealer = self.counts[i] & 3
            self.counts[i] += 1
            hands = deal(self.rngs[i], dealer, self.rules.nines)
            self.games[i] = Game(hands, dealer, rules=self.rules)
            if not self._advance(i):
                return

    def _advance(self, i: int) -> bool:
        g = self.games[i]
        rng = self.rngs[i]
        while True:
            if g.is_over:
                return True
            s = g.to_move
            if s == self.seat:
                return False
            if self.opponent == "random":
                a = random_pick(rng, g.legal_actions(s), g.phase)
            elif g.phase == QUERY:
                a = encode(s, HEALTHY)
            elif g.phase == NAMING:
                a = g.legal_actions(s)[0]
            else:
                a = encode(s, heuristic_card(g))
            g.apply(a)

    def step(self, i: int, code: int) -> tuple[int, bool]:
        g = self.games[i]
        try:
            g.apply(encode(self.seat, code))
        except ValueError as e:
            e.add_note(f"in game {i} of the vector")
            raise
        if self._advance(i):
            reward = seat_scores(g)[self.seat]
            self._new_game(i)
            return reward, True
        return 0, False

    def observe(self, i: int, obs: npt.NDArray[np.float32] | None,
                mask: npt.NDArray[np.int8]) -> None:
        v = view(self.games[i], self.seat)
        mask[:] = 0
        for a in v.legal_actions:
            if seat_of(a) == self.seat:
                mask[code_of(a)] = 1
        if obs is not None:
            observation(v, obs)


class VectorEnv:
    """``n`` games stepped together (see the module docstring).

    ``observations=False`` skips the observation tensors (masks only) for the fastest loop.
    ``backend``: ``"auto"`` (the native core where it is built), ``"native"`` or ``"python"``.
    """

    def __init__(self, n: int, opponents: str = "random", *, seat: int = 0, seed: int = 0,
                 rules: Rules = TSR, observations: bool = True,
                 backend: str | None = None) -> None:
        if n < 1:
            raise ValueError("a VectorEnv needs at least one game")
        if opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, "
                             f"not {opponents!r}")
        if not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, got {seat}")
        if not 0 <= seed < 1 << 64:
            raise ValueError("seed must be in 0 .. 2**64 - 1")
        self.n = n
        self.opponents = opponents
        self.seat = seat
        self.seed = seed
        self.rules = rules
        self.observations = observations
        self.backend = resolve(backend)
        self.obs = np.zeros((n, OBS_SIZE), np.float32)
        self.mask = np.zeros((n, 64), np.int8)
        self.rewards = np.zeros(n, np.float32)
        self._dones = np.zeros(n, np.uint8)
        self._native: Any = None
        self._py: _PyGames | None = None
        self.steps = 0
        self.actions_applied = 0

    def _make(self) -> None:
        if self.backend == "native":
            from doko.engine.native import native_rules

            module = native_module()
            assert module is not None
            self._native = module.VectorEnv(self.n, self.seed, self.seat, self.opponents,
                                            native_rules(self.rules))
        else:
            self._py = _PyGames(self.n, self.seed, self.seat, self.opponents, self.rules)

    def reset(self, seed: int | None = None
              ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deal every game anew (from ``seed`` if given); returns (observations, masks)."""
        if seed is not None:
            if not 0 <= seed < 1 << 64:
                raise ValueError("seed must be in 0 .. 2**64 - 1")
            self.seed = seed
        self._make()
        self._observe()
        return self.obs, self.mask

    def _observe(self) -> None:
        obs = self.obs if self.observations else None
        if self._native is not None:
            self._native.observe(obs, self.mask)
            return
        assert self._py is not None
        for i in range(self.n):
            self._py.observe(i, None if obs is None else obs[i], self.mask[i])

    def step(self, actions: npt.ArrayLike) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.float32],
            npt.NDArray[np.bool_]]:
        """Apply one action code per game; returns (observations, masks, rewards, dones).

        The arrays are the environment's own, overwritten by the next step (copy what you
        keep). An illegal action raises :class:`doko.engine.errors.IllegalActionError` with a
        note naming the game.
        """
        if self._native is None and self._py is None:
            raise RuntimeError("call reset() before step()")
        acts = np.ascontiguousarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape[0] != self.n:
            raise ValueError(f"{self.n} games need {self.n} actions, got {acts.shape[0]}")
        if self._native is not None:
            obs = self.obs if self.observations else None
            self.actions_applied += self._native.step(acts, self.rewards, self._dones, obs,
                                                      self.mask)
        else:
            assert self._py is not None
            for i in range(self.n):
                code = int(acts[i])
                if not 0 <= code < 64:
                    raise ValueError(f"game {i}: action {code} is outside 0..63")
                reward, done = self._py.step(i, code)
                self.rewards[i] = reward
                self._dones[i] = done
            self._observe()
        self.steps += self.n
        return self.obs, self.mask, self.rewards, self._dones.view(np.bool_)

    def history(self, i: int) -> list[Action]:
        """The actions of game ``i`` so far."""
        if self._native is not None:
            return [Action(a) for a in self._native.history(i)]
        assert self._py is not None
        return list(self._py.games[i].history)
