"""The web table's rule options (issue 21: "a table can choose any of these options in ... the
web table"): the table form's options come from /api/meta (every field of
``doko.engine.rules.Rules``), the server checks them (unknown option or value: 400 naming
``options.<key>``; a malformed one: 422), and the chosen rules are stored with the table, shown
to every seat and in the lobby, and played."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (  # noqa: F401 - fixtures
    app_fixture,
    client_fixture,
    db_url_fixture,
    keyed,
    seat_keys,
    table_spec,
)

from doko.engine.rules import PRESETS, Rules, option_specs, option_value

pytestmark = pytest.mark.timeout(60)


def test_meta_offers_every_option_and_each_presets_values(client: TestClient) -> None:
    m = client.get("/api/meta").json()
    assert [o["key"] for o in m["options"]] == [s.key for s in option_specs()]
    dulle = next(o for o in m["options"] if o["key"] == "dulle")
    assert dulle == {"key": "dulle", "kind": "choice",
                     "values": ["first", "second", "second_except_last"]}
    assert next(o for o in m["options"] if o["key"] == "solo_koehler")["kind"] == "bool"
    for name, rules in PRESETS.items():
        assert m["preset_options"][name] == {s.key: option_value(rules, s.key)
                                             for s in option_specs()}
    # the words of the form come with the client's texts (the catalogue's rules.opt.*)
    js = client.get("/texts.js").text
    assert '"rules.opt.solo_koehler": "Köhler (Könige, Damen und Buben Trumpf)"' in js
    assert '"rules.opt.dulle.second": "the second one wins"' in js


def test_a_table_with_options_stores_and_shows_them(client: TestClient, app: Any) -> None:
    spec = table_spec("Anna", "human", "bot", "bot", rules="hausregeln", public=True,
                      options={"solo_koehler": True, "dulle": "first", "bock": "off"})
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 201, r.text
    t = r.json()
    want = {"name": "hausregeln", "dulle": "first", "bock": None, "solo_koehler": True}
    stored = app.state.store.all_tables()
    assert [json.loads(d.rules) for d in stored] == [want]
    info = client.get(f"/api/tables/{t['code']}", headers=keyed(seat_keys(t)[1])).json()
    assert info["table"]["rules"] == want
    assert info["table"]["rules_options"] == {"dulle": "first", "bock": "off",
                                              "solo_koehler": "true"}
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["rules_options"] == info["table"]["rules_options"]
    assert Rules.from_json(want).solo_koehler and Rules.from_json(want).bock is None


#: (options, status, words of the detail): unknown option or value 400, malformed 422
BAD = [
    ({"schweinchen": True}, 400, "options.schweinchen: unknown rule option 'schweinchen'"),
    ({"dulle": "third"}, 400, "options.dulle: rule option dulle: 'third' is not possible"),
    ({"solo_koehler": "vielleicht"}, 400, "options.solo_koehler:"),
    ({"Bad Key": True}, 422, "options"),
    ({"nines": 3}, 422, "options"),
]


def test_bad_options_are_refused_naming_the_option(client: TestClient, app: Any) -> None:
    for options, status, words in BAD:
        r = client.post("/api/tables", json=table_spec("Anna", "bot", "bot", "bot",
                                                       options=options))
        assert r.status_code == status and words in json.dumps(r.json()["detail"]), r.text
    assert app.state.store.all_tables() == []
