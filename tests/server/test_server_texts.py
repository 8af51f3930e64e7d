"""The web table's refusals come from the one catalogue (doko.engine.texts, ``server.*`` keys):
the schema's reasons and the limits' texts, in German and English, worded as before."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from doko.engine.texts import text
from doko.server.schema import SchemaError, parse_json, parse_message

SERVER = Path(__file__).parents[2] / "src" / "doko" / "server"
#: the keys of a refusal (TableError.key), not texts
KEYS = ("malformed", "unknown_type", "bad_field")


@pytest.mark.parametrize(("raw", "en", "de"), [
    ('{"type": "name", "name": "\\ud800"}', "name: not valid Unicode",
     "name: kein gültiges Unicode"),
    ('{"type": "name", "name": "A\\u0007"}', "name: a control character is not allowed",
     "name: ein Steuerzeichen ist nicht erlaubt"),
    ('{"type": "name", "name": "  "}', "name: must not be empty", "name: darf nicht leer sein"),
    ('{"type": "name", "name": "' + "x" * 41 + '"}', "name: at most 40 characters",
     "name: höchstens 40 Zeichen"),
    ('{"type": "hello", "token": "a b"}', "token: a key has only the characters A-Z a-z 0-9 - _",
     "token: ein Schlüssel hat nur die Zeichen A-Z a-z 0-9 - _"),
    ("[1]", "not a JSON object", "kein JSON-Objekt"),
    ("{}", "no 'type'", "kein 'type'"),
    ('{"type": "zap"}', "type: unknown message type 'zap'",
     "type: unbekannter Nachrichtentyp 'zap'"),
    ('{"type": "ping", "ref": 1.5}',
     "ref: a whole number below 2**53 or a text of at most 64 characters",
     "ref: eine ganze Zahl unter 2**53 oder ein Text mit höchstens 64 Zeichen"),
    ('{"type": "hello", "lang": "fr"}', "lang: Input should be 'de' or 'en'",
     "lang: ist keiner der erlaubten Werte"),
    ('{"type": "ping", "x": 1}', "x: Extra inputs are not permitted", "x: unbekanntes Feld"),
    ("NaN", "not JSON (NaN is no JSON number)", "kein JSON (NaN ist keine JSON-Zahl)"),
    ('{"a": 1e999}', "the number 1e999 is too large", "die Zahl 1e999 ist zu groß"),
    ("[" * 9 + "]" * 9, "nested deeper than 8 levels", "tiefer als 8 Ebenen verschachtelt"),
    ('"' + "x" * 16400 + '"', "longer than 16384 bytes", "länger als 16384 Bytes"),
])
def test_schema_reasons_in_both_languages(raw: str, en: str, de: str) -> None:
    with pytest.raises(SchemaError) as info:
        parse_message(raw)
    assert (info.value.text("en"), info.value.text("de")) == (en, de)
    assert str(info.value) == en


def test_not_utf8() -> None:
    with pytest.raises(SchemaError) as info:
        parse_json(b'{"a": "\xff"}')
    assert (info.value.en, info.value.de) == ("not UTF-8", "kein UTF-8")


def test_limit_text() -> None:
    assert text("server.limit.tables_per_client", "en", n=5, most=5) == (
        "you have 5 open tables already (at most 5); finish or leave one first")
    assert text("server.limit.tables_per_client", "de", n=5, most=5) == (
        "du hast schon 5 offene Tische (höchstens 5); beende oder verlasse erst einen")


@pytest.mark.parametrize("module", ["schema.py", "hub.py", "errors.py"])
def test_no_inline_reason_texts(module: str) -> None:
    """SchemaError and LimitError are made only from catalogue texts: no string literal (or
    f-string) is passed to them as a reason."""
    tree = ast.parse((SERVER / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("SchemaError", "LimitError")):
            args = node.args[1:] if node.func.id == "SchemaError" else node.args
            for arg in args:  # the field comes first; a refusal's key may follow the reason
                if isinstance(arg, ast.Constant) and arg.value in KEYS:
                    continue
                assert not isinstance(arg, ast.Constant | ast.JoinedStr), (
                    module, node.lineno, ast.unparse(arg))
