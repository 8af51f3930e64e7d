"""``rules``: a heuristic player that knows the game, from its own seat's view only.

What it does:

* **Game choice.** Every solo kind gets a hand evaluation: a logistic model over trump length,
  top trumps, trump losers, aces, voids, singletons, plain tops and plain losers (for the
  Fleischloser the plain features only), fitted on some 65,000 solos of this player against
  itself, gives the chance to win. A Lustsolo is played from a 62% chance on; a seat that owes
  the round's Pflichtsolo plays it from 28% (it leads trick 1, and a Vorführung at the end of
  the round with whatever hand costs more), and names its best kind when it is vorgeführt.
  With both ♣Q: a real solo when clearly better, stille Hochzeit when the Karo solo chance is
  80% or more, otherwise an announced Hochzeit (worth more on average).
* **Party inference.** The parties the view knows (♣Q played, calls, plain cards on trump
  leads, the Klärungsstich), the own party and counting; unknown seats share the remaining
  chance, weighted by soft evidence: fat cards given to a trick that a seat of known party was
  winning suggest the same party. In a solo the model puts most trumps in the soloist's hand.
* **Card play.** Played cards and voids are tracked; every legal card is rated by the expected
  Augen swing of the trick (the chance that the trick ends with the own party, estimated from
  the higher cards still unseen and who may be void or ruff; the later seats add more when
  their side takes the trick), minus what the card is worth later (trumps by the unseen higher
  trumps, plain tops a little), plus Sonderpunkte: the own Fuchs is protected and the
  opponents' one caught, Doppelkopf tricks go to the own side, Karlchen is saved for the last
  trick; under the house rules of docs/rules.md a ♥10 is guarded and caught like a Fuchs
  (Dulle gefangen), and in trick 11 a ♣J is not kept for the last trick where an opponent may
  catch it (Karlchen gefangen), a ♦A kept where it may win it (Fuchs im letzten Stich). From
  this follow the usual rules: fat cards on a partner's sure trick, the cheapest winning card,
  aces of fresh suits first, no leads into a void, Dullen kept for fat tricks; the soloist
  trumps out. The weights were tuned by duplicate self-play (``doko arena``).
* **Calls.** Re or Kontra when a fitted model gives the own party at least a 62% chance
  (higher as a reply), the soloist says Re unless the first tricks went wrong, keine 90 only
  with a dominating hand; after a concession Kontra makes every call it has won (TSR 5.4.7).
  A claim is made when the view offers it.

The player has no randomness at all (the seed is accepted for the interface). Options: the
thresholds of :class:`RulesPlayer` and every field of :class:`Params` (``make_player("rules",
v=16)``). :func:`rules_card` is a fast entry point on a full :class:`~doko.engine.game.Game` for
play-outs (about 20 µs a card): it reads only what the seat on turn may know (its hand, its
initial hand for the ♣Q, the public history and the hand sizes), never another hand or party,
and it chooses exactly the card that :meth:`RulesPlayer.decide` plays with default options.

>>> from doko.engine.game import Game
>>> from doko.bots.base import play_game
>>> g = play_game(Game.deal(3), [RulesPlayer(seed=s) for s in range(4)])
>>> g.is_over
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from doko.bots.base import Player, register
from doko.engine.actions import (
    ARMUT,
    CALL_KONTRA,
    CALL_RE,
    CLAIM,
    GENSCHER_CODES,
    HEALTHY,
    MARRIAGE,
    NO90,
    PASS,
    PIG_CODES,
    RESERVATION,
    SOLO_BASE,
    TAKE,
    THROW,
    Action,
    call_level,
    code_of,
    encode,
    seat_of,
    solo_code,
)
from doko.engine.armut import TRUMP_KINDS, can_armut, trump_count
from doko.engine.cards import AD, EYES, JC, QC, QUEEN, SPADES, TH, kind
from doko.engine.contracts import MARRIAGE as C_MARRIAGE
from doko.engine.contracts import (
    ORDERS,
    SILENT_MARRIAGE,
    SOLO_CONTRACTS,
    SOLO_NAMES,
    TRUMP,
    CardOrder,
    card_order,
    order_of,
)
from doko.engine.game import FINISHED, NAMING, PLAY, QUERY, Game
from doko.engine.rules import DULLE_RULES, TSR, Rules
from doko.engine.view import SeatView
from doko.engine.vocab import Party

__all__ = [
    "Params", "RulesPlayer", "evaluate_solos", "initial_counts", "normal_chance",
    "normal_strength", "rules_card",
]


class Params:
    """Weights of the card play (Augen). Every field can be set as a player option."""

    __slots__ = (
        "caller_trumps",
        "decay",
        "fat_lr",
        "fox_keep",
        "hoch_early",
        "hoch_pp",
        "hoch_solo",
        "karl_keep",
        "ko_plain",
        "overtake",
        "pull",
        "re_trump",
        "ruff",
        "schmier",
        "sp",
        "top_plain",
        "v",
    )

    def __init__(self, **kw: float) -> None:
        #: Augen that one Sonderpunkt (Fuchs, Doppelkopf, Karlchen) is worth
        self.sp = 22.0
        #: half the Augen of an average future trick: what a card that wins one later is worth
        self.v = 20.0
        #: how a trump's later chance falls with each unseen higher trump
        self.decay = 0.6
        #: what any trump is worth later (it can ruff a plain suit)
        self.ruff = 6.0
        #: a plain suit's top card: the share of a future trick it is worth when nobody ruffs
        self.top_plain = 0.1
        #: the own Fuchs is a liability later (it may be caught)
        self.fox_keep = 8.0
        #: Karlchen kept for the last trick
        self.karl_keep = 4.0
        #: the chance that a partner who can take an opponent's trick does
        self.overtake = 0.9
        #: bonus for a trump lead of the soloist while the opponents hold trumps
        self.pull = 5.0
        #: the Hochzeiter's penalty for taking trick 3 (the game becomes a solo) or 1 and 2
        self.hoch_solo = 30.0
        self.hoch_early = 8.0
        #: before the Klärungsstich: the chance that the Hochzeiter ends up my partner
        self.hoch_pp = 0.35
        #: bonus for a trump lead of a Re player, a plain lead of a Kontra player (Normalspiel)
        self.re_trump = 0.0
        self.ko_plain = 0.0
        #: likelihood ratio for "same party" of each fat card given to a seat of known party
        self.fat_lr = 3.0
        #: Augen a later seat adds beyond the average when its side takes the trick
        self.schmier = 12.0
        #: how many more trumps (as a factor) a seat that called holds
        self.caller_trumps = 1.5
        for k, val in kw.items():
            if k not in self.__slots__:
                raise TypeError(f"unknown rules player option {k!r}")
            setattr(self, k, float(val))


DEFAULT_PARAMS = Params()

# modes of the game as the seat knows it
_NORMAL, _SOLO, _PENDING = 0, 1, 2


class _OrderInfo:
    """Per card order: the kinds of each effective suit, high to low."""

    __slots__ = ("cls_kinds", "eff", "order", "power")

    def __init__(self, order: CardOrder) -> None:
        self.order = order
        self.eff = order.eff_suit
        self.power = order.power
        cls: list[list[int]] = [[], [], [], [], []]
        for k in range(24):
            cls[order.eff_suit[k]].append(k)
        self.cls_kinds = tuple(
            tuple(sorted(c, key=lambda k: -order.power[k])) for c in cls
        )


_OINFO: dict[str, _OrderInfo] = {}


def _oinfo(order: CardOrder) -> _OrderInfo:
    oi = _OINFO.get(order.name)
    if oi is None:
        oi = _OINFO[order.name] = _OrderInfo(order)
    return oi


def _counts(hand_bits: int) -> list[int]:
    return [(hand_bits >> k & 1) + (hand_bits >> (k + 24) & 1) for k in range(24)]


# ------------------------------------------------------------------------------ knowledge


class _Know:
    """What the seat knows during play, in the form the card choice needs."""

    __slots__ = (
        "avg",
        "ccaught",
        "dcaught",
        "dulle2",
        "foxlast",
        "hoch",
        "last",
        "me",
        "mine",
        "mode",
        "nh",
        "oi",
        "party",
        "pp",
        "share",
        "soloist",
        "tleft",
        "trick",
        "ucls",
        "unseen",
        "void",
    )

    me: int
    oi: _OrderInfo
    mode: int
    soloist: int
    hoch: int
    mine: list[int]
    unseen: list[int]
    void: list[int]
    nh: list[int]
    pp: list[float]
    party: int
    trick: list[tuple[int, int]]
    ucls: list[int]
    share: list[list[float]]
    avg: list[float]
    last: bool
    tleft: int
    dulle2: int
    #: house rule "Dulle gefangen" (``Rules.dulle_caught``): a ♥10 caught is a Sonderpunkt
    dcaught: bool
    #: house rules "Karlchen gefangen" and "Fuchs im letzten Stich" (``Rules.charlie_caught``,
    #: ``Rules.fox_last_trick``)
    ccaught: bool
    foxlast: bool


class _Pub:
    """Public facts of the completed tricks: cards played per kind, known voids per seat (bit
    per effective suit), trumps played per seat, seats that played a ♣Q, seats that played a
    plain card on a trump lead; ``fat[4 * s + w]``: how often seat s gave a fat card (an ace
    or a ten that did not take the lead) to a trick that seat w was winning."""

    __slots__ = ("anchor", "fat", "plain_on_trump", "played", "qc_bits", "trumps", "void")

    def __init__(self) -> None:
        self.anchor: object = None
        self.played = [0] * 24
        self.void = [0, 0, 0, 0]
        self.trumps = [0, 0, 0, 0]
        self.qc_bits = 0
        self.plain_on_trump = 0
        self.fat = [0] * 16

    def extend(self, oi: _OrderInfo, t: tuple[int, Sequence[int], int]) -> _Pub:
        eff = oi.eff
        p = _Pub()
        p.anchor = t
        p.fat = self.fat[:]
        _count_fat(oi, t[0], t[1], p.fat)
        played = p.played = self.played[:]
        void = p.void = self.void[:]
        trumps = p.trumps = self.trumps[:]
        qc, pot = self.qc_bits, self.plain_on_trump
        leader, cards, _w = t
        led = eff[cards[0]]
        for i in range(4):
            k = cards[i]
            s = (leader + i) & 3
            played[k] += 1
            e = eff[k]
            if e == TRUMP:
                trumps[s] += 1
            if e != led:
                void[s] |= 1 << led
                if led == TRUMP:
                    pot |= 1 << s
            if k == QC:
                qc |= 1 << s
        p.qc_bits, p.plain_on_trump = qc, pot
        return p


def _count_fat(oi: _OrderInfo, leader: int, cards: Sequence[int], fat: list[int]) -> None:
    """Add the fat cards given to the trick's winner-so-far in ``cards`` to ``fat``."""
    eff, power = oi.eff, oi.power
    best = cards[0]
    bs = leader
    for i in range(1, len(cards)):
        k = cards[i]
        s = (leader + i) & 3
        if (eff[k] == TRUMP and (eff[best] != TRUMP or power[k] > power[best])) or (
            eff[k] == eff[best] and power[k] > power[best]
        ):
            best, bs = k, s
        elif EYES[k] >= 10:
            fat[4 * s + bs] += 1


