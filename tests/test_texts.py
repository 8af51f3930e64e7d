"""The text catalogue (doko.engine.texts): complete in both languages, the same parameters in
both, no English in the German texts, and the German fixes in the output that uses it."""

from __future__ import annotations

import ast
import contextlib
import json
import re
import string
from pathlib import Path

import pytest

from doko.cli import main
from doko.engine.scoring import GameSummary, ScoringInputError
from doko.engine.texts import LANGS, TEXTS, text
from doko.session import Round, RoundError, RoundFileError

#: English words that, inside a German text, signal an English leak.
LEAK_WORDS = (" the ", " must ", " not ", " no set ")


def _params(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_languages() -> None:
    assert LANGS == ("de", "en")


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_both_languages_non_empty(key: str) -> None:
    de, en = TEXTS[key]
    assert de.strip() and en.strip(), key


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_same_params_in_both_languages(key: str) -> None:
    de, en = TEXTS[key]
    assert _params(de) == _params(en), key


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_no_english_in_german(key: str) -> None:
    de = " " + TEXTS[key][0].lower() + " "
    for word in LEAK_WORDS:
        assert word not in de, (key, word)


def test_lookup() -> None:
    assert text("tui.trick_to", n=3, name="Anna", eyes=25) == "Stich 3 → Anna (25 Augen)"
    assert text("tui.trick_to", "de", n=3, name="Anna", eyes=25) == "Stich 3 → Anna (25 Augen)"
    assert text("tui.trick_to", "en", n=3, name="Anna", eyes=25) == "Trick 3 → Anna (25 Augen)"
    assert text("sheet.title") == "Spielliste"


def test_unknown_key_is_named() -> None:
    with pytest.raises(KeyError, match=r"no\.such\.key"):
        text("no.such.key")


def test_keys_are_dotted_names() -> None:
    for key in TEXTS:
        assert re.fullmatch(r"[a-z_]+(\.[a-z_]+)*\.[a-z0-9_]+", key), key


# ------------------------------------------------------------------ the fixed German phrases


def _all_german() -> str:
    return "\n".join(de for de, _ in TEXTS.values())


def test_no_wrong_forms_in_german() -> None:
    german = _all_german()
    assert "Du muss " not in german and "du muss " not in german
    assert "{name} muss im nächsten Spiel sein Pflichtsolo" not in german
    assert "{seat} muss sein Pflichtsolo" not in german


def test_vorfuehrung_status_is_neutral() -> None:
    for name in ("Du", "Dora", "Anna"):
        line = text("sheet.vorf_now", name=name)
        assert line == f"Vorführung fällig: Pflichtsolo im nächsten Spiel – {name} (TSR 4.2.3)"
    assert (text("cli.replay.vorf_line", seat="Platz 2")
            == "Vorführung: Platz 2 muss das Pflichtsolo spielen (TSR 4.2.3)")


def test_scoring_input_error_in_german() -> None:
    with pytest.raises(ScoringInputError) as info:
        GameSummary.from_json({"contract": "normal", "re_eyes": 1})
    e = info.value
    assert str(e) == "re_eyes: no set of cards holds 1 Augen"
    assert e.text("en") == str(e)
    assert e.text("de") == "re_eyes: keine Auswahl von Karten hat genau 1 Augen"
    assert e.text() == e.text("de")


def test_scoring_input_error_why_in_german() -> None:
    with pytest.raises(ScoringInputError) as info:
        GameSummary.from_json({"contract": "normal", "re_eyes": 120,
                               "extras": {"re": {"fox": 2}, "kontra": {"fox": 1}}})
    assert info.value.text("de") == (
        "extras.re.fox + extras.kontra.fox: zusammen 3, höchstens 2 (es gibt zwei ♦A)")
    assert str(info.value) == (
        "extras.re.fox + extras.kontra.fox: 3 in all, at most 2 (there are two ♦A)")


@pytest.mark.parametrize("summary", [
    {"contract": "normal", "re_eyes": 1},
    {"contract": "normal", "re_eyes": 241},
    {"contract": "ramsch", "re_eyes": 120},
    [1, 2],
])
def test_score_cli_prints_german_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        summary: object) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(summary), encoding="utf-8")
    assert main(["score", "--lang", "de", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("doko score: Fehler: "), err
    for word in (*LEAK_WORDS, " no ", " is ", " expected ", "error"):
        assert word not in err, (word, err)


def test_score_cli_german_no_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"contract": "normal", "re_eyes": 1}', encoding="utf-8")
    assert main(["score", "--lang", "de", str(path)]) == 2
    assert capsys.readouterr().err == (
        "doko score: Fehler: re_eyes: keine Auswahl von Karten hat genau 1 Augen\n")
    assert main(["score", "--lang", "en", str(path)]) == 2
    assert capsys.readouterr().err == (
        "doko score: error: re_eyes: no set of cards holds 1 Augen\n")


def test_sheet_cli_prints_german_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["sheet", "new", "r.json", "--players", "A,B,C,D"]) == 0
    Path("s.json").write_text('{"contract": "normal", "re_eyes": 1, "re_players": [1, 2]}',
                              encoding="utf-8")
    capsys.readouterr()
    assert main(["sheet", "add", "r.json", "s.json"]) == 2
    assert capsys.readouterr().err == (
        "doko sheet: Fehler: re_eyes: keine Auswahl von Karten hat genau 1 Augen\n")
    assert main(["sheet", "add", "--lang", "en", "r.json", "s.json"]) == 2
    assert capsys.readouterr().err == "doko sheet: error: re_eyes: no set of cards holds 1 Augen\n"


