//! UCT over the perfect-information game: the search of the `uct` player
//! (`doko.bots.uct_player`), after Sievers and Helmert, "A Doppelkopf Player Based on UCT"
//! (KI 2015).
//!
//! One search runs on one world (a full deal, every hand known) from the state where `seat` is
//! to act. Each rollout walks down the tree by UCB1 (each seat maximises its own reward, the
//! mean over the node's visits plus `exploration * sqrt(ln N / n)`), adds the first child not
//! yet tried (in the node's order), plays the game to its end with random actions (every
//! state of it a node, `expand_all`) and adds every seat's reward to the nodes on the path. A seat's reward is its score points
//! (TSR 7) plus `eyes_weight` times its party's Augen.
//!
//! The actions of a node are those of the seat to act: the answer in the Vorbehaltsabfrage,
//! the naming, and in play, as in the paper, first whether to make its party's next call
//! (Re or Kontra, then each Absage) or not ([`DECLINE`]), asked again after a call, and then
//! its legal cards. Concession and claim are not part of the tree. At a root in the
//! Vorbehaltsabfrage the searching seat's Vorbehalt comes with the game it would name
//! (each solo kind, and Hochzeit with both ♣Q): one root action per plan, the naming made
//! by the plan when the seat's turn to name comes (if it is legal then). So a Vorbehalt is
//! worth the game it is for, not an average over every game it could lead to. With
//! `solo_question` (the program's questions "solo?" and then "which?") the solo kinds are
//! one root Vorbehalt ([`SOLO_QUESTION`]) whose node holds the seat's choice of the kind. The rollouts play
//! random legal cards without calls and, as the paper's simulations, reserve nothing and play no
//! solo: Gesund in the Vorbehaltsabfrage, pass (or the Hochzeit) in the naming
//! ([`rollout_answer`]).
//!
//! The random numbers come from [`crate::batch::Rng`]; `doko.bots.uct_player` repeats the
//! same search in Python with the same generator, so both give the same visits and values.

use crate::batch::Rng;
use crate::cards::{hand_count, nth_set_bit, QC};
use crate::game::{
    encode, ActionBuf, GameState, BLACK, CALL_RE, FINISHED, HEALTHY, MARRIAGE, NAMING, PASS,
    PICTURE_SOLO_BASE, PLAY, QUERY, RE, RESERVATION, SOLO_BASE, WITHDRAW,
};
use crate::scoring::{score, Extras, GameSummary, SummaryContract};

/// No planned naming.
pub const NO_PLAN: u8 = 255;

/// The plan of the root's Vorbehalt for a solo with `solo_question` (the program's question
/// "solo?"): the seat's choice among the solo kinds is the node below it.
pub const SOLO_QUESTION: u8 = 254;

/// The tree's action "no call now" (the paper's answer "no announcement"), as the root's
/// statistics report it: the seat asked could make a call and does not. Tree actions are
/// engine actions (0..=255) and the declines beyond them; in the tree a decline names its
/// seat ([`decline`]), so that declines of different seats stay apart.
pub const DECLINE: u16 = 0x100;

/// The tree action "seat `s` makes no call now".
#[inline]
pub fn decline(s: u8) -> u16 {
    DECLINE | u16::from(s & 3)
}

/// The seat whose action tree action `a` is (a decline's seat, else the engine action's).
#[inline]
fn actor(a: u16) -> u8 {
    if a >= DECLINE {
        (a & 3) as u8
    } else {
        (a >> 6) as u8 & 3
    }
}

/// Whether tree action `a` is a call (Re, Kontra or an Absage).
#[inline]
fn is_call(a: u16) -> bool {
    a < DECLINE && (CALL_RE..=BLACK).contains(&((a & 63) as u8))
}

/// The lowest call seat `s` may make now, if any.
fn next_call(g: &mut GameState, s: u8) -> Option<u16> {
    (CALL_RE..=BLACK)
        .map(|code| encode(s, code))
        .find(|&a| g.can_apply(a as i64))
        .map(u16::from)
}

/// Who is asked whether to call before the next card: the round of the call question. From
/// `seat` on, `left` seats in seat order are asked (those that may call now; the others are
/// passed over), then the seat on turn plays its card (`left` 0).
///
/// Without calls out of turn the round is the seat on turn alone: after every card and every
/// answer before the play a new round ([`Ask::START`]) asks the seat on turn, after its call
/// again (or, with `all_calls`, not again), after its "no call" its card comes. With
/// `out_of_turn` the rounds are the paper's program's (`BeliefGameState::set_move`): after a
/// card the three other seats from the next one after the card's player; after a call the
/// caller again and the three after it (with `all_calls`, the program's announcing version
/// 0: the three after it); at the start of the play all four from the one to lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    pub seat: u8,
    pub left: u8,
}

impl Ask {
    /// A new round from the seat on turn (the one seat without calls out of turn, all four
    /// with them).
    pub const START: Ask = Ask {
        seat: 0,
        left: u8::MAX,
    };
    /// Nobody (more) is asked: the card of the seat on turn.
    pub const DONE: Ask = Ask { seat: 0, left: 0 };

    /// The round made concrete: [`Ask::START`] from the seat on turn.
    fn started(self, g: &GameState, out_of_turn: bool) -> Ask {
        if self.left != Ask::START.left {
            return self;
        }
        Ask {
            seat: g.to_move().unwrap_or(0),
            left: if out_of_turn { 4 } else { 1 },
        }
    }

    /// The seat asked now, the seats that may not call passed over (`left` 0 when none is),
    /// and its lowest call.
    fn resolve(self, g: &mut GameState, out_of_turn: bool) -> (Ask, Option<u16>) {
        let mut a = self.started(g, out_of_turn);
        while a.left > 0 {
            if let Some(call) = next_call(g, a.seat) {
                return (a, Some(call));
            }
            a.seat = (a.seat + 1) & 3;
            a.left -= 1;
        }
        (a, None)
    }
}

