"""The tournament pages of ``doko serve``: the REST routes (the organiser's key, validation,
results refused by TSR 7.3.3, the public live view without secrets, print-outs) and, in a real
browser (Playwright driving Debian's Chromium against ``doko serve`` in a subprocess), a whole
tournament of 8 players over 2 Serien created and run on the organiser's page while the public
live page updates by itself."""

from __future__ import annotations

import io
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).parents[1] / "server"))
from server_helpers import CHROMIUM, CHROMIUM_ARGS, running_server

NAMES = ["Anna", "Bert", "Carla", "Dirk", "Eva", "Frank", "Gabi", "Hans"]


@pytest.fixture(name="client")
def client_fixture(tmp_path: Path) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from doko.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'doko.sqlite3'}", tournament_dir=tmp_path / "t")
    with TestClient(app) as c:
        yield c


def test_rest_routes(client: Any, tmp_path: Path) -> None:
    r = client.post("/api/tournaments", json={"name": "Web", "serien": 2, "players": NAMES})
    assert r.status_code == 201
    made = r.json()
    tid, key = made["id"], made["key"]
    assert made["organiser"] == f"/turnier/{tid}#{key}"
    base = f"/api/tournaments/{tid}"
    h = {"X-Doko-Key": key}
    # the key is needed, and a wrong one looks like no tournament at all
    assert client.get(base).status_code == 404
    assert client.get(base, headers={"X-Doko-Key": "x" * 24}).status_code == 404
    assert client.post(base + "/draw", json={}).status_code == 404
    assert key not in (tmp_path / "t" / f"{tid}.key").read_text()  # only its hash is kept
    # every input validated: unknown keys, control characters, ranges
    bad = client.post("/api/tournaments", json={"name": "x", "bogus": 1})
    assert bad.status_code == 422 and bad.json()["field"] == "bogus"
    bad = client.post("/api/tournaments", json={"name": "x", "players": ["A\u202eB"]})
    assert bad.status_code == 422
    assert client.post("/api/tournaments", json={"name": "x", "serien": 0}).status_code == 422
    assert client.get("/api/tournaments/../../etc/passwd/live").status_code == 404

    assert client.post(base + "/draw", json={}, headers=h).json() == {"version": 9}
    state = client.get(base, headers=h).json()
    tables = state["serien"][0]["tables"]
    assert sorted(p for t in tables for p in t["players"]) == list(range(1, 9))
    r = client.post(base + "/result", headers=h,
                    json={"serie": 1, "table": 1, "totals": [5, -5, 2, -1]})
    assert r.status_code == 400 and "TSR 7.3.3" in r.json()["detail"]["detail"]
    assert "Summe" in r.json()["detail"]["detail_de"]
    r = client.post(base + "/result", headers=h,
                    json={"serie": 1, "table": 1, "totals": [6, -2, -2, -2]})
    assert r.status_code == 200
    live = client.get(base + "/live").json()
    assert live["version"] == 10 and live["progress"] == [
        {"serie": 1, "reported": 1, "tables": 2}]
    assert live["ranking"][0]["name"] == tables[0]["names"][0]
    assert "seed" not in live and "log" not in live and key not in str(live)
    r = client.post(base + "/penalty", headers=h,
                    json={"player": 1, "kind": "deduction", "points": 13, "reason": "x"})
    assert r.status_code == 422
    pdf = client.get(base + "/print?format=pdf&what=plan,cards", headers=h)
    assert pdf.headers["content-type"] == "application/pdf"
    html = client.get(base + "/print?format=html&what=sheets&lang=en", headers=h).text
    assert "Spielliste, Serie 1 · Table 2" in html
    csv = client.get(base + "/export?format=csv", headers=h).text
    assert csv.splitlines()[0].startswith("Platz,id,Name")
    # a damaged file (a table's totals changed by hand) is reported, never half read
    path = tmp_path / "t" / f"{tid}.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"totals": [\n    6,',
                                                             '"totals": [\n    7,'))
    client.app.state.tournaments.loaded.clear()
    r = client.get(base + "/live")
    assert r.status_code == 500 and "entry 10" in r.json()["detail"]["detail"]


def test_live_waits_for_a_change(client: Any) -> None:
    """A live request with the current version waits until a table reports, then answers."""
    made = client.post("/api/tournaments", json={"name": "W", "serien": 1,
                                                 "players": NAMES[:4]}).json()
    base = f"/api/tournaments/{made['id']}"
    h = {"X-Doko-Key": made["key"]}
    client.post(base + "/draw", json={}, headers=h)
    version = client.get(base + "/live").json()["version"]
    got: list[dict[str, Any]] = []
    waiter = threading.Thread(target=lambda: got.append(
        client.get(base + f"/live?since={version}").json()))
    waiter.start()
    time.sleep(0.5)
    assert not got  # still waiting
    client.post(base + "/result", headers=h, json={"serie": 1, "table": 1,
                                                   "totals": [2, 0, 0, -2]})
    waiter.join(10)
    assert got and got[0]["version"] == version + 1 and got[0]["over"] is True


