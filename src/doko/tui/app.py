"""The game and round loop of ``doko play``: the human at one seat, computer players at the
others (driven with :mod:`doko.bots.base`), input through :mod:`doko.tui.parse`, output through
:mod:`doko.tui.render`.

Calls out of turn. The human makes calls at his own prompts: alone (``re``, then the prompt
comes back), before his card (``re 3``) or right after it (``3 re``, made before anybody else
acts). A call deadline (TSR 6.2.2, 6.3.4, 6.4.4, shifted in a Hochzeit by 6.4.2) counts the
cards in the caller's hand, which only change when he plays, so a call that is legal at any
moment between two of his cards is also legal at his next prompt: nothing is lost by waiting.
The program asks "Ansage?" out of turn only where a call would otherwise become impossible
before he acts again: after a soloist's concession (Kontra may still call, TSR 5.4.7). With
``--ask-calls`` it also asks before every card of a computer player while he may call.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console, RenderableType
from rich.text import Text

from doko.bots.base import Player, PlayerError, offer_calls, step
from doko.bots.levels import make_level
from doko.engine.actions import (
    ARMUT,
    BLACK,
    CALL_RE,
    CLAIM,
    CONCEDE,
    GENSCHER_CODES,
    HEALTHY,
    MARRIAGE,
    PASS,
    PIG_CODES,
    PIGS,
    REFUSE,
    RESERVATION,
    SOLO_INDEX,
    SUPERPIGS,
    TAKE,
    THROW,
    WITHDRAW,
    call_code_for,
    call_level,
    code_of,
    code_text,
    encode,
    genscher_naming,
    genscher_partner,
    is_solo_code,
    seat_of,
)
from doko.engine.callhints import call_hints, hint_lines
from doko.engine.cards import EYES, QC, card_symbol, hand_kinds
from doko.engine.contracts import SOLO_NAMES
from doko.engine.errors import IllegalActionError
from doko.engine.game import (
    ASK_LUST,
    ASK_PFLICHT,
    FORCED,
    Game,
)
from doko.engine.record import take_back, to_record
from doko.engine.result import game_result
from doko.engine.rules import TSR, Rules, option_lines
from doko.engine.scoring import format_score
from doko.engine.texts import text
from doko.engine.view import SeatView, view
from doko.engine.vocab import Party, Phase
from doko.session import Round, RoundError, status_lines, write_atomic
from doko.session.files import read_problem
from doko.session.sheet import places
from doko.tui.analysis import hint_line, is_analysis_request, show_analysis
from doko.tui.parse import InputError, Token, is_no, is_yes, parse
from doko.tui.render import (
    Screen,
    SheetRow,
    sheet_table,
    table_screen,
    trick_text,
)
from doko.tui.texts import (
    BOT_NAMES,
    HUMAN_NAMES,
    call_word,
    contract_text,
    solo_text,
    tr,
)

__all__ = ["PlayOptions", "QuitRequest", "Terminal", "run_play"]

#: The word (``tui.type_*``) that announces each pig level (house rules).
_PIG_WORDS = {PIGS: "pigs", SUPERPIGS: "superpigs", PIG_CODES[2]: "hyperpigs"}



@dataclass
class PlayOptions:
    """The settings of one ``doko play`` run (see :mod:`doko.cli.play`)."""

    level: str
    seat: int = 0
    rules: Rules = TSR
    lang: str = "de"
    round: bool = False
    #: games in a round; None: an open-ended list
    games: int | None = 24
    resume: str | None = None
    seed: int = 1
    save: str | None = None
    fast: bool = False
    ask_calls: bool = False
    #: ask before each card is played ("♣D spielen? (j/n)")
    confirm: bool = False
    #: after each own card, let the player take it back before the next card is played
    #: (only against computer players, which is every table of doko play)
    take_back: bool = False


class QuitRequest(Exception):
    """The human quit (``quit``, end of input or Ctrl-C)."""


class Terminal:
    """Console output and line input. Interactive (stdout a terminal): the screen is redrawn
    in place; otherwise everything is printed in order, without colour, and input is echoed."""

    def __init__(self, lang: str, fast: bool = False) -> None:
        self.console = Console(highlight=False)
        self.lang = lang
        self.interactive = self.console.is_terminal
        self.animate = self.interactive and not fast
        self.pause = 0.6 if self.animate else 0.0
        try:
            self.stdin_tty = sys.stdin.isatty()
        except (AttributeError, ValueError):
            self.stdin_tty = False

    def print(self, *items: RenderableType | str) -> None:
        for item in items:
            if isinstance(item, str):  # messages: no hard line breaks (file names, commands)
                self.console.print(Text(item), soft_wrap=True)
            else:
                self.console.print(item)

    def error(self, message: str) -> None:
        """One line on standard error: ``doko play: error: ...``."""
        print(text("cli.play.error", self.lang, msg=message), file=sys.stderr)

    def clear(self) -> None:
        if self.interactive:
            self.console.clear()

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and read one line (stripped); end of input raises QuitRequest."""
        self.console.print(Text(prompt + " › ", style="bold cyan"), end="")
        if self.stdin_tty:
            try:
                line = input()
            except EOFError:
                self.console.print()
                raise QuitRequest from None
        else:
            line = sys.stdin.readline()
            if not line:
                self.console.print()
                raise QuitRequest
            self.console.print(Text(line.rstrip("\r\n")))
        return line.strip()

    @contextmanager
    def thinking(self, name: str, pause: float) -> Iterator[None]:
        """A spinner while a computer player decides, held for at least ``pause`` seconds."""
        if not self.animate:
            yield
            return
        start = time.monotonic()
        with self.console.status(tr(self.lang, "thinking", name=name), spinner="dots"):
            yield
            rest = pause - (time.monotonic() - start)
            if rest > 0:
                time.sleep(rest)


