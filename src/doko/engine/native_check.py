"""Lock-step comparison of the Python engine and the native core (``doko_native``).

Both engines play the same game side by side: at every state they must list the same legal
actions and show the same state; random illegal actions must be refused by both with the same
key, rule, seat and parameters and leave both unchanged; at the end both must give the same
game summary and score. The test ``tests/native/test_native_engine.py`` and the script
``scripts/native_diff.py`` drive it.

Scenarios cover the presets and every house-rule option, Hochzeiten (one seat given both ♣Q),
Pflichtsoli and Vorführungen, many solos, concessions (with Kontra's calls after them) and
claims.

>>> from doko.engine.backend import native_available
>>> if native_available():
...     print(compare_games(20, seed=1)["games"])
... else:
...     print(20)
20
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from doko.engine.actions import (
    ARMUT,
    CLAIM,
    CODE_OF,
    CONCEDE,
    HEALTHY,
    MARRIAGE,
    PASS,
    PIG_CODES,
    RESERVATION,
    SEAT_OF,
    TAKE,
    THROW,
    WITHDRAW,
)
from doko.engine.armut import TRUMP_KINDS, can_armut
from doko.engine.cards import ACE, DIAMONDS, KING, NINE, QC, TEN, hand_count, hand_kinds
from doko.engine.errors import IllegalActionError
from doko.engine.game import FINISHED, NAMING, PLAY, QUERY, REDEALS, Game, deal_hands
from doko.engine.native import native_game_class
from doko.engine.result import summary_of
from doko.engine.rules import (
    ARMUT_FOX_RULES,
    DOPPELKOPF_EYES,
    DULLE_RULES,
    HAUSREGELN,
    PIGS_RULES,
    PIGS_SOLO_RULES,
    THROW_NINES_KINGS,
    TSR,
    Rules,
)
from doko.engine.scoring import score

if TYPE_CHECKING:
    from doko.engine.native import NativeGame

__all__ = ["KINDS", "Mismatch", "Scenario", "compare_games", "run_game", "scenario"]

#: The kinds of scenario, cycled through by :func:`compare_games`.
KINDS = ("tsr", "hausregeln", "options", "hochzeit", "pflicht", "vorfuehrung", "shortening",
         "no_nines", "withdraw", "pigs", "armut", "genscher")


class Mismatch(AssertionError):
    """The two engines disagree; the message says where and how."""


@dataclass(frozen=True)
class Scenario:
    """One game to play in both engines, and the policy that plays it."""

    kind: str
    seed: int
    dealer: int
    hands: tuple[int, int, int, int]
    rules: Rules
    owes: tuple[bool, bool, bool, bool] = (False, False, False, False)
    vorfuehrung: int | None = None
    p_reservation: float = 0.05
    #: the chance of a Vorbehalt for the seat holding both ♣Q (a Hochzeit or a solo)
    p_reservation_queens: float = 0.05
    p_marriage: float = 0.5
    p_pass: float = 0.5
    p_call: float = 0.05
    p_claim: float = 0.3
    p_concede: float = 0.004
    p_illegal: float = 0.03
    #: the chance of taking back a Vorbehalt whenever TSR 4.1.2 allows it
    p_withdraw: float = 0.1
    #: the chance of announcing Schweinchen (house rules) whenever allowed
    p_pigs: float = 0.6
    #: Armut and Schmeißen (house rules): the chances of naming an Armut, taking one when
    #: asked and throwing when allowed
    p_armut: float = 0.5
    p_take: float = 0.4
    p_throw: float = 0.3
    extra: dict[str, Any] = field(default_factory=dict)


def _random_rules(rng: random.Random) -> Rules:
    return Rules(
        name="tsr",
        marriage_shift=rng.random() < 0.5,
        re_kontra_double=rng.random() < 0.5,
        dulle=DULLE_RULES[rng.randrange(3)],
        dulle_moves=rng.random() < 0.5,
        soloist_leads=rng.random() < 0.5,
        nines=rng.random() < 0.7,
        solo_dullen=rng.random() < 0.6,  # False: Farbsoli without the Dullen
        # the further Sonderpunkte (house rules)
        charlie_caught=rng.random() < 0.5,
        fox_last_trick=rng.random() < 0.5,
        dulle_caught=rng.random() < 0.5,
        # Karlchen im Solo, Doppelkopf thresholds (issue 21, helper pigs)
        charlie_solo=rng.random() < 0.5,
        doppelkopf_eyes=rng.choice(DOPPELKOPF_EYES),
        # Schweinchen (issue 21, helper pigs)
        pigs=rng.choice(PIGS_RULES),
        pigs_solo=rng.choice(PIGS_SOLO_RULES),
        superpigs=rng.random() < 0.7,
        hyperpigs=rng.random() < 0.7,
        # the picture solos (house rules): each offered in about half the games
        solo_kings=rng.random() < 0.5,
        solo_queens_jacks=rng.random() < 0.5,
        solo_kings_queens=rng.random() < 0.5,
        solo_kings_jacks=rng.random() < 0.5,
        solo_koehler=rng.random() < 0.5,
        # Armut and Schmeißen (house rules)
        **_random_armut(rng),
        genscher=rng.random() < 0.5,  # issue 21, helper genscher
    )


def _random_armut(rng: random.Random) -> dict[str, Any]:
    """Random options of the Armut and Schmeißen (house rules)."""
    return {
        "armut": rng.random() < 0.5,
        "armut_fox": ARMUT_FOX_RULES[rng.randrange(3)],
        "throw_nines": rng.random() < 0.3,
        "throw_kings": rng.random() < 0.3,
        "throw_trumps": rng.random() < 0.2,
        "throw_nines_kings": THROW_NINES_KINGS[rng.randrange(3)],
    }


def _make_poor(hands: list[int], seat: int, rng: random.Random) -> list[int]:
    """``hands`` with ``seat``'s trumps (normal order) swapped against other seats' plain cards
    until it holds 1 to 3 of them (a ♦A kept now and then, for the ♦A variants)."""
    out = list(hands)
    keep = rng.randrange(1, 4)
    for _ in range(12):
        trumps = [k for k in hand_kinds(out[seat]) if TRUMP_KINDS >> k & 1]
        if len(trumps) <= keep:
            break
        k = rng.choice(trumps)
        other = rng.choice([s for s in range(4) if s != seat])
        plain = [j for j in hand_kinds(out[other]) if not TRUMP_KINDS >> j & 1]
        if not plain:
            continue
        j = rng.choice(plain)
        out[seat] = _add(_remove(out[seat], k), j)
        out[other] = _add(_remove(out[other], j), k)
    return out


def _both_queens_to(hands: list[int], seat: int, card: int = QC,
                    keep: tuple[int, ...] = ()) -> list[int]:
    """``hands`` with both ``card`` (♣Q) moved to ``seat`` (swapped against its lowest other
    cards, never one of ``keep``)."""
    out = list(hands)
    for other in range(4):
        if other == seat:
            continue
        while hand_count(out[other], card):
            give = next(k for k in hand_kinds(out[seat]) if k != card and k not in keep)
            out[other] = _remove(out[other], card)
            out[seat] = _remove(out[seat], give)
            out[other] = _add(out[other], give)
            out[seat] = _add(out[seat], card)
    return out


def _add(h: int, k: int) -> int:
    return h | 1 << (k + 24) if h >> k & 1 else h | 1 << k


def _remove(h: int, k: int) -> int:
    return h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k


def scenario(seed: int, kind: str) -> Scenario:
    """The scenario number ``seed`` of ``kind`` (one of :data:`KINDS`)."""
    rng = random.Random(f"{kind}:{seed}")
    dealer = rng.randrange(4)
    rules = {"tsr": TSR, "hausregeln": HAUSREGELN}.get(kind) or _random_rules(rng)
    if kind == "no_nines":
        rules = Rules(name="tsr", nines=False, dulle=DULLE_RULES[rng.randrange(3)],
                      marriage_shift=rng.random() < 0.5)
    hands = deal_hands(seed, dealer, rules.nines)
    owes = (False, False, False, False)
    vorf: int | None = None
    kw: dict[str, Any] = {}
    if kind == "hochzeit":
        hands = _both_queens_to(hands, rng.randrange(4))
        kw = {"p_reservation": 0.03, "p_reservation_queens": 0.9, "p_marriage": 0.9,
              "p_call": 0.1}
    elif kind == "pflicht":
        owes = (rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5)
        if rng.random() < 0.5:
            hands = _both_queens_to(hands, rng.randrange(4))
        kw = {"p_reservation": 0.6, "p_reservation_queens": 0.8, "p_pass": 0.5}
    elif kind == "vorfuehrung":
        vorf = rng.randrange(4)
        owes = tuple(s == vorf or rng.random() < 0.3 for s in range(4))  # type: ignore[assignment]
        kw = {"p_concede": 0.03, "p_claim": 0.5}
    elif kind == "shortening":
        kw = {"p_reservation": 0.5, "p_concede": 0.04, "p_claim": 0.9, "p_call": 0.1}
    elif kind == "withdraw":
        # many Vorbehalte, often taken back (TSR 4.1.2), at every position, with Pflichtsoli
        # owed and a seat holding both ♣Q now and then
        owes = (rng.random() < 0.3, rng.random() < 0.3, rng.random() < 0.3, rng.random() < 0.3)
        if rng.random() < 0.5:
            hands = _both_queens_to(hands, rng.randrange(4))
        kw = {"p_reservation": 0.6, "p_reservation_queens": 0.7, "p_withdraw": 0.5}
    elif kind == "pigs":
        # Schweinchen (house rules): both ♦A (and often both ♦10, ♦9 or ♦K) in one hand, the
        # other pairs to other seats now and then; solos so that pigs_solo matters
        rules = replace(rules, pigs=rng.choice(("play", "query")))
        moved: tuple[int, ...] = ()
        for rank in (ACE, TEN, NINE if rules.nines else KING):
            if rng.random() < 0.8:
                card = DIAMONDS * 6 + rank
                hands = _both_queens_to(hands, rng.randrange(4), card, moved)
                moved += (card,)
        kw = {"p_reservation": 0.15, "p_call": 0.1, "p_claim": 0.5}
    elif kind == "armut":
        # Armut and Schmeißen on, one or two seats poor, Pflichtsoli owed now and then
        rules = Rules(name="tsr", armut=True, nines=rng.random() < 0.8,
                      **{k: v for k, v in _random_armut(rng).items() if k != "armut"})
        if rng.random() < 0.5:  # Schweinchen in an Armut: the hands after the exchange
            rules = replace(rules, pigs=rng.choice(("play", "query")),
                            superpigs=rng.random() < 0.5, hyperpigs=rng.random() < 0.5)
        hands = deal_hands(seed, dealer, rules.nines)
        for _ in range(rng.choice((1, 1, 2))):
            hands = _make_poor(hands, rng.randrange(4), rng)
        if rng.random() < 0.3:
            hands = _both_queens_to(hands, rng.randrange(4))
        owes = (rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2, rng.random() < 0.2)
        kw = {"p_reservation": 0.2, "p_reservation_queens": 0.5, "p_pass": 0.7,
              "p_call": 0.1, "p_withdraw": 0.05}
    elif kind == "genscher":
        # Genscher (house rule): both ♦K in one hand (not always the ♣Q holder's), many calls
        # before and after the naming, now and then a Vorbehalt (no Genscher in a solo or a
        # Hochzeit)
        rules = replace(rules, genscher=True)
        seat = rng.randrange(4)
        hands = _both_queens_to(hands, seat, DIAMONDS * 6 + KING, (QC,))
        kw = {"p_reservation": 0.08, "p_call": 0.2, "p_claim": 0.3}
    elif kind in ("options", "no_nines"):
        kw = {"p_reservation": rng.choice((0.05, 0.3)), "p_call": rng.choice((0.05, 0.2))}
    return Scenario(kind=kind, seed=seed, dealer=dealer, hands=tuple(hands),  # type: ignore[arg-type]
                    rules=rules, owes=owes, vorfuehrung=vorf, **kw)


def _state(g: Game | NativeGame) -> tuple[object, ...]:
    """What both engines must agree on at every state (cheap to read)."""
    return (int(g.phase), g.to_move, g.hands, g.trick, g.trick_leader, g.level, g.ontime,
            g.is_re, g.ended, g.history, g.shift, g.soloist, g.klaerung, int(g.contract),
            g.poor, g.taker, g.thrower)


def _full_state(g: Game | NativeGame) -> tuple[object, ...]:
    """Everything observable, compared at trick ends and at the end."""
    return (
        _state(g), g.dealer, g.hochzeiter, g.partner, g.marriage_solo, g.pflichtsolo,
        g.vorfuehrung, tuple(g.owes_pflichtsolo), tuple(g.initial_hands),
        [(lead, tuple(cards), w) for lead, cards, w in g.tricks], g.eyes, g.won,
        [(s, int(p), int(lv), n) for s, p, lv, n in g.calls], g.frozen_sizes, g.tricks_total,
        g.is_over, g.answers, g.naming_queue, g.naming_stage, g.contract_name,
        g.game_type_settled, g.is_solo_game, [g.cards_in_hand(s) for s in range(4)],
        g.re_eyes(), g.kontra_eyes(), g.re_tricks(), g.kontra_tricks(), g.sonderpunkte(),
        g.order.name, g.legal_plays(), g.withdraw_seat(),
        g.base_order, list(g.pig_seats), g.pigs_in_game(), [g.pig_card(lv) for lv in (1, 2, 3)],
        # Armut and Schmeißen (house rules)
        list(g.armut_given), list(g.armut_returned), g.armut_cards, g.armut_trumps_back(),
        tuple(g.armut_exchange_span()), g.passed_seats, g.contract_label("de"),
        g.genscher_seat, g.genscher_partner, [g.genscher_possible(s) for s in range(4)],
    )


def _error_data(e: IllegalActionError) -> tuple[object, ...]:
    return (e.key, e.rule, e.seat, e.params, str(e), e.text("de"))


def _check_refutation(g: Game, e: IllegalActionError) -> None:
    """A native claim refutation names cards the seats hold now (a line from this state)."""
    line = e.refutation
    if not line:
        raise Mismatch(f"claim refused without a refutation: {line!r}")
    held = [list(hand_kinds(h)) for h in g.hands]
    for seat, k in line:
        if not 0 <= seat <= 3 or k not in held[seat]:
            raise Mismatch(f"refutation {line!r}: seat {seat} does not hold kind {k}")


def _probe(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.6:
        return rng.randrange(256)
    if r < 0.8:
        return rng.randrange(4) * 64 + rng.randrange(43, 64)
    if r < 0.9:
        return rng.randrange(-300, 0)
    return rng.choice((1 << 40, -(1 << 70), 1 << 80, 256 + rng.randrange(1000)))


class _Pair:
    def __init__(self, sc: Scenario) -> None:
        self.sc = sc
        cls = native_game_class()
        self.py = Game(list(sc.hands), sc.dealer, owes_pflichtsolo=sc.owes,
                       vorfuehrung=sc.vorfuehrung, rules=sc.rules)
        self.nat = cls(list(sc.hands), sc.dealer, owes_pflichtsolo=sc.owes,
                       vorfuehrung=sc.vorfuehrung, rules=sc.rules)

    def fail(self, what: str) -> Mismatch:
        sc = self.sc
        return Mismatch(f"{sc.kind} scenario {sc.seed} after {self.py.history}: {what}")

    def same(self, a: object, b: object, what: str) -> None:
        if a != b:
            raise self.fail(f"{what} differ:\n python {a!r}\n native {b!r}")

    def apply(self, action: int) -> bool:
        """Apply ``action`` to both; True if both accepted it (else both refused alike)."""
        e1 = e2 = None
        try:
            self.py.apply(action)  # type: ignore[arg-type]
        except IllegalActionError as e:
            e1 = e
        try:
            self.nat.apply(action)
        except IllegalActionError as e:
            e2 = e
        if e1 is None and e2 is None:
            return True
        if e1 is None or e2 is None:
            raise self.fail(f"action {action}: python {e1!r}, native {e2!r}")
        self.same(_error_data(e1), _error_data(e2), f"refusals of {action}")
        if e1.key == "claim_refused":
            _check_refutation(self.py, e2)
        return False


def run_game(sc: Scenario, rng: random.Random | None = None) -> dict[str, int]:
    """Play ``sc`` in both engines in lock-step; raises :class:`Mismatch` on a disagreement.
    Returns counts: states, illegal (refusals compared), and the game's end."""
    rng = rng or random.Random(sc.seed)
    pair = _Pair(sc)
    py, nat = pair.py, pair.nat
    states = illegal = 0
    pair.same(_full_state(py), _full_state(nat), "states at the start")
    while True:
        acts = py.legal_actions()
        pair.same(acts, nat.legal_actions(), "legal actions")
        states += 1
        if rng.random() < 0.1:
            seat = rng.randrange(4)
            pair.same(py.legal_actions(seat), nat.legal_actions(seat), f"legal actions of {seat}")
        if rng.random() < sc.p_illegal:
            before = _full_state(py)
            probe = _probe(rng)
            if probe not in acts and not pair.apply(probe):
                illegal += 1
                pair.same(before, _full_state(py), "python state after a refusal")
                pair.same(before, _full_state(nat), "native state after a refusal")
            elif probe not in acts:
                raise pair.fail(f"{probe} not legal but accepted")
        if not acts or (py.phase == FINISHED and rng.random() < 0.5):
            break
        action = _choose(sc, rng, acts, int(py.phase))
        n_tricks = len(py.tricks)
        if not pair.apply(action):
            raise pair.fail(f"legal action {action} refused")
        pair.same(_state(py), _state(nat), "states")
        if len(py.tricks) != n_tricks or py.phase == FINISHED:
            pair.same(_full_state(py), _full_state(nat), "full states")
    pair.same(_full_state(py), _full_state(nat), "final states")
    if py.is_over and py.ended in REDEALS:  # dealt again: no summary, the empty score
        pair.same(py.result(), nat.result(), "scores")
    elif py.is_over:
        s1 = summary_of(py)
        s2 = nat.game_summary()
        pair.same(s1, s2, "summaries")
        pair.same(score(s1, sc.rules), nat.result(), "scores")
    out = {"states": states, "illegal": illegal}
    if py.ended is not None:
        out[py.ended] = 1
    out["contract:" + py.contract_name] = 1
    if sc.vorfuehrung is not None:
        out["vorfuehrung"] = 1
    if py.pflichtsolo:
        out["pflichtsolo"] = 1
    if py.marriage_solo:
        out["marriage_solo"] = 1
    if py.taker >= 0:
        out["armut"] = 1
    withdrawn = sum(1 for a in py.history if CODE_OF[a] == WITHDRAW)
    if withdrawn:
        out["withdrawn"] = withdrawn
    if py.pig_level:  # Schweinchen announced (house rules): the highest level
        out[f"pigs:{py.pig_level}"] = 1
    if py.genscher_partner >= 0:  # a Genscher named its partner (house rule)
        out["genscher"] = 1
        if py.is_re[py.genscher_seat] != (hand_count(py.initial_hands[py.genscher_seat], QC) > 0):
            out["genscher_switched"] = 1
    return out