_EMPTY_PUB = _Pub()
_PUB_CACHE: dict[tuple[str, int, int], _Pub] = {}


def _pub(order: CardOrder, tricks: Sequence[tuple[int, Sequence[int], int]], n: int) -> _Pub:
    """The public facts of the first ``n`` tricks, cached: a completed trick's tuple object
    identifies the whole history before it (it is kept alive by the cache entry)."""
    if n == 0:
        return _EMPTY_PUB
    last = tricks[n - 1]
    key = (order.name, n, id(last))
    p = _PUB_CACHE.get(key)
    if p is not None and p.anchor is last:
        return p
    p = _pub(order, tricks, n - 1).extend(_oinfo(order), last)
    if len(_PUB_CACHE) >= 20000:
        _PUB_CACHE.clear()
    _PUB_CACHE[key] = p
    return p


def _build(
    me: int,
    mine: list[int],
    order: CardOrder,
    pub: _Pub,
    ntricks: int,
    trick: list[tuple[int, int]],
    nh: list[int],
    mode: int,
    soloist: int,
    hoch: int,
    parties: list[int],
    nines: bool,
    total_tricks: int,
    prm: Params,
    dulle_rule: int = 0,
    callers: int = 0,
    dulle_caught: bool = False,
    charlie_caught: bool = False,
    fox_last_trick: bool = False,
) -> _Know:
    """``parties``: -1 unknown, 0 Re, 1 Kontra per seat, as the seat knows them."""
    oi = _oinfo(order)
    eff = oi.eff
    kn = _Know()
    kn.me = me
    kn.oi = oi
    kn.mode = mode
    kn.soloist = soloist
    kn.hoch = hoch
    kn.mine = mine
    played = pub.played
    unseen = [2 - mine[k] - played[k] for k in range(24)]
    if not nines:
        for k in range(0, 24, 6):
            unseen[k] = 0
    void = pub.void
    solo_trumps = pub.trumps[soloist] if soloist >= 0 else 0
    if trick:
        void = void[:]
        led = eff[trick[0][1]]
        for s, k in trick:
            unseen[k] -= 1
            if eff[k] != led:
                void[s] |= 1 << led
            if eff[k] == TRUMP and s == soloist:
                solo_trumps += 1
    kn.unseen = unseen
    kn.void = void
    kn.nh = nh
    kn.trick = trick
    kn.last = ntricks == total_tricks - 1
    kn.tleft = total_tricks - ntricks
    # house rule: the second Dulle beats the first (1), except in the last trick (2)
    kn.dulle2 = order.dulle if dulle_rule == 1 or (dulle_rule == 2 and not kn.last) else -1
    kn.dcaught = dulle_caught
    kn.ccaught = charlie_caught
    kn.foxlast = fox_last_trick
    ucls = [0, 0, 0, 0, 0]
    ueyes = [0, 0, 0, 0, 0]
    for k in range(24):
        u = unseen[k]
        if u:
            ucls[eff[k]] += u
            ueyes[eff[k]] += u * EYES[k]
    kn.ucls = ucls
    tot_u = sum(ucls)
    all_avg = sum(ueyes) / tot_u if tot_u else 0.0
    kn.avg = [ueyes[x] / ucls[x] if ucls[x] else all_avg for x in range(5)] + [all_avg]
    # where the unseen cards are: share[s][x] is the chance that a given unseen card of class
    # x is in the hand of seat s; uniform over the hand sizes, except that a soloist (seen
    # from Kontra) holds about 8 of 12 cards in trump (5 in a Damen- or Bubensolo)
    share = [[0.0] * 5 for _ in range(4)]
    # seats that called Re or Kontra hold more trumps
    tw = [prm.caller_trumps if callers >> t & 1 else 1.0 for t in range(4)]
    so = soloist if mode == _SOLO and soloist != me and order.trumps else -1
    e_t = 0.0
    if so >= 0 and ucls[TRUMP] and not void[so] >> TRUMP & 1:
        e_t = (8.0 if len(order.trumps) > 4 else 5.0) * total_tricks / 12.0 - solo_trumps
        e_t = min(max(e_t, 0.7), float(nh[so]), float(ucls[TRUMP]))
    so_plain = 0
    if e_t:
        so_plain = sum(ucls[x] for x in range(4) if not void[so] >> x & 1)
    for x in range(5):
        m = ucls[x]
        if not m:
            continue
        rest = 1.0
        if e_t:
            if x == TRUMP:
                got = e_t / m
            elif void[so] >> x & 1 or not so_plain:
                got = 0.0
            else:
                got = min(1.0, (nh[so] - e_t) / so_plain)
            share[so][x] = got
            rest = 1.0 - got
        d = 0.0
        for t in range(4):
            if t != me and t != so and not void[t] >> x & 1:
                d += nh[t] * (tw[t] if x == TRUMP else 1.0)
        if d:
            for t in range(4):
                if t != me and t != so and not void[t] >> x & 1:
                    share[t][x] = rest * nh[t] * (tw[t] if x == TRUMP else 1.0) / d
        elif so >= 0 and not void[so] >> x & 1:
            share[so][x] = 1.0
    kn.share = share
    # partner probabilities
    pp = [0.0, 0.0, 0.0, 0.0]
    pp[me] = 1.0
    if mode == _SOLO:
        if me != soloist:
            for s in range(4):
                if s != soloist:
                    pp[s] = 1.0
    elif mode == _PENDING:
        if me == hoch:
            for s in range(4):
                pp[s] = 1.0
        else:
            pp[hoch] = prm.hoch_pp
    else:
        mp = parties[me]
        known = [s for s in range(4) if s != me and parties[s] == mp]
        if known:
            pp[known[0]] = 1.0
        else:
            unknown = [s for s in range(4) if s != me and parties[s] < 0]
            fat = pub.fat
            if trick:
                fat = fat[:]
                _count_fat(oi, trick[0][0], [k for _s, k in trick], fat)
            # soft evidence: fat cards given to a seat of known party suggest the same party
            lam: list[float] = []
            for s in unknown:
                ev = 0
                for w in range(4):
                    f = fat[4 * s + w]
                    if f and w != s:
                        pw = parties[w]
                        if pw == 0:
                            ev += f
                        elif pw == 1:
                            ev -= f
                lam.append(prm.fat_lr ** ev if mp == 0 else prm.fat_lr ** -ev)
            tot = sum(lam)
            for s, lx in zip(unknown, lam, strict=True):
                pp[s] = lx / tot
    kn.pp = pp
    kn.party = parties[me]
    return kn