/// Take tree action `a`: a decline ([`decline`]) passes the question to the next seat of the
/// round (after the seats passed over before it); a call, a card or an answer before the play
/// is applied and starts the next round ([`Ask`]); a Genscher's naming (house rule) keeps it.
/// False if the engine refuses.
fn tree_step(g: &mut GameState, ask: &mut Ask, a: u16, cfg: &UctConfig) -> bool {
    if a >= DECLINE {
        let r = ask.started(g, cfg.out_of_turn);
        let s = actor(a);
        let passed = (s + 4 - r.seat) & 3;
        *ask = Ask {
            seat: (s + 1) & 3,
            left: r.left.saturating_sub(passed + 1),
        };
        return true;
    }
    let naming = g.genscher_pending();
    let card = g.phase() == PLAY && !naming && (a & 63) < 24;
    if g.apply(a as i64).is_err() {
        return false;
    }
    let s = actor(a);
    if naming {
        // house rule: the Genscher's naming comes between a card and the round after it
    } else if is_call(a) {
        *ask = match (cfg.out_of_turn, cfg.all_calls) {
            (false, false) => Ask { seat: s, left: 1 },
            (false, true) => Ask::DONE,
            (true, false) => Ask { seat: s, left: 4 },
            (true, true) => Ask {
                seat: (s + 1) & 3,
                left: 3,
            },
        };
    } else if card && cfg.out_of_turn {
        *ask = Ask {
            seat: (s + 1) & 3,
            left: 3,
        };
    } else {
        *ask = Ask::START;
    }
    true
}

/// The options of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctConfig {
    /// Most rollouts (the search may stop earlier at `deadline`).
    pub rollouts: u64,
    /// The constant of the UCB1 exploration term, in the reward's units (score points).
    pub exploration: f64,
    /// The weight of the party's Augen in the reward.
    pub eyes_weight: f64,
    /// Every state of a rollout becomes a node (the paper's default); else only the first
    /// new one.
    pub expand_all: bool,
    /// The call question offers every call the seat may make now at once, and a seat that
    /// called is not asked again at this turn (the program's announcing version 0); else only
    /// the next call, asked again after a call (version 1, its default).
    pub all_calls: bool,
    /// At the root's Vorbehaltsabfrage one Vorbehalt for a solo ([`SOLO_QUESTION`]) with the
    /// seat's choice among the solo kinds as the node below it (the program's questions
    /// "solo?" and then "which?"), so the Vorbehalt is worth the UCB1 mix of the kinds as
    /// searched; else one root Vorbehalt per solo kind (each worth its own kind).
    pub solo_question: bool,
    /// The calls out of turn of the paper's program: after every card and every call the
    /// round of [`Ask`] asks the other seats too, not only the seat on turn.
    pub out_of_turn: bool,
}

/// What one search found at its root, per root action (in the order of [`tree_actions`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RootStats {
    pub actions: Vec<u16>,
    /// Per action: the naming code a Vorbehalt at the root is for ([`NO_PLAN`] otherwise).
    pub plans: Vec<u8>,
    pub visits: Vec<u64>,
    /// The mean reward of the searching seat after each action (0 if never visited).
    pub means: Vec<f64>,
    pub rollouts: u64,
}

/// A node of the tree. Its children form a list in the order they were added
/// (`first_child`, then each child's `next`; 0 is "none": the root is node 0 and no child).
#[derive(Clone, Copy, Debug)]
struct Node {
    visits: u64,
    sum: [f64; 4],
    first_child: u32,
    last_child: u32,
    next: u32,
    /// How many actions the node's state has (known once the selection has been there).
    n_actions: u8,
    n_children: u8,
    /// The action leading here from the parent.
    action: u16,
    /// A root Vorbehalt's planned naming code ([`NO_PLAN`] otherwise).
    plan: u8,
}

const UNKNOWN: u8 = 255;

impl Node {
    fn new(action: u16, plan: u8) -> Node {
        Node {
            visits: 0,
            sum: [0.0; 4],
            first_child: 0,
            last_child: 0,
            next: 0,
            n_actions: UNKNOWN,
            n_children: 0,
            action,
            plan,
        }
    }
}

/// Add a child with `action` (and `plan`) at the end of `parent`'s children; its index.
fn add_child(nodes: &mut Vec<Node>, parent: usize, action: u16, plan: u8) -> usize {
    let i = nodes.len();
    nodes.push(Node::new(action, plan));
    let p = &mut nodes[parent];
    if p.first_child == 0 {
        p.first_child = i as u32;
    } else {
        let last = p.last_child as usize;
        nodes[last].next = i as u32;
    }
    let p = &mut nodes[parent];
    p.last_child = i as u32;
    p.n_children += 1;
    i
}

/// The child of `parent` reached by (`action`, `plan`), if it was added.
fn child_of(nodes: &[Node], parent: usize, action: u16, plan: u8) -> Option<usize> {
    let mut c = nodes[parent].first_child as usize;
    while c != 0 {
        if nodes[c].action == action && nodes[c].plan == plan {
            return Some(c);
        }
        c = nodes[c].next as usize;
    }
    None
}

/// The solo kinds a seat may reserve for under `g`'s rules: the seven solos and the picture
/// solos the rules play (house rules), as naming codes.
pub fn solo_kinds(g: &GameState) -> Vec<u8> {
    let mut out: Vec<u8> = (SOLO_BASE..SOLO_BASE + 7).collect();
    out.extend(
        (0..5u8)
            .filter(|&i| g.rules().plays_picture_solo(i))
            .map(|i| PICTURE_SOLO_BASE + i),
    );
    out
}

