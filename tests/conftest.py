"""Shared helpers for the rules-engine tests (TSR 2.3 to 6).

Hands are written as short strings of card codes (``"QC QC TH 9S ..."``); ``None`` for a hand
means "the cards nobody else holds". Games are driven through the public API only.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import strategies as st

from doko.engine.actions import (
    BLACK,
    CALL_KONTRA,
    CALL_RE,
    CLAIM,
    CONCEDE,
    HEALTHY,
    MARRIAGE,
    NO30,
    NO60,
    NO90,
    PASS,
    RESERVATION,
    WITHDRAW,
    code_of,
    encode,
    seat_of,
)
from doko.engine.actions import solo_code as _solo_code
from doko.engine.cards import QC, card_code, deck, parse_card
from doko.engine.contracts import NORMAL_ORDER, ORDERS, order_of_solo
from doko.engine.errors import IllegalActionError
from doko.engine.game import FINISHED, NAMING, PLAY, QUERY, Game
from doko.engine.record import to_record

if os.environ.get("DOKO_REQUIRE_NATIVE"):
    # `make test` builds the native core and sets this: its tests must run, not be skipped
    importlib.import_module("doko_native")

ALL_CODES: list[str] = [card_code(k) for k in deck()]  # 48 codes, each kind twice

CALL = {
    "re": CALL_RE,
    "kontra": CALL_KONTRA,
    "no90": NO90,
    "no60": NO60,
    "no30": NO30,
    "black": BLACK,
}
LEVEL_OF = {"re": 1, "kontra": 1, "no90": 2, "no60": 3, "no30": 4, "black": 5}
#: Latest moment of each call level, cards in the caller's hand (TSR 6.2.2, 6.3.4).
MIN_CARDS = {1: 11, 2: 10, 3: 9, 4: 8, 5: 7}
ABSAGE_BY_LEVEL = {2: "no90", 3: "no60", 4: "no30", 5: "black"}


def solo_code(name: str) -> int:
    """The action code naming the solo ``name`` (``"queens"``...)."""
    return _solo_code(name)


# ---------------------------------------------------------------------------------------------
# Building games


def cards(text: str) -> list[str]:
    """``"QC 10H th"`` -> ``["QC", "TH", "TH"]`` (normalised codes)."""
    return [card_code(parse_card(c)) for c in text.split()]


def hands(*specs: str | None) -> list[list[str]]:
    """Four hands from up to four strings; ``None`` hands (or missing ones) share the rest,
    dealt alternately."""
    specs_l = list(specs) + [None] * (4 - len(specs))
    assert len(specs_l) == 4, specs
    pool = list(ALL_CODES)
    out: list[list[str]] = []
    for spec in specs_l:
        h = [] if spec is None else cards(spec)
        for c in h:
            pool.remove(c)  # ValueError: a card a third time
        out.append(h)
    open_seats = [s for s in range(4) if specs_l[s] is None]
    for i, c in enumerate(pool):
        out[open_seats[i % len(open_seats)]].append(c)
    return out


def new_game(
    *specs: str | None,
    dealer: int = 0,
    owes: Iterable[bool] = (False, False, False, False),
    vorfuehrung: int | None = None,
) -> Game:
    """A game in the Vorbehaltsabfrage (or Vorführung) from hand strings."""
    return Game.from_hands(
        hands(*specs), dealer=dealer, owes_pflichtsolo=tuple(owes), vorfuehrung=vorfuehrung
    )


def act(g: Game, seat: int, code: int) -> None:
    """Apply ``code`` for ``seat``."""
    g.apply(encode(seat, code))


def query(g: Game, reserve: Iterable[int] = ()) -> None:
    """Run the Vorbehaltsabfrage: the seats in ``reserve`` say Vorbehalt, the others healthy."""
    res = set(reserve)
    assert g.phase == QUERY
    for _ in range(4):
        s = g.to_move
        act(g, s, RESERVATION if s in res else HEALTHY)
    assert g.phase != QUERY


def start_normal(*specs: str | None, dealer: int = 0) -> Game:
    """All healthy: a Normalspiel (or a stille Hochzeit if a hand holds both ♣Q)."""
    g = new_game(*specs, dealer=dealer)
    query(g)
    return g


def start_solo(
    *specs: str | None,
    soloist: int,
    solo: str,
    dealer: int = 0,
    pflicht: bool = False,
) -> Game:
    """``soloist`` alone says Vorbehalt and names ``solo`` (a Pflichtsolo if ``pflicht``)."""
    owes = [False] * 4
    owes[soloist] = pflicht
    g = new_game(*specs, dealer=dealer, owes=owes)
    query(g, [soloist])
    assert g.phase == NAMING and g.to_move == soloist
    act(g, soloist, solo_code(solo))
    assert g.phase == PLAY
    return g


def start_marriage(*specs: str | None, hochzeiter: int, dealer: int = 0) -> Game:
    """``hochzeiter`` (holding both ♣Q) says Vorbehalt and names a Hochzeit."""
    g = new_game(*specs, dealer=dealer)
    query(g, [hochzeiter])
    act(g, hochzeiter, MARRIAGE)
    assert g.phase == PLAY and g.contract_name == "marriage"
    return g


def play(g: Game, seq: str) -> None:
    """Play the cards of ``seq`` in order, each by the seat on turn."""
    for c in seq.split():
        g.play(c)


def first_legal_card(g: Game) -> int:
    """The lowest card kind the seat on turn may play."""
    return min(code_of(a) for a in g.legal_actions(g.to_move) if code_of(a) < 24)


def play_auto(g: Game, n: int = 1) -> None:
    """Play ``n`` cards, each the lowest legal card of the seat on turn."""
    for _ in range(n):
        g.apply(encode(g.to_move, first_legal_card(g)))


def _plan_not_winning(g: Game, seat: int) -> int | None:
    """A card for the seat on turn that lets the current trick end without ``seat`` (which
    plays its last card) winning it, whatever is needed after; None if there is none."""
    s = g.to_move
    for a in g.legal_actions(s):
        if code_of(a) >= 24:
            continue
        h = g.clone()
        h.apply(a)
        if not h.trick:  # the trick is complete
            if h.tricks[-1][2] != seat:
                return code_of(a)
        elif _plan_not_winning(h, seat) is not None:
            return code_of(a)
    return None


def play_not_winning_last(g: Game, seat: int) -> None:
    """Play one card so that ``seat`` does not take a trick as its last player when that can be
    avoided (so ``seat`` is off turn right after each of its plays); otherwise the lowest legal
    card."""
    if (g.trick_leader + 3) & 3 == seat:
        k = _plan_not_winning(g, seat)
        if k is not None:
            g.apply(encode(g.to_move, k))
            return
    play_auto(g)


def advance_until(g: Game, pred: Callable[[Game], bool], limit: int = 48) -> None:
    """Play lowest legal cards until ``pred(g)`` holds (fails after ``limit`` cards)."""
    for _ in range(limit):
        if pred(g):
            return
        play_auto(g)
    assert pred(g), "condition never reached"


def call(g: Game, seat: int, name: str) -> None:
    """Make the call ``name`` (``"re"``, ``"no90"``...) for ``seat``."""
    g.apply(encode(seat, CALL[name]))


def can_call(g: Game, seat: int, name: str) -> bool:
    """True if ``seat`` may make the call ``name`` now (checked both ways)."""
    a = encode(seat, CALL[name])
    ok = g.can_apply(a)
    assert ok == (a in g.legal_actions()), "can_apply and legal_actions disagree"
    return ok


def check_deadline(g: Game, seat: int, name: str, need: int, rule: str | None = None,
                   off_turn_allowed: bool = True) -> None:
    """Play on (lowest legal cards) and check the call ``name`` of ``seat`` at every state: it
    is allowed while the seat holds ``need`` cards and refused (naming ``rule``) once it holds
    ``need - 1``; both on turn and off turn (TSR 6.4.1). ``g`` itself is advanced.

    ``off_turn_allowed``: also require an off-turn state with ``need`` cards (not reachable
    when calls open only as the seat comes on turn, e.g. right after a Klärungsstich).
    """
    seen: set[tuple[int, bool]] = set()
    a = encode(seat, CALL[name])
    while g.phase == PLAY:
        n = g.cards_in_hand(seat)
        if n < need - 1:
            break
        on_turn = g.to_move == seat
        if n == need:
            assert can_call(g, seat, name), (name, seat, n, on_turn, g.history)
            h = g.clone()
            h.apply(a)
            assert h.level[0 if g.is_re[seat] else 1] == LEVEL_OF[name]
            seen.add((n, on_turn))
        elif n == need - 1:
            assert not can_call(g, seat, name), (name, seat, n, on_turn, g.history)
            assert_illegal(g, a, rule)
            seen.add((n, on_turn))
        play_not_winning_last(g, seat)
    assert (need, True) in seen and (need - 1, True) in seen and (need - 1, False) in seen, seen
    if off_turn_allowed:
        assert (need, False) in seen, seen


def takes_all(g: Game, soloist: int) -> bool:
    """Brute force: True if ``soloist`` wins every remaining trick whatever anyone plays, his
    own cards in any order included (TSR 9.2.2 as the rules notes fix it)."""
    if g.phase != PLAY:
        return True
    n = len(g.tricks)
    for a in g.legal_actions(g.to_move):
        if code_of(a) >= 24:
            continue
        h = g.clone()
        h.apply(a)
        if len(h.tricks) > n and h.tricks[-1][2] != soloist:
            return False
        if not takes_all(h, soloist):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# State comparison


def snapshot(g: Game) -> tuple[Any, ...]:
    """Everything observable about a game, for "nothing changed" checks."""
    return (
        to_record(g),
        list(g.history),
        g.phase,
        g.to_move,
        g.contract_name,
        g.soloist,
        g.pflichtsolo,
        g.hochzeiter,
        g.partner,
        g.klaerung,
        g.shift,
        list(g.is_re),
        list(g.level),
        list(g.tricks),
        list(g.trick),
        g.trick_leader,
        list(g.eyes),
        list(g.won),
        g.ended,
        [g.cards_in_hand(s) for s in range(4)],
        [g.hand_codes(s) for s in range(4)],
        sorted(g.legal_actions()),
    )


def assert_illegal(g: Game, action: int, rule: str | None = None) -> IllegalActionError:
    """``action`` is refused (by verify, can_apply and apply) and the state is unchanged.

    ``rule``: a TSR clause that the error's ``.rule`` must name.
    """
    before = snapshot(g)
    assert not g.can_apply(action)
    assert action not in g.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    assert snapshot(g) == before, "an illegal action changed the state"
    err = info.value
    if rule is not None:
        assert err.rule is not None and rule in err.rule, (rule, err.rule, str(err))
    return err


def assert_legal(g: Game, action: int) -> None:
    """``action`` is allowed now, by every entry point."""
    g.verify(action)
    assert g.can_apply(action)
    assert action in g.legal_actions()
    assert action in g.legal_actions(seat_of(action))


# ---------------------------------------------------------------------------------------------
# A game whose first trick is given


def trick_game(kind: str, trick: list[str] | str, leader: int = 0) -> Game:
    """A game of ``kind`` (``"normal"`` or a solo name) whose trick 1, led by ``leader``, is
    ``trick``; the other cards are dealt so that every card of the trick is legal. Returns the
    game before the trick is played (a Lustsolo of ``leader``, or a Normalspiel)."""
    tr = cards(trick) if isinstance(trick, str) else [card_code(parse_card(c)) for c in trick]
    assert len(tr) == 4
    order = ORDERS[NORMAL_ORDER if kind == "normal" else order_of_solo(kind)]
    eff = order.eff_suit
    led = eff[parse_card(tr[0])]
    seats = [(leader + i) & 3 for i in range(4)]
    void = {seats[i] for i in range(1, 4) if eff[parse_card(tr[i])] != led}
    held: list[list[str]] = [[] for _ in range(4)]
    for s, c in zip(seats, tr, strict=True):
        held[s].append(c)
    pool = list(ALL_CODES)
    for c in tr:
        pool.remove(c)
    pool.sort(key=lambda c: eff[parse_card(c)] != led)  # the led suit first
    for c in pool:
        k = parse_card(c)
        cand = [s for s in range(4) if len(held[s]) < 12]
        if eff[k] == led:
            cand = [s for s in cand if s not in void]
        if kind == "normal" and k == QC:
            cand = [s for s in cand if "QC" not in held[s]]
        assert cand, f"cannot deal a hand for the trick {tr}"
        s = min(cand, key=lambda s: len(held[s]))
        held[s].append(c)
    dealer = (leader - 1) & 3  # the dealer's left neighbour leads trick 1 (TSR 5.1.1)
    g = Game.from_hands(held, dealer=dealer)
    if kind == "normal":
        query(g)
        assert g.contract_name == "normal"
    else:
        query(g, [leader])
        act(g, leader, solo_code(kind))
        assert g.contract_name == f"solo_{kind}"
    assert g.to_move == leader
    return g


def trick_winner(kind: str, trick: str, leader: int = 0) -> int:
    """Play ``trick`` as trick 1 of a game of ``kind``; the position (0..3) of its winner."""
    g = trick_game(kind, trick, leader)
    play(g, trick)
    assert len(g.tricks) == 1
    lead, played, winner = g.tricks[0]
    assert lead == leader and [card_code(k) for k in played] == cards(trick)
    return (winner - leader) & 3


# ---------------------------------------------------------------------------------------------
# Random legal games (for property tests)


@dataclass(frozen=True)
class Knobs:
    """How a random game is played."""

    seed: int
    dealer: int = 0
    owes: tuple[bool, bool, bool, bool] = (False, False, False, False)
    vorfuehrung: int | None = None
    p_reserve: float = 0.2
    p_call: float = 0.1
    p_concede: float = 0.01
    p_claim: float = 0.5

    def deal_seed(self) -> int:
        """The deal's seed: mixed from every knob, so that knobs hypothesis draws alike (it
        repeats small seeds a lot) still give different deals."""
        return random.Random(f"deal:{self!r}").getrandbits(32)

    def rng(self) -> random.Random:
        """The random source of the players' choices."""
        return random.Random(f"play:{self!r}")


