"""Armut and Schmeißen (house rules, docs/rules.md "Armut", "Schmeißen"): the options, the
Armut's stages in the engine (naming, asking, the exchange), its refusals, the views' privacy,
scoring, records, the round's redeal, the computer players and the native core's agreement.

The hand-made cases cite their source: doko-wissen.de "Armut" (at most 3 trumps, a Vorbehalt,
redeal when nobody takes it, the trumps returned announced), doppelkopf.udodomroese.de (all
trumps handed over, as many returned, Solo before Armut before Hochzeit, Krankheit/Schmeißen
first), max-merz.de (a single ♦A does not count, two do), FreeDoko's rule list (throwing with
nines, kings, nines and kings together).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.bots.base import make_player, play_game, step
from doko.cli import main
from doko.engine.actions import (
    ARMUT,
    CALL_RE,
    HEALTHY,
    MARRIAGE,
    PASS,
    REFUSE,
    RESERVATION,
    SOLO_BASE,
    TAKE,
    THROW,
    code_of,
    encode,
    from_dict,
    to_dict,
)
from doko.engine.armut import armut_trumps, can_armut, give_count, throw_reason
from doko.engine.cards import hand_from_codes, parse_card
from doko.engine.errors import IllegalActionError
from doko.engine.game import ARMUT_ASK, ARMUT_GIVE, ARMUT_RETURN, ASK_POOR, NAMING, PLAY, Game
from doko.engine.record import dumps, loads, replay, to_record
from doko.engine.rules import ERWEITERT, Rules, RulesError
from doko.engine.scoring import GameSummary, score
from doko.engine.texts import TEXTS, text
from doko.engine.view import view
from doko.engine.vocab import Party
from doko.session.round import Round
from tui_table import table

ARMUT_RULES = Rules(armut=True)
E = encode

# seat 1 is poor (♥10 and ♦A: 2 trumps), seat 0 (the dealer) holds 12 trumps, seat 2 both ♣Q
HANDS = [
    ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D"],
    ["TH", "AD", "AC", "AC", "TC", "KC", "AS", "AS", "TS", "KS", "AH", "AH"],
    ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "TD", "KD", "9D", "TH"],
    ["TC", "KC", "9C", "9C", "TS", "KS", "9S", "9S", "KH", "KH", "9H", "9H"],
]


def _c(code: str) -> int:
    return parse_card(code)


def _armut_game(rules: Rules = ARMUT_RULES) -> Game:
    """Seat 2 (engine 1) says Vorbehalt and names its Armut; the others are healthy."""
    g = Game.from_hands(HANDS, 0, rules=rules)
    for s, code in ((1, RESERVATION), (2, HEALTHY), (3, HEALTHY), (0, HEALTHY)):
        g.apply(E(s, code))
    g.apply(E(1, ARMUT))
    return g


def _taken(back: tuple[str, ...] = ("9D", "KD", "AC")) -> Game:
    """The Armut refused by seats 3 and 4, taken by seat 1 (the dealer), exchanged."""
    g = _armut_game()
    g.apply(E(2, REFUSE))
    g.apply(E(3, REFUSE))
    g.apply(E(0, TAKE))
    for c in ("TH", "AD", "AC"):
        g.apply(E(1, _c(c)))
    for c in back:
        g.apply(E(0, _c(c)))
    return g


def _refusal(g: Game, action: int) -> IllegalActionError:
    before = (g.history[:], g.hands[:], g.to_move)
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)  # type: ignore[arg-type]
    assert (g.history, g.hands, g.to_move) == before  # nothing changed
    return info.value


# ------------------------------------------------------------------ options


def test_options_presets_and_their_texts() -> None:
    assert not Rules().armut and not Rules().schmeissen
    assert ERWEITERT.armut and ERWEITERT.armut_fox == "single_not" and ERWEITERT.schmeissen
    custom = Rules(armut=True, armut_fox="never", throw_trumps=True, throw_nines_kings=8,
                   throw_dealer="next", throw_counts=True)
    assert Rules.from_json(custom.to_json()) == custom
    for bad, key in (({"armut_fox": "twice"}, "armut_fox"), ({"throw_nines_kings": 6},
                     "throw_nines_kings"), ({"throw_dealer": "left"}, "throw_dealer"),
                     ({"armut": "yes"}, "not_bool"), ({"throw_nines_kings": True},
                                                      "throw_nines_kings")):
        with pytest.raises(RulesError) as info:
            Rules.from_json({"name": "tsr", **bad})
        assert info.value.key == key
    # the switches' labels (rules.opt.<field>, and .<value> for a non-bool option)
    for name in ("armut", "armut_fox", "throw_nines", "throw_kings", "throw_trumps",
                 "throw_nines_kings", "throw_dealer", "throw_counts"):
        assert f"rules.opt.{name}" in TEXTS
    for name, values in (("armut_fox", ("counts", "single_not", "never")),
                         ("throw_nines_kings", (0, 7, 8)), ("throw_dealer", ("same", "next"))):
        for v in values:
            assert text(f"rules.opt.{name}.{v}", "de") and text(f"rules.opt.{name}.{v}", "en")


def test_who_is_poor_by_the_fox_variants() -> None:
    """At most 3 trumps (doko-wissen.de); a single ♦A does not count, two do (max-merz.de)."""
    three_and_fox = hand_from_codes(["TH", "QC", "JD", "AD", "AC", "AC", "TC", "KC", "AS",
                                     "AS", "KS", "AH"])
    two_foxes = hand_from_codes(["TH", "QC", "AD", "AD", "AC", "AC", "TC", "KC", "AS", "AS",
                                 "KS", "AH"])
    assert [armut_trumps(three_and_fox, f) for f in ("counts", "single_not", "never")] == [4, 3, 3]
    assert [armut_trumps(two_foxes, f) for f in ("counts", "single_not", "never")] == [4, 4, 2]
    assert not can_armut(three_and_fox, ARMUT_RULES)
    assert can_armut(three_and_fox, Rules(armut=True, armut_fox="single_not"))
    assert give_count(three_and_fox) == 4  # all trumps go over, at least 3 cards
    assert not can_armut(three_and_fox, Rules(armut_fox="never"))  # the option is off


# ------------------------------------------------------------------ the Armut's stages


def test_armut_named_asked_exchanged_and_played() -> None:
    g = Game.from_hands(HANDS, 0, rules=ARMUT_RULES)
    for s, code in ((1, RESERVATION), (2, HEALTHY), (3, HEALTHY), (0, HEALTHY)):
        g.apply(E(s, code))
    assert g.phase == NAMING and E(1, ARMUT) in g.legal_actions()
    g.apply(E(1, ARMUT))
    assert (g.naming_stage, g.to_move, g.armut_cards) == (ARMUT_ASK, 2, 3)
    assert g.legal_actions() == [E(2, TAKE), E(2, REFUSE)]  # asked from the poor seat's left
    e = _refusal(g, E(3, TAKE))
    assert (e.key, e.rule) == ("armut_running_ask", "Armut")
    assert e.text("de") == ("die Armut wird angeboten: Platz 3 muss sagen, ob er sie mitnimmt "
                            "(Hausregel Armut)")
    e = _refusal(g, E(2, SOLO_BASE))
    assert e.key == "armut_running_ask"
    g.apply(E(2, REFUSE))
    g.apply(E(3, REFUSE))
    g.apply(E(0, TAKE))
    assert (g.naming_stage, g.to_move, g.taker) == (ARMUT_GIVE, 1, 0)
    # all trumps first (doppelkopf.udodomroese.de: all trumps go over), then a filler
    assert sorted(code_of(a) for a in g.legal_actions()) == sorted([_c("TH"), _c("AD")])
    e = _refusal(g, E(1, _c("AC")))
    assert (e.key, e.rule) == ("armut_trumps_first", "Armut")
    for c in ("TH", "AD", "AC"):
        g.apply(E(1, _c(c)))
    assert (g.naming_stage, g.to_move) == (ARMUT_RETURN, 0)
    assert g.hands[0].bit_count() == 15 and g.hands[1].bit_count() == 9
    e = _refusal(g, E(0, _c("9C")))
    assert e.key == "armut_not_in_hand"
    for c in ("9D", "KD", "AC"):
        g.apply(E(0, _c(c)))
    # Re: the poor seat and its taker, whoever holds the ♣Q; the dealer's left neighbour leads
    assert g.phase == PLAY and g.to_move == 1 and g.re_seats() == [0, 1]
    assert g.armut_trumps_back() == 2 and g.contract_label("en") == "Armut (poverty)"
    # calls as in a Normalspiel: 12 cards in hand again
    assert E(1, CALL_RE) in g.legal_actions(1)
    while not g.is_over:
        g.apply(g.legal_plays()[0])
    assert sum(g.eyes) == 240
    r = g.result()
    keys = {i.key for i in r.items}
    assert keys & {"score.item.won_armut"} and "score.item.won" not in keys
    assert sum(r.seat_scores(g.re_seats())) == 0


def test_solo_before_armut_before_hochzeit() -> None:
    """The Vorbehalte's ranks (doppelkopf.udodomroese.de, max-merz.de): a poor seat passes the
    solo questions; every Vorbehalt passed: the Armut goes before the Hochzeit."""
    hands = [list(h) for h in HANDS]  # seat 3 (engine 2) gets both ♣Q
    hands[0][hands[0].index("QC")] = "9D"
    hands[2][hands[2].index("9D")] = "QC"
    g = Game.from_hands(hands, 0, rules=ARMUT_RULES)
    for s, code in ((1, RESERVATION), (2, RESERVATION), (3, HEALTHY), (0, HEALTHY)):
        g.apply(E(s, code))
    e = _refusal(g, E(1, ARMUT))
    assert (e.key, e.rule) == ("armut_after_solos", "Armut")
    g.apply(E(1, PASS))
    assert g.to_move == 2
    g.apply(E(2, PASS))  # seat 3 holds both ♣Q: it may pass too
    assert g.naming_stage == ASK_POOR and g.to_move == 1
    assert g.legal_actions() == [E(1, ARMUT)]
    e = _refusal(g, E(1, MARRIAGE))
    assert e.key == "marriage_needs_queens"
    e = _refusal(g, E(1, SOLO_BASE))
    assert e.key == "naming_expected" and e.text("en").endswith("Armut (TSR 4.1.6, Armut)")
    g.apply(E(1, ARMUT))
    assert g.poor == 1
    # a solo named by a later Vorbehalt goes before it
    g = Game.from_hands(HANDS, 0, rules=ARMUT_RULES)
    for s, code in ((1, RESERVATION), (2, RESERVATION), (3, HEALTHY), (0, HEALTHY)):
        g.apply(E(s, code))
    g.apply(E(1, PASS))
    e = _refusal(g, E(2, PASS))  # no ♣Q pair, not poor: only a solo
    assert e.key == "cannot_pass_armut"
    g.apply(E(2, SOLO_BASE + 4))
    assert g.phase == PLAY and g.soloist == 2


def test_refusals_name_the_rule() -> None:
    g = Game.from_hands(HANDS, 0)  # TSR: no Armut
    for s, code in ((1, RESERVATION), (2, HEALTHY), (3, HEALTHY), (0, HEALTHY)):
        g.apply(E(s, code))
    e = _refusal(g, E(1, ARMUT))
    assert (e.key, e.rule) == ("house_rule_off", "Armut")
    assert "Hausregel" in e.text("de") and "house rule" in e.text("en")
    g = Game.from_hands(HANDS, 0, rules=ARMUT_RULES)
    for s, code in ((1, HEALTHY), (2, RESERVATION), (3, HEALTHY), (0, HEALTHY)):
        g.apply(E(s, code))
    e = _refusal(g, E(2, ARMUT))  # 12 trumps
    assert e.key == "armut_too_many_trumps"
    e = _refusal(_armut_game(), E(2, _c("QC")))
    assert e.key == "armut_running_ask"


def test_nobody_takes_it_redeal() -> None:
    g = _armut_game()
    for s in (2, 3, 0):
        g.apply(E(s, REFUSE))
    assert g.is_over and g.ended == "armut_refused"
    r = g.result()
    assert r.redeal and r.seat_scores(g.re_seats()) == [0, 0, 0, 0]
    e = _refusal(g, E(0, CALL_RE))
    assert (e.key, e.rule) == ("redealt_armut_refused", "Armut")


def test_views_hide_the_exchange() -> None:
    """Only the taker sees the cards handed over, only the poor seat the cards returned;
    everyone sees how many trumps came back."""
    g = _taken()
    given = [_c(c) for c in ("TH", "AD", "AC")]
    back = [_c(c) for c in ("9D", "KD", "AC")]
    for seat in (0, 1):
        v = view(g, seat)
        assert list(v.armut_given) == given and list(v.armut_returned) == back
        assert len(v.history) == len(g.history)
    for other in (2, 3, None):
        v = view(g, other)
        assert v.armut_given == () and v.armut_returned == ()
        assert v.armut_trumps_back == 2 and v.armut_cards == 3 and v.taker == 0 and v.poor == 1
        assert len(v.history) == len(g.history) - 6
        assert all(code_of(a) >= 24 for a in v.history)  # no card of the exchange
        j = v.to_json()
        assert j["armut_given"] == [] and j["armut_returned"] == []
        assert v.parties == (Party.RE, Party.RE, Party.KONTRA, Party.KONTRA)
    # during the exchange too
    g = _armut_game()
    for s, code in ((2, REFUSE), (3, REFUSE), (0, TAKE)):
        g.apply(E(s, code))
    g.apply(E(1, _c("TH")))
    assert view(g, 0).armut_given == (_c("TH"),)
    assert view(g, 2).armut_given == () and view(g, 2).history == tuple(g.history[:-1])


def test_record_replays_the_armut_and_doko_replay_shows_it(
        tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    g = _taken()
    while not g.is_over:
        g.apply(g.legal_plays()[0])
    rec = loads(dumps(g))
    g2 = replay(rec, "python")
    assert g2.history == g.history and g2.result() == g.result()
    for a in g.history[:12]:
        assert from_dict(to_dict(a)) == a
    import pathlib
    path = pathlib.Path(str(tmp_path)) / "armut.json"
    path.write_text(dumps(g))
    assert main(["replay", str(path), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Armut" in out


# ------------------------------------------------------------------ Schmeißen


def test_schmeissen_with_five_kings() -> None:
    """5 kings (doppelkopf.udodomroese.de "Krankheit"; FreeDoko's throw with kings)."""
    hands = [list(h) for h in HANDS]
    hands[1], hands[3] = HANDS[3], HANDS[1]  # seat 2 (engine 1): 4 kings, 4 nines...
    g = Game.from_hands(hands, 0, rules=Rules(throw_kings=True))
    assert throw_reason(g.initial_hands[1], g.rules) is None  # 4 kings: no
    g = Game.from_hands(hands, 0, rules=Rules(throw_nines_kings=8))
    assert throw_reason(g.initial_hands[1], g.rules) == "nines_kings"  # 4 + 6 nines
    assert g.legal_actions() == [E(1, HEALTHY), E(1, RESERVATION), E(1, THROW)]
    e = _refusal(Game.from_hands(hands, 0), E(1, THROW))
    assert (e.key, e.rule) == ("house_rule_off", "Schmeißen")
    g.apply(E(1, THROW))
    assert g.is_over and g.ended == "thrown" and g.result().redeal
    for seat in (0, 2, None):  # the thrown hand is shown to the table
        v = view(g, seat)
        assert v.thrower == 1 and sorted(v.thrown_hand) == sorted(g.hand(1))
    e = _refusal(g, E(0, HEALTHY))
    assert e.key == "redealt_thrown"
    g = Game.from_hands(hands, 0, rules=Rules(throw_nines=True))
    e = _refusal(g, E(0, THROW))
    assert e.key == "not_your_turn"


@pytest.mark.parametrize(("counts", "dealer"), [(False, "same"), (True, "next")])
def test_round_deals_again(counts: bool, dealer: str) -> None:
    rules = Rules(throw_nines=True, throw_kings=True, throw_nines_kings=7, throw_counts=counts,
                  throw_dealer=dealer)
    r = Round(["A", "B", "C", "D"], 24, rules=rules)
    for seed in range(2000):
        g = r.new_game(seed)
        if any(code_of(a) == THROW for a in g.legal_actions()):
            break
    g.apply(next(a for a in g.legal_actions() if code_of(a) == THROW))
    row = r.add_game(g)
    assert r.next_dealer == (0 if dealer == "same" else 1)
    assert r.games_played == (1 if counts else 0)
    if counts:
        assert row is not None and row.scores == (0, 0, 0, 0) and row.label("de") == "geschmissen"
    else:
        assert row is None and r.rows == ()
    again = Round.from_json(r.to_json())
    assert (again.next_dealer, again.games_played) == (r.next_dealer, r.games_played)


def test_scoring_names_the_armut() -> None:
    s = score(GameSummary("armut", re_eyes=110, re_tricks=5))
    assert [(i.party, i.key) for i in s.items] == [
        ("kontra", "score.item.won_armut"), ("kontra", "score.item.against_armut")]
    assert (s.re_score, s.kontra_score, s.solo) == (-2, 2, False)


# ------------------------------------------------------------------ properties and players


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), fox=st.sampled_from(["counts", "single_not", "never"]))
def test_random_armut_games_zero_sum_240_and_replay(seed: int, fox: str) -> None:
    from doko.engine.native_check import _make_poor

    rng = random.Random(seed)
    from doko.engine.game import deal_hands
    hands = _make_poor(deal_hands(seed, seed % 4), rng.randrange(4), rng)
    rules = Rules(armut=True, armut_fox=fox, throw_kings=True)
    g = Game(hands, seed % 4, rules=rules)
    while not g.is_over:
        acts = g.legal_actions()
        pref = [a for a in acts if code_of(a) in (RESERVATION, ARMUT, TAKE)]
        plain = [a for a in acts if not SOLO_BASE <= code_of(a) <= 42] or acts
        g.apply(rng.choice(pref) if pref and rng.random() < 0.8 else rng.choice(plain))
        for s in range(4):
            v = view(g, s)
            if s not in (g.poor, g.taker):
                assert v.armut_given == () and v.armut_returned == ()
    if g.ended == "played":
        assert sum(g.eyes) == 240
    assert sum(g.result().seat_scores(g.re_seats())) == 0
    assert replay(to_record(g), "python").history == g.history


