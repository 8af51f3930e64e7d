"""``uct``: the UCT player of Sievers and Helmert, "A Doppelkopf Player Based on UCT" (KI 2015),
as the literature's baseline, by default in the setting the paper reports as its best (10 x 1,000).

For each decision the player deals the unseen cards consistently with what its seat knows
(:class:`~doko.bots.sampler.Sampler`). By default ``worlds`` (10) worlds get a tree each,
searched with ``rollouts`` (1,000) rollouts, and the root values are summed over the worlds:
the paper's best setting, 10 x 1,000 (the program's version 0, the ensemble). With
``single_tree`` (the program's version 1) one tree serves the decision and every rollout is
played on a world of its own; a node stands for the actions leading to it, and in a rollout
only its children legal in that world count. A rollout:

1. *selection*: from the root, each seat on turn takes the action with the highest UCB1 value,
   its own mean reward over the node's visits plus ``exploration * sqrt(ln N / n)`` (``N`` the
   node's visits, ``n`` the child's), as long as every (legal) action of the node has a child;
2. *expansion*: otherwise the first untried action (in the node's order) becomes a new node;
3. *rollout*: from there the game is played to its end at random (random legal cards, no
   calls) and, as in the paper's simulations, nobody reserves or plays a solo
   (:func:`rollout_answer`); every state on the way becomes a node (``expand_all``);
4. *backpropagation*: every node on the path adds each seat's reward, the seat's score points
   (TSR 7) plus ``eyes_weight`` times its party's Augen.

The actions of a node are those of the seat to act: Gesund or Vorbehalt, the naming of a solo
or Hochzeit, and in play first the call question, then its legal cards. By default the call
question offers "no call" (:data:`DECLINE`) and the next call level, asked again after a call
(the program's announcing version 1, its default); with ``all_calls`` it offers every call the
seat may make now, and a seat that called is not asked again at this turn (its version 0).
At the seat's own Vorbehaltsabfrage the Vorbehalt is one root action per game it is for (each
solo kind; Hochzeit with both ♣Q), named when the seat's turn to name comes, so that a
Vorbehalt is worth its game and not the average of all the games it could lead to (as the
paper's player answers "solo?" and "which?" together); with ``solo_question`` the program's
order instead: one Vorbehalt for a solo, the kind chosen by UCB1 in the seat's node below it
(:data:`SOLO_QUESTION`). The root action with the highest mean
reward (summed over the worlds for the ensemble) is played. Where the seat may call, the
player first searches that question alone, then, if it does not call, the card (a search of
its own on new worlds), as the paper's player is asked the two questions one after the other.
A call is made only if its value is positive (the paper's announcement rule: no announcement
when every answer's value is negative, ``call_rule``). A certain claim (the engine offers one
only when it holds) is taken at once; otherwise the player acts only at its own turn (a call
is considered there), unless ``calls_out_of_turn``.

The call question goes by default only to the seat on turn, before its card. With
``calls_out_of_turn`` it goes to the seats the paper's program asks (TSR 6.1.2: a seat may
call while another is to play), in the tree and in the player's own decisions: after every
card the three other seats from the next one after its player, after a call the caller again
and the three after it (with ``all_calls`` the three after it), at the start of the play all
four from the one to lead, each that may call, in seat order (:func:`program_round`); then the
card. In the tree a seat's "no call" is an action of that seat (:func:`decline`), and UCB1 at
its node is for that seat. The player answers the question with its call search whenever it
is one of the round and the engine offers it a call, on turn or not; the root of that search
is its question, the rest of the round after it.

The search runs in the native core (``doko_native.uct_search``, ``native/src/uct.rs``) where it
is built; :func:`search_single_python` and :func:`ensemble_python` are the same algorithm in
Python with the same random number generator (:class:`WyRand`, the core's ``batch::Rng``), so
for the same worlds and seed both give the same visits and values (slow but exact;
``backend="python"``).

Defaults: the paper's best setting, the ensemble of 10 worlds x 1,000 rollouts, exploration
constant 20000 in the program's reward unit (500 per score point plus the party's Augen), here
40 per score point with the Augen weighted 1/500 (the same search, scaled); the program's
default call question (announcing version 1, the next call only), asked of the seat on turn
(docs/players.md gives the measurements of the other choices). With ``budget_ms`` the search
takes that time (and ``rollouts`` is a cap only if given).

>>> from doko.engine.game import Game
>>> from doko.bots.base import play_game, make_player
>>> players = [UctPlayer(seed=1, worlds=2, rollouts=30)] + [
...     make_player("random", seed=s) for s in (2, 3, 4)]
>>> play_game(Game.deal(5), players).is_over
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from doko.bots.base import Player, make_player, register
from doko.bots.sampler import ImpossibleView, Sampler
from doko.engine.actions import (
    BLACK,
    CALL_RE,
    CLAIM,
    CODE_OF,
    GENSCHER_CODES,
    HEALTHY,
    MARRIAGE,
    PASS,
    PIG_CODES,
    RESERVATION,
    SOLO_BASE,
    SOLO_CODES,
    WITHDRAW,
    Action,
    code_of,
    encode,
    genscher_naming,
    seat_of,
)
from doko.engine.backend import BackendError, native_available, require_native
from doko.engine.cards import QC, hand_count, hand_from_kinds
from doko.engine.game import FINISHED, NAMING, PLAY, QUERY, Game
from doko.engine.result import seat_scores
from doko.engine.view import SeatView

__all__ = ["RootStats", "UctPlayer", "WyRand", "ensemble_python", "rewards", "rollout_answer",
           "root_actions", "search_python", "search_single_python", "tree_actions",
           "world_seed"]

_M64 = (1 << 64) - 1

#: The published exploration constant (20000) and score-point factor (500) of the paper's
#: reward; ours is in score points, so the constant is their ratio.
PAPER_EXPLORATION = 20000 / 500
PAPER_EYES_WEIGHT = 1 / 500

#: The plan of the root's Vorbehalt for a solo with ``solo_question`` (the program's question
#: "solo?"): the seat's choice among the solo kinds is the node below it (``uct::SOLO_QUESTION``).
SOLO_QUESTION = 254

#: The most worlds a single-tree search samples per decision (rollout ``i`` plays on world
#: ``i`` modulo their number): one per rollout up to this many.
SINGLE_TREE_WORLDS = 1024


class WyRand:
    """The native core's random number generator (wyrand, ``batch::Rng``), bit for bit.

    >>> a, b = WyRand(7), WyRand(7)
    >>> [a.below(10) for _ in range(6)] == [b.below(10) for _ in range(6)]
    True
    >>> 0.0 <= WyRand(1).random() < 1.0
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = (seed ^ 0x2545_F491_4F6C_DD1D) & _M64
        self.next_u64()

    def next_u64(self) -> int:
        s = (self.state + 0xA076_1D64_78BD_642F) & _M64
        self.state = s
        t = s * (s ^ 0xE703_7ED1_A0B4_28DB)
        return ((t >> 64) ^ t) & _M64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def below(self, n: int) -> int:
        """An int in ``0..n`` (``n > 0``)."""
        return ((self.next_u64() >> 32) * n) >> 32


