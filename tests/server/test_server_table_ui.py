"""The web table's look and feel in a real browser (issue 17): Playwright drives Debian's
Chromium (/usr/bin/chromium) against ``doko serve`` in a subprocess.

* a whole game with animations and sounds on: cards are dealt, enter from their seat's side and
  each completed trick is held in full (not dimmed), then collected, before the result shows;
  the sounds are made in the browser (WebAudio);
* a whole game with reduced motion, played with the keyboard only (arrows, number keys, Enter):
  nothing moves, the live region announces the cards and the tricks, cards carry text labels;
* the chat between two players (text only: markup stays text), a reaction, muting a seat, and a
  spectator who sees no chat at a table that does not allow it; the invitation links on the
  waiting screen for the creator only, and the Pflichtsolo explanation of a short round;
* German-suited cards chosen in the settings and remembered (in that browser only);
* screenshots at 1280x800, 390x844 and 844x390 (``tests/server/artifacts/``), and the
  Spielliste without horizontal overflow at 360 and 390 px.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, chromium, running_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

ARTIFACTS = Path(__file__).parent / "artifacts"

#: Before the page's own script: count what moves (cards entering, tricks collected, cards
#: dealt) and the sounds started, by watching the classes the page sets.
WATCH = """
window.__seen = { enter: 0, collect: 0, deal: 0, dimmed: 0, oscillators: 0, buffers: 0,
                  heldFull: 0 };
const entered = new Set();
window.__said = [];
const dealt = new Set();
const AC = window.AudioContext;
if (AC) {
  window.AudioContext = class extends AC {
    createOscillator() { window.__seen.oscillators++; return super.createOscillator(); }
    createBufferSource() { window.__seen.buffers++; return super.createBufferSource(); }
  };
}
new MutationObserver((records) => {
  for (const r of records) {
    const el = r.target;
    if (r.type === "attributes" && el.classList) {
      if (el.id === "trick" && el.classList.contains("collect")) {
        window.__seen.collect++;
        if (el.querySelectorAll(".card").length === 4) window.__seen.heldFull++;
      }
    }
    if (r.type === "childList" && r.target.id === "live" && r.target.textContent) {
      window.__said.push(r.target.textContent);
    }
    for (const n of r.addedNodes || []) {
      if (!n.classList) continue;
      const cards = n.classList.contains("card") ? [n] : [...n.querySelectorAll(".card")];
      for (const c of cards) {
        if (c.classList.contains("enter") && !entered.has(c.dataset.key)) {
          entered.add(c.dataset.key);
          window.__seen.enter++;
        }
        if (c.classList.contains("deal") && !dealt.has(c.dataset.index)) {
          dealt.add(c.dataset.index);
          window.__seen.deal++;
        }
        if (getComputedStyle(c).opacity < 0.99 && c.closest("#trick")
            && !c.closest("#trick.collect") && !c.classList.contains("enter")) {
          window.__seen.dimmed++;
        }
      }
    }
  }
}).observe(document, { subtree: true, childList: true, attributes: true,
                       attributeFilter: ["class"] });
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium("--autoplay-policy=no-user-gesture-required") as b:
        yield b


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("ui")
    with running_server(tmp) as s:
        yield s