# ------------------------------------------------------- no words outside the catalogue (issue 14)

_SRC = Path(__file__).resolve().parent.parent / "src" / "doko"

#: Modules whose user-facing words all come from the catalogue. (``cli/bench.py`` and
#: ``cli/solve.py`` take theirs from it too; ``cli/serve.py`` and ``cli/admin.py`` are the
#: operator's tools, English only, without ``--lang``; ``tui/parse.py`` holds the words a player
#: may type, in both languages.)
CATALOGUED = (
    "session/round.py",
    "engine/cards.py",
    "engine/claims.py",
    "tui/app.py",
    "tui/render.py",
    "tui/texts.py",
    "cli/play.py",
    "cli/score.py",
    "cli/replay.py",
    "cli/sheet.py",
    "cli/simulate.py",
    "cli/arena.py",
    "engine/scoring.py",
    "engine/native_scoring.py",
    "engine/record.py",
    "engine/rules.py",
    "engine/actions.py",
    "engine/errors.py",
    "session/files.py",
    "rl/render.py",
)

#: Words of a German or English phrase (a literal with a space in it).
_PHRASE_WORDS = frozenset({
    "nicht", "muss", "müssen", "ist", "sind", "hat", "haben", "kein", "keine", "keinen", "oder",
    "und", "der", "die", "das", "ein", "eine", "einen", "Spiel", "Spiele", "Spieler", "Platz",
    "Strafe", "Fehler", "Summe", "Runde", "Geber", "Solist", "Stich", "Stiche", "Karte", "Karten",
    "the", "must", "not", "is", "are", "has", "have", "cannot", "can", "no", "of", "and", "or",
    "to", "error", "seat", "seats", "player", "players", "game", "games", "only", "got", "trick",
    "tricks", "card", "cards",
})

#: Words that are a label on their own (never an identifier or a JSON name in these modules).
_LABEL_WORDS = frozenset({
    "Platz", "Spiel", "Strafe", "Fehler", "Kreuz", "Pik", "Herz", "Karo", "Neun", "Bube", "Dame",
    "König", "Zehn", "Ass", "Hochzeit", "Pflichtsolo", "Lustsolo", "Vorführung", "Solo", "karo",
    "herz", "pik", "kreuz", "damen", "buben", "fleischlos", "hochzeit", "passe", "Clubs", "Spades",
    "Hearts", "Diamonds",
})