/// The root's actions as (action, plan): in the Vorbehaltsabfrage Gesund and one Vorbehalt
/// per game the seat could name (the seven solos, the picture solos the rules play, Hochzeit
/// with both ♣Q), or with `solo_question` one Vorbehalt for a solo ([`SOLO_QUESTION`]) instead
/// of one per solo kind; else the tree actions without plans (`ask`: the round of the call
/// question at the root, see [`tree_actions`]).
pub fn root_actions(
    g: &mut GameState,
    ask: &mut Ask,
    cfg: &UctConfig,
    buf: &mut ActionBuf,
    out: &mut Vec<(u16, u8)>,
) {
    out.clear();
    let mut acts = Vec::with_capacity(40);
    tree_actions(g, ask, cfg, buf, &mut acts);
    let Some(s) = g.to_move() else { return };
    if g.phase() != QUERY {
        out.extend(acts.iter().map(|&a| (a, NO_PLAN)));
        return;
    }
    for &a in &acts {
        if a < DECLINE && (a & 63) as u8 == RESERVATION {
            if cfg.solo_question {
                out.push((a, SOLO_QUESTION));
            } else {
                out.extend(solo_kinds(g).into_iter().map(|code| (a, code)));
            }
            if hand_count(g.hands()[s as usize], QC) == 2 {
                out.push((a, MARRIAGE));
            }
        } else {
            out.push((a, NO_PLAN));
        }
    }
}

/// Make the planned naming if `seat` is to name now and it is legal; true if it was made
/// (the plan is used up either way once the seat names).
fn naming_by_plan(g: &mut GameState, seat: u8, plan: &mut u8) -> bool {
    if *plan == NO_PLAN || g.phase() != NAMING || g.to_move() != Some(seat) {
        return false;
    }
    let a = encode(seat, *plan);
    *plan = NO_PLAN;
    g.apply(a as i64).is_ok()
}

/// The actions of a tree node: in play, while a seat of the round `ask` may call (it is
/// made concrete here: [`Ask::resolve`]), that seat's decline ([`decline`]) and the lowest
/// call it may make now (with `all_calls` every call it may make now, lowest first); else the
/// legal cards of the seat on turn in kind order; the legal actions of the Vorbehaltsabfrage
/// and the naming. Empty when the game is over.
pub fn tree_actions(
    g: &mut GameState,
    ask: &mut Ask,
    cfg: &UctConfig,
    buf: &mut ActionBuf,
    out: &mut Vec<u16>,
) {
    out.clear();
    match g.phase() {
        PLAY if g.genscher_pending() => {
            // house rule: the Genscher's three namings
            g.legal_actions(None, buf);
            out.extend(buf.as_slice().iter().map(|&a| u16::from(a)));
        }
        PLAY => {
            let (asked, first) = ask.resolve(g, cfg.out_of_turn);
            *ask = asked;
            if let Some(call) = first {
                let s = asked.seat;
                out.push(decline(s));
                out.push(call);
                if cfg.all_calls {
                    for code in (call & 63) as u8 + 1..=BLACK {
                        let a = encode(s, code);
                        if g.can_apply(a as i64) {
                            out.push(u16::from(a));
                        }
                    }
                }
                return;
            }
            g.legal_plays(buf);
            out.extend(buf.as_slice().iter().map(|&a| u16::from(a)));
        }
        QUERY | NAMING => {
            // a Vorbehalt made is meant: the player never takes one back (TSR 4.1.2)
            let s = g.to_move();
            g.legal_actions(s, buf);
            out.extend(
                buf.as_slice()
                    .iter()
                    .filter(|&&a| a & 63 != WITHDRAW)
                    .map(|&a| u16::from(a)),
            );
        }
        _ => {}
    }
}

/// The rollout's answer before the play, as the paper's simulations: no Vorbehalt and no
/// solo where the seat has the choice. Gesund in the Vorbehaltsabfrage, in the naming pass,
/// else the Hochzeit, else the first legal naming (a Vorführung must name a solo); never the
/// withdrawal (TSR 4.1.2).
pub fn rollout_answer(legal: &[u8]) -> Option<u8> {
    for code in [HEALTHY, PASS, MARRIAGE] {
        if let Some(&a) = legal.iter().find(|&&a| a & 63 == code) {
            return Some(a);
        }
    }
    legal.iter().copied().find(|&a| a & 63 != WITHDRAW)
}

/// Score points of each seat in a finished game (TSR 7), as `doko.engine.result.seat_scores`.
pub fn seat_scores(g: &GameState) -> [i32; 4] {
    let contract = match g.summary_contract() {
        "normal" => SummaryContract::Normal,
        "marriage" => SummaryContract::Marriage,
        "silent_marriage" => SummaryContract::SilentMarriage,
        _ => SummaryContract::Solo,
    };
    let x = g.sonderpunkte();
    let extras = Extras::from_counts;
    let level = g.level();
    let summary = GameSummary {
        contract,
        re_eyes: g.re_eyes() as u8,
        re_tricks: Some(g.re_tricks() as u8),
        re_calls: level[RE as usize],
        kontra_calls: level[1],
        re_extras: extras(x[0]),
        kontra_extras: extras(x[1]),
        nines: g.rules().nines,
    };
    let mut re_seats = 0u8;
    for s in 0..4u8 {
        if g.is_re(s) {
            re_seats |= 1 << s;
        }
    }
    score(&summary, g.rules().re_kontra_double).seat_scores(re_seats)
}

/// Every seat's reward in a finished game: its score points plus `eyes_weight` times its
/// party's Augen.
pub fn rewards(g: &GameState, eyes_weight: f64) -> [f64; 4] {
    let scores = seat_scores(g);
    let (re, ko) = (g.re_eyes() as f64, g.kontra_eyes() as f64);
    let mut out = [0.0; 4];
    for s in 0..4u8 {
        let eyes = if g.is_re(s) { re } else { ko };
        out[s as usize] = scores[s as usize] as f64 + eyes_weight * eyes;
    }
    out
}