def _choose(sc: Scenario, rng: random.Random, acts: list[Any], phase: int) -> int:
    """The lock-step policy: uniform card play, calls/claims/concessions with the scenario's
    probabilities, reservations and namings as the scenario asks."""
    codes = [CODE_OF[a] for a in acts]
    if WITHDRAW in codes and phase in (QUERY, NAMING) and rng.random() < sc.p_withdraw:
        return int(acts[codes.index(WITHDRAW)])
    if phase == QUERY:
        if THROW in codes and rng.random() < sc.p_throw:
            return int(acts[codes.index(THROW)])
        seat = SEAT_OF[acts[0]]
        p = sc.p_reservation_queens if hand_count(sc.hands[seat], QC) == 2 else sc.p_reservation
        if can_armut(sc.hands[seat], sc.rules):
            p = sc.p_armut
        want = RESERVATION if rng.random() < p else HEALTHY
        return int(acts[codes.index(want)])
    if phase == NAMING:
        if TAKE in codes:
            return int(acts[codes.index(TAKE)] if rng.random() < sc.p_take else acts[1])
        if codes and codes[0] < 24:  # the Armut's exchange: any card offered
            return int(rng.choice([a for a, c in zip(acts, codes, strict=True) if c < 24]))
        if ARMUT in codes and rng.random() < sc.p_armut:
            return int(acts[codes.index(ARMUT)])
        if MARRIAGE in codes and rng.random() < sc.p_marriage:
            return int(acts[codes.index(MARRIAGE)])
        if PASS in codes and rng.random() < sc.p_pass:
            return int(acts[codes.index(PASS)])
        return int(rng.choice([a for a, c in zip(acts, codes, strict=True)
                               if c not in (MARRIAGE, PASS, WITHDRAW, ARMUT)]
                              or [a for a, c in zip(acts, codes, strict=True) if c != WITHDRAW]))
    pigs = [a for a, c in zip(acts, codes, strict=True) if c in PIG_CODES]
    if pigs and rng.random() < sc.p_pigs:
        return int(rng.choice(pigs))
    if phase == PLAY or phase == FINISHED:
        plays = [a for a, c in zip(acts, codes, strict=True) if c < 24]
        rest = [a for a, c in zip(acts, codes, strict=True) if c >= 24]
        if rest:
            if CLAIM in codes and rng.random() < sc.p_claim:
                return int(acts[codes.index(CLAIM)])
            if CONCEDE in codes and rng.random() < sc.p_concede:
                return int(acts[codes.index(CONCEDE)])
            calls = [a for a, c in zip(acts, codes, strict=True) if c < CONCEDE and c >= 35]
            if calls and (not plays or rng.random() < sc.p_call):
                return int(rng.choice(calls))
            if CLAIM in codes and rng.random() < 0.02:
                return int(acts[codes.index(CLAIM)])
        if plays:
            return int(rng.choice(plays))
    return int(rng.choice(acts))


def compare_games(n: int, seed: int = 0, kinds: tuple[str, ...] = KINDS) -> dict[str, int]:
    """Play ``n`` scenarios (cycling through ``kinds``) in lock-step; raises
    :class:`Mismatch` at the first disagreement. Returns counts: games, states, illegal
    actions compared, games per way of ending."""
    out = {"games": 0, "states": 0, "illegal": 0, "played": 0, "conceded": 0, "claimed": 0}
    for i in range(n):
        kind = kinds[i % len(kinds)]
        sc = scenario(seed * 1_000_003 + i, kind)
        r = run_game(sc, random.Random(seed * 7_919 + i))
        out["games"] += 1
        for key, value in r.items():
            out[key] = out.get(key, 0) + value
    return out