def test_live_wait_ends_when_the_page_leaves() -> None:
    """A waiting live request ends as soon as its client disconnects (its place among the
    ``MAX_WAITERS`` is free again, and a stopping server need not wait out the long poll);
    otherwise at the change, or at the timeout; nothing is left running."""
    import asyncio

    from doko.server.tournament_pages import wait_or_leave

    class Client:
        def __init__(self) -> None:
            self.left = asyncio.Event()

        async def receive(self) -> dict[str, Any]:
            await self.left.wait()
            return {"type": "http.disconnect"}

    async def scenario() -> list[str]:
        seen: list[str] = []
        ev, c = asyncio.Event(), Client()
        asyncio.get_running_loop().call_later(0.05, c.left.set)
        await asyncio.wait_for(wait_or_leave(c, ev, 60.0), 10)  # type: ignore[arg-type]
        seen.append("left")
        ev, c = asyncio.Event(), Client()
        asyncio.get_running_loop().call_later(0.05, ev.set)
        await asyncio.wait_for(wait_or_leave(c, ev, 60.0), 10)  # type: ignore[arg-type]
        seen.append("changed" if ev.is_set() and not c.left.is_set() else "?")
        await wait_or_leave(Client(), asyncio.Event(), 0.05)  # type: ignore[arg-type]
        seen.append("timeout")
        others = asyncio.all_tasks() - {asyncio.current_task()}
        seen.append(f"{len(others)} left running")
        return seen

    assert asyncio.run(scenario()) == ["left", "changed", "timeout", "0 left running"]


def test_online_serie(client: Any) -> None:
    """A Serie played on the server: a web table per table of the draw with a seat per player
    (an invitation link each, the absent played by the computer); when the table's round is
    over its Spielliste becomes the table's result, names in positions 1-4."""
    made = client.post("/api/tournaments", json={
        "name": "Online", "serien": 1, "games": 1, "players": NAMES}).json()
    base = f"/api/tournaments/{made['id']}"
    h = {"X-Doko-Key": made["key"]}
    client.post(base + "/draw", json={}, headers=h)
    tables = client.get(base, headers=h).json()["serien"][0]["tables"]
    absent = tables[0]["players"]  # table 1 all computer players, table 2 waits for people
    r = client.post(base + "/online", headers=h, json={"serie": 1, "absent": absent})
    assert r.status_code == 200, r.text
    online = r.json()["tables"]
    assert [s["bot"] for s in online[0]["seats"]] == [True] * 4
    assert all(s["invite"].startswith(f"/t/{online[1]['code']}#") for s in online[1]["seats"])
    assert [s["name"] for s in online[1]["seats"]] == tables[1]["names"]
    assert client.post(base + "/online", headers=h, json={"serie": 1}).status_code == 409
    assert client.post(base + "/online", json={"serie": 1}).status_code == 404
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        if client.post(base + "/online/collect", headers=h).json()["entered"]:
            break
        time.sleep(1)
    state = client.get(base, headers=h).json()
    first = state["serien"][0]["tables"][0]
    assert first["source"] == "online" and sum(first["totals"]) == 0
    assert state["serien"][0]["tables"][1]["totals"] is None  # nobody came to table 2
    sheet = client.get(f"/api/tables/{online[0]['code']}/rounds/1/sheet",
                       headers={"X-Doko-Key": online[0]["spectate"].split("#")[1]}).json()
    assert sheet["totals"] == first["totals"]


@pytest.mark.browser
@pytest.mark.timeout(240)
def test_tournament_in_the_browser(tmp_path: Path) -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's Chromium is not installed at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    with running_server(tmp_path) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            context.add_init_script("localStorage.setItem('doko-lang', 'de')")
            page = context.new_page()
            page.goto(server.url + "/turnier")
            page.fill("input[name=name]", "Vereinsmeisterschaft")
            page.fill("input[name=serien]", "2")
            page.fill("textarea[name=players]", "\n".join(NAMES[:7]))
            page.click("#create-submit")
            page.wait_for_selector("#players")
            assert "#" in page.url  # the organiser's key is in the link only
            page.fill("#add-name", "Hans")
            page.click("#add-player")
            expect(page.locator("#players tr")).to_have_count(8)
            live = context.new_page()
            live.goto(page.locator("#live-link").inner_text())
            page.bring_to_front()  # a tab in the background gets few animation frames
            expect(live.locator("#progress")).to_contain_text("Noch keine Serie")
            for serie in (1, 2):
                page.click("#draw")
                expect(page.locator("#serien h3").first).to_contain_text(f"Serie {serie}")
                for table in (1, 2):
                    row = page.locator(f"tr[data-serie='{serie}'][data-table='{table}']")
                    values = [4 * table, 0, -2 * table, -2 * table]
                    for i, v in enumerate(values):
                        row.locator("input[type=number]").nth(i).fill(str(v))
                    row.locator("button.enter").click()
                    expect(row.locator(".reported")).to_have_count(1)
                    expect(live.locator("#progress")).to_contain_text(
                        f"Serie {serie}: {table} von 2 Tischen gemeldet")
            expect(live.locator("#progress")).to_contain_text("Das Turnier ist beendet.")
            tid, key = page.url.split("/turnier/")[1].split("#")
            api = f"{server.url}/api/tournaments/{tid}"
            state = httpx.get(api, headers={"X-Doko-Key": key}, timeout=10).json()
            ranking = state["ranking"]
            assert sum(r["points"] for r in ranking) == 0
            first = live.locator("table.ranking tbody tr").first
            expect(first.locator("td.score")).to_have_text(str(ranking[0]["score"]))
            expect(first).to_have_attribute("data-name", ranking[0]["name"])
            pdf = httpx.get(api + "/print?format=pdf&what=ranking",
                            headers={"X-Doko-Key": key}, timeout=30)
            text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
            assert "Rangliste" in text and ranking[0]["name"] in text
        finally:
            browser.close()
