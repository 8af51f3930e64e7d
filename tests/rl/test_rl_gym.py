"""The Gymnasium environment: Gymnasium's check_env, gymnasium.make after import doko.rl,
masks, illegal actions, opponents as names, players and callables, rewards as TSR 7 scores."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import doko.rl  # noqa: E402, F401  (registers doko/Doppelkopf-v0)
from doko.bots.base import make_player  # noqa: E402
from doko.engine.errors import IllegalActionError  # noqa: E402
from doko.engine.record import replay  # noqa: E402
from doko.engine.result import seat_scores  # noqa: E402
from doko.engine.view import SeatView  # noqa: E402
from doko.rl.gym_env import DoppelkopfEnv  # noqa: E402


@pytest.mark.parametrize("opponents", ["random", "rules"])
def test_gymnasium_check_env(opponents: str) -> None:
    e = gymnasium.make("doko/Doppelkopf-v0", opponents=opponents)
    check_env(e.unwrapped, skip_render_check=True)


def test_episodes_end_with_the_learners_score_of_the_replayed_game() -> None:
    e = DoppelkopfEnv(opponents="rules", seat=None)
    rng = np.random.default_rng(3)
    for ep in range(4):
        _, info = e.reset(seed=ep)
        assert np.array_equal(info["action_mask"], e.action_masks().astype(np.int8))
        while True:
            action = int(rng.choice(np.flatnonzero(e.action_masks())))
            _, reward, terminated, truncated, info = e.step(action)
            assert not truncated and not info["illegal_action"]
            if terminated:
                break
            assert reward == 0.0
        scores = seat_scores(replay(e.game.to_record()))
        assert reward == scores[e.seat]


def test_an_illegal_action_is_substituted_and_flagged_or_raised() -> None:
    e = DoppelkopfEnv(opponents="random")
    e.reset(seed=1)
    _, _, _, _, info = e.step(0)  # a card in the Vorbehaltsabfrage (TSR 4.1)
    assert info["illegal_action"]
    strict = DoppelkopfEnv(opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(0)


def test_opponents_may_be_players_and_callables() -> None:
    asked: list[int] = []

    def first_legal(v: SeatView) -> int:
        assert v.to_play and v.seat is not None
        asked.append(v.seat)
        return v.legal_actions[0]

    e = DoppelkopfEnv(opponents=[first_legal, make_player("random", seed=1), "rules"], seat=2)
    e.reset(seed=0)
    while True:
        _, _, terminated, _, _ = e.step(int(np.flatnonzero(e.action_masks())[0]))
        if terminated:
            break
    assert set(asked) == {3}  # the callable plays the seat after the learner
    with pytest.raises(ValueError, match="unknown player"):
        DoppelkopfEnv(opponents="nobody")