@pytest.mark.parametrize("kind", ["rules", "search", "uct"])
def test_players_play_armut_rounds_legally(kind: str) -> None:
    """Whole games with Armut and Schmeißen on (one seat made poor) at tiny budgets: every
    decision is legal (``step`` checks it), every game ends."""
    from doko.engine.game import deal_hands
    from doko.engine.native_check import _make_poor

    rules = replace(ERWEITERT, bock=None, throw_trumps=True)
    table: dict[str, dict[str, object]] = {
        "rules": {}, "search": {"budget_ms": None, "worlds": 3},
        "uct": {"worlds": 2, "rollouts": 20}}
    opts = table[kind]
    ended = set()
    for seed in range(4 if kind != "rules" else 12):
        rng = random.Random(seed)
        g = Game(_make_poor(deal_hands(seed, seed % 4), rng.randrange(4), rng), seed % 4,
                 rules=rules)
        players = [make_player(kind, seed=seed * 4 + s, **opts) if s % 2 == 0
                   else make_player("rules", seed=seed * 4 + s) for s in range(4)]
        play_game(g, players)
        ended.add(g.ended if g.taker < 0 else "armut")
        assert sum(g.result().seat_scores(g.re_seats())) == 0
    assert "armut" in ended or kind != "rules"


def test_step_checks_an_armut_decision() -> None:
    g = _armut_game()
    players = [make_player("rules", seed=s) for s in range(4)]
    while g.phase == NAMING:
        step(g, players)
    assert g.is_over or g.taker >= 0


