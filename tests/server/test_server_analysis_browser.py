"""The hint button and the "Analyse" view in a real browser (Playwright, Debian's Chromium,
against ``doko serve`` in a subprocess with small analysis budgets): a person asks for a hint
on turn, plays a game to its end, opens the analysis of the game, walks the tricks (the card
played and the best card marked, the loss per decision), sees the SVG charts, and opens the
statistics with the points chart."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import chromium, running_server

from doko.engine.texts import TEXTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


def test_hint_and_analysis_view(browser: Any, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("DOKO_ANALYSIS_WORLDS", "2"), ("DOKO_ANALYSIS_OPEN_S", "0.3"),
                        ("DOKO_ANALYSIS_KNOWABLE_S", "0.6"), ("DOKO_HINT_WORLDS", "2")):
        monkeypatch.setenv(name, value)
    with running_server(tmp_path) as server:
        spec = {"games": 1, "bot_delay_ms": 0, "takeover_level": "random",
                "seats": [{"kind": "human", "name": "Anna"}] + [
                    {"kind": "bot", "level": "random"}] * 3}
        t = httpx.post(server.url + "/api/tables", json=spec, timeout=10).json()
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(server.url + t["seats"][0]["invite"])
            page.wait_for_selector(".hand .card", timeout=15000)
            hinted = False
            deadline = time.monotonic() + 150
            while time.monotonic() < deadline and not page.locator("#result").count():
                if not hinted and page.locator(".hand.myturn .card.legal").count() \
                        and page.locator("#an-hint:visible").count():
                    page.click("#an-hint")
                    page.wait_for_function(
                        "() => /^(Tipp|Hint): /.test("
                        "document.getElementById('an-hint-text').textContent)", timeout=30000)
                    hinted = True
                    # a hint to play a card marks that card in the hand (one, and that one)
                    card = page.get_attribute("#an-hint-text", "data-card")
                    if card:
                        page.locator(f'#hand .card.an-hinted[data-card="{card}"]').wait_for(
                            timeout=5000)
                        assert page.locator("#hand .card.an-hinted").count() == 1
                for sel in ('#actions button[data-act="healthy"]',
                            '#actions button[data-act="done"]', ".hand.myturn .card.legal"):
                    loc = page.locator(sel)
                    if loc.count():
                        # re-rendered under the pointer: look again
                        with contextlib.suppress(Exception):
                            loc.first.click(timeout=2000)
                        page.wait_for_timeout(60)
                        break
                else:
                    page.wait_for_timeout(50)
            assert hinted, "the hint button never showed on turn"
            page.locator("#result").wait_for()
            # from the result to the game in the archive, and its analysis from there
            page.locator("#result button", has_text=TEXTS["web.ui.replay"][0]).click()
            page.wait_for_selector("#an-archive-btn", timeout=20000)
            page.click("#an-archive-btn")
            page.wait_for_selector("#an-walk h3", timeout=60000)
            assert page.locator("#an-after").count() == 1  # and after the game, on the table
            assert page.locator("#an-view svg.an-loss-chart rect").count() >= 1
            # reservations, cards, calls; Anna's reservation (gesund) with its measure
            assert page.locator("#an-view svg.an-cat-chart rect").count() == 3
            assert TEXTS["web.ui.healthy"][0] in page.inner_text("#an-reservation")
            assert page.locator("#an-walk .an-card").count() >= 4
            # walk to a trick with Anna's card: it is marked as played, the loss is shown
            for _ in range(12):
                if page.locator("#an-walk .an-card.played").count():
                    break
                page.click("#an-next")
            assert page.locator("#an-walk .an-card.played").count() == 1
            assert page.locator("#an-decision").count() == 1
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "analysis.png"))
            page.click("#an-view .an-close")
            if page.locator("#modal-close:visible").count():
                page.click("#modal-close")
            page.click("#btn-analysis")
            page.click("#an-stats-btn")
            page.wait_for_selector("#an-stats tr >> nth=4", timeout=30000)
            assert page.locator("#an-view svg.an-line polyline").count() == 4
            page.screenshot(path=str(ARTIFACTS / "analysis-stats.png"), full_page=True)
            assert not errors, errors
        except BaseException:
            print("server log:", (tmp_path / "doko.log").read_text()[-3000:])
            raise
        finally:
            context.close()
