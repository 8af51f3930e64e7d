"""Genscher (house rule, issue 21; docs/rules.md "Genscher").

Sources: de.wikipedia "Doppelkopf-Sonderregeln" (Genschern: the holder of both ♦K chooses a new
partner when playing the second), frederik.postelt.org/doko (house rules: "Hat jemand beide ♢
Könige, so kann er sich ... einen neuen Partner aussuchen"), kratzdiekurve.com "Genscher" (all
calls made stand; tricks and Sonderpunkte are judged by the new parties; no Genscher in a solo
or a Hochzeit), khurrad.de "Tupelkopf" (Genscher among the "Gemeinheiten").

Our definition:
- ``Rules.genscher``; only in a Normalspiel (not in a solo, a stille Hochzeit, a Hochzeit);
- the seat dealt both ♦K, right after playing the second, names one of the other three seats
  (codes 51..53: 1, 2, 3 places on); nothing else happens before the naming;
- the Genscher and the named seat are Re, the other two Kontra (naming the current partner
  keeps the parties); the parties are public from then on;
- each call made counts for the party its seat belongs to after the naming; the tricks stay
  with the seats that won them and count for their new parties (Sonderpunkte too).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.bots.base import make_player, play_game
from doko.bots.rules_player import genscher_code
from doko.engine.actions import (
    CALL_KONTRA,
    CALL_RE,
    GENSCHER_CODES,
    HEALTHY,
    RESERVATION,
    SOLO_BASE,
    Action,
    code_of,
    describe,
    encode,
    from_dict,
    to_dict,
)
from doko.engine.backend import native_available
from doko.engine.cards import KD, card_code, deck, hand_count
from doko.engine.errors import IllegalActionError
from doko.engine.game import Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result, summary_of
from doko.engine.rules import ERWEITERT, TSR, Rules
from doko.engine.view import view
from doko.engine.vocab import Party
from quick_players import quick_players

GEN = Rules(name="h", genscher=True)
G1, G2, G3 = GENSCHER_CODES

#: seat 0: both ♦K and a ♣Q; seat 1 the other ♣Q (Re: seats 0 and 1); dealer 3, seat 0 leads
_SEATS_012 = [
    "KD KD QC AC AC KC KC 9C 9C TS TS 9S",
    "QC QS QH QD JC JS AS AS KS KS 9S TH",
    "QS QH QD JC JS JH JD TH AH AH KH 9H",
]


def _hands() -> list[list[str]]:
    rest = [card_code(k) for k in deck()]
    for h in _SEATS_012:
        for c in h.split():
            rest.remove(c)
    return [h.split() for h in _SEATS_012] + [rest]


def _healthy(rules: Rules = GEN) -> Game:
    g = Game.from_hands(_hands(), dealer=3, rules=rules)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    return g


def _to_second_kd(g: Game, calls: tuple[Action, ...] = ()) -> None:
    """Play (first legal cards; seat 0 its ♦K as soon as it may) until seat 0 has played its
    second ♦K; ``calls`` are made before the first card."""
    for a in calls:
        g.apply(a)
    while hand_count(g.hands[0], KD):
        plays = g.legal_plays()
        kd = [a for a in plays if code_of(a) == KD]
        g.apply(kd[0] if kd else plays[0])


def test_the_naming_step_opens_after_the_second_king() -> None:
    g = _healthy()
    g.apply(encode(0, KD))  # the first ♦K: no naming
    assert g.genscher_seat == -1 and code_of(g.legal_actions()[0]) < 24
    _to_second_kd(g)
    assert g.genscher_seat == 0 and g.genscher_partner == -1 and g.to_move == 0
    assert g.legal_actions() == [encode(0, c) for c in GENSCHER_CODES]
    assert g.legal_plays() == [] and g.legal_actions(1) == []
    # nothing else before the naming: a card, a call, the naming by another seat
    nxt = 1 if g.trick else g.trick_leader
    for bad, key in ((encode(nxt, _a_card(g, nxt)), "genscher_pending"),
                     (encode(0, _a_card(g, 0)), "genscher_pending"),
                     (encode(2, CALL_KONTRA), "genscher_pending"),
                     (encode(1, G2), "genscher_refused")):
        before = g.clone()
        with pytest.raises(IllegalActionError) as e:
            g.apply(bad)
        assert e.value.key == key
        assert g.history == before.history and g.is_re == before.is_re
    assert "Genscher" in IllegalActionError("genscher_pending", "house rule", 1,
                                            action=CALL_RE, to_move=0).text("de")
    g.apply(encode(0, G2))  # names seat 2 (two places on)
    assert g.genscher_partner == 2 and g.is_re == [True, False, True, False]
    assert g.to_move == nxt
    # the parties are public now (TSR 5.5 does not know it: the naming is said aloud)
    for s in range(4):
        assert view(g, s).parties == (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
    assert describe(encode(0, G2), "en") == "seat 1: Genscher, new partner: seat 3"


def _a_card(g: Game, seat: int) -> int:
    return next(k for k in range(24) if g.hands[seat] >> k & 1)


def test_naming_the_partner_keeps_the_parties() -> None:
    g = _healthy()
    _to_second_kd(g)
    before = g.is_re[:]
    g.apply(encode(0, G1))  # seat 1 holds the other ♣Q
    assert g.is_re == before == [True, True, False, False]


def test_calls_count_for_the_new_party_of_their_seat() -> None:
    g = _healthy()
    _to_second_kd(g, (encode(1, CALL_RE), encode(3, CALL_KONTRA)))
    assert g.level == [1, 1]
    g.apply(encode(0, G3))  # names seat 3: Re = {0, 3}, Kontra = {1, 2}
    assert g.is_re == [True, False, False, True]
    assert [(s, p) for s, p, _lv, _n in g.calls] == [(1, Party.KONTRA), (3, Party.RE)]
    assert g.level == [1, 1] and g.ontime == [True, True]


def test_only_in_a_normalspiel_with_the_option() -> None:
    # TSR: no Genscher
    g = _healthy(TSR)
    _to_second_kd(g)
    assert g.genscher_seat == -1 and all(code_of(a) < 24 or code_of(a) >= 35
                                         for a in g.legal_actions())
    # a solo (seat 0 plays a Damensolo): no Genscher
    g = Game.from_hands(_hands(), dealer=3, rules=GEN)
    g.apply(encode(0, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(0, SOLO_BASE + 4))
    _to_second_kd(g)
    assert g.genscher_seat == -1
    assert ERWEITERT.genscher and not TSR.genscher
    assert Rules.from_json({"name": "tsr", "genscher": True}).genscher
    with pytest.raises(ValueError):
        Rules.from_json({"name": "tsr", "genscher": 1})


def test_the_genscher_in_the_last_trick_ends_the_game_after_the_naming() -> None:
    # seat 0 holds low trumps and clubs: it can keep both ♦K to the end (kratzdiekurve: a
    # Genscher in tricks 11 and 12); in some games its ♦K is the game's last card
    mine = ["KD", "KD", "9D", "9D", "JD", "JD", "AC", "AC", "KC", "KC", "9C", "9C"]
    rest = [card_code(k) for k in deck()]
    for c in mine:
        rest.remove(c)
    last_card = 0
    rng = random.Random(7)
    for dealer in (0, 1, 2, 3) * 10:
        g = Game.from_hands([mine, rest[0::3], rest[1::3], rest[2::3]], dealer=dealer,
                            rules=GEN)
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        while g.genscher_seat < 0:
            plays = g.legal_plays()
            other = [a for a in plays if code_of(a) != KD]
            g.apply(rng.choice(other or plays))
        assert g.legal_actions() == [encode(0, c) for c in GENSCHER_CODES]
        g.apply(encode(0, G2))
        if len(g.tricks) == 12:  # the naming ends the game
            assert g.is_over
            last_card += 1
        while not g.is_over:
            g.apply(g.legal_plays()[0])
        assert g.re_eyes() + g.kontra_eyes() == 240 and g.re_seats() == [0, 2]
    assert last_card >= 1


def test_records_and_replay() -> None:
    assert to_dict(encode(3, G1)) == {"seat": 3, "action": "genscher", "partner": 0}
    assert from_dict({"seat": 1, "action": "genscher", "partner": 0}) == encode(1, G3)
    for bad in (1, 5, None, True):
        with pytest.raises(ValueError):
            from_dict({"seat": 1, "action": "genscher", "partner": bad})
    g = _healthy()
    _to_second_kd(g)
    g.apply(encode(0, G3))
    rec = to_record(g)
    assert {"seat": 0, "action": "genscher", "partner": 3} in rec["actions"]
    r = replay(rec)
    assert r.history == g.history and r.is_re == g.is_re


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), nines=st.booleans(), calls=st.floats(0, 0.3))
def test_random_games_zero_sum_240_augen_replay(seed: int, nines: bool, calls: float) -> None:
    rules = Rules(name="h", genscher=True, nines=nines, charlie_caught=True, dulle_caught=True)
    rng = random.Random(seed)
    hands = Game.deal(seed, rules=rules).initial_hands
    # both ♦K to one seat, so that a Genscher is likely
    g0 = Game.deal(seed, rules=rules)
    holder = rng.randrange(4)
    hs = [list(_codes(h)) for h in hands]
    for s in range(4):
        while s != holder and "KD" in hs[s]:
            give = next(c for c in hs[holder] if c not in ("KD", "QC"))
            hs[s].remove("KD")
            hs[holder].remove(give)
            hs[s].append(give)
            hs[holder].append("KD")
    g = Game.from_hands(hs, dealer=g0.dealer, rules=rules)
    while not g.is_over:
        acts = g.legal_actions()
        non_calls = [a for a in acts if not CALL_RE <= code_of(a) <= CALL_RE + 5]
        pick = rng.choice(acts) if rng.random() < calls else rng.choice(non_calls or acts)
        g.apply(pick)
    assert g.re_eyes() + g.kontra_eyes() == 240
    result = game_result(g)
    assert sum(result.seat_scores(g.re_seats())) == 0
    r = replay(to_record(g))
    assert r.history == g.history and summary_of(r) == summary_of(g)
    if g.genscher_partner >= 0:
        assert sorted(g.re_seats()) == sorted((g.genscher_seat, g.genscher_partner))


def _codes(h: int) -> list[str]:
    out = []
    for k in range(24):
        out += [card_code(k)] * ((h >> k & 1) + (h >> (k + 24) & 1))
    return out


def test_the_rules_player_names_the_seat_that_won_most() -> None:
    g = _healthy()
    _to_second_kd(g)
    won = g.eyes  # the Augen each seat has won in its tricks
    best = max((1, 2, 3), key=lambda k: (won[k], -k))
    assert genscher_code(view(g, 0)) == GENSCHER_CODES[best - 1]
    # ties go to the nearest seat: before any trick, the next seat
    assert genscher_code(view(_healthy(), 0)) == G1


@pytest.mark.parametrize("name", ["rules", "random", "search", "uct", "search_native"])
def test_players_play_whole_games_with_the_genscher(name: str) -> None:
    """Each computer player plays whole games with the Genscher (the deal of this file: seat 0
    holds both ♦K) without an illegal action (play_game raises on one)."""
    named = 0
    for seed in range({"search": 1, "search_native": 2, "uct": 2}.get(name, 4)):
        g = _healthy() if seed % 2 == 0 else Game.deal(seed, rules=ERWEITERT)
        play_game(g, quick_players(name, seed))
        # (erweitert plays Schmeißen: a thrown game has no tricks)
        assert g.is_over and (not g.tricks or g.re_eyes() + g.kontra_eyes() == 240)
        named += g.genscher_partner >= 0
    if name in ("rules", "search", "search_native", "uct"):
        assert named >= 1


@pytest.mark.skipif(not native_available(), reason="the native core is not built")
def test_native_naming_and_cards_equal_the_rules_player() -> None:
    """The policy differential with Genschers: in every position of games on the deal of this
    file (and random Genscher deals) the native rules policy names and plays as the Python
    rules player."""
    import doko_native

    from doko.bots.rules_player import rules_card

    named = 0
    for seed in range(6):
        g = _healthy()
        players = [make_player("rules", seed=seed * 4 + s) for s in range(4)]
        rng = random.Random(seed)
        while not g.is_over:
            ng = doko_native.Game(list(g.initial_hands), g.dealer, rules=g.rules)
            for a in g.history:
                ng.apply(a)
            if g.genscher_partner < 0 <= g.genscher_seat:
                assert doko_native.genscher_choice(ng) == genscher_code(view(g, g.to_move))
                named += 1
                g.apply(encode(g.to_move, rng.choice(GENSCHER_CODES)))
                continue
            if g.legal_plays():
                assert doko_native.rules_card(ng) == rules_card(g)
            chosen = players[g.to_move].decide(view(g, g.to_move))
            assert chosen is not None
            g.apply(chosen if code_of(chosen) < 24 else g.legal_plays()[0])
    assert named == 6


def test_terminal_asks_for_the_partner_and_tells_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """doko play: after the human's second ♦K the table asks for the new partner by seat number
    (1..4); a wrong answer is explained and nothing changes; the naming is announced."""
    from tui_table import table

    g = _healthy()
    _to_second_kd(g)
    t, out = table(g, 0, monkeypatch)
    t._update()
    answers = iter(["", "1", "3"])  # nothing, its own seat (refused), then seat 3
    prompts: list[str] = []

    def ask(prompt: str, playing: bool = False) -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr(t, "ask", ask)
    t._human_turn()
    t._human_turn()
    assert g.genscher_partner == -1
    t._human_turn()
    assert g.genscher_partner == 2 and g.is_re == [True, False, True, False]
    assert "Genscher!" in prompts[0] and "3 (Bert)" in prompts[0]
    text = out.getvalue()
    assert "Bitte die Nummer eines Platzes nennen" in text
    assert "Du: Genscher! Neuer Partner: Bert" in text


def test_web_table_takes_the_naming() -> None:
    """The web schema takes the naming in record form (a button per legal naming in the browser,
    labelled from web.ui.genscher with the seat's name)."""
    pytest.importorskip("pydantic")
    from doko.engine.texts import text
    from doko.server.schema import ActionMsg, parse_message

    msg = parse_message('{"type": "action", "action": {"action": "genscher", "partner": 3}}')
    assert isinstance(msg, ActionMsg)
    assert from_dict({**msg.action.record(), "seat": 1}) == encode(1, G2)
    assert text("web.ui.genscher", "en", p0="Anna") == "Genscher: Anna as partner"
    with pytest.raises(ValueError):
        parse_message('{"type": "action", "action": {"action": "genscher", "partner": 4}}')


def test_doko_replay_shows_the_naming(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """doko replay: the naming between the cards, the parties as named."""
    import json
    from pathlib import Path

    from doko.cli import main

    g = _healthy()
    _to_second_kd(g)
    g.apply(encode(0, G3))
    while not g.is_over:
        g.apply(g.legal_plays()[0])
    path = Path(str(tmp_path)) / "g.json"
    path.write_text(json.dumps(to_record(g)), encoding="utf-8")
    assert main(["replay", "--lang", "en", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Genscher: seat 1 takes seat 4 as partner" in out
    assert "Re: seats 1, 4" in out or "Re (seats 1, 4)" in out
