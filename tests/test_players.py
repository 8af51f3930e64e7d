"""Computer players: always legal, deterministic, and blind to hidden cards.

Games are played through :func:`doko.bots.base.play_game`, which refuses (PlayerError) any action
that is not legal for the seat at that moment; so finishing a game proves every decision legal,
the calls out of turn and Kontra's calls after a concession (TSR 5.4.7) included.
"""

from __future__ import annotations

import random

import pytest

from doko.bots.base import Player, make_player, play_game, step
from doko.bots.rules_player import RulesPlayer, evaluate_solos, initial_counts, rules_card
from doko.engine.actions import HEALTHY, MARRIAGE, RESERVATION, SOLO_INDEX, encode, solo_code
from doko.engine.backend import native_available
from doko.engine.cards import QC, hand_count
from doko.engine.contracts import SOLO_NAMES
from doko.engine.game import NAMING, PLAY, QUERY, Game
from doko.engine.rules import ERWEITERT, HAUSREGELN, PICTURE_SOLO_OPTIONS, TSR, Rules, with_options
from doko.engine.view import view
from hidden_cards import swapped

PLAYERS = ("random", "rules")


def _players(names: list[str], seed: int, **random_opts: object) -> list[Player]:
    out = []
    for s, name in enumerate(names):
        opts = random_opts if name == "random" else {}
        out.append(make_player(name, seed=seed * 4 + s, **opts))
    return out


def _seatings(seed: int) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(PLAYERS) for _ in range(4)]


def _marriage_seeds(n: int) -> list[tuple[int, int]]:
    """Deals (seed, holder) where one seat holds both ♣Q."""
    out = []
    seed = 0
    while len(out) < n:
        g = Game.deal(seed)
        for s in range(4):
            if hand_count(g.initial_hands[s], QC) == 2:
                out.append((seed, s))
        seed += 1
    return out


def _forced_solo(deal: int, seat: int, kind: str) -> Game:
    """Deal ``deal`` with ``seat`` dealing and vorgeführt (TSR 4.2.3), the solo ``kind`` named."""
    owes = tuple(s == seat for s in range(4))
    # the picture solos (house rules) are played where their options are on
    rules = with_options(TSR, dict.fromkeys(PICTURE_SOLO_OPTIONS, True))
    g = Game.deal(deal, dealer=seat, owes_pflichtsolo=owes, vorfuehrung=seat, rules=rules)
    g.apply(encode(seat, solo_code(kind)))
    return g


# ---------------------------------------------------------------------------- legality


@pytest.mark.parametrize("seed", range(40))
def test_mixed_seatings_play_legal_games(seed: int) -> None:
    """Random and rules players in mixed seatings, many reservations and calls."""
    names = _seatings(seed)
    g = Game.deal(1000 + seed, dealer=seed % 4)
    players = _players(names, seed, p_reservation=0.3, p_call=0.2)
    play_game(g, players)
    assert g.is_over


@pytest.mark.parametrize("kind", SOLO_NAMES)
def test_every_solo_kind_is_played_legally(kind: str) -> None:
    """A Vorführung forced into each solo kind, soloist and Kontra from both players."""
    for i in range(4):
        g = _forced_solo(200 + i, i, kind)
        names = ["rules" if (s + i) % 2 else "random" for s in range(4)]
        if i == 3:
            names = ["rules"] * 4
        play_game(g, _players(names, i, p_call=0.1))
        assert g.contract_name == f"solo_{kind}"


def test_vorfuehrung_names_a_solo() -> None:
    """TSR 4.2.3: the vorgeführt seat must name a solo; rules names its best kind."""
    for seed in range(6):
        seat = seed % 4
        owes = tuple(s == seat for s in range(4))
        g = Game.deal(seed, owes_pflichtsolo=owes, vorfuehrung=seat)
        play_game(g, [RulesPlayer(seed=s) for s in range(4)])
        assert g.soloist == seat and g.pflichtsolo


def test_pflichtsolo_owed_in_the_query() -> None:
    """Seats owing a Pflichtsolo answer the query legally (solo only, or healthy)."""
    for seed in range(12):
        owes = (True, seed % 2 == 0, False, True)
        g = Game.deal(300 + seed, dealer=seed % 4, owes_pflichtsolo=owes)
        play_game(g, _players(_seatings(seed), seed, p_reservation=0.5))
        assert g.is_over


