"""End to end in a real browser: Playwright drives Debian's Chromium (/usr/bin/chromium, never a
downloaded browser) against ``doko serve`` in a subprocess. A person creates a table, plays a
whole game against three computer players by clicking, and checks the score breakdown and the
Spielliste. Screenshots of the table (desktop, phone portrait and landscape) are saved under
``tests/server/artifacts/``. The page keeps its state from ``update`` messages after the first
whole ``state``: mid-game and at the end, the state it made must be exactly the whole state the
server sends on request; after a missed message (made so mid-game) the next update does not fit,
and the page asks for the whole state once and goes on with updates.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import chromium, running_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def _click_until_over(page: Any, deadline: float, on_trick: Any = None) -> int:
    """Answer and play by clicking until the result dialog opens; returns the clicks made."""
    clicks = 0
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return clicks
        for sel in ('#actions button[data-act="healthy"]', '#actions button[data-act="done"]',
                    ".hand.myturn .card.legal"):
            loc = page.locator(sel)
            if loc.count():
                try:
                    loc.first.click(timeout=2000)
                    clicks += 1
                except Exception:  # the page re-rendered under the pointer: look again
                    pass
                if on_trick is not None:
                    on_trick()
                page.wait_for_timeout(60)
                break
        else:
            page.wait_for_timeout(50)
    raise AssertionError("the game did not end in time")


#: In the page: ask for the whole state and compare it, when it comes, with the state the page
#: made from the updates before it (keys sorted; ``now`` and ``thinking`` left out: the time,
#: and the thinking seat, which comes in its own message).
IN_SYNC = """() => new Promise((resolve) => {
  const S = window.doko.S;
  const ws = S.ws;
  const orig = ws.onmessage;
  const canon = (st) => JSON.stringify(Object.assign({}, st, { now: 0, thinking: null }),
    (k, v) => (v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort()) : v));
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type !== "state") { orig(ev); return; }
    const held = S.state;
    ws.onmessage = orig;
    orig(ev);
    resolve({ same: canon(held) === canon(S.state), held: canon(held), sent: canon(S.state),
              updates: S.updates, resyncs: S.resyncs });
  };
  window.doko.send({ type: "state" });
})"""


def differences(held: Any, sent: Any, path: str = "") -> list[str]:
    """Where two JSON values differ (paths)."""
    if isinstance(held, dict) and isinstance(sent, dict):
        return [d for k in sorted(set(held) | set(sent))
                for d in differences(held.get(k), sent.get(k), f"{path}.{k}")]
    return [] if held == sent else [f"{path}: {held!r:.80} != {sent!r:.80}"]


def check_in_sync(page: Any, resyncs: int = 0) -> int:
    """The page's state equals the whole state the server sends now, and it asked for the
    whole state ``resyncs`` times; returns the updates the page applied so far."""
    r = page.evaluate(IN_SYNC)
    assert r["same"], differences(json.loads(r["held"]), json.loads(r["sent"]))
    assert r["resyncs"] == resyncs
    return int(r["updates"])


#: In the page: once the next update has been applied, forget the step it made, as if a message
#: had been missed, so that the update after it does not fit the state held. (Not at once: after
#: a ``state`` request the next message is a whole state, which would fit anyway.)
MISS_ONE = """() => {
  const S = window.doko.S;
  const ws = S.ws;
  const orig = ws.onmessage;
  const start = S.updates;
  ws.onmessage = (ev) => {
    orig(ev);
    if (S.updates > start) {
      ws.onmessage = orig;
      S.state = Object.assign({}, S.state, { version: S.state.version - 1 });
    }
  };
}"""


def test_play_a_whole_game_in_the_browser(browser: Any, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with running_server(tmp_path) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        try:
            _play(browser, page, server.url)
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "failure.png"))
            print("server log:", (tmp_path / "doko.log").read_text()[-3000:])
            raise
        finally:
            context.close()


def _play(browser: Any, page: Any, base: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    page.wait_for_selector("#f-seat-3 option[value='bot:random']", state="attached")
    page.fill("#f-myname", "Anna")
    page.fill("#f-name", "Testtisch")
    page.select_option("#f-games", "1")
    page.select_option("#f-delay", "0")
    for i in (1, 2, 3):
        page.select_option(f"#f-seat-{i}", "bot:random")
    page.screenshot(path=str(ARTIFACTS / "lobby.png"))
    page.click("#f-submit")
    page.wait_for_selector(".hand .card", timeout=15000)
    assert re.search(r"/t/[A-Z0-9]{6}#", page.url)
    seat_link = page.url
    assert page.locator(".seat").count() == 4
    assert page.locator(".hand .card").count() == 12
    assert "Anna" in page.locator("#pos-0 .seat").inner_text()

    shots: dict[str, bool] = {}

    def mid_game_shots() -> None:
        # after a few tricks: the table on a desktop and on a phone (same link, as from a
        # second device), portrait and landscape
        if shots or page.locator(".hand .card").count() > 9:
            return
        if not page.locator(".hand.myturn .card.legal").count():
            return
        shots["done"] = True
        assert check_in_sync(page) > 10
        page.evaluate(MISS_ONE)  # the next update does not fit: the page asks for the state
        page.screenshot(path=str(ARTIFACTS / "table-desktop.png"))
        for name, size in (("table-phone-portrait.png", (390, 844)),
                           ("table-phone-landscape.png", (844, 390))):
            phone = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                        is_mobile=True, has_touch=True,
                                        device_scale_factor=2)
            pp = phone.new_page()
            pp.on("pageerror", lambda e: errors.append(str(e)))
            pp.goto(seat_link)
            pp.wait_for_selector(".hand .card", timeout=10000)
            pp.wait_for_timeout(200)
            # the whole hand is on the screen
            box = pp.locator(".hand .card").last.bounding_box()
            assert box is not None and box["x"] + box["width"] <= size[0] + 1
            pp.screenshot(path=str(ARTIFACTS / name))
            phone.close()

    clicks = _click_until_over(page, time.monotonic() + 150, mid_game_shots)
    # the "healthy" answer and every card Anna played were clicks; a game may end before the
    # last tricks (a claim or concession, TSR 5.4), and the cards left stay in her hand
    left = page.locator(".hand .card").count()
    assert left < 12 and clicks >= 1 + 12 - left
    assert shots, "no screenshot was taken during the game"

    # the score breakdown
    result = page.locator("#result")
    result.wait_for()
    page.wait_for_timeout(300)
    assert page.locator("#breakdown tbody tr").count() >= 1
    scores = [int(x.replace("+", "").replace("−", "-"))
              for x in page.locator("#result .scores b").all_inner_texts()]
    assert len(scores) == 4 and sum(scores) == 0
    assert re.search(r"(Re|Kontra|Keine Partei)", result.inner_text())
    assert "null" not in result.inner_text()
    page.screenshot(path=str(ARTIFACTS / "result.png"))
    # the whole game came as updates: about one per action (a computer's moves may share
    # one), however many tricks were played before a claim or concession ended it
    actions = page.evaluate("() => window.doko.S.state.game.view.history.length")
    assert actions >= 4 + 3 * 4  # the Vorbehaltsabfrage and three tricks (the shots above)
    updates = check_in_sync(page, resyncs=1)
    assert updates >= actions * 3 // 4

    # the Spielliste
    page.click("#modal-close")
    page.click("#btn-sheet")
    sheet = page.locator("#sheet-table")
    sheet.wait_for()
    rows = page.locator("#sheet-table tbody tr")
    assert rows.count() == 1
    cells = rows.first.locator("td").all_inner_texts()
    assert cells[0] == "1"
    assert any(k in cells[2].lower() for k in ("normalspiel", "solo", "hochzeit", "fleisch"))
    # the footer: "Summe", the dealer's and the kind's columns (empty), the four totals
    totals = [int(x) for x in page.locator("#sheet-table tfoot td").all_inner_texts()[3:]]
    assert totals == scores
    page.screenshot(path=str(ARTIFACTS / "sheet.png"))

    # a trick-by-trick replay and the record download from the Spielliste
    rows.first.click()
    page.locator("#game-detail").wait_for()
    for _ in range(12):
        nxt = page.locator('#game-detail button[data-act="replay-next"]')
        if nxt.is_disabled():
            break
        nxt.click()
    assert "12" in page.locator("#game-detail .replay-nav b").inner_text() or \
        page.locator('#game-detail button[data-act="replay-next"]').is_disabled()
    assert "null" not in page.locator("#modal-body").inner_text()
    page.locator('#game-detail .replay-nav button').first.click()  # back one trick
    href = page.locator("#record-link").get_attribute("href")
    assert href is not None and href.endswith("/games/1/record")
    page.screenshot(path=str(ARTIFACTS / "replay.png"))

    # English on request
    page.click("#modal-close")
    page.click("#btn-lang")
    assert page.locator("#btn-sheet").inner_text() == "Score sheet"
    assert not errors, errors