def world_seed(seed: int, i: int) -> int:
    """The generator seed of world ``i`` of a decision with ``seed`` (as the native core)."""
    return (seed ^ (i * 0x9E37_79B9_7F4A_7C15)) & _M64


#: The tree's action "no call now" (the paper's answer "no announcement"), as the root's
#: statistics report it: the seat asked could make a call and does not. Engine actions are
#: 0..255, the declines lie beyond them; in the tree a decline names its seat
#: (:func:`decline`), so that the declines of different seats stay apart (``uct::DECLINE``).
DECLINE = Action(0x100)

#: The round of the call question (``uct::Ask``): from ``seat`` on, ``left`` seats in seat
#: order are asked whether to call (those that may; the others are passed over), then the seat
#: on turn plays its card. :data:`ASK_START`: a new round from the seat on turn (the one seat
#: without calls out of turn, all four with them); :data:`ASK_DONE`: nobody (more) is asked.
Ask = tuple[int, int]
ASK_START: Ask = (0, 255)
ASK_DONE: Ask = (0, 0)


def decline(seat: int) -> Action:
    """The tree action "``seat`` makes no call now" (``uct::decline``)."""
    return Action(DECLINE | (seat & 3))


def _actor(a: int) -> int:
    """The seat whose action tree action ``a`` is (``uct::actor``)."""
    return a - DECLINE if a >= DECLINE else seat_of(Action(a))


def _calls(g: Game, s: int) -> list[Action]:
    """The calls seat ``s`` may make now, lowest first (the engine's legal actions: the same
    as ``can_apply`` for each call, without building a refusal for each that is not)."""
    return sorted((a for a in g.legal_actions(s) if CALL_RE <= CODE_OF[a] <= BLACK),
                  key=CODE_OF.__getitem__)


def _next_call(g: Game, s: int) -> Action | None:
    """The lowest call seat ``s`` may make now, if any (``uct::next_call``)."""
    calls = _calls(g, s)
    return calls[0] if calls else None


def _started(g: Game, ask: Ask, out_of_turn: bool) -> Ask:
    """The round made concrete: :data:`ASK_START` from the seat on turn (``Ask::started``)."""
    if ask[1] != ASK_START[1]:
        return ask
    return (g.to_move if g.to_move >= 0 else 0, 4 if out_of_turn else 1)


def _resolve(g: Game, ask: Ask, out_of_turn: bool) -> tuple[Ask, Action | None]:
    """The seat asked now, the seats that may not call passed over, and its lowest call
    (``Ask::resolve``)."""
    seat, left = _started(g, ask, out_of_turn)
    while left > 0:
        call = _next_call(g, seat)
        if call is not None:
            return (seat, left), call
        seat, left = (seat + 1) & 3, left - 1
    return (seat, left), None


def _tree_step(g: Game, ask: Ask, a: Action, all_calls: bool, out_of_turn: bool) -> Ask:
    """Take tree action ``a`` and return the round after it (``uct::tree_step``): a decline
    passes the question to the next seat of the round; a call, a card or an answer before the
    play starts the next round (calls out of turn: after a card the three other seats from the
    next one after its player; after a call the caller again and the three after it, with
    ``all_calls`` the three after it; else the seat on turn alone, after a call again or with
    ``all_calls`` not); a Genscher's naming (house rule) keeps it."""
    if a >= DECLINE:
        seat, left = _started(g, ask, out_of_turn)
        s = a & 3
        passed = (s - seat) & 3
        return (s + 1) & 3, max(0, left - passed - 1)
    naming = g.phase == PLAY and g.genscher_partner < 0 <= g.genscher_seat
    card = g.phase == PLAY and not naming and CODE_OF[a] < 24
    g.apply(a)
    s = seat_of(a)
    if naming:
        return ask
    if _is_call(a):
        if out_of_turn:
            return ((s + 1) & 3, 3) if all_calls else (s, 4)
        return ASK_DONE if all_calls else (s, 1)
    if card and out_of_turn:
        return (s + 1) & 3, 3
    return ASK_START


def _root_ask(declined: bool, out_of_turn: bool, ask_left: int | None, seat: int) -> Ask:
    """The round at a search's root (as ``doko_native.uct_search``'s arguments)."""
    if ask_left is None:
        return ASK_DONE if declined else ASK_START
    if not out_of_turn:
        raise ValueError("ask_left needs calls_out_of_turn: without it only the seat on turn "
                         "is asked")
    if declined:
        raise ValueError("ask_left is the call question of the seat: it cannot have declined it")
    if not 1 <= ask_left <= 4:
        raise ValueError(f"ask_left must be 1 to 4 (the seats of a round still to be asked), "
                         f"not {ask_left}")
    return seat, ask_left


