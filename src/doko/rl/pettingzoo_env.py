"""Doppelkopf as a PettingZoo AEC environment: four agents ``seat_0`` .. ``seat_3``.

The agent to act is the seat on turn (TSR 4.1, 5.1). Its action is an action code 0..58 of
:mod:`doko.engine.actions` in a ``Discrete(64)`` space (the seat is implied): answers, namings,
cards, calls (Re/Kontra and Absagen), concession and claim. A seat makes its calls when it is
on turn, before its card (TSR 6.4.1 allows them at any time; every deadline of TSR 6.2.2 and
6.3.4 counts the caller's cards, which change only when that seat plays, so no call is lost);
after a call the same seat acts again. Observations are ``{"observation": float32[397],
"action_mask": int8[64]}`` from the seat's view only (:mod:`doko.rl.encoding`); illegal actions
are masked, and an illegal action raises :class:`doko.engine.errors.IllegalActionError` (never a
silent penalty).

Rewards come at the end of a game: every seat's game points by TSR 7 (solo x3, zero-sum). With
``round=True`` the episode is a whole round (24 games at a 4-table, TSR 8.5.1) with its
Pflichtsoli and Vorführung (:class:`doko.session.round.Round`); each game's rewards are its row
of the Spielliste. A game ends when its last trick is taken or when the soloist concedes or
claims; Kontra's calls after a concession (TSR 5.4.7) are not offered.

>>> e = raw_env()
>>> e.reset(seed=3)
>>> e.agent_selection, e.observe(e.agent_selection)["observation"].shape
('seat_2', (397,))
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from doko.engine.actions import NUM_CODES, encode
from doko.engine.backend import game_class, native_module, resolve
from doko.engine.game import Game
from doko.engine.result import seat_scores
from doko.engine.rules import Rules, preset
from doko.engine.view import view
from doko.rl.encoding import OBS_SIZE, OFFSETS, RoundInfo, observation
from doko.rl.render import table_text
from doko.session.round import Round

__all__ = ["AGENTS", "env", "raw_env", "rules_of"]

#: The agents, one per seat.
AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")


def rules_of(rules: str | Rules) -> Rules:
    """A :class:`~doko.engine.rules.Rules` from a preset name (``"tsr"``) or a Rules."""
    if isinstance(rules, Rules):
        return rules
    return preset(rules)


def observation_space() -> spaces.Dict:
    """The observation space of one agent."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, 2.0, (OBS_SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (64,), np.int8),
    })


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module docstring). ``backend``: ``"auto"`` (the native
    core for single games where it is built), ``"native"`` or ``"python"``; a whole round is
    always played with the Python engine (the round checks its games)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "doppelkopf_v0", "is_parallelizable": False}

    def __init__(self, rules: str | Rules = "tsr", render_mode: str | None = None, *,
                 round: bool = False, games: int = 24, lang: str = "de",
                 backend: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules_of(rules)
        self.render_mode = render_mode
        self.round_mode = round
        self.games = games
        self.lang = lang
        self.backend = "python" if round else resolve(backend)
        self._game_class = game_class(self.backend)
        self._native = native_module() if self.backend == "native" else None
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._obs_space = observation_space()
        self._act_space = spaces.Discrete(64)
        self._rng = random.Random()
        self.game: Game = self._game_class.deal(0)
        self.round: Round | None = None
        self.game_no = 0
        self.last_scores: list[int] | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    # ----------------------------------------------------------------- the games

    def _deal(self) -> None:
        seed = self._rng.getrandbits(63)
        self.game_no += 1
        if self.round is not None:
            self.game = self.round.new_game(seed)
        else:
            self.game = self._game_class.deal(seed, self._rng.randrange(4), rules=self.rules)
        self.agent_selection = AGENTS[self.game.to_move]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.game_no = 0
        self.last_scores = None
        self.round = (Round(["1", "2", "3", "4"], self.games, rules=self.rules)
                      if self.round_mode else None)
        self._deal()

    def _round_info(self) -> RoundInfo | None:
        if self.round is None or self.round.games_total is None:
            return None
        return RoundInfo(self.round.games_played, self.round.games_total)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = AGENTS.index(agent)
        obs = np.zeros(OBS_SIZE, np.float32)
        mask = np.zeros(64, np.int8)
        if self._native is not None:
            self._native.encode_observation(self.game, seat, obs, mask)
        else:
            v = view(self.game, seat)
            observation(v, obs, round_info=self._round_info())
            a, b = OFFSETS["legal"]
            mask[:NUM_CODES] = obs[a:b]
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        seat = AGENTS.index(agent)
        code = int(action)
        if not 0 <= code < 64:
            raise ValueError(f"action {code} is outside 0..63")
        self._cumulative_rewards[agent] = 0.0
        g = self.game
        g.apply(encode(seat, code))
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        if g.is_over:
            if self.round is not None:
                row = self.round.add_game(g)
                # a game dealt again uncounted (house rules) has no row: 0 points
                scores = list(row.scores) if row is not None else [0] * 4
            else:
                scores = self._scores(g)
            self.last_scores = scores
            self.rewards = {a: float(scores[i]) for i, a in enumerate(AGENTS)}
            if self.round is None or self.round.is_over:
                self.terminations = dict.fromkeys(AGENTS, True)
                self._accumulate_rewards()
                return
            self._deal()
        else:
            self.agent_selection = AGENTS[g.to_move]
        self._accumulate_rewards()

    def _scores(self, g: Game) -> list[int]:
        if self._native is not None:
            return list(self._native.game_scores(g))
        return seat_scores(g)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the table as text from the current agent's view (its
        hand, the trick, the calls, its legal actions; the scores once the game is over)."""
        if self.render_mode is None:
            return None
        seat = AGENTS.index(self.agent_selection)
        return table_text(view(self.game, seat), self.game_no, self.lang,
                          self.last_scores if self.game.is_over else None)

    def close(self) -> None:
        """Nothing to release."""


def env(rules: str | Rules = "tsr", render_mode: str | None = None,
        **options: Any) -> Any:
    """The AEC environment in PettingZoo's order-enforcing wrapper (reset before step, no
    reading before reset); :class:`raw_env` checks the range of actions itself."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, render_mode, **options))
