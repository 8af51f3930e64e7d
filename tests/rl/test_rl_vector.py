"""The vectorised environment: both backends give the same numbers, N games equal N single
environments step by step, rewards are the replayed games' scores (TSR 7)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from doko.engine.backend import native_available  # noqa: E402
from doko.engine.errors import IllegalActionError  # noqa: E402
from doko.engine.record import replay  # noqa: E402
from doko.engine.result import seat_scores  # noqa: E402
from doko.rl.vector import VectorEnv  # noqa: E402

BACKENDS = ["python"] + (["native"] if native_available() else [])
needs_native = pytest.mark.skipif(not native_available(), reason="the native core is not built")


def _actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in mask])


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_n_games_equal_n_single_environments_step_by_step(backend: str, opponents: str) -> None:
    n = 3
    vec = VectorEnv(n, opponents, seat=2, seed=40, backend=backend)
    singles = [VectorEnv(1, opponents, seat=2, seed=40 + i, backend=backend) for i in range(n)]
    obs, mask = vec.reset()
    parts = [e.reset() for e in singles]
    rng = np.random.default_rng(0)
    dones = 0
    for _ in range(40):
        assert np.array_equal(obs, np.concatenate([o for o, _ in parts]))
        assert np.array_equal(mask, np.concatenate([m for _, m in parts]))
        acts = _actions(mask, rng)
        obs, mask, rewards, done = (x.copy() for x in vec.step(acts))
        outs = [e.step(acts[i:i + 1]) for i, e in enumerate(singles)]
        parts = [(o.copy(), m.copy()) for o, m, _, _ in outs]
        assert np.array_equal(rewards, np.concatenate([r for _, _, r, _ in outs]))
        assert np.array_equal(done, np.concatenate([d for _, _, _, d in outs]))
        dones += int(done.sum())
    assert dones > 0


@needs_native
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
@pytest.mark.parametrize("observations", [True, False])
def test_the_native_core_and_the_python_loop_give_the_same_numbers(
        opponents: str, observations: bool) -> None:
    a = VectorEnv(5, opponents, seat=1, seed=9, observations=observations, backend="native")
    b = VectorEnv(5, opponents, seat=1, seed=9, observations=observations, backend="python")
    (oa, ma), (ob, mb) = a.reset(), b.reset()
    rng = np.random.default_rng(1)
    for _ in range(60):
        assert np.array_equal(oa, ob) and np.array_equal(ma, mb)
        acts = _actions(ma, rng)
        oa, ma, ra, da = a.step(acts)
        ob, mb, rb, db = b.step(acts)
        assert np.array_equal(ra, rb) and np.array_equal(da, db)
        for i in range(5):
            assert a.history(i) == b.history(i)


def test_rewards_are_the_scores_of_the_replayed_games() -> None:
    env = VectorEnv(4, "heuristic", seat=0, seed=3, backend="python")
    _, mask = env.reset()
    assert env._py is not None
    rng = np.random.default_rng(2)
    checked = 0
    for _ in range(80):
        games = list(env._py.games)
        _, mask, rewards, dones = env.step(_actions(mask, rng))
        for i in np.flatnonzero(dones):
            scores = seat_scores(replay(games[i].to_record()))
            assert rewards[i] == scores[0] and sum(scores) == 0
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_illegal_action_raises_naming_the_game(backend: str) -> None:
    env = VectorEnv(2, "random", seed=1, backend=backend)
    _, mask = env.reset()
    acts = mask.argmax(axis=1)
    acts[1] = 0  # a card during the Vorbehaltsabfrage (TSR 4.1)
    with pytest.raises(IllegalActionError) as err:
        env.step(acts)
    assert "game 1" in " ".join(getattr(err.value, "__notes__", []))