#: Literals allowed where they are.
_ALLOWED = {
    # Score.seat_scores refuses seats that do not fit the game: a caller's mistake, English like
    # a TypeError's message (no front end lets a player pick the parties' seats this way)
    "engine/scoring.py": ["bad seats: re_seats=", " Re and ", " Kontra seats, got re_seats="],
    # call_level refuses a code that is not a call: a caller's mistake (no record or front end
    # passes one), English like a TypeError's message
    "engine/actions.py": ["not a call code: "],
}

#: Keywords whose strings are developer-facing (argparse help) and may stay English.
_HELP_KEYWORDS = frozenset({"help", "description", "metavar", "prog", "epilog"})
#: Exceptions whose messages are for programmers (or argparse's own English framing).
_DEV_ERRORS = frozenset({"TypeError", "ArgumentTypeError", "AssertionError"})


def _exempt_nodes(tree: ast.AST) -> set[int]:
    """The ids of string constants that may hold words: docstrings, argparse help texts and the
    messages of programmer errors."""
    out: set[int] = set()

    def mark(node: ast.AST) -> None:
        out.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Constant))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                mark(body[0])
        elif isinstance(node, ast.keyword) and node.arg in _HELP_KEYWORDS:
            mark(node.value)
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in _DEV_ERRORS:
                mark(node.exc)
    return out


def word_leaks(source: str) -> list[str]:
    """The string literals of ``source`` that look like German or English text for a user."""
    tree = ast.parse(source)
    exempt = _exempt_nodes(tree)
    leaks = []
    for node in ast.walk(tree):
        if (not isinstance(node, ast.Constant) or not isinstance(node.value, str)
                or id(node) in exempt):
            continue
        value = node.value
        words = re.findall(r"[A-Za-zÄÖÜäöüß]+", value)
        if len(value.split()) > 1:
            if any(w in _PHRASE_WORDS for w in words):
                leaks.append(value)
        elif value.strip() in _LABEL_WORDS:
            leaks.append(value)
    return leaks


def test_word_leaks_finds_texts() -> None:
    """The scan itself: it finds phrases and labels in both languages, and leaves docstrings,
    help texts, programmer errors, identifiers and styles alone."""
    assert word_leaks('x = "der Spieler ist dran"') == ["der Spieler ist dran"]
    assert word_leaks('x = f"the seat {n} must play"') == ["the seat ", " must play"]
    assert word_leaks('x = f"{n} must play"') == [" must play"]
    assert word_leaks('who = "Platz" if de else "seat"') == ["Platz"]
    assert word_leaks('x = ("Kreuz", "Pik")') == ["Kreuz", "Pik"]
    assert word_leaks('"""Der Spieler ist dran."""\ndef f() -> None:\n    """The doc."""\n') == []
    assert word_leaks('p.add_argument("--x", help="the number of games")') == []
    assert word_leaks('raise TypeError("rules must be a Rules value")') == []
    assert word_leaks('x = {"type": "game", "players": [], "soloist": None}') == []
    assert word_leaks('t = Text("x", style="bold reverse")') == []


@pytest.mark.parametrize("module", CATALOGUED)
def test_no_words_outside_the_catalogue(module: str) -> None:
    """Issue 14: these modules show no German or English word that is not from the catalogue
    (doko.engine.texts)."""
    source = (_SRC / module).read_text(encoding="utf-8")
    assert word_leaks(source) == _ALLOWED.get(module, []), module


# ------------------------------------------- scoring's line items: texts only in the catalogue

_NATIVE_SRC = _SRC.parent.parent / "native" / "src"
#: The sources of both scorers and their binding: no line item text may be written in them.
SCORING_SOURCES = (
    _SRC / "engine" / "scoring.py",
    _SRC / "engine" / "native_scoring.py",
    _NATIVE_SRC / "scoring.rs",
    _NATIVE_SRC / "py_scoring.rs",
)
ITEM_KEYS = sorted(key for key in TEXTS if key.startswith("score.item."))


