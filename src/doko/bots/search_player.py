"""``search``: determinized Monte Carlo over the hidden hands.

For each decision the player samples deals of the unseen cards consistent with everything its
seat has observed (:class:`~doko.bots.sampler.Sampler`), evaluates every candidate action in
every sampled world by a playout — the ``rules`` policy for all seats, and the exact
double-dummy solver for the last tricks — and picks the action with the best mean score points
for its seat (Augen as a tie-breaker). The same evaluation decides the Vorbehalt, the naming of
a solo or Hochzeit, calls (considered at the seat's own turn, which is never later than an
out-of-turn call could be: the deadlines count the caller's own cards) and card play. For the
game choice the seat's own later calls are credited in hindsight (``call_foresight``).

The budget is per decision, in milliseconds (default 600) and/or a number of worlds.

Where the native core is built (``backend``: None or ``auto`` picks it, see
:mod:`doko.engine.backend`), a decision is one call into Rust (``doko_native.SearchWorlds``):
the constraints of :class:`~doko.bots.sampler.Sampler` go there, and the worlds are sampled by
the same procedure (with the native generator's random numbers, from one seed drawn from this
player's generator), replayed, and every candidate played out with a port of the ``rules``
card play (``native/src/rules_policy.rs``: the same card as
:func:`~doko.bots.rules_player.rules_card` in every position, checked by the differential test
in ``tests/native/test_search_native.py``), the ν noise and the exact solver for the last
tricks; the opponent model's replays run there too. On the same world a playout gives exactly
the Python value (ν = 0). The native player evaluates some forty times as many worlds in the
same time; its decisions for a seed differ from the Python player's only because its worlds
do. ``backend="python"`` keeps the pure-Python path, which is unchanged.

Card-play inference (``inference``, native only): the worlds are weighted by how likely the
other seats' cards so far are in them under the playouts' model of those seats, and the
playouts go to the worlds drawn by that weight (see :class:`SearchPlayer`).

>>> from doko.engine.game import Game
>>> from doko.bots.base import play_game, make_player
>>> players = [SearchPlayer(seed=1, worlds=4, budget_ms=None)] + [
...     make_player("random", seed=s) for s in (2, 3, 4)]
>>> play_game(Game.deal(5), players).is_over
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable
from typing import Any

from doko.bots.base import Player, register
from doko.bots.rules_player import genscher_choice
from doko.bots.sampler import ImpossibleView, Sampler
from doko.engine.actions import (
    ACTIONS,
    BLACK,
    CALL_RE,
    CLAIM,
    CODE_OF,
    CONCEDE,
    GENSCHER_CODES,
    HEALTHY,
    MARRIAGE,
    PASS,
    PIG_CODES,
    RESERVATION,
    SOLO_BASE,
    WITHDRAW,
    Action,
    call_level,
    code_of,
    encode,
    genscher_naming,
    is_solo_code,
    seat_of,
    solo_code,
)
from doko.engine.backend import native_module, resolve
from doko.engine.cards import QC, hand_from_kinds
from doko.engine.contracts import SOLO_NAMES
from doko.engine.game import FINISHED, NAMING, PLAY, QUERY, Game
from doko.engine.result import seat_scores, summary_of
from doko.engine.scoring import score
from doko.engine.view import SeatView

#: A playout policy: the card (kind) the seat on turn plays in a full game state.
CardPolicy = Callable[[Game], int]


def _random_card(rng: random.Random) -> CardPolicy:
    def pick(game: Game) -> int:
        plays = game.legal_plays()
        return CODE_OF[plays[int(rng.random() * len(plays))]]

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


#: The share of the time budget the native playouts leave for the rest of a decision.
DEADLINE_MARGIN = 0.08


def _reply_cost(game: Game, seat: int) -> int:
    """What the other party's reply to the seat's call (its Re or Kontra, where it has made no
    call) would have cost the seat in the finished ``game``, in hindsight: it replies where the
    reply pays for it, that is where it wins; 0 or negative (``search::reply_cost``)."""
    summary = summary_of(game)
    re = game.is_re[seat]
    if (summary.kontra_calls if re else summary.re_calls) != 0:
        return 0
    re_seats = game.re_seats()
    base = score(summary, game.rules).seat_scores(re_seats)[seat]
    replied = (dataclasses.replace(summary, kontra_calls=1) if re
               else dataclasses.replace(summary, re_calls=1))
    return min(0, score(replied, game.rules).seat_scores(re_seats)[seat] - base)


def _call_gain(game: Game, seat: int, most: int) -> int:
    """What calls up to level ``most`` made by ``seat`` would have added to its score in
    the finished ``game``, in hindsight: the best level its party achieved, or none (0)."""
    summary = summary_of(game)
    re = game.is_re[seat]
    re_seats = game.re_seats()
    base = score(summary, game.rules).seat_scores(re_seats)[seat]
    best = base
    for level in range((summary.re_calls if re else summary.kontra_calls) + 1, most + 1):
        called = (dataclasses.replace(summary, re_calls=level) if re
                  else dataclasses.replace(summary, kontra_calls=level))
        v = score(called, game.rules).seat_scores(re_seats)[seat]
        if v < base:
            break  # a level the party missed: higher ones miss too
        best = max(best, v)
    return best - base


def _native_observe(worlds: Any, deals: list[list[int]],
                    todo: list[int]) -> tuple[dict[int, int], dict[int, float]]:
    """The opponent model's observations (see ``SearchPlayer._noise_from``) in the native core:
    per deal one call that replays the history and asks the ported rules policy."""
    hits = dict.fromkeys(todo, 0)
    inv = dict.fromkeys(todo, 0.0)
    for hands in deals:
        obs = worlds.observations(hands, todo)
        if obs is None:  # pragma: no cover - the deals were checked to replay
            raise ImpossibleView("a sampled deal does not replay the history")
        for i, (hit, share) in zip(todo, obs, strict=True):
            hits[i] += hit
            inv[i] += share
    return hits, inv


def _effective_size(weights: list[float]) -> float:
    """The effective sample size (Σw)² / Σw² of world weights."""
    s = sum(weights)
    q = sum(w * w for w in weights)
    return s * s / q if q > 0 else 0.0


#: The grid of ν for the opponent model.
NOISE_GRID = tuple(i / 20 for i in range(21))


def noise_distribution(observed: list[tuple[float, float]], prior_mean: float,
                       prior_weight: float = 1.0) -> list[float]:
    """Posterior weights over :data:`NOISE_GRID` of ν, the chance that another seat plays a
    random card instead of the ``rules`` card, given per observed card (chance the rules
    policy plays it, chance a random choice does); the prior is a Beta with that mean and
    weight (a + b)."""
    a, b = prior_weight * prior_mean, prior_weight * (1.0 - prior_mean)
    logs: list[float] = []
    for nu in NOISE_GRID:
        # the Beta density on the grid, the end points slightly inside
        x = min(max(nu, 0.01), 0.99)
        lp = (a - 1.0) * math.log(x) + (b - 1.0) * math.log(1.0 - x)
        for rules_p, random_p in observed:
            lp += math.log((1.0 - nu) * rules_p + nu * random_p)
        logs.append(lp)
    top = max(logs)
    ws = [math.exp(lp - top) for lp in logs]
    total = sum(ws)
    return [w / total for w in ws]


def noise_posterior(observed: list[tuple[float, float]], prior_mean: float,
                    prior_weight: float = 1.0) -> float:
    """The posterior mean of ν (see :func:`noise_distribution`).

    >>> abs(noise_posterior([], 0.4) - 0.4) < 0.03  # nothing seen: about the prior mean
    True
    >>> noise_posterior([(0.9, 0.3)] * 12, 0.4) < 0.15  # cards the rules policy plays
    True
    >>> noise_posterior([(0.05, 0.3)] * 12, 0.4) > 0.9  # cards it would not play
    True
    """
    ws = noise_distribution(observed, prior_mean, prior_weight)
    return sum(w * nu for w, nu in zip(ws, NOISE_GRID, strict=True))


@register("search")
class SearchPlayer(Player):
    """Determinized Monte Carlo search; see the module docstring.

    ``budget_ms``: time per decision (None: no time limit); ``worlds``: the most sampled worlds
    per decision (None: as many as the time allows); ``solver_tricks``: the playouts are
    finished by the exact solver once this many tricks remain (0: never);
    ``opponent_noise``: in playouts the other seats play a random legal card with this
    probability (None: inferred from their play, see the module docstring; 0: they play like
    the ``rules`` player); ``noise_prior``, ``noise_weight``: mean and weight (a + b) of the
    Beta prior of that inference; ``noise_estimate``: the ν of a playout: ``sample`` (drawn
    per world from the posterior), ``mean`` or ``map`` (the posterior's mean or mode for all);
    ``infer_worlds``: sampled worlds per observed card for it; ``memory``: how many observed
    cards of earlier games this instance keeps for it (0: every game starts from the prior);
    ``solo_kinds``: how many solo kinds (the best by the ``rules`` player's hand evaluation)
    are compared for the Vorbehalt and the naming;
    ``confidence``: the ``rules`` player's choice is kept unless another action is better by
    this many standard errors of the paired per-world differences (0: always the best mean);
    ``query_confidence``: the same for the game choice (Vorbehalt, naming; default
    ``confidence``), scaled by 1 - ν: the rules player's game choice is tuned for tables that
    play like it, so it counts less the weaker the table seems;
    ``call_foresight``: for the game choice, each playout's score is raised by this share,
    times the world's ν, of what the seat's own calls at its first turn would have added in
    hindsight (Re/Kontra and the Absagen its party made good; :func:`_call_gain`). Playouts
    make no calls of their own, but the player calls in most games against a weak table, and a
    call is worth three times as much to a soloist: without this a solo's playout estimate
    fell 6.3 points short of its realised score against random cards, a Normalspiel's 1.1, so
    solos were chosen too rarely. With 1 both are calibrated (-0.3 and -0.7); against a table
    of rules players (ν near 0) the estimates without foresight were already calibrated, and
    the scaling by ν leaves them so. 0 turns it off.
    ``backend``: where the playouts run, ``python`` or ``native`` (None or ``auto``: the
    ``DOKO_BACKEND`` environment variable, else native where it is built; see the module
    docstring); ``playout_policy``: the card play of the playouts, ``rules`` (the rules
    player's) or, on the native core only, ``heuristic`` (the fast heuristic of
    ``native/src/heuristic.rs``, which sees every hand of the world: measured against
    ``rules``, see docs/players.md); ``confidence_worlds``: the standard error of the
    ``confidence`` test is taken as if at most this many worlds were evaluated (None: as many
    as there were), so that the test does not weaken as the worlds grow (the playouts' model
    of the table has a bias of its own, e.g. nobody answers a call);
    ``answer``: the other party answers the seat's calls: for a call candidate each playout's
    score is lowered by this share, times 1 - ν, of what the other party's reply (Re or
    Kontra, where it has made no call) would have cost the seat in hindsight, the other party
    replying where that pays for it (:func:`_reply_cost`). Playouts make no calls, so without
    it a call looked as good as if nobody ever answered it: at 100 ms against ``uct`` the
    player called in two thirds of its games and won only half of those calls. 0 turns it off.
    ``inference``: card-play inference, on the native core only (``on``/True, ``off``/False, the
    default, or None/``auto``: on where the playouts run natively; ``on`` with the pure-Python
    backend is an error, not ignored; off by default because it has not measured stronger yet,
    see docs/players.md): the sampled worlds are weighted by the likelihood of the other seats'
    observed cards under the playouts' model of them, the product over those cards of ν /
    |legal| + (1 − ν) · [the rules card there is the card played], with ν the inferred noise but
    at least ``infer_noise``; the worlds come in pools of ``infer_pool``, each pool is weighted
    by that likelihood tempered (exp(τ ℓ), the largest τ ≤ ``infer_temper`` that keeps the
    pool's effective sample size at least ``infer_ess`` of it: a safeguard against a few worlds
    taking all the weight, τ = 0 gives equal weights) and resampled systematically, and only the
    worlds drawn are played out, each counted by its draws; the means and the confidence test
    are weighted (the effective sample size for the number of worlds). ``infer_cards``: only the
    last this-many observed cards count (0: all of the game's).
    """

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float | None = 600.0,
        worlds: int | None = None,
        solver_tricks: int = 3,
        min_worlds: int = 4,
        opponent_noise: float | None = None,
        noise_prior: float = 0.4,
        noise_weight: float = 1.0,
        noise_estimate: str = "sample",
        infer_worlds: int = 8,
        memory: int = 240,
        solo_kinds: int = 3,
        confidence: float = 1.5,
        query_confidence: float | None = None,
        call_foresight: float = 1.0,
        backend: str | None = None,
        playout_policy: str = "rules",
        confidence_worlds: int | None = None,
        answer: float = 1.0,
        inference: bool | str | None = False,
        infer_noise: float = 0.1,
        infer_temper: float = 1.0,
        infer_ess: float = 0.1,
        infer_cards: int = 0,
        infer_pool: int = 100,
    ) -> None:
        super().__init__(seed)
        if budget_ms is None and worlds is None:
            raise ValueError("give the search player a time budget or a number of worlds")
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.solver_tricks = solver_tricks
        if not 0.0 <= call_foresight <= 1.0:
            raise ValueError(f"call_foresight must lie in [0, 1], not {call_foresight}")
        self.call_foresight = call_foresight
        if not 0.0 <= answer <= 1.0:
            raise ValueError(f"answer must lie in [0, 1], not {answer}")
        self.answer = float(answer)
        self._foresight = 0.0  # call_foresight while choosing the game, else 0
        self._next_call = 0  # in a playout: the highest level the seat may call at its next turn
        self.min_worlds = min_worlds
        self.policy = default_card_policy(self.rng)
        if opponent_noise is not None and not 0.0 <= opponent_noise <= 1.0:
            raise ValueError(f"opponent_noise must lie in [0, 1], not {opponent_noise}")
        if not 0.0 < noise_prior < 1.0:
            raise ValueError(f"noise_prior must lie in (0, 1), not {noise_prior}")
        if not noise_weight > 0.0:
            raise ValueError(f"noise_weight must be positive, not {noise_weight}")
        self.opponent_noise = opponent_noise
        self.noise_prior = noise_prior
        self.noise_weight = noise_weight
        if noise_estimate not in ("sample", "mean", "map"):
            raise ValueError(f"noise_estimate must be sample, mean or map, not {noise_estimate!r}")
        self.noise_estimate = noise_estimate
        self.query_confidence = confidence if query_confidence is None else query_confidence
        self._dist: list[float] | None = None
        self.infer_worlds = max(1, int(infer_worlds))
        #: the ν the last evaluation used (for inspection)
        self.noise = noise_prior if opponent_noise is None else opponent_noise
        self._nu = self.noise  # the ν of the world being played out
        # observed other-seat cards: history index -> (share of worlds where the rules policy
        # plays it, mean 1/number of legal cards); valid while the history starts with _seen
        self._obs: dict[int, tuple[float, float]] = {}
        self._seen: list[Action] = []
        # observations of earlier games played by this instance (the table's level)
        self.memory = max(0, int(memory))
        self._past: list[tuple[float, float]] = []
        self.confidence = confidence
        if not 1 <= solo_kinds <= 7:
            raise ValueError(f"solo_kinds must lie in 1..7, not {solo_kinds}")
        self.solo_kinds = solo_kinds
        # the rules player's choice is kept unless the search is confident that another action
        # is better (by ``confidence`` standard errors of the paired differences)
        self.prior: Player | None = None
        if confidence > 0 or self.query_confidence > 0:
            from doko.bots.base import make_player

            self.prior = make_player("rules", seed=seed)
        #: the native core when the playouts run there, else None
        self._native = native_module() if resolve(backend) == "native" else None
        self.backend = "native" if self._native is not None else "python"
        if playout_policy not in ("rules", "heuristic"):
            raise ValueError(f"playout_policy must be rules or heuristic, not {playout_policy!r}")
        if playout_policy == "heuristic" and self._native is None:
            raise ValueError("playout_policy heuristic needs the native core (backend native)")
        self.playout_policy = playout_policy
        if confidence_worlds is not None and confidence_worlds < 2:
            raise ValueError(f"confidence_worlds must be 2 or more, not {confidence_worlds}")
        self.confidence_worlds = confidence_worlds
        self.inference = self._inference_option(inference)
        if not 0.0 < infer_noise <= 1.0:
            raise ValueError(f"infer_noise must lie in (0, 1], not {infer_noise}")
        if not infer_temper >= 0.0:
            raise ValueError(f"infer_temper must be 0 or more, not {infer_temper}")
        if not 0.0 <= infer_ess <= 1.0:
            raise ValueError(f"infer_ess must lie in [0, 1], not {infer_ess}")
        if infer_cards < 0:
            raise ValueError(f"infer_cards must be 0 (all) or more, not {infer_cards}")
        self.infer_noise = float(infer_noise)
        self.infer_temper = float(infer_temper)
        self.infer_ess = float(infer_ess)
        self.infer_cards = int(infer_cards)
        if infer_pool < 1:
            raise ValueError(f"infer_pool must be 1 or more, not {infer_pool}")
        self.infer_pool = int(infer_pool)
        #: the weights of the worlds of the last evaluation (their draws in the resampling,
        #: scaled to mean 1; None: equal weights)
        self.last_weights: list[float] | None = None
        #: the tempering exponent τ of those weights (inspection)
        self.last_temper = 0.0
        # the seeds of the native playouts' random cards, apart from self.rng: the worlds and
        # the ν drawn from self.rng are the Python path's
        self._seeds = random.Random(None if seed is None else f"search-playouts-{seed}")
        #: when the current decision began (the native path's budget counts from there)
        self._t0 = 0.0
        #: worlds evaluated in the last decision (for inspection and benchmarks)
        self.last_worlds = 0
        #: playouts made so far over all decisions (one per candidate and world)
        self.playouts_total = 0

    def _inference_option(self, inference: bool | str | None) -> bool:
        """``inference``: True/``on``, False/``off``, or None/``auto`` (on where the playouts
        run natively); the pure-Python backend has no card-play inference."""
        if isinstance(inference, str):
            low = inference.lower()
            if low not in ("on", "off", "auto"):
                raise ValueError(f"inference must be on, off or auto, not {inference!r}")
            inference = None if low == "auto" else low == "on"
        if inference is None:
            return self._native is not None
        if inference and self._native is None:
            raise ValueError("inference (card-play inference) needs the native core "
                             "(backend native); the pure-Python search has none")
        return bool(inference)

    # ------------------------------------------------------------------ decisions

    def playout_count(self) -> int:
        """Playouts made so far: one per candidate action and sampled world, in either backend
        (the arena reports them per decision)."""
        return self.playouts_total

    def decide(self, view: SeatView) -> Action | None:
        self._t0 = time.perf_counter()
        legal = list(view.legal_actions)
        if not legal:
            return None
        claims = [a for a in legal if code_of(a) == CLAIM]
        if claims:
            return claims[0]  # offered only when it is sure to hold
        if not view.to_play:
            # calls are considered at the own turn (no later deadline); Schweinchen announced
            # before the first card (house rule) cannot wait for it
            pigs = [a for a in legal if code_of(a) in PIG_CODES and seat_of(a) == view.seat]
            return pigs[0] if pigs and view.rules.pigs == "query" else None
        if view.phase < PLAY and (view.rules.armut or view.rules.schmeissen):
            # Armut and Schmeißen (house rules): the game choice, the answer to an Armut and
            # its exchange are the rules player's (the playouts start in trick play)
            return self._house_rules_player().decide(view)
        candidates = self._candidates(view, legal)
        if len({a for a, _ in candidates}) == 1:
            return candidates[0][0]
        samples = self.evaluate(view, candidates)
        n = len(samples[0])
        weights = self.last_weights
        if weights is None or len(weights) != n:
            weights = None
            means = [sum(v) / max(n, 1) for v in samples]
        else:  # card-play inference: the worlds weighted by the others' cards (mean 1)
            means = [sum(w * x for w, x in zip(weights, v, strict=True)) / n for v in samples]
        best = max(range(len(candidates)), key=lambda i: means[i])
        base = self._prior_index(view, candidates, means)
        # before play the rules player's game choice is tuned for tables that play like it: the
        # weaker the table seems, the less it counts
        conf = (self.confidence if view.phase == PLAY
                else self.query_confidence * (1.0 - self.noise))
        if base is None or base == best or n < 2 or conf <= 0:
            return candidates[best][0]
        # keep the rules player's choice unless the search is confident it is worse
        diffs = [samples[best][w] - samples[base][w] for w in range(n)]
        if weights is None:
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            size = float(n)
        else:  # weighted: the effective sample size stands for the number of worlds
            mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / n
            var = (sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True))
                   / (n - 1))
            size = max(1.0, _effective_size(weights))
        m = size if self.confidence_worlds is None else min(size, self.confidence_worlds)
        if mean > conf * (var / m) ** 0.5:
            return candidates[best][0]
        return candidates[base][0]

    def _house_rules_player(self) -> Player:
        """The rules player that decides before trick play under Armut or Schmeißen."""
        if self.prior is None:
            from doko.bots.base import make_player

            self.prior = make_player("rules", seed=self.rng.getrandbits(32))
        return self.prior

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
        if phase == PLAY:
            out = [(a, -1) for a in legal if code_of(a) < 24]
            calls = [a for a in legal if CALL_RE <= code_of(a) <= BLACK]
            if calls:
                out.append((calls[0], -1))  # the next level only
            # house rules: announcing Schweinchen is weighed like a card, so is each naming of a
            # Genscher
            out += [(a, -1) for a in legal if code_of(a) in PIG_CODES or code_of(a) in
                    GENSCHER_CODES]
            return out
        if phase == QUERY:
            seat = view.seat
            assert seat is not None
            out = [(a, -1) for a in legal if code_of(a) == HEALTHY]
            reserve = [a for a in legal if code_of(a) == RESERVATION]
            if reserve:
                for code in self._solo_codes(view):
                    out.append((reserve[0], code))
                if list(view.hand).count(QC) == 2:
                    out.append((reserve[0], MARRIAGE))
            return out
        # naming: the likeliest solos, Hochzeit, pass (a Vorbehalt it made is meant: it is
        # never taken back, TSR 4.1.2)
        kinds = set(self._solo_codes(view))
        return [(a, -1) for a in legal
                if code_of(a) not in (CONCEDE, WITHDRAW)
                and not (is_solo_code(code_of(a)) and code_of(a) not in kinds)]

    def _solo_codes(self, view: SeatView) -> list[int]:
        """The naming codes of the ``solo_kinds`` solos the ``rules`` player's hand evaluation
        rates best for this hand, among the kinds the table's rules play."""
        from doko.bots.rules_player import evaluate_solos, initial_counts

        chances = evaluate_solos(initial_counts(view), view.rules)
        ranked = sorted(chances, key=lambda n: (-chances[n], SOLO_NAMES.index(n)))
        return sorted(solo_code(n) for n in ranked[: self.solo_kinds])

    def evaluate(
        self, view: SeatView, candidates: list[tuple[Action, int]]
    ) -> list[list[float]]:
        """Per candidate (an action with the plan it is played under, as the player's own
        candidate list gives them), its value in each world sampled from ``view`` (the same
        worlds for all candidates): the score points of the seat after a playout. Uses only
        what ``view`` shows; the analysis calls it for its *knowable* measure."""
        seat = view.seat
        assert seat is not None
        self._foresight = self.call_foresight if view.phase != PLAY else 0.0
        self.last_weights = None
        self.last_temper = 0.0
        try:
            sampler = Sampler(view)
        except ImpossibleView:
            return [[] for _ in candidates]
        if self._native is not None and view.taker is None:
            # (an Armut's worlds differ in its hidden exchange: the Python worlds replay it)
            return self._evaluate_native(view, candidates, sampler)
        totals: list[list[float]] = [[] for _ in candidates]
        deadline = (
            time.perf_counter() + self.budget_ms / 1000.0 if self.budget_ms is not None else None
        )
        first: list[Game] = []
        if self.opponent_noise is None:
            # worlds for the opponent model first; the playouts use them too
            try:
                for _ in range(self.infer_worlds):
                    first.append(sampler.world(self.rng))
            except ImpossibleView:
                pass
            self._dist = self._infer_noise(view, first)
            self.noise = sum(w * nu for w, nu in zip(self._dist, NOISE_GRID, strict=True))
        n = 0
        while True:
            if self.worlds is not None and n >= self.worlds:
                break
            if deadline is not None and n >= self.min_worlds and time.perf_counter() > deadline:
                break
            if n < len(first):
                world = first[n]
            else:
                try:
                    world = sampler.world(self.rng)
                except ImpossibleView:
                    break
            self._nu = self.noise
            dist = self._dist
            if dist is not None and self.noise_estimate == "sample":
                self._nu = self.rng.choices(NOISE_GRID, dist)[0]
            elif dist is not None and self.noise_estimate == "map":
                self._nu = NOISE_GRID[max(range(len(dist)), key=dist.__getitem__)]
            for i, (action, plan) in enumerate(candidates):
                totals[i].append(self._playout(world, seat, action, plan))
            n += 1
        self.last_worlds = n
        self.playouts_total += n * len(candidates)
        return totals

    def _evaluate_native(
        self, view: SeatView, candidates: list[tuple[Action, int]], sampler: Sampler
    ) -> list[list[float]]:
        """:meth:`evaluate` in the native core: the deal constraints of ``sampler`` go to
        ``doko_native.SearchWorlds``, which samples the worlds (the same procedure, its own
        random numbers from one seed drawn here), replays the history on each and plays out
        every candidate, all in one call within the budget (the worlds of the opponent model
        first, as in the Python path)."""
        native = self._native
        assert native is not None and view.seat is not None
        history = list(view.history)
        if history and code_of(history[-1]) == CLAIM:  # as Sampler.world: up to the claim
            history.pop()
        worlds = native.SearchWorlds(view.dealer, list(view.owes_pflichtsolo), view.vorfuehrung,
                                     view.rules, history, view.seat)
        worlds.set_deal(hand_from_kinds(view.hand), sampler.pool, sampler.need, sampler.allowed,
                        sampler.must_qc, [hand_from_kinds(p) for p in sampler.played],
                        must=sampler.must_cards)
        seed = self.rng.getrandbits(64)
        first: list[list[int]] = []
        if self.opponent_noise is None:
            first = worlds.sample(self.infer_worlds, seed ^ 0x0B5E)
            self._dist = self._noise_from(view, len(first),
                                          lambda todo: _native_observe(worlds, first, todo))
            self.noise = sum(w * nu for w, nu in zip(self._dist, NOISE_GRID, strict=True))
        dist = self._dist
        nu = self.noise
        if dist is not None and self.noise_estimate == "map":
            nu = NOISE_GRID[max(range(len(dist)), key=dist.__getitem__)]
        weights = dist if dist is not None and self.noise_estimate == "sample" else None
        seconds = None
        if self.budget_ms is not None:
            # the playouts end a margin before the budget: what follows (the rules player's
            # choice for the confidence test, the answer) must fit in too
            end = self._t0 + self.budget_ms * (1.0 - DEADLINE_MARGIN) / 1000.0
            seconds = max(0.0, end - time.perf_counter())
        infer_at: list[int] | None = None
        if self.inference:
            # the other seats' cards so far (the last ``infer_cards`` of them, 0: all)
            infer_at = [i for i, a in enumerate(history)
                        if code_of(a) < 24 and seat_of(a) != view.seat]
            if self.infer_cards:
                infer_at = infer_at[-self.infer_cards:]
            if not infer_at:
                infer_at = None
        values, nus, world_weights, tau = worlds.run(
            [(int(a), plan) for a, plan in candidates], first, list(NOISE_GRID), weights, nu,
            self._foresight, self.solver_tricks, self.worlds, self.min_worlds, seconds, seed,
            heuristic=self.playout_policy == "heuristic", answer=self.answer,
            infer_at=infer_at, infer_nu=max(self.noise, self.infer_noise),
            infer_temper=self.infer_temper, infer_ess=self.infer_ess,
            infer_pool=self.infer_pool)
        if infer_at is not None and world_weights:
            scale = len(world_weights) / sum(world_weights)  # mean 1
            self.last_weights = [w * scale for w in world_weights]
            self.last_temper = tau
        self.last_worlds = len(nus)
        self.playouts_total += len(nus) * len(candidates)
        if nus:
            self._nu = nus[-1]
        return [list(v) for v in values]

    # ------------------------------------------------------------------ opponent model

    def _infer_noise(self, view: SeatView, worlds: list[Game]) -> list[float]:
        """The posterior of ν (weights over :data:`NOISE_GRID`) given the other seats' cards
        so far and those of earlier games (module docstring)."""
        history = list(view.history)

        def observe(todo: list[int]) -> tuple[dict[int, int], dict[int, float]]:
            hits = dict.fromkeys(todo, 0)
            inv = dict.fromkeys(todo, 0.0)
            want = set(todo)
            last = todo[-1]
            for w in worlds:
                g = Game(w.initial_hands, w.dealer, owes_pflichtsolo=w.owes_pflichtsolo,
                         vorfuehrung=w.vorfuehrung, rules=w.rules)
                for i, a in enumerate(history):
                    if i in want:  # the card's seat is on turn: the playout policy's card
                        if self.policy(g) == CODE_OF[a]:
                            hits[i] += 1
                        inv[i] += 1.0 / len(g.legal_plays())
                    if i == last:
                        break
                    g.apply(a)
            return hits, inv

        return self._noise_from(view, len(worlds), observe)

    def _noise_from(
        self, view: SeatView, n: int,
        observe: Callable[[list[int]], tuple[dict[int, int], dict[int, float]]],
    ) -> list[float]:
        """The posterior of ν from the observations of the new cards of other seats, made in
        ``n`` worlds by ``observe`` (per history index: in how many worlds the rules policy
        plays that card, and the sum of 1 / the number of legal cards)."""
        seat = view.seat
        history = list(view.history)
        if history[: len(self._seen)] != self._seen:  # another game
            if self.memory:
                self._past = (self._past + list(self._obs.values()))[-self.memory:]
            self._obs = {}
        todo = [i for i, a in enumerate(history)
                if code_of(a) < 24 and seat_of(a) != seat and i not in self._obs]
        if view.taker is not None:
            todo = []  # an Armut (house rule): its worlds' histories hold a hidden exchange
        if todo and n:
            hits, inv = observe(todo)
            for i in todo:
                # the rules policy's share, smoothed by one pseudo-world that plays a random
                # card: over the legal cards the shares still sum to 1 (a proper likelihood,
                # so that a table of random cards is recognised as such, ν near 1)
                rand = inv[i] / n
                self._obs[i] = ((hits[i] + rand) / (n + 1.0), rand)
        self._seen = history
        return noise_distribution(self._past + list(self._obs.values()), self.noise_prior,
                                  self.noise_weight)

    # ------------------------------------------------------------------ playouts

    def _playout(self, world: Game, seat: int, action: Action, plan: int = -1) -> float:
        g = world.clone()
        g.apply(action)
        self._next_call = -1
        self._finish(g, seat, plan)
        value = _final_value(g, seat)
        if self._foresight and self._next_call > 0:
            # the seat's own calls, which playouts do not make, in hindsight and as far as
            # the table does not fight back (its ν): see ``call_foresight``
            value += self._foresight * self._nu * _call_gain(g, seat, self._next_call)
        if self.answer and seat_of(action) == seat and CALL_RE <= CODE_OF[action] <= BLACK:
            # the other party answers a call where that pays for it: see ``answer``
            value += self.answer * (1.0 - self._nu) * _reply_cost(g, seat)
        return value

    def _finish(self, g: Game, seat: int, plan: int = -1) -> None:
        """Play ``g`` to its end: simple choices for the Vorbehaltsabfrage, the card policy,
        and the exact solver for the last tricks."""
        policy = self.policy
        noise = self._nu
        solver_from = g.tricks_total - self.solver_tricks
        while g.phase != FINISHED:
            phase = g.phase
            if phase == PLAY:
                if g.genscher_partner < 0 <= g.genscher_seat:
                    # house rule: the Genscher names as the rules player does (as native)
                    g.apply(ACTIONS[g.to_move][genscher_choice(g)])
                    continue
                if self._next_call < 0 and g.to_move == seat and self._foresight:
                    codes = map(code_of, g.legal_actions(seat))
                    self._next_call = max((call_level(c) for c in codes
                                           if CALL_RE <= c <= BLACK), default=0)
                if (self.solver_tricks and len(g.tricks) >= solver_from and not g.trick
                        and self._solve_rest(g)):
                    return
                if noise and g.to_move != seat and self.rng.random() < noise:
                    plays = g.legal_plays()
                    g.apply(plays[int(self.rng.random() * len(plays))])
                    continue
                g.apply(ACTIONS[g.to_move][policy(g)])
            elif phase == QUERY:
                g.apply(ACTIONS[g.to_move][self._query_answer(g)])
            elif phase == NAMING:
                code = plan if g.to_move == seat and plan >= 0 else -1
                if code < 0 or not g.can_apply(encode(g.to_move, code)):
                    code = self._naming(g)
                g.apply(ACTIONS[g.to_move][code])
            else:  # pragma: no cover
                raise AssertionError(phase)

    def _solve_rest(self, g: Game) -> bool:
        try:
            from doko.solver import principal_variation
        except ImportError:  # pragma: no cover
            return False
        if g.contract == 1 and not g.klaerung:  # a Hochzeit still open: parties unknown
            return False
        # the native solver where it is built (the same line: the values are exact)
        for _, cards, _, _ in principal_variation(g, backend=None):
            for k in cards:
                if g.phase != PLAY:
                    return True
                g.apply(ACTIONS[g.to_move][k])
                if g.genscher_partner < 0 <= g.genscher_seat:
                    # house rule: along the solver's line a Genscher keeps its partner (the
                    # line's values are for these parties; the native line does the same)
                    gs = g.genscher_seat
                    mate = next(s for s in range(4) if s != gs and g.is_re[s] == g.is_re[gs])
                    g.apply(encode(gs, genscher_naming(gs, mate)))
        return g.phase == FINISHED

    @staticmethod
    def _query_answer(g: Game) -> int:
        # in playouts the others say healthy, unless they must play their Pflichtsolo now
        return HEALTHY

    def _naming(self, g: Game) -> int:
        codes = [code_of(a) for a in g.legal_actions()]
        if PASS in codes:
            return PASS
        if MARRIAGE in codes:
            return MARRIAGE
        return SOLO_BASE + 4  # Damensolo: a common, robust choice in playouts


__all__ = ["CardPolicy", "SearchPlayer", "default_card_policy"]
