"""The native engine against the Python engine (the executable specification).

Differential tests drive both in lock-step (:mod:`doko.engine.native_check`) through 23,000
random games in total over every scenario kind: the presets, random house-rule options, no
nines, Hochzeiten, Pflichtsoli and Vorführungen, concessions and claims, Vorbehalte taken back
(TSR 4.1.2), Armuten and Schmeißen (house rules). Hypothesis feeds both
arbitrary action ints. Plus TSR cases through ``NativeGame``'s Python interface.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("doko_native")

from doko.engine.actions import (
    CALL_KONTRA,
    CALL_RE,
    CLAIM,
    HEALTHY,
    MARRIAGE,
    NO90,
    RESERVATION,
    encode,
)
from doko.engine.cards import QC, hand_count
from doko.engine.errors import IllegalActionError
from doko.engine.game import Game, deal_hands
from doko.engine.native import native_game_class, native_rules
from doko.engine.native_check import KINDS, Mismatch, compare_games, run_game, scenario
from doko.engine.record import replay
from doko.engine.result import game_result
from doko.engine.rules import HAUSREGELN, TSR, Rules
from doko.engine.view import view
from doko.engine.vocab import CallLevel, Contract, Party, Phase

#: Games per scenario kind: 8 kinds x 2,625 + 1,000 withdrawal and 1,000 Armut games = 23,000.
GAMES_PER_KIND = 2625
#: Fewer games where the kind is narrow: every withdrawal window comes up within 1,000 games.
GAMES_OF_KIND = {"withdraw": 1000, "pigs": 600, "armut": 1000, "genscher": 600}


@pytest.mark.parametrize("kind", KINDS)
def test_lock_step_random_games(kind: str) -> None:
    """At every state the same legal actions and state; the same refusals of random illegal
    actions with both states unchanged; the same summary and score at the end."""
    n = GAMES_OF_KIND.get(kind, GAMES_PER_KIND)
    counts = compare_games(n, seed=15, kinds=(kind,))
    assert counts["games"] == n
    assert counts["illegal"] > n // 2  # refusals were compared
    if kind == "pigs":  # every pig level announced in some games (house rules)
        assert min(counts.get(f"pigs:{level}", 0) for level in (1, 2, 3)) > 10
    if kind == "genscher":  # house rule: namings that keep and that switch the parties
        assert counts["genscher"] > n // 4
        assert 0 < counts["genscher_switched"] < counts["genscher"]
    if kind == "hochzeit":
        assert counts["contract:marriage"] > GAMES_PER_KIND // 2
        assert counts.get("marriage_solo", 0) > 0  # TSR 4.4.3 b happened
    if kind == "vorfuehrung":
        assert counts["vorfuehrung"] == GAMES_PER_KIND
    if kind == "pflicht":
        assert counts["pflichtsolo"] > 0
    if kind == "shortening":
        assert counts["conceded"] > 0 and counts["claimed"] > 0
    if kind == "withdraw":
        assert counts["withdrawn"] > n // 2  # TSR 4.1.2 windows used
    if kind == "armut":  # Armuten taken and played, refused, and games thrown (house rules)
        assert counts["armut"] > n // 20 and counts["armut_refused"] > 0
        assert counts["thrown"] > n // 20


def test_the_comparison_notices_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock-step driver fails when the engines differ: a native class that hides the last
    legal action whenever there are several is caught."""
    import doko.engine.native_check as nc

    base = native_game_class()

    class Broken(base):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def legal_actions(self, seat: int | None = None) -> list[int]:
            acts: list[int] = super().legal_actions(seat)
            return acts[:-1] if len(acts) > 1 else acts

    sc = scenario(3, "tsr")
    run_game(sc)  # the real classes agree
    monkeypatch.setattr(nc, "native_game_class", lambda: Broken)
    with pytest.raises(Mismatch, match="legal actions differ"):
        run_game(sc)