def card_labels(game: Game, seat: int, chosen: dict[int, int]) -> list[int] | None:
    """The fixed label (1..12) of each card ``seat`` holds, in the order of its hand; None
    before the card play. The cards are numbered once, in the game's card order when the play
    begins (the order does not change after that), and a card keeps its number until it is
    played: a number typed always means the same card. ``chosen`` maps the history index of a
    card play to the label the player typed for it (of two equal cards the one typed goes);
    otherwise the lowest label of that card goes."""
    if game.phase not in (Phase.PLAY, Phase.FINISHED):
        return None
    key = game.order.sort_key
    left = list(enumerate(sorted(hand_kinds(game.initial_hands[seat]), key=lambda k: key[k]),
                          start=1))
    for i, a in enumerate(game.history):
        code = code_of(a)
        if seat_of(a) == seat and code < 24:
            label = chosen.get(i)
            at = next((j for j, (n, k) in enumerate(left) if k == code and n == label),
                      next(j for j, (_, k) in enumerate(left) if k == code))
            left.pop(at)
    return [n for n, _ in left]


def contract_label(v: SeatView, names: Sequence[str], lang: str) -> str | None:
    """The game kind as this seat knows it, with the soloist or Hochzeiter."""
    if v.contract is None:
        return None
    married = [seat_of(a) for a in v.history if code_of(a) == MARRIAGE]
    if v.contract == "solo_diamonds" and married:
        return f"{tr(lang, 'marriage_solo')} – {names[married[0]]}"
    label = contract_text(v.contract, lang)
    if v.contract.startswith("solo_") and v.soloist is not None:
        if v.vorfuehrung is not None:
            kind = tr(lang, "vorf")
        elif v.owes_pflichtsolo[v.soloist]:
            kind = tr(lang, "pflicht")
        else:
            kind = tr(lang, "lust")
        return f"{label} ({kind}) – {names[v.soloist]}"
    if v.contract == "marriage" and married:
        return f"{label} – {names[married[0]]}"
    if v.contract == "silent_marriage" and v.soloist is not None:
        return f"{label} – {names[v.soloist]}"
    return label


