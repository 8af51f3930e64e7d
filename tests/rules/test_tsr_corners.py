"""The last TSR corners (issue 21): taking back a Vorbehalt (TSR 4.1.2) in both engines, records,
the computer players and ``doko play``; the impossible Hochzeit summaries refused by ``doko
score`` and ``doko sheet add`` (TSR 4.4.3); ``doko replay --json`` of a Hochzeit before its
Klärungsstich (TSR 4.4.3, 5.5.1).
"""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.bots.base import make_player, play_game
from doko.cli import main
from doko.engine.actions import (
    HEALTHY,
    MARRIAGE,
    PASS,
    RESERVATION,
    SOLO_BASE,
    WITHDRAW,
    code_of,
    encode,
    from_dict,
    to_dict,
)
from doko.engine.backend import native_available
from doko.engine.cards import QC, hand_count
from doko.engine.errors import IllegalActionError
from doko.engine.game import FINISHED, NAMING, PLAY, QUERY, Game, deal_hands
from doko.engine.record import replay, to_record
from doko.engine.scoring import GameSummary, ScoringInputError
from doko.engine.view import view
from doko.session import Round
from doko.session.round import RoundError
from doko.tui.parse import parse

ENGINES = ["python"] + (["native"] if native_available() else [])


def _game(engine: str, seed: int, dealer: int, **kw: Any) -> Any:
    hands = deal_hands(seed, dealer)
    if engine == "python":
        return Game(hands, dealer, **kw)
    from doko.engine.native import native_game_class

    return native_game_class()(hands, dealer, **kw)


def _refusal(g: Any, action: int) -> IllegalActionError:
    before = (list(g.history), g.answers, int(g.phase), g.to_move)
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    assert (list(g.history), g.answers, int(g.phase), g.to_move) == before  # unchanged
    return info.value


# ------------------------------------------------------------------ TSR 4.1.2: every window


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("pos", [1, 2, 3])
def test_positions_1_to_3_until_the_next_player_speaks(engine: str, dealer: int, pos: int) -> None:
    """TSR 4.1.2: "Die Anmeldung eines Vorbehalts kann an Position 1, 2 und 3 nur
    zurückgenommen werden, wenn der nächste Spieler sich noch nicht geäußert hat"."""
    g = _game(engine, 3 + dealer, dealer)
    seat = (dealer + pos) & 3
    nxt = (seat + 1) & 3
    for _ in range(pos - 1):
        g.apply(encode(g.to_move, HEALTHY))
    assert g.withdraw_seat() == -1
    assert _refusal(g, encode(seat, WITHDRAW)).key == "no_reservation"  # nothing to take back
    g.apply(encode(seat, RESERVATION))
    # open: the seat's Vorbehalt, before the next seat's answer
    assert g.withdraw_seat() == seat
    assert encode(seat, WITHDRAW) in g.legal_actions()
    assert g.legal_actions(seat) == [encode(seat, WITHDRAW)]
    assert encode(seat, WITHDRAW) not in g.legal_actions(nxt)
    taken = g.clone() if engine == "python" else replay(to_record(g))
    taken.apply(encode(seat, WITHDRAW))
    assert taken.answers[seat] is False and taken.to_move == nxt and taken.phase == QUERY
    assert taken.withdraw_seat() == -1
    # closed: the next seat has spoken (healthy or Vorbehalt alike)
    g.apply(encode(nxt, RESERVATION if pos == 2 else HEALTHY))
    e = _refusal(g, encode(seat, WITHDRAW))
    assert (e.key, e.rule, e.seat) == ("withdraw_closed", "4.1.2", seat)
    assert encode(seat, WITHDRAW) not in g.legal_actions()


def _holds_both_queens(g: Any) -> int:
    return next((s for s in range(4) if hand_count(g.initial_hands[s], QC) == 2), -1)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("dealer", range(4))