def _native_and_python(seed: int, dealer: int = 0, **kw: object) -> tuple[object, Game]:
    cls = native_game_class()
    return cls.deal(seed, dealer, **kw), Game.deal(seed, dealer, **kw)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    steps=st.lists(
        st.one_of(
            st.tuples(st.just("legal"), st.integers(0, 1000)),
            st.tuples(st.just("raw"), st.integers(-(2**80), 2**80)),
            st.tuples(st.just("raw"), st.integers(-5, 300)),
        ),
        max_size=80,
    ),
    rules=st.sampled_from([TSR, HAUSREGELN, Rules(nines=False, dulle="second"),
                           Rules(dulle_moves=True, soloist_leads=True, marriage_shift=False)]),
)
def test_arbitrary_action_sequences(seed: int, steps: list[tuple[str, int]],
                                    rules: Rules) -> None:
    """Any int as an action: both engines accept it or both refuse it with the same key, rule,
    seat and parameters (a bad_action for ints out of range); never a panic."""
    nat, py = _native_and_python(seed, seed & 3, rules=rules)
    for how, x in steps:
        acts = py.legal_actions()
        assert nat.legal_actions() == acts  # type: ignore[attr-defined]
        action = acts[x % len(acts)] if how == "legal" and acts else x
        e1 = e2 = None
        try:
            py.apply(action)  # type: ignore[arg-type]
        except IllegalActionError as e:
            e1 = e
        try:
            nat.apply(action)  # type: ignore[attr-defined]
        except IllegalActionError as e:
            e2 = e
        assert (e1 is None) == (e2 is None), (action, e1, e2)
        if e1 is not None and e2 is not None:
            assert (e1.key, e1.rule, e1.seat, e1.params) == (e2.key, e2.rule, e2.seat, e2.params)
            assert str(e1) == str(e2) and e1.text("de") == e2.text("de")
        assert py.history == nat.history  # type: ignore[attr-defined]
        assert py.hands == nat.hands  # type: ignore[attr-defined]


def test_out_of_range_actions_are_bad_actions() -> None:
    nat, py = _native_and_python(5)
    for action in (-1, -(2**70), 2**64, 2**63 - 1, 4 * 64, 1 * 64 + 63):  # code 63: unused
        for g in (py, nat):
            with pytest.raises(IllegalActionError) as info:
                g.apply(action)  # type: ignore[attr-defined]
            assert info.value.key == "bad_action"
        assert not nat.can_apply(action)  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        nat.apply(1.5)  # type: ignore[attr-defined]


def test_native_game_interface_and_record_tsr_4_1() -> None:
    """NativeGame offers Game's interface: enums, hands in card order, records, views."""
    cls = native_game_class()
    g = cls.deal(7)
    p = Game.deal(7)
    assert g.phase is Phase.QUERY and g.contract is Contract.NORMAL
    assert g.contract_name == "undecided" == p.contract_name
    for s in range(4):
        assert g.hand_codes(s) == p.hand_codes(s)
    while not p.is_over:
        a = p.legal_actions()[0]
        p.apply(a)
        g.apply(a)
        assert type(g.clone()) is cls
    assert g.contract_name == p.contract_name and g.contract_label("en") == p.contract_label("en")
    assert g.result() == game_result(p)
    assert g.to_record() == p.to_record()
    assert replay(g.to_record()).history == g.history
    for seat in (None, 0, 1, 2, 3):
        assert view(g, seat) == view(p, seat)  # type: ignore[arg-type]
    assert g.rules is TSR
    assert g.re_seats() == p.re_seats()


def test_calls_are_enums_and_deadlines_tsr_6_2_2() -> None:
    cls = native_game_class()
    hands = deal_hands(11)
    g = cls(hands, 0)
    p = Game(hands, 0)
    for x in (g, p):
        for _ in range(4):
            x.apply(encode(x.to_move, HEALTHY))
    if p.contract != Contract.NORMAL:
        pytest.skip("a stille Hochzeit deal")
    re_seat = p.re_seats()[0]
    ko_seat = next(s for s in range(4) if s not in p.re_seats())
    for x in (g, p):
        x.apply(encode(re_seat, CALL_RE))
        x.apply(encode(ko_seat, CALL_KONTRA))
        x.apply(encode(re_seat, NO90))
    assert g.calls == p.calls
    assert g.calls[0][1] is Party.RE and g.calls[2][2] is CallLevel.NO90
    assert g.call_deadline(encode(ko_seat, NO90)) == p.call_deadline(encode(ko_seat, NO90))


def test_claim_refusal_carries_a_real_refutation_tsr_5_4_4() -> None:
    """A refused claim raises claim_refused with a line of cards the seats hold."""
    cls = native_game_class()
    rng = random.Random(4)
    checked = 0
    for seed in range(200):
        hands = deal_hands(seed)
        # seat 1 (first to answer) holds both ♣Q: all healthy makes a stille Hochzeit
        if hand_count(hands[1], QC) != 2:
            continue
        g = cls(hands, 0)
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        assert g.contract is Contract.SILENT_MARRIAGE and g.soloist == 1
        while not g.is_over:
            acts = g.legal_actions()
            if encode(1, CLAIM) not in acts:
                with pytest.raises(IllegalActionError) as info:
                    g.apply(encode(1, CLAIM))
                e = info.value
                assert e.key == "claim_refused" and e.rule == "5.4.4" and e.seat == 1
                assert e.refutation
                held = [list(_kinds(h)) for h in g.hands]
                assert all(k in held[s] for s, k in e.refutation)
                checked += 1
            plays = g.legal_plays()
            g.apply(rng.choice(plays) if plays else acts[0])
    assert checked > 20