class GameTable:
    """One game at the table: the loop, the human's prompts and the screen."""

    def __init__(
        self,
        term: Terminal,
        game: Game,
        human: int,
        players: Sequence[Player | None],
        names: Sequence[str],
        opts: PlayOptions,
        *,
        title: str,
        extra_header: Sequence[str] = (),
        round_file: str | None = None,
        sheet: RenderableType | None = None,
        resumed: bool = False,
    ) -> None:
        self.term = term
        self.game = game
        self.human = human
        self.players = list(players)
        self.names = list(names)
        self.lang = opts.lang
        self.opts = opts
        self.title = title
        self.extra_header = list(extra_header)
        self.round_file = round_file
        self.sheet = sheet
        self.events: deque[str] = deque(maxlen=3)
        self.message: str | None = None
        self.error = False
        self.seen = 0
        self.prev = view(game, human)
        self.pending: int | None = None
        self.drawn: int | None = None  # history length at the last full screen (non-TTY)
        self.offered = -1  # history length when the bots were last offered a call
        self.withdraw_offered = -1  # history length when the human was last asked to withdraw
        self.pigs_offered = -1  # ... and when it was last asked to announce its Schweinchen
        #: the label typed for each of the human's card plays, by history index
        self.chosen: dict[int, int] = {}
        self.resumed = resumed
        if resumed:  # a game in progress continues: what happened is on the table already
            self.seen = len(game.history)

    # ------------------------------------------------------------------ output

    def _say(self, text: str, error: bool = False) -> None:
        if self.term.interactive:
            self.message, self.error = text, error
        else:
            self.term.console.print(Text(text, style="bold red" if error else "bold"))

    def _event(self, text: str, card: bool = False) -> None:
        if self.term.interactive:
            if not card:
                self.events.append(text)
        else:
            self.term.console.print(Text("  " + text))

    def _header(self, v: SeatView) -> str:
        parts = [self.title]
        label = contract_label(v, self.names, self.lang)
        if label is None and v.vorfuehrung is not None:
            label = tr(self.lang, "forced", name=self.names[v.vorfuehrung])
        parts.append(label if label is not None else tr(self.lang, "query"))
        parts.append(tr(self.lang, "dealer", name=self.names[v.dealer]))
        parts.extend(self.extra_header)
        if not self.game.rules.is_tsr:
            rules = tr(self.lang, "rules", name=self.game.rules.name)
            if len(" · ".join([*parts, rules])) <= 78:  # one line; the rules go first
                parts.append(rules)
        return " · ".join(parts)

    def _screen(self, v: SeatView, playing: bool) -> Screen:
        lang = self.lang
        notes: list[str] = []
        if v.phase in (Phase.QUERY, Phase.NAMING) and v.to_move == self.human:
            if v.owes_pflichtsolo[self.human] and v.vorfuehrung is None:
                notes.append(tr(lang, "owes"))
            if v.phase == Phase.QUERY and sum(1 for k in v.hand if k == QC) == 2:
                notes.append(tr(lang, "silent_you"))
        hints = (call_hints(self.game, self.human) if v.phase != Phase.QUERY else [])
        note = None
        if v.phase == Phase.PLAY and not hints:
            g = self.game
            if v.contract == "marriage" and not g.game_type_settled:
                note = tr(lang, "calls_after_klaerung")
            elif g.level[0 if g.is_re[self.human] else 1] < 5 and v.calls:
                note = tr(lang, "calls_over")
        return Screen(
            names=self.names, lang=lang, header=self._header(v),
            call_hints=hint_lines(hints, self.game.cards_in_hand(self.human), lang),
            call_note=note, notes=notes,
            events=list(self.events) if self.term.interactive else [],
            message=self.message if self.term.interactive else None, error=self.error,
            playing=playing, labels=card_labels(self.game, self.human, self.chosen),
        )

    def draw(self, playing: bool = False, force: bool = False) -> None:
        """Show the table (interactive: redraw in place; otherwise print it when the game has
        moved on since the last time)."""
        v = view(self.game, self.human)
        n = len(self.game.history)
        if not self.term.interactive:
            if self.drawn == n and not force:
                return
            self.term.console.print(Text("─" * 78, style="dim"))
        self.drawn = n
        self.term.clear()
        self.term.console.print(table_screen(v, self._screen(v, playing),
                                             self.game.rules.hand_size))

    def ask(self, prompt: str, playing: bool = False) -> str:
        self.draw(playing)
        line = self.term.ask(prompt)
        self.message, self.error = None, False
        return line

    # ------------------------------------------------------------------ events

    def _update(self) -> None:
        """Announce what happened since the last update, then redraw when animating."""
        g = self.game
        v = view(g, self.human)
        lang = self.lang
        ex_start, ex_end = g.armut_exchange_span()
        seen_ex = self.human in (g.poor, g.taker)  # the exchange's cards: Re's two only
        for i, a in enumerate(g.history[self.seen:], self.seen):
            seat, code = seat_of(a), code_of(a)
            who = self.names[seat]
            if ex_start <= i < ex_end:
                give = seat == g.poor
                if seen_ex:
                    self._event(tr(lang, "ev_armut_give" if give else "ev_armut_return",
                                   name=who, card=card_symbol(code, lang)))
                else:
                    self._event(tr(lang, "ev_armut_give_hidden" if give
                                   else "ev_armut_return_hidden", name=who))
                if i == ex_end - 1 and g.phase >= Phase.PLAY:
                    self._event(tr(lang, "ev_armut_trumps", n=g.armut_trumps_back()))
            elif code in (ARMUT, TAKE, REFUSE):
                key = {ARMUT: "ev_armut", TAKE: "ev_armut_take", REFUSE: "ev_armut_refuse"}[code]
                self._event(tr(lang, key, name=who))
                if code == REFUSE and g.ended == "armut_refused":
                    self._event(tr(lang, "ev_redeal_armut"))
            elif code == THROW:
                hand = " ".join(card_symbol(k, lang) for k in g.hand(seat))
                self._event(tr(lang, "ev_throw", name=who, cards=hand))
            elif code < 24:
                self._event(tr(lang, "ev_play", name=who, card=card_symbol(code, lang)), True)
            elif code in (HEALTHY, RESERVATION):
                ans = tr(lang, "healthy" if code == HEALTHY else "reservation")
                self._event(tr(lang, "ev_answer", name=who, answer=ans))
            elif is_solo_code(code):
                self._event(tr(lang, "ev_solo", name=who, solo=solo_text(code, lang)))
            elif code == MARRIAGE:
                self._event(tr(lang, "ev_marriage", name=who))
            elif code == PASS:
                self._event(tr(lang, "ev_pass", name=who))
            elif CALL_RE <= code <= BLACK:
                self._event(self._call_event(seat, code))
            elif code == CONCEDE:
                key = "ev_concede_you" if seat == self.human else "ev_concede"
                self._event(tr(lang, key, name=who))
            elif code == CLAIM:
                key = "ev_claim_you" if seat == self.human else "ev_claim"
                self._event(tr(lang, key, name=who))
            elif code == WITHDRAW:
                self._event(tr(lang, "ev_withdraw", name=who))
            elif code in PIG_CODES:  # Schweinchen announced (house rules)
                self._event(tr(lang, "ev_pigs", name=who, what=code_text(code, lang)))
            elif code in GENSCHER_CODES:  # a Genscher named its partner (house rule)
                self._event(tr(lang, "ev_genscher", name=who,
                               partner=self.names[genscher_partner(seat, code)]))
        self.seen = len(g.history)
        prev = self.prev
        for n in range(len(prev.tricks), len(v.tricks)):
            leader, cards, w = v.tricks[n]
            self._event(tr(lang, "trick_log", n=n + 1,
                           cards=trick_text(leader, cards, self.names, lang).plain,
                           name=self.names[w], eyes=sum(EYES[k] for k in cards)))
        if prev.phase in (Phase.QUERY, Phase.NAMING) and v.phase == Phase.PLAY:
            label = contract_label(v, self.names, lang)
            self._event(tr(lang, "ev_game", kind=label))
            lead = v.trick_leader
            self._event(tr(lang, "ev_leads_you") if lead == self.human
                        else tr(lang, "ev_leads", name=self.names[lead]))
        elif prev.contract != v.contract and prev.phase == Phase.PLAY:
            you = v.soloist == self.human
            if v.contract == "silent_marriage" and v.soloist is not None:
                self._event(tr(lang, "ev_silent_you" if you else "ev_silent",
                               name=self.names[v.soloist]))
            elif v.contract == "solo_diamonds" and v.soloist is not None:
                self._event(tr(lang, "ev_marriage_solo_you" if you else "ev_marriage_solo",
                               name=self.names[v.soloist]))
        if (v.contract == "marriage" and not prev.partnerships_clarified
                and v.partnerships_clarified and g.partner >= 0):
            hz = self.names[g.hochzeiter]
            if g.hochzeiter == self.human:
                self._event(tr(lang, "ev_partner_of_you", name=self.names[g.partner]))
            elif g.partner == self.human:
                self._event(tr(lang, "ev_partner_you", hochzeiter=hz))
            else:
                self._event(tr(lang, "ev_partner", name=self.names[g.partner], hochzeiter=hz))
        self.prev = v
        if self.term.animate:
            self.draw()

    def _call_event(self, seat: int, code: int) -> str:
        lang = self.lang
        who = self.names[seat]
        # the party's level before this call (the call is the last entry of g.calls)
        party = self.game.calls[-1][1] if self.game.calls else Party.RE
        before = max((lv for _, p, lv, _ in self.game.calls[:-1] if p == party), default=0)
        target = call_level(code)
        implied = []
        for lv in range(before + 1, target):
            implied.append(call_word(call_code_for(lv, party == Party.RE)))
        if implied:
            return tr(lang, "ev_call_implied", name=who, call=call_word(code),
                      implied=", ".join(implied))
        return tr(lang, "ev_call", name=who, call=call_word(code))

    # ------------------------------------------------------------------ the loop

    def play(self) -> None:
        """Play the game to its end (raises :class:`QuitRequest` when the human quits).
        ``self.game`` is the game at the end: a card taken back replaces it."""
        g = self.game
        lang = self.lang
        if self.resumed:
            self._event(tr(lang, "ev_resumed", n=len(g.tricks)))
        elif g.vorfuehrung is not None:
            key = "ev_vorf_you" if g.vorfuehrung == self.human else "ev_vorf"
            self._event(tr(lang, key, name=self.names[g.vorfuehrung]))
        else:
            self._event(tr(lang, "ev_deal", dealer=self.names[g.dealer],
                           first=self.names[(g.dealer + 1) & 3]))
        while not self.game.is_over:
            g = self.game
            if g.to_move == self.human:
                # the computer players may call before the human acts, once per position
                if self.offered != len(g.history):
                    self.offered = len(g.history)
                    if offer_calls(g, self.players):
                        self._update()
                        continue
                self._human_turn()
                continue
            if self._offer_withdraw() or self._offer_pigs():
                continue
            if self.opts.ask_calls and self._call_codes() and self._offer_human_call():
                continue
            seat = g.to_move
            pause = self.term.pause * (2 if not g.trick and g.tricks else 1)
            with self.term.thinking(self.names[seat], pause):
                step(g, self.players)
            self._update()
        # after a concession Kontra may still call (TSR 5.4.7)
        g = self.game
        while True:
            while offer_calls(g, self.players):
                self._update()
            if not self._call_codes() or not self._offer_human_call(conceded=True):
                break
        if self.term.interactive:
            self._say(tr(lang, "end_title") + " – " + self._end_how())
            while is_analysis_request(self.ask(tr(lang, "prompt_continue"))):
                show_analysis(self.term, self.game, self.human, lang, self.opts.seed)

    def _end_how(self) -> str:
        return end_how(self.game, self.names, self.human, self.lang)

    def _call_codes(self) -> list[int]:
        return [c for c in map(code_of, self.game.legal_actions(self.human))
                if CALL_RE <= c <= BLACK]

    def _offer_withdraw(self) -> bool:
        """Before the next player answers, ask whether the human takes back the Vorbehalt it
        just announced (TSR 4.1.2; at position 4 until the naming goes on); not when it named
        its solo already in the query (then it is meant). True if the human withdrew."""
        g = self.game
        if (g.withdraw_seat() != self.human or self.pending is not None
                or self.withdraw_offered == len(g.history)):
            return False
        self.withdraw_offered = len(g.history)
        before = len(g.history)
        line = self.ask(tr(self.lang, "prompt_withdraw"))
        if line:
            self._handle(line)
        return len(g.history) > before

    def _pig_code(self) -> int | None:
        """The Schweinchen announcement the human may make now (house rules), or None."""
        codes = [c for c in map(code_of, self.game.legal_actions(self.human)) if c in PIG_CODES]
        return codes[0] if codes else None

    def _offer_pigs(self) -> bool:
        """Out of turn, before the first card (``Rules.pigs == "query"``): ask whether the human
        announces its Schweinchen, once per position. True if it did."""
        g = self.game
        code = self._pig_code()
        if code is None or self.pigs_offered == len(g.history):
            return False
        self.pigs_offered = len(g.history)
        before = len(g.history)
        line = self.ask(tr(self.lang, "prompt_pigs", what=code_text(code, self.lang),
                           word=tr(self.lang, "type_" + _PIG_WORDS[code])))
        if line:
            self._handle(line)
        return len(g.history) > before

    def _offer_human_call(self, conceded: bool = False) -> bool:
        """Ask "Ansage?" out of turn; True if the human made a call."""
        key = "prompt_call_conceded" if conceded else "prompt_call"
        while True:
            before = len(self.game.history)
            line = self.ask(tr(self.lang, key))
            if not line:
                return False
            self._handle(line)
            if len(self.game.history) > before:
                return True

    def _human_turn(self) -> None:
        g = self.game
        v = view(g, self.human)
        lang = self.lang
        codes = {code_of(a) for a in v.legal_actions}
        if v.phase == Phase.QUERY:
            key = "prompt_query_throw" if THROW in codes else "prompt_query"
            line = self.ask(tr(lang, key))
        elif v.phase == Phase.NAMING and TAKE in codes:  # an Armut on offer (house rule)
            line = self.ask(tr(lang, "prompt_armut_take", name=self.names[g.poor],
                               n=g.armut_cards))
        elif v.phase == Phase.NAMING and min(codes) < 24:  # the Armut's exchange
            key = "prompt_armut_give" if self.human == g.poor else "prompt_armut_return"
            done = len(v.armut_given) if self.human == g.poor else len(v.armut_returned)
            line = self.ask(tr(lang, key, n=g.armut_cards - done), playing=True)
        elif v.phase == Phase.NAMING:
            if self.pending is not None and self.pending in codes:
                code, self.pending = self.pending, None
                self._event(tr(lang, "ev_pending", solo=self._naming_word(code)))
                g.apply(encode(self.human, code))
                self._update()
                return
            # the words to type (doko.tui.parse understands them in both languages)
            words = [tr(lang, "type_" + SOLO_NAMES[SOLO_INDEX[c]]) for c in sorted(codes)
                     if is_solo_code(c)]
            if MARRIAGE in codes:
                words.append(tr(lang, "type_marriage"))
            if ARMUT in codes:
                words.append(tr(lang, "type_armut"))
            if PASS in codes:
                words.append(tr(lang, "type_pass"))
            if WITHDRAW in codes:
                words.append(tr(lang, "type_withdraw"))
            options = ", ".join(words)
            key = {FORCED: "prompt_forced", ASK_PFLICHT: "prompt_pflicht",
                   ASK_LUST: "prompt_lust"}.get(g.naming_stage, "prompt_naming")
            line = self.ask(tr(lang, key, options=options))
        elif codes and codes <= set(GENSCHER_CODES):  # house rule: the Genscher names
            self._genscher_turn()
            return
        else:
            pig = self._pig_code()
            if pig is not None:  # house rules: the Schweinchen may be announced now
                self._say(tr(lang, "pigs_offer", what=code_text(pig, lang),
                             word=tr(lang, "type_" + _PIG_WORDS[pig])))
            line = self.ask(tr(lang, "prompt_card"), playing=True)
        self._handle(line)

    def _genscher_turn(self) -> None:
        """The human played its second ♦K as a Genscher (house rule): ask for the new partner
        by seat number 1..4 (naming the current partner keeps the parties)."""
        lang, me = self.lang, self.human
        others = [(me + k) & 3 for k in (1, 2, 3)]
        seats = ", ".join(f"{s + 1} ({self.names[s]})" for s in sorted(others))
        line = self.ask(tr(lang, "genscher_prompt", seats=seats), playing=True).strip()
        if line.isdigit() and int(line) - 1 in others:
            self.game.apply(encode(me, genscher_naming(me, int(line) - 1)))
            self._update()
        elif line:
            self._handle(line)  # a command (help, sheet, quit ...) or an explained refusal
        else:
            self._say(tr(lang, "genscher_bad", seats=seats), error=True)

    def _naming_word(self, code: int) -> str:
        if code in (MARRIAGE, ARMUT):
            return code_text(code, self.lang)
        return solo_text(code, self.lang)

    # ------------------------------------------------------------------ input

    def _handle(self, line: str) -> None:
        """Carry out one input line, or explain why not (then nothing has changed)."""
        lang = self.lang
        g = self.game
        try:
            tokens = parse(line)
        except InputError as e:
            self._say(tr(lang, "err_unknown", word=str(e)), error=True)
            return
        if not tokens:
            if g.to_move == self.human and g.phase == 2:
                self._say(tr(lang, "err_empty_play"))
            return
        commands = [t for t in tokens if t.kind == "command"]
        if commands:
            if len(tokens) > 1:
                self._say(tr(lang, "err_mixed", word=commands[0].text), error=True)
                return
            self._command(str(commands[0].value))
            return
        resolved = self._resolve(tokens)
        if resolved is None:
            return
        codes = [code for code, _ in resolved]
        v = view(g, self.human)
        if v.phase == Phase.QUERY and len(codes) == 1 and (
                is_solo_code(codes[0]) or codes[0] in (MARRIAGE, ARMUT)):
            # a solo named in the query: say Vorbehalt now, name it when asked (TSR 4.1.4)
            if v.to_move == self.human:
                self.pending = codes[0]
                codes = [RESERVATION]
            else:
                self._say(tr(lang, "err_query_first", solo=self._naming_word(codes[0])), True)
                return
        # check the whole line on a copy first: all of it or nothing
        trial = g.clone()
        for code in codes:
            try:
                trial.apply(encode(self.human, code))
            except IllegalActionError as e:
                self.pending = None
                self._say(self._explain(e, code), error=True)
                return
        if CONCEDE in codes and not self._confirm(tr(lang, "prompt_concede")):
            return
        cards = [code for code in codes if code < 24]
        if cards and self.opts.confirm and not self._confirm(
                tr(lang, "prompt_confirm_card", card=card_symbol(cards[0], lang))):
            return
        labels = dict(resolved)
        for code in codes:
            if code < 24 and labels.get(code) is not None:
                self.chosen[len(g.history)] = labels[code] or 0
            g.apply(encode(self.human, code))
            self._update()
        if (cards and self.opts.take_back and not g.is_over and g.to_move != self.human
                and g.phase == Phase.PLAY):
            self._offer_take_back()

    def _offer_take_back(self) -> None:
        """Right after the human's card, before anybody else plays: Enter goes on, "zurück"
        takes the card back (:func:`doko.engine.record.take_back`); a call may be made here
        too (as right after the card), anything else is explained."""
        while True:
            line = self.ask(tr(self.lang, "prompt_take_back"))
            if not line:
                return
            try:
                tokens = parse(line)
            except InputError:
                tokens = []
            if [t.value for t in tokens] == ["undo"]:
                self._take_back()
                return
            if tokens and all(t.kind == "action" and CALL_RE <= int(t.value) <= BLACK
                              for t in tokens):
                self._handle(line)  # a call right after the card; a refusal is explained
                continue
            self._say(tr(self.lang, "err_take_back_prompt"), error=True)

    def _take_back(self) -> None:
        """Take back the human's last card if no card was played after it: the game is
        replayed from its record without that card (never changed in place)."""
        g = self.game
        if not self.opts.take_back:
            self._say(tr(self.lang, "err_take_back_off"), error=True)
            return
        back = take_back(g, self.human)
        if back is None:
            self._say(tr(self.lang, "err_take_back_late"), error=True)
            return
        card = code_of(g.history[len(back.history)])
        self.chosen = {i: n for i, n in self.chosen.items() if i < len(back.history)}
        self.game = back
        self.seen = len(back.history)
        self.prev = view(back, self.human)
        self.offered = len(back.history)  # the computer players were offered calls here
        self._say(tr(self.lang, "took_back", card=card_symbol(card, self.lang)))

    def _resolve(self, tokens: Sequence[Token]) -> list[tuple[int, int | None]] | None:
        """The action codes of the tokens, each card with the label it was typed as (None:
        typed as a card code or name); None (and the reason said) if a label names no card
        in hand."""
        g = self.game
        hand = view(g, self.human).hand
        labels = card_labels(g, self.human, self.chosen)
        out: list[tuple[int, int | None]] = []
        for t in tokens:
            if t.kind != "position":
                out.append((int(t.value), None))
                continue
            i = int(t.value)
            if labels is None:  # before the card play: the place in the hand
                if not 1 <= i <= len(hand):
                    key = "err_position1" if len(hand) == 1 else "err_position"
                    self._say(tr(self.lang, key, n=len(hand)), error=True)
                    return None
                out.append((hand[i - 1], None))
            elif i in labels:
                out.append((hand[labels.index(i)], i))
            else:
                order = g.order.sort_key
                dealt = sorted(hand_kinds(g.initial_hands[self.human]), key=lambda k: order[k])
                if 1 <= i <= len(dealt):
                    self._say(tr(self.lang, "err_label_played", n=i,
                                 card=card_symbol(dealt[i - 1], self.lang)), error=True)
                else:
                    self._say(tr(self.lang, "err_label", size=len(dealt)), error=True)
                return None
        return out

    def _explain(self, e: IllegalActionError, code: int) -> str:
        if e.key == "not_in_hand":
            return tr(self.lang, "err_not_in_hand", card=card_symbol(code, self.lang))
        return e.text(self.lang, names=self.names, me=self.human)

    def _confirm(self, prompt: str) -> bool:
        while True:
            answer = self.term.ask(prompt)
            if is_yes(answer):
                return True
            if is_no(answer) or not answer:
                return False

    def _command(self, name: str) -> None:
        lang = self.lang
        if name == "help":
            self._show_help()
        elif name == "last":
            v = view(self.game, self.human)
            if not v.tricks:
                self._say(tr(lang, "last_none"))
                return
            leader, cards, w = v.tricks[-1]
            line = tr(lang, "last_trick", n=len(v.tricks),
                      cards=trick_text(leader, cards, self.names, lang).plain,
                      name=self.names[w], eyes=sum(EYES[k] for k in cards))
            self._say(line)
        elif name == "sheet":
            if self.sheet is None:
                self._say(tr(lang, "err_no_sheet"), error=True)
                return
            self.term.clear()
            self.term.print(self.sheet)
            if self.term.interactive:
                self.term.ask(tr(lang, "prompt_continue"))
        elif name == "undo":
            if self.game.withdraw_seat() == self.human:  # the Vorbehalt (TSR 4.1.2)
                self.game.apply(encode(self.human, WITHDRAW))
                self._update()
            else:
                self._take_back()
        elif name == "hint":
            self._say(hint_line(self.game, self.human, lang, self.opts.seed))
        elif name == "analysis":
            show_analysis(self.term, self.game, self.human, lang, self.opts.seed)
        elif name == "quit":
            if self.round_file is not None and not self._confirm(
                    tr(lang, "prompt_quit_round", file=self.round_file)):
                return
            raise QuitRequest

    def _show_help(self) -> None:
        lang = self.lang
        self.term.clear()
        self.term.print(Text(tr(lang, "help_title"), style="bold"), Text(tr(lang, "help")),
                        Text(tr(lang, "analysis.help")))
        if self.term.interactive:
            self.term.ask(tr(lang, "prompt_continue"))