/// Why a search cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UctError {
    /// The game is over.
    Finished,
    /// Another seat is to act.
    NotToAct { seat: u8, to_move: Option<u8> },
}

impl std::fmt::Display for UctError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UctError::Finished => write!(f, "the game is over: there is nothing to search"),
            UctError::NotToAct { seat, to_move } => match to_move {
                Some(t) => write!(
                    f,
                    "seat {} is not to act (seat {} is): UCT searches the seat on turn",
                    seat + 1,
                    t + 1
                ),
                None => write!(f, "seat {} is not to act", seat + 1),
            },
        }
    }
}

/// The rollout from `g` to the game's end (the tree's part done): random cards, no calls
/// (with `cfg.expand_all` "no call" of every seat of the round `ask` that could call), no
/// Vorbehalt ([`rollout_answer`]), the planned naming when its turn comes; with
/// `cfg.expand_all` every state becomes a node below `node`, on `path`.
#[allow(clippy::too_many_arguments)]
fn rollout_from(
    g: &mut GameState,
    ask: &mut Ask,
    seat: u8,
    plan: &mut u8,
    cfg: &UctConfig,
    rng: &mut Rng,
    nodes: &mut Vec<Node>,
    node: &mut usize,
    path: &mut Vec<u32>,
    buf: &mut ActionBuf,
) {
    while g.phase() != FINISHED {
        if naming_by_plan(g, seat, plan) {
            continue;
        }
        if g.genscher_pending() {
            // house rule: a rollout's Genscher keeps its partner (as the Python twin)
            g.genscher_keep();
            continue;
        }
        let a = match g.phase() {
            PLAY => {
                let Some(s) = g.to_move() else { break };
                let asked = if cfg.expand_all {
                    let (r, first) = ask.resolve(g, cfg.out_of_turn);
                    first.map(|_| r.seat)
                } else {
                    None
                };
                if let Some(x) = asked {
                    let a = decline(x);
                    tree_step(g, ask, a, cfg);
                    a
                } else {
                    let m = g.play_mask();
                    let k = nth_set_bit(m, rng.below(m.count_ones() as usize)) as u8;
                    g.play_unchecked(s, k);
                    *ask = if cfg.out_of_turn {
                        Ask {
                            seat: (s + 1) & 3,
                            left: 3,
                        }
                    } else {
                        Ask::START
                    };
                    u16::from(encode(s, k))
                }
            }
            QUERY | NAMING => {
                g.legal_actions(g.to_move(), buf);
                let Some(a) = rollout_answer(buf.as_slice()).map(u16::from) else {
                    break;
                };
                if !tree_step(g, ask, a, cfg) {
                    break;
                }
                a
            }
            _ => break,
        };
        if cfg.expand_all {
            let child = add_child(nodes, *node, a, NO_PLAN);
            path.push(child as u32);
            *node = child;
        }
    }
}

/// `g` is a game not over where `seat` is to act with the round `ask` of the call question
/// (asked whether to call, or on turn), or the error a search from it gives.
fn check_to_act(g: &GameState, seat: u8, ask: Ask, cfg: &UctConfig) -> Result<(), UctError> {
    if g.phase() == FINISHED {
        return Err(UctError::Finished);
    }
    let mut h = *g;
    let mut actor = g.to_move();
    if h.phase() == PLAY && !h.genscher_pending() {
        if let (r, Some(_)) = ask.resolve(&mut h, cfg.out_of_turn) {
            actor = Some(r.seat);
        }
    }
    if actor != Some(seat) {
        return Err(UctError::NotToAct {
            seat,
            to_move: actor,
        });
    }
    Ok(())
}

/// One UCT search of `cfg.rollouts` rollouts (fewer if `stop` says so; it is asked every 16
/// rollouts, so at least 16 are made) from `root`, where `seat` must be to act with the round
/// `ask` of the call question ([`Ask::START`]: a new round from the seat on turn;
/// [`Ask::DONE`]: the card of the seat on turn; an explicit round: `seat` asked first, as the
/// program asks it out of turn).
///
/// As the paper's player (its defaults: "MC simulation" off, action selection 0): a rollout
/// descends by UCB1 while every action of a node has been tried; at a node with untried
/// actions it takes the first of them (in the order of [`tree_actions`]); from there it
/// plays on as the rollout policy does (a random card, "no call", [`rollout_answer`]), and
/// every state of the rollout becomes a node of the tree (`expand_all`; otherwise only the
/// first new one, the textbook UCT).
pub fn search(
    root: &GameState,
    seat: u8,
    ask: Ask,
    cfg: &UctConfig,
    rng: &mut Rng,
    mut stop: impl FnMut() -> bool,
) -> Result<RootStats, UctError> {
    check_to_act(root, seat, ask, cfg)?;
    let mut nodes: Vec<Node> = Vec::with_capacity(4096);
    nodes.push(Node::new(0, NO_PLAN));
    let mut buf = ActionBuf::new();
    let mut acts: Vec<u16> = Vec::with_capacity(40);
    let mut planned: Vec<(u16, u8)> = Vec::with_capacity(40);
    {
        let mut g = *root;
        let mut r = ask;
        root_actions(&mut g, &mut r, cfg, &mut buf, &mut planned);
        nodes[0].n_actions = planned.len() as u8;
    }
    let kinds = solo_kinds(root);
    let mut path: Vec<u32> = Vec::with_capacity(128);
    let mut done = 0u64;
    while done < cfg.rollouts {
        if done > 0 && done.is_multiple_of(16) && stop() {
            break;
        }
        let mut g = *root;
        let mut dec = ask;
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let mut plan = NO_PLAN;
        let mut added = false;
        // selection, and the first new node
        while g.phase() != FINISHED {
            if naming_by_plan(&mut g, seat, &mut plan) {
                continue;
            }
            let nd = nodes[node];
            // the seat's choice of the solo kind below its Vorbehalt for a solo
            let question = nd.plan == SOLO_QUESTION;
            // the first action not tried yet (the root's plans are its own), while the node
            // may have one
            let mut untried = None;
            if nd.n_actions == UNKNOWN || nd.n_children < nd.n_actions {
                untried = if node == 0 {
                    planned
                        .iter()
                        .copied()
                        .find(|&(a, p)| child_of(&nodes, 0, a, p).is_none())
                } else if question {
                    nodes[node].n_actions = kinds.len() as u8;
                    first_untried_kind(&nodes, node, &kinds)
                } else {
                    tree_actions(&mut g, &mut dec, cfg, &mut buf, &mut acts);
                    nodes[node].n_actions = acts.len() as u8;
                    acts.iter()
                        .copied()
                        .find(|&a| child_of(&nodes, node, a, NO_PLAN).is_none())
                        .map(|a| (a, NO_PLAN))
                };
            }
            let (child, a) = if let Some((a, p)) = untried {
                added = true;
                (add_child(&mut nodes, node, a, p), a)
            } else {
                // every action tried (the rollouts may have added them all): UCB1 for the seat
                // whose actions they are (the world is fixed: one seat's)
                let first = nodes[node].first_child as usize;
                let p = actor(nodes[first].action) as usize;
                let best = ucb1_child(&nodes, node, p, cfg.exploration, |_| true);
                if best == 0 {
                    break;
                }
                (best, nodes[best].action)
            };
            // the choice of the solo kind changes no state (the naming comes by plan)
            if !question && !tree_step(&mut g, &mut dec, a, cfg) {
                // every tree action is legal in its node's state (the world is fixed)
                break;
            }
            path.push(child as u32);
            node = child;
            if take_plan(nodes[child].plan, &mut plan) && added {
                break;
            }
        }
        rollout_from(
            &mut g, &mut dec, seat, &mut plan, cfg, rng, &mut nodes, &mut node, &mut path, &mut buf,
        );
        backpropagate(&mut nodes, &path, &g, cfg);
        done += 1;
    }
    Ok(root_stats(&nodes, &planned, seat, done))
}