def _kinds(h: int) -> list[int]:
    from doko.engine.cards import hand_kinds

    return hand_kinds(h)


def test_rules_round_trip_and_marriage_needs_queens_tsr_4_4_1() -> None:
    nr = native_rules(HAUSREGELN)
    assert nr.dulle == 2 and nr.re_kontra_double and not nr.marriage_shift  # type: ignore[attr-defined]
    cls = native_game_class()
    g = cls.deal(3, rules=nr)
    assert g.rules == Rules(name="tsr", marriage_shift=False, re_kontra_double=True,
                            dulle="second_except_last")
    holder = next(s for s in range(4) if hand_count(g.initial_hands[s], QC) < 2)
    while g.phase is Phase.QUERY:
        s = g.to_move
        g.apply(encode(s, RESERVATION if s == holder else HEALTHY))
    with pytest.raises(IllegalActionError) as info:
        g.apply(encode(holder, MARRIAGE))
    assert (info.value.key, info.value.rule) == ("marriage_needs_queens", "4.4.1")
    with pytest.raises(ValueError, match="four hands of 12 cards"):
        cls([0, 0, 0, 0])
    with pytest.raises(ValueError, match="vorgeführt"):
        cls(deal_hands(1), 0, vorfuehrung=2)


def test_random_games_batch_counts() -> None:
    from doko.engine.backend import require_native

    dn = require_native()
    r = dn.random_games(3000, 1)
    assert r["games"] == 3000 and sum(r["contracts"]) == 3000
    assert r["card_plays"] > 3000 * 30
    # the same policy as RandomPolicy: about 1 - 0.95**4 = 18.5% of games have a Vorbehalt
    solos = sum(r["contracts"][3:]) + r["contracts"][1]
    assert 0.12 * 3000 < solos < 0.26 * 3000
    nn = dn.random_games(500, 2, native_rules(Rules(nines=False)))
    assert nn["card_plays"] <= 500 * 40
    c = dn.card_plays(50, 3)
    assert c["playouts"] == 50 and c["card_plays"] == 50 * 24
    assert dn.state_size() <= 256


def test_random_games_follow_the_random_policy() -> None:
    """``random_games`` plays like ``doko bench``'s RandomPolicy: the same shares of
    Vorbehalt games, stille Hochzeiten, concessions and claims, calls and actions per game
    (within 4 standard errors of 1,500 Python games)."""
    from math import sqrt

    from doko.bots.random_player import RandomPolicy
    from doko.engine.backend import require_native

    n_py = 1500
    policy = RandomPolicy(3)
    py = {"reserved": 0, "silent": 0, "conceded": 0, "claimed": 0, "calls": 0, "actions": 0}
    for i in range(n_py):
        g = Game.deal(3 * 1_000_003 + i, i & 3)
        while not g.is_over:
            g.apply(policy.choose(g))
        py["reserved"] += g.contract not in (Contract.NORMAL, Contract.SILENT_MARRIAGE)
        py["silent"] += g.contract == Contract.SILENT_MARRIAGE
        py["conceded"] += g.ended == "conceded"
        py["claimed"] += g.ended == "claimed"
        py["calls"] += len(g.calls)
        py["actions"] += len(g.history)
    r = require_native().random_games(30_000, 3)
    n = r["games"]
    c = r["contracts"]
    nat = {"reserved": n - c[0] - c[2], "silent": c[2], "conceded": r["conceded"],
           "claimed": r["claimed"]}
    for key, count in nat.items():
        p = py[key] / n_py
        q = count / n
        sigma = sqrt(max(p * (1 - p), 1e-3) / n_py)
        assert abs(p - q) < 4 * sigma, (key, p, q)
    # per-game means: calls (rare, about 0.2 per game) and actions (about 50)
    assert abs(py["calls"] / n_py - r["calls"] / n) < 0.06
    assert abs(py["actions"] / n_py - r["actions"] / n) < 1.5


def test_bad_hands_are_refused_with_python_s_message_tsr_2_2_1_3_3_7() -> None:
    cls = native_game_class()
    good = deal_hands(2)
    second_only = list(good)
    k = next(k for k in range(24) if good[0] >> k & 1 and not good[0] >> (k + 24) & 1)
    second_only[0] = good[0] ^ (1 << k) ^ (1 << (k + 24))  # a second copy without the first
    swapped = [good[1], good[1], good[2], good[3]]  # twelve cards each, the deck wrong
    high = list(good)
    high[3] = good[3] ^ (good[3] & -good[3]) | 1 << 60  # a bit beyond the 48 card bits
    cases: list[tuple[list[int], dict[str, object]]] = [
        (second_only, {}), (swapped, {}), (high, {}), ([*good[:3], 0], {}),
        (good, {"rules": Rules(nines=False)}), (deal_hands(2, nines=False), {}),
        (good, {"dealer": 4}), (good, {"vorfuehrung": 1}),
        (good, {"owes_pflichtsolo": (True, False, False)}),
        # several faults: the first in Game.__init__'s order is named
        (swapped, {"dealer": 4}), (good, {"dealer": 5, "owes_pflichtsolo": (True,)}),
        (good, {"owes_pflichtsolo": (True,), "vorfuehrung": 7}),
    ]
    for hands, kw in cases:
        dealer = kw.pop("dealer", 0)
        with pytest.raises(ValueError) as e1:
            Game(hands, dealer, **kw)  # type: ignore[arg-type]
        with pytest.raises(ValueError) as e2:
            cls(hands, dealer, **kw)
        assert str(e1.value) == str(e2.value)


