"""The OpenSpiel game python_doko: OpenSpiel's random_sim_test, one move of OpenSpiel's MCTS
bot, returns equal to the engine's scores (TSR 7), tensors equal to doko.rl.encoding's."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

import doko.rl.openspiel_game  # noqa: E402, F401  (registers python_doko)
from doko.engine.record import replay  # noqa: E402
from doko.engine.result import seat_scores  # noqa: E402
from doko.engine.view import view  # noqa: E402
from doko.rl.encoding import information_state, observation  # noqa: E402


def _dealt(game: object, rng: np.random.RandomState) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        kinds, probs = zip(*state.chance_outcomes(), strict=True)
        assert abs(sum(probs) - 1.0) < 1e-9
        state.apply_action(int(rng.choice(kinds, p=probs)))
    return state


def test_openspiel_random_sim_test() -> None:
    game = pyspiel.load_game("python_doko")
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_mcts_bot_makes_a_legal_move() -> None:
    game = pyspiel.load_game("python_doko", {"dealer": 2})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
                       solve=False)
    state = _dealt(game, rng)
    assert state.current_player() == 3  # the dealer's left neighbour is asked first (TSR 4.1.2)
    action = bot.step(state)
    assert action in state.legal_actions()


def test_returns_and_tensors_come_from_the_engine_and_the_view() -> None:
    game = pyspiel.load_game("python_doko")
    rng = np.random.RandomState(4)
    for _ in range(3):
        state = _dealt(game, rng)
        while not state.is_terminal():
            p = state.current_player()
            v = view(state.game, p)
            assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32),
                                  observation(v))
            assert np.array_equal(np.asarray(state.information_state_tensor(p), np.float32),
                                  information_state(v))
            state.apply_action(int(rng.choice(state.legal_actions())))
        scores = seat_scores(replay(state.game.to_record()))
        assert state.returns() == [float(s) for s in scores] and sum(scores) == 0
