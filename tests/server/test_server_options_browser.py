"""In a real browser (Playwright with Debian's Chromium, as ``test_server_browser.py``): a person
opens the table form's "Optionen", switches on the Köhler and chooses another Dulle rule beside
the preset ``hausregeln``, creates a public table, and sees the table's rules on the waiting
screen; the server stored them; the lobby lists the table with its options."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import chromium, running_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def test_create_a_table_with_chosen_options(browser: Any, tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(server.url + "/")
            page.wait_for_selector("#f-opt-solo_koehler", state="attached")
            page.fill("#f-myname", "Anna")
            page.select_option("#f-rules", "hausregeln")
            page.click("#f-options summary")
            # the switches show the preset's values: Hausregeln play the second Dulle except
            # in the last trick, no Köhler
            assert page.locator("#f-opt-dulle").input_value() == "second_except_last"
            assert not page.locator("#f-opt-solo_koehler").is_checked()
            assert "Köhler (Könige, Damen und Buben Trumpf)" in page.locator(
                "#f-options").inner_text()
            page.check("#f-opt-solo_koehler")
            page.select_option("#f-opt-dulle", "first")
            page.check("#f-public")
            page.select_option("#f-seat-1", "human")  # a reserved seat: the table waits
            page.select_option("#f-seat-2", "bot:random")
            page.select_option("#f-seat-3", "bot:random")
            page.click("#f-submit")
            page.wait_for_selector("#wait-rules", timeout=15000)
            m = re.search(r"/t/([A-Z0-9]{6})#(.+)$", page.url)
            assert m, page.url
            code, key = m.group(1), m.group(2)
            shown = page.locator("#wait-rules").inner_text()
            assert "Hausregeln" in shown
            assert "Köhler (Könige, Damen und Buben Trumpf): an" in shown
            assert "Zwei ♥10 in einem Stich: die erste gewinnt (TSR 5.3.3)" in shown
            # stored with the table: the preset and what differs from it
            req = urllib.request.Request(f"{server.url}/api/tables/{code}",
                                         headers={"X-Doko-Key": key})
            with urllib.request.urlopen(req, timeout=10) as r:
                table = json.load(r)["table"]
            assert table["rules"] == {"name": "hausregeln", "dulle": "first",
                                      "solo_koehler": True}
            # the lobby lists the table with its options
            page.goto(server.url + "/")
            page.wait_for_selector("#public-list .table-options", timeout=15000)
            listed = page.locator("#public-list .table-options").first.inner_text()
            assert "Köhler" in listed and "die erste gewinnt" in listed
            assert errors == []
        finally:
            context.close()