def _normal_parties(
    me: int, my_initial_qc: int, order: CardOrder, pub: _Pub, trick: list[tuple[int, int]],
    calls: Sequence[tuple[int, int, int, int]],
) -> list[int]:
    """Parties a seat knows in a Normalspiel, derived as :func:`doko.engine.view.view` does."""
    known = [-1, -1, -1, -1]
    for s in range(4):
        if pub.qc_bits >> s & 1:
            known[s] = 0
        elif pub.plain_on_trump >> s & 1:
            known[s] = 1
    if trick:
        eff = order.eff_suit
        lt = eff[trick[0][1]] == TRUMP
        for s, k in trick:
            if k == QC:
                known[s] = 0
            elif lt and eff[k] != TRUMP and known[s] != 0:
                known[s] = 1  # no trump left and no ♣Q played: none held
    for s, p, _lv, _n in calls:
        known[s] = int(p)
    if my_initial_qc == 2:
        return [0 if s == me else 1 for s in range(4)]
    known[me] = 0 if my_initial_qc else 1
    re_size = 2 if my_initial_qc else 0
    for _ in range(2):
        res = known.count(0)
        kos = known.count(1)
        if -1 not in known:
            break
        if res >= 2 or (re_size and res == re_size):
            known = [1 if p < 0 else p for p in known]
        elif kos == 3 or (re_size and kos == 4 - re_size):
            known = [0 if p < 0 else p for p in known]
    return known


# ------------------------------------------------------------------------------ card choice


