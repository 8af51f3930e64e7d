"""The browser client's words come from the one catalogue: ``/texts.js`` holds every ``web.*``
key in German and English (without the prefix) and the card names, nothing else; app.js keeps
no words of its own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import app_fixture, client_fixture, db_url_fixture  # noqa: F401

from doko.engine.texts import TEXTS

STATIC = Path(__file__).parents[2] / "src" / "doko" / "server" / "static"


def test_texts_js_is_the_catalogues_web_keys(client: TestClient) -> None:
    r = client.get("/texts.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    body = r.text
    prefix, suffix = "window.DOKO_TEXTS = ", ";\n"
    assert body.startswith(prefix) and body.endswith(suffix)
    texts = json.loads(body[len(prefix):-len(suffix)])
    web = {k[4:]: v for k, v in TEXTS.items() if k.startswith("web.")}
    web |= {k: v for k, v in TEXTS.items()
            if k.startswith(("card.rank.", "card.of_suit.")) or k == "card.name"}
    # the rule options' words for the table form (rules.opt.*, rules.bool.*)
    web |= {k: v for k, v in TEXTS.items() if k.startswith(("rules.opt.", "rules.bool."))}
    assert set(texts) == {"de", "en"}
    assert texts["de"] == {k: de for k, (de, _en) in web.items()}
    assert texts["en"] == {k: en for k, (_de, en) in web.items()}
    assert texts["de"]["chat.send"] == "Senden" and texts["en"]["chat.send"] == "Send"
    assert "server.no_table" not in body and "card.error" not in body  # only the client's words
    assert texts["de"]["ui.your_turn"] == "Du bist am Zug"
    assert texts["en"]["card.name"] == "{rank} of {suit}"
    page = client.get("/").text
    assert page.index('src="/texts.js"') < page.index('src="/static/app.js"')


def test_app_js_keeps_no_words_of_its_own() -> None:
    """Every ``t("key")`` and ``tw("key")`` of app.js with a literal key names a catalogue entry,
    and app.js has no table of texts any more."""
    source = (STATIC / "app.js").read_text(encoding="utf-8")
    assert "const T = {" not in source
    for word in ("Kreuz", "Neun", "Spielliste", "Score sheet", "Du bist am Zug", "Your turn"):
        assert f'"{word}"' not in source and f": {word}" not in source, word
    for key in re.findall(r"\bt\(\"([a-z0-9_]+)\"[,)]", source):
        assert f"web.ui.{key}" in TEXTS, key
    for key in re.findall(r"\btw\(\"([a-z0-9_.]+)\"[,)]", source):
        assert f"web.{key}" in TEXTS or key in TEXTS, key
    for key in re.findall(r'data-t="([a-z0-9_]+)"', (STATIC / "index.html").read_text()):
        assert f"web.ui.{key}" in TEXTS, key
    for key in re.findall(r'data-w[lp]?="([a-z0-9_.]+)"', (STATIC / "index.html").read_text()):
        assert f"web.{key}" in TEXTS, key
