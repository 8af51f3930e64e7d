"""Nothing hidden in any error: what the engine tells a seat about its refused action.

The contract (``doko.engine.errors``): for an action of seat S, ``str(e)`` and ``e.text(lang)`` of
an
:class:`IllegalActionError` raised by ``Game.apply``/``verify`` name only cards S can see (its
hand, the cards played, the card the action names), so the terminal and the web server may show
them to S. A refused claim (TSR 5.4.4, 9.2.2) keeps its refuting line, taken from the hidden
hands, as open data (``e.refutation``) for post-game views only. Texts number the seats 1 to 4.
"""

from __future__ import annotations

import functools
import io
import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import event, given, settings

from conftest import Knobs, knobs, play, random_game, start_solo
from doko.cli import main
from doko.engine.actions import CLAIM, NO90, PLAY_BASE, describe, encode
from doko.engine.cards import card_code, card_name, card_symbol, hand_kinds
from doko.engine.errors import IllegalActionError, ReplayError
from doko.engine.game import Game
from doko.engine.record import replay, to_record
from doko.engine.texts import TEXTS
from doko.tui.app import GameTable, PlayOptions, Terminal

# The soloist (seat 0) holds only top plain cards; seat 1 holds all eight queens and only
# diamonds else: in a Damensolo seat 1 ruffs any lead with a queen, so a claim is refused and
# any line that refutes it names cards the soloist has never seen.
RUFF_HANDS = (
    "AC AC TC TC AS AS TS TS AH AH TH TH",
    "QC QC QS QS QH QH QD QD AD AD TD TD",
    None,
    None,
)

_SYMBOLS = {card_symbol(k, lang): k for k in range(24) for lang in ("en", "de")}
_SYMBOL_RE = re.compile(r"[♣♠♥♦](?:10|[9JQKADB])")
_CODE_RE = re.compile(r"\b(?:[9TJQKA]|10)[CSHD]\b")
_NAMES = {card_name(k, lang).lower(): k for k in range(24) for lang in ("en", "de")}
_NAME_RE = re.compile("|".join(re.escape(n) for n in sorted(_NAMES, key=len, reverse=True)))
_SEAT_RE = re.compile(r"\b(?:seats?|Platz)\s+(\d+)")
#: Every action code a seat can send: 0..42, and two of the codes no action has.
CODES = (*range(CLAIM + 1), CLAIM + 1, 63)


def cards_named(text: str) -> set[int]:
    """The card kinds ``text`` names: by symbol (♣Q, ♣D), code (QC) or name (queen of clubs,
    Kreuz-Dame), in English or German."""
    found = {_SYMBOLS[m] for m in _SYMBOL_RE.findall(text) if m in _SYMBOLS}
    for m in _CODE_RE.findall(text):
        found.add(next(k for k in range(24) if card_code(k) == m.replace("10", "T")))
    found.update(_NAMES[m] for m in _NAME_RE.findall(text.lower()))
    return found


@functools.cache
def _template_cards(key: str) -> set[int]:
    """Cards named by a message's fixed wording (the ♣Q of the Hochzeit rules, TSR 4.4.1):
    part of the rule, the same for every deal, so they tell nothing about the hands."""
    return cards_named(" ".join(TEXTS["error." + key]))


def seen_by(g: Game, seat: int) -> set[int]:
    """The card kinds ``seat`` can see: its own hand and every card played (TSR 5.5)."""
    seen = set(hand_kinds(g.hands[seat])) | set(g.trick)
    for _lead, played, _winner in g.tricks:
        seen.update(played)
    return seen