def test_position_4_alone_until_named(engine: str, dealer: int) -> None:
    """TSR 4.1.2 at position 4: open until a card is led, a call is made or the query goes on
    (4.1.6); the single Vorbehalt is named before any card or call, so naming closes it.
    Taken back: the game is found as if the dealer had been healthy (4.1.3, 4.4.5)."""
    g = _game(engine, 40 + dealer, dealer)
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    assert g.withdraw_seat() == -1  # position 4 has not spoken
    g.apply(encode(dealer, RESERVATION))
    assert g.phase == NAMING and g.to_move == dealer and g.withdraw_seat() == dealer
    assert encode(dealer, WITHDRAW) in g.legal_actions(dealer)
    named = replay(to_record(g))
    named.apply(encode(dealer, SOLO_BASE + 4))
    assert named.phase == PLAY
    e = _refusal(named, encode(dealer, WITHDRAW))
    assert (e.key, e.rule) == ("withdraw_closed", "4.1.2")
    g.apply(encode(dealer, WITHDRAW))
    assert g.phase == PLAY
    silent = _holds_both_queens(g)
    assert g.contract_name == ("silent_marriage" if silent >= 0 else "normal")
    assert g.answers == [False] * 4


@pytest.mark.parametrize("engine", ENGINES)
def test_position_4_among_several_until_the_query_goes_on(engine: str) -> None:
    """TSR 4.1.2, 4.1.6: with several Vorbehalte the dealer may withdraw out of turn until the
    first holder asked has answered; then the others' Vorbehalte are decided alone."""
    dealer = 1
    for seed in range(60):
        g = _game(engine, seed, dealer)
        if _holds_both_queens(g) == 2:  # position 1 holds both ♣Q: it may pass
            break
    else:  # pragma: no cover - the seeds hold such a deal
        pytest.fail("no deal with both ♣Q at position 1")
    for code in (RESERVATION, HEALTHY, HEALTHY, RESERVATION):
        g.apply(encode(g.to_move, code))
    assert g.phase == NAMING and g.to_move == 2 and g.withdraw_seat() == dealer
    assert g.legal_actions(dealer) == [encode(dealer, WITHDRAW)]
    assert g.legal_actions()[-1] == encode(dealer, WITHDRAW)
    alone = replay(to_record(g))
    alone.apply(encode(dealer, WITHDRAW))
    # only position 1's Vorbehalt is left: it names it alone, a Hochzeit allowed (4.1.4, 4.4.2)
    assert alone.phase == NAMING and alone.to_move == 2
    assert encode(2, MARRIAGE) in alone.legal_actions()
    alone.apply(encode(2, MARRIAGE))
    assert alone.contract_name == "marriage"
    # position 1 passes: the query has gone on, the window is closed
    g.apply(encode(2, PASS))
    assert g.withdraw_seat() == -1
    assert _refusal(g, encode(dealer, WITHDRAW)).key == "withdraw_closed"


@pytest.mark.parametrize("engine", ENGINES)
def test_no_withdrawal_in_a_vorfuehrung_nor_after_the_game(engine: str) -> None:
    """TSR 4.1.9: a Vorführung has no Vorbehaltsabfrage, so nothing to take back."""
    g = _game(engine, 5, 0, owes_pflichtsolo=(True, True, True, True), vorfuehrung=2)
    assert g.withdraw_seat() == -1
    assert _refusal(g, encode(2, WITHDRAW)).key == "no_reservation"
    g.apply(encode(2, SOLO_BASE))
    g.apply(encode(2, 41))  # the soloist concedes
    assert g.phase == FINISHED
    assert _refusal(g, encode(2, WITHDRAW)).key == "finished"


def test_refusals_in_both_languages_say_du_to_the_seat() -> None:
    g = Game.deal(7)
    g.apply(encode(1, RESERVATION))
    g.apply(encode(2, HEALTHY))
    e = _refusal(g, encode(1, WITHDRAW))
    assert str(e).startswith("seat 2 can no longer withdraw the Vorbehalt") and "4.1.2" in str(e)
    assert e.text("de").startswith("Platz 2 kann den Vorbehalt nicht mehr zurücknehmen")
    assert e.text("de", me=1).startswith("du kannst deinen Vorbehalt nicht mehr")
    e = _refusal(g, encode(2, WITHDRAW))
    assert e.text("en", me=2).startswith("you have announced no Vorbehalt to withdraw")