@st.composite
def knobs(draw: st.DrawFn) -> Knobs:
    """A hypothesis strategy for :class:`Knobs`: deals, round context and play styles."""
    owes = tuple(draw(st.lists(st.booleans(), min_size=4, max_size=4)))
    owing = [s for s in range(4) if owes[s]]
    vorf = draw(st.sampled_from([None, None, None, *owing])) if owing else None
    return Knobs(
        seed=draw(st.integers(0, 2**32 - 1)),
        dealer=draw(st.integers(0, 3)),
        owes=owes,  # type: ignore[arg-type]
        vorfuehrung=vorf,
        p_reserve=draw(st.sampled_from([0.0, 0.1, 0.3, 0.8])),
        p_call=draw(st.sampled_from([0.0, 0.05, 0.2, 0.6])),
        p_concede=draw(st.sampled_from([0.0, 0.0, 0.01, 0.05])),
        p_claim=draw(st.sampled_from([0.0, 0.5, 1.0])),
    )


def choose_action(g: Game, rng: random.Random, kn: Knobs) -> int | None:
    """A random legal action for ``g`` in the style of ``kn`` (None: stop)."""
    legal = g.legal_actions()
    if not legal:
        return None
    if g.phase == QUERY:
        s = g.to_move
        return encode(s, RESERVATION if rng.random() < kn.p_reserve else HEALTHY)
    if g.phase == NAMING:  # a pass or a Hochzeit when possible half of the time
        special = [a for a in legal if code_of(a) in (PASS, MARRIAGE)]
        # a Vorbehalt is not taken back here (TSR 4.1.2; callers that want it choose it)
        named = [a for a in legal if code_of(a) != WITHDRAW]
        return special[0] if special and rng.random() < 0.5 else rng.choice(named)
    if g.phase == FINISHED:  # after a concession: Kontra's late calls (TSR 5.4.7)
        return rng.choice(legal) if rng.random() < 0.5 else None
    claims = [a for a in legal if code_of(a) == CLAIM]
    if claims and rng.random() < kn.p_claim:
        return claims[0]
    concede = [a for a in legal if code_of(a) == CONCEDE]
    if concede and rng.random() < kn.p_concede:
        return concede[0]
    calls = [a for a in legal if CALL_RE <= code_of(a) <= BLACK]
    if calls and rng.random() < kn.p_call:
        return rng.choice(calls)
    plays = [a for a in legal if code_of(a) < 24]
    return rng.choice(plays)


