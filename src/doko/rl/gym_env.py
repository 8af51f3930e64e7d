"""Doppelkopf as a single-agent Gymnasium environment: one seat learns, doko players play the
other three.

``gymnasium.make("doko/Doppelkopf-v0", opponents="rules")`` after ``import doko.rl``. The
observation is the flat ``float32`` vector of :mod:`doko.rl.encoding` (the learner's view
only), the action an action code 0..63 (``Discrete(64)``; codes 0..58 exist), and
:meth:`DoppelkopfEnv.action_masks` gives the legal ones for masked-action algorithms
(sb3-contrib's ``MaskablePPO``); ``info["action_mask"]`` holds the same mask. An episode is one
game; the reward, at its end, is the learner's game points by TSR 7 (solo x3).

``opponents``: a registered player name (``"random"``, ``"rules"``, ``"search"``), a
:class:`~doko.bots.base.Player`, a callable ``view -> action`` (called only when that seat must
act), or a sequence of three of these for the seats after the learner. The opponents are
offered their calls out of turn as in :func:`doko.bots.base.play_game`; the learner calls when
it is on turn (before its card), which loses no call (the deadlines count the caller's own
cards, TSR 6.2.2, 6.3.4).

An action that is not legal now is, with ``illegal="substitute"`` (the default, so that
unmasked algorithms and ``check_env`` can step), replaced by the first legal action, and
``info["illegal_action"]`` is True; with ``illegal="raise"`` it raises
:class:`doko.engine.errors.IllegalActionError`.

>>> e = DoppelkopfEnv(opponents="random", seat=0)
>>> obs, info = e.reset(seed=1)
>>> obs.shape, bool(e.action_masks()[24])  # gesund is legal in the Vorbehaltsabfrage
((397,), True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from doko.bots.base import Player, PlayerError, make_player, offer_calls
from doko.engine.actions import NUM_CODES, Action, encode
from doko.engine.backend import game_class, native_module, resolve
from doko.engine.game import Game
from doko.engine.result import seat_scores
from doko.engine.rules import Rules
from doko.engine.view import SeatView, view
from doko.rl.encoding import OBS_SIZE, OFFSETS, observation
from doko.rl.pettingzoo_env import rules_of
from doko.rl.render import table_text

__all__ = ["ENV_ID", "DoppelkopfEnv", "Opponent"]

#: The id under which ``import doko.rl`` registers the environment.
ENV_ID = "doko/Doppelkopf-v0"

#: What an opponent may be: a player name, a Player, or a callable from a view to an action.
Opponent = str | Player | Callable[[SeatView], Action]


class _CallablePlayer(Player):
    """A callable as a player: asked only when its seat must act."""

    name = "callable"

    def __init__(self, fn: Callable[[SeatView], Action]) -> None:
        super().__init__(None)
        self.fn = fn

    def decide(self, view: SeatView) -> Action | None:
        if not view.to_play:
            return None
        return self.fn(view)


class DoppelkopfEnv(gymnasium.Env[npt.NDArray[np.float32], int]):
    """One seat (``seat``, or a random one each episode with ``seat=None``) against three
    players (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, opponents: Opponent | Sequence[Opponent] = "random",
                 seat: int | None = 0, rules: str | Rules = "tsr",
                 render_mode: str | None = None, *, lang: str = "de",
                 illegal: str = "substitute", backend: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if illegal not in ("substitute", "raise"):
            raise ValueError(f"illegal must be 'substitute' or 'raise', not {illegal!r}")
        if seat is not None and not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3 or None, got {seat}")
        specs: list[Opponent] = (list(opponents) if isinstance(opponents, (list, tuple))
                                 else [opponents] * 3)  # type: ignore[list-item]
        if len(specs) != 3:
            raise ValueError(f"give one opponent or three, not {len(specs)}")
        for spec in specs:
            if isinstance(spec, str):
                make_player(spec)  # an unknown name fails here, not at reset
            elif not (isinstance(spec, Player) or callable(spec)):
                raise TypeError(f"an opponent is a player name, a Player or a callable, "
                                f"not {spec!r}")
        self.specs = specs
        self.fixed_seat = seat
        self.rules = rules_of(rules)
        self.render_mode = render_mode
        self.lang = lang
        self.illegal = illegal
        self.backend = resolve(backend)
        self._game_class = game_class(self.backend)
        self._native = native_module() if self.backend == "native" else None
        self.observation_space = spaces.Box(0.0, 2.0, (OBS_SIZE,), np.float32)
        self.action_space: spaces.Space[int] = spaces.Discrete(64)  # type: ignore[assignment]
        self.game: Game = self._game_class.deal(0)
        self.seat = 0 if seat is None else seat
        self.players: list[Player | None] = [None] * 4
        self._obs = np.zeros(OBS_SIZE, np.float32)
        self._mask = np.zeros(64, np.int8)
        self.last_scores: list[int] | None = None

    # ----------------------------------------------------------------- helpers

    def _player(self, spec: Opponent, seed: int) -> Player:
        if isinstance(spec, str):
            return make_player(spec, seed=seed)
        if isinstance(spec, Player):
            return spec
        return _CallablePlayer(spec)

    def _observe(self) -> None:
        if self._native is not None:
            self._native.encode_observation(self.game, self.seat, self._obs, self._mask)
        else:
            observation(view(self.game, self.seat), self._obs)
            a, b = OFFSETS["legal"]
            self._mask[:] = 0
            self._mask[:NUM_CODES] = self._obs[a:b]

    def _advance(self) -> None:
        """Let the opponents act until the learner is on turn or the game is over."""
        g = self.game
        players = self.players
        for _ in range(1000):
            if g.is_over:
                return
            if offer_calls(g, players):
                continue
            seat = g.to_move
            if seat == self.seat:
                return
            player = players[seat]
            assert player is not None
            v = view(g, seat)
            a = player.decide(v)
            if a is None or a not in v.legal_actions:
                raise PlayerError(f"the opponent at seat {seat + 1} chose no legal action")
            g.apply(a)
        raise PlayerError("the opponents did not let the learner act within 1000 actions")

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat, "illegal_action": illegal}

    # ----------------------------------------------------------------- the Gymnasium API

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        self.seat = int(rng.integers(4)) if self.fixed_seat is None else self.fixed_seat
        deal_seed = int(rng.integers(1 << 62))
        dealer = int(rng.integers(4))
        self.players = [None] * 4
        for i, spec in enumerate(self.specs):
            seat = (self.seat + 1 + i) & 3
            self.players[seat] = self._player(spec, deal_seed + seat)
        self.game = self._game_class.deal(deal_seed, dealer, rules=self.rules)
        self.last_scores = None
        self._advance()
        self._observe()
        return self._obs.copy(), self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action codes now (64 booleans), for masked-action algorithms."""
        return self._mask.astype(np.bool_)

    def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool,
                                         dict[str, Any]]:
        g = self.game
        if g.is_over:
            raise RuntimeError("the game is over: call reset()")
        code = int(action)
        illegal = not (0 <= code < 64 and self._mask[code])
        if illegal and self.illegal == "substitute":
            code = int(np.flatnonzero(self._mask)[0])
        elif not 0 <= code < 64:
            raise ValueError(f"action {code} is outside 0..63")
        # with illegal="raise" the engine refuses it (IllegalActionError), or takes an action
        # its rules allow that the view does not offer (a claim the seat cannot know is forced)
        g.apply(encode(self.seat, code))
        self._advance()
        reward = 0.0
        terminated = g.is_over
        if terminated:
            scores = self._scores()
            self.last_scores = scores
            reward = float(scores[self.seat])
        self._observe()
        return self._obs.copy(), reward, terminated, False, self._info(illegal)

    def _scores(self) -> list[int]:
        if self._native is not None:
            return list(self._native.game_scores(self.game))
        return seat_scores(self.game)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return table_text(view(self.game, self.seat), 1, self.lang,
                          self.last_scores if self.game.is_over else None)