# ---------------------------------------------------------------------------------- results


def end_how(game: Game, names: Sequence[str], human: int, lang: str) -> str:
    """How the game ended: played out, conceded (TSR 5.4.6) or claimed (5.4.4)."""
    if game.ended in ("conceded", "claimed"):
        key = "end_how_" + str(game.ended)
        if game.soloist == human:
            return tr(lang, key + "_you")
        return tr(lang, key, name=names[game.soloist])
    return tr(lang, "end_how_played")


def _result_page(game: Game, names: Sequence[str], human: int,
                 lang: str) -> list[RenderableType]:
    """How the game ended, Augen and tricks per party, the TSR 7 breakdown, seat points."""
    s = game_result(game)
    re_seats = game.re_seats()
    ko_seats = [x for x in range(4) if x not in re_seats]
    out: list[RenderableType] = [Text(tr(lang, "end_title"), style="bold underline")]
    if game.ended in ("conceded", "claimed"):
        out.append(end_how(game, names, human, lang))
    for party, seats, eyes, tricks in (
            (Party.RE, re_seats, game.re_eyes(), game.re_tricks()),
            (Party.KONTRA, ko_seats, game.kontra_eyes(), game.kontra_tricks())):
        out.append(tr(lang, "end_party", party=party.label,
                      names=", ".join(names[x] for x in seats),
                      eyes=eyes, tricks=tricks))
    out.append("")
    out.append(Text(format_score(s, lang)))
    points = s.seat_scores(re_seats)
    line = Text(tr(lang, "end_points") + ": ", style="bold")
    for x in range(4):
        if x:
            line.append(" · ")
        line.append(f"{names[x]} {points[x]:+d}" if points[x] else f"{names[x]} 0",
                    style="bold green" if points[x] > 0 else "")
    out.append(line)
    return out