def random_game(kn: Knobs, visit: Callable[[Game], None] | None = None) -> Game:
    """Play a random legal game; ``visit(g)`` sees every state before each action."""
    rng = kn.rng()
    g = Game.deal(kn.deal_seed(), kn.dealer, owes_pflichtsolo=kn.owes,
                  vorfuehrung=kn.vorfuehrung)
    for _ in range(400):
        if visit is not None:
            visit(g)
        a = choose_action(g, rng, kn)
        if a is None:
            return g
        g.apply(a)
    raise AssertionError("a game did not end")


__all__ = [
    "ALL_CODES",
    "CALL",
    "CLAIM",
    "CONCEDE",
    "FINISHED",
    "HEALTHY",
    "MARRIAGE",
    "NAMING",
    "PASS",
    "PLAY",
    "QUERY",
    "RESERVATION",
    "Knobs",
    "act",
    "advance_until",
    "assert_illegal",
    "assert_legal",
    "call",
    "can_call",
    "cards",
    "check_deadline",
    "choose_action",
    "first_legal_card",
    "hands",
    "knobs",
    "new_game",
    "play",
    "play_auto",
    "query",
    "random_game",
    "snapshot",
    "solo_code",
    "start_marriage",
    "start_normal",
    "start_solo",
    "takes_all",
    "trick_game",
    "trick_winner",
]