def _node_actions(g: Game, ask: Ask, all_calls: bool,
                  out_of_turn: bool) -> tuple[list[Action], Ask]:
    """The actions of a tree node and the round made concrete (``uct::tree_actions``)."""
    phase = g.phase
    if phase == PLAY and g.genscher_partner < 0 <= g.genscher_seat:
        return g.legal_actions(), ask  # house rule: the Genscher's three namings
    if phase == PLAY:
        ask, call = _resolve(g, ask, out_of_turn)
        if call is not None:
            s = ask[0]
            return [decline(s)] + (_calls(g, s) if all_calls else [call]), ask
        return list(g.legal_plays()), ask
    if phase in (QUERY, NAMING):
        # a Vorbehalt made is meant: the player never takes one back (TSR 4.1.2)
        return [a for a in g.legal_actions(g.to_move) if CODE_OF[a] != WITHDRAW], ask
    return [], ask


def tree_actions(g: Game, declined: bool = False, all_calls: bool = False,
                 out_of_turn: bool = False, ask_left: int | None = None,
                 seat: int | None = None) -> list[Action]:
    """The actions of a tree node (as the native core): in play, while a seat of the call
    question's round may call, its :func:`decline` and the lowest call it may make now (with
    ``all_calls`` every call it may make now, lowest first), else the legal cards of the seat
    on turn; the legal actions in the Vorbehaltsabfrage and the naming. The round: a new one
    from the seat on turn, or none (``declined``: the cards); with ``out_of_turn`` and
    ``ask_left`` the call question of ``seat`` (default the seat on turn) with ``ask_left``
    seats of the round from it on."""
    root = _root_ask(declined, out_of_turn, ask_left, g.to_move if seat is None else seat)
    return _node_actions(g, root, all_calls, out_of_turn)[0]


def solo_kinds(g: Game) -> list[int]:
    """The solo kinds a seat may reserve for under ``g``'s rules as naming codes: the seven
    solos and the picture solos the rules play (house rules), as the native core."""
    return list(range(SOLO_BASE, SOLO_BASE + 7)) + [
        code for code, on in zip(SOLO_CODES[7:], g.rules.picture_solos, strict=True) if on]


def root_actions(g: Game, declined: bool = False, all_calls: bool = False,
                 solo_question: bool = False, out_of_turn: bool = False,
                 ask_left: int | None = None,
                 seat: int | None = None) -> list[tuple[Action, int | None]]:
    """The root's actions with their plans: in the Vorbehaltsabfrage Gesund and one Vorbehalt
    per game the seat could name (the seven solos, the picture solos the rules play, Hochzeit
    with both ♣Q), or with ``solo_question`` one Vorbehalt for a solo (:data:`SOLO_QUESTION`)
    instead of one per solo kind; else the tree actions without plans (as the native core;
    the round of the call question as in :func:`tree_actions`), the seat's "no call" as
    :data:`DECLINE`, as the search reports them."""
    root = _root_ask(declined, out_of_turn, ask_left, g.to_move if seat is None else seat)
    return [(Action(min(a, DECLINE)), p)
            for a, p in _root_actions(g, root, all_calls, solo_question, out_of_turn)]


def _root_actions(g: Game, ask: Ask, all_calls: bool, solo_question: bool,
                  out_of_turn: bool) -> list[tuple[Action, int | None]]:
    """:func:`root_actions` for the round ``ask`` (``uct::root_actions``)."""
    acts = _node_actions(g, ask, all_calls, out_of_turn)[0]
    if g.phase != QUERY:
        return [(a, None) for a in acts]
    out: list[tuple[Action, int | None]] = []
    for a in acts:
        if CODE_OF[a] == RESERVATION:
            if solo_question:
                out.append((a, SOLO_QUESTION))
            else:
                out.extend((a, code) for code in solo_kinds(g))
            if hand_count(g.hands[g.to_move], QC) == 2:
                out.append((a, MARRIAGE))
        else:
            out.append((a, None))
    return out


def _naming_by_plan(g: Game, seat: int, plan: list[int | None]) -> bool:
    """Make the planned naming if ``seat`` is to name now (used up either way); True if made."""
    code = plan[0]
    if code is None or g.phase != NAMING or g.to_move != seat:
        return False
    plan[0] = None
    a = encode(seat, code)
    if not g.can_apply(a):
        return False
    g.apply(a)
    return True


def rewards(g: Game, eyes_weight: float) -> list[float]:
    """Every seat's reward in a finished game: score points plus ``eyes_weight`` times its
    party's Augen."""
    scores = seat_scores(g)
    re, ko = float(g.re_eyes()), float(g.kontra_eyes())
    return [scores[s] + eyes_weight * (re if g.is_re[s] else ko) for s in range(4)]


@dataclass
class RootStats:
    """Per root action: its plan (the naming code a Vorbehalt is for, else None), visits and
    the searching seat's mean reward (summed over worlds for an ensemble); ``rollouts``
    made."""

    actions: list[Action] = field(default_factory=list)
    plans: list[int | None] = field(default_factory=list)
    visits: list[int] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    rollouts: int = 0


def rollout_answer(legal: Sequence[Action]) -> Action:
    """The rollout's answer before the play, as the paper's simulations: no Vorbehalt and no
    solo where the seat has the choice (Gesund; in the naming pass, else the Hochzeit, else the
    first legal naming, as a Vorführung must name a solo); never the withdrawal (TSR 4.1.2).
    As ``uct::rollout_answer``."""
    for code in (HEALTHY, PASS, MARRIAGE):
        for a in legal:
            if CODE_OF[a] == code:
                return a
    return next(a for a in legal if CODE_OF[a] != WITHDRAW)