def _round_rows(r: Round, lang: str) -> list[SheetRow]:
    rows = []
    for row in r.rows:
        rows.append(SheetRow(row.number, r.players[row.dealer], row.label(lang),
                             tuple(row.scores), tuple(row.totals)))
    return rows


def ranking_line(names: Sequence[str], totals: Sequence[int], lang: str) -> str:
    """The final standing: places by total, tied players sharing a place, totals signed.

    >>> ranking_line(["Du", "Anna", "Bert", "Clara"], [7, -3, 7, -11], "de")
    'Endstand: 1. Du +7  1. Bert +7  3. Anna -3  4. Clara -11'
    """
    place = places(totals)
    ranking = sorted(range(len(totals)), key=lambda i: (place[i], i))
    return tr(lang, "ranking") + ": " + "  ".join(
        tr(lang, "place", rank=place[i], name=names[i],
           total=f"{totals[i]:+d}" if totals[i] else "0") for i in ranking)


def _seat_names(lang: str, human: int) -> list[str]:
    names = list(BOT_NAMES)
    names[human] = HUMAN_NAMES[lang]
    return names


def _bots(opts: PlayOptions, human: int) -> list[Player | None]:
    return [None if s == human else make_level(opts.level, seed=opts.seed * 10 + s)
            for s in range(4)]