def test_record_form_and_words() -> None:
    a = encode(3, WITHDRAW)
    assert to_dict(a) == {"seat": 3, "action": "withdraw"}
    assert from_dict({"seat": 3, "action": "withdraw"}) == a
    assert [t.value for t in parse("zurückziehen")] == [WITHDRAW]
    assert [t.value for t in parse("withdraw")] == [WITHDRAW]
    assert [t.value for t in parse("zurück")] == ["undo"]  # the Vorbehalt while it may


# ------------------------------------------------------------------ random games with withdrawals


def _random_game(seed: int, engine: str = "python") -> Any:
    """A whole random game whose seats say Vorbehalt often and take it back half the time."""
    rng = random.Random(seed)
    owes = tuple(rng.random() < 0.3 for _ in range(4))
    g = _game(engine, seed, seed & 3, owes_pflichtsolo=owes)
    while g.phase != FINISHED:
        acts = g.legal_actions()
        codes = [code_of(a) for a in acts]
        if WITHDRAW in codes and rng.random() < 0.5:
            g.apply(acts[codes.index(WITHDRAW)])
        elif g.phase == QUERY:
            g.apply(encode(g.to_move, RESERVATION if rng.random() < 0.6 else HEALTHY))
        else:
            mine = [a for a in g.legal_actions(g.to_move) if code_of(a) != WITHDRAW]
            g.apply(rng.choice(mine))
    return g


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31))
def test_random_games_with_withdrawals_zero_sum_240_replay(seed: int) -> None:
    g = _random_game(seed)
    assert g.re_eyes() + g.kontra_eyes() == 240
    assert g.re_tricks() + g.kontra_tricks() == 12
    s = g.result()
    assert sum(s.seat_scores(g.re_seats())) == 0
    rec = to_record(g)
    again = replay(json.loads(json.dumps(rec)))
    assert again.history == g.history and to_record(again) == rec
    if native_available():
        nat = replay(rec, backend="native")
        assert list(nat.history) == g.history
        assert (nat.re_eyes(), nat.re_tricks()) == (g.re_eyes(), g.re_tricks())


def test_views_show_the_withdrawal_to_every_seat() -> None:
    """Answers are said aloud: a withdrawal is public; the view names no hidden card."""
    g = Game.deal(7)
    g.apply(encode(1, RESERVATION))
    g.apply(encode(1, WITHDRAW))
    for seat in range(4):
        v = view(g, seat)
        assert encode(1, WITHDRAW) in v.history
        assert (encode(1, WITHDRAW) in v.legal_actions) is False


@pytest.mark.parametrize("level", ["random", "rules", "search"])
def test_computer_players_play_whole_games_where_withdrawing_is_open(level: str) -> None:
    """The computer players never take back a Vorbehalt they made (it is meant), and never
    choose an illegal action while the window is open."""
    n = 3 if level == "search" else 12
    opts: dict[str, object] = {"budget_ms": None, "worlds": 2} if level == "search" else {}
    for seed in range(n):
        me = seed & 3
        # the others say Vorbehalt often, so that windows are open around the player
        players = [make_player(level, seed=seed, **opts) if s == me else
                   make_player("random", seed=seed + s, p_reservation=0.6) for s in range(4)]
        g = play_game(Game.deal(seed, seed & 3), players)
        assert g.phase == FINISHED
        assert all(code_of(a) != WITHDRAW for a in g.history)


# ------------------------------------------------------------------ doko play


class _Answers(io.TextIOBase):
    def __init__(self, out: io.StringIO) -> None:
        self.out = out
        self.n = 0
        self.withdrawn = False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        prompt = self.out.getvalue()[-300:].rsplit("\n\n", 1)[-1]
        self.n += 1
        if self.n > 3000:
            return ""
        if "zurück" in prompt and not self.withdrawn:
            self.withdrawn = True
            return "zurück\n"
        if "gesund oder vorbehalt" in prompt:
            return ("gesund" if self.withdrawn else "vorbehalt") + "\n"
        if "Vorbehalt?" in prompt or "Pflichtsolo?" in prompt or "Lustsolo?" in prompt:
            return "damen\n"
        if "Deine Karte" in prompt:
            return f"{self.n % 12 + 1}\n"
        if "(j/n)" in prompt:
            return "j\n"
        return "\n"

    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("seed", [3, 4, 6])