# ------------------------------------------------------------------ the terminal


def test_terminal_armut_prompts_and_privacy(monkeypatch: pytest.MonkeyPatch) -> None:
    """``doko play``: the Armut's words in both languages, the exchanged cards named to the
    poor seat and the taker only; the others read that a card went over and how many trumps
    came back."""
    from doko.tui.parse import parse

    assert [t.value for t in parse("armut mitnehmen ablehnen schmeißen")] == [
        ARMUT, TAKE, REFUSE, THROW]
    assert [t.value for t in parse("poverty take refuse throw")] == [ARMUT, TAKE, REFUSE, THROW]
    # seat 3 (engine 2) is asked first and is no member of the Armut
    g = _armut_game()
    t, out = table(g, 2, monkeypatch, lang="en")
    t._handle("refuse")
    assert g.history[-1] == E(2, REFUSE)
    g.apply(E(3, REFUSE))
    g.apply(E(0, TAKE))
    for c in ("TH", "AD", "AC"):
        g.apply(E(1, _c(c)))
    for c in ("9D", "KD", "AC"):
        g.apply(E(0, _c(c)))
    t._update()
    text_out = out.getvalue()
    assert "hands over a card" in text_out and "returns a card" in text_out
    assert "2 trumps returned" in text_out
    assert "hands over ♥10" not in text_out and "returns ♦9" not in text_out
    # the taker (engine seat 0) sees them, and chooses the cards it returns
    g = _armut_game()
    t, out = table(g, 0, monkeypatch, lang="de")
    g.apply(E(2, REFUSE))
    g.apply(E(3, REFUSE))
    t._update()
    prompts: list[str] = []
    answers = iter(["mitnehmen", "♦9", "♦K", "♣A"])

    def ask(prompt: str, playing: bool = False) -> str:
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr(t, "ask", ask)
    t._human_turn()
    assert prompts[-1] == "Platz 2 hat Armut (3 Karten) – mitnehmen oder ablehnen?".replace(
        "Platz 2", t.names[1])
    for c in ("TH", "AD", "AC"):
        g.apply(E(1, _c(c)))
    t._update()
    for n in (3, 2, 1):
        t._human_turn()
        assert prompts[-1] == f"Armut zurückgeben – noch {n} Karten (Nummer oder Karte)?"
    text_out = out.getvalue()
    assert "gibt ab: ♥10" in text_out and g.phase == PLAY and g.taker == 0