def _game_seed(seed: int, number: int) -> int:
    return seed * 1000 + number


def play_single(term: Terminal, opts: PlayOptions) -> int:
    """One game against three computer players; the score breakdown at the end."""
    lang = opts.lang
    human = opts.seat
    names = _seat_names(lang, human)
    dealer = random.Random(opts.seed).randrange(4)
    game = Game.deal(opts.seed, dealer, rules=opts.rules)
    table = GameTable(term, game, human, _bots(opts, human), names, opts,
                      title=tr(lang, "title"))
    try:
        table.play()
    except QuitRequest:
        term.print(tr(lang, "quit_game"))
        return 0
    game = table.game  # a card taken back replaced the game
    term.clear()
    term.print(*_result_page(game, names, human, lang))
    if term.interactive:
        term.ask(tr(lang, "prompt_continue"))
        term.clear()
    scores = tuple(game_result(game).seat_scores(game.re_seats()))
    label = game.contract_label(lang)
    term.print("", sheet_table([SheetRow(1, names[dealer], label, scores, scores)], names, lang))
    if opts.save:
        try:
            write_atomic(opts.save, json.dumps(to_record(game), ensure_ascii=False) + "\n")
        except OSError as e:
            term.error(f"{opts.save}: {read_problem(e, lang)}")
            return 2
        term.print(tr(lang, "saved_game", file=opts.save))
    term.print(Text(tr(lang, "seed", seed=opts.seed), style="dim"))
    return 0


