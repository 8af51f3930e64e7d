"""The ``uct`` player (Sievers & Helmert, KI 2015): legal in every game kind, blind to hidden
cards, deterministic, and the native search equal to its Python twin.

Games go through :func:`doko.bots.base.play_game`, which refuses (PlayerError) any action that
is not legal for the seat at that moment, so a finished game proves every decision legal. The
budgets are small (2 to 4 worlds x 30 to 60 rollouts): legality, not strength.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from doko.bots.base import Player, make_player, play_game, player_names, step
from doko.bots.uct_player import (
    ASK_START,
    DECLINE,
    SOLO_QUESTION,
    Ask,
    RootStats,
    UctPlayer,
    WyRand,
    _called_this_turn,
    _node_actions,
    _tree_step,
    decline,
    ensemble_python,
    program_round,
    rollout_answer,
    root_actions,
    search_python,
    search_single_python,
    tree_actions,
)
from doko.engine.actions import (
    BLACK,
    CALL_RE,
    CODE_OF,
    HEALTHY,
    MARRIAGE,
    PASS,
    RESERVATION,
    SOLO_BASE,
    encode,
    seat_of,
    solo_code,
)
from doko.engine.backend import native_available
from doko.engine.cards import QC, hand_count
from doko.engine.contracts import SOLO_NAMES
from doko.engine.game import NAMING, PLAY, QUERY, Game
from doko.engine.result import seat_scores
from doko.engine.rules import HAUSREGELN, PICTURE_SOLO_OPTIONS, TSR, Rules, with_options
from doko.engine.view import view
from hidden_cards import swapped

needs_native = pytest.mark.skipif(not native_available(), reason="the native core is not built")


def _uct(seed: int, **opts: object) -> Player:
    worlds = opts.pop("worlds", 2)
    rollouts = opts.pop("rollouts", 30)
    return make_player("uct", seed=seed, worlds=worlds, rollouts=rollouts, **opts)


def _random(seed: int, **opts: object) -> Player:
    return make_player("random", seed=seed, **opts)


def _marriage_deal(start: int) -> tuple[int, int]:
    """A deal (seed, holder) from ``start`` on where one seat holds both ♣Q."""
    seed = start
    while True:
        g = Game.deal(seed)
        for s in range(4):
            if hand_count(g.initial_hands[s], QC) == 2:
                return seed, s
        seed += 1


# ---------------------------------------------------------------------------- legality


def test_registered() -> None:
    assert "uct" in player_names()
    p = make_player("uct", seed=1)
    assert isinstance(p, UctPlayer)
    assert (p.worlds, p.rollouts, p.exploration) == (10, 1000, 40.0)
    # the and paper's best setting: the ensemble of 10 worlds x 1,000 rollouts, values
    # summed (the program's version 0), and the program's default call question (next level)
    assert not p.single_tree and not p.all_calls and p.expand_all and p.call_rule
    # one Vorbehalt per solo kind (the planned naming), not the program's "solo?" question
    assert not p.solo_question


@pytest.mark.parametrize("kind", SOLO_NAMES)
def test_every_solo_kind_soloist_and_kontra(kind: str) -> None:
    """A Vorführung (TSR 4.2.3) forced into each solo kind: uct as soloist and as Kontra."""
    for seat, uct_seat in ((0, 0), (1, 3)):
        owes = tuple(s == seat for s in range(4))
        # the picture solos (house rules) where their options are on
        g = Game.deal(1300 + seat, dealer=seat, owes_pflichtsolo=owes, vorfuehrung=seat,
                      rules=with_options(TSR, dict.fromkeys(PICTURE_SOLO_OPTIONS, True)))
        g.apply(encode(seat, solo_code(kind)))
        players = [_random(seat * 4 + s, p_call=0.2) for s in range(4)]
        players[uct_seat] = _uct(seat)
        play_game(g, players)
        assert g.contract_name == f"solo_{kind}" and g.is_over


def test_vorfuehrung_names_a_solo_itself() -> None:
    """Vorgeführt, uct names the solo itself (TSR 4.2.3): a naming among the seven solos."""
    owes = (False, False, True, False)
    g = Game.deal(77, dealer=2, owes_pflichtsolo=owes, vorfuehrung=2)
    players = [_random(s) for s in range(4)]
    players[2] = _uct(5)
    play_game(g, players)
    assert g.soloist == 2 and g.contract_name.startswith("solo_")


def test_hochzeit_its_own_and_anothers() -> None:
    """uct holding both ♣Q chooses Hochzeit, stille Hochzeit or a solo itself; and plays in a
    Hochzeit another seat announced (TSR 4.4)."""
    seed, holder = _marriage_deal(0)
    g = Game.deal(seed)
    players = [_random(s, p_reservation=0, p_call=0.1) for s in range(4)]
    players[holder] = _uct(1)
    play_game(g, players)
    assert g.is_over and holder in (g.hochzeiter, g.soloist)
    seed, holder = _marriage_deal(seed + 1)
    g = Game.deal(seed)
    for _ in range(4):  # the holder reserves, the others are healthy; it names the Hochzeit
        s = g.to_move
        g.apply(encode(s, RESERVATION if s == holder else HEALTHY))
    g.apply(encode(holder, MARRIAGE))
    players = [_random(s, p_reservation=0, p_call=0.2) for s in range(4)]
    players[(holder + 1) % 4] = _uct(2)
    play_game(g, players)
    assert g.is_over and g.contract_name == "marriage"


@pytest.mark.parametrize("seed", range(6))
def test_among_players_that_reserve_and_call(seed: int) -> None:
    """Random players that reserve and call often (solos, Hochzeiten, Re/Kontra and Absagen of
    both parties), two uct players; house rules in some games (Schweinchen announced at the
    turn or before the first card: every legal action the engine offers is handled)."""
    rules = (Rules(), Rules(nines=False), HAUSREGELN, Rules(dulle_moves=True),
             Rules(pigs="play", superpigs=True, hyperpigs=True, pigs_solo="trump"),
             Rules(pigs="query", superpigs=True, dulle="second"))[seed]
    g = Game.deal(1400 + seed, dealer=seed % 4, rules=rules)
    players = [_random(seed * 4 + s, p_reservation=0.4, p_call=0.3) for s in range(4)]
    players[seed % 4] = _uct(seed)
    players[(seed + 2) % 4] = _uct(seed + 10, worlds=1, rollouts=20)
    play_game(g, players)
    assert g.is_over


def test_uct_calls_when_it_is_clearly_winning() -> None:
    """With four uct players some calls are made (calls are actions of the tree), and every
    one of them went through the legality check of play_game."""
    called = 0
    for seed in range(2, 8):
        g = Game.deal(1500 + seed)
        play_game(g, [_uct(seed * 4 + s, worlds=2, rollouts=200) for s in range(4)])
        called += len(g.calls)
    assert called > 0


def test_python_backend_plays_a_whole_game() -> None:
    g = Game.deal(1600)
    players = [_random(s, p_reservation=0.3, p_call=0.2) for s in range(4)]
    players[1] = _uct(3, rollouts=12, backend="python")
    play_game(g, players)
    assert g.is_over


# ---------------------------------------------------------------------------- privacy


def test_does_not_read_hidden_cards() -> None:
    """The same view gives the same action and the same search, whatever the other hands hold
    (fresh players with the same seed)."""
    rng = random.Random(3)
    compared = 0
    for seed in range(4):
        g = Game.deal(1700 + seed, dealer=seed % 4)
        players = [_random(seed * 4 + s, p_reservation=0.1, p_call=0.1) for s in range(4)]
        while not g.is_over:
            if g.phase == PLAY and len(g.tricks) >= 1 and rng.random() < 0.25:
                s = g.to_move
                h = swapped(g, s, rng)
                if h is not None:
                    v1, v2 = view(g, s), view(h, s)
                    assert v1 == v2
                    p1, p2 = UctPlayer(seed=s, worlds=3), UctPlayer(seed=s, worlds=3)
                    p1.rollouts = p2.rollouts = 60
                    assert p1.decide(v1) == p2.decide(v2)
                    assert p1.last == p2.last
                    compared += 1
            step(g, players)
    assert compared >= 5


# ---------------------------------------------------------------------------- determinism


def test_deterministic_for_a_seed() -> None:
    histories = []
    for _ in range(2):
        g = Game.deal(1800)
        players = [_random(s, p_call=0.1) for s in range(4)]
        players[2] = _uct(7, worlds=3, rollouts=50)
        play_game(g, players)
        histories.append(g.history)
    assert histories[0] == histories[1]
    # another seed searches other worlds: some decision differs over a few games
    differ = False
    for d in range(4):
        runs = []
        for seed in (7, 8):
            g = Game.deal(1810 + d)
            players = [_random(s, p_call=0.1) for s in range(4)]
            players[2] = _uct(seed, worlds=3, rollouts=50)
            play_game(g, players)
            runs.append(g.history)
        differ = differ or runs[0] != runs[1]
    assert differ


# ---------------------------------------------------------------------------- the search


def test_wyrand_matches_the_native_generator_constants() -> None:
    """The Python generator is wyrand as ``batch::Rng``: known first outputs."""
    r = WyRand(0)
    outs = [r.next_u64() for _ in range(3)]
    assert len(set(outs)) == 3 and all(0 <= x < 1 << 64 for x in outs)
    assert all(WyRand(5).below(7) == WyRand(5).below(7) for _ in range(3))
    counts = [0] * 4
    r = WyRand(11)
    for _ in range(4000):
        counts[r.below(4)] += 1
    assert min(counts) > 850  # uniform enough


@functools.cache
def _positions() -> tuple[Game, ...]:
    """States where some seat is to act: the query, the naming, play with and without a call
    node, a solo and a Hochzeit."""
    out = []
    for d in range(30):
        g = Game.deal(1900 + d, dealer=d % 4)
        players = [_random(d * 4 + s, p_reservation=0.4, p_call=0.1) for s in range(4)]
        for _ in range(d % 37):
            if g.is_over:
                break
            step(g, players)
        if not g.is_over:
            out.append(g)
    return tuple(out)


@needs_native
def test_native_and_python_search_are_identical() -> None:
    """The same worlds and seed: the native search and its Python twin give the same actions,
    plans, visits and values (bit for bit: the same generator, the same arithmetic) and the
    same decision, in every phase, calls and the planned Vorbehalte included."""
    phases = set()
    calls = 0
    for i, g in enumerate(_positions()):
        v = view(g, g.to_move)
        a = UctPlayer(seed=i, worlds=2, rollouts=16, backend="native", single_tree=False,
                      all_calls=i % 2 == 0)
        b = UctPlayer(seed=i, worlds=2, rollouts=16, backend="python", single_tree=False,
                      all_calls=i % 2 == 0)
        assert a.decide(v) == b.decide(v)
        if a.last is None:
            continue
        assert a.last == b.last
        assert a.last.rollouts == 32
        phases.add(g.phase)
        if g.phase == PLAY and tree_actions(g)[0] == decline(g.to_move):
            # the call question alone (call or not), and the textbook tree (one new node per
            # rollout), searched by both backends alike
            worlds = a._sample(v)
            for x in (a, b):
                x.expand_all = i % 2 == 0
            assert a._search(worlds, g.to_move, 99, None, False) == b._search(
                worlds, g.to_move, 99, None, False)
            calls += 1
    assert phases >= {QUERY, PLAY} and calls >= 3


def test_tree_actions_and_root_statistics() -> None:
    """In play a seat that may call is first asked whether to make its lowest legal call ("no
    call" first), then (declined, or no call legal) for its card; in the Vorbehaltsabfrage
    Gesund and a Vorbehalt per game it is for; visits add up to the rollouts."""
    seen_call = seen_query = False
    for g in _positions():
        s = g.to_move
        acts = tree_actions(g)
        if g.phase == PLAY:
            cards = list(g.legal_plays())
            calls = [a for a in g.legal_actions(s) if CALL_RE <= CODE_OF[a] <= BLACK]
            # in the tree "no call" names its seat; the root's statistics report it as DECLINE
            assert acts == ([decline(s), calls[0]] if calls else cards)
            assert tree_actions(g, declined=True) == cards
            seen_call = seen_call or bool(calls)
            assert [p for _, p in root_actions(g)] == [None] * len(acts)
        elif g.phase == QUERY:
            seen_query = True
            assert acts == [encode(s, HEALTHY), encode(s, RESERVATION)]
            plans = [p for a, p in root_actions(g) if a == encode(s, RESERVATION)]
            both = hand_count(g.hands[s], QC) == 2
            assert plans == list(range(SOLO_BASE, SOLO_BASE + 7)) + ([MARRIAGE] if both else [])
        else:
            assert acts == list(g.legal_actions(s))
        st = search_python(g, s, 12, 40.0, 0.002, WyRand(1))
        assert [(a, p) for a, p in zip(st.actions, st.plans, strict=True)] == root_actions(g)
        assert sum(st.visits) == 12 and st.rollouts == 12
    assert seen_call and seen_query


def test_endgame_values_are_the_mean_score_of_the_line() -> None:
    """In the last trick every seat has one card: one rollout is the game, and the value of
    the only card is exactly the seat's score plus its party's Augen / 500."""
    done = 0
    for d in range(6):
        g = Game.deal(2000 + d)
        players = [_random(s, p_reservation=0, p_call=0.2) for s in range(4)]
        while not g.is_over and len(g.tricks) < 11:
            step(g, players)
        if g.is_over or g.trick:
            continue
        s = g.to_move
        st = ensemble_python([g], s, 5, 40.0, 0.002, seed=3)
        h = g.clone()
        while not h.is_over:
            h.apply(h.legal_plays()[0])
        eyes = h.re_eyes() if h.is_re[s] else h.kontra_eyes()
        assert st.actions == list(g.legal_plays())
        assert st.values == [pytest.approx(seat_scores(h)[s] + eyes / 500)]
        assert st.visits == [5]
        done += 1
    assert done >= 3


def test_query_and_naming_are_searched() -> None:
    g = Game.deal(2100)
    s = g.to_move
    p = UctPlayer(seed=1, worlds=2, rollouts=50)
    a = p.decide(view(g, s))
    assert a in (encode(s, HEALTHY), encode(s, RESERVATION))
    assert p.last is not None and set(p.last.actions) == {encode(s, HEALTHY),
                                                          encode(s, RESERVATION)}
    assert p.last.plans[0] is None and p.last.plans[1:] == list(range(SOLO_BASE, SOLO_BASE + 7))
    # the naming: reservation by s, the others healthy
    g.apply(encode(s, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    p = UctPlayer(seed=1, worlds=2, rollouts=50)
    named = p.decide(view(g, s))
    assert named is not None and p.last is not None
    assert p.last.actions == list(g.legal_actions(s))
    assert SOLO_BASE <= CODE_OF[named] <= MARRIAGE


def test_call_rule_and_choice() -> None:
    """The action with the highest summed value, the first on ties; a call only if its value
    is positive (the announcement rule: no call when every answer is negative)."""
    p = UctPlayer(seed=1)
    call = encode(0, CALL_RE)
    cards = [encode(0, 3), encode(0, 5)]
    st = RootStats(actions=[DECLINE, call], plans=[None] * 2, visits=[5, 10],
                   values=[-4.0, -1.0])
    assert p._choose(st, [DECLINE, call]) == DECLINE  # the call is best, but negative
    p.call_rule = False
    assert p._choose(st, [DECLINE, call]) == call
    st.values = [2.0, 2.0]
    assert p._choose(st, [DECLINE, call]) == DECLINE
    st.values = [2.0, 2.5]
    p.call_rule = True
    assert p._choose(st, [DECLINE, call]) == call
    st = RootStats(actions=cards, plans=[None] * 2, visits=[5, 5], values=[-3.0, -3.0])
    assert p._choose(st, cards) == cards[0]


def test_rollouts_reserve_nothing() -> None:
    """The rollouts' answers before the play (the paper's simulations): Gesund, in the naming
    pass, else the Hochzeit, else the first naming (a Vorführung must name a solo)."""
    g = Game.deal(2150)
    s = g.to_move
    assert rollout_answer(g.legal_actions(s)) == encode(s, HEALTHY)
    g.apply(encode(s, RESERVATION))
    for _ in range(3):
        g.apply(rollout_answer(g.legal_actions(g.to_move)))
    assert g.phase == NAMING and g.to_move == s
    want = MARRIAGE if hand_count(g.hands[s], QC) == 2 else SOLO_BASE
    assert CODE_OF[rollout_answer(g.legal_actions(s))] in (want, PASS)
    owes = (False, False, True, False)
    g = Game.deal(77, dealer=2, owes_pflichtsolo=owes, vorfuehrung=2)
    assert CODE_OF[rollout_answer(g.legal_actions(g.to_move))] == SOLO_BASE


def test_options_and_counters() -> None:
    with pytest.raises(ValueError, match="worlds"):
        UctPlayer(worlds=0)
    with pytest.raises(ValueError, match="rollouts"):
        UctPlayer(rollouts=0)
    with pytest.raises(ValueError, match="budget_ms"):
        UctPlayer(budget_ms=0)
    with pytest.raises(ValueError, match="exploration"):
        UctPlayer(exploration=-1.0)
    with pytest.raises(ValueError, match="backend"):
        UctPlayer(backend="fortran")
    assert UctPlayer(budget_ms=50).rollouts > 10**9  # the time decides
    assert UctPlayer(budget_ms=50, rollouts=200).rollouts == 200
    p = UctPlayer(seed=2, worlds=2, rollouts=25, single_tree=False, all_calls=False)
    g = Game.deal(2200)
    players: list[Player] = [p] + [_random(s) for s in (1, 2, 3)]
    searched = 0
    while not g.is_over:
        before = p.playout_count()
        seat_to_act = g.to_move
        step(g, players)
        if seat_to_act == 0 and p.playout_count() != before:
            # 2 worlds x 25, twice where the seat was asked about a call first
            assert p.playout_count() - before in (50, 100)
            searched += 1
    assert searched > 3
    # one tree: the rollouts in all, whatever the worlds
    p = UctPlayer(seed=2, worlds=2, rollouts=25, single_tree=True)
    g = Game.deal(2202)
    p.decide(view(g, g.to_move))
    assert p.last is not None and p.last.rollouts == 25
    # with a time budget every world still makes its first 16 rollouts
    q = UctPlayer(seed=2, worlds=2, budget_ms=1, single_tree=False)
    g = Game.deal(2201)
    q.decide(view(g, g.to_move))
    assert q.playout_count() >= 32


# ---------------------------------------------------------------------------- one tree, all calls


def _native_twin(w: Game) -> Any:
    import doko_native

    ng = doko_native.Game(list(w.initial_hands), w.dealer,
                          owes_pflichtsolo=list(w.owes_pflichtsolo), vorfuehrung=w.vorfuehrung,
                          rules=w.rules)
    for a in w.history:
        ng.apply(a)
    return ng


def _worlds(g: Game, n: int, seed: int) -> list[Game]:
    return UctPlayer(seed=seed, worlds=n)._sample(view(g, g.to_move))


def test_single_tree_over_one_world_is_the_plain_search() -> None:
    """The single tree (the program's version 1) over one world is the search on that world:
    the same visits and values; over several worlds its root is the seat's own actions and
    the visits add up to the rollouts."""
    for i, g in enumerate(_positions()[:12:2]):
        s = g.to_move
        for all_calls in (False, True):
            one = search_single_python([g], s, 12, 40.0, 0.002, WyRand(i), all_calls=all_calls)
            assert one == search_python(g, s, 12, 40.0, 0.002, WyRand(i), all_calls=all_calls)
        worlds = _worlds(g, 3, i)
        st = search_single_python(worlds, s, 16, 40.0, 0.002, WyRand(i))
        assert list(zip(st.actions, st.plans, strict=True)) == root_actions(g)
        assert sum(st.visits) == 16 and st.rollouts == 16


@needs_native
def test_single_tree_and_all_calls_native_equal_python() -> None:
    """The same worlds and seed: the native single tree (and the ensemble with all calls)
    gives the same actions, visits and values as the Python twin, bit for bit, in every
    phase, with and without all calls, declined or not."""
    import doko_native

    phases = set()
    for i, g in enumerate(_positions()[::2]):
        s = g.to_move
        worlds = _worlds(g, 2, i)
        if not worlds:
            continue
        twins = [_native_twin(w) for w in worlds]
        for all_calls in (False, True):
            for declined in (False, True):
                a = search_single_python(worlds, s, 12, 40.0, 0.002, WyRand(i), None,
                                         declined, i % 3 != 0, all_calls)
                b = doko_native.uct_search(twins, s, rollouts=12, seed=i, declined=declined,
                                           expand_all=i % 3 != 0, single_tree=True,
                                           all_calls=all_calls)
                assert (a.actions, a.plans, a.visits, a.values, a.rollouts) == (
                    b["actions"], b["plans"], b["visits"], b["values"], b["rollouts"])
            if all_calls:
                a = ensemble_python(worlds, s, 8, 40.0, 0.002, i, all_calls=True)
                b = doko_native.uct_search(twins, s, rollouts=8, seed=i, all_calls=True)
                assert (a.actions, a.visits, a.values) == (b["actions"], b["visits"],
                                                           b["values"])
        phases.add(g.phase)
    assert phases >= {QUERY, PLAY}


def test_all_calls_offers_every_call_once_a_turn() -> None:
    """With all_calls the call question offers "no call" and every call the seat may make now
    (lowest first; an Absage implies the calls below it, TSR 6.4.3), and after a call the
    seat's cards come next, not another call question."""
    seen = 0
    for g in _positions():
        if g.phase != PLAY:
            continue
        s = g.to_move
        calls = [a for a in g.legal_actions(s) if CALL_RE <= CODE_OF[a] <= BLACK]
        acts = tree_actions(g, all_calls=True)
        if not calls:
            assert acts == list(g.legal_plays())
            continue
        assert acts == [decline(s), *sorted(calls, key=lambda a: CODE_OF[a])]
        for call in calls:
            h = g.clone()
            h.apply(call)
            # the tree: after the call the seat is done with calls at this turn
            st = search_python(h, s, 8, 40.0, 0.002, WyRand(1), declined=True, all_calls=True)
            assert st.actions == list(h.legal_plays())
            assert _called_this_turn(view(h, s), s)
        seen += 1
    assert seen >= 3


def test_single_tree_all_calls_player_legal_private_deterministic() -> None:
    """The player with one tree and all calls: whole games among players that reserve and
    call (legal: play_game checks every action), at most one call of its own a turn, the same
    action for the same view whatever the hidden cards, and the same game for a seed."""
    opts = {"single_tree": True, "all_calls": True, "rollouts": 60}
    histories = []
    for _ in range(2):
        g = Game.deal(2300)
        players: list[Player] = [_uct(s + 40, **opts) for s in range(4)]
        players[1] = _random(1, p_reservation=0.4, p_call=0.3)
        play_game(g, players)
        histories.append(g.history)
        for seat in (0, 2, 3):
            own = [CODE_OF[a] for a in g.history if a != DECLINE and seat_of(a) == seat]
            # between two of its cards at most one call
            run = 0
            for code in own:
                run = run + 1 if CALL_RE <= code <= BLACK else 0
                assert run <= 1
    assert histories[0] == histories[1]
    rng = random.Random(5)
    compared = 0
    for seed in range(3):
        g = Game.deal(2310 + seed, dealer=seed)
        players = [_random(seed * 4 + s, p_reservation=0.1, p_call=0.1) for s in range(4)]
        while not g.is_over:
            if g.phase == PLAY and g.tricks and rng.random() < 0.3:
                s = g.to_move
                h = swapped(g, s, rng)
                if h is not None:
                    p1 = UctPlayer(seed=s, single_tree=True, all_calls=True, rollouts=60)
                    p2 = UctPlayer(seed=s, single_tree=True, all_calls=True, rollouts=60)
                    assert p1.decide(view(g, s)) == p2.decide(view(h, s))
                    assert p1.last == p2.last
                    compared += 1
            step(g, players)
    assert compared >= 4


def _queries(n: int) -> list[Game]:
    """The Vorbehaltsabfrage of ``n`` deals, the first seat to answer on turn."""
    return [Game.deal(2300 + d, dealer=d % 4) for d in range(n)]


@needs_native
def test_solo_question_native_equal_python_and_one_root_vorbehalt() -> None:
    """With ``solo_question`` (the program's "solo?" and then "which?") the root of the
    Vorbehaltsabfrage has Gesund, one Vorbehalt for a solo (plan :data:`SOLO_QUESTION`) and,
    with both ♣Q, the Vorbehalt for the Hochzeit; the native search and its Python twin give
    the same visits and values, bit for bit, in the ensemble and the single tree (enough
    rollouts that UCB1 chooses among the solo kinds), and the visits add up."""
    import doko_native

    for i, g in enumerate(_queries(3)):
        s = g.to_move
        both = hand_count(g.hands[s], QC) == 2
        roots = root_actions(g, solo_question=True)
        assert [p for _, p in roots] == [None, SOLO_QUESTION] + ([MARRIAGE] if both else [])
        worlds = _worlds(g, 2, i)
        twins = [_native_twin(w) for w in worlds]
        a = ensemble_python(worlds, s, 40, 40.0, 0.002, i, expand_all=i % 2 == 0,
                            solo_question=True)
        b = doko_native.uct_search(twins, s, rollouts=40, seed=i, expand_all=i % 2 == 0,
                                   solo_question=True)
        assert (a.actions, a.plans, a.visits, a.values, a.rollouts) == (
            b["actions"], b["plans"], b["visits"], b["values"], b["rollouts"])
        assert list(zip(a.actions, a.plans, strict=True)) == roots
        assert sum(a.visits) == 80
        # more visits than kinds in each world: UCB1 chose among the kinds
        assert a.visits[1] > 2 * 8
        c = search_single_python(worlds, s, 40, 40.0, 0.002, WyRand(i), all_calls=True,
                                 solo_question=True)
        d = doko_native.uct_search(twins, s, rollouts=40, seed=i, single_tree=True,
                                   all_calls=True, solo_question=True)
        assert (c.actions, c.plans, c.visits, c.values, c.rollouts) == (
            d["actions"], d["plans"], d["visits"], d["values"], d["rollouts"])
        assert sum(c.visits) == 40 and c.visits[1] > 8


def test_solo_question_player_legal_private_deterministic() -> None:
    """The player with the solo question: whole games among players that reserve and call
    (legal: play_game checks every action; the same game for a seed), and at the Vorbehalts-
    abfrage and in play the same action for the same view whatever the hidden cards."""
    histories = []
    for _ in range(2):
        g = Game.deal(2320)
        players: list[Player] = [_uct(s + 50, solo_question=True, rollouts=40)
                                 for s in range(4)]
        players[2] = _random(3, p_reservation=0.4, p_call=0.3)
        play_game(g, players)
        histories.append(g.history)
    assert histories[0] == histories[1]
    rng = random.Random(6)
    compared = set()
    for seed in range(4):
        g = Game.deal(2330 + seed, dealer=seed)
        players = [_random(seed * 4 + s, p_reservation=0, p_call=0.1) for s in range(4)]
        while not g.is_over:
            if g.phase == QUERY or (g.phase == PLAY and g.tricks and rng.random() < 0.2):
                s = g.to_move
                h = swapped(g, s, rng)
                if h is not None:
                    p1 = UctPlayer(seed=s, worlds=3, rollouts=40, solo_question=True)
                    p2 = UctPlayer(seed=s, worlds=3, rollouts=40, solo_question=True)
                    assert p1.decide(view(g, s)) == p2.decide(view(h, s))
                    assert p1.last == p2.last
                    compared.add(g.phase)
            step(g, players)
    assert compared == {QUERY, PLAY}


# ---------------------------------------------------------------------------- calls out of turn


def _declines_until_the_card(g: Game, ask: Ask, out_of_turn: bool,
                             all_calls: bool = False) -> tuple[list[int], Ask]:
    """The seats asked whether to call from the round ``ask`` on until the card (each says
    "no call"), and the round then."""
    asked: list[int] = []
    while True:
        acts, ask = _node_actions(g, ask, all_calls, out_of_turn)
        if acts[0] < DECLINE:
            assert {seat_of(a) for a in acts} == {g.to_move}  # the cards of the seat on turn
            return asked, ask
        assert all(CALL_RE <= CODE_OF[a] <= BLACK and seat_of(a) == acts[0] & 3
                   for a in acts[1:])
        asked.append(acts[0] & 3)
        ask = _tree_step(g, ask, acts[0], all_calls, out_of_turn)


def test_calls_out_of_turn_the_rounds_are_the_programs() -> None:
    """With calls out of turn the tree asks as the paper's program (TSR 6.1.2: a seat may call
    while another is to play): at the start of the play all four seats from the one to lead,
    after a card the three others from the next one after its player, after a call the caller
    again and the three after it (with all calls only the three after it); without the option
    only the seat on turn. The player's :func:`program_round` reads the same rounds from the
    public history."""
    g = Game.deal(2400)
    while g.phase != PLAY:
        g.apply(encode(g.to_move, HEALTHY))
    f = g.to_move

    def seats(first: int, n: int) -> list[int]:
        return [(first + i) & 3 for i in range(n)]

    assert program_round(view(g, 0), False) == (f, 4)
    for all_calls in (False, True):
        h = g.clone()
        asked, ask = _declines_until_the_card(h, ASK_START, True, all_calls)
        assert asked == seats(f, 4)
        ask = _tree_step(h, ask, h.legal_plays()[0], all_calls, True)
        assert ask == ((f + 1) & 3, 3) == program_round(view(h, 0), all_calls)
        assert _declines_until_the_card(h.clone(), ask, True, all_calls)[0] == seats(f + 1, 3)
        # the second seat of the round calls
        ask = _tree_step(h, ask, decline(f + 1), all_calls, True)
        acts, ask = _node_actions(h, ask, all_calls, True)
        x = (f + 2) & 3
        assert acts[0] == decline(x)
        ask = _tree_step(h, ask, acts[1], all_calls, True)
        want = seats(x + 1, 3) if all_calls else seats(x, 4)
        assert program_round(view(h, 0), all_calls) == (want[0], len(want))
        assert _declines_until_the_card(h, ask, True, all_calls)[0] == want
    assert _declines_until_the_card(g.clone(), ASK_START, False)[0] == [f]


def _oot_positions() -> list[tuple[Game, int, dict[str, Any]]]:
    """Roots of searches with calls out of turn: the Vorbehaltsabfrage and the naming, the
    card of the seat on turn, and the call question of every seat that may call (on turn or
    not) with the rest of the program's round after it."""
    out: list[tuple[Game, int, dict[str, Any]]] = []
    for i, g in enumerate(_positions()[:16]):
        if g.phase != PLAY:
            out.append((g, g.to_move, {}))
            continue
        out.append((g, g.to_move, {"declined": True}))
        for s in (i & 3, (i + 1) & 3):
            if any(CALL_RE <= CODE_OF[a] <= BLACK for a in g.legal_actions(s)):
                first, count = program_round(view(g, s), i % 2 == 1)
                left = count - ((s - first) & 3)
                out.append((g, s, {"ask_left": left if left > 0 else 1 + s}))
    return out


@needs_native
def test_calls_out_of_turn_native_equal_python() -> None:
    """With calls out of turn the native search and its Python twin give the same actions,
    plans, visits and values, bit for bit, in the ensemble and the single tree, with and
    without all calls and every rollout state a node, from the call question of a seat not on
    turn too."""
    import doko_native

    off_turn = 0
    for i, (g, s, kw) in enumerate(_oot_positions()):
        worlds = UctPlayer(seed=i, worlds=2)._sample(view(g, s))
        twins = [_native_twin(w) for w in worlds]
        all_calls, expand_all = i % 2 == 1, i % 3 != 0
        a = ensemble_python(worlds, s, 12, 40.0, 0.002, i, expand_all=expand_all,
                            all_calls=all_calls, out_of_turn=True, **kw)
        b = doko_native.uct_search(twins, s, rollouts=12, seed=i, expand_all=expand_all,
                                   all_calls=all_calls, calls_out_of_turn=True, **kw)
        assert (a.actions, a.plans, a.visits, a.values, a.rollouts) == (
            b["actions"], b["plans"], b["visits"], b["values"], b["rollouts"])
        c = search_single_python(worlds, s, 12, 40.0, 0.002, WyRand(i), None,
                                 expand_all=expand_all, all_calls=all_calls, out_of_turn=True,
                                 **kw)
        d = doko_native.uct_search(twins, s, rollouts=12, seed=i, expand_all=expand_all,
                                   all_calls=all_calls, calls_out_of_turn=True,
                                   single_tree=True, **kw)
        assert (c.actions, c.plans, c.visits, c.values, c.rollouts) == (
            d["actions"], d["plans"], d["visits"], d["values"], d["rollouts"])
        if "ask_left" in kw:
            assert a.actions[0] == DECLINE and sum(a.visits) == 24
            off_turn += s != g.to_move
    assert off_turn >= 3
    with pytest.raises(ValueError, match="calls_out_of_turn"):
        doko_native.uct_search(twins, s, rollouts=4, ask_left=2)
    with pytest.raises(ValueError, match="1 to 4"):
        doko_native.uct_search(twins, s, rollouts=4, calls_out_of_turn=True, ask_left=5)
    g, s, _ = next(r for r in _oot_positions() if r[0].phase == PLAY)
    with pytest.raises(ValueError, match="not to act"):  # the card is the seat on turn's
        search_python(g, (s + 1) & 3, 4, 40.0, 0.002, WyRand(1), declined=True,
                      out_of_turn=True)
    with pytest.raises(ValueError, match="declined"):
        search_python(g, s, 4, 40.0, 0.002, WyRand(1), declined=True, out_of_turn=True,
                      ask_left=1)


class _Spy(UctPlayer):
    """A uct player that counts its searches made while another seat was to play."""

    off_turn = 0

    def _decide_with_rounds(self, view: Any, legal: list[Any]) -> Any:
        before = self.rollouts_total
        a = super()._decide_with_rounds(view, legal)
        if not view.to_play and self.rollouts_total != before:
            self.off_turn += 1
        return a


def test_calls_out_of_turn_player_legal_private_deterministic() -> None:
    """The player with calls out of turn: whole games in every game kind (a solo, a Hochzeit,
    Normalspiele, house rules) among players that reserve and call, every action checked by
    play_game; it searches its call question while another seat is to play; the same game for
    a seed; and out of turn, with the same view, the same action and search whatever the
    other hands hold."""
    # house rules in the Normalspiele: Hausregeln, Schweinchen announced before the first card
    rules = (HAUSREGELN, TSR, Rules(pigs="query", superpigs=True))
    off_turn = 0
    kinds = set()
    marriage_seed, holder = _marriage_deal(2410)
    for d in range(3):
        histories = []
        for _ in range(2 if d == 0 else 1):
            if d == 1:  # a Hochzeit of another seat
                g = Game.deal(marriage_seed)
                for _ in range(4):
                    t = g.to_move
                    g.apply(encode(t, RESERVATION if t == holder else HEALTHY))
                g.apply(encode(holder, MARRIAGE))
                uct_seat = (holder + 1) % 4
            else:
                g = Game.deal(2450 + d, dealer=d, rules=rules[d])
                uct_seat = d
            players: list[Player] = [_random(d * 4 + s, p_reservation=0, p_call=0.3)
                                     for s in range(4)]
            spy = _Spy(seed=d, worlds=2, rollouts=24, calls_out_of_turn=True)
            players[uct_seat] = spy
            play_game(g, players)
            histories.append(g.history)
            off_turn += spy.off_turn
            kinds.add(g.contract_name)
        assert len(set(map(tuple, histories))) == 1
    owes = (False, True, False, False)  # a Vorführung: the uct seat's solo
    g = Game.deal(2420, dealer=1, owes_pflichtsolo=owes, vorfuehrung=1)
    players = [_random(s, p_call=0.3) for s in range(4)]
    players[1] = _uct(1, calls_out_of_turn=True)
    play_game(g, players)
    assert g.soloist == 1 and g.is_over
    kinds.add(g.contract_name)
    assert {"normal", "marriage"} <= kinds and any(k.startswith("solo_") for k in kinds)
    assert off_turn > 0
    rng = random.Random(8)
    compared = 0
    for seed in range(3):
        g = Game.deal(2430 + seed, dealer=seed)
        players = [_random(seed * 4 + s, p_reservation=0, p_call=0.1) for s in range(4)]
        while not g.is_over:
            if g.phase == PLAY and rng.random() < 0.3:
                s = (g.to_move + 1 + rng.randrange(3)) & 3
                v = view(g, s)
                first, count = program_round(v, False)
                if ((s - first) & 3) < count and any(
                        CALL_RE <= CODE_OF[a] <= BLACK for a in v.legal_actions):
                    h = swapped(g, s, rng)
                    if h is not None:
                        p1 = UctPlayer(seed=s, worlds=2, rollouts=24, calls_out_of_turn=True)
                        p2 = UctPlayer(seed=s, worlds=2, rollouts=24, calls_out_of_turn=True)
                        assert p1.decide(v) == p2.decide(view(h, s))
                        assert p1.last == p2.last and p1.last is not None
                        compared += 1
            step(g, players)
    assert compared >= 3