@pytest.mark.parametrize("announced", [True, False])
def test_hochzeit_and_stille_hochzeit(announced: bool) -> None:
    """A Hochzeit (announced) and a stille Hochzeit (all healthy), mixed players."""
    for i, (seed, holder) in enumerate(_marriage_seeds(4)):
        g = Game.deal(seed)
        for _ in range(4):
            s = g.to_move
            g.apply(encode(s, RESERVATION if announced and s == holder else HEALTHY))
        if announced:
            assert g.phase == NAMING
            g.apply(encode(holder, MARRIAGE))
            assert g.contract_name == "marriage"
        else:
            assert g.contract_name == "silent_marriage"
        names = ["rules"] * 4 if i % 2 else _seatings(seed)
        play_game(g, _players(names, seed, p_call=0.1))
        assert g.is_over


def test_rules_decides_hochzeit_itself() -> None:
    """With both ♣Q the rules player chooses Hochzeit, stille Hochzeit or a solo, legally."""
    kinds = set()
    for seed, holder in _marriage_seeds(12):
        g = Game.deal(seed)
        play_game(g, [RulesPlayer(seed=s) for s in range(4)])
        kinds.add(g.contract_name)
        assert g.is_over and (g.soloist == holder or g.hochzeiter == holder or g.soloist >= 0)
    assert kinds & {"marriage", "silent_marriage", "solo_diamonds"}


def test_concessions_then_kontra_calls() -> None:
    """A soloist (random) who concedes; the rules Kontra players may still call (TSR 5.4.7)."""
    conceded = 0
    for seed in range(30):
        seat = seed % 4
        owes = tuple(s == seat for s in range(4))
        g = Game.deal(500 + seed, owes_pflichtsolo=owes, vorfuehrung=seat)
        players: list[Player] = [RulesPlayer(seed=s) for s in range(4)]
        players[seat] = make_player("random", seed=seed, p_concede=0.08)
        play_game(g, players)
        if g.ended == "conceded":
            conceded += 1
            assert g.legal_actions() == [] or all(
                a >> 6 != seat for a in g.legal_actions()
            )
    assert conceded >= 3


@pytest.mark.parametrize(
    "rules",
    [HAUSREGELN, Rules(nines=False), Rules(dulle_moves=True), Rules(soloist_leads=True),
     Rules(dulle="second"), ERWEITERT, Rules(solo_dullen=False, dulle_moves=True)],
    ids=["hausregeln", "no_nines", "dulle_moves", "soloist_leads", "second_dulle", "erweitert",
         "solo_without_dullen"],
)
def test_house_rules(rules: Rules) -> None:
    """Legal play under house rules; the fast entry point agrees with decide()."""
    for seed in range(8):
        owes = (seed % 2 == 0, False, True, False)
        g = Game.deal(seed, dealer=seed % 4, rules=rules, owes_pflichtsolo=owes)
        players = _players(_seatings(seed), seed, p_reservation=0.3, p_call=0.2)
        while not g.is_over:
            s = g.to_move
            if g.phase == PLAY and isinstance(players[s], RulesPlayer):
                a = players[s].decide(view(g, s))
                if a is not None and a & 63 < 24:
                    assert rules_card(g, s) == a & 63
            step(g, players)


# ---------------------------------------------------------------------------- determinism


def test_rules_is_deterministic() -> None:
    """The same seeds play the same game."""
    for seed in range(5):
        histories = []
        for _ in range(2):
            g = Game.deal(seed, dealer=seed % 4)
            play_game(g, _players(_seatings(seed + 1), seed, p_reservation=0.2, p_call=0.1))
            histories.append(g.history)
        assert histories[0] == histories[1]


def test_rules_card_matches_decide() -> None:
    """The fast play-out entry point chooses the card that decide() plays."""
    players = [RulesPlayer(seed=s) for s in range(4)]
    checked = 0
    for seed in range(6):
        g = Game.deal(700 + seed)
        while not g.is_over:
            if g.phase == PLAY:
                s = g.to_move
                a = players[s].decide(view(g, s))
                if a is not None and a & 63 < 24:
                    assert rules_card(g, s) == a & 63
                    checked += 1
            step(g, players)
    assert checked > 100


def test_rules_card_with_player_options() -> None:
    """Card-play weights given as player options reach the fast entry point too."""
    p = RulesPlayer(seed=0, v=8, schmier=0)
    differs = 0
    for seed in range(6):
        g = Game.deal(800 + seed)
        players = [p] * 4
        while not g.is_over:
            if g.phase == PLAY:
                s = g.to_move
                a = p.decide(view(g, s))
                if a is not None and a & 63 < 24:
                    assert rules_card(g, s, p.params) == a & 63
                    differs += rules_card(g, s) != a & 63
            step(g, players)
    assert differs > 0