class _Node:
    __slots__ = ("action", "children", "n_actions", "plan", "sum", "visits")

    def __init__(self, action: Action, plan: int | None = None) -> None:
        self.action = action
        self.plan = plan
        self.visits = 0
        self.sum = [0.0, 0.0, 0.0, 0.0]
        #: in the order they were added
        self.children: list[_Node] = []
        #: the number of actions of the node's state, once the selection has been there
        self.n_actions: int | None = None

    def child(self, action: Action, plan: int | None = None) -> _Node | None:
        for c in self.children:
            if c.action == action and c.plan == plan:
                return c
        return None

    def add(self, action: Action, plan: int | None = None) -> _Node:
        c = _Node(action, plan)
        self.children.append(c)
        return c


def _rollout(g: Game, ask: Ask, seat: int, plan: list[int | None], expand_all: bool,
             all_calls: bool, out_of_turn: bool, rng: WyRand, node: _Node,
             path: list[_Node]) -> _Node:
    """Play ``g`` to its end as the rollouts do (random cards, no calls, no Vorbehalt, the
    planned naming when its turn comes); with ``expand_all`` every state becomes a node below
    ``node``, added to ``path`` (the "no call" of every seat of the round ``ask`` that could
    call among them). The last node (as ``uct::rollout_from``)."""
    while g.phase != FINISHED:
        if _naming_by_plan(g, seat, plan):
            continue
        if g.phase == PLAY and g.genscher_partner < 0 <= g.genscher_seat:
            # house rule: a rollout's Genscher keeps its partner (the native rollouts play
            # their cards past the naming)
            gs = g.genscher_seat
            mate = next(s for s in range(4) if s != gs and g.is_re[s] == g.is_re[gs])
            g.apply(encode(gs, genscher_naming(gs, mate)))
            continue
        if g.phase == PLAY:
            call = None
            if expand_all:
                asked, call = _resolve(g, ask, out_of_turn)
            if call is not None:
                a = decline(asked[0])
                ask = _tree_step(g, ask, a, all_calls, out_of_turn)
            else:
                s = g.to_move
                plays = g.legal_plays()
                a = plays[rng.below(len(plays))]
                g.apply(a)
                ask = ((s + 1) & 3, 3) if out_of_turn else ASK_START
        else:
            a = rollout_answer(g.legal_actions(g.to_move))
            ask = _tree_step(g, ask, a, all_calls, out_of_turn)
        if expand_all:
            node = node.add(a)
            path.append(node)
    return node


def _backpropagate(path: list[_Node], r: Sequence[float]) -> None:
    """Every node on a rollout's path counts the visit and adds each seat's reward."""
    for nd in path:
        nd.visits += 1
        acc = nd.sum
        for s in range(4):
            acc[s] += r[s]


def _root_stats(top: _Node, planned: Sequence[tuple[Action, int | None]], seat: int,
                done: int) -> RootStats:
    """The root's actions with their visits and the seat's mean reward after ``done``
    rollouts (0 for an action never tried)."""
    out = RootStats(rollouts=done)
    for act, plan_of in planned:
        kid = top.child(act, plan_of)
        out.actions.append(Action(min(act, DECLINE)))
        out.plans.append(plan_of)
        out.visits.append(kid.visits if kid is not None else 0)
        out.values.append(kid.sum[seat] / kid.visits if kid is not None and kid.visits else 0.0)
    return out


def _first_untried_kind(node: _Node, kinds: Sequence[int]) -> tuple[Action, int | None] | None:
    """Below a Vorbehalt for a solo: the first solo kind not tried yet, as (the Vorbehalt, the
    kind) (``uct::first_untried_kind``)."""
    return next(((node.action, k) for k in kinds if node.child(node.action, k) is None), None)


def _take_plan(child_plan: int | None, plan: list[int | None]) -> bool:
    """A selected child's plan: a naming code becomes the rollout's plan. False only for
    :data:`SOLO_QUESTION`, whose node is followed at once by the choice of the kind (so a new
    question node does not end the selection), as ``uct::take_plan``."""
    if child_plan == SOLO_QUESTION:
        return False
    if child_plan is not None:
        plan[0] = child_plan
    return True


def _check_to_act(g: Game, seat: int, ask: Ask, out_of_turn: bool) -> None:
    """Raise ValueError unless ``seat`` is to act in ``g`` with the round ``ask`` of the call
    question (asked whether to call, or on turn), as ``uct::check_to_act``."""
    if g.phase == FINISHED:
        raise ValueError("the game is over: there is nothing to search")
    actor = g.to_move
    if g.phase == PLAY and not g.genscher_partner < 0 <= g.genscher_seat:
        asked, call = _resolve(g, ask, out_of_turn)
        if call is not None:
            actor = asked[0]
    if actor != seat:
        raise ValueError(f"seat {seat + 1} is not to act (seat {actor + 1} is)")