def check_private(g: Game, action: int, e: IllegalActionError,
                  seen: set[int] | None = None) -> None:
    """The texts of ``e`` (refusing ``action``) are fit to show to the acting seat (``seen``:
    what it can see, :func:`seen_by`)."""
    seat, code = action >> 6, action & 63
    allowed = (seen_by(g, seat) if seen is None else seen) | _template_cards(e.key)
    if code < 24:
        allowed.add(code)
    for lang in ("en", "de"):
        text = e.text(lang)
        hidden = cards_named(text) - allowed
        assert not hidden, (text, sorted(card_code(k) for k in hidden), g.history)
        assert not re.search(r"\d\s*:\s*[♣♠♥♦]", text), text  # no "seat:card" line
        for n in _SEAT_RE.findall(text):  # seats in words are 1..4: the actor or the one on turn
            assert int(n) in (seat + 1, g.to_move + 1), (text, seat, g.to_move)
        de, en = TEXTS["error." + e.key]
        if "{seat}" in (de if lang == "de" else en):
            assert f"{'Platz' if lang == 'de' else 'seat'} {seat + 1}" in text, (text, seat)
    assert str(e) == e.text("en")
    assert e.seat in (None, seat)  # the attribute stays 0-based


def _claim_error(g: Game, seat: int) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        g.apply(encode(seat, CLAIM))
    return info.value


def _assert_real_refutation(g: Game, e: IllegalActionError) -> None:
    """``e.refutation`` is a line of play (or its end) from the actual hands: each card is
    still in the hand of the seat that plays it. (Late in a trick it may hold the soloist's
    last card alone.)"""
    line = e.refutation
    assert line
    held = [list(hand_kinds(g.hands[s])) for s in range(4)]
    for s, k in line:
        assert k in held[s], (s, card_code(k))
        held[s].remove(k)


# -- the refused claim, as the soloist sees it (TSR 5.4.4, 9.2.2) -------------------------------


@pytest.mark.parametrize("lead", ["", "AD"])
def test_tsr_5_4_4_refused_claim_names_no_hidden_card(lead: str) -> None:
    """TSR 5.4.4, 9.2.2: the soloist's claim is refused because seat 1 can ruff; the refusal
    shown to the soloist names no card of another hand (nor any "seat:card" line), in English
    and German, still cites TSR 5.4.4; the refuting line is kept as open data on the error."""
    if lead:  # a Lustsolo: seat 1 leads and has played ♦A, which the soloist has now seen
        g = start_solo(*RUFF_HANDS, soloist=0, solo="queens", dealer=0)
        play(g, lead)
    else:  # a Pflichtsolo: the soloist leads trick 1
        g = start_solo(*RUFF_HANDS, soloist=0, solo="queens", pflicht=True)
    e = _claim_error(g, 0)
    assert e.key == "claim_refused" and e.rule == "5.4.4" and e.seat == 0
    own = set(hand_kinds(g.hands[0])) | set(g.trick)
    for lang in ("en", "de"):
        text = e.text(lang)
        assert "TSR 5.4.4" in text and "9.2.2" in text
        assert not cards_named(text) - own, text
        assert not re.search(r"\d\s*:", text), text
    assert str(e) == ("claim refused: the soloist does not necessarily take every remaining "
                      "trick (TSR 5.4.4, 9.2.2)")
    assert e.text("de") == ("Abkürzen abgelehnt: der Solospieler macht nicht zwangsläufig alle "
                            "restlichen Stiche (TSR 5.4.4, 9.2.2)")
    check_private(g, encode(0, CLAIM), e)
    _assert_real_refutation(g, e)
    assert e.refutation is not None
    assert any(s != 0 for s, _k in e.refutation)  # a card of another hand beats the soloist
    # the open detail names the hidden cards: post-game views only
    detail = e.open_detail("en")
    assert detail is not None and detail.startswith("e.g. seat ")
    assert cards_named(detail) - own
    assert (e.open_detail("de") or "").startswith("z. B. Platz ")


def test_tsr_5_4_4_only_a_refused_claim_has_a_refutation() -> None:
    """TSR 5.4.3: a claim by a seat that is not the soloist is refused without open data."""
    g = start_solo(*RUFF_HANDS, soloist=0, solo="queens", pflicht=True)
    e = _claim_error(g, 1)
    assert e.key == "not_soloist" and e.refutation is None and e.open_detail() is None
    check_private(g, encode(1, CLAIM), e)