# ---------------------------------------------------------------------------- hidden information


def test_rules_does_not_read_hidden_cards() -> None:
    """The same view gives the same action, whatever the other hands hold."""
    rng = random.Random(5)
    compared = 0
    for seed in range(10):
        g = Game.deal(900 + seed, dealer=seed % 4)
        players = _players(_seatings(seed + 3), seed, p_reservation=0.15, p_call=0.1)
        while not g.is_over:
            if g.phase == PLAY and rng.random() < 0.35:
                s = g.to_move
                h = swapped(g, s, rng)
                if h is not None:
                    assert h.hands[s] == g.hands[s] and h.hands != g.hands
                    v1, v2 = view(g, s), view(h, s)
                    assert v1 == v2
                    assert RulesPlayer(seed=1).decide(v1) == RulesPlayer(seed=1).decide(v2)
                    assert rules_card(g, s) == rules_card(h, s)
                    for o in range(4):  # out-of-turn call decisions too
                        if o != s:
                            w1, w2 = view(g, o), view(h, o)
                            if w1.hand == w2.hand:
                                assert RulesPlayer(seed=2).decide(w1) == RulesPlayer(
                                    seed=2).decide(w2)
                    compared += 1
            step(g, players)
    assert compared > 50


def test_query_decision_uses_only_the_own_hand() -> None:
    """The Vorbehaltsabfrage answer depends on the own hand and the round context."""
    g = Game.deal(42)
    assert g.phase == QUERY
    s = g.to_move
    v = view(g, s)
    a = RulesPlayer(seed=0).decide(v)
    assert a in v.legal_actions
    mine = [0] * 24
    for k in v.hand:
        mine[k] += 1
    chances = evaluate_solos(mine)
    assert set(chances) == set(SOLO_NAMES[:7])  # the TSR's solos; the picture solos are off
    assert set(evaluate_solos(mine, with_options(TSR, {"solo_koehler": True}))) == {
        *SOLO_NAMES[:7], "koehler"}
    assert all(0.0 <= p <= 1.0 for p in chances.values())


# ---------------------------------------------------------------------------- search


def _search(seed: int, **opts: object) -> Player:
    """A search player with a fixed number of worlds (no time limit: deterministic), on the
    pure-Python backend, the reference (the native one: ``tests/native/test_search_native.py``)."""
    return make_player("search", seed=seed, budget_ms=None, worlds=opts.pop("worlds", 2),
                       backend="python", **opts)


@pytest.mark.parametrize("seed", range(6))
def test_search_plays_legal_games(seed: int) -> None:
    """search among random players that reserve and call, and among rules players."""
    g = Game.deal(1100 + seed, dealer=seed % 4)
    players = _players(_seatings(seed), seed, p_reservation=0.3, p_call=0.2)
    players[seed % 4] = _search(seed)
    if seed % 2:
        players[(seed + 2) % 4] = _search(seed + 10)
    play_game(g, players)
    assert g.is_over


@pytest.mark.parametrize("kind", SOLO_NAMES)
def test_search_in_every_solo_kind(kind: str) -> None:
    """A Vorführung forced into each solo kind: search as soloist, then as Kontra."""
    for i in range(2):
        g = _forced_solo(1200 + i, i, kind)
        players = _players(["rules"] * 4, i)
        players[i if i == 0 else (i + 1) % 4] = _search(i)
        play_game(g, players)
        assert g.contract_name == f"solo_{kind}" and g.is_over


def test_search_with_both_club_queens_and_house_rules() -> None:
    """Hochzeit, stille Hochzeit or solo chosen by search itself; house rules."""
    for seed, holder in _marriage_seeds(3):
        g = Game.deal(seed)
        players = _players(["random"] * 4, seed, p_reservation=0, p_call=0.1)
        players[holder] = _search(seed)
        play_game(g, players)
        assert g.is_over and holder in (g.hochzeiter, g.soloist)
    for j, rules in enumerate((Rules(nines=False), HAUSREGELN, Rules(dulle_moves=True))):
        g = Game.deal(40 + j, rules=rules, owes_pflichtsolo=(True, False, False, False))
        players = _players(_seatings(j), j, p_reservation=0.3, p_call=0.2)
        players[0] = _search(j)
        play_game(g, players)
        assert g.is_over