/// Below a Vorbehalt for a solo ([`SOLO_QUESTION`]): the first solo kind in `kinds` not tried
/// yet, as (the Vorbehalt, the kind).
fn first_untried_kind(nodes: &[Node], node: usize, kinds: &[u8]) -> Option<(u16, u8)> {
    let a = nodes[node].action;
    kinds
        .iter()
        .find(|&&k| child_of(nodes, node, a, k).is_none())
        .map(|&k| (a, k))
}

/// A selected child's plan: a naming code becomes the rollout's `plan`. False only for
/// [`SOLO_QUESTION`], whose node is followed at once by the choice of the kind (so a new
/// question node does not end the selection: the kind is chosen, the first untried one, as
/// the program's rollout takes the first game type).
fn take_plan(child_plan: u8, plan: &mut u8) -> bool {
    match child_plan {
        SOLO_QUESTION => false,
        NO_PLAN => true,
        p => {
            *plan = p;
            true
        }
    }
}

/// The child of `node` whose action `legal` allows with the highest UCB1 value for seat `p`
/// (its mean reward plus `exploration * sqrt(ln N / n)`; the first of equal ones), or 0 if
/// there is none.
fn ucb1_child(
    nodes: &[Node],
    node: usize,
    p: usize,
    exploration: f64,
    legal: impl Fn(u16) -> bool,
) -> usize {
    let ln_n = (nodes[node].visits as f64).ln();
    let mut c = nodes[node].first_child as usize;
    let (mut best, mut best_v) = (0usize, f64::NEG_INFINITY);
    while c != 0 {
        if legal(nodes[c].action) {
            let nc = nodes[c].visits as f64;
            let v = nodes[c].sum[p] / nc + exploration * (ln_n / nc).sqrt();
            if v > best_v {
                best_v = v;
                best = c;
            }
        }
        c = nodes[c].next as usize;
    }
    best
}

/// Every node on a rollout's path counts the visit and adds each seat's reward (nothing for
/// a rollout that did not reach the end).
fn backpropagate(nodes: &mut [Node], path: &[u32], g: &GameState, cfg: &UctConfig) {
    let r = if g.phase() == FINISHED {
        rewards(g, cfg.eyes_weight)
    } else {
        [0.0; 4]
    };
    for &i in path {
        let nd = &mut nodes[i as usize];
        nd.visits += 1;
        for (s, v) in nd.sum.iter_mut().enumerate() {
            *v += r[s];
        }
    }
}

/// The root's actions with their visits and the seat's mean reward after `done` rollouts (0
/// for an action never tried); the seat's decline as [`DECLINE`].
fn root_stats(nodes: &[Node], planned: &[(u16, u8)], seat: u8, done: u64) -> RootStats {
    let mut st = RootStats {
        rollouts: done,
        ..RootStats::default()
    };
    for &(a, p) in planned {
        let (visits, mean) = match child_of(nodes, 0, a, p) {
            Some(c) if nodes[c].visits > 0 => (
                nodes[c].visits,
                nodes[c].sum[seat as usize] / nodes[c].visits as f64,
            ),
            _ => (0, 0.0),
        };
        st.actions.push(a.min(DECLINE));
        st.plans.push(p);
        st.visits.push(visits);
        st.means.push(mean);
    }
    st
}