# ------------------------------------------------------------------ the web table


def test_web_schema_takes_the_new_actions() -> None:
    """The server's schema takes the Armut's and Schmeißen's actions in record form; the
    client finds its words (``web.ui.*``) in both languages."""
    pytest.importorskip("fastapi")
    from doko.server.app import web_texts_js
    from doko.server.schema import parse_message

    for name, code in (("armut", ARMUT), ("take", TAKE), ("refuse", REFUSE), ("throw", THROW)):
        msg = parse_message(json.dumps({"type": "action", "action": {"action": name}, "ref": 3}))
        body = msg.action.record()  # type: ignore[union-attr]
        assert from_dict({**body, "seat": 2}) == E(2, code)
    js = web_texts_js()
    for key in ("armut", "take", "refuse", "throw", "armut_give", "armut_return",
                "armut_info", "thrown"):
        assert f'"ui.{key}"' in js


def test_web_views_of_an_armut_differ_only_where_they_may() -> None:
    """The web table encodes the history once per distinct history (``Table._view_text``
    keys its cache by it): the two seats outside the Armut share theirs, which holds no card
    of the exchange; the poor seat and the taker share the whole one."""
    from doko.engine.view import views

    g = _taken()
    vs = views(g, [0, 1, 2, 3, None])
    assert vs[0].history == vs[1].history == tuple(g.history)
    assert vs[2].history == vs[3].history == vs[None].history
    exchanged = {a for a in g.history if code_of(a) < 24}
    assert not exchanged & set(vs[2].history)