def new_page(browser: Any, size: tuple[int, int] = (1280, 800), prefs: dict[str, str] | None = None,
             **kw: Any) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, **kw)
    context.add_init_script(WATCH)
    if prefs:
        script = "".join(f"localStorage.setItem('doko.{k}', '{v}');" for k, v in prefs.items())
        context.add_init_script(script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def create_table(page: Any, base: str, seats: tuple[str, str, str] = ("bot:random",) * 3,
                 games: str = "1", chat: str = "players", name: str = "Anna") -> None:
    page.goto(base + "/")
    page.wait_for_selector("#f-seat-3 option[value='bot:random']", state="attached")
    page.fill("#f-myname", name)
    page.select_option("#f-games", games)
    page.select_option("#f-delay", "0")
    page.select_option("#f-chat", chat)
    for i, kind in enumerate(seats, start=1):
        page.select_option(f"#f-seat-{i}", kind)
    page.click("#f-submit")
    page.wait_for_url("**/t/*")


#: In the page: whether the chat shows the line ``text``.
CHAT_HAS = ("(text) => [...document.querySelectorAll('#chat-log .txt')]"
            ".some(e => e.textContent === text)")


def seen(page: Any) -> dict[str, int]:
    return dict(page.evaluate("window.__seen"))


def click_until_over(page: Any, deadline: float) -> int:
    """Answer and play by clicking until the result dialog opens; returns the cards played."""
    played = 0
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return played
        for sel in ('#actions button[data-act="healthy"]', '#actions button[data-act="done"]',
                    ".hand.myturn .card.legal"):
            loc = page.locator(sel)
            if loc.count():
                try:
                    loc.first.click(timeout=2000)
                    played += sel.endswith("legal")
                except Exception:  # the page re-rendered under the pointer: look again
                    pass
                page.wait_for_timeout(40)
                break
        else:
            page.wait_for_timeout(40)
    raise AssertionError("the game did not end in time")


def keys_until_over(page: Any, deadline: float) -> int:
    """Answer and play with the keyboard only until the result dialog opens: the page puts the
    focus on the first answer or a playable card when the turn comes; the arrows find a
    playable card, Enter plays it. Returns the keys pressed."""
    pressed = 0
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return pressed
        state = page.evaluate("""() => {
          const a = document.activeElement;
          return { myturn: !!document.querySelector('.hand.myturn'),
                   button: a && a.tagName === 'BUTTON' && a.closest('#actions')
                     ? a.dataset.act : null,
                   legal: !!(a && a.classList.contains('card') && a.classList.contains('legal')),
                   query: !!document.querySelector('#actions button[data-act="healthy"]') };
        }""")
        if state["query"] and state["button"] != "healthy":
            page.keyboard.press("Tab")  # to the answers (the first is "healthy")
            pressed += 1
            continue
        if state["button"] in ("healthy", "done"):
            page.keyboard.press("Enter")
            pressed += 1
        elif state["myturn"]:
            page.keyboard.press("Enter" if state["legal"] else "ArrowRight")
            pressed += 1
        page.wait_for_timeout(40)
    raise AssertionError("the game did not end in time")


def no_horizontal_overflow(page: Any, width: int) -> None:
    sizes = page.evaluate("""() => {
      const wrap = document.querySelector('.sheet-wrap');
      const table = document.querySelector('#sheet-table');
      return { wrap: wrap.clientWidth, table: table.scrollWidth,
               box: table.getBoundingClientRect().right,
               doc: document.documentElement.scrollWidth };
    }""")
    assert sizes["table"] <= sizes["wrap"], sizes
    assert sizes["box"] <= width and sizes["doc"] <= width, sizes


# ------------------------------------------------------------------------------ tests


def test_a_game_with_animations_and_sounds(browser: Any, server: Server) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context, page, errors = new_page(browser, prefs={"motion": "on", "sound": "on"})
    try:
        create_table(page, server.url)
        page.wait_for_selector(".hand .card", timeout=15000)
        link = page.url
        assert not page.evaluate("document.body.classList.contains('calm')")
        # every card has a text label; court cards are drawn figures, not letters
        labels = page.locator(".hand .card").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        assert len(labels) == 12 and all(labels)
        courts = page.locator(".hand .card svg.court")
        if courts.count():
            assert courts.first.locator("circle").count() >= 2  # a head, eyes
        shots = False
        deadline = time.monotonic() + 90
        played = 0
        while not page.locator("#result").count():
            played += click_until_over_once(page)
            if not shots and page.locator(".hand .card").count() <= 9 and \
                    page.locator(".hand.myturn").count():
                shots = True
                page.wait_for_function("!window.doko.busy()")  # the trick is collected
                page.wait_for_timeout(300)  # and a card that just came has arrived
                page.screenshot(path=str(ARTIFACTS / "ui-desktop-1280x800.png"))
                phone_shots(browser, link)
            assert time.monotonic() < deadline, "the game did not end in time"
        s = seen(page)
        assert s["deal"] == 12, s  # the deal flew in, card by card
        # the cards came from their sides (of a trick completed while the one before was still
        # shown, the cards come together), each trick was held whole, then collected
        assert s["enter"] >= 12, s
        assert s["collect"] >= 3 and s["heldFull"] == s["collect"], s
        assert s["dimmed"] == 0, s
        assert s["oscillators"] + s["buffers"] > 10, s  # the sounds, made in the browser
        # the result came after the last trick was collected
        assert page.locator("#trick .card").count() == 0 or \
            page.locator("#result").count() == 1
        assert page.locator("#breakdown tbody tr").count() >= 1
        page.click("#modal-close")
        page.click("#btn-sheet")
        page.locator("#sheet-table").wait_for()
        for width, height in ((360, 740), (390, 844)):  # the same page on a phone's width
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            no_horizontal_overflow(page, width)
            page.screenshot(path=str(ARTIFACTS / f"ui-sheet-{width}.png"))
        assert not errors, errors
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "ui-failure-animations.png"))
        raise
    finally:
        context.close()