def item_phrases() -> set[str]:
    """The words of every line item text (``score.item.*``), German and English: the literal
    pieces between the parameters, without the quotes and brackets around them."""
    phrases = set()
    for key in ITEM_KEYS:
        for template in TEXTS[key]:
            for literal, _, _, _ in string.Formatter().parse(template):
                piece = literal.strip(" „“():")
                if len(piece) >= 3:
                    phrases.add(piece)
    return phrases


def python_strings(source: str) -> list[str]:
    """The string literals of Python ``source`` (f-string pieces too), docstrings left out."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


#: A Rust comment, char literal or string literal (raw strings are not used in these files).
_RUST_TOKEN = re.compile(r"//[^\n]*|/\*.*?\*/|'(?:[^'\\\n]|\\.)'|\"((?:[^\"\\]|\\.)*)\"", re.S)


def rust_strings(source: str) -> list[str]:
    """The string literals of Rust ``source`` (format strings too), comments left out."""
    return [m.group(1) for m in _RUST_TOKEN.finditer(source) if m.group(1) is not None]


#: Literals that name a line item's text: its key, or (in the Python scorer) the key's last part.
_ITEM_NAMES = frozenset(ITEM_KEYS) | {key.removeprefix("score.item.") for key in ITEM_KEYS}


def item_text_leaks(path: Path) -> list[tuple[str, str]]:
    """(phrase, literal) for each string literal of the source at ``path`` that holds a piece
    of a line item's text as words of its own (a key naming the text is no leak)."""
    source = path.read_text(encoding="utf-8")
    literals = python_strings(source) if path.suffix == ".py" else rust_strings(source)
    patterns = [(phrase, re.compile(rf"(?<![\wäöüß]){re.escape(phrase)}(?![\wäöüß])"))
                for phrase in sorted(item_phrases())]
    return [(phrase, lit) for lit in literals if lit not in _ITEM_NAMES
            for phrase, pattern in patterns if pattern.search(lit)]


def test_item_phrases() -> None:
    phrases = item_phrases()
    assert {"gewonnen", "won", "unter", "gespielt", "opponents under", "angesagt", "announced",
            "abgesagt von", "called", "Augen gegen", "erreicht", "Fuchs gefangen",
            "Karlchen macht den letzten Stich", "announced: value doubled"} <= phrases


def test_item_text_scan_finds_written_texts(tmp_path: Path) -> None:
    """The scan itself: it finds item texts written as they were before issue 15, in Python and
    in Rust, and leaves docstrings and comments alone."""
    py = tmp_path / "old.py"
    py.write_text('"""Items: \'gewonnen\'."""\n'
                  'add(p, 1, "7.2.2 (a)", f"unter {limit} gespielt", f"opponents under {limit}")\n',
                  encoding="utf-8")
    assert item_text_leaks(py) == [("unter", "unter "), ("gespielt", " gespielt"),
                                   ("opponents under", "opponents under ")]
    rs = tmp_path / "old.rs"
    rs.write_text('/// "gewonnen" (TSR 7.2.2 (a)).\n'
                  "let c = '\"'; // a quote: \"won\"\n"
                  'Reason::Won => "gewonnen".to_string(),\n'
                  'Reason::Fox => format!("Fuchs gefangen {}", p.label()), /* "won" */\n',
                  encoding="utf-8")
    assert item_text_leaks(rs) == [("gewonnen", "gewonnen"),
                                   ("Fuchs gefangen", "Fuchs gefangen {}")]


@pytest.mark.parametrize("path", SCORING_SOURCES, ids=lambda p: p.name)
def test_no_item_text_outside_the_catalogue(path: Path) -> None:
    """Issues 14 and 15: the line items' German and English texts are written only in the
    catalogue; both scorers name a ``score.item.*`` key and its parameters."""
    assert item_text_leaks(path) == [], path