def test_uct_leaves_the_armut_exchange_to_the_rules_player() -> None:
    """The paper's UCT has no Armut and no sampled world fits the ask and the exchange: uct
    decides there as the rules player (not the first legal action, which always took the
    Armut and handed over the first card)."""
    g = _armut_game()
    g.apply(E(2, REFUSE))
    g.apply(E(3, REFUSE))
    # seat 1 (the dealer) is asked last; the rules player refuses its weak hand
    asked = view(g, 0)
    rules_choice = make_player("rules", seed=1).decide(asked)
    assert rules_choice == make_player("uct", seed=1, worlds=2, rollouts=20).decide(asked)
    assert rules_choice == E(0, REFUSE) != asked.legal_actions[0]
    g.apply(E(0, TAKE))
    giving = view(g, 1)  # the poor seat chooses its filler
    rules_choice = make_player("rules", seed=2).decide(giving)
    assert rules_choice == make_player("uct", seed=2, worlds=2, rollouts=20).decide(giving)


def test_the_analysis_skips_the_reservations_of_an_armut() -> None:
    """No reservation plan stands for an Armut: the query answers of the poor seat, the seats
    asked and the taker are skipped and counted, never valued as gesund (docs/analysis.md)."""
    from doko.analysis.reservations import reservation_spots
    from doko.engine.record import start_of

    start, actions = start_of(to_record(_taken()))
    spots, skipped = reservation_spots(start, actions, {0, 1, 2, 3})
    assert spots == [] and skipped == {0: 1, 1: 1, 2: 1, 3: 1}