def search_python(root: Game, seat: int, rollouts: int, exploration: float, eyes_weight: float,
                  rng: WyRand, deadline: float | None = None, declined: bool = False,
                  expand_all: bool = True, all_calls: bool = False,
                  solo_question: bool = False, out_of_turn: bool = False,
                  ask_left: int | None = None) -> RootStats:
    """One UCT search on one world (see the module docstring), the Python twin of
    ``uct::search``: UCB1 while every action of a node has been tried, else the first untried
    one (in the order of :func:`tree_actions`), then the rollout policy, every state of the
    rollout a new node (``expand_all``, the paper's default; else only the first new one).
    ``deadline`` (a ``time.perf_counter()`` value) is checked every 16 rollouts;
    ``declined``: the seat has declined its call at this turn; ``all_calls``: the call question
    offers every call at once and a seat that called is not asked again at this turn;
    ``solo_question``: one root Vorbehalt for a solo, the solo kind chosen in the node below
    it (:func:`root_actions`); ``out_of_turn``: the calls out of turn of the paper's program
    (the rounds of :func:`_tree_step`); ``ask_left`` (with ``out_of_turn``): the root is the
    call question of ``seat``, not necessarily on turn, with ``ask_left`` seats of the round
    from it on still to be asked."""
    root_ask = _root_ask(declined, out_of_turn, ask_left, seat)
    _check_to_act(root, seat, root_ask, out_of_turn)
    top = _Node(Action(0))
    planned = _root_actions(root, root_ask, all_calls, solo_question, out_of_turn)
    top.n_actions = len(planned)
    kinds = solo_kinds(root)
    done = 0
    while done < rollouts:
        if done and done % 16 == 0 and deadline is not None and time.perf_counter() >= deadline:
            break
        g = root.clone()
        ask = root_ask
        path = [top]
        node = top
        plan: list[int | None] = [None]
        added = False
        while g.phase != FINISHED:
            if _naming_by_plan(g, seat, plan):
                continue
            # the seat's choice of the solo kind below its Vorbehalt for a solo
            question = node.plan == SOLO_QUESTION
            untried: tuple[Action, int | None] | None = None
            if node.n_actions is None or len(node.children) < node.n_actions:
                if node is top:
                    untried = next(((a, p) for a, p in planned if top.child(a, p) is None),
                                   None)
                elif question:
                    node.n_actions = len(kinds)
                    untried = _first_untried_kind(node, kinds)
                else:
                    acts, ask = _node_actions(g, ask, all_calls, out_of_turn)
                    node.n_actions = len(acts)
                    untried = next(((a, None) for a in acts if node.child(a) is None), None)
            if untried is not None:
                child = node.add(*untried)
                added = True
            else:
                # every action tried (the rollouts may have added them all): UCB1 for the seat
                # whose actions they are (the world is fixed: one seat's)
                if not node.children:
                    break
                p = _actor(node.children[0].action)
                ln_n = math.log(node.visits)
                child = node.children[0]
                best = -math.inf
                for c in node.children:
                    v = c.sum[p] / c.visits + exploration * math.sqrt(ln_n / c.visits)
                    if v > best:
                        best, child = v, c
            if not question:  # the choice of the solo kind changes no state (the naming comes
                ask = _tree_step(g, ask, child.action, all_calls, out_of_turn)  # by plan)
            path.append(child)
            node = child
            if _take_plan(child.plan, plan) and added:
                break
        _rollout(g, ask, seat, plan, expand_all, all_calls, out_of_turn, rng, node, path)
        _backpropagate(path, rewards(g, eyes_weight))
        done += 1
    return _root_stats(top, planned, seat, done)


def search_single_python(worlds: Sequence[Game], seat: int, rollouts: int, exploration: float,
                         eyes_weight: float, rng: WyRand, deadline: float | None = None,
                         declined: bool = False, expand_all: bool = True,
                         all_calls: bool = False, solo_question: bool = False,
                         out_of_turn: bool = False, ask_left: int | None = None) -> RootStats:
    """One search in a single tree over many worlds (the paper's program's version 1), the
    Python twin of ``uct::search_single``: rollout ``i`` is played on ``worlds[i %
    len(worlds)]``; at a node only the children whose action is legal in that world count, an
    action legal there but not yet a child is added first (the first in the order of
    :func:`tree_actions`), else UCB1 with the node's visits over all worlds. The root's actions
    are those of the first world (the seat's own, the same in every world). In a world the
    round of the call question may ask another seat than in another (who may call depends on
    the parties), so UCB1 is for the seat whose actions are legal here."""
    if not worlds:
        return RootStats()
    root_ask = _root_ask(declined, out_of_turn, ask_left, seat)
    for w in worlds:
        _check_to_act(w, seat, root_ask, out_of_turn)
    top = _Node(Action(0))
    planned = _root_actions(worlds[0], root_ask, all_calls, solo_question, out_of_turn)
    kinds = solo_kinds(worlds[0])
    done = 0
    while done < rollouts:
        if done and done % 16 == 0 and deadline is not None and time.perf_counter() >= deadline:
            break
        g = worlds[done % len(worlds)].clone()
        ask = root_ask
        path = [top]
        node = top
        plan: list[int | None] = [None]
        added = False
        while g.phase != FINISHED:
            if _naming_by_plan(g, seat, plan):
                continue
            acts: list[Action] = []
            # the seat's choice of the solo kind below its Vorbehalt for a solo
            question = node.plan == SOLO_QUESTION
            if node is top:
                untried = next(((a, p) for a, p in planned if top.child(a, p) is None), None)
            elif question:
                untried = _first_untried_kind(node, kinds)
            else:
                acts, ask = _node_actions(g, ask, all_calls, out_of_turn)
                untried = next(((a, None) for a in acts if node.child(a) is None), None)
            if untried is not None:
                child = node.add(*untried)
                added = True
            else:
                p = seat if node is top or question else _actor(acts[0]) if acts else 0
                ln_n = math.log(node.visits)
                best_child: _Node | None = None
                best = -math.inf
                for c in node.children:
                    if node is top or question or c.action in acts:
                        v = c.sum[p] / c.visits + exploration * math.sqrt(ln_n / c.visits)
                        if v > best:
                            best, best_child = v, c
                if best_child is None:
                    break
                child = best_child
            if not question:  # the choice of the solo kind changes no state (the naming comes
                ask = _tree_step(g, ask, child.action, all_calls, out_of_turn)  # by plan)
            path.append(child)
            node = child
            if _take_plan(child.plan, plan) and added:
                break
        _rollout(g, ask, seat, plan, expand_all, all_calls, out_of_turn, rng, node, path)
        _backpropagate(path, rewards(g, eyes_weight))
        done += 1
    return _root_stats(top, planned, seat, done)