@pytest.mark.parametrize("key", ITEM_KEYS)
def test_item_keys_named_by_both_scorers(key: str) -> None:
    """Each line item text is one both backends can give: the Rust core names its key, the
    Python scorer its last part (``add(..., "won")``)."""
    assert f'"{key}"' in (_NATIVE_SRC / "scoring.rs").read_text(encoding="utf-8")
    short = key.removeprefix("score.item.")
    assert f'"{short}"' in (_SRC / "engine" / "scoring.py").read_text(encoding="utf-8")


# ------------------------------------------------------------------ the round's refusals


def test_round_keys_are_used() -> None:
    """Every ``round.*`` text is one the round can show (no dead keys)."""
    source = (_SRC / "session/round.py").read_text(encoding="utf-8")
    for key in TEXTS:
        if key.startswith("round."):
            short = key.removeprefix("round.")
            assert f'"{short}"' in source or f'"{key}"' in source, key


def test_round_texts_name_no_player_as_subject() -> None:
    """A player's name is never the subject of a German verb: the terminal names the human
    "Du", and "Du hat", "Du gibt" are wrong ("Du muss ... sein Pflichtsolo", issue 14)."""
    for key, (de, _) in TEXTS.items():
        if key.startswith("round."):
            assert not re.search(r"\{name\} [a-zäöü]", de), key


def test_round_error_in_both_languages() -> None:
    with pytest.raises(RoundError) as info:
        Round(["A", "B", "C"])
    e = info.value
    assert e.key == "players_count" and e.params == {"n": 3} and e.rule == "2.1.1, 10"
    assert str(e) == "a table has 4 or 5 players, not 3 (TSR 2.1.1, 10)"
    assert e.text("de") == "ein Tisch hat 4 oder 5 Mitspieler, nicht 3 (TSR 2.1.1, 10)"


def test_round_error_vorfuehrung_for_the_human() -> None:
    """TSR 4.2.3: with four games left and four Pflichtsoli owed, the first player on the
    dealer's left is vorgeführt; the terminal's human is called "Du"."""
    r = Round(["Anna", "Du", "Clara", "Dirk"], games=4)
    with pytest.raises(RoundError) as info:
        r.add_summary({"contract": "normal", "re_eyes": 151}, re_players=[0, 2])
    assert info.value.text("de") == (
        "eine Vorführung ist fällig: Pflichtsolo in diesem Spiel – Du (TSR 4.2.3)")
    assert str(info.value) == "a Vorführung is due: Pflichtsolo in this game – Du (TSR 4.2.3)"


def test_round_file_error_nests_the_german_text() -> None:
    """A bad entry in a round file is named in German with the German reason inside."""
    obj = {"format": "doko-round/1", "players": ["A", "B", "C", "D"], "games": None,
           "entries": [{"type": "summary", "summary": {"contract": "normal", "re_eyes": 1},
                        "re_players": [0, 1]}]}
    with pytest.raises(RoundFileError) as info:
        Round.from_json(obj)
    assert str(info.value) == "entry 1: bad game summary: re_eyes: no set of cards holds 1 Augen"
    assert info.value.text("de") == ("Eintrag 1: fehlerhafte Spielzusammenfassung: re_eyes: "
                                     "keine Auswahl von Karten hat genau 1 Augen")


# ------------------------------------------------- issue 17: every message, in both languages

#: Calls whose first text argument names a catalogue key: function name -> (argument index,
#: prefix of the key).
_KEY_CALLS = {
    "text": (0, ""), "_text": (0, ""), "catalogue_text": (0, ""), "tr": (1, "tui."),
    "of": (0, "round."), "IllegalActionError": (0, "error."), "RecordError": (0, "record."),
    "type_error": (0, "cli.args."),
}