def click_until_over_once(page: Any) -> int:
    for sel in ('#actions button[data-act="healthy"]', '#actions button[data-act="done"]',
                ".hand.myturn .card.legal"):
        loc = page.locator(sel)
        if loc.count():
            try:
                loc.first.click(timeout=2000)
            except Exception:  # the page re-rendered under the pointer: look again
                return 0
            page.wait_for_timeout(40)
            return int(sel.endswith("legal"))
    page.wait_for_timeout(40)
    return 0


def phone_shots(browser: Any, link: str) -> None:
    """The table at the same seat link on a phone, upright and sideways: the whole hand on the
    screen, the felt used (the trick's cards larger than the hand's upright)."""
    for name, size in (("ui-phone-390x844.png", (390, 844)), ("ui-phone-844x390.png", (844, 390))):
        phone = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                    is_mobile=True, has_touch=True, device_scale_factor=2)
        pp = phone.new_page()
        pp.goto(link)
        pp.wait_for_selector(".hand .card", timeout=10000)
        pp.wait_for_timeout(300)
        box = pp.locator(".hand .card").last.bounding_box()
        assert box is not None and box["x"] + box["width"] <= size[0] + 1
        assert box["y"] + box["height"] <= size[1] + 1
        doc = pp.evaluate("[document.documentElement.scrollWidth, "
                          "document.documentElement.scrollHeight]")
        assert doc[0] <= size[0], doc
        pp.screenshot(path=str(ARTIFACTS / name))
        phone.close()


def test_keyboard_only_with_reduced_motion(browser: Any, server: Server) -> None:
    context, page, errors = new_page(browser, reduced_motion="reduce")
    try:
        create_table(page, server.url)
        page.wait_for_selector(".hand .card", timeout=15000)
        assert page.evaluate("document.body.classList.contains('calm')")
        keys = keys_until_over(page, time.monotonic() + 90)
        assert keys >= 12
        s = seen(page)
        assert s["enter"] == 0 and s["deal"] == 0 and s["dimmed"] == 0, s  # nothing moved
        assert s["oscillators"] + s["buffers"] == 0, s  # sounds are off by default
        assert page.locator("#breakdown tbody tr").count() >= 1
        live = page.locator("#live")
        assert live.get_attribute("aria-live") == "polite"
        page.keyboard.press("Escape")
        assert page.locator("#modal").is_hidden()
        # the live region said what happened: the cards played, each trick's winner, the turn
        said = [x for text in page.evaluate("window.__said") for x in text.split(". ")]
        assert any(x.startswith("Du spielst ") for x in said), said
        assert sum(" spielt " in x for x in said) >= 12, said
        assert sum(x.startswith("Stich an ") and x.endswith(" Augen)") for x in said) >= 3, said
        assert "Du bist am Zug" in said
        assert not errors, errors
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "ui-failure-keyboard.png"))
        raise
    finally:
        context.close()


