"""The observation tensors (doko.rl.encoding): from the seat's view only, equal in both
backends, documented field by field, and the rules they encode (TSR 5.5.1, 6.4.4)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from rl_helpers import other_deal, random_game  # noqa: E402

from doko.engine.actions import CALL_RE, HEALTHY, NUM_CODES, encode  # noqa: E402
from doko.engine.backend import native_available  # noqa: E402
from doko.engine.cards import QC, card_code, hand_kinds  # noqa: E402
from doko.engine.game import Game, deal_hands  # noqa: E402
from doko.engine.view import view  # noqa: E402
from doko.rl.encoding import (  # noqa: E402
    FIELDS,
    INFO_SIZE,
    OBS_SIZE,
    as_dict,
    information_state,
    observation,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def _native_obs(g: Game, seat: int) -> tuple[object, object]:
    import doko_native

    from doko.engine.native import native_game_class

    ng = native_game_class()(list(g.initial_hands), g.dealer,
                             owes_pflichtsolo=g.owes_pflichtsolo, vorfuehrung=g.vorfuehrung)
    for a in g.history:
        ng.apply(a)
    x = np.zeros(OBS_SIZE, np.float32)
    info = np.zeros(INFO_SIZE, np.float32)
    doko_native.encode_observation(ng, seat, x)
    doko_native.encode_information_state(ng, seat, info)
    return x, info


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), stop=st.integers(4, 70), seat=st.integers(0, 3))
def test_hidden_cards_never_change_the_observation(seed: int, stop: int, seat: int) -> None:
    # same view, other hidden cards: the same numbers (TSR 5.5: only the hand is private)
    g = random_game(seed, stop)
    alt = other_deal(g, seat, random.Random(seed))
    if alt is None:
        return
    assert alt.hands[seat] == g.hands[seat] and alt.initial_hands != g.initial_hands
    x, y = observation(view(g, seat)), observation(view(alt, seat))
    assert np.array_equal(x, y)
    assert np.array_equal(information_state(view(g, seat)), information_state(view(alt, seat)))
    if native_available():
        nx, ni = _native_obs(g, seat)
        ax, ai = _native_obs(alt, seat)
        assert np.array_equal(nx, ax) and np.array_equal(ni, ai)


def _deal_with_queens(seed: int, owners: tuple[int, int]) -> Game:
    """A dealt game in which the two ♣Q are held by ``owners`` (swapped in from the deal)."""
    pool = [k for h in deal_hands(seed) for k in hand_kinds(h) if k != QC]
    hands: list[list[int]] = []
    for s in range(4):
        n = owners.count(s)
        hands.append([QC] * n + pool[:12 - n])
        del pool[:12 - n]
    return Game.from_hands([[card_code(k) for k in h] for h in hands])


def test_a_hidden_stille_hochzeit_reads_normal_to_the_others() -> None:
    # the holder of both ♣Q knows (TSR 4.4.5); the others see a Normalspiel and no soloist
    g = _deal_with_queens(3, (0, 0))
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    assert g.contract_name == "silent_marriage"
    d = {s: as_dict(observation(view(g, s))) for s in range(4)}
    assert d[0]["contract"][1 + 2] == 1  # the holder: stille Hochzeit
    for s in (1, 2, 3):
        assert d[s]["contract"][1 + 0] == 1 and d[s]["contract"].sum() == 1  # Normalspiel
        assert d[s]["soloist"].sum() == 0


def test_the_club_queen_played_makes_its_party_public_tsr_5_5_1() -> None:
    g = _deal_with_queens(5, (0, 1))
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    # engine seats 0 and 1 hold a ♣Q each: seat 2 cannot tell who is Re yet
    assert as_dict(observation(view(g, 2)))["parties"][(0 - 2) & 3].sum() == 0
    # play until a ♣Q is on the table: every seat now sees its player as Re
    while QC not in [k for _, k in g.current_trick()]:
        seat = g.to_move
        if g.can_apply(encode(seat, QC)):
            g.apply(encode(seat, QC))
        else:
            g.apply(g.legal_plays()[0])
    holder = next(s for s, k in g.current_trick() if k == QC)
    for s in range(4):
        parties = as_dict(observation(view(g, s)))["parties"]
        assert parties[(holder - s) & 3][0] == 1  # known Re


def test_a_re_call_before_the_first_card_is_on_time_tsr_6_4_4() -> None:
    g = Game.deal(11)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    seat = next(s for s in range(4) if g.is_re[s])
    g.apply(encode(seat, CALL_RE))
    for s in range(4):
        d = as_dict(observation(view(g, s)))
        assert d["call_timing"][0] == 1 and d["call_timing"][1] == 0
        assert d["party_level"][0][0] == 1 and d["party_level"][0][1:].sum() == 0
        assert d["calls"][(seat - s) & 3][0] == 1


@pytest.mark.skipif(not native_available(), reason="the native core is not built")
def test_native_encoder_equals_the_python_one_on_random_games() -> None:
    import doko_native

    from doko.bots.random_player import RandomPolicy
    from doko.engine.native import native_game_class

    for seed in range(25):
        g = Game.deal(seed, dealer=seed % 4)
        ng = native_game_class().deal(seed, dealer=seed % 4)
        p = RandomPolicy(seed, p_reservation=0.3, p_call=0.2)
        while True:
            for s in range(4):
                y = np.zeros(OBS_SIZE, np.float32)
                m = np.zeros(64, np.int8)
                doko_native.encode_observation(ng, s, y, m)
                x = observation(view(g, s))
                assert np.array_equal(x, y), (seed, len(g.history), s)
                assert np.array_equal(m[:NUM_CODES], as_dict(x)["legal"].astype(np.int8))
            if g.is_over:
                break
            a = p.choose(g)
            g.apply(a)
            ng.apply(a)


def test_the_docs_describe_every_field_with_its_size() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| (\d+) \|", text, re.M))
    assert {name: int(size) for name, size in rows.items()} == dict(FIELDS)
    assert f"{OBS_SIZE}" in text and f"{INFO_SIZE}" in text


def test_a_spectator_has_no_observation() -> None:
    with pytest.raises(ValueError, match="spectator"):
        observation(view(Game.deal(1), None))


@pytest.mark.skipif(not native_available(), reason="the native core is not built")
def test_native_encoder_equals_the_python_one_with_vorbehalte_taken_back() -> None:
    """TSR 4.1.2: a Vorbehalt taken back is encoded as "gesund" by both encoders; the dealer's
    withdrawal (code 43) is in its mask while it may."""
    import doko_native

    from doko.engine.actions import RESERVATION, WITHDRAW, code_of, seat_of
    from doko.engine.game import QUERY
    from doko.engine.native import native_game_class

    seen = 0
    for seed in range(30):
        g = Game.deal(seed, dealer=seed % 4)
        ng = native_game_class().deal(seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not g.is_over:
            for s in range(4):
                y = np.zeros(OBS_SIZE, np.float32)
                m = np.zeros(64, np.int8)
                doko_native.encode_observation(ng, s, y, m)
                x = observation(view(g, s))
                assert np.array_equal(x, y), (seed, len(g.history), s)
                assert np.array_equal(m[:NUM_CODES], as_dict(x)["legal"].astype(np.int8))
            legal = g.legal_actions()
            withdraw = [a for a in legal if code_of(a) == WITHDRAW]
            if withdraw and rng.random() < 0.5:
                a = withdraw[0]
                seen += 1
            elif g.phase == QUERY:
                a = encode(g.to_move, RESERVATION if rng.random() < 0.6 else HEALTHY)
            else:
                a = rng.choice([b for b in g.legal_actions(g.to_move) if code_of(b) != WITHDRAW])
            g.apply(a)
            ng.apply(a)
            if code_of(a) == WITHDRAW:  # the next seat sees it answered "gesund"
                who = seat_of(a)
                d = as_dict(observation(view(g, (who + 1) & 3)))
                assert d["answers"][(who - (who + 1)) & 3].tolist() == [1, 0]
    assert seen > 10