def _constants(node: ast.AST) -> list[str]:
    """The string constants an argument can be: a literal, or either side of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    return []


def used_keys(source: str) -> set[str]:
    """The catalogue keys that ``source`` names in calls: ``text("k")``, ``tr(lang, "k")``
    (``tui.k``), ``RoundError.of("k")`` (``round.k``), ``IllegalActionError("k")``
    (``error.k``), ``RecordError("k")`` (``record.k``), ``type_error("k")`` (``cli.args.k``),
    and ``t("k")`` of a ``t = texts_of("prefix", lang)`` (``prefix.k``)."""
    tree = ast.parse(source)
    prefixes = {c.args[0].value for c in ast.walk(tree) if isinstance(c, ast.Call)
                and getattr(c.func, "id", None) == "texts_of" and c.args
                and isinstance(c.args[0], ast.Constant) and isinstance(c.args[0].value, str)}
    keys: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "t" and node.args and len(prefixes) == 1:
            keys.update(f"{next(iter(prefixes))}.{k}" for k in _constants(node.args[0]))
        elif name in _KEY_CALLS:
            index, prefix = _KEY_CALLS[name]
            if name == "of" and not (isinstance(func, ast.Attribute)
                                     and getattr(func.value, "id", "").endswith("Error")):
                continue
            if name != "of" and not isinstance(func, ast.Name):  # e.text("en") is a method
                continue
            if len(node.args) > index:
                keys.update(prefix + k for k in _constants(node.args[index]))
    return keys


def test_used_keys_finds_the_calls() -> None:
    src = ('text("a.b", lang)\ntr(lang, "x" if y else "z")\nRoundError.of("k", "1")\n'
           't = texts_of("cli.replay", lang)\nt("seat", s=1)\nIllegalActionError("phase")\n'
           'f.of("not_a_key")\ne.text("en")\n')
    assert used_keys(src) == {"a.b", "tui.x", "tui.z", "round.k", "cli.replay.seat",
                              "error.phase"}


@pytest.mark.parametrize("path", sorted(_SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(_SRC)))
def test_every_key_used_is_in_the_catalogue(path: Path) -> None:
    """Issue 17: every message doko shows is in the catalogue in both languages (a key named in
    the code that is missing would raise, or show a fallback, at the worst moment)."""
    missing = sorted(k for k in used_keys(path.read_text(encoding="utf-8")) if k not in TEXTS)
    assert missing == [], missing


#: What gives a player a gender in German (issue 17: "Dora hat sein Pflichtsolo", "dann muss er
#: ..."): "er" with a player's verbs and "sein" with what a player has.
_GENDERED_DE = re.compile(r"\b(muss|kann|darf|hat|wird|soll|spielt) er\b"
                          r"|\b[Ee]r (muss|kann|darf|hat|wird|soll|spielt|schuldet)\b"
                          r"|\bsein(e|en|em|er)? (Pflichtsolo|Vorbehalt|Partei|Karten?|Hand|Solo"
                          r"|Stiche?|Ansage|Absage|Zug|Punkte)\b")
_GENDERED_EN = re.compile(r"\b(he|his|him|she|her|hers)\b", re.I)


def test_no_gendered_pronouns_for_players() -> None:
    """Gender-neutral phrasing where the gender is unknown: no "muss er" and no "sein Pflichtsolo",
    "seinen Vorbehalt" ... in German ("Platz ... seinen Link" is about the seat), no "he",
    "his", "her" in English."""
    for key, (de, en) in TEXTS.items():
        assert not _GENDERED_DE.search(de), (key, de)
        assert not _GENDERED_EN.search(en), (key, en)


def test_gendered_pronoun_check_finds_the_old_texts() -> None:
    """The check itself, on texts as they were before issue 17."""
    old = ["Platz {seat} muss jetzt seinen Vorbehalt taufen", "Wer bis dahin kein Solo gespielt "
           "hat, wird vorgeführt: dann muss er sein Pflichtsolo spielen"]
    for de in old:
        assert _GENDERED_DE.search(de), de
    assert not _GENDERED_DE.search("Schicke jedem Platz seinen Link; den Stich, soweit er "
                                   "gespielt ist; ein {n}er-Tisch")
    assert _GENDERED_EN.search("{name} still owes his Pflichtsolo: he cannot play a Lustsolo")


def _literal_chunks(template: str) -> list[str]:
    """The literal pieces of a template between its parameters."""
    return [lit.strip(" .,:;()–„“\"'") for lit, _, _, _ in string.Formatter().parse(template)]


def _only_in(lang: int) -> set[str]:
    """Word groups (at least two words, eight letters) of the templates in one language that
    appear in no template of the other: the other language's output must not show them."""
    other = "\n".join(pair[1 - lang] for pair in TEXTS.values())
    out = set()
    for pair in TEXTS.values():
        if pair[0] == pair[1]:
            continue
        for chunk in _literal_chunks(pair[lang]):
            if len(chunk.split()) >= 2 and len(chunk) >= 8 and chunk not in other:
                out.add(chunk)
    return out


