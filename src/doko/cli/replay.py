"""``doko replay``: replay and validate a ``doko-game/1`` record, and show the game.

The text output walks through the game: the deal, the Vorbehaltsabfrage, the game kind, every
trick (who played what, who won it, the Augen in it), each call where it was made, and at the end
Augen and tricks per party and the score by TSR 7.1/7.2. ``--json`` prints one object instead.

Exit status: 0 for a valid record (finished or not), 1 when an action is illegal (its 0-based
index in ``actions``, its seat and the rule broken are named), 2 when the file is not a valid
record at all (unreadable, bad JSON, unknown keys or card codes, wrong card counts).

The text shows the seats as 1 to 4 (the record's ``seat`` fields and ``--json`` keep 0 to 3).
A record holds every hand, so its replay is an open view: a refused claim is shown with the
line of play that refutes it (``IllegalActionError.open_detail``, TSR 9.2.2), which a seat is
never shown during the game.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from doko.cli.args import read_input
from doko.engine.actions import (
    ARMUT,
    CALL_RE,
    CLAIM,
    CONCEDE,
    GENSCHER_CODES,
    HEALTHY,
    REFUSE,
    TAKE,
    THROW,
    Action,
    code_of,
    code_text,
    genscher_partner,
    seat_of,
)
from doko.engine.backend import BACKENDS, BackendError, resolve
from doko.engine.cards import AD, EYES, JC, card_code, card_symbol, hand_kinds
from doko.engine.contracts import MARRIAGE as C_MARRIAGE
from doko.engine.contracts import NORMAL
from doko.engine.errors import IllegalActionError, RecordError, ReplayError
from doko.engine.game import FINISHED, PLAY, QUERY, REDEALS, Game
from doko.engine.record import FORMAT, loads, start_of
from doko.engine.texts import texts_of
from doko.engine.vocab import CallLevel, Party


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` sub-command."""
    p = sub.add_parser(
        "replay",
        help="replay and check a game record (doko-game/1) and show it trick by trick",
        description="Replay a doko-game/1 record, check every action against the rules and show "
        "the game trick by trick with its score. Exit status: 0 valid, 1 an illegal action, "
        "2 not a valid record.",
    )
    p.add_argument("file", metavar="GAME.json", help="the record; '-' reads standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="engine that replays the record (default: $DOKO_BACKEND, else native "
                   "when built); the output names it")
    p.set_defaults(func=run)


# --------------------------------------------------------------------------- running


def run(ns: argparse.Namespace) -> int:
    """Replay ``ns.file``; 0 valid, 1 illegal action, 2 not a record."""
    lang: str = ns.lang
    t = texts_of("cli.replay", lang)
    name = "<stdin>" if ns.file == "-" else ns.file
    text = read_input(ns.file, "replay", lang)
    if text is None:
        return 2
    try:
        backend = resolve(ns.backend)
    except BackendError as e:
        print(f"doko replay: {e}", file=sys.stderr)
        return 2
    try:
        game, actions = start_of(loads(text), backend)
    except (RecordError, RecursionError) as e:
        why = e.text(lang) if isinstance(e, RecordError) else t("too_deep")
        print(f"doko replay: {t('bad_file', file=name, why=why)}", file=sys.stderr)
        return 2
    failure = play_through(game, actions)
    if ns.json:
        if failure is not None:
            out: dict[str, Any] = {
                "valid": False,
                "index": failure.index,
                "seat": failure.seat,
                "error": error_text(failure.error, lang),
                "backend": backend,
            }
        else:
            out = game_json(game)
        out["backend"] = backend
        print(json.dumps(out, ensure_ascii=False))
        return 0 if failure is None else 1
    print(format_game(game, lang))
    if failure is None:
        print(t("valid", backend=backend))
        return 0
    print(t("aborted", index=failure.index, backend=backend))
    sys.stdout.flush()
    bad = actions[failure.index]
    msg = t("illegal", index=failure.index, seat=_seat(failure.seat, lang),
                              what=action_text(bad, lang), why=error_text(failure.error, lang))
    print(f"doko replay: {msg}", file=sys.stderr)
    return 1


def play_through(game: Game, actions: list[Action]) -> ReplayError | None:
    """Apply ``actions`` to ``game`` up to the first illegal one, which is returned."""
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except IllegalActionError as e:
            return ReplayError(i, seat_of(a), e)
    return None


def error_text(error: IllegalActionError, lang: str) -> str:
    """The rule broken, in ``lang``, always naming the TSR clause when there is one.

    A replay shows every hand, so the open detail of the error (the line refuting a claim,
    TSR 9.2.2) is added; never use this for a seat's view during a game."""
    text = error.text(lang)
    if error.rule and "TSR" not in text:
        text += f" (TSR {error.rule})"
    detail = error.open_detail(lang)
    if detail is not None:
        text += f"; {detail}"
    return text


def action_text(action: Action, lang: str) -> str:
    """Short text of an action: a card with its suit symbol, or what was said."""
    code = code_of(action)
    if code < 24:
        return card_symbol(code, lang)
    return code_text(code, lang)


# --------------------------------------------------------------------------- result


def _result_fields(game: Game) -> dict[str, Any]:
    """Winner, per-seat scores and score items of a finished game (TSR 7.1, 7.2); else ``{}``.

    Scored by :func:`doko.engine.result.game_result`. Items are
    :meth:`doko.engine.scoring.LineItem.to_json` objects (party, points, clause, de, en).
    """
    if not game.is_over:
        return {}
    from doko.engine.result import game_result

    try:
        s = game_result(game)
        scores = s.seat_scores(game.re_seats())
    except ValueError as e:  # an engine/scoring mismatch: show, not crash
        return {"score_error": str(e)}
    return {
        "winner": s.winner,
        "value": s.value,
        "scores": scores,
        "items": [i.to_json() for i in s.items],
    }


def party_totals(game: Game) -> tuple[int, int, int, int]:
    """Re's and Kontra's Augen and tricks: final ones for a finished game, else so far."""
    return game.re_eyes(), game.kontra_eyes(), game.re_tricks(), game.kontra_tricks()


def _settled(game: Game) -> bool:
    return game.phase >= PLAY


def game_json(game: Game) -> dict[str, Any]:
    """The ``--json`` object of a valid record (finished or not)."""
    settled = _settled(game)
    re_eyes, kontra_eyes, re_tricks, kontra_tricks = party_totals(game)
    re_seats = game.re_seats() if settled else []
    # a Hochzeit before its Klärungsstich: only the Hochzeiter's party is known (TSR 4.4.3,
    # 5.5.1); the other three are still open, not Kontra
    undecided = settled and game.contract == C_MARRIAGE and not game.klaerung
    open_seats = [s for s in range(4) if s not in re_seats] if undecided else []
    calls = []
    ci = 0
    for i, a in enumerate(game.history):
        if CALL_RE <= code_of(a) < CONCEDE:
            seat, party, level, held = game.calls[ci]
            ci += 1
            calls.append({"index": i, "seat": seat, "party": party.record_name,
                          "call": level.call_name(party), "cards": held})
    tricks: list[dict[str, Any]] = [
        {"leader": leader, "cards": [card_code(k) for k in cards], "winner": winner,
         "eyes": sum(EYES[k] for k in cards)}
        for leader, cards, winner in game.tricks
    ]
    out: dict[str, Any] = {
        "valid": True,
        "finished": game.is_over,
        "ended": game.ended,
        "contract": game.contract_name if settled else None,
        "re": re_seats,
        "kontra": [s for s in range(4) if s not in re_seats] if settled and not undecided
        else [],
        "open": open_seats,
        "re_eyes": re_eyes,
        "kontra_eyes": kontra_eyes,
        "re_tricks": re_tricks,
        "kontra_tricks": kontra_tricks,
        "re_calls": _call_name(game.level[0], Party.RE),
        "kontra_calls": _call_name(game.level[1], Party.KONTRA),
        "calls": calls,
        "tricks": tricks,
        "winner": None,
        "value": None,
        "scores": None,
        "items": [],
    }
    out.update(_result_fields(game))
    return out


def _call_name(level: int, party: Party) -> str | None:
    return CallLevel(level).call_name(party) if level else None


# --------------------------------------------------------------------------- text


def _seat(s: int, lang: str) -> str:
    """An engine seat (0..3) in words, numbered 1..4."""
    return texts_of("cli.replay", lang)("seat", s=s + 1)


def _seat_list(seats: list[int], lang: str) -> str:
    if not seats:
        return "–"
    key = "seat" if len(seats) == 1 else "seats"
    return texts_of("cli.replay", lang)(key, s=", ".join(str(s + 1) for s in seats))


def _call_word(level: int, party: Party) -> str:
    return CallLevel(level).label(party)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def format_game(game: Game, lang: str = "de") -> str:
    """The game so far as text: deal, Vorbehaltsabfrage, tricks with calls, result."""
    t = texts_of("cli.replay", lang)
    lines: list[str] = []
    head = f"{FORMAT} · {t('rules')}: {game.rules.name} · {t('dealer')}: " + _seat(
        game.dealer, lang)
    owes = [s for s in range(4) if game.owes_pflichtsolo[s]]
    if owes:
        head += f" · {t('owes')}: {_seat_list(owes, lang)}"
    if game.vorfuehrung is not None:
        head += f" · {t('vorf')}: {_seat(game.vorfuehrung, lang)}"
    lines.append(head)
    lines.append("")
    lines.append(f"{t('hands')}:")
    key = game.order.sort_key
    for s in range(4):
        cards = sorted(hand_kinds(game.initial_hands[s]), key=lambda k: key[k])
        lines.append(f"  {_seat(s, lang)}: " + " ".join(card_symbol(k, lang) for k in cards))
    lines.append("")

    history = game.history
    i = 0
    # Vorbehaltsabfrage and naming
    if game.vorfuehrung is not None:
        lines.append(t("vorf_line", seat=_seat(game.vorfuehrung, lang)))
    else:
        lines.append(f"{t('query')}:")
    # the Armut's exchange (house rule): every card is shown here (a replay is open)
    ex_start, ex_end = game.armut_exchange_span()
    while i < len(history) and (CALL_RE > code_of(history[i]) >= HEALTHY
                                or code_of(history[i]) in _ARMUT_CODES
                                or ex_start <= i < ex_end):
        a = history[i]
        if ex_start <= i < ex_end:
            what = "armut_give" if seat_of(a) == game.poor else "armut_return"
            lines.append("  " + t(what, seat=_seat(seat_of(a), lang),
                                  card=card_symbol(code_of(a), lang)))
        else:
            lines.append(f"  {_seat(seat_of(a), lang)}: {code_text(code_of(a), lang)}")
        i += 1
    if game.ended in REDEALS:
        lines.append("")
        lines.append(t("redeal_" + str(game.ended)))
        return "\n".join(lines)
    if game.phase <= QUERY or not _settled(game):
        lines.append("")
        who = _seat(game.to_move, lang)
        lines.append(t("unfinished_query", seat=who))
        return "\n".join(lines)
    lines.append("")
    lines.append(f"{t('game')}: {game.contract_label(lang)}" + _game_extra(game, lang))
    re_seats = game.re_seats()
    kontra_seats = [s for s in range(4) if s not in re_seats]
    if game.contract == C_MARRIAGE and not game.klaerung:
        lines.append(f"{Party.RE.label}: {_seat_list(re_seats, lang)} (+ ?)")
    else:
        lines.append(f"{Party.RE.label}: {_seat_list(re_seats, lang)} · "
                     f"{Party.KONTRA.label}: {_seat_list(kontra_seats, lang)}")
    lines.append("")
    lines.append(f"{t('tricks')}:")
    lines += _trick_lines(game, i, lang)
    lines.append("")
    lines += _result_lines(game, lang)
    return "\n".join(lines)


#: The Armut's and Schmeißen's action codes (house rules), shown with the Vorbehaltsabfrage.
_ARMUT_CODES = frozenset((ARMUT, TAKE, REFUSE, THROW))


def _game_extra(game: Game, lang: str) -> str:
    t = texts_of("cli.replay", lang)
    if game.taker >= 0:
        return " – " + t("armut_line", poor=_seat(game.poor, lang),
                         taker=_seat(game.taker, lang), n=game.armut_trumps_back())
    if game.contract == C_MARRIAGE:
        return f" – {t('hochzeiter')}: {_seat(game.hochzeiter, lang)}"
    if game.contract == NORMAL:
        return ""
    if game.contract_name == "silent_marriage":
        return " – " + t("silent", seat=_seat(game.soloist, lang))
    return f" – {t('soloist')}: {_seat(game.soloist, lang)}"


def _trick_lines(game: Game, start: int, lang: str) -> list[str]:
    """One line per trick, with calls, concession and claim on lines of their own."""
    t = texts_of("cli.replay", lang)
    out: list[str] = []
    history = game.history
    n_tricks = len(game.tricks)
    sonder = game.contract in (NORMAL, C_MARRIAGE) and not game.is_solo_game
    call_i = 0
    levels = [0, 0]
    trick_no = 0  # index of the trick being played
    played: list[str] = []  # the cards of it not shown yet, as text
    in_trick = 0  # cards played to it

    def trick_head(n: int) -> str:
        key = "trick" if n < n_tricks else "unfinished_trick"
        return f"  {t(key, n=n + 1)}:"

    for a in history[start:]:
        code, seat = code_of(a), seat_of(a)
        if code < 24:
            played.append(f"{_seat(seat, lang)} {card_symbol(code, lang)}")
            in_trick += 1
            if in_trick == 4:
                _leader, cards, winner = game.tricks[trick_no]
                eyes = sum(EYES[k] for k in cards)
                side = (Party.RE if game.is_re[winner] else Party.KONTRA).label
                line = f"{trick_head(trick_no)} {_join(played)} " + t("wins",
                    seat=_seat(winner, lang), party=side, eyes=eyes)
                marks = _trick_marks(game, trick_no, lang) if sonder else []
                if marks:
                    line += " – " + ", ".join(marks)
                out.append(line)
                played = []
                in_trick = 0
                trick_no += 1
                if game.klaerung == trick_no and game.contract == C_MARRIAGE:
                    if game.marriage_solo:
                        out.append("    " + t("marriage_solo",
                            seat=_seat(game.hochzeiter, lang)))
                    else:
                        out.append("    " + t("klaerung", seat=_seat(game.partner, lang)))
            continue
        if in_trick and played != ["…"]:  # an event mid-trick: show the first part now
            out.append(f"{trick_head(trick_no)} {_join(played)} …")
            played = ["…"]
        indent = "    "
        if CALL_RE <= code < CONCEDE:
            cseat, party, level, held = game.calls[call_i]
            call_i += 1
            before = levels[party]
            levels[party] = level
            which = "ansage" if level == 1 else "absage"
            line = t(which, seat=_seat(cseat, lang), call=_call_word(level, party),
                                   party=party.label, n=held)
            if level - before > 1:
                lower = ", ".join(f"„{_call_word(lv, party)}“" for lv in range(before + 1, level))
                line = line[:-1] + t("implied", lower=lower) + ")"
            out.append(indent + line)
        elif code == CONCEDE:
            out.append(indent + t("concede", seat=_seat(seat, lang)))
        elif code == CLAIM:
            out.append(indent + t("claim", seat=_seat(seat, lang)))
        elif code in GENSCHER_CODES:  # house rule: the Genscher names its partner
            out.append(indent + t("genscher", seat=_seat(seat, lang),
                                  partner=_seat(genscher_partner(seat, code), lang)))
    if in_trick and played != ["…"]:
        out.append(f"{trick_head(trick_no)} {_join(played)}")
    return out


def _join(played: list[str]) -> str:
    if played and played[0] == "…":
        return "… " + ", ".join(played[1:])
    return ", ".join(played)


def _trick_marks(game: Game, n: int, lang: str) -> list[str]:
    """Sonderpunkte won in trick ``n`` (TSR 7.2.3), by the final parties."""
    t = texts_of("cli.replay", lang)
    leader, cards, winner = game.tricks[n]
    is_re = game.is_re
    marks = []
    if sum(EYES[k] for k in cards) >= 40:
        marks.append(t("doppelkopf"))
    for j, k in enumerate(cards):
        if k == AD and is_re[(leader + j) & 3] != is_re[winner]:
            marks.append(t("fox"))
    if n == 11 and cards[(winner - leader) & 3] == JC:
        marks.append(t("charlie"))
    return marks


def _result_lines(game: Game, lang: str) -> list[str]:
    t = texts_of("cli.replay", lang)
    out: list[str] = []
    re_eyes, kontra_eyes, re_tricks, kontra_tricks = party_totals(game)
    re_seats = game.re_seats()
    kontra_seats = [s for s in range(4) if s not in re_seats]
    title = t("result") if game.phase == FINISHED else f"{t('result')} ({t('so_far')})"
    out.append(f"{title}:")
    for label, seats, eyes, tricks in ((Party.RE.label, re_seats, re_eyes, re_tricks),
                                       (Party.KONTRA.label, kontra_seats, kontra_eyes,
                                        kontra_tricks)):
        key = "eyes_trick" if tricks == 1 else "eyes_tricks"
        out.append(f"  {label} ({_seat_list(seats, lang)}): "
                   + t(key, eyes=eyes, tricks=tricks))
    said = []
    for p in Party:
        lv = game.level[p]
        said.append(f"{p.label} " + (f"„{_call_word(lv, p)}“" if lv else t("no_call")))
    out.append(f"  {t('calls')}: " + " · ".join(said))
    if not game.is_over:
        out.append("")
        who = _seat(game.to_move, lang)
        out.append(t("unfinished", n=len(game.tricks), seat=who))
        return out
    res = _result_fields(game)
    if "items" not in res:
        out.append("  " + t("no_score", why=res.get("score_error", "?")))
        return out
    out.append("")
    out += _score_lines(res, lang)
    scores: list[int] = res["scores"]
    out.append(f"{t('points')}: " + ", ".join(
        f"{_seat(s, lang)} {_signed(scores[s])}" for s in range(4)))
    return out


_RE, _KONTRA = Party.RE.record_name, Party.KONTRA.record_name


def _score_lines(res: dict[str, Any], lang: str) -> list[str]:
    """The score items as a small table: TSR clause, item, Re, Kontra."""
    t = texts_of("cli.replay", lang)
    items: list[dict[str, Any]] = res["items"]
    rows = [(str(i["clause"]), str(i["de"] if lang == "de" else i["en"]),
             str(i["points"]) if i["party"] == _RE else "",
             str(i["points"]) if i["party"] == _KONTRA else "") for i in items]
    re_total = sum(int(i["points"]) for i in items if i["party"] == _RE)
    kontra_total = sum(int(i["points"]) for i in items if i["party"] == _KONTRA)
    width = max([len(t("item")), len(t("total")), *(len(r[1]) for r in rows)])
    head = (f"  {'TSR':<10} {t('item'):<{width}} {Party.RE.label:>6} "
            f"{Party.KONTRA.label:>7}")
    rule = "  " + "-" * (len(head) - 2)
    out = [f"{t('score')}:", head, rule]
    out += [f"  {c:<10} {label:<{width}} {r:>6} {k:>7}".rstrip() for c, label, r, k in rows]
    out.append(rule)
    out.append(f"  {'':<10} {t('total'):<{width}} {re_total:>6} {kontra_total:>7}")
    winner = res["winner"]
    out.append(f"{t('winner')}: "
               + (Party.from_record_name(winner).label if winner is not None else t("nobody"))
               + f" · {t('value')}: {res['value']}")
    return out