def _hold(kn: _Know, s: int, x: int, m: int) -> float:
    """Chance that seat ``s`` holds at least one of ``m`` unseen cards of class ``x``."""
    if m <= 0:
        return 0.0
    sh = kn.share[s][x]
    if sh <= 0.0:
        return 0.0
    if sh >= 1.0:
        return 1.0
    return 1.0 - (1.0 - sh) ** m


def _pvoid(kn: _Know, s: int, x: int) -> float:
    """Chance that seat ``s`` holds no card of class ``x``."""
    m = kn.ucls[x]
    sh = kn.share[s][x]
    if m <= 0 or sh <= 0.0:
        return 1.0
    if sh >= 1.0:
        return 0.0
    return (1.0 - sh) ** m


def _higher(kn: _Know) -> list[int]:
    """For each kind, how many unseen cards of its class beat it."""
    out = [0] * 24
    unseen = kn.unseen
    for kinds in kn.oi.cls_kinds:
        run = 0
        for k in kinds:
            out[k] = run
            run += unseen[k]
    return out


def _last_card_worth(kn: _Know, c: int, higher: list[int]) -> float:
    """In trick 11 of a game with "Karlchen gefangen" or "Fuchs im letzten Stich" (house
    rules): what keeping the other card for the last trick is worth, in Sonderpunkte. A kept ♣J
    is lost if an opponent holds a higher trump (Karlchen gefangen); a kept ♦A scores if no seat
    holds a higher trump (Fuchs im letzten Stich)."""
    rest = next((k for k in range(24) if kn.mine[k] - (k == c) > 0), -1)
    if rest == JC and kn.ccaught:
        p_kept = 1.0
        for s in range(4):
            if s != kn.me:
                p_kept *= 1.0 - (1.0 - kn.pp[s]) * _hold(kn, s, TRUMP, higher[JC])
        return p_kept - 1.0
    if rest == AD and kn.foxlast:
        p_win = 1.0
        for s in range(4):
            if s != kn.me:
                p_win *= 1.0 - _hold(kn, s, TRUMP, higher[AD])
        return p_win
    return 0.0


def _choose(kn: _Know, legal: list[int], prm: Params = DEFAULT_PARAMS) -> int:
    if len(legal) == 1:
        return legal[0]
    SP, V, decay, ruff, overtake = prm.sp, prm.v, prm.decay, prm.ruff, prm.overtake
    schmier = prm.schmier
    oi = kn.oi
    eff, power = oi.eff, oi.power
    me = kn.me
    pp = kn.pp
    trick = kn.trick
    higher = _higher(kn)
    dulle2 = kn.dulle2
    if dulle2 >= 0:  # house rule: a second Dulle beats the first
        higher[dulle2] += kn.unseen[dulle2]
    ucls = kn.ucls
    n_after = 3 - len(trick)
    after = [(me + i) & 3 for i in range(1, n_after + 1)]
    sonder = kn.mode != _SOLO
    trick_eyes = 0
    if trick:
        lead_cls = eff[trick[0][1]]
        best_seat, best = trick[0]
        for s, k in trick:
            trick_eyes += EYES[k]
            if (k != best and (
                (eff[k] == TRUMP and (eff[best] != TRUMP or power[k] > power[best]))
                or (eff[k] == eff[best] and power[k] > power[best])
            )) or (k == best == dulle2 and s != best_seat):
                best_seat, best = s, k
    else:
        lead_cls, best_seat, best = -1, -1, -1
    # chance that each opponent ruffs a plain suit later (for the worth of suit tops)
    p_trump = [_hold(kn, s, TRUMP, ucls[TRUMP]) for s in range(4)]
    ruff_cache: dict[int, float] = {}

    def stand_plain(x: int) -> float:
        r = ruff_cache.get(x)
        if r is None:
            r = 1.0
            for s in range(4):
                if s != me:
                    r *= 1.0 - (1.0 - pp[s]) * _pvoid(kn, s, x) * p_trump[s]
            ruff_cache[x] = r
        return r

    soloist_me = kn.mode == _SOLO and kn.soloist == me
    my_party = kn.party
    opp_trumps = ucls[TRUMP] > 0 and any(
        (1.0 - pp[s]) > 0.5 and not kn.void[s] >> TRUMP & 1 for s in range(4) if s != me
    )
    best_val = -1e9
    choice = legal[0]
    for c in legal:
        ce = eff[c]
        if not trick:
            led = ce
            nb, nbs = c, me
        else:
            led = lead_cls
            if (ce == TRUMP and (eff[best] != TRUMP or power[c] > power[best])) or (
                ce == eff[best] and power[c] > power[best]
            ) or c == best == dulle2:
                nb, nbs = c, me
            else:
                nb, nbs = best, best_seat
        w = 1.0 if nbs == me else pp[nbs]
        p_me = 1.0 if nbs == me else 0.0
        rest = 0.0
        nbe = eff[nb]
        for s in after:
            if nbe == TRUMP:
                bp = _hold(kn, s, TRUMP, higher[nb])
                if led != TRUMP:
                    bp *= _pvoid(kn, s, led)
            else:
                pv = _pvoid(kn, s, led)
                bp = _hold(kn, s, led, higher[nb]) + pv * p_trump[s]
                if bp > 1.0:
                    bp = 1.0
            q = pp[s]
            w = w * (1.0 - (1.0 - q) * bp) + (1.0 - w) * q * bp * overtake
            p_me *= 1.0 - bp
            if led < TRUMP and not kn.void[s] >> led & 1 and ucls[led]:
                rest += kn.avg[led]
            elif led == TRUMP and not kn.void[s] >> TRUMP & 1 and ucls[TRUMP]:
                rest += kn.avg[TRUMP]
            else:
                rest += kn.avg[5]
            # a seat whose side takes the trick adds more, the other side less
            rest += schmier * (2.0 * (q * w + (1.0 - q) * (1.0 - w)) - 1.0)
        total = trick_eyes + EYES[c] + rest
        val = (2.0 * w - 1.0) * total
        # what the card is worth later
        if ce == TRUMP:
            fut = 2.0 * V * decay ** higher[c] + ruff
            if sonder and c == AD:
                fut -= prm.fox_keep
            if sonder and c == JC and not kn.last:
                fut += prm.karl_keep
        elif higher[c] == 0:
            fut = 2.0 * V * prm.top_plain * stand_plain(ce)
        else:
            fut = 0.0
        val -= fut
        if sonder:
            for s, k in trick:
                if k == AD:
                    po = pp[s]
                    val += SP * (w * (1.0 - po) - (1.0 - w) * po)
            if c == AD:
                val -= SP * (1.0 - w)
            if kn.dcaught:  # house rule "Dulle gefangen": a ♥10 is a second kind of Fuchs
                for s, k in trick:
                    if k == TH:
                        po = pp[s]
                        val += SP * (w * (1.0 - po) - (1.0 - w) * po)
                if c == TH:
                    val -= SP * (1.0 - w)
            if kn.tleft == 2 and (kn.ccaught or kn.foxlast):
                # house rules of the last trick: the card not played now is played in it
                val += SP * _last_card_worth(kn, c, higher)
            if total >= 40.0:
                val += (2.0 * w - 1.0) * SP * (1.0 if not after else 0.6)
            if kn.last and c == JC and nbs == me:
                val += SP * w
            if kn.mode == _PENDING and kn.hoch == me:
                # the Hochzeiter wants another seat to take a trick (and so become partner)
                val -= p_me * (prm.hoch_solo if kn.tleft == 10 else prm.hoch_early)
        if not trick:
            if ce == TRUMP:
                if soloist_me and opp_trumps:
                    val += prm.pull
                elif kn.mode == _NORMAL and my_party == 0:
                    val += prm.re_trump
            elif kn.mode == _NORMAL and my_party == 1:
                val += prm.ko_plain
        if val > best_val + 1e-9:
            best_val, choice = val, c
    return choice