@pytest.mark.parametrize("backend", ["python", "native"])
def test_schweinchen_in_an_armut_is_the_hand_after_the_exchange(backend: str) -> None:
    """Schweinchen and Armut together (both on in ``erweitert``): the Armut is played as a
    Normalspiel, so its Schweinchen are the two ♦A in one hand once the cards are exchanged.
    Here the taker held one ♦A and was handed the other; the poor seat, which had one, may not
    announce. Both engines the same (the lock-step kind ``armut`` draws Schweinchen rules too)."""
    if backend == "native":
        pytest.importorskip("doko_native")
    from doko.engine.actions import PIGS
    from doko.engine.backend import game_class

    rules = Rules(armut=True, pigs="play")
    g = game_class(backend).from_hands(HANDS, 0, rules=rules)
    for s, code in ((1, RESERVATION), (2, HEALTHY), (3, HEALTHY), (0, HEALTHY), (1, ARMUT),
                    (2, REFUSE), (3, REFUSE), (0, TAKE)):
        g.apply(E(s, code))
    for s, c in ((1, "TH"), (1, "AD"), (1, "AC"), (0, "9D"), (0, "KD"), (0, "AC")):
        g.apply(E(s, _c(c)))
    assert g.phase == PLAY and g.pigs_in_game() and g.to_move == 1
    assert E(1, PIGS) not in g.legal_actions()  # the poor seat handed its ♦A over
    for c in ("AC", "QC", "9C"):  # seats 2, 3, 4 (engine 1, 2, 3): the taker plays fourth
        g.apply(E(g.to_move, _c(c)))
    assert g.to_move == 0 and E(0, PIGS) in g.legal_actions()
    g.apply(E(0, PIGS))
    assert g.pig_level == 1 and g.pig_seats[0] == 0
    g.apply(E(0, _c("AD")))  # the Schweinchen is above the ♣Q (docs/rules.md "Schweinchen")
    assert len(g.tricks) == 1 and g.tricks[0][2] == 0