def test_search_is_deterministic() -> None:
    for seed in range(2):
        histories = []
        for _ in range(2):
            g = Game.deal(60 + seed)
            players = _players(["random"] * 4, seed, p_call=0.1)
            players[1] = _search(seed)
            play_game(g, players)
            histories.append(g.history)
        assert histories[0] == histories[1]


def test_search_does_not_read_hidden_cards() -> None:
    """The same view gives the same decision, whatever the other hands hold (fresh players
    with the same seed; the opponent model replays sampled worlds, never the real one)."""
    rng = random.Random(8)
    compared = 0
    for seed in range(4):
        g = Game.deal(950 + seed, dealer=seed % 4)
        players = _players(_seatings(seed + 5), seed, p_reservation=0.1, p_call=0.1)
        while not g.is_over:
            if g.phase == PLAY and len(g.tricks) >= 2 and rng.random() < 0.2:
                s = g.to_move
                h = swapped(g, s, rng)
                if h is not None:
                    v1, v2 = view(g, s), view(h, s)
                    assert v1 == v2
                    assert _search(s, worlds=3).decide(v1) == _search(s, worlds=3).decide(v2)
                    compared += 1
            step(g, players)
    assert compared >= 5


@pytest.mark.parametrize("backend, seed", [("python", 3), ("native", 5)])
def test_search_learns_how_the_table_plays(backend: str, seed: int) -> None:
    """The opponent model: over a few games against random cards the inferred chance of a
    random card (ν) rises well above the prior; against rules players it falls near 0. With
    ``memory=0`` every game starts again from the prior; ``opponent_noise`` fixes ν. In both
    backends (the native one samples its worlds with its own random numbers, so its seed is
    another)."""
    from doko.bots.search_player import NOISE_GRID, SearchPlayer

    if backend == "native" and not native_available():
        pytest.skip("the native core is not built")

    def after(opponent: str, games: int, **opts: object) -> list[float]:
        me = SearchPlayer(seed=seed, budget_ms=None, worlds=2, backend=backend,
                          **opts)  # type: ignore[arg-type]
        firsts = []
        for i in range(games):
            g = Game.deal(70 + i, dealer=i % 4)
            players = _players([opponent] * 4, i, p_reservation=0, p_call=0)
            players[0] = me
            first = None
            while not g.is_over:
                before = g.to_move
                step(g, players)
                if before == 0 and first is None:
                    first = me.noise
            firsts.append(first if first is not None else -1.0)
        return [*firsts, me.noise]

    rand = after("random", 3)
    rules = after("rules", 3)
    assert rand[0] == rules[0] == pytest.approx(0.4, abs=0.03)  # the prior, nothing seen yet
    # the third game starts from what was learnt; the likelihood is proper (the smoothed
    # rules shares sum to 1 over the legal cards), so random cards are recognised: ν near 1
    assert rand[-1] > 0.9 and rand[2] > 0.9
    assert rules[-1] < 0.15 and rules[2] < 0.15
    forgetful = after("random", 2, memory=0)
    assert forgetful[1] == pytest.approx(0.4, abs=0.03)
    fixed = after("random", 1, opponent_noise=0.25)
    assert fixed == [0.25, 0.25]
    for how in ("mean", "map"):  # the other estimates learn the same posterior
        assert after("random", 3, noise_estimate=how)[-1] > 0.55
    me = SearchPlayer(seed=seed, budget_ms=None, worlds=2, noise_estimate="map", backend=backend)
    g = Game.deal(70)
    players = _players(["random"] * 4, 0, p_reservation=0, p_call=0)
    players[0] = me
    play_game(g, players)
    dist = me._dist
    assert dist is not None and me._nu == max(NOISE_GRID, key=lambda nu: dist[NOISE_GRID.index(nu)])


def test_search_options_are_checked() -> None:
    with pytest.raises(ValueError, match="budget"):
        make_player("search", seed=1, budget_ms=None)
    with pytest.raises(ValueError, match="opponent_noise"):
        make_player("search", seed=1, opponent_noise=1.5)
    with pytest.raises(ValueError, match="noise_prior"):
        make_player("search", seed=1, noise_prior=0.0)
    with pytest.raises(ValueError, match="noise_weight"):
        make_player("search", seed=1, noise_weight=0)
    with pytest.raises(ValueError, match="noise_estimate"):
        make_player("search", seed=1, noise_estimate="median")
    with pytest.raises(ValueError, match="solo_kinds"):
        make_player("search", seed=1, solo_kinds=0)
    with pytest.raises(ValueError, match="call_foresight"):
        make_player("search", seed=1, call_foresight=1.5)