# ------------------------------------------------------------------------------ entry points


def _game_know(game: Game, seat: int, prm: Params = DEFAULT_PARAMS) -> _Know:
    """The seat's knowledge in ``game`` (only what it may know)."""
    contract = game.contract
    order = game.order
    tricks = game.tricks
    n = len(tricks)
    pub = _pub(order, tricks, n)
    lead = game.trick_leader
    trick = [((lead + i) & 3, k) for i, k in enumerate(game.trick)]
    soloist = -1
    hoch = -1
    parties = [-1, -1, -1, -1]
    if game.soloist >= 0 and (contract != SILENT_MARRIAGE or game.soloist == seat):
        mode = _SOLO
        soloist = game.soloist
    elif contract == C_MARRIAGE and not game.klaerung:
        mode = _PENDING
        hoch = game.hochzeiter
    elif contract == C_MARRIAGE or game.taker >= 0 or game.genscher_partner >= 0:
        # the parties are public after the Klärung, in an Armut or after a Genscher (house rules)
        mode = _NORMAL
        parties = [0 if game.is_re[s] else 1 for s in range(4)]
    else:
        mode = _NORMAL
        qc = (game.initial_hands[seat] >> QC & 1) + (game.initial_hands[seat] >> (QC + 24) & 1)
        parties = _normal_parties(seat, qc, order, pub, trick, game.calls)
        if contract == SILENT_MARRIAGE and _silent_public(game):
            mode, soloist = _SOLO, game.soloist
    nh = [h.bit_count() for h in game.hands]
    return _build(seat, _counts(game.hands[seat]), order, pub, n, trick, nh,
                  mode, soloist, hoch, parties, game.rules.nines, game.tricks_total, prm,
                  game.dulle_rule, _callers(game.calls), game.rules.dulle_caught,
                  game.rules.charlie_caught, game.rules.fox_last_trick)


def _silent_public(game: Game) -> bool:
    holder = game.soloist
    n = 0
    for leader, cards, _w in game.tricks:
        for i in range(4):
            if cards[i] == QC and (leader + i) & 3 == holder:
                n += 1
    for s, k in game.current_trick():
        if k == QC and s == holder:
            n += 1
    return n == 2


def rules_card(game: Game, seat: int | None = None, params: Params | None = None) -> int:
    """The card kind the ``rules`` player plays for the seat on turn in ``game`` (in play).

    Fast (no :class:`~doko.engine.view.SeatView` is built; the public facts of the completed tricks
    are cached per trick history) and honest: it uses the seat's own hand, its initial hand's
    ♣Q count, the public history and the hand sizes, never another hand or a party that is not
    public. ``seat`` defaults to ``game.to_move`` (it must be on turn); ``params``: card-play
    weights (default: those of ``make_player("rules")``).

    >>> from doko.engine.game import Game
    >>> from doko.engine.actions import HEALTHY
    >>> g = Game.deal(8)
    >>> for _ in range(4):
    ...     g.apply(encode(g.to_move, HEALTHY))
    >>> while not g.is_over:
    ...     g.apply(encode(g.to_move, rules_card(g)))
    >>> len(g.tricks)
    12
    """
    if seat is None:
        seat = game.to_move
    pending = game.genscher_partner < 0 <= game.genscher_seat  # house rule: Genscher to name
    if game.phase != PLAY or seat != game.to_move or pending:
        raise ValueError(f"seat {seat} is not on turn to play a card")
    legal = _legal_kinds(game, seat)
    if len(legal) == 1:
        return legal[0]
    prm = DEFAULT_PARAMS if params is None else params
    return _choose(_game_know(game, seat, prm), legal, prm)


def _callers(calls: Sequence[tuple[int, object, int] | tuple[int, object, int, int]]) -> int:
    """Bit set of the seats that made a call."""
    bits = 0
    for c in calls:
        bits |= 1 << c[0]
    return bits


def _legal_kinds(game: Game, seat: int) -> list[int]:
    h = game.hands[seat]
    m = (h | h >> 24) & 0xFFFFFF
    if game.trick:
        order = game.order
        f = m & order.follow[order.eff_suit[game.trick[0]]]
        if f:
            m = f
    return [k for k in range(24) if m >> k & 1]


def _view_know(v: SeatView, prm: Params = DEFAULT_PARAMS) -> _Know:
    seat = v.seat
    assert seat is not None and v.order is not None
    order = card_order(v.order)
    contract = v.contract or "normal"
    mine = [0] * 24
    for k in v.hand:
        mine[k] += 1
    # parties as plain ints for the card choice: 0 Re, 1 Kontra (the Party values), -1 unknown
    parties = [-1 if p is None else int(p) for p in v.parties]
    soloist = -1
    hoch = -1
    if v.soloist is not None:
        mode = _SOLO
        soloist = v.soloist
    elif contract == "marriage" and not v.partnerships_clarified:
        mode = _PENDING
        hoch = next(s for s in range(4) if parties[s] == 0)
    else:
        mode = _NORMAL
    n = len(v.tricks)
    return _build(seat, mine, order, _pub(order, v.tricks, n), n, list(v.trick),
                  list(v.hand_sizes), mode, soloist, hoch, parties, v.rules.nines,
                  v.rules.hand_size, prm, DULLE_RULES.index(v.rules.dulle), _callers(v.calls),
                  v.rules.dulle_caught, v.rules.charlie_caught, v.rules.fox_last_trick)