def test_doko_play_asks_and_takes_back_the_vorbehalt(seed: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    stdin = _Answers(out)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setenv("COLUMNS", "80")
    status = main(["play", "--level", "random", "--fast", "--seed", str(seed)])
    monkeypatch.undo()
    text = out.getvalue()
    assert status == 0 and "Traceback" not in text
    assert stdin.withdrawn and "Vorbehalt zurückgenommen" in text


# ------------------------------------------------------------------ TSR 4.4.3: impossible summaries


def test_score_refuses_a_normalspiel_hochzeit_without_a_re_trick(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """TSR 4.4.3 a: the partner is the player who won the Klärungsstich, so Re has a trick."""
    with pytest.raises(ScoringInputError) as info:
        GameSummary("marriage", re_eyes=0, re_tricks=0)
    assert "TSR 4.4.3" in str(info.value) and "Klärungsstich" in info.value.text("de")
    assert GameSummary("marriage", re_eyes=0, re_tricks=1).re_tricks == 1  # four nines
    assert GameSummary("normal", re_eyes=0, re_tricks=0).re_tricks == 0  # a Normalspiel may
    for lang in ("de", "en"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(
            '{"contract": "marriage", "re_eyes": 0, "re_tricks": 0, "kontra_calls": "kontra"}'))
        assert main(["score", "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert "TSR 4.4.3" in err and err.count("\n") == 1


def test_sheet_refuses_a_karo_solo_hochzeit_without_tricks_1_to_3(tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """TSR 4.4.3 b: a Hochzeit becomes a Karo solo only when the Hochzeiter won tricks 1 to 3;
    with the Normalspiel case of 4.4.3 a, through the Round and ``doko sheet add``."""
    r = Round(["A", "B", "C", "D"])
    for tricks in (0, 2):
        with pytest.raises(RoundError) as info:
            r.add_summary({"contract": "solo", "re_eyes": 0 if tricks == 0 else 30,
                           "re_tricks": tricks}, [1], marriage_solo=True)
        assert "TSR 4.4.3" in str(info.value) and "1 bis 3" in info.value.text("de")
    assert r.games_played == 0
    row = r.add_summary({"contract": "solo", "re_eyes": 20, "re_tricks": 3}, [1],
                        marriage_solo=True)
    assert row.kind == "marriage_solo"
    f = tmp_path / "r.json"
    assert main(["sheet", "new", str(f), "--players", "A,B,C,D"]) == 0
    capsys.readouterr()
    before = f.read_bytes()
    for summary in ({"contract": "marriage", "re_eyes": 0, "re_tricks": 0, "re_players": [1, 2]},
                    {"contract": "solo", "re_eyes": 0, "re_tricks": 0, "re_players": [1],
                     "marriage_solo": True}):
        src = tmp_path / "game.json"
        src.write_text(json.dumps(summary), encoding="utf-8")
        assert main(["sheet", "add", str(f), str(src)]) == 2
        err = capsys.readouterr().err
        assert "TSR 4.4.3" in err and err.count("\n") == 1 and "Traceback" not in err
        assert f.read_bytes() == before


# ------------------------------------------------------------------ replay: the open Hochzeit


def _marriage_record() -> tuple[dict[str, Any], Game, int]:
    for seed in range(200):
        g = Game.deal(seed)
        h = _holds_both_queens(g)
        if h >= 0:
            break
    for _ in range(4):
        g.apply(encode(g.to_move, RESERVATION if g.to_move == h else HEALTHY))
    g.apply(encode(h, MARRIAGE))
    return to_record(g), g, h


def test_replay_json_keeps_an_open_hochzeit_open(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """TSR 4.4.3, 5.5.1: before the Klärungsstich only the Hochzeiter's party is known."""
    rec, g, h = _marriage_record()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    others = [s for s in range(4) if s != h]
    assert (obj["re"], obj["kontra"], obj["open"]) == ([h], [], others)
    # play on until the Klärungsstich: the parties are settled, nothing is open
    rng = random.Random(1)
    while not g.klaerung:
        g.apply(rng.choice(g.legal_plays()))
    path.write_text(json.dumps(to_record(g)), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["open"] == [] and sorted(obj["re"] + obj["kontra"]) == [0, 1, 2, 3]
    assert len(obj["re"]) == (1 if g.marriage_solo else 2)