def test_search_compares_the_best_rated_solo_kinds() -> None:
    """The game choice compares the ``solo_kinds`` kinds the hand evaluation rates best; the
    rules player's own choice is always among them."""
    from doko.bots.search_player import SearchPlayer

    for seed in range(20):
        g = Game.deal(seed)
        v = view(g, g.to_move)
        me = SearchPlayer(seed=1, worlds=1, budget_ms=None)
        codes = me._solo_codes(v)
        chances = evaluate_solos(initial_counts(v), v.rules)
        best = max(chances, key=lambda n: (chances[n], -SOLO_NAMES.index(n)))
        assert len(codes) == 3 and solo_code(best) in codes
        rated = sorted((chances[SOLO_NAMES[SOLO_INDEX[c]]] for c in codes), reverse=True)
        assert rated[-1] >= sorted(chances.values(), reverse=True)[2]
        assert len(SearchPlayer(seed=1, worlds=1, budget_ms=None, solo_kinds=7)
                   ._solo_codes(v)) == 7


def _finished_without_calls(seed: int) -> Game:
    """A Normalspiel played to its end by random legal cards, nobody calling."""
    g = Game.deal(seed)
    rng = random.Random(seed)
    while not g.is_over:
        if g.phase == PLAY:
            plays = g.legal_plays()
            g.apply(g.to_move << 6 | plays[rng.randrange(len(plays))])
        else:
            g.apply(encode(g.to_move, HEALTHY))
    return g


def test_call_gain_is_the_best_call_in_hindsight() -> None:
    """_call_gain (the ``call_foresight`` of the search): what the seat's party would have
    added by calling up to ``most`` (TSR 6.4.3, 7.2.2), brute-forced over every level through
    the scoring: never negative, positive only for the winners, growing with ``most``."""
    import dataclasses

    from doko.bots.search_player import _call_gain
    from doko.engine.result import seat_scores, summary_of
    from doko.engine.scoring import score

    won_gain = 0
    for seed in range(30):
        g = _finished_without_calls(300 + seed)
        summary = summary_of(g)
        for seat in range(4):
            field = "re_calls" if g.is_re[seat] else "kontra_calls"
            base = score(summary, g.rules).seat_scores(g.re_seats())[seat]
            prev = 0
            for most in range(1, 6):
                brute = max(score(dataclasses.replace(summary, **{field: lv}), g.rules)
                            .seat_scores(g.re_seats())[seat] for lv in range(most + 1)) - base
                gain = _call_gain(g, seat, most)
                assert gain == brute >= prev >= 0
                prev = gain
            if base < 0:
                assert prev == 0  # the losers gain nothing by calling
            else:
                won_gain += prev
    assert won_gain > 0
    # Re called in a won Normalspiel is worth 2 more (TSR 7.2.2 (c)): with most=1 for a winner
    g = next(h for h in map(_finished_without_calls, range(300, 330))
             if seat_scores(h)[0] > 0)
    assert _call_gain(g, 0, 1) == 2


def test_call_foresight_raises_only_the_game_choice() -> None:
    """call_foresight adds the hindsight value of the seat's own calls (scaled by ν) to the
    playouts of the Vorbehaltsabfrage only: the same worlds and playouts (same seed) score at
    least as high there, higher in some; card play and a table taken to play like the rules
    player (ν = 0) are unchanged."""
    from doko.bots.search_player import SearchPlayer

    def values(g: Game, foresight: float, nu: float) -> list[list[float]]:
        me = SearchPlayer(seed=5, budget_ms=None, worlds=6, opponent_noise=nu,
                          call_foresight=foresight)
        v = view(g, g.to_move)
        return me.evaluate(v, me._candidates(v, list(v.legal_actions)))

    raised = 0
    for seed in range(3):
        g = Game.deal(500 + seed)
        off, on = values(g, 0.0, 1.0), values(g, 1.0, 1.0)
        for a, b in zip(off, on, strict=True):
            assert len(a) == len(b) == 6
            assert all(y >= x for x, y in zip(a, b, strict=True))
            raised += sum(y > x for x, y in zip(a, b, strict=True))
        assert values(g, 1.0, 0.0) == values(g, 0.0, 0.0)
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        assert g.phase == PLAY
        assert values(g, 1.0, 1.0) == values(g, 0.0, 1.0)
    assert raised > 0
