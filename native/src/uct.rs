//! UCT over the perfect-information game: the search of the `uct` player
//! (`doko.bots.uct_player`), after Sievers and Helmert, "A Doppelkopf Player Based on UCT"
//! (KI 2015).
//!
//! One search runs on one world (a full deal, every hand known) from the state where `seat` is
//! to act. Each rollout walks down the tree by UCB1 (each seat maximises its own reward, the
//! mean over the node's visits plus `exploration * sqrt(ln N / n)`), adds the first child not
//! yet visited (chosen at random among those), plays the game to its end with random actions
//! and adds every seat's reward to the nodes on the path. A seat's reward is its score points
//! (TSR 7) plus `eyes_weight` times its party's Augen.
//!
//! The actions of a node are those of the seat to act: the answer in the Vorbehaltsabfrage,
//! the naming, and in play its legal cards and its party's next call level (Re or Kontra and
//! the Absagen). Concession and claim are not part of the tree. At a root in the
//! Vorbehaltsabfrage the searching seat's Vorbehalt comes with the game it would name
//! (each solo kind, and Hochzeit with both ♣Q): one root action per plan, the naming made
//! by the plan when the seat's turn to name comes (if it is legal then). So a Vorbehalt is
//! worth the game it is for, not an average over every game it could lead to. The rollouts play
//! random legal cards without calls and, as the paper's simulations, reserve nothing and play no
//! solo: Gesund in the Vorbehaltsabfrage, pass (or the Hochzeit) in the naming
//! ([`rollout_answer`]).
//!
//! The random numbers come from [`crate::batch::Rng`]; `doko.bots.uct_player` repeats the
//! same search in Python with the same generator, so both give the same visits and values.

use crate::batch::Rng;
use crate::cards::{hand_count, QC};
use crate::game::{
    encode, ActionBuf, GameState, BLACK, CALL_RE, FINISHED, HEALTHY, MARRIAGE, NAMING, PASS,
    PICTURE_SOLO_BASE, PLAY, QUERY, RE, RESERVATION, SOLO_BASE, WITHDRAW,
};
use crate::scoring::{score, Extras, GameSummary, SummaryContract};

/// No planned naming.
pub const NO_PLAN: u8 = 255;

/// The options of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctConfig {
    /// Most rollouts (the search may stop earlier at `deadline`).
    pub rollouts: u64,
    /// The constant of the UCB1 exploration term, in the reward's units (score points).
    pub exploration: f64,
    /// The weight of the party's Augen in the reward.
    pub eyes_weight: f64,
}

/// What one search found at its root, per root action (in the order of [`tree_actions`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RootStats {
    pub actions: Vec<u8>,
    /// Per action: the naming code a Vorbehalt at the root is for ([`NO_PLAN`] otherwise).
    pub plans: Vec<u8>,
    pub visits: Vec<u64>,
    /// The mean reward of the searching seat after each action (0 if never visited).
    pub means: Vec<f64>,
    pub rollouts: u64,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    visits: u64,
    sum: [f64; 4],
    /// Index of the first child (the children are contiguous); valid once expanded.
    first: u32,
    n_children: u8,
    expanded: bool,
    /// The action leading here from the parent.
    action: u8,
    /// A root Vorbehalt's planned naming code ([`NO_PLAN`] otherwise).
    plan: u8,
}

impl Node {
    fn new(action: u8) -> Node {
        Node::planned(action, NO_PLAN)
    }

    fn planned(action: u8, plan: u8) -> Node {
        Node {
            visits: 0,
            sum: [0.0; 4],
            first: 0,
            n_children: 0,
            expanded: false,
            action,
            plan,
        }
    }
}

