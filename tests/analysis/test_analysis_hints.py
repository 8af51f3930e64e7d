"""Hints (doko.analysis.hints): from the seat's view only.

The privacy property: two games that look the same to the seat (the same view, different hidden
cards: a world the sampler deals consistently with the view) get the same hint and the same
reason for a fixed seed. Reasons are checked on hand-made tricks (TSR 5.3.3: who wins so far).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from doko.analysis.hints import Hint, hint, reason_key
from doko.bots.base import make_player, step
from doko.bots.sampler import Sampler
from doko.engine.actions import HEALTHY, encode
from doko.engine.cards import card_code, parse_card
from doko.engine.game import PLAY, Game
from doko.engine.texts import TEXTS
from doko.engine.view import view


def _mid_game(seed: int, actions: int) -> Game:
    g = Game.deal(seed)
    players = [make_player("rules", seed=s) for s in range(4)]
    while not g.is_over and (len(g.history) < actions or g.phase != PLAY):
        step(g, players)
    return g


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), actions=st.integers(4, 44))
def test_hint_unchanged_under_other_hidden_cards(seed: int, actions: int) -> None:
    """Property: for a position of a game of rules players, the hint (fixed seed) is a legal
    action of the seat and stays the same in worlds dealt differently but looking the same
    to the seat."""
    g = _mid_game(seed, actions)
    assume(not g.is_over)
    seat = g.to_move
    v = view(g, seat)
    first = hint(v, seed=7, worlds=6)
    assert first is not None and first.action in v.legal_actions
    rng = random.Random(seed)
    others = 0
    for _ in range(3):
        w = Sampler(v).world(rng)
        if w.hands == g.hands:
            continue
        others += 1
        assert view(w, seat) == v  # the same view ...
        assert hint(view(w, seat), seed=7, worlds=6) == first  # ... the same hint
    assert others >= 1 or sum(v.hand_sizes) - len(v.hand) <= 3  # nearly nothing is hidden


def test_reason_texts_name_no_card() -> None:
    """The reasons are fixed words: no card, no suit symbol, no parameter that could carry one."""
    for key, pair in TEXTS.items():
        if key.startswith("hint.reason."):
            for s in pair:
                assert not set("♣♠♥♦{}") & set(s), key


def test_no_hint_off_turn() -> None:
    g = _mid_game(2, 10)
    off = (g.to_move + 1) % 4
    assert hint(view(g, off), worlds=2) is None


def _game_with_trick(hands: list[str], plays: list[str]) -> Game:
    g = Game.from_hands([h.split() for h in hands], dealer=3)  # seat 0 leads
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    for c in plays:
        g.play(c)
    return g


# four hands of a Normalspiel; seats 0 and 2 hold the ♣Q (Re), seat 0 leads
HANDS = [
    "QC JC TH AC KC 9C AS KS 9S AH KH 9H",
    "QS JS QH JH AD TD KD 9D TC AC KS 9S",
    "QC QD JD AD TD KD 9D TC KC 9C TS AS",
    "QS QH QD JC JS JH TH 9H AH KH TS JD",
]


def test_reason_ace_lead_and_trump_lead() -> None:
    g = _game_with_trick(HANDS, [])
    v = view(g, 0)
    assert reason_key(v, encode(0, parse_card("AC"))) == "hint.reason.ace"
    assert reason_key(v, encode(0, parse_card("QC"))) == "hint.reason.trump_lead"
    assert reason_key(v, encode(0, parse_card("9C"))) is None


def test_reason_win_and_ruff_and_cheap() -> None:
    # seat 0 leads ♠A; seat 1 (its party unknown to seat 1's partner) ...
    g = _game_with_trick(HANDS, ["AS"])
    v = view(g, 1)
    assert reason_key(v, encode(1, parse_card("KS"))) is None  # does not win, party unknown
    g = _game_with_trick(HANDS, ["9H"])
    v = view(g, 1)  # seat 1 has no ♥ (only the ♥Q/♥B, trumps): a trump ruffs
    assert reason_key(v, encode(1, parse_card("JH"))) == "hint.reason.ruff"
    # ♣Q led shows Re; seat 1 (Kontra, it holds no ♣Q) cannot beat it: its ♦9 gives nothing
    g = _game_with_trick(HANDS, ["QC"])
    v = view(g, 1)
    assert reason_key(v, encode(1, parse_card("9D"))) == "hint.reason.cheap"
    assert reason_key(v, encode(1, parse_card("TD"))) is None


def test_reason_schmieren_when_the_partner_is_known() -> None:
    # seat 0 shows its ♣Q (Re, TSR 5.5.1); seat 2, holding the other ♣Q, knows its partner
    g = _game_with_trick(HANDS, ["QC", "QS"])
    v = view(g, 2)
    assert v.parties[0] == v.parties[2]
    assert reason_key(v, encode(2, parse_card("TD"))) == "hint.reason.schmieren"
    assert reason_key(v, encode(2, parse_card("9D"))) is None


def test_hint_text_names_only_the_own_card() -> None:
    h = Hint(encode(0, parse_card("QC")), "hint.reason.trump_lead")
    assert h.text("de") == "Tipp: ♣D – Trumpf anspielen"
    assert h.text("en") == "Hint: ♣Q – lead trump"
    assert card_code(parse_card("QC")) == "QC"
