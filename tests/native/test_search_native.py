"""The ``search`` player on the native core (``doko_native.SearchWorlds``, ``rules_card``;
Rust in ``native/src/search.rs`` and ``native/src/rules_policy.rs``).

- The policy differential test: the native port of the rules player's card play chooses the
  same card as :func:`doko.bots.rules_player.rules_card` in every position of many games of
  every kind (Normalspiel, Hochzeit, stille Hochzeit, the seven solos) under the TSR and the
  house rules (Dulle rules, the moving Dulle, without nines).
- The playouts: on the same sampled world the native playout of each candidate gives exactly
  the value of the Python player's playout (the others playing the rules card, ν = 0), in the
  Vorbehaltsabfrage, the naming and trick play, the endgame solver included.
- The player: legal in every game kind, no hidden information (the same view with other
  hidden cards gives the same action for a fixed seed and a budget in worlds), deterministic
  for a fixed seed, and bad input raises ``ValueError`` (never a panic).

Skipped where ``doko_native`` is not built.
"""

from __future__ import annotations

import random

import pytest

doko_native = pytest.importorskip("doko_native")

from doko.bots.base import Player, make_player, play_game, step  # noqa: E402
from doko.bots.rules_player import genscher_code, rules_card  # noqa: E402
from doko.bots.sampler import Sampler  # noqa: E402
from doko.bots.search_player import SearchPlayer  # noqa: E402
from doko.engine.actions import (  # noqa: E402
    BLACK,
    CALL_RE,
    HEALTHY,
    MARRIAGE,
    RESERVATION,
    code_of,
    encode,
    solo_code,
)
from doko.engine.cards import QC, hand_count  # noqa: E402
from doko.engine.contracts import SOLO_NAMES  # noqa: E402
from doko.engine.game import NAMING, PLAY, QUERY, Game  # noqa: E402
from doko.engine.rules import Rules, with_options  # noqa: E402
from doko.engine.view import view  # noqa: E402
from hidden_cards import swapped  # noqa: E402

#: The rule sets of the tests: the TSR and each house rule that changes the card play.
RULES = (Rules(), Rules(dulle="second"), Rules(dulle="second_except_last"),
         Rules(dulle_moves=True), Rules(nines=False), Rules(soloist_leads=True),
         # house rules of docs/rules.md: Farbsoli without the Dullen, the further Sonderpunkte
         # (the rules player's card play weighs them)
         Rules(solo_dullen=False, dulle="second", dulle_caught=True, charlie_caught=True,
               fox_last_trick=True),
         # Schweinchen (house rules): the rules players announce them, the orders change
         Rules(pigs="play", pigs_solo="trump", superpigs=True, hyperpigs=True, dulle="second"),
         # Genscher (house rule): the parties change in play; the rules players name alike
         Rules(genscher=True))

KINDS = ("normal", "marriage", "silent_marriage", *SOLO_NAMES)


def _native_game(g: Game) -> object:
    """The same state in the native engine (the history replayed on the initial hands)."""
    ng = doko_native.Game(list(g.initial_hands), g.dealer, owes_pflichtsolo=g.owes_pflichtsolo,
                          vorfuehrung=g.vorfuehrung, rules=g.rules)
    for a in g.history:
        ng.apply(a)
    return ng


def _holder_deal(seed: int, rules: Rules) -> tuple[Game, int]:
    """A deal (from ``seed`` on) in which one seat holds both ♣Q, and that seat."""
    while True:
        g = Game.deal(seed, dealer=seed % 4, rules=rules)
        for s in range(4):
            if hand_count(g.initial_hands[s], QC) == 2:
                return g, s
        seed += 1


def _game_of_kind(kind: str, seed: int, rules: Rules) -> Game:
    """A game at the start of trick play (or of the Vorbehaltsabfrage for ``normal``) of the
    given kind: a Hochzeit announced, a stille Hochzeit, or a solo named by a vorgeführt
    seat (TSR 4.2.3)."""
    if kind == "normal":
        return Game.deal(seed, dealer=seed % 4, rules=rules)
    if kind in ("marriage", "silent_marriage"):
        g, holder = _holder_deal(seed, rules)
        for _ in range(4):
            s = g.to_move
            code = RESERVATION if s == holder and kind == "marriage" else HEALTHY
            g.apply(encode(s, code))
        if kind == "marriage":
            g.apply(encode(holder, MARRIAGE))
        return g
    seat = seed % 4
    if kind not in SOLO_NAMES[:7]:  # a picture solo: played where its option is on
        rules = with_options(rules, {"solo_" + kind: True})
    g = Game.deal(seed, dealer=seat, owes_pflichtsolo=tuple(s == seat for s in range(4)),
                  vorfuehrung=seat, rules=rules)
    g.apply(encode(seat, solo_code(kind)))
    return g