def _default_round_file() -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"doko-runde-{stamp}.json"
    i = 2
    while Path(name).exists():
        name = f"doko-runde-{stamp}-{i}.json"
        i += 1
    return name


def _round_games(term: Terminal, opts: PlayOptions, r: Round, path: str,
                 names: Sequence[str], human: int) -> None:
    """Deal and play the round's games until it is over; QuitRequest when the human stops
    (every finished game is in the round file already)."""
    lang = opts.lang
    players = _bots(opts, human)
    while not r.is_over:
        number = r.games_played + 1
        current = r.current_game()  # a game in progress when the round was paused
        game = current if current is not None else r.new_game(_game_seed(opts.seed, number))
        title = (tr(lang, "game_n", n=number) if r.games_total is None
                 else tr(lang, "game_n_of", n=number, total=r.games_total))
        extra = [tr(lang, "bock", m=1 << r.bock_level())] if r.bock_level() else []
        table = GameTable(term, game, human, players, names, opts, title=title,
                          extra_header=extra, round_file=path,
                          sheet=sheet_table(_round_rows(r, lang), names, lang),
                          resumed=current is not None)
        try:
            table.play()
        except (QuitRequest, KeyboardInterrupt):
            # the game in progress goes into the round file: resuming continues the same deal
            # and actions (no new deal for a bad hand)
            try:
                r.keep_current(table.game)
            except OSError as e:
                term.error(f"{path}: {read_problem(e, lang)}")
            raise
        game = table.game
        r.add_game(game)
        term.clear()
        term.print(*_result_page(game, names, human, lang))
        if term.interactive:
            term.ask(tr(lang, "prompt_continue"))
            term.clear()
        term.print("", sheet_table(_round_rows(r, lang), names, lang, limit=12))
        for line in status_lines(r, lang):
            term.print(Text(line, style="yellow"))
        if r.is_over:
            return
        answer = term.ask(tr(lang, "prompt_next_game"))
        if answer.lower() in ("quit", "ende", "q", "exit", "beenden"):
            raise QuitRequest