# -- the terminal ----------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "word"), [("de", "abkürzen"), ("en", "claim")])
def test_tsr_5_4_4_terminal_shows_no_hidden_card_for_a_refused_claim(
    monkeypatch: pytest.MonkeyPatch, lang: str, word: str
) -> None:
    """TSR 5.4.4, 9.2.2: ``doko play``: the soloist types a claim that is refused; what the
    terminal says names no card the soloist cannot see, and the game is unchanged."""
    g = start_solo(*RUFF_HANDS, soloist=0, solo="queens", pflicht=True)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    table = GameTable(Terminal(lang, fast=True), g, 0, [None] * 4,
                      ["Du", "Anna", "Bert", "Clara"], PlayOptions(level="random", lang=lang,
                                                                  fast=True), title="Test")
    history = list(g.history)
    table._handle(word)
    assert g.history == history
    said = " ".join(out.getvalue().split())
    assert ("Abkürzen abgelehnt" if lang == "de" else "claim refused") in said
    assert "TSR 5.4.4" in said
    assert not cards_named(said) - seen_by(g, 0), said
    assert not re.search(r"\d\s*:\s*[♣♠♥♦]", said), said


# -- every refusal at random states (TSR 5.5: what a seat may know) ----------------------------


@settings(max_examples=30, deadline=None)
@given(knobs())
def test_tsr_5_5_no_refusal_names_a_hidden_card(kn: Knobs) -> None:
    """At random states of random games, every action code each seat could send (cards it
    does not hold, calls, claims, concessions, namings) that is refused gets texts (English and
    German) naming only cards that seat can see or the action names, and seats as 1..4
    (TSR 5.4.4, 5.4.6, 5.2, 4.4.1, 6.2 to 6.4 among the rules broken)."""

    def visit(g: Game) -> None:
        for seat in range(4):
            seen = seen_by(g, seat)
            for code in CODES:
                a = encode(seat, code)
                try:
                    g.verify(a)
                except IllegalActionError as e:
                    check_private(g, a, e, seen)
                    event(f"refused: {e.key}")
                    if e.key == "claim_refused":
                        _assert_real_refutation(g, e)
                    else:
                        assert e.refutation is None

    random_game(kn, visit)


# -- post-game views and seats in words ------------------------------------------------------


def _refused_claim_record() -> dict[str, object]:
    g = start_solo(*RUFF_HANDS, soloist=0, solo="queens", pflicht=True)
    rec = to_record(g)
    actions = rec["actions"]
    assert isinstance(actions, list)
    actions.append({"seat": 0, "action": "claim"})
    return rec


def test_tsr_9_2_2_replay_shows_the_refuting_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TSR 5.4.4, 9.2.2: ``doko replay`` shows every hand, so it may name the line refuting a
    claim (the open detail), with seats 1..4; the record keeps its 0-based seats."""
    rec = _refused_claim_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    for lang, start in (("en", "e.g. seat "), ("de", "z. B. Platz ")):
        assert main(["replay", str(path), "--lang", lang]) == 1
        _out, err = capsys.readouterr()
        assert "TSR 5.4.4" in err and start in err, err
        assert not re.search(r"\b(?:seat|Platz) 0\b", err), err
    assert main(["replay", str(path), "--json"]) == 1
    obj = json.loads(capsys.readouterr().out)
    assert obj["seat"] == 0 and "z. B. Platz " in obj["error"]
    with pytest.raises(ReplayError) as info:
        replay(rec)
    assert str(info.value).startswith(f"action {info.value.index} (seat 1): claim refused")
    assert info.value.seat == 0 and info.value.error.refutation is not None


def test_seats_in_words_are_1_to_4() -> None:
    """Texts number the seats 1 to 4; actions and the error's ``seat`` stay 0..3."""
    assert describe(encode(1, NO90)) == "Platz 2: keine 90"
    assert describe(encode(3, NO90), "en") == "seat 4: keine 90"
    e = IllegalActionError("not_your_turn", "5.2.1", 0, to_move=3, action=PLAY_BASE)
    assert e.seat == 0 and e.params["seat"] == 0 and e.params["to_move"] == 3
    assert str(e) == "seat 1 is not on turn: seat 4 must play a card (TSR 5.2.1)"
    assert e.text("de") == "Platz 1 ist nicht an der Reihe: Platz 4 muss eine Karte spielen " \
        "(TSR 5.2.1)"