def test_chat_invitations_and_a_spectator(browser: Any, server: Server) -> None:
    anna_ctx, anna, errors = new_page(browser, prefs={"motion": "off"})
    contexts = [anna_ctx]
    try:
        create_table(anna, server.url, seats=("human", "bot:random", "bot:random"), games="4")
        # the waiting screen: the creator's invitation links with copy buttons, and the rule
        # of a round of four games with Pflichtsoli (every game a Vorführung)
        invites = anna.locator("#wait-invites")
        invites.wait_for()
        assert invites.locator("button.copy").count() == 1
        bert_link = anna.locator('#wait-invites [data-invite="2"] input').input_value()
        assert "#" in bert_link
        assert "Vorführung" in anna.locator("#wait-pflicht").inner_text()
        spectate = anna.evaluate("localStorage.getItem('doko.spectate.' + window.doko.S.code)")
        bert_ctx, bert, bert_errors = new_page(browser, prefs={"motion": "off"})
        spec_ctx, spec, spec_errors = new_page(browser)
        contexts += [bert_ctx, spec_ctx]
        bert.goto(bert_link)
        bert.wait_for_selector("#btn-chat:not([hidden])")
        spec.goto(server.url + spectate)
        spec.wait_for_selector(".seat")
        assert not bert.locator("#wait-invites").count()  # never shown to the others
        assert not spec.locator("#wait-invites").count()
        assert spec.locator("#btn-chat").is_hidden()  # this table keeps its chat to players

        anna.click("#btn-chat")
        evil = '<img src=x onerror="window.__pwned=1"> Gut gespielt & so'
        anna.fill("#chat-input", evil)
        anna.keyboard.press("Enter")
        bert.wait_for_selector("#chat-unread:not([hidden])")
        bert.click("#btn-chat")
        line = bert.locator("#chat-log li").last
        line.wait_for()
        assert line.locator(".txt").inner_text() == evil  # shown as text
        assert bert.locator("#chat-log img").count() == 0
        assert not bert.evaluate("window.__pwned") and not anna.evaluate("window.__pwned")
        # a quick reaction shows by the seat
        bert.click('#chat-reacts button[data-react="thumbs"]')
        anna.wait_for_selector('.seat[data-seat="1"] .bubble')
        # Bert mutes Anna: her next line does not reach him
        bert.click('#chat-mutes button[data-mute="0"]')
        anna.fill("#chat-input", "hört mich wer?")
        anna.keyboard.press("Enter")
        anna.wait_for_function(CHAT_HAS, arg="hört mich wer?")
        bert.fill("#chat-input", "ping")
        bert.keyboard.press("Enter")
        anna.wait_for_function(CHAT_HAS, arg="ping")
        assert "hört mich wer?" not in bert.locator("#chat-log").inner_text()
        assert "hört mich" not in spec.content() and "Gut gespielt" not in spec.content()
        anna.screenshot(path=str(ARTIFACTS / "ui-chat-1280x800.png"))

        # German-suited cards, chosen in the settings and remembered by this browser
        assert bert.locator(".hand .card use").first.get_attribute("href").startswith("#suit-")
        bert.click("#btn-settings")
        bert.check('input[name="suits"][value="german"]')
        bert.keyboard.press("Escape")
        first = bert.locator(".hand .card").first
        assert first.locator("use").first.get_attribute("href").startswith("#gsuit-")
        label = first.get_attribute("aria-label")
        assert any(s in label for s in ("Eichel", "Grün", "Herz", "Schellen")), label
        bert.reload()
        bert.wait_for_selector(".hand .card")
        assert bert.locator(".hand .card use").first.get_attribute("href").startswith("#gsuit-")
        assert anna.locator(".hand .card use").first.get_attribute("href").startswith("#suit-")
        bert.screenshot(path=str(ARTIFACTS / "ui-german-suits.png"))
        assert not (errors or bert_errors or spec_errors), (errors, bert_errors, spec_errors)
    except BaseException:
        anna.screenshot(path=str(ARTIFACTS / "ui-failure-chat.png"))
        raise
    finally:
        for c in contexts:
            c.close()