def ensemble_python(worlds: Sequence[Game], seat: int, rollouts: int, exploration: float,
                    eyes_weight: float, seed: int, seconds: float | None = None,
                    declined: bool = False, expand_all: bool = True,
                    all_calls: bool = False, solo_question: bool = False,
                    out_of_turn: bool = False, ask_left: int | None = None) -> RootStats:
    """One search per world, the root's visits and mean values summed over the worlds (the
    Python twin of ``doko_native.uct_search``)."""
    start = time.perf_counter()
    total = RootStats()
    k = max(1, len(worlds))
    for i, w in enumerate(worlds):
        deadline = None if seconds is None else start + seconds * (i + 1) / k
        st = search_python(w, seat, rollouts, exploration, eyes_weight,
                           WyRand(world_seed(seed, i)), deadline, declined, expand_all,
                           all_calls, solo_question, out_of_turn, ask_left)
        total.rollouts += st.rollouts
        keys = list(zip(total.actions, total.plans, strict=True))
        for a, p, n, v in zip(st.actions, st.plans, st.visits, st.values, strict=True):
            if (a, p) in keys:
                j = keys.index((a, p))
                total.visits[j] += n
                total.values[j] += v
            else:
                keys.append((a, p))
                total.actions.append(a)
                total.plans.append(p)
                total.visits.append(n)
                total.values.append(v)
    return total


def program_round(view: SeatView, all_calls: bool) -> tuple[int, int]:
    """The round of the call question the paper's program asks at this state of the play
    (``BeliefGameState::set_move``), as (the first seat, how many seats in seat order), from
    the public history: after a card the three other seats from the next one after its player;
    after a call the caller again and the three after it (with ``all_calls``, its announcing
    version 0, the three after it); at the start of the play all four from the one to lead.

    >>> from doko.engine.game import Game
    >>> from doko.engine.view import view
    >>> g = Game.deal(1)
    >>> for _ in range(4):
    ...     g.apply(encode(g.to_move, HEALTHY))
    >>> program_round(view(g, 0), False) == (g.to_move, 4)
    True
    >>> g.apply(g.legal_plays()[0]); program_round(view(g, 0), False) == (g.to_move, 3)
    True
    """
    played = bool(view.tricks or view.trick)
    for a in reversed(view.history):
        code = CODE_OF[a]
        if CALL_RE <= code <= BLACK:
            x = seat_of(a)
            return ((x + 1) & 3, 3) if all_calls else (x, 4)
        if code < 24 and played:
            return (seat_of(a) + 1) & 3, 3
        if code not in PIG_CODES and code not in GENSCHER_CODES:
            break  # the answers before the play (or an Armut's exchange): the play starts
    return view.to_move, 4