/// One UCT search over many worlds in a single tree (the paper's program's version 1, its
/// default): rollout `i` is played on `worlds[i % worlds.len()]`, every one a card assignment
/// consistent with what `seat` knows, all in the same public state. A node stands for the
/// sequence of actions leading to it; in a rollout only its children whose action is legal in
/// that rollout's world count: an action legal there but not yet a child is added first (the
/// first such in the order of [`tree_actions`]), else UCB1 chooses among the legal children
/// (with the node's visits over all worlds). The rest is as in [`search`]. The root's actions
/// (the seat's own, the same in every world) are those of the first world.
pub fn search_single(
    worlds: &[GameState],
    seat: u8,
    ask: Ask,
    cfg: &UctConfig,
    rng: &mut Rng,
    mut stop: impl FnMut() -> bool,
) -> Result<RootStats, UctError> {
    let Some(first) = worlds.first() else {
        return Ok(RootStats::default());
    };
    for w in worlds {
        check_to_act(w, seat, ask, cfg)?;
    }
    let mut nodes: Vec<Node> = Vec::with_capacity(4096);
    nodes.push(Node::new(0, NO_PLAN));
    let mut buf = ActionBuf::new();
    let mut acts: Vec<u16> = Vec::with_capacity(40);
    let mut planned: Vec<(u16, u8)> = Vec::with_capacity(40);
    {
        let mut g = *first;
        let mut r = ask;
        root_actions(&mut g, &mut r, cfg, &mut buf, &mut planned);
    }
    let kinds = solo_kinds(first);
    let mut path: Vec<u32> = Vec::with_capacity(128);
    let mut done = 0u64;
    while done < cfg.rollouts {
        if done > 0 && done.is_multiple_of(16) && stop() {
            break;
        }
        let mut g = worlds[(done % worlds.len() as u64) as usize];
        let mut dec = ask;
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let mut plan = NO_PLAN;
        let mut added = false;
        // selection among the children legal in this world, and the first new node
        while g.phase() != FINISHED {
            if naming_by_plan(&mut g, seat, &mut plan) {
                continue;
            }
            // the seat's choice of the solo kind below its Vorbehalt for a solo
            let question = nodes[node].plan == SOLO_QUESTION;
            let untried = if node == 0 {
                planned
                    .iter()
                    .copied()
                    .find(|&(a, p)| child_of(&nodes, 0, a, p).is_none())
            } else if question {
                first_untried_kind(&nodes, node, &kinds)
            } else {
                tree_actions(&mut g, &mut dec, cfg, &mut buf, &mut acts);
                acts.iter()
                    .copied()
                    .find(|&a| child_of(&nodes, node, a, NO_PLAN).is_none())
                    .map(|a| (a, NO_PLAN))
            };
            let (child, a) = if let Some((a, p)) = untried {
                added = true;
                (add_child(&mut nodes, node, a, p), a)
            } else {
                // UCB1 for the seat whose actions are legal here (in this world the call
                // question's round may ask another seat than in others)
                let p = if node == 0 || question {
                    seat
                } else {
                    acts.first().map_or(0, |&a| actor(a))
                } as usize;
                // at the root and in the choice of the solo kind every child is legal (the
                // seat's own actions)
                let best = ucb1_child(&nodes, node, p, cfg.exploration, |a| {
                    node == 0 || question || acts.contains(&a)
                });
                if best == 0 {
                    break;
                }
                (best, nodes[best].action)
            };
            if !question && !tree_step(&mut g, &mut dec, a, cfg) {
                break;
            }
            path.push(child as u32);
            node = child;
            if take_plan(nodes[child].plan, &mut plan) && added {
                break;
            }
        }
        rollout_from(
            &mut g, &mut dec, seat, &mut plan, cfg, rng, &mut nodes, &mut node, &mut path, &mut buf,
        );
        backpropagate(&mut nodes, &path, &g, cfg);
        done += 1;
    }
    Ok(root_stats(&nodes, &planned, seat, done))
}