def _table(seed: int) -> list[Player]:
    """Rules players and random players that reserve and call."""
    rng = random.Random(seed)
    return [make_player("rules", seed=seed * 4 + s) if rng.random() < 0.5 else
            make_player("random", seed=seed * 4 + s, p_reservation=0.2, p_call=0.1)
            for s in range(4)]


# ------------------------------------------------------------------ the policy differential


@pytest.mark.parametrize("kind", KINDS)
def test_native_rules_card_is_the_rules_players_card(kind: str) -> None:
    """In every position of games of ``kind`` under each rule set, the native rules policy
    plays the card :func:`rules_card` plays (the same floating-point arithmetic, so near-ties
    fall alike)."""
    compared = 0
    for i, rules in enumerate(RULES):
        for j in range(2):
            g = _game_of_kind(kind, 300 + 17 * i + j, rules)
            players = _table(i * 2 + j)
            while not g.is_over:
                if g.genscher_partner < 0 <= g.genscher_seat:  # house rule: the naming
                    assert doko_native.genscher_choice(_native_game(g)) == genscher_code(
                        view(g, g.to_move))
                elif g.phase == PLAY and g.to_move is not None and g.to_move >= 0:
                    assert doko_native.rules_card(_native_game(g)) == rules_card(g)
                    compared += 1
                step(g, players)
    assert compared >= 12 * 40


# ------------------------------------------------------------------ playouts: native = Python


def _positions(seed: int) -> list[Game]:
    """Positions for the playouts: the Vorbehaltsabfrage, a naming (Hochzeit or solo), and
    trick play early, in the middle and near the end (the solver's part), in games of several
    kinds."""
    out: list[Game] = [Game.deal(seed, dealer=seed % 4)]
    g, holder = _holder_deal(seed, Rules())
    for _ in range(4):
        s = g.to_move
        g.apply(encode(s, RESERVATION if s == holder else HEALTHY))
    assert g.phase == NAMING
    out.append(g)
    for kind in ("normal", "marriage", SOLO_NAMES[seed % 7]):
        g = _game_of_kind(kind, seed + 5, Rules(dulle="second") if seed % 2 else Rules())
        players = [make_player("rules", seed=s) for s in range(4)]
        while g.phase != PLAY:
            step(g, players)
        stops = {1, 6, 9}
        while not g.is_over and len(g.tricks) <= 9:
            if len(g.tricks) in stops and not g.trick:
                stops.discard(len(g.tricks))
                for _ in range(seed % 3):  # sometimes within the trick
                    step(g, players)
                out.append(g.clone())
            step(g, players)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_native_playouts_equal_the_python_playouts(seed: int) -> None:
    """With ν = 0 a playout is deterministic: the native value of every candidate in a
    sampled world is exactly the Python player's (rules card play, the query and naming
    choices of the playouts, the solver's principal variation for the last 3 tricks, the
    score by TSR 7 and the Augen tie-breaker, the other party's answer to a call)."""
    rng = random.Random(seed)
    compared = answered = 0
    for g in _positions(seed):
        s = g.to_move
        assert s is not None and s >= 0
        v = view(g, s)
        py = SearchPlayer(seed=1, budget_ms=None, worlds=1, opponent_noise=0.0, backend="python")
        cands = py._candidates(v, list(v.legal_actions))
        py._foresight = py.call_foresight if g.phase != PLAY else 0.0
        py._nu = 0.0
        worlds = doko_native.SearchWorlds(v.dealer, list(v.owes_pflichtsolo), v.vorfuehrung,
                                          v.rules, list(v.history), s)
        sampler = Sampler(v)
        for _ in range(3):
            w = sampler.world(rng)
            native = worlds.evaluate(list(w.initial_hands), [(int(a), p) for a, p in cands],
                                     0.0, py._foresight, py.solver_tricks, 7, answer=py.answer)
            assert native == [py._playout(w, s, a, p) for a, p in cands]
            compared += len(cands)
            answered += sum(CALL_RE <= code_of(a) <= BLACK for a, _ in cands)
    assert compared >= 50 and answered >= 3