# ------------------------------------------------------------------------------ hand evaluation

#: Logistic model of the chance that the own party wins a Normalspiel, fitted on about
#: 115,000 hands of rules players: 1, Re, "leads trick 1", the trumps ♥10 ♠Q ♥Q ♦Q ♣J ♠J ♥J
#: ♦J ♦A ♦10 ♦K ♦9 (♣Q is the party), plain aces, plain tens (♣, ♠), voids, singletons.
_NORMAL_WEIGHTS = (-3.188, 1.25, 0.261, 0.965, 0.361, 0.323, 0.264, 0.225, 0.161, 0.183, 0.152,
                   0.252, 0.232, 0.167, 0.156, 0.252, -0.051, 0.846, 0.218)
_NORMAL_TRUMPS = tuple(k for k in ORDERS[0].trumps if k != QC)


def _normal_logit(mine: Sequence[int], re: bool, leads: bool) -> float:
    """Log-odds that the own party wins a Normalspiel with this (initial) hand."""
    w = _NORMAL_WEIGHTS
    z = w[0] + (w[1] if re else 0.0) + (w[2] if leads else 0.0)
    for i, k in enumerate(_NORMAL_TRUMPS):
        z += w[3 + i] * mine[k]
    if mine[QC] == 2:  # the Hochzeiter's second ♣Q: like a ♠Q
        z += w[4]
    aces = tens = voids = single = 0
    for suit in range(3):
        length = sum(mine[suit * 6 + r] for r in range(6)) - (
            mine[suit * 6 + 2] + mine[suit * 6 + 1] + (mine[suit * 6 + 4] if suit == 2 else 0))
        if length == 0:
            voids += 1
        elif length == 1:
            single += 1
        aces += mine[suit * 6 + 5]
        if suit != 2:
            tens += mine[suit * 6 + 4]
    return z + w[15] * aces + w[16] * tens + w[17] * voids + w[18] * single


def normal_chance(mine: Sequence[int], re: bool, leads: bool = False) -> float:
    """The estimated chance that the own party wins a Normalspiel with this initial hand."""
    return 1.0 / (1.0 + math.exp(-_normal_logit(mine, re, leads)))


#: Weights of the trumps of a Normalspiel for the strength of a hand, high to low.
_NORMAL_TRUMP_W = (3.0, 2.6, 2.2, 2.0, 1.8, 1.5, 1.4, 1.3, 1.2, 1.0, 1.0, 0.9, 0.8)


def normal_strength(mine: Sequence[int]) -> float:
    """A point count of a hand for the Normalspiel (about 10 for an average hand).

    Trumps by rank, plain aces (more for short suits), voids once trumps are long enough.
    """
    order = ORDERS[0]
    s = 0.0
    nt = 0
    for i, k in enumerate(order.trumps):
        c = mine[k]
        s += c * _NORMAL_TRUMP_W[i]
        nt += c
    for suit in range(3):
        kinds = [k for k in range(24) if order.eff_suit[k] == suit]
        length = sum(mine[k] for k in kinds)
        ace = suit * 6 + 5
        if length == 0:
            s += 1.0 if nt >= 6 else 0.3
        elif mine[ace]:
            s += (1.6 if length <= 3 else 1.0) + (0.6 if mine[ace] == 2 else 0.0)
            if suit == 2 and length >= 3:
                s -= 0.5
        else:
            s -= 0.25 * length
    return s


def _solo_features(mine: Sequence[int], order: CardOrder) -> list[float]:
    """Hand features for a solo in ``order``: trump length, top trumps, trump losers (for the
    trump kinds); aces, voids, singletons, plain losers and plain tops."""
    trumps = order.trumps
    f: list[float] = []
    if trumps:
        n = sum(mine[k] for k in trumps)
        ranked: list[bool] = []
        for k in trumps:
            ranked += [True] * mine[k] + [False] * (2 - mine[k])
        losers = sum(1 for x in ranked[:n] if not x)
        f += [
            float(n),
            float(sum(mine[k] for k in trumps[:2])),
            float(sum(mine[k] for k in trumps[2:4])),
            float(sum(mine[k] for k in trumps[4:8])),
            float(losers),
        ]
    aces = voids = single = plosers = tops = 0
    for kinds in _oinfo(order).cls_kinds[:4]:
        if not kinds:
            continue
        length = sum(mine[k] for k in kinds)
        if length == 0:
            voids += 1
            continue
        if length == 1:
            single += 1
        top = 0
        for k in kinds:
            if mine[k] == 2:
                top += 2
                continue
            top += mine[k]
            break
        tops += top
        aces += mine[kinds[0]]
        plosers += length - min(top, length)
    return [*f, float(aces), float(voids), float(single), float(plosers), float(tops)]


#: Logistic models of the soloist's chance to win, fitted on games of the rules player as
#: soloist against three rules players (about 65,000 solos). Inputs: 1, "the soloist leads
#: trick 1", then :func:`_solo_features`.
_SOLO_WEIGHTS: dict[str, tuple[float, ...]] = {
    "color": (-14.973, 0.021, 1.147, 1.266, 0.176, -0.051, -0.163, 1.757, 0.686, 0.104, -0.251,
            -0.896),
    "queens": (-5.958, -0.174, 0.611, 0.577, 0.034, 0.000, 0.125, 0.926, 0.849, 0.358, -0.484,
             -0.127),
    "jacks": (-5.780, -0.051, 0.566, 0.419, 0.147, 0.000, 0.122, 0.945, 0.773, 0.281, -0.424,
            -0.142),
    "meatless": (-2.135, -0.563, 0.352, 1.076, 0.614, -0.501, 0.501),
}
_SOLO_GROUP = {"diamonds": "color", "hearts": "color", "spades": "color", "clubs": "color",
               "queens": "queens", "jacks": "jacks", "meatless": "meatless",
               # the picture solos (house rules) are not fitted: a Königssolo has the shape of
               # a Damensolo (4 trump kinds, 8 cards); the two- and three-picture solos (16
               # and 24 trumps) are read with the Farbsolo's model, whose features (trump
               # length, top trumps, losers, plain aces and voids) they share
               "kings": "queens", "queens_jacks": "color", "kings_queens": "color",
               "kings_jacks": "color", "koehler": "color"}