/// The seed of world `i` of a decision with `seed` (as `doko.bots.uct_player.world_seed`).
pub fn world_seed(seed: u64, i: u64) -> u64 {
    seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The ensemble over several worlds: one search per world (world `i` with
/// `Rng::new(world_seed(seed, i))`), the visits and mean values of each root action summed
/// over the worlds. With `seconds` the worlds share that time: world `i` stops once
/// `(i + 1) / worlds` of it has passed since the start (so time one world leaves is the
/// next one's).
pub fn ensemble(
    worlds: &[GameState],
    seat: u8,
    ask: Ask,
    cfg: &UctConfig,
    seed: u64,
    seconds: Option<f64>,
) -> Result<RootStats, UctError> {
    let start = std::time::Instant::now();
    let k = worlds.len().max(1) as f64;
    let mut total = RootStats::default();
    for (i, w) in worlds.iter().enumerate() {
        let mut rng = Rng::new(world_seed(seed, i as u64));
        let until = seconds.map(|t| t * (i as f64 + 1.0) / k);
        let st = search(w, seat, ask, cfg, &mut rng, || match until {
            Some(t) => start.elapsed().as_secs_f64() >= t,
            None => false,
        })?;
        total.rollouts += st.rollouts;
        for (j, (&a, &p)) in st.actions.iter().zip(&st.plans).enumerate() {
            let known =
                (0..total.actions.len()).find(|&m| total.actions[m] == a && total.plans[m] == p);
            match known {
                Some(m) => {
                    total.visits[m] += st.visits[j];
                    total.means[m] += st.means[j];
                }
                None => {
                    total.actions.push(a);
                    total.plans.push(p);
                    total.visits.push(st.visits[j]);
                    total.means.push(st.means[j]);
                }
            }
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{deal, mid_game_states};
    use crate::game::Rules;

    fn cfg(rollouts: u64) -> UctConfig {
        UctConfig {
            rollouts,
            exploration: 40.0,
            eyes_weight: 1.0 / 500.0,
            expand_all: true,
            all_calls: false,
            solo_question: false,
            out_of_turn: false,
        }
    }

    /// A random legal card, or [`rollout_answer`] before the play.
    fn rollout_step(g: &mut GameState, rng: &mut Rng, buf: &mut ActionBuf) -> bool {
        match g.phase() {
            PLAY => {
                let Some(s) = g.to_move() else { return false };
                let m = g.play_mask();
                g.play_unchecked(s, nth_set_bit(m, rng.below(m.count_ones() as usize)) as u8);
                true
            }
            QUERY | NAMING => {
                let s = g.to_move();
                g.legal_actions(s, buf);
                match rollout_answer(buf.as_slice()) {
                    Some(a) => g.apply(a as i64).is_ok(),
                    None => false,
                }
            }
            _ => false,
        }
    }

    #[test]
    fn the_root_asks_for_the_call_first_then_for_the_card() {
        let mut asked = 0;
        for g in mid_game_states(40, 4, 2, Rules::TSR) {
            let s = g.to_move().unwrap();
            let mut h = g;
            let mut buf = ActionBuf::new();
            h.legal_plays(&mut buf);
            let cards: Vec<u16> = buf.as_slice().iter().map(|&a| u16::from(a)).collect();
            // declined (or no call possible): the legal cards
            let st = search(&g, s, Ask::DONE, &cfg(200), &mut Rng::new(1), || false).unwrap();
            assert_eq!(st.actions, cards);
            assert_eq!(st.rollouts, 200);
            assert_eq!(st.visits.iter().sum::<u64>(), 200);
            // not declined: "no call" and the lowest legal call, if the seat may call
            let st = search(&g, s, Ask::START, &cfg(200), &mut Rng::new(1), || false).unwrap();
            match next_call(&mut h, s) {
                Some(call) => {
                    assert_eq!(st.actions, vec![DECLINE, call]);
                    assert!(h.can_apply(call as i64));
                    asked += 1;
                }
                None => assert_eq!(st.actions, cards),
            }
            assert_eq!(st.visits.iter().sum::<u64>(), 200);
        }
        assert!(asked > 0);
    }

    #[test]
    fn the_same_seed_gives_the_same_search() {
        let g = mid_game_states(1, 9, 3, Rules::TSR)[0];
        let s = g.to_move().unwrap();
        let a = search(&g, s, Ask::START, &cfg(300), &mut Rng::new(5), || false).unwrap();
        let b = search(&g, s, Ask::START, &cfg(300), &mut Rng::new(5), || false).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn the_query_is_searched_and_rewards_sum_to_zero_in_score() {
        let hands = deal(&mut Rng::new(3), 0, true);
        let g = GameState::setup(hands, 0, [false; 4], None, Rules::TSR);
        let s = g.to_move().unwrap();
        let st = search(&g, s, Ask::START, &cfg(100), &mut Rng::new(2), || false).unwrap();
        // Gesund, and a Vorbehalt for each solo kind (and Hochzeit with both ♣Q)
        assert_eq!(st.actions[0], u16::from(encode(s, HEALTHY)));
        assert_eq!(st.plans[0], NO_PLAN);
        let plans: Vec<u8> = st.plans[1..].to_vec();
        let mut want: Vec<u8> = (SOLO_BASE..SOLO_BASE + 7).collect();
        if hand_count(g.hands()[s as usize], QC) == 2 {
            want.push(MARRIAGE);
        }
        assert_eq!(plans, want);
        assert!(st.actions[1..]
            .iter()
            .all(|&a| a == u16::from(encode(s, RESERVATION))));
        // a finished random game: the seats' score points sum to 0 (TSR 7.2)
        let mut h = g;
        let mut rng = Rng::new(8);
        let mut buf = ActionBuf::new();
        while h.phase() != FINISHED {
            assert!(rollout_step(&mut h, &mut rng, &mut buf));
        }
        assert_eq!(seat_scores(&h).iter().sum::<i32>(), 0);
    }

    #[test]
    fn the_solo_question_is_one_root_vorbehalt_with_the_kinds_below() {
        for d in 0..6u64 {
            let hands = deal(&mut Rng::new(40 + d), 0, true);
            let g = GameState::setup(hands, (d % 4) as u8, [false; 4], None, Rules::TSR);
            let s = g.to_move().unwrap();
            let c = UctConfig {
                solo_question: true,
                ..cfg(300)
            };
            let st = search(&g, s, Ask::START, &c, &mut Rng::new(d), || false).unwrap();
            let mut want = vec![NO_PLAN, SOLO_QUESTION];
            if hand_count(g.hands()[s as usize], QC) == 2 {
                want.push(MARRIAGE);
            }
            assert_eq!(st.plans, want);
            assert_eq!(st.actions[1], u16::from(encode(s, RESERVATION)));
            assert_eq!(st.visits.iter().sum::<u64>(), 300);
            // the kinds are tried below the question: it was visited at least once per kind
            assert!(st.visits[1] >= 7);
            // one world in a single tree is the search on it
            let one = search_single(&[g], s, Ask::START, &c, &mut Rng::new(d), || false).unwrap();
            assert_eq!(st, one);
        }
    }

    #[test]
    fn another_seat_on_turn_is_an_error() {
        let g = mid_game_states(1, 2, 1, Rules::TSR)[0];
        let s = g.to_move().unwrap();
        let e = search(
            &g,
            (s + 1) & 3,
            Ask::START,
            &cfg(10),
            &mut Rng::new(1),
            || false,
        )
        .unwrap_err();
        assert!(e.to_string().contains("is not to act"));
    }

    #[test]
    fn a_single_tree_over_one_world_is_the_search_on_it() {
        for (i, g) in mid_game_states(12, 7, 2, Rules::TSR)
            .into_iter()
            .enumerate()
        {
            let s = g.to_move().unwrap();
            for all_calls in [false, true] {
                let c = UctConfig {
                    all_calls,
                    ..cfg(150)
                };
                let a = search(&g, s, Ask::START, &c, &mut Rng::new(i as u64), || false).unwrap();
                let b = search_single(&[g], s, Ask::START, &c, &mut Rng::new(i as u64), || false)
                    .unwrap();
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn all_calls_offers_every_call_and_asks_once() {
        let mut offered = 0;
        for g in mid_game_states(60, 11, 1, Rules::TSR) {
            let s = g.to_move().unwrap();
            let mut h = g;
            let mut buf = ActionBuf::new();
            let mut acts = Vec::new();
            let c = UctConfig {
                all_calls: true,
                ..cfg(1)
            };
            let mut start = Ask::START;
            tree_actions(&mut h, &mut start, &c, &mut buf, &mut acts);
            let Some(first) = next_call(&mut h, s) else {
                continue;
            };
            assert_eq!(acts[..2], [decline(s), first]);
            for &a in &acts[1..] {
                assert!(is_call(a) && h.can_apply(a as i64));
                // after a call the seat is done with calls at this turn
                let mut k = h;
                let mut ask = Ask::START;
                assert!(tree_step(&mut k, &mut ask, a, &c));
                assert_eq!(ask, Ask::DONE);
            }
            offered += 1;
        }
        assert!(offered > 0);
    }

    /// The actors of the call questions from `ask` on until the card (each seat declines),
    /// and the round then.
    fn declines_until_the_card(g: &mut GameState, ask: &mut Ask, c: &UctConfig) -> Vec<u8> {
        let mut buf = ActionBuf::new();
        let mut acts = Vec::new();
        let mut asked = Vec::new();
        loop {
            tree_actions(g, ask, c, &mut buf, &mut acts);
            if acts[0] < DECLINE {
                // the cards of the seat on turn
                assert!(acts.iter().all(|&a| actor(a) == g.to_move().unwrap()));
                return asked;
            }
            assert!(acts[1..]
                .iter()
                .all(|&a| is_call(a) && actor(a) == actor(acts[0])));
            asked.push(actor(acts[0]));
            assert!(tree_step(g, ask, acts[0], c));
        }
    }

    #[test]
    fn out_of_turn_the_rounds_are_the_programs() {
        let hands = deal(&mut Rng::new(7), 0, true);
        let mut g = GameState::setup(hands, 0, [false; 4], None, Rules::TSR);
        while g.phase() != PLAY {
            let s = g.to_move().unwrap();
            g.apply(encode(s, HEALTHY) as i64).unwrap();
        }
        let f = g.to_move().unwrap();
        let seats = |from: u8, n: u8| (0..n).map(|i| (from + i) & 3).collect::<Vec<u8>>();
        for all_calls in [false, true] {
            let c = UctConfig {
                out_of_turn: true,
                all_calls,
                ..cfg(1)
            };
            let mut h = g;
            let mut ask = Ask::START;
            // the start of the play: all four from the one to lead, then its card
            assert_eq!(declines_until_the_card(&mut h, &mut ask, &c), seats(f, 4));
            // after a card the three others from the next one after its player
            let mut buf = ActionBuf::new();
            h.legal_plays(&mut buf);
            assert!(tree_step(
                &mut h,
                &mut ask,
                u16::from(buf.as_slice()[0]),
                &c
            ));
            assert_eq!(
                ask,
                Ask {
                    seat: (f + 1) & 3,
                    left: 3
                }
            );
            let mut k = h;
            let mut a = ask;
            assert_eq!(declines_until_the_card(&mut k, &mut a, &c), seats(f + 1, 3));
            // a call by the second seat of the round: asked again (the program's version 1)
            // and the three after it; with all calls (version 0) only the three after it
            let mut acts = Vec::new();
            tree_actions(&mut h, &mut ask, &c, &mut buf, &mut acts);
            assert_eq!(acts[0], decline((f + 1) & 3));
            assert!(tree_step(&mut h, &mut ask, acts[0], &c));
            tree_actions(&mut h, &mut ask, &c, &mut buf, &mut acts);
            let x = (f + 2) & 3;
            assert_eq!(acts[0], decline(x));
            assert!(tree_step(&mut h, &mut ask, acts[1], &c));
            let want = if all_calls {
                seats(x + 1, 3)
            } else {
                seats(x, 4)
            };
            assert_eq!(declines_until_the_card(&mut h, &mut ask, &c), want);
            assert_eq!(h.to_move(), Some((f + 1) & 3));
        }
        // without calls out of turn only the seat on turn is asked, before its card
        let c = cfg(1);
        let mut h = g;
        let mut ask = Ask::START;
        assert_eq!(declines_until_the_card(&mut h, &mut ask, &c), vec![f]);
    }

    #[test]
    fn out_of_turn_a_seat_not_on_turn_searches_its_call_question() {
        let c = UctConfig {
            out_of_turn: true,
            ..cfg(120)
        };
        let mut searched = 0;
        for g in mid_game_states(20, 13, 1, Rules::TSR) {
            let t = g.to_move().unwrap();
            for s in (0..4u8).filter(|&s| s != t) {
                let mut h = g;
                let ask = Ask { seat: s, left: 2 };
                let Some(call) = next_call(&mut h, s) else {
                    // a seat that may not call is not the one asked
                    assert!(search(&g, s, ask, &c, &mut Rng::new(1), || false).is_err());
                    continue;
                };
                let st = search(&g, s, ask, &c, &mut Rng::new(s as u64), || false).unwrap();
                assert_eq!(st.actions, vec![DECLINE, call]);
                assert_eq!(st.visits.iter().sum::<u64>(), 120);
                let one =
                    search_single(&[g], s, ask, &c, &mut Rng::new(s as u64), || false).unwrap();
                assert_eq!(st, one);
                searched += 1;
            }
        }
        assert!(searched > 5);
    }

    #[test]
    fn stop_ends_the_search_early() {
        let g = mid_game_states(1, 2, 1, Rules::TSR)[0];
        let s = g.to_move().unwrap();
        let st = search(&g, s, Ask::START, &cfg(10_000), &mut Rng::new(1), || true).unwrap();
        assert_eq!(st.rollouts, 16);
    }
}