def test_native_observations_equal_the_python_opponent_model() -> None:
    """The opponent model replays the observed cards of the other seats in sampled worlds:
    native and Python give the same posterior of ν on the same worlds."""
    g = Game.deal(77)
    players = [make_player("random", seed=s, p_reservation=0, p_call=0) for s in range(4)]
    while len(g.tricks) < 5:
        step(g, players)
    s = g.to_move
    v = view(g, s)
    rng = random.Random(3)
    sampler = Sampler(v)
    ws = [sampler.world(rng) for _ in range(6)]
    py = SearchPlayer(seed=1, budget_ms=None, worlds=1, backend="python")
    nat = SearchPlayer(seed=1, budget_ms=None, worlds=1, backend="native")
    worlds = doko_native.SearchWorlds(v.dealer, list(v.owes_pflichtsolo), v.vorfuehrung,
                                      v.rules, list(v.history), s)
    from doko.bots.search_player import _native_observe

    deals = [list(w.initial_hands) for w in ws]
    want = py._infer_noise(v, ws)
    got = nat._noise_from(v, len(deals), lambda todo: _native_observe(worlds, deals, todo))
    assert got == want
    # random cards: ν well above the prior
    assert sum(w * i / 20 for i, w in enumerate(got)) > 0.5


# ------------------------------------------------------------------ the player


def _native_search(seed: int, worlds: int = 3) -> SearchPlayer:
    return SearchPlayer(seed=seed, budget_ms=None, worlds=worlds, backend="native")


@pytest.mark.parametrize("kind", KINDS)
def test_native_search_is_legal_and_reads_no_hidden_cards(kind: str) -> None:
    """In games of every kind the native search's action is legal, and the same view with
    other hidden cards (two other seats exchange cards) gives the same action for the same
    seed and budget in worlds; fresh players, so the opponent model starts alike."""
    rng = random.Random(KINDS.index(kind))
    compared = 0
    for j in range(2):
        rules = RULES[(KINDS.index(kind) + j) % len(RULES)]
        g = _game_of_kind(kind, 500 + j, rules)
        players = _table(j + 7)
        while not g.is_over:
            s = g.to_move
            if s is not None and s >= 0 and (g.phase != PLAY or rng.random() < 0.25):
                v1 = view(g, s)
                a = _native_search(j).decide(v1)
                assert a is None or a in v1.legal_actions
                h = swapped(g, s, rng)
                if h is not None:
                    v2 = view(h, s)
                    assert v1 == v2
                    assert _native_search(j).decide(v2) == a
                    compared += 1
            step(g, players)
    assert compared >= 4


def test_native_search_plays_whole_games_deterministically() -> None:
    """Two seats of native search among random players: legal games to the end, the same
    history twice for the same seeds (the worlds, ν and the random cards of the playouts all
    come from the seed)."""
    histories = []
    for _ in range(2):
        g = Game.deal(61, dealer=1)
        players: list[Player] = [make_player("random", seed=s, p_reservation=0.2, p_call=0.1)
                                 for s in range(4)]
        players[1] = _native_search(4, worlds=2)
        players[3] = _native_search(5, worlds=2)
        play_game(g, players)
        assert g.is_over
        histories.append(g.history)
    assert histories[0] == histories[1]


def test_native_search_respects_the_world_budget_and_reports_it() -> None:
    g = Game.deal(5)
    me = _native_search(1, worlds=7)
    me.decide(view(g, g.to_move))
    assert me.last_worlds == 7 and me.backend == "native"