def solo_names(rules: Rules) -> tuple[str, ...]:
    """The solo kinds a table with ``rules`` plays: the seven of the TSR and the picture solos
    whose options are on."""
    pictures = (n for n, on in zip(SOLO_NAMES[7:], rules.picture_solos, strict=True) if on)
    return (*SOLO_NAMES[:7], *pictures)


def evaluate_solos(
    mine: Sequence[int], rules: Rules = TSR, leads: bool = False
) -> dict[str, float]:
    """The estimated chance to win each solo kind the ``rules`` play with this hand (by its card
    counts); ``leads``: the soloist leads trick 1 (a Pflichtsolo)."""
    out: dict[str, float] = {}
    for name in solo_names(rules):
        contract = SOLO_CONTRACTS[SOLO_NAMES.index(name)]
        order = ORDERS[order_of(contract, rules.dulle_moves, rules.solo_dullen)]
        x = (1.0, 1.0 if leads else 0.0, *_solo_features(mine, order))
        z = sum(a * b for a, b in zip(_SOLO_WEIGHTS[_SOLO_GROUP[name]], x, strict=True))
        out[name] = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return out


def _bits_of(counts: Sequence[int]) -> int:
    """A hand (bit set) from counts per kind."""
    h = 0
    for k in range(24):
        if counts[k]:
            h |= 1 << k
        if counts[k] > 1:
            h |= 1 << (k + 24)
    return h


#: The top trumps of the normal order that make a hand fit to take an Armut: ♥10, ♣Q, ♠Q.
_ARMUT_TOP = (TH, QC, kind(SPADES, QUEEN))


def takes_armut(hand: Sequence[int]) -> bool:
    """Whether the rules player takes an Armut with ``hand`` (kinds): common advice takes one
    with many trumps and high ones, here at least 7 trumps with 3 of ♥10, ♣Q, ♠Q."""
    bits = _bits_of([sum(1 for k in hand if k == j) for j in range(24)])
    top = sum(1 for k in hand if k in _ARMUT_TOP)
    return trump_count(bits) >= 7 and top >= 3


def armut_card(v: SeatView, codes: Sequence[int]) -> int:
    """The card the rules player hands over (poor seat: its trumps, which the rules force
    first, then the plain card of fewest Augen) or returns (taker: the card it needs least,
    plain cards of short suits and few Augen first, trumps last and the lowest of them)."""
    cards = [c for c in codes if c < 24]
    if v.seat == v.poor:
        return min(cards, key=lambda k: (EYES[k], k))
    order = ORDERS[0]
    suit_len = [0] * 5
    for k in v.hand:
        suit_len[order.eff_suit[k]] += 1

    def keep(k: int) -> tuple[int, int]:
        if TRUMP_KINDS >> k & 1:
            return (1000 + order.power[k], k)
        return (EYES[k] + 4 * suit_len[order.eff_suit[k]], k)

    return min(cards, key=keep)


def initial_counts(v: SeatView) -> list[int]:
    """The seat's initial hand (its hand and the cards it played) as counts per kind."""
    seat = v.seat
    assert seat is not None
    mine = [0] * 24
    for k in v.hand:
        mine[k] += 1
    for leader, cards, _w in v.tricks:
        mine[cards[(seat - leader) & 3]] += 1
    for s, k in v.trick:
        if s == seat:
            mine[k] += 1
    return mine


# ------------------------------------------------------------------------------ the player


