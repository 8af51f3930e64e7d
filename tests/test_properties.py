"""Property tests over many random legal games (hypothesis): random deals, round contexts,
Vorbehalte, solos, Hochzeiten, calls, concessions and claims.

Every state is checked against the engine's own fast and slow paths (``legal_actions`` versus
``can_apply`` for every seat and action code) and against an independent model written from the
rules notes: who names a Vorbehalt (TSR 4.1.5 to 4.1.7), who leads trick 1 (4.2.2, 5.1.1), the
Bedienpflicht (5.2), trick winners (5.3.3), the Klärungsstich (4.4.3), the soloist (5.4.3) and
which calls each seat may make (6.2.2, 6.3.4, 6.4.2 to 6.4.7, 5.4.7).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Knobs, choose_action, knobs, snapshot, takes_all
from doko.engine.actions import (
    BLACK,
    CALL_KONTRA,
    CALL_RE,
    CLAIM,
    CONCEDE,
    HEALTHY,
    MARRIAGE,
    NO90,
    PASS,
    RESERVATION,
    SOLO_BASE,
    WITHDRAW,
    code_of,
    encode,
    seat_of,
)
from doko.engine.cards import EYES, QC, hand_from_kinds, hand_kinds
from doko.engine.contracts import TRUMP, trick_winner
from doko.engine.errors import IllegalActionError
from doko.engine.game import FINISHED, NAMING, PLAY, QUERY, Game, deal_hands
from doko.engine.record import replay, to_record

MIN_CARDS = (99, 11, 10, 9, 8, 7)  # TSR 6.2.2, 6.3.4, by level
ALL_CODES = range(64)


@dataclass
class Model:
    """What the rules say, followed action by action from outside the engine."""

    dealer: int
    owes: tuple[bool, ...]
    vorfuehrung: int | None
    initial: list[list[int]]
    answers: dict[int, bool] = field(default_factory=dict)
    passed: set[int] = field(default_factory=set)
    declarer: int = -1
    named: int | None = None  # action code of the naming
    level: list[int] = field(default_factory=lambda: [0, 0])
    ontime: list[bool] = field(default_factory=lambda: [False, False])
    concede_sizes: list[int] | None = None

    def query_order(self) -> list[int]:
        return [(self.dealer + 1 + i) & 3 for i in range(4)]

    def both_queens(self, seat: int) -> bool:
        return self.initial[seat].count(QC) == 2

    def expected_namer(self) -> int:
        """Who must name now (TSR 4.1.4 to 4.1.7, rules notes' engine model)."""
        if self.vorfuehrung is not None:
            return self.vorfuehrung
        holders = [s for s in self.query_order() if self.answers.get(s)]
        if len(holders) == 1:
            return holders[0]
        asked = [s for s in holders if self.owes[s]] + [s for s in holders if not self.owes[s]]
        return next(s for s in asked if s not in self.passed)

    def withdraw_seat(self) -> int:
        """Who may take back its Vorbehalt now (TSR 4.1.2), or -1: positions 1-3 until the next
        player has spoken; position 4 until the query goes on (4.1.6) or it is named."""
        if self.vorfuehrung is not None:
            return -1
        order = self.query_order()
        n = len(self.answers)
        if 1 <= n <= 3:
            prev = order[n - 1]
            return prev if self.answers[prev] else -1
        if n == 4 and self.answers[order[3]] and not self.passed and self.named is None:
            return order[3]
        return -1

    def naming_codes(self, seat: int) -> set[int]:
        codes = set(range(SOLO_BASE, SOLO_BASE + 7))
        if self.vorfuehrung is not None:
            return codes
        holders = [s for s in self.query_order() if self.answers.get(s)]
        if self.both_queens(seat):
            codes.add(MARRIAGE if len(holders) == 1 else PASS)
        return codes


def party(g: Game, seat: int) -> int:
    return 0 if g.is_re[seat] else 1


def expected_calls(m: Model, g: Game, seat: int) -> set[int]:
    """The call codes ``seat`` may make now, by the rules notes (TSR 6, 5.4.7)."""
    if g.phase not in (PLAY, FINISHED):
        return set()
    if g.phase == FINISHED and g.ended != "conceded":
        return set()
    if g.contract_name == "marriage" and g.klaerung == 0:
        return set()  # TSR 4.4.4
    p = party(g, seat)
    if g.ended == "conceded" and p == 0:
        return set()  # TSR 5.4.7
    n = m.concede_sizes[seat] if m.concede_sizes is not None else len(g.hand(seat))
    shift = g.shift
    own, opp = m.level[p], m.level[1 - p]
    out: set[int] = set()
    ontime = m.ontime[p]
    for lv in range(own + 1, 6):
        if lv == 1:
            if n >= MIN_CARDS[1] - shift:
                ontime = True
            elif opp and n >= MIN_CARDS[opp] - 1 - shift:  # a reply (TSR 6.4.4)
                out.add(CALL_RE if p == 0 else CALL_KONTRA)
                break
            else:
                break
            out.add(CALL_RE if p == 0 else CALL_KONTRA)
        else:
            if not ontime or n < MIN_CARDS[lv] - shift:
                break  # no Absage after a late reply; no skipping a passed level (6.4.3)
            out.add(NO90 + lv - 2)
    return out


def expected_soloist(m: Model, g: Game) -> int:
    """The seat that plays alone, or -1 (TSR 4.4.3 b, 4.4.5, 5.4.3)."""
    if m.named is not None and SOLO_BASE <= m.named < SOLO_BASE + 7:
        return m.declarer
    if m.named is None and g.phase >= PLAY:
        silent = [s for s in range(4) if m.both_queens(s)]
        return silent[0] if silent else -1
    if m.named == MARRIAGE and len(g.tricks) >= 3 and all(
        t[2] == m.declarer for t in g.tricks[:3]
    ):
        return m.declarer
    return -1


def legal_plays(g: Game, seat: int) -> set[int]:
    """TSR 5.2: follow the led effective suit if possible, else any card."""
    hand = set(hand_kinds(g.hands[seat]))
    if g.trick:
        led = g.order.eff_suit[g.trick[0]]
        follow = {k for k in hand if g.order.eff_suit[k] == led}
        if follow:
            return follow
    return hand


def check_state(m: Model, g: Game, rng: random.Random) -> None:
    legal = g.legal_actions()
    legal_set = set(legal)
    assert len(legal) == len(legal_set), "duplicate legal actions"
    # fast listing == slow verifier, for every seat and every code (plays included)
    for seat in range(4):
        mine = set(g.legal_actions(seat))
        assert mine == {a for a in legal_set if seat_of(a) == seat}
        for code in ALL_CODES:
            a = encode(seat, code)
            assert g.can_apply(a) == (a in legal_set), (seat, code, g.history)
    # the independent model
    if g.phase == QUERY:
        w = m.withdraw_seat()
        assert legal_set == {encode(g.to_move, HEALTHY), encode(g.to_move, RESERVATION)} | (
            {encode(w, WITHDRAW)} if w >= 0 else set())
        assert g.to_move == m.query_order()[len(m.answers)]
    elif g.phase == NAMING:
        s = m.expected_namer()
        assert g.to_move == s
        w = m.withdraw_seat()
        assert legal_set == {encode(s, c) for c in m.naming_codes(s)} | (
            {encode(w, WITHDRAW)} if w >= 0 else set())
    else:
        so = expected_soloist(m, g)
        assert g.soloist == so
        for seat in range(4):
            calls = {code_of(a) for a in legal_set
                     if seat_of(a) == seat and CALL_RE <= code_of(a) <= BLACK}
            assert calls == expected_calls(m, g, seat), (seat, g.history)
            shorten = {code_of(a) for a in legal_set if seat_of(a) == seat and code_of(a) > BLACK}
            if g.phase == PLAY and seat == so:
                assert CONCEDE in shorten
            else:
                assert not shorten
        if g.phase == PLAY and so >= 0 and len(g.tricks) >= 9:
            # the claim is listed exactly when it is forced (TSR 5.4.4, 9.2.2)
            assert (encode(so, CLAIM) in legal_set) == takes_all(g, so), g.history
        if g.phase == PLAY:
            plays = {code_of(a) for a in legal_set if code_of(a) < 24}
            assert plays == legal_plays(g, g.to_move)
            assert all(seat_of(a) == g.to_move for a in legal_set if code_of(a) < 24)
    # an illegal action is refused and changes nothing
    illegal = [encode(s, c) for s in range(4) for c in range(44) if encode(s, c) not in legal_set]
    before = snapshot(g)
    for a in rng.sample(illegal, min(3, len(illegal))):
        try:
            g.apply(a)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal action {a} was applied")
        assert snapshot(g) == before
    # a clone is independent
    if legal:
        h = g.clone()
        h.apply(rng.choice(legal))
        assert snapshot(g) == before


def after_action(m: Model, g: Game, a: int, n_before: int) -> None:
    seat, code = seat_of(a), code_of(a)
    if code in (HEALTHY, RESERVATION):
        m.answers[seat] = code == RESERVATION
    elif code == WITHDRAW:  # TSR 4.1.2: as if the seat had said "gesund"
        m.answers[seat] = False
    elif code == PASS:
        m.passed.add(seat)
    elif SOLO_BASE <= code < SOLO_BASE + 7 or code == MARRIAGE:
        m.declarer, m.named = seat, code
    elif CALL_RE <= code <= BLACK:
        p = party(g, seat)
        lv = 1 if code <= CALL_KONTRA else code - NO90 + 2
        if m.level[p] == 0:
            m.ontime[p] = n_before >= MIN_CARDS[1] - g.shift
        m.level[p] = lv
    elif code == CONCEDE:
        m.concede_sizes = [len(g.hand(s)) for s in range(4)]


def check_start_of_play(m: Model, g: Game) -> None:
    """TSR 4.2.2, 4.3.1, 5.1.1: who leads trick 1; the parties."""
    pflicht = m.named is not None and SOLO_BASE <= m.named < SOLO_BASE + 7 and m.owes[m.declarer]
    assert g.pflichtsolo == pflicht
    assert g.to_move == (m.declarer if pflicht else (m.dealer + 1) & 3)
    if m.named is None:
        silent = [s for s in range(4) if m.both_queens(s)]
        if silent:
            assert g.contract_name == "silent_marriage" and g.is_re == [
                s == silent[0] for s in range(4)]
        else:
            assert g.contract_name == "normal"
            assert g.is_re == [QC in m.initial[s] for s in range(4)]
    elif m.named == MARRIAGE:
        assert g.contract_name == "marriage" and g.is_re == [s == m.declarer for s in range(4)]
    else:
        assert g.contract_name.startswith("solo_") and g.soloist == m.declarer


def check_end(m: Model, g: Game) -> None:
    assert g.phase == FINISHED
    assert g.ended in ("played", "conceded", "claimed")
    n = len(g.tricks)
    assert n == 12 if g.ended == "played" else n <= 12
    assert sum(g.won) == n
    # every card exactly once: in a completed trick, in the unfinished trick, or in a hand
    played = [k for _, cards, _ in g.tricks for k in cards] + list(g.trick)
    rest = [k for s in range(4) for k in hand_kinds(g.hands[s])]
    assert sorted(played + rest) == sorted(k for h in m.initial for k in h)
    assert sum(EYES[k] for k in played + rest) == 240
    assert sum(g.eyes) + sum(EYES[k] for k in g.trick) + sum(EYES[k] for k in rest) == 240
    # trick winners by the card order (TSR 5.3.3); the winner leads the next trick
    eyes = [0] * 4
    for i, (lead, cards, w) in enumerate(g.tricks):
        assert len(cards) == 4
        assert w == (lead + trick_winner(g.order, cards)) & 3
        eyes[w] += sum(EYES[k] for k in cards)
        if i + 1 < n:
            assert g.tricks[i + 1][0] == w
    assert eyes == g.eyes
    # Augen and tricks of Re (TSR 5.4.4, 5.4.6)
    re_eyes = sum(g.eyes[s] for s in range(4) if g.is_re[s])
    re_tricks = sum(g.won[s] for s in range(4) if g.is_re[s])
    if g.ended == "claimed":
        assert g.re_eyes() == 240 - sum(g.eyes[s] for s in range(4) if not g.is_re[s])
        assert g.re_tricks() == re_tricks + 12 - n
    else:
        assert g.re_eyes() == re_eyes
        assert g.re_tricks() == re_tricks
    assert g.re_eyes() + g.kontra_eyes() == 240
    assert g.re_tricks() + g.kontra_tricks() == 12
    # the Hochzeit (TSR 4.4.3)
    if m.named == MARRIAGE and n >= 1:
        hz = m.declarer
        others = [t[2] for t in g.tricks[:3] if t[2] != hz]
        if others:
            k = next(i for i, t in enumerate(g.tricks[:3]) if t[2] != hz) + 1
            assert (g.klaerung, g.shift, g.partner) == (k, k - 1, others[0])
            assert g.is_re == [s in (hz, others[0]) for s in range(4)]
            assert g.contract_name == "marriage"
        elif n >= 3:
            assert g.marriage_solo and g.contract_name == "solo_diamonds" and g.shift == 2
    else:
        assert g.shift == 0
    assert g.level == m.level
    # the record replays to the same state
    rec = to_record(g)
    h = replay(rec)
    assert to_record(h) == rec
    assert snapshot(h) == snapshot(g)


def greedy_hochzeiter(g: Game) -> int | None:
    """Before the Klärungsstich: the Hochzeiter plays his highest card, the others their lowest
    (so that he often takes tricks 1 to 3 and plays a Karo solo)."""
    if g.phase != PLAY or g.contract_name != "marriage" or g.klaerung:
        return None
    power = g.order.power
    plays = [code_of(a) for a in g.legal_actions(g.to_move) if code_of(a) < 24]
    pick = max if g.to_move == g.hochzeiter else min
    return encode(g.to_move, pick(plays, key=lambda k: power[k] + 1000 * (
        g.order.eff_suit[k] == TRUMP)))


def play_out(g: Game, m: Model, kn: Knobs, rng: random.Random,
             reserve: frozenset[int] | None = None, greedy: bool = False) -> Game:
    """Play ``g`` to its end with random legal actions, checking every state.

    ``reserve``: the seats that say Vorbehalt (else chosen at random by ``kn``); ``greedy``:
    see :func:`greedy_hochzeiter`.
    """
    started = False
    for _ in range(400):
        if g.phase >= PLAY and not started:
            check_start_of_play(m, g)
            started = True
        check_state(m, g, rng)
        withdraw = [a for a in g.legal_actions() if code_of(a) == WITHDRAW]
        if g.phase == QUERY and reserve is not None:
            a = encode(g.to_move, RESERVATION if g.to_move in reserve else HEALTHY)
        elif withdraw and reserve is None and rng.random() < 0.3:
            a = withdraw[0]  # a Vorbehalt taken back (TSR 4.1.2)
        elif greedy and (a := greedy_hochzeiter(g)) is not None:
            pass
        else:
            a = choose_action(g, rng, kn)
        if a is None:
            break
        n_before = len(g.hand(seat_of(a))) if m.concede_sizes is None else m.concede_sizes[
            seat_of(a)]
        g.apply(a)
        after_action(m, g, a, n_before)
    check_end(m, g)
    return g


def run(kn: Knobs) -> Game:
    g = Game.deal(kn.deal_seed(), kn.dealer, owes_pflichtsolo=kn.owes,
                  vorfuehrung=kn.vorfuehrung)
    m = Model(kn.dealer, kn.owes, kn.vorfuehrung, [hand_kinds(h) for h in g.hands])
    return play_out(g, m, kn, kn.rng())


@settings(max_examples=100, deadline=None)
@given(knobs())
def test_random_games_follow_the_rules(kn: Knobs) -> None:
    """TSR 2.2, 4, 5, 6: random legal games: every state consistent (legal_actions ==
    can_apply for every seat and code; the independent model agrees); illegal actions change
    nothing; 12 tricks or a concession/claim; 240 Augen; records replay to the same state."""
    run(kn)


@settings(max_examples=80, deadline=None)
@given(knobs(), st.integers(0, 3),
       st.one_of(st.just([False] * 4), st.lists(st.booleans(), min_size=4, max_size=4)),
       st.booleans())
def test_random_hochzeiten(kn: Knobs, hz: int, reserve: list[bool], greedy: bool) -> None:
    """TSR 4.1.6, 4.4.3, 6.4.2: seat ``hz`` holds both ♣Q and says Vorbehalt (others as
    drawn): alone it may announce a Hochzeit (and does so half of the time); among several
    Vorbehalte it may pass or name a solo but never play a Hochzeit."""
    hands = [hand_kinds(h) for h in deal_hands(kn.deal_seed(), kn.dealer)]
    while hands[hz].count(QC) < 2:  # give seat hz both ♣Q
        other = next(s for s in range(4) if s != hz and QC in hands[s])
        give = next(k for k in hands[hz] if k != QC)
        hands[other].remove(QC)
        hands[other].append(give)
        hands[hz].remove(give)
        hands[hz].append(QC)
    owes = kn.owes if kn.vorfuehrung is None else (False,) * 4
    g = Game([hand_from_kinds(h) for h in hands], kn.dealer, owes_pflichtsolo=owes)
    m = Model(kn.dealer, owes, None, hands)
    seats = frozenset([hz] + [s for s in range(4) if reserve[s]])
    g = play_out(g, m, kn, kn.rng(), reserve=seats, greedy=greedy)
    if len(seats) > 1:
        assert g.contract_name not in ("marriage", "silent_marriage")
        assert g.hochzeiter == -1


@settings(max_examples=40, deadline=None)
@given(knobs())
def test_claims_and_concessions_when_listed(kn: Knobs) -> None:
    """TSR 5.4.4, 5.4.6: with claims always taken when listed and frequent concessions, the
    game ends consistently (all invariants above)."""
    kn = Knobs(kn.seed, kn.dealer, kn.owes, kn.vorfuehrung, p_reserve=0.9, p_call=kn.p_call,
               p_concede=0.03, p_claim=1.0)
    g = run(kn)
    if g.ended == "claimed":
        assert g.legal_actions() == []
        assert all(not g.can_apply(encode(s, c)) for s in range(4) for c in range(35, 41))