def _session(lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """A whole game at the terminal with bad input at every kind of prompt, taking a card back,
    the help and the sheet, and the command-line errors of doko score and doko sheet."""
    import io
    import sys

    from doko.tui.app import PlayOptions, run_play

    bad = ["blubb", "99", "kontra kontra", "keine 30", "gesund", "aufgeben", "? 3", "zurück",
           "liste", "?", "last"]
    state = {"bad": 0, "card": 0, "back": 0}

    def answer(output: str) -> str:
        prompt = output.rstrip("\n").rsplit("\n", 1)[-1]
        if "zurück =" in prompt or "undo =" in prompt:
            state["back"] += 1
            return "zurück" if state["back"] == 1 else ""
        if "gesund oder" in prompt or "healthy or" in prompt:
            return "gesund"
        if "Vorbehalt?" in prompt or "Pflichtsolo?" in prompt or "Lustsolo?" in prompt:
            return "damen"
        if "Karte (" in prompt or "card (" in prompt:
            if state["bad"] < len(bad):
                state["bad"] += 1
                return bad[state["bad"] - 1]
            state["card"] += 1
            return str(state["card"] % 12 + 1)
        return "j" if "(j/n)" in prompt or "(y/n)" in prompt else ""

    class Stdin(io.TextIOBase):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            return answer(out.getvalue()[-300:]) + "\n"

        def isatty(self) -> bool:
            return False

    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", Stdin())
    run_play(PlayOptions(level="random", lang=lang, seed=11, fast=True, take_back=True,
                         ask_calls=True))
    monkeypatch.undo()
    texts = [out.getvalue()]
    bad_summary = tmp_path / "bad.json"
    bad_summary.write_text('{"contract": "normal", "re_eyes": 1}', encoding="utf-8")
    for argv in (["score", str(bad_summary)], ["score", "--bogus"],
                 ["sheet", "new", str(tmp_path / "r.json")], ["play", "--seat", "0"],
                 ["play", "--resume", str(tmp_path / "nix.json")]):
        err = io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setattr(sys, "stdout", io.StringIO())
        with contextlib.suppress(SystemExit):
            main([*argv, "--lang", lang])
        monkeypatch.undo()
        texts.append(err.getvalue())
    return "\n".join(texts)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_output_shows_no_text_of_the_other_language(lang: str, monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """Issue 17: no English in German output (the fallback, argparse's words) and no German in
    English output except the TSR terms (which the catalogue keeps German in both)."""
    shown = _session(lang, monkeypatch, tmp_path)
    assert "Traceback" not in shown
    assert ("Spielwert" if lang == "de" else "Game value") in shown
    foreign = _only_in(1 if lang == "de" else 0)
    assert len(foreign) > 300
    leaks = sorted(chunk for chunk in foreign if chunk in shown)
    assert leaks == [], leaks
    assert "Platz 0" not in shown and "seat 0" not in shown and "(0)" not in shown
    words = ("error:", "usage:", "invalid choice", "unrecognized") if lang == "de" else (
        "Fehler:", "unbekannte", "Karte (", "nicht möglich")
    assert not [w for w in words if w in shown], shown[-2000:]