def test_bad_input_raises_value_error() -> None:
    g = Game.deal(3)
    with pytest.raises(ValueError, match="seat"):
        doko_native.SearchWorlds(0, [False] * 4, None, g.rules, [], 7)
    with pytest.raises(ValueError, match="one flag per seat"):
        doko_native.SearchWorlds(0, [False] * 3, None, g.rules, [], 1)
    with pytest.raises(ValueError, match="not an action"):
        doko_native.SearchWorlds(0, [False] * 4, None, g.rules, [999], 1)
    ws = doko_native.SearchWorlds(g.dealer, [False] * 4, None, g.rules, [], g.to_move)
    with pytest.raises(ValueError, match="four hands"):
        ws.evaluate([0, 0], [], 0.0, 0.0, 3, 1)
    with pytest.raises(ValueError, match="nu"):
        ws.evaluate(list(g.initial_hands), [], 1.5, 0.0, 3, 1)
    # hands that are no deal: no world (None), not an error
    assert ws.evaluate([0, 0, 0, 0], [], 0.0, 0.0, 3, 1) is None
    # a candidate that is not legal in the world
    with pytest.raises(ValueError, match="cannot be played out"):
        ws.evaluate(list(g.initial_hands), [(encode((g.to_move + 1) % 4, HEALTHY), -1)],
                    0.0, 0.0, 3, 1)
    with pytest.raises(ValueError, match="set_deal"):
        ws.sample(1, 1)
    with pytest.raises(ValueError, match="places"):
        ws.set_deal(0, [1, 2], [1, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4)
    with pytest.raises(ValueError, match="trick play"):
        doko_native.rules_card(_native_game(g))
    assert g.phase == QUERY


def test_heuristic_playouts_play_legal_games_and_need_the_native_core() -> None:
    """``playout_policy="heuristic"``: the fast all-hands heuristic as the playouts' card play
    (for the measurement against the rules policy); legal whole games; Python cannot."""
    g = Game.deal(62)
    players: list[Player] = [make_player("random", seed=s, p_reservation=0.2, p_call=0.1)
                             for s in range(4)]
    players[2] = SearchPlayer(seed=2, budget_ms=None, worlds=3, playout_policy="heuristic")
    play_game(g, players)
    assert g.is_over
    with pytest.raises(ValueError, match="needs the native core"):
        SearchPlayer(seed=1, playout_policy="heuristic", backend="python")
    with pytest.raises(ValueError, match="rules or heuristic"):
        SearchPlayer(seed=1, playout_policy="greedy")


def test_confidence_worlds_only_makes_the_confidence_test_stricter() -> None:
    """``confidence_worlds``: the same worlds (same seed), but the standard error as if at most
    that many were seen: wherever the stricter test leaves the rules player's choice, so does
    nothing else, and it keeps that choice at least as often."""
    from doko.bots.rules_player import RulesPlayer

    g = Game.deal(91)
    players = [make_player("rules", seed=s) for s in range(4)]
    kept = {None: 0, 2: 0}
    decisions = 0
    while not g.is_over:
        s = g.to_move
        if s is not None and s >= 0 and g.phase == PLAY:
            v = view(g, s)
            prior = RulesPlayer(seed=0).decide(v)
            for cw in (None, 2):
                me = SearchPlayer(seed=4, budget_ms=None, worlds=24, confidence_worlds=cw)
                kept[cw] += me.decide(v) == prior
            decisions += 1
        step(g, players)
    assert decisions >= 12 and kept[2] >= kept[None]
    with pytest.raises(ValueError, match="confidence_worlds"):
        SearchPlayer(seed=1, confidence_worlds=1)


def test_the_other_party_answers_a_call_only_where_it_wins() -> None:
    """The answer model (``answer``): in a finished game the other party's hindsight reply
    costs the seat exactly the points a Kontra (or Re) adds where that party won (TSR 7.2),
    nothing where the seat's party won or the other party has called already."""
    from doko.bots.search_player import _reply_cost
    from doko.engine.result import seat_scores

    costs = set()
    for d in range(40):
        g = Game.deal(2400 + d)
        players = [make_player("random", seed=d * 4 + s, p_reservation=0.1, p_call=0.05)
                   for s in range(4)]
        play_game(g, players)
        for seat in range(4):
            c = _reply_cost(g, seat)
            costs.add(c)
            mine = seat_scores(g)[seat]
            other_called = any(g.is_re[c[0]] != g.is_re[seat] for c in g.calls)
            if mine > 0 or other_called:
                assert c == 0
            else:
                assert c < 0 or mine == 0
    assert min(costs) < 0 and 0 in costs