def _called_this_turn(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` has made a call since its last card (at this turn, as the history
    shows)."""
    for a in reversed(view.history):
        if seat_of(a) != seat:
            continue
        code = CODE_OF[a]
        if code < 24:
            return False
        if CALL_RE <= code <= BLACK:
            return True
    return False


def _is_call(a: Action) -> bool:
    return a < DECLINE and CALL_RE <= CODE_OF[a] <= BLACK


@register("uct")
class UctPlayer(Player):
    """UCT on sampled worlds (see the module docstring).

    ``worlds``: card assignments per decision (10); ``rollouts``: rollouts per world (None:
    1,000 without a time budget, unlimited with one); ``budget_ms``: time per decision,
    shared by the worlds (None: no time limit); ``exploration``: the UCB1 constant in score
    points (40, the paper's 20000 in its units); ``eyes_weight``: the party's Augen in the
    reward per Auge (1/500, the paper's); ``call_rule``: make a call only when its summed value
    is positive (the paper's announcement rule); ``expand_all``: every state of a rollout
    becomes a node of the tree (the paper's default; False: only the first new one, the
    textbook UCT); ``single_tree``: one tree for all worlds, each rollout on a world of its
    own (the paper's program's version 1, its default; ``rollouts`` in all, one world per
    rollout up to :data:`SINGLE_TREE_WORLDS`) instead of one tree per world summed over
    ``worlds`` (version 0, the ensemble); ``all_calls``: the call question offers every call
    the seat may make now at once, and a seat that called is not asked again at this turn (the
    program's announcing version 0) instead of only the next call, asked again after each
    (version 1, its default); ``solo_question``: at the Vorbehaltsabfrage one Vorbehalt for a
    solo, the kind chosen by UCB1 in the node below it (the program's questions "solo?" and
    "which?") instead of one Vorbehalt per solo kind; ``calls_out_of_turn``: the calls out of
    turn of the paper's program, in the tree and in the player's own decisions: the call
    question goes to the seats of the program's round (:func:`program_round`) after every
    card and every call, and the player answers it with its call search whenever it is one of
    them and the engine offers it a call, on turn or not (else it is asked only before its own
    card); ``backend``: ``native``, ``python`` or ``auto`` (native where built).
    """

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 10,
        rollouts: int | None = None,
        budget_ms: float | None = None,
        exploration: float = PAPER_EXPLORATION,
        eyes_weight: float = PAPER_EYES_WEIGHT,
        call_rule: bool = True,
        expand_all: bool = True,
        single_tree: bool = False,
        all_calls: bool = False,
        solo_question: bool = False,
        calls_out_of_turn: bool = False,
        backend: str = "auto",
    ) -> None:
        super().__init__(seed)
        if not isinstance(worlds, int) or worlds < 1:
            raise ValueError(f"worlds must be a positive int, not {worlds!r}")
        if rollouts is not None and (not isinstance(rollouts, int) or rollouts < 1):
            raise ValueError(f"rollouts must be a positive int or None, not {rollouts!r}")
        if budget_ms is not None and not budget_ms > 0:
            raise ValueError(f"budget_ms must be positive or None, not {budget_ms!r}")
        if not (math.isfinite(exploration) and exploration >= 0):
            raise ValueError(f"exploration must be a finite number >= 0, not {exploration!r}")
        if not math.isfinite(eyes_weight):
            raise ValueError(f"eyes_weight must be a finite number, not {eyes_weight!r}")
        if backend not in ("auto", "native", "python"):
            raise ValueError(f"backend must be auto, native or python, not {backend!r}")
        if backend == "native":
            try:
                require_native()
            except BackendError as e:
                raise ValueError(str(e)) from None
        self.native = backend == "native" or (backend == "auto" and native_available())
        self.worlds = worlds
        self.budget_ms = budget_ms
        if rollouts is None:
            rollouts = 1000 if budget_ms is None else 1 << 40
        self.rollouts = rollouts
        self.exploration = float(exploration)
        self.eyes_weight = float(eyes_weight)
        self.call_rule = call_rule
        self.expand_all = bool(expand_all)
        self.single_tree = bool(single_tree)
        self.all_calls = bool(all_calls)
        self.solo_question = bool(solo_question)
        self.calls_out_of_turn = bool(calls_out_of_turn)
        #: with calls out of turn: the hand and history at which this seat last answered the
        #: call question with "no call" (it is asked once a round)
        self._declined_at: tuple[tuple[int, ...], tuple[Action, ...]] | None = None
        self.rng = random.Random(seed)
        #: rollouts made by this instance so far (all decisions)
        self.rollouts_total = 0
        #: the last decision's root statistics (for inspection and tests)
        self.last: RootStats | None = None
        self._rules: Player | None = None

    def playout_count(self) -> int:
        return self.rollouts_total

    def decide(self, view: SeatView) -> Action | None:
        legal = list(view.legal_actions)
        if not legal:
            return None
        claims = [a for a in legal if code_of(a) == CLAIM]
        if claims:
            return claims[0]  # offered only when it is sure to hold
        # house rules: a Schweinchen (or Super-, Hyperschweinchen) is announced when it may be
        # (the paper's game has none; announcing only orders the holder's ♦A or ♦9 higher)
        pigs = [a for a in legal if CODE_OF[a] in PIG_CODES and seat_of(a) == view.seat]
        if pigs:
            return pigs[0]
        if self.calls_out_of_turn and view.phase == PLAY:
            return self._decide_with_rounds(view, legal)
        if not view.to_play:
            return None  # calls are actions of the seat's own turn
        start = time.perf_counter()
        seat = view.seat
        assert seat is not None
        if view.phase != PLAY:
            if len(legal) == 1:
                return legal[0]
            st = self._decision_search(view, seat, start, declined=False)
            if st is None:
                # no world fits (an Armut's ask and exchange, house rules the paper's game
                # does not have): the rules player decides, as for the search player
                return self._rules_player().decide(view)
            return self._choose(st, legal)
        namings = [a for a in legal if CODE_OF[a] in GENSCHER_CODES]
        if namings:  # house rule: the Genscher names its partner, each naming searched
            st = self._decision_search(view, seat, start, declined=True)
            return namings[0] if st is None else self._choose(st, namings)
        cards = [a for a in legal if CODE_OF[a] < 24]
        calls = [a for a in legal if _is_call(a)]
        if calls and not (self.all_calls and _called_this_turn(view, seat)):
            # as the paper's player: first asked whether to make its party's next call (or,
            # with all_calls, which of its calls), each question its own search (they share
            # the time budget)
            st = self._decision_search(view, seat, start, declined=False, share=0.5)
            options = [DECLINE] + (calls if self.all_calls else calls[:1])
            if st is not None:
                choice = self._choose(st, options)
                if choice != DECLINE:
                    return choice
        return self._card(view, seat, start, cards)

    def _card(self, view: SeatView, seat: int, start: float, cards: list[Action]) -> Action:
        """The card search (the call question declined or not asked)."""
        if len(cards) == 1:
            return cards[0]
        st = self._decision_search(view, seat, start, declined=True)
        return cards[0] if st is None else self._choose(st, cards)

    def _decide_with_rounds(self, view: SeatView, legal: list[Action]) -> Action | None:
        """A decision in the play with calls out of turn: the call question where the seat is
        one of the program's round (:func:`program_round`) and has not answered it yet, on
        turn or not (the root of its search that question, the rest of the round after it);
        then, on turn, the Genscher's naming (house rule) or the card."""
        start = time.perf_counter()
        seat = view.seat
        assert seat is not None
        if view.to_play and any(CODE_OF[a] in GENSCHER_CODES for a in legal):
            namings = [a for a in legal if CODE_OF[a] in GENSCHER_CODES]
            st = self._decision_search(view, seat, start, declined=True)
            return namings[0] if st is None else self._choose(st, namings)
        calls = [a for a in legal if _is_call(a) and seat_of(a) == seat]
        first, count = program_round(view, self.all_calls)
        place = (seat - first) & 3
        if calls and place < count and self._declined_at != (view.hand, view.history):
            st = self._decision_search(view, seat, start, declined=False,
                                       share=0.5 if view.to_play else 1.0,
                                       ask_left=count - place)
            options = [DECLINE] + (calls if self.all_calls else calls[:1])
            if st is not None:
                choice = self._choose(st, options)
                if choice != DECLINE:
                    return choice
            self._declined_at = (view.hand, view.history)
        if not view.to_play:
            return None
        return self._card(view, seat, start, [a for a in legal if CODE_OF[a] < 24])

    def _rules_player(self) -> Player:
        """The rules player for the decisions before trick play that no sampled world fits."""
        if self._rules is None:
            self._rules = make_player("rules", seed=self.rng.getrandbits(32))
        return self._rules

    def _decision_search(self, view: SeatView, seat: int, start: float, declined: bool,
                         share: float = 1.0, ask_left: int | None = None) -> RootStats | None:
        """One search for the decision of ``view`` on newly sampled worlds (None if no world
        fits); with a time budget it may take ``share`` of what is left of it. ``ask_left``
        (calls out of turn): the root is the seat's call question with that many seats of the
        program's round from it on."""
        if self.single_tree:
            found = self._search_single(view, seat, start, declined, share, ask_left)
            if found is None:
                return None
            st = found
        else:
            worlds = self._sample(view)
            if not worlds:
                return None
            seed = self.rng.getrandbits(64)
            st = self._search(worlds, seat, seed, self._seconds(start, share), declined,
                              ask_left)
        self.last = st
        self.rollouts_total += st.rollouts
        return st

    def _seconds(self, start: float, share: float) -> float | None:
        """The time this search may take: ``share`` of what is left of the budget (None: no
        budget)."""
        if self.budget_ms is None:
            return None
        left = self.budget_ms / 1000.0 - (time.perf_counter() - start)
        return max(0.0, left * share)

    def _search_single(self, view: SeatView, seat: int, start: float, declined: bool,
                       share: float, ask_left: int | None = None) -> RootStats | None:
        """One single-tree search (``single_tree``): one world per rollout (up to
        :data:`SINGLE_TREE_WORLDS`), sampled natively where the core is built (the same
        procedure as :class:`Sampler`, its own random numbers; an Armut's exchange only in
        Python); None if no world fits."""
        try:
            sampler = Sampler(view)
        except ImpossibleView:
            return None
        n = min(self.rollouts, SINGLE_TREE_WORLDS)
        seed = self.rng.getrandbits(64)
        if not self.native:
            worlds: list[Game] = []
            for _ in range(n):
                try:
                    worlds.append(sampler.world(self.rng))
                except ImpossibleView:
                    break
            if not worlds:
                return None
            seconds = self._seconds(start, share)
            deadline = None if seconds is None else time.perf_counter() + seconds
            return search_single_python(worlds, seat, self.rollouts, self.exploration,
                                        self.eyes_weight, WyRand(seed), deadline, declined,
                                        self.expand_all, self.all_calls,
                                        self.solo_question, self.calls_out_of_turn, ask_left)
        native = require_native()
        history = list(view.history)
        if history and code_of(history[-1]) == CLAIM:  # as Sampler.world: up to the claim
            history.pop()
        games = []
        if sampler.armut:
            for _ in range(n):
                try:
                    games.append(self._native_game(native, sampler.world(self.rng), None))
                except ImpossibleView:
                    break
        else:
            deals = native.SearchWorlds(view.dealer, list(view.owes_pflichtsolo),
                                        view.vorfuehrung, view.rules, history, seat)
            deals.set_deal(hand_from_kinds(view.hand), sampler.pool, sampler.need,
                           sampler.allowed, sampler.must_qc,
                           [hand_from_kinds(p) for p in sampler.played],
                           must=sampler.must_cards)
            for hands in deals.sample(n, seed ^ 0x51_7C1E):
                g = native.Game(hands, view.dealer, owes_pflichtsolo=list(view.owes_pflichtsolo),
                                vorfuehrung=view.vorfuehrung, rules=view.rules)
                for a in history:
                    g.apply(a)
                games.append(g)
        if not games:
            return None
        d = native.uct_search(games, seat, rollouts=self.rollouts,
                              exploration=self.exploration, eyes_weight=self.eyes_weight,
                              seconds=self._seconds(start, share), seed=seed,
                              declined=declined, expand_all=self.expand_all, single_tree=True,
                              all_calls=self.all_calls, solo_question=self.solo_question,
                              calls_out_of_turn=self.calls_out_of_turn, ask_left=ask_left)
        return RootStats(actions=[Action(a) for a in d["actions"]], plans=list(d["plans"]),
                         visits=list(d["visits"]), values=list(d["values"]),
                         rollouts=int(d["rollouts"]))

    @staticmethod
    def _native_game(native: Any, w: Game, history: list[Action] | None) -> Any:
        """The native twin of world ``w`` (its history replayed, or ``history``)."""
        ng = native.Game(list(w.initial_hands), w.dealer,
                         owes_pflichtsolo=list(w.owes_pflichtsolo),
                         vorfuehrung=w.vorfuehrung, rules=w.rules)
        for a in (w.history if history is None else history):
            ng.apply(a)
        return ng

    def _sample(self, view: SeatView) -> list[Game]:
        try:
            sampler = Sampler(view)
        except ImpossibleView:
            return []
        out: list[Game] = []
        for _ in range(self.worlds):
            try:
                out.append(sampler.world(self.rng))
            except ImpossibleView:
                break
        return out

    def _search(self, worlds: list[Game], seat: int, seed: int, seconds: float | None,
                declined: bool, ask_left: int | None = None) -> RootStats:
        if not self.native:
            return ensemble_python(worlds, seat, self.rollouts, self.exploration,
                                   self.eyes_weight, seed, seconds, declined, self.expand_all,
                                   self.all_calls, self.solo_question, self.calls_out_of_turn,
                                   ask_left)
        native = require_native()
        games = [self._native_game(native, w, None) for w in worlds]
        d = native.uct_search(games, seat, rollouts=self.rollouts,
                              exploration=self.exploration, eyes_weight=self.eyes_weight,
                              seconds=seconds, seed=seed, declined=declined,
                              expand_all=self.expand_all, all_calls=self.all_calls,
                              solo_question=self.solo_question,
                              calls_out_of_turn=self.calls_out_of_turn, ask_left=ask_left)
        return RootStats(actions=[Action(a) for a in d["actions"]], plans=list(d["plans"]),
                         visits=list(d["visits"]), values=list(d["values"]),
                         rollouts=int(d["rollouts"]))

    def _choose(self, st: RootStats, options: list[Action]) -> Action:
        """The action with the highest summed value (the first on ties), a call only if its
        value is positive (``call_rule``: the paper's rule, no call when every answer's value
        is negative)."""
        allowed = set(options)
        ranked = [i for i in range(len(st.actions)) if st.actions[i] in allowed]
        if not ranked:
            return options[0]
        best = max(ranked, key=lambda i: (st.values[i], -i))
        if self.call_rule and _is_call(st.actions[best]) and st.values[best] <= 0:
            rest = [i for i in ranked if not _is_call(st.actions[i])]
            if rest:
                best = max(rest, key=lambda i: (st.values[i], -i))
        return st.actions[best]
