"""The browser client's words come from the one catalogue: ``/texts.js`` holds every ``web.*``
key in German and English (without the prefix), and nothing else."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from server_helpers import app_fixture, client_fixture, db_url_fixture  # noqa: F401

from doko.engine.texts import TEXTS


def test_texts_js_is_the_catalogues_web_keys(client: TestClient) -> None:
    r = client.get("/texts.js")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/javascript")
    body = r.text
    prefix, suffix = "window.DOKO_TEXTS = ", ";\n"
    assert body.startswith(prefix) and body.endswith(suffix)
    texts = json.loads(body[len(prefix):-len(suffix)])
    web = {k[4:]: v for k, v in TEXTS.items() if k.startswith("web.")}
    assert set(texts) == {"de", "en"}
    assert texts["de"] == {k: de for k, (de, _en) in web.items()}
    assert texts["en"] == {k: en for k, (_de, en) in web.items()}
    assert texts["de"]["chat.send"] == "Senden" and texts["en"]["chat.send"] == "Send"
    assert "server.no_table" not in body  # only the client's words
    page = client.get("/").text
    assert page.index('src="/texts.js"') < page.index('src="/static/app.js"')