@register("rules")
class RulesPlayer(Player):
    """The heuristic player (see the module docstring).

    Options: ``lust`` (the chance to win from which a Lustsolo is played), ``pflicht`` (the same
    for an owed Pflichtsolo), ``silent`` (the Karo-solo chance from which both ♣Q play a stille
    Hochzeit), ``solo_call`` (the soloist's chance for Re), ``call_p`` (the own party's chance
    for Re or Kontra), ``reply_extra`` (added to it for a reply), ``absage`` (the hand strength
    of :func:`normal_strength` for keine 90), and the card-play weights of :class:`Params`.
    """

    def __init__(
        self,
        seed: int | None = None,
        lust: float = 0.62,
        pflicht: float = 0.28,
        silent: float = 0.8,
        solo_call: float = 0.5,
        call_p: float = 0.62,
        reply_extra: float = 0.08,
        absage: float = 22.5,
        **params: float,
    ) -> None:
        super().__init__(seed)
        self.params = Params(**params) if params else DEFAULT_PARAMS
        self.lust = lust
        self.pflicht = pflicht
        self.silent = silent
        self.solo_call = solo_call
        self.call_p = call_p
        self.reply_extra = reply_extra
        self.absage = absage

    # -- game choice

    def plan(self, v: SeatView) -> tuple[str, str | None]:
        """What to do in the Vorbehaltsabfrage: ``("healthy", None)``, ``("solo", kind)``,
        ``("marriage", None)``, ``("silent", None)`` or (house rule) ``("armut", None)``: at most
        3 trumps and no solo good enough."""
        seat = v.seat
        assert seat is not None
        mine = initial_counts(v)
        owe = v.owes_pflichtsolo[seat]
        # who leads trick 1: the soloist of a Pflichtsolo, else the dealer's left neighbour
        leads = owe or v.rules.soloist_leads or seat == (v.dealer + 1) & 3
        chances = evaluate_solos(mine, v.rules, leads)
        kind = max(chances, key=lambda n: (chances[n], -SOLO_NAMES.index(n)))
        p = chances[kind]
        if v.vorfuehrung == seat:
            return ("solo", kind)
        if owe and p >= self.pflicht:
            return ("solo", kind)
        if p < self.lust and can_armut(_bits_of(mine), v.rules):
            return ("armut", None)
        if mine[QC] == 2:
            silent = evaluate_solos(mine, v.rules, seat == (v.dealer + 1) & 3)["diamonds"]
            if p >= self.lust and p > silent + 0.1:
                return ("solo", kind)
            if silent >= self.silent:
                return ("silent", None)
            return ("marriage", None)
        if not owe and p >= self.lust:
            return ("solo", kind)
        return ("healthy", None)

    # -- calls

    def _call(self, v: SeatView, mine_calls: list[Action]) -> Action | None:
        seat = v.seat
        assert seat is not None
        codes = {code_of(a): a for a in mine_calls}
        first = codes.get(CALL_RE) or codes.get(CALL_KONTRA)
        mine = [0] * 24
        for k in v.hand:
            mine[k] += 1
        solo = v.soloist is not None
        if solo:
            if v.soloist != seat:
                return None  # Kontra against a solo: no calls (the soloist knows better)
            lost = sum(1 for _l, _c, w in v.tricks if w != seat)
            if first is None or lost:
                return None
            contract = v.contract or ""
            name = contract[5:] if contract.startswith("solo_") else "diamonds"
            leads = v.tricks[0][0] == seat if v.tricks else v.trick_leader == seat
            p = evaluate_solos(initial_counts(v), v.rules, leads)[name]
            return first if p >= self.solo_call else None
        if v.contract == "marriage" and not v.partnerships_clarified:
            return None
        parties = v.parties
        me_p = parties[seat]
        # tricks so far: Augen of my party where known
        ours = theirs = 0
        for _l, cards, w in v.tricks:
            e = sum(EYES[k] for k in cards)
            if parties[w] == me_p:
                ours += e
            elif parties[w] is not None:
                theirs += e
        opp_called = any(p != me_p for _s, p, _lv in v.calls)
        if first is not None:
            z = _normal_logit(initial_counts(v), me_p == Party.RE, seat == (v.dealer + 1) & 3)
            z += (ours - theirs) * 0.03
            need = self.call_p + (self.reply_extra if opp_called else 0.0)
            if z >= math.log(need / (1.0 - need)):
                return first
            return None
        raw = normal_strength(mine) + (ours - theirs) / 12.0
        if NO90 in codes and raw >= self.absage:
            return codes[NO90]
        return None

    def _after_concession(self, v: SeatView, mine_calls: list[Action]) -> Action | None:
        """Kontra after the soloist conceded: the result is known; call what is won."""
        from doko.engine.scoring import GameSummary, score

        seat = v.seat
        assert seat is not None and v.soloist is not None
        re_eyes = sum(sum(EYES[k] for k in cards) for _l, cards, w in v.tricks
                      if w == v.soloist)
        re_tricks = sum(1 for _l, _c, w in v.tricks if w == v.soloist)
        re_calls = max((lv for _s, p, lv in v.calls if p == Party.RE), default=0)
        ko_calls = max((lv for _s, p, lv in v.calls if p == Party.KONTRA), default=0)

        def value(level: int) -> int:
            s = score(GameSummary("solo", re_eyes=re_eyes, re_tricks=re_tricks,
                                  re_calls=re_calls, kontra_calls=level,
                                  nines=v.rules.nines), v.rules)
            return s.kontra_score

        best, best_val = None, value(ko_calls)
        for a in mine_calls:
            val = value(call_level(code_of(a)))
            if val > best_val:
                best, best_val = a, val
        return best

    # -- the interface

    def decide(self, view: SeatView) -> Action | None:
        v = view
        seat = v.seat
        legal = v.legal_actions
        if seat is None or not legal:
            return None
        phase = v.phase
        if phase in (QUERY, NAMING) and not v.to_play:
            return None  # its Vorbehalt was meant: it never takes one back (TSR 4.1.2)
        if phase == QUERY:
            plan = self.plan(v)[0]
            if plan == "healthy" and any(code_of(a) == THROW for a in legal):
                return encode(seat, THROW)  # Schmeißen (house rule): a hand to throw
            return encode(seat, RESERVATION if plan in ("solo", "marriage", "armut")
                          else HEALTHY)
        if phase == NAMING:
            codes = [code_of(a) for a in legal]
            if TAKE in codes:  # asked to take an Armut (house rule)
                return encode(seat, TAKE if takes_armut(v.hand) else TAKE + 1)
            if codes[0] < 24:  # the Armut's exchange: hand over or return one card
                return encode(seat, armut_card(v, codes))
            what, kind = self.plan(v)
            if (ARMUT in codes and (what == "armut" or SOLO_BASE not in codes)
                    and not (what == "marriage" and MARRIAGE in codes)):
                return encode(seat, ARMUT)
            if kind is None or what != "solo":
                if MARRIAGE in codes and what == "marriage":
                    return encode(seat, MARRIAGE)
                if PASS in codes:
                    return encode(seat, PASS)
                chances = evaluate_solos(initial_counts(v), v.rules, True)
                kind = max(chances, key=lambda n: (chances[n], -SOLO_NAMES.index(n)))
            return encode(seat, solo_code(kind))
        mine_calls = [a for a in legal
                      if seat_of(a) == seat and CALL_RE <= code_of(a) <= NO90 + 3]
        if phase == FINISHED:
            return self._after_concession(v, mine_calls) if mine_calls else None
        for a in legal:
            if code_of(a) == CLAIM:
                return a
        if any(seat_of(a) == seat and code_of(a) in GENSCHER_CODES for a in legal):
            return encode(seat, genscher_code(v))  # house rule: the Genscher names its partner
        for a in legal:  # house rules: announce Schweinchen as soon as allowed (they become
            if seat_of(a) == seat and code_of(a) in PIG_CODES:  # the top trumps, no fox lost)
                return a
        if mine_calls:
            called = self._call(v, mine_calls)
            if called is not None:
                return called
        if not v.to_play:
            return None
        cards = [c for c in map(code_of, legal) if c < 24]
        if not cards:  # pragma: no cover - the engine always offers a card on turn
            return legal[0]
        return encode(seat, _choose(_view_know(v, self.params), cards, self.params))


def genscher_code(v: SeatView) -> int:
    """The Genscher naming of the rules player (house rule; native twin
    ``rules_policy::genscher_choice``): the other seat that has won the most Augen in its tricks
    so far (the strongest play shown), ties to the nearest seat after the Genscher.

    >>> from doko.engine.game import Game
    >>> from doko.engine.view import view
    >>> v = view(Game.deal(1), 0)
    >>> genscher_code(v) - GENSCHER_CODES[0]  # no trick yet: the next seat
    0
    """
    me = v.seat if v.seat is not None else v.to_move
    won = [0, 0, 0, 0]
    for _leader, cards, w in v.tricks:
        won[w] += sum(EYES[k] for k in cards)
    return _genscher_best(me, won)


def genscher_choice(game: Game) -> int:
    """:func:`genscher_code` on a full game (for playouts; the Augen won are public)."""
    return _genscher_best(game.genscher_seat, game.eyes)


def _genscher_best(me: int, won: Sequence[int]) -> int:
    best = max(range(1, 4), key=lambda k: (won[(me + k) & 3], -k))
    return GENSCHER_CODES[best - 1]