def test_views_agree_at_every_state() -> None:
    """``view(game, seat)`` (what a seat may know, TSR 5.5.1) is the same for both engines."""
    cls = native_game_class()
    for kind in ("tsr", "hochzeit", "pflicht", "shortening"):
        for i in range(40):
            sc = scenario(500 + i, kind)
            rng = random.Random(i)
            p = Game(list(sc.hands), sc.dealer, owes_pflichtsolo=sc.owes,
                     vorfuehrung=sc.vorfuehrung, rules=sc.rules)
            g = cls(list(sc.hands), sc.dealer, owes_pflichtsolo=sc.owes,
                    vorfuehrung=sc.vorfuehrung, rules=sc.rules)
            while True:
                seat = rng.choice((None, 0, 1, 2, 3))
                assert view(g, seat) == view(p, seat)  # type: ignore[arg-type]
                acts = p.legal_actions()
                if not acts or p.is_over:
                    break
                plays = p.legal_plays()
                a = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(acts)
                p.apply(a)
                g.apply(a)


def test_playouts_of_the_forced_last_trick_match_the_python_engine() -> None:
    """With one card in each hand every play-out is the same game: Re's Augen are those the
    Python engine counts after playing that trick; 48 cards in all (TSR 5.3)."""
    cls = native_game_class()
    rng = random.Random(9)
    for seed in range(30):
        p = Game.deal(seed)
        while not (p.phase == Phase.PLAY and len(p.tricks) == 11 and not p.trick):
            if p.is_over:
                break
            plays = p.legal_plays()  # all healthy in the Vorbehaltsabfrage, then cards
            p.apply(rng.choice(plays) if plays else encode(p.to_move, HEALTHY))
        if p.is_over:
            continue
        g = cls(list(p.initial_hands), p.dealer)
        for a in p.history:
            g.apply(a)
        for policy in ("random", "heuristic"):
            r = g.playouts(7, policy, seed)
            assert r["playouts"] == 7 and r["card_plays"] == 28
            q = p.clone()
            for _ in range(4):
                q.apply(q.legal_plays()[0])
            assert r["re_eyes"] == 7 * q.re_eyes()
            assert r["re_tricks"] == 7 * q.re_tricks()
    with pytest.raises(ValueError, match="trick play"):
        cls.deal(1).playouts(1)
    with pytest.raises(ValueError, match="'random' or 'heuristic'"):
        g.playouts(1, "greedy")


def test_rules_are_read_anew_for_every_rule_set() -> None:
    """Games made one after another with different rule sets each get their own rules (the
    native side caches the last frozen ``Rules`` by identity only)."""
    cls = native_game_class()
    no_nines = Rules(nines=False)
    for rules, size in ((no_nines, 10), (TSR, 12), (no_nines, 10), (HAUSREGELN, 12),
                        (native_rules(no_nines), 10), (TSR, 12)):
        g = cls.deal(4, 1, rules=rules)
        assert all(h.bit_count() == size for h in g.hands)
        assert g.tricks_total == size

    class Options:  # any object with the fields of Rules (not frozen: never cached)
        marriage_shift = True
        re_kontra_double = False
        dulle = "first"
        dulle_moves = False
        soloist_leads = False
        nines = True
        solo_dullen = True
        charlie_caught = False
        fox_last_trick = False
        dulle_caught = False
        charlie_solo = False  # Karlchen im Solo, Doppelkopf thresholds (issue 21)
        doppelkopf_eyes = 40
        pigs, pigs_solo, superpigs, hyperpigs = "off", "never", False, False
        genscher = False  # issue 21, helper genscher
        solo_kings = solo_queens_jacks = solo_kings_queens = solo_kings_jacks = False
        solo_koehler = False
        armut = False
        armut_fox = "counts"
        throw_nines = throw_kings = throw_trumps = throw_counts = False
        throw_nines_kings = 0
        throw_dealer = "same"

    opts = Options()
    assert cls.deal(4, rules=opts).tricks_total == 12
    opts.nines = False
    assert cls.deal(4, rules=opts).tricks_total == 10
