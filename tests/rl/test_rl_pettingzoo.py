"""The PettingZoo AEC environment: PettingZoo's own api_test and seed_test, rewards equal to
the scores `doko replay` gives for the same actions (TSR 7), a whole round, the text table."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from doko.cli import main  # noqa: E402
from doko.engine.backend import native_available  # noqa: E402
from doko.engine.cards import card_name, hand_kinds  # noqa: E402
from doko.engine.record import replay  # noqa: E402
from doko.engine.result import seat_scores  # noqa: E402
from doko.rl import env, raw_env  # noqa: E402

BACKENDS = ["python"] + (["native"] if native_available() else [])


def _quiet(fn: object, *args: object, **kw: object) -> None:
    # api_test warns that a dict observation is "not a NumPy array": PettingZoo's own
    # convention for action masks, so the warning is expected
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        fn(*args, **kw)  # type: ignore[operator]


@pytest.mark.parametrize("backend", BACKENDS)
def test_pettingzoo_api_test_and_seed_test(backend: str) -> None:
    _quiet(api_test, env(backend=backend), num_cycles=200)
    _quiet(seed_test, lambda: env(backend=backend), num_cycles=200)


def test_api_test_for_a_whole_round() -> None:
    _quiet(api_test, env(round=True, games=4), num_cycles=400)


def _play(e: raw_env, rng: np.random.Generator) -> dict[str, float]:
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("backend", BACKENDS)
def test_rewards_are_the_scores_of_the_replayed_game_tsr_7(
        backend: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = np.random.default_rng(1)
    solos = 0
    for seed in range(12):
        e = raw_env(backend=backend)
        e.reset(seed=seed)
        totals = _play(e, rng)
        record = e.game.to_record()
        replayed = replay(record)
        scores = seat_scores(replayed)
        assert [totals[a] for a in e.possible_agents] == [float(s) for s in scores]
        if seed < 3:  # and `doko replay --json` on the record file says the same
            path = tmp_path / f"game{seed}.json"
            path.write_text(json.dumps(record), encoding="utf-8")
            capsys.readouterr()
            assert main(["replay", str(path), "--json"]) == 0
            assert json.loads(capsys.readouterr().out)["scores"] == scores
        assert sum(scores) == 0
        if replayed.soloist >= 0:
            solos += 1
            so = replayed.soloist
            assert scores[so] == -3 * scores[(so + 1) & 3]  # the soloist's x3 (TSR 7.2.4)
    assert solos > 0


def test_a_round_gives_each_game_its_row_of_the_spielliste() -> None:
    rng = np.random.default_rng(2)
    e = raw_env(round=True, games=4)
    e.reset(seed=5)
    totals = _play(e, rng)
    assert e.round is not None and e.round.is_over
    assert e.round.games_played >= 4
    assert tuple(totals[a] for a in e.possible_agents) == tuple(float(t) for t in e.round.totals)
    # every player owed a Pflichtsolo: the round made each play one, or a Vorführung
    assert not any(e.round.owes_pflichtsolo)


def test_an_illegal_action_raises_and_is_not_a_silent_penalty() -> None:
    from doko.engine.errors import IllegalActionError

    e = raw_env()
    e.reset(seed=0)
    with pytest.raises(IllegalActionError, match="TSR"):
        e.step(0)  # a card in the Vorbehaltsabfrage (TSR 4.1)
    assert all(r == 0 for r in e.rewards.values())


def test_ansi_render_names_only_cards_the_agent_may_see() -> None:
    e = raw_env(render_mode="ansi", lang="en")
    e.reset(seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()):
            for _ in range(12):
                mask = e.observe(e.agent_selection)["action_mask"]
                e.step(int(np.flatnonzero(mask)[0]))
    seat = e.possible_agents.index(e.agent_selection)
    shown = e.render()
    assert shown is not None and f"hand of seat {seat + 1}:" in shown
    seen = set(hand_kinds(e.game.hands[seat])) | {k for _, k in e.game.current_trick()}
    for _leader, cards, _ in e.game.tricks:
        seen |= set(cards)
    for k in range(24):
        if k not in seen:
            assert card_name(k, "en") not in shown