def play_round(term: Terminal, opts: PlayOptions) -> int:
    """A whole round (Spielrunde) with its Spielliste in a round file that is saved after
    every game and can be resumed with ``--resume``."""
    lang = opts.lang
    path = opts.resume or opts.save or _default_round_file()
    try:
        if opts.resume:
            r = Round.load(path)
            term.print(tr(lang, "round_resume", file=path, n=r.games_played))
        else:
            names = _seat_names(lang, opts.seat)
            r = Round.create(path, names, opts.games, rules=opts.rules)
            games = (tr(lang, "round_open") if opts.games is None
                     else tr(lang, "round_games", n=opts.games))
            term.print(tr(lang, "round_start", games=games, file=path))
    except RoundError as e:
        term.error(e.text(lang))
        return 2
    except OSError as e:
        term.error(f"{path}: {read_problem(e, lang)}")
        return 2
    if r.size != 4:
        term.error(text("cli.play.four_only", lang))
        return 2
    names = list(r.players)
    human = next((i for i, n in enumerate(names) if n in HUMAN_NAMES.values()), opts.seat)
    if r.is_over:  # a finished round file: show its sheet
        term.print("", sheet_table(_round_rows(r, lang), names, lang))
        for line in status_lines(r, lang):
            term.print(Text(line, style="yellow"))
    try:
        _round_games(term, opts, r, path, names, human)
    except (QuitRequest, KeyboardInterrupt):
        term.console.print()
        term.print(tr(lang, "round_saved", file=path))
        return 0
    term.print(Text(ranking_line(names, r.totals, lang), style="bold"))
    return 0


def run_play(opts: PlayOptions) -> int:
    """Run ``doko play`` with ``opts``; returns the exit status."""
    term = Terminal(opts.lang, opts.fast)
    # the options chosen beside the preset (--option), said once before the first game
    for _key, label, value in option_lines(opts.rules, opts.lang):
        term.print(tr(opts.lang, "option", label=label, value=value))
    try:
        if opts.round or opts.resume:
            return play_round(term, opts)
        return play_single(term, opts)
    except KeyboardInterrupt:
        term.console.print()
        term.print(tr(opts.lang, "quit_game"))
        return 130
    except PlayerError as e:
        term.error(str(e))
        return 1