/// The root's actions as (action, plan): in the Vorbehaltsabfrage Gesund and one Vorbehalt
/// per game the seat could name (the seven solos, the picture solos the rules play, Hochzeit
/// with both ♣Q); else the tree
/// actions without plans.
pub fn root_actions(g: &mut GameState, buf: &mut ActionBuf, out: &mut Vec<(u8, u8)>) {
    out.clear();
    let mut acts = Vec::with_capacity(40);
    tree_actions(g, buf, &mut acts);
    let Some(s) = g.to_move() else { return };
    if g.phase() != QUERY {
        out.extend(acts.iter().map(|&a| (a, NO_PLAN)));
        return;
    }
    for &a in &acts {
        if a & 63 == RESERVATION {
            for code in SOLO_BASE..SOLO_BASE + 7 {
                out.push((a, code));
            }
            // the picture solos the rules play (house rules)
            for i in 0..5u8 {
                if g.rules().plays_picture_solo(i) {
                    out.push((a, PICTURE_SOLO_BASE + i));
                }
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

/// The actions of a tree node: the seat to act's legal cards (kind order) and the lowest call
/// it may make now, or the legal actions of the Vorbehaltsabfrage and the naming. Empty when
/// the game is over.
pub fn tree_actions(g: &mut GameState, buf: &mut ActionBuf, out: &mut Vec<u8>) {
    out.clear();
    match g.phase() {
        PLAY => {
            g.legal_plays(buf);
            out.extend_from_slice(buf.as_slice());
            let Some(s) = g.to_move() else { return };
            for code in CALL_RE..=BLACK {
                let a = encode(s, code);
                if g.can_apply(a as i64) {
                    out.push(a);
                    break;
                }
            }
        }
        QUERY | NAMING => {
            // a Vorbehalt made is meant: the player never takes one back (TSR 4.1.2)
            let s = g.to_move();
            g.legal_actions(s, buf);
            out.extend(
                buf.as_slice()
                    .iter()
                    .copied()
                    .filter(|&a| a & 63 != WITHDRAW),
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

/// The rollout's action: a random legal card, or [`rollout_answer`] before the play.
fn rollout_step(g: &mut GameState, rng: &mut Rng, buf: &mut ActionBuf) -> bool {
    match g.phase() {
        PLAY => {
            let Some(s) = g.to_move() else { return false };
            let m = g.play_mask();
            let mut i = rng.below(m.count_ones() as usize);
            let mut bits = m;
            while i > 0 {
                bits &= bits - 1;
                i -= 1;
            }
            g.play_unchecked(s, bits.trailing_zeros() as u8);
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

/// One UCT search of `cfg.rollouts` rollouts (fewer if `stop` says so; it is asked every 16
/// rollouts, so at least 16 are made) from `root`, where `seat` must be to act.
pub fn search(
    root: &GameState,
    seat: u8,
    cfg: &UctConfig,
    rng: &mut Rng,
    mut stop: impl FnMut() -> bool,
) -> Result<RootStats, UctError> {
    if root.phase() == FINISHED {
        return Err(UctError::Finished);
    }
    if root.to_move() != Some(seat) {
        return Err(UctError::NotToAct {
            seat,
            to_move: root.to_move(),
        });
    }
    let mut nodes: Vec<Node> = Vec::with_capacity(1024);
    nodes.push(Node::new(0));
    let mut buf = ActionBuf::new();
    let mut acts: Vec<u8> = Vec::with_capacity(40);
    let mut planned: Vec<(u8, u8)> = Vec::with_capacity(40);
    {
        // the root's children, with the plans of a Vorbehalt
        let mut g = *root;
        root_actions(&mut g, &mut buf, &mut planned);
        let first = nodes.len() as u32;
        for &(a, plan) in &planned {
            nodes.push(Node::planned(a, plan));
        }
        nodes[0].first = first;
        nodes[0].n_children = planned.len() as u8;
        nodes[0].expanded = true;
    }
    let mut path: Vec<u32> = Vec::with_capacity(64);
    let mut done = 0u64;
    while done < cfg.rollouts {
        if done > 0 && done.is_multiple_of(16) && stop() {
            break;
        }
        let mut g = *root;
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let mut plan = NO_PLAN;
        // selection and expansion
        while g.phase() != FINISHED {
            if naming_by_plan(&mut g, seat, &mut plan) {
                continue;
            }
            if !nodes[node].expanded {
                tree_actions(&mut g, &mut buf, &mut acts);
                let first = nodes.len() as u32;
                for &a in &acts {
                    nodes.push(Node::new(a));
                }
                let nd = &mut nodes[node];
                nd.first = first;
                nd.n_children = acts.len() as u8;
                nd.expanded = true;
            }
            let (first, n) = (nodes[node].first as usize, nodes[node].n_children as usize);
            if n == 0 {
                break;
            }
            let children = first..first + n;
            let unvisited = nodes[children.clone()]
                .iter()
                .filter(|c| c.visits == 0)
                .count();
            let child = if unvisited > 0 {
                let mut j = rng.below(unvisited);
                let mut pick = first;
                for c in children {
                    if nodes[c].visits == 0 {
                        if j == 0 {
                            pick = c;
                            break;
                        }
                        j -= 1;
                    }
                }
                pick
            } else {
                let p = g.to_move().unwrap_or(0) as usize;
                let ln_n = (nodes[node].visits as f64).ln();
                let mut best = first;
                let mut best_v = f64::NEG_INFINITY;
                for c in children {
                    let nc = nodes[c].visits as f64;
                    let v = nodes[c].sum[p] / nc + cfg.exploration * (ln_n / nc).sqrt();
                    if v > best_v {
                        best_v = v;
                        best = c;
                    }
                }
                best
            };
            let a = nodes[child].action;
            if g.apply(a as i64).is_err() {
                // every tree action is legal in its node's state (the world is fixed)
                break;
            }
            path.push(child as u32);
            node = child;
            if nodes[child].plan != NO_PLAN {
                plan = nodes[child].plan;
            }
            if unvisited > 0 {
                break;
            }
        }
        // rollout
        while g.phase() != FINISHED {
            if naming_by_plan(&mut g, seat, &mut plan) {
                continue;
            }
            if !rollout_step(&mut g, rng, &mut buf) {
                break;
            }
        }
        let r = if g.phase() == FINISHED {
            rewards(&g, cfg.eyes_weight)
        } else {
            [0.0; 4]
        };
        for &i in &path {
            let nd = &mut nodes[i as usize];
            nd.visits += 1;
            for (s, v) in nd.sum.iter_mut().enumerate() {
                *v += r[s];
            }
        }
        done += 1;
    }
    let rootn = nodes[0];
    let mut st = RootStats {
        rollouts: done,
        ..RootStats::default()
    };
    for c in &nodes[rootn.first as usize..rootn.first as usize + rootn.n_children as usize] {
        st.actions.push(c.action);
        st.plans.push(c.plan);
        st.visits.push(c.visits);
        st.means.push(if c.visits > 0 {
            c.sum[seat as usize] / c.visits as f64
        } else {
            0.0
        });
    }
    Ok(st)
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
        let st = search(w, seat, cfg, &mut rng, || match until {
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
        }
    }

    #[test]
    fn root_actions_are_the_legal_cards_and_the_next_call() {
        for g in mid_game_states(20, 4, 2, Rules::TSR) {
            let s = g.to_move().unwrap();
            let st = search(&g, s, &cfg(200), &mut Rng::new(1), || false).unwrap();
            let mut h = g;
            let mut buf = ActionBuf::new();
            h.legal_plays(&mut buf);
            let cards = buf.as_slice().to_vec();
            assert_eq!(&st.actions[..cards.len()], &cards[..]);
            // at most one call, and it is legal
            assert!(st.actions.len() <= cards.len() + 1);
            for &a in &st.actions[cards.len()..] {
                assert!((CALL_RE..=BLACK).contains(&(a & 63)));
                assert!(h.can_apply(a as i64));
            }
            assert_eq!(st.rollouts, 200);
            assert_eq!(st.visits.iter().sum::<u64>(), 200);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_search() {
        let g = mid_game_states(1, 9, 3, Rules::TSR)[0];
        let s = g.to_move().unwrap();
        let a = search(&g, s, &cfg(300), &mut Rng::new(5), || false).unwrap();
        let b = search(&g, s, &cfg(300), &mut Rng::new(5), || false).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn the_query_is_searched_and_rewards_sum_to_zero_in_score() {
        let hands = deal(&mut Rng::new(3), 0, true);
        let g = GameState::setup(hands, 0, [false; 4], None, Rules::TSR);
        let s = g.to_move().unwrap();
        let st = search(&g, s, &cfg(100), &mut Rng::new(2), || false).unwrap();
        // Gesund, and a Vorbehalt for each solo kind (and Hochzeit with both ♣Q)
        assert_eq!(st.actions[0], encode(s, HEALTHY));
        assert_eq!(st.plans[0], NO_PLAN);
        let plans: Vec<u8> = st.plans[1..].to_vec();
        let mut want: Vec<u8> = (SOLO_BASE..SOLO_BASE + 7).collect();
        if hand_count(g.hands()[s as usize], QC) == 2 {
            want.push(MARRIAGE);
        }
        assert_eq!(plans, want);
        assert!(st.actions[1..].iter().all(|&a| a == encode(s, RESERVATION)));
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
    fn another_seat_on_turn_is_an_error() {
        let g = mid_game_states(1, 2, 1, Rules::TSR)[0];
        let s = g.to_move().unwrap();
        let e = search(&g, (s + 1) & 3, &cfg(10), &mut Rng::new(1), || false).unwrap_err();
        assert!(e.to_string().contains("is not to act"));
    }

    #[test]
    fn stop_ends_the_search_early() {
        let g = mid_game_states(1, 2, 1, Rules::TSR)[0];
        let s = g.to_move().unwrap();
        let st = search(&g, s, &cfg(10_000), &mut Rng::new(1), || true).unwrap();
        assert_eq!(st.rollouts, 16);
    }
}
