"""Call hints (doko.engine.callhints): what a seat may call now, how long each call lasts if it
waits, and what waiting costs (TSR 6.2.2, 6.3.2, 6.3.4, 6.4.3, 6.4.4), checked on worked examples
and against the engine on random games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from doko.engine.actions import (
    BLACK,
    CALL_KONTRA,
    CALL_RE,
    HEALTHY,
    NO30,
    NO60,
    NO90,
    code_of,
    encode,
)
from doko.engine.callhints import CallHint, call_hints, hint_lines
from doko.engine.game import Game


def _into_play(seed: int = 7) -> Game:
    g = Game.deal(seed=seed)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    assert g.contract_name == "normal"
    return g


def _play_until(g: Game, seat: int, cards: int) -> None:
    """Play cards (no calls) until ``seat`` is on turn holding ``cards`` cards."""
    while not (g.to_move == seat and g.cards_in_hand(seat) == cards):
        g.apply(g.legal_plays()[0])


def _party(g: Game, re: bool) -> tuple[int, int]:
    """A seat of the party and one of the other party."""
    mine = next(s for s in range(4) if g.is_re[s] == re)
    other = next(s for s in range(4) if g.is_re[s] != re)
    return mine, other


def test_before_the_first_card_everything_lasts_while_re_is_on_time() -> None:
    """TSR 6.2.2, 6.3.2: before Re, an Absage needs Re with it, so each lasts only as long as
    Re can be said on time (11 cards), not as long as its own threshold (10, 9, 8, 7)."""
    g = _into_play()
    re, _ = _party(g, True)
    hints = call_hints(g, re)
    assert hints == [CallHint(CALL_RE, 11), *(CallHint(c, 11, with_first=True)
                                              for c in (NO90, NO60, NO30, BLACK))]
    assert hint_lines(hints, 12, "de") == [
        "Ansagen: Re, keine 90 bis schwarz, solange du mindestens 11 Karten hast",
        "Absagen nur zusammen mit Re oder danach (TSR 6.3.2)",
    ]


def test_kontra_at_eleven_cards_after_re_the_issue_example() -> None:
    """Issue 17: with 11 cards after Re, "Kontra (until fewer than 10 cards), keine 90 (10)"
    invited a mistake. Kontra at 10 cards is a late reply after which no Absage is allowed
    (TSR 6.4.4): keine 90 only if Kontra is said now."""
    g = _into_play()
    re, ko = _party(g, True)
    g.apply(encode(re, CALL_RE))
    _play_until(g, ko, 11)
    hints = call_hints(g, ko)
    assert hints[0] == CallHint(CALL_KONTRA, 11, then_reply=10)
    assert all(h.until == 11 and h.with_first for h in hints[1:])
    assert hint_lines(hints, 11, "de") == [
        "Ansagen: Kontra, keine 90 bis schwarz – nur noch jetzt",
        "Danach nur noch Kontra als Erwiderung, ohne Absage (TSR 6.4.4)",
    ]
    assert hint_lines(hints, 11, "en") == [
        "Calls: Kontra, keine 90 to schwarz – only now",
        "After that only Kontra as a late reply, without Absage (TSR 6.4.4)",
    ]
    # and the engine agrees: at 10 cards Kontra is a reply, keine 90 is refused (TSR 6.4.4)
    _play_until(g, ko, 10)
    assert call_hints(g, ko) == [CallHint(CALL_KONTRA, 10, reply=True)]
    assert hint_lines(call_hints(g, ko), 10, "de") == [
        "Ansagen: Kontra – nur noch jetzt",
        "Kontra nur noch als Erwiderung: danach keine Absage (TSR 6.4.4)"]
    assert g.can_apply(encode(ko, CALL_KONTRA)) and not g.can_apply(encode(ko, NO90))


def test_an_absage_that_skips_needs_the_skipped_level() -> None:
    """TSR 6.4.3: after Re on time, keine 60 straight away needs the cards of keine 90 (10),
    once keine 90 is said it lasts down to its own 9."""
    g = _into_play()
    re, _ = _party(g, True)
    g.apply(encode(re, CALL_RE))
    _play_until(g, re, 10)
    hints = call_hints(g, re)
    assert [(h.code, h.until, h.with_first) for h in hints] == [
        (NO90, 10, False), (NO60, 10, False), (NO30, 10, False), (BLACK, 10, False)]
    g.apply(encode(re, NO90))
    assert [(h.code, h.until) for h in call_hints(g, re)] == [(NO60, 9), (NO30, 9), (BLACK, 9)]
    assert hint_lines(call_hints(g, re), 10, "en") == [
        "Calls: keine 60 to schwarz while you hold at least 9 cards"]


def test_no_hints_when_nothing_can_be_called() -> None:
    """Before the game type is settled (TSR 6.2.1) the hints are empty."""
    g = Game.deal(seed=7)
    assert call_hints(g, g.to_move) == [] and hint_lines([], 12) == []


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 50), rnd=st.integers(0, 2**32))
def test_hints_match_the_engine_while_the_seat_waits(seed: int, cut: int, rnd: int) -> None:
    """For random positions (random legal actions, calls and solos included), every hint says
    exactly when the engine takes its call: while the seat only plays cards and nobody calls,
    the call stays legal as long as the seat holds ``until`` cards (a missed first Ansage down
    to ``then_reply`` as a late reply), and not after."""
    r = random.Random(rnd)
    g = Game.deal(seed, dealer=seed % 4)
    while not g.is_over and len(g.history) < cut:
        g.apply(r.choice(g.legal_actions()))
    hints = {s: call_hints(g, s) for s in range(4)}
    for s in range(4):
        legal = {code_of(a) for a in g.legal_actions(s) if CALL_RE <= code_of(a) <= BLACK}
        assert {h.code for h in hints[s]} == legal
        for lang in ("de", "en"):  # words from the catalogue, each line fits the terminal
            assert all("{" not in line and len(line) <= 78
                       for line in hint_lines(hints[s], g.cards_in_hand(s), lang))
    sim = g.clone()
    while True:
        for s, hs in hints.items():
            n = sim.cards_in_hand(s)
            for h in hs:
                lasts = n >= h.until or (h.then_reply > 0 and n >= h.then_reply)
                assert sim.can_apply(encode(s, h.code)) == lasts, (s, h, n)
        plays = sim.legal_plays() if not sim.is_over else []
        if not plays:
            break
        sim.apply(r.choice(plays))
