"""The shared vocabulary (doko.engine.vocab, doko.engine.actions): one encoding of actions, one set
of enums
with the names of the record format, and no action bit arithmetic outside doko.engine.actions."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from doko.bots.random_player import RandomPolicy
from doko.engine import actions, contracts, game, scoring
from doko.engine.actions import (
    ACTIONS,
    CALL_CODES,
    CALL_NAMES,
    CODE_OF,
    GENSCHER_CODES,
    NUM_CODES,
    PICTURE_SOLO_LAST,
    PIG_CODES,
    SEAT_OF,
    WITHDRAW,
    ActionFormatError,
    call_code_for,
    call_level,
    code_of,
    code_text,
    encode,
    from_dict,
    seat_of,
    to_dict,
)
from doko.engine.game import Game
from doko.engine.view import view
from doko.engine.vocab import CallLevel, Contract, Party, Phase

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "doko"
DOCS = ROOT / "docs"

#: Bit arithmetic on actions: the seat field (``>> 6``, ``<< 6``) and the code (``& 63``).
#: Card masks shift by other amounts (``h >> k & 1``, ``1 << (k + 24)``) and are not matched.
ACTION_BITS = re.compile(r"(>>|<<)\s*6\b|&\s*63\b")
#: The module that owns the encoding.
ALLOWED = {SRC / "engine" / "actions.py"}
SKIPPED_DIRS: set[Path] = set()


def test_no_action_bit_arithmetic_outside_actions() -> None:
    hits = []
    for path in sorted(SRC.rglob("*.py")):
        if path in ALLOWED or any(d in path.parents for d in SKIPPED_DIRS):
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ACTION_BITS.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()}")
    assert not hits, "use encode/seat_of/code_of or ACTIONS/SEAT_OF/CODE_OF:\n" + "\n".join(hits)


def test_the_scan_finds_action_arithmetic_but_not_card_masks() -> None:
    for line in ("s = a >> 6", "c = a & 63", "a = seat << 6 | code", "x = a>>6", "a &63"):
        assert ACTION_BITS.search(line), line
    for line in ("h >> k & 1", "h ^ 1 << (code + 24)", "1 << 62", "m & 4095", "h >> 24",
                 "x & 0x3F_FFFF", "y << 60", "a & 630"):
        assert not ACTION_BITS.search(line), line


def test_encoding_round_trips_over_every_action() -> None:
    # 0..43, the pig announcements 48..50, the Genscher 51..53, the picture solos 54..58
    # (house rules)
    assert NUM_CODES == max(WITHDRAW, *PIG_CODES, *GENSCHER_CODES, PICTURE_SOLO_LAST) + 1 == 59
    seen = set()
    unused = set()
    for seat in range(4):
        for code in range(NUM_CODES):
            a = encode(seat, code)
            assert seat_of(a) == seat and code_of(a) == code
            assert SEAT_OF[a] == seat and CODE_OF[a] == code
            assert ACTIONS[seat][code] == a
            try:
                record = to_dict(a)
            except ActionFormatError:
                unused.add(code)
                continue
            assert from_dict(record) == a
            seen.add(a)
    # every code below NUM_CODES is an action (the house rules of issue 21 use 44..58)
    assert unused == set()
    assert len(seen) == 4 * (NUM_CODES - len(unused))
    assert len(SEAT_OF) == len(CODE_OF) == 256


def test_engine_actions_come_from_the_tables() -> None:
    """Every action the engine lists is the ACTIONS entry of its seat and code."""
    for seed in range(30):
        g = Game.deal(seed)
        policy = RandomPolicy(seed, p_reservation=0.3, p_call=0.2)
        while not g.is_over:
            for a in g.legal_actions():
                assert ACTIONS[SEAT_OF[a]][CODE_OF[a]] == a
            g.apply(policy.choose(g))
        for a in g.history:
            assert 0 <= a < 256


def test_party_names_match_records_and_scoring() -> None:
    assert [p.record_name for p in Party] == ["re", "kontra"]
    assert [p.label for p in Party] == ["Re", "Kontra"]
    assert Party.RE.other is Party.KONTRA and Party.KONTRA.other is Party.RE
    assert (scoring.RE, scoring.KONTRA) == ("re", "kontra")
    assert tuple(p.record_name for p in Party) == scoring.PARTIES
    for p in Party:
        assert Party.from_record_name(p.record_name) is p
    with pytest.raises(ValueError):
        Party.from_record_name("Re")


def test_phase_names_match_the_view_json() -> None:
    assert [p.record_name for p in Phase] == ["query", "naming", "play", "finished"]
    for p in Phase:
        assert Phase.from_record_name(p.record_name) is p
    g = Game.deal(4)
    assert view(g, 0).to_json()["phase"] == "query"


def test_contract_names_match_the_record_format() -> None:
    doc = (DOCS / "record-format.md").read_text(encoding="utf-8")
    solos = [c.solo_name for c in Contract if c.is_solo]
    assert solos == ["diamonds", "hearts", "spades", "clubs", "queens", "jacks", "meatless",
                     # the picture solos (house rules, docs/rules.md "Weitere Soli")
                     "kings", "queens_jacks", "kings_queens", "kings_jacks", "koehler"]
    assert list(contracts.SOLO_NAMES) == solos
    for name in solos:
        assert f"`{name}`" in doc
    assert [c.record_name for c in Contract] == [
        "normal", "marriage", "silent_marriage", *(f"solo_{n}" for n in solos)]
    assert tuple(c.record_name for c in Contract) == contracts.CONTRACT_NAMES
    assert contracts.CONTRACT_NAMES_DE[Contract.SOLO_QUEENS] == "Damensolo"
    assert Contract.SOLO_JACKS.label("en") == "jacks solo (Bubensolo)"
    for c in Contract:
        assert Contract.from_record_name(c.record_name) is c
    assert Contract.from_solo_name("meatless") is Contract.SOLO_MEATLESS
    with pytest.raises(ValueError):
        _ = Contract.NORMAL.solo_name
    assert scoring.CONTRACTS == ("normal", "marriage", "armut", "silent_marriage", "solo")


def test_call_names_match_the_record_format() -> None:
    doc = (DOCS / "record-format.md").read_text(encoding="utf-8")
    assert CALL_NAMES == ("re", "kontra", "no90", "no60", "no30", "black")
    for name in CALL_NAMES:
        assert f"`{name}`" in doc
    assert [lv.call_name(Party.RE) for lv in CallLevel] == ["re", "no90", "no60", "no30", "black"]
    assert CallLevel.RE_KONTRA.call_name(Party.KONTRA) == "kontra"
    assert [lv.label() for lv in CallLevel] == [
        "Re/Kontra", "keine 90", "keine 60", "keine 30", "schwarz"]
    assert scoring.CALL_NAMES_RE == (None, "re", "no90", "no60", "no30", "black")
    assert scoring.CALL_NAMES_KONTRA == (None, "kontra", "no90", "no60", "no30", "black")
    for party in Party:
        for lv in CallLevel:
            assert CallLevel.from_call_name(lv.call_name(party), party) is lv
            code = call_code_for(lv, party is Party.RE)
            assert call_level(code) is lv
            assert CALL_NAMES[code - CALL_CODES[0]] == lv.call_name(party)
            assert code_text(code) == lv.label(party)
    with pytest.raises(ValueError):
        CallLevel.from_call_name("kontra", Party.RE)
    with pytest.raises(ValueError):
        call_level(24)


def test_old_constants_are_the_enum_members() -> None:
    assert game.RE is Party.RE and game.KONTRA is Party.KONTRA
    assert tuple(Phase) == (game.QUERY, game.NAMING, game.PLAY, game.FINISHED)
    assert all(isinstance(p, Phase) for p in (game.QUERY, game.NAMING, game.PLAY, game.FINISHED))
    assert contracts.NORMAL is Contract.NORMAL and contracts.MARRIAGE is Contract.MARRIAGE
    assert tuple(c for c in Contract if c.is_solo) == contracts.SOLO_CONTRACTS
    assert scoring.BLACK is CallLevel.BLACK
    for gone in ("PHASE_NAMES", "PARTY_NAMES", "PARTY_LABELS", "LEVEL_LABELS"):
        assert not hasattr(game, gone), gone
    assert not hasattr(actions, "LEVEL_NAMES_DE")


def test_engine_and_view_carry_the_enums() -> None:
    for seed in range(40):
        g = Game.deal(seed)
        policy = RandomPolicy(seed, p_reservation=0.2, p_call=0.3)
        while not g.is_over:
            assert isinstance(g.phase, Phase)
            g.apply(policy.choose(g))
        assert g.phase is Phase.FINISHED and isinstance(g.contract, Contract)
        for _seat, party, level, _held in g.calls:
            assert isinstance(party, Party) and isinstance(level, CallLevel)
        v = view(g, 0)
        assert v.phase is Phase.FINISHED
        assert all(p is None or isinstance(p, Party) for p in v.parties)
        for _s, party, level in v.calls:
            assert isinstance(party, Party) and isinstance(level, CallLevel)
        data = v.to_json()
        assert json.loads(json.dumps(data)) == data
        assert all(p in (None, "re", "kontra") for p in data["parties"])
        assert all(c["party"] in ("re", "kontra") and type(c["level"]) is int
                   for c in data["calls"])
