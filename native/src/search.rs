//! The playouts of the `search` player (`doko.bots.search_player`) in Rust: for one sampled
//! world (a full game state consistent with the seat's view), every candidate action is
//! applied and the game played to its end, and its value for the seat is returned.
//!
//! A playout does what `SearchPlayer._playout` and `_finish` do: the others say healthy in the
//! Vorbehaltsabfrage; in the naming the seat names its planned solo (or Hochzeit) and the
//! others pass, announce the Hochzeit or name a Damensolo; in trick play each other seat plays
//! a random legal card with probability ν and the `rules` player's card otherwise
//! ([`crate::rules_policy`]), the seat itself always the `rules` card; once `solver_tricks`
//! tricks remain (and the parties are settled) the exact solver plays the rest (its principal
//! variation: the first optimal card of each seat in kind order, as
//! `doko.solver.principal_variation`). The value is the seat's score points plus its party's
//! Augen / 10000, and for the game choice the share `foresight * ν` of what the seat's own calls
//! would have added in hindsight (`_call_gain`).
//!
//! With ν = 0 the playouts are deterministic and equal the Python player's on the same world.

use crate::batch::Rng;
use crate::cards::EYES;
use crate::game::{
    call_level, encode, ActionBuf, GameState, BLACK, CALL_RE, FINISHED, HEALTHY, MARRIAGE,
    MARRIAGE_C, NAMING, PASS, PLAY, QUERY, SOLO_BASE,
};
use crate::rules_policy::{rules_card_with, Params, Pub};
use crate::scoring::{score, Extras, GameSummary, SummaryContract};
use crate::solver::{SolveError, Solver};

/// Transposition-table entries of the endgame solvers (a few tricks: small tables suffice).
const SOLVER_TABLE: usize = 1 << 14;

/// How the playouts of one decision are played.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutSpec {
    /// The deciding seat.
    pub seat: u8,
    /// The chance that another seat plays a random legal card instead of the rules card.
    pub nu: f64,
    /// `call_foresight` while choosing the game (0 in trick play).
    pub foresight: f64,
    /// The solver plays the last this-many tricks (0: never).
    pub solver_tricks: u8,
    /// The card play of the playouts: the fast all-hands heuristic of [`crate::heuristic`]
    /// instead of the rules player's (for measuring one against the other).
    pub heuristic: bool,
    /// The other party's answer to a call of the seat: for a call candidate, this share
    /// times (1 - ν) of what the other party's reply (Re or Kontra, if it has not called)
    /// would have cost the seat in hindsight, had it replied where that pays ([`reply_cost`]).
    pub answer: f64,
}

/// Endgame solvers by card order and parties, kept across the playouts of one call.
#[derive(Default)]
pub struct Solvers {
    list: Vec<(usize, [bool; 4], u8, Solver)>,
}

impl Solvers {
    fn get(
        &mut self,
        order: usize,
        is_re: [bool; 4],
        dulle: u8,
    ) -> Result<&mut Solver, SolveError> {
        let i = match self
            .list
            .iter()
            .position(|(o, r, d, _)| *o == order && *r == is_re && *d == dulle)
        {
            Some(i) => i,
            None => {
                self.list.push((
                    order,
                    is_re,
                    dulle,
                    Solver::new(order, is_re, dulle, SOLVER_TABLE)?,
                ));
                self.list.len() - 1
            }
        };
        Ok(&mut self.list[i].3)
    }
}

/// The summary of a finished game for scoring (`result.summary_of`), with Re's and Kontra's
/// call levels as given.
fn summary(g: &GameState, re_calls: u8, kontra_calls: u8) -> GameSummary {
    let contract = match g.summary_contract() {
        "solo" => SummaryContract::Solo,
        "marriage" => SummaryContract::Marriage,
        "silent_marriage" => SummaryContract::SilentMarriage,
        _ => SummaryContract::Normal,
    };
    let x = g.sonderpunkte();
    let extras = |p: usize| Extras::from_counts(x[p]);
    GameSummary {
        contract,
        re_eyes: g.re_eyes() as u8,
        re_tricks: Some(g.re_tricks() as u8),
        re_calls,
        kontra_calls,
        re_extras: extras(0),
        kontra_extras: extras(1),
        nines: g.rules().nines,
    }
}

fn re_seats(g: &GameState) -> u8 {
    (0..4u8).filter(|&s| g.is_re(s)).fold(0, |b, s| b | 1 << s)
}

/// Points of `seat` in a finished game with these call levels.
fn seat_points(g: &GameState, seat: u8, re_calls: u8, kontra_calls: u8) -> i32 {
    let sc = score(
        &summary(g, re_calls, kontra_calls),
        g.rules().re_kontra_double,
    );
    sc.seat_scores(re_seats(g))[seat as usize]
}

/// What calls up to level `most` by `seat` would have added to its score in the finished
/// game, in hindsight (`_call_gain`).
fn call_gain(g: &GameState, seat: u8, most: u8) -> i32 {
    let [re_lv, ko_lv] = g.level();
    let re = g.is_re(seat);
    let base = seat_points(g, seat, re_lv, ko_lv);
    let mut best = base;
    let from = if re { re_lv } else { ko_lv } + 1;
    for level in from..=most {
        let v = if re {
            seat_points(g, seat, level, ko_lv)
        } else {
            seat_points(g, seat, re_lv, level)
        };
        if v < base {
            break; // a level the party missed: higher ones miss too
        }
        best = best.max(v);
    }
    best - base
}

/// What the other party's reply to the seat's call (its Re or Kontra, if it has made no call)
/// would have cost the seat in the finished game, in hindsight: it replies where the reply
/// pays for it, that is where it wins (`_reply_cost`); 0 or negative.
pub fn reply_cost(g: &GameState, seat: u8) -> i32 {
    let [re_lv, ko_lv] = g.level();
    let re = g.is_re(seat);
    if (if re { ko_lv } else { re_lv }) != 0 {
        return 0;
    }
    let base = seat_points(g, seat, re_lv, ko_lv);
    let replied = if re {
        seat_points(g, seat, re_lv, 1)
    } else {
        seat_points(g, seat, 1, ko_lv)
    };
    (replied - base).min(0)
}

/// The seat's value of a finished game: score points plus its party's Augen / 10000.
pub fn final_value(g: &GameState, seat: u8) -> f64 {
    let [re_lv, ko_lv] = g.level();
    let points = seat_points(g, seat, re_lv, ko_lv);
    let eyes = if g.is_re(seat) {
        g.re_eyes()
    } else {
        g.kontra_eyes()
    };
    points as f64 + eyes as f64 / 10000.0
}

/// `g` (at a trick boundary, parties settled) played to its end along the solver's principal
/// variation; `None` if the solver cannot (an open Hochzeit: the parties are not known).
fn solve_rest(start: &GameState, solvers: &mut Solvers) -> Option<GameState> {
    let mut g = *start;
    g.genscher_keep(); // house rule: a Genscher still to name keeps its partner here
    if g.contract() == MARRIAGE_C && g.klaerung() == 0 {
        return None; // a Hochzeit still open: parties unknown
    }
    let is_re = [0, 1, 2, 3].map(|s| g.is_re(s));
    let sv = solvers.get(g.order_index(), is_re, g.dulle_rule()).ok()?;
    sv.start();
    let hands = g.hands();
    let leader = g.trick_leader() as usize;
    let mut future = sv.future(hands, leader, &[], None).ok()?;
    while g.phase() == PLAY {
        let Some(seat) = g.to_move() else { break };
        let legal = g.play_mask();
        let trick_len = g.trick().len();
        let mut chosen = None;
        let mut m = legal;
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            // the position after k: does it keep the value for the side that moved?
            let mut h = g;
            h.play_unchecked(seat, k);
            let tv: i32 = if trick_len == 3 {
                let w = h.trick_leader();
                if is_re[w as usize] {
                    let mut cards = [0u8; 4];
                    cards[..3].copy_from_slice(g.trick());
                    cards[3] = k;
                    cards.iter().map(|&c| EYES[c as usize] as i32).sum()
                } else {
                    0
                }
            } else {
                0
            };
            let keeps = if legal.count_ones() == 1 {
                true
            } else if h.phase() != PLAY {
                if is_re[seat as usize] {
                    tv >= future
                } else {
                    tv <= future
                }
            } else {
                let nh = h.hands();
                let lead = h.trick_leader() as usize;
                let res = if is_re[seat as usize] {
                    sv.at_least(nh, lead, h.trick(), future - tv)
                } else {
                    sv.at_least(nh, lead, h.trick(), future - tv + 1)
                        .map(|b| !b)
                };
                res.ok()?
            };
            if keeps {
                chosen = Some((k, tv));
                break;
            }
        }
        // the solver's value is exact, so some card keeps it; a guard against a bad state
        let (k, tv) = chosen?;
        g.play_unchecked(seat, k);
        future -= tv;
    }
    (g.phase() == FINISHED).then_some(g)
}

/// Play card `k` of `seat` and keep the public facts up to date.
#[inline]
fn play(g: &mut GameState, p: &mut Pub, seat: u8, k: u8) {
    g.play_unchecked(seat, k);
    if g.n_tricks() != p.n {
        p.sync(g);
    }
}

/// The naming of a seat in a playout when it has no plan: pass if it may, the Hochzeit if it
/// may, else a Damensolo (`_naming`).
fn naming(g: &mut GameState, buf: &mut ActionBuf) -> u8 {
    g.legal_actions(None, buf);
    let codes = buf.as_slice();
    if codes.iter().any(|&a| a & 63 == PASS) {
        PASS
    } else if codes.iter().any(|&a| a & 63 == MARRIAGE) {
        MARRIAGE
    } else {
        SOLO_BASE + 4
    }
}

/// One playout of `world` after `action` (with the planned naming code `plan`, or -1): the
/// seat's value at the end; `None` if the action or a step of the playout is refused (a bad
/// candidate).
pub fn playout(
    world: &GameState,
    world_pub: &Pub,
    action: u8,
    plan: i32,
    spec: &PlayoutSpec,
    rng: &mut Rng,
    solvers: &mut Solvers,
) -> Option<f64> {
    let prm = Params::default();
    let mut g = *world;
    let mut p = *world_pub;
    let mut buf = ActionBuf::new();
    g.apply(action as i64).ok()?;
    p.sync(&g);
    let seat = spec.seat;
    let mut next_call: i32 = -1;
    let solver_from = (g.tricks_total() as usize).saturating_sub(spec.solver_tricks as usize);
    while g.phase() != FINISHED {
        let phase = g.phase();
        let to_move = g.to_move()?;
        if phase == PLAY {
            if let Some(code) = crate::rules_policy::genscher_choice(&g) {
                // house rule: the Genscher names its partner as the rules player does
                g.apply(encode(to_move, code) as i64).ok()?;
                p.sync(&g);
                continue;
            }
            if next_call < 0 && to_move == seat && spec.foresight != 0.0 {
                g.legal_actions(Some(seat), &mut buf);
                next_call = buf
                    .as_slice()
                    .iter()
                    .map(|&a| a & 63)
                    .filter(|&c| (CALL_RE..=BLACK).contains(&c))
                    .map(|c| call_level(c) as i32)
                    .max()
                    .unwrap_or(0);
            }
            if spec.solver_tricks != 0 && g.n_tricks() >= solver_from && g.trick().is_empty() {
                if let Some(done) = solve_rest(&g, solvers) {
                    g = done;
                    break;
                }
            }
            if spec.nu != 0.0 && to_move != seat && rng.random() < spec.nu {
                let m = g.play_mask();
                if m == 0 {
                    return None;
                }
                let i = (rng.random() * m.count_ones() as f64) as usize;
                play(
                    &mut g,
                    &mut p,
                    to_move,
                    crate::cards::nth_set_bit(m, i) as u8,
                );
                continue;
            }
            let k = if spec.heuristic {
                let hands = g.hands();
                crate::heuristic::Table {
                    order: g.order(),
                    dulle_rule: g.dulle_rule(),
                    last_trick: g.n_tricks() + 1 == g.tricks_total() as usize,
                    hands: &hands,
                    trick: g.trick(),
                    leader: g.trick_leader(),
                    is_re: [0, 1, 2, 3].map(|s| g.is_re(s)),
                }
                .choose(g.play_mask())
            } else {
                rules_card_with(&g, &p, &prm)?
            };
            play(&mut g, &mut p, to_move, k);
        } else if phase == QUERY {
            g.apply(encode(to_move, HEALTHY) as i64).ok()?;
        } else if phase == NAMING {
            let mut code = if to_move == seat && plan >= 0 {
                plan as u8
            } else {
                255
            };
            if code == 255 || !g.can_apply(encode(to_move, code) as i64) {
                code = naming(&mut g, &mut buf);
            }
            g.apply(encode(to_move, code) as i64).ok()?;
            p = Pub::default();
            p.sync(&g);
        } else {
            return None;
        }
    }
    let mut value = final_value(&g, seat);
    if spec.foresight != 0.0 && next_call > 0 {
        value += spec.foresight * spec.nu * call_gain(&g, seat, next_call as u8) as f64;
    }
    if spec.answer != 0.0 && action >> 6 == seat && (CALL_RE..=BLACK).contains(&(action & 63)) {
        value += spec.answer * (1.0 - spec.nu) * reply_cost(&g, seat) as f64;
    }
    Some(value)
}

/// A world: the game replayed from the initial `hands` through `history`; `None` if the
/// hands do not make a game or the history is not legal on them.
pub fn replay(
    hands: [u64; 4],
    dealer: u8,
    owes: [bool; 4],
    vorfuehrung: Option<u8>,
    rules: crate::game::Rules,
    history: &[u8],
) -> Option<GameState> {
    let mut g = GameState::new(hands, dealer, owes, vorfuehrung, rules).ok()?;
    for &a in history {
        g.apply(a as i64).ok()?;
    }
    Some(g)
}

/// The values of each candidate `(action, plan)` in one world (`None` for a candidate the
/// world refuses, which a real candidate never is).
pub fn evaluate_world(
    world: &GameState,
    candidates: &[(u8, i32)],
    spec: &PlayoutSpec,
    seed: u64,
) -> Vec<Option<f64>> {
    let mut solvers = Solvers::default();
    evaluate_world_until(world, candidates, spec, seed, &mut solvers, None).unwrap_or_default()
}

/// [`evaluate_world`] with the endgame solvers of earlier worlds (their tables stay valid: a
/// position's key is exact) and a deadline checked before each candidate: `None` if it passed
/// before the last candidate was played out (the world is then incomplete).
pub fn evaluate_world_until(
    world: &GameState,
    candidates: &[(u8, i32)],
    spec: &PlayoutSpec,
    seed: u64,
    solvers: &mut Solvers,
    stop: Option<std::time::Instant>,
) -> Option<Vec<Option<f64>>> {
    let mut rng = Rng::new(seed);
    let p = Pub::of(world);
    let mut out = Vec::with_capacity(candidates.len());
    for &(a, plan) in candidates {
        if stop.is_some_and(|d| std::time::Instant::now() > d) {
            return None;
        }
        out.push(playout(world, &p, a, plan, spec, &mut rng, solvers));
    }
    Some(out)
}

/// For the opponent model: replaying `history` on `world`'s deal, at each index of `at` (a
/// card of the seat on turn) whether the rules policy plays that card there, and 1 / the
/// number of legal cards. `world` must be at the start of the game (no action yet).
pub fn policy_observations(
    start: &GameState,
    history: &[u8],
    at: &[usize],
) -> Option<Vec<(bool, f64)>> {
    let prm = Params::default();
    let mut g = *start;
    let mut p = Pub::default();
    let mut out = Vec::with_capacity(at.len());
    let last = at.iter().copied().max()?;
    for (i, &a) in history.iter().enumerate() {
        if at.contains(&i) {
            if g.phase() != PLAY {
                return None;
            }
            p.sync(&g);
            let k = rules_card_with(&g, &p, &prm)?;
            out.push((k == a & 63, 1.0 / g.play_mask().count_ones() as f64));
        }
        if i == last {
            break;
        }
        g.apply(a as i64).ok()?;
    }
    Some(out)
}

/// Card-play inference: the log-likelihood of the other seats' observed cards in a world,
/// under the playouts' model of them (each plays a random legal card with probability `nu`,
/// else the rules card): the sum over the observed cards of ln(ν / |legal| + (1 − ν) ·
/// [rules card == observed card]). `start` is the world at the start of the game, `at` the
/// history indexes of the observed cards; `None` if the history does not replay there.
pub fn log_likelihood(start: &GameState, history: &[u8], at: &[usize], nu: f64) -> Option<f64> {
    if at.is_empty() {
        return Some(0.0);
    }
    let obs = policy_observations(start, history, at)?;
    Some(
        obs.iter()
            .map(|&(hit, inv)| (nu * inv + if hit { 1.0 - nu } else { 0.0 }).ln())
            .sum(),
    )
}

/// The effective sample size (Σw)² / Σw² of weights `w`.
pub fn effective_size(w: &[f64]) -> f64 {
    let s: f64 = w.iter().sum();
    let q: f64 = w.iter().map(|x| x * x).sum();
    if q > 0.0 {
        s * s / q
    } else {
        0.0
    }
}

/// World weights from log-likelihoods, tempered: w = exp(τ (ℓ − max ℓ)) with the largest
/// τ ≤ `temper` whose effective sample size is at least `ess_fraction` of the worlds (τ = 0,
/// equal weights, if none is); the weights are scaled to mean 1. Returns the weights, τ and
/// the effective sample size.
pub fn tempered_weights(ll: &[f64], temper: f64, ess_fraction: f64) -> (Vec<f64>, f64, f64) {
    let n = ll.len();
    if n == 0 {
        return (Vec::new(), 0.0, 0.0);
    }
    let top = ll.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weigh = |tau: f64| -> Vec<f64> {
        ll.iter()
            .map(|&l| {
                if tau == 0.0 {
                    1.0
                } else {
                    (tau * (l - top)).exp()
                }
            })
            .collect()
    };
    let want = ess_fraction * n as f64;
    let mut tau = temper.max(0.0);
    if !top.is_finite() || effective_size(&weigh(tau)) < want {
        // bisection: the effective size falls as τ grows (0 gives n)
        let (mut lo, mut hi) = (0.0, tau);
        for _ in 0..30 {
            let mid = 0.5 * (lo + hi);
            if effective_size(&weigh(mid)) >= want {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        tau = if top.is_finite() { lo } else { 0.0 };
    }
    let mut w = weigh(tau);
    let s: f64 = w.iter().sum();
    let scale = n as f64 / s;
    for x in &mut w {
        *x *= scale;
    }
    let ess = effective_size(&w);
    (w, tau, ess)
}

/// Card-play inference in [`run`]: the worlds are weighted by the likelihood of the other
/// seats' observed cards ([`log_likelihood`], [`tempered_weights`]).
#[derive(Clone, Debug)]
pub struct InferSpec {
    /// History indexes of the observed cards (other seats' card plays).
    pub at: Vec<usize>,
    /// The ν of the likelihood.
    pub nu: f64,
    /// The largest tempering exponent τ.
    pub temper: f64,
    /// The smallest effective sample size, as a share of a pool's worlds.
    pub ess_fraction: f64,
    /// Sampled worlds per pool (resampled by weight before the playouts).
    pub pool: usize,
}

/// The deal of the unseen cards (`doko.bots.sampler.Sampler.sample`): the constraints one
/// seat's view puts on the other hands, made by the Python sampler.
#[derive(Clone, Debug)]
pub struct DealSpec {
    pub seat: u8,
    /// The seat's own current hand.
    pub own: u64,
    /// The unseen cards (kinds, a kind twice if both copies are unseen).
    pub pool: Vec<u8>,
    /// Cards still to deal to each seat (0 for the own seat).
    pub need: [u8; 4],
    /// Kinds each seat may hold (its known voids excluded; a bit per kind).
    pub allowed: [u64; 4],
    /// ♣Q each seat must get.
    pub must_qc: [u8; 4],
    /// Cards each seat has played (a hand bit set), added back for the initial hands.
    pub played: [u64; 4],
    /// Further cards a seat must get, (seat, kind) per copy: announced Schweinchen (house
    /// rules), placed after the ♣Q.
    pub must: Vec<(u8, u8)>,
}

/// Add kind `k` to hand `h` (the second copy if the first is there).
#[inline]
fn add(h: u64, k: u8) -> u64 {
    if h >> k & 1 != 0 {
        h | 1 << (k + 24)
    } else {
        h | 1 << k
    }
}

impl DealSpec {
    /// Current hands of all four seats, the own one as it is; `None` if no deal fits (the
    /// same procedure as the Python sampler, with this crate's random numbers: the ♣Q where
    /// the facts put them, then the other cards in random order, the most constrained first,
    /// each to a seat that may hold it with the chance of its room; 200 tries).
    pub fn sample(&self, rng: &mut Rng) -> Option<[u64; 4]> {
        let qc = crate::cards::QC;
        let mut pool = Vec::with_capacity(self.pool.len());
        'tries: for _ in 0..200 {
            let mut hands = [0u64; 4];
            hands[self.seat as usize] = self.own;
            let mut room = self.need;
            pool.clear();
            pool.extend_from_slice(&self.pool);
            for s in 0..4 {
                for _ in 0..self.must_qc[s] {
                    let i = pool.iter().position(|&k| k == qc)?;
                    if room[s] == 0 {
                        return None;
                    }
                    pool.remove(i);
                    hands[s] = add(hands[s], qc);
                    room[s] -= 1;
                }
            }
            for &(s, k) in &self.must {
                let i = pool.iter().position(|&c| c == k)?;
                if room[s as usize] == 0 {
                    return None;
                }
                pool.remove(i);
                hands[s as usize] = add(hands[s as usize], k);
                room[s as usize] -= 1;
            }
            for i in (1..pool.len()).rev() {
                let j = rng.below(i + 1);
                pool.swap(i, j);
            }
            let fits = |k: u8, room: &[u8; 4]| {
                (0..4)
                    .filter(|&s| room[s] != 0 && self.allowed[s] >> k & 1 != 0)
                    .count()
            };
            let r0 = room;
            pool.sort_by_key(|&k| fits(k, &r0));
            for &k in &pool {
                let total: u32 = (0..4)
                    .filter(|&s| room[s] != 0 && self.allowed[s] >> k & 1 != 0)
                    .map(|s| room[s] as u32)
                    .sum();
                if total == 0 {
                    continue 'tries;
                }
                let mut r = rng.random() * total as f64;
                let mut pick = 4;
                for (s, &n) in room.iter().enumerate() {
                    if n != 0 && self.allowed[s] >> k & 1 != 0 {
                        pick = s;
                        r -= n as f64;
                        if r < 0.0 {
                            break;
                        }
                    }
                }
                hands[pick] = add(hands[pick], k);
                room[pick] -= 1;
            }
            return Some(hands);
        }
        None
    }

    /// The initial hands of a sampled deal (the played cards added back).
    pub fn initial(&self, rng: &mut Rng) -> Option<[u64; 4]> {
        let mut h = self.sample(rng)?;
        for (s, hand) in h.iter_mut().enumerate() {
            let mut m = self.played[s];
            // the played cards: first copies, then second copies
            while m != 0 {
                let b = m.trailing_zeros() as u8;
                m &= m - 1;
                *hand = add(*hand, b % 24);
            }
        }
        Some(h)
    }
}

/// The public setting of one decision: the game's start (dealer, Pflichtsolo debts,
/// Vorführung, rules) and its history so far.
#[derive(Clone, Debug)]
pub struct Setting {
    pub dealer: u8,
    pub owes: [bool; 4],
    pub vorfuehrung: Option<u8>,
    pub rules: crate::game::Rules,
    pub history: Vec<u8>,
}

impl Setting {
    /// The world on the initial `hands` after the first `n` actions of the history, or `None`
    /// if they do not replay there.
    fn world_after(&self, hands: [u64; 4], n: usize) -> Option<GameState> {
        let (dealer, owes, vorf, rules) = (self.dealer, self.owes, self.vorfuehrung, self.rules);
        replay(hands, dealer, owes, vorf, rules, &self.history[..n])
    }

    /// The world on the initial `hands`, or `None` if the history does not replay there.
    pub fn world(&self, hands: [u64; 4]) -> Option<GameState> {
        self.world_after(hands, self.history.len())
    }

    /// The world on the initial `hands` before any action (for the replays of inference).
    pub fn world_at_start(&self, hands: [u64; 4]) -> Option<GameState> {
        self.world_after(hands, 0)
    }

    /// A sampled world: up to 50 deals, the first on which the history replays
    /// (`Sampler.world`), with its initial hands.
    pub fn sample_world(&self, deal: &DealSpec, rng: &mut Rng) -> Option<([u64; 4], GameState)> {
        for _ in 0..50 {
            let hands = deal.initial(rng)?;
            if let Some(g) = self.world(hands) {
                return Some((hands, g));
            }
        }
        None
    }
}

/// How many worlds [`run`] evaluates and how the ν of each is chosen.
#[derive(Clone, Debug)]
pub struct RunSpec {
    /// The most worlds (None: as many as the time allows).
    pub max_worlds: Option<usize>,
    /// Worlds evaluated even when the time is up.
    pub min_worlds: usize,
    /// Stop starting worlds after this moment (None: no time limit).
    pub deadline: Option<std::time::Instant>,
    /// ν per world: drawn from these weights over `nu_grid` if given, else `nu`.
    pub nu_grid: Vec<f64>,
    pub nu_weights: Option<Vec<f64>>,
    pub nu: f64,
    /// Card-play inference: weight the worlds by the observed cards (None: equal weights).
    pub infer: Option<InferSpec>,
}

/// What [`run`] returns: the values of each candidate in each evaluated world
/// (`values[candidate][world]`), the ν of each world, and with inference the weight of each
/// world (its draws in the resampling of its pool) and the last pool's tempering exponent τ
/// and effective sample size.
#[derive(Clone, Debug, Default)]
pub struct RunResult {
    pub values: Vec<Vec<f64>>,
    pub nus: Vec<f64>,
    pub weights: Vec<f64>,
    pub tau: f64,
    pub ess: f64,
}

/// Draw counts of systematic resampling: `m` draws in proportion to `w` (one uniform offset
/// `u` in [0, 1)); each count is the floor or the ceiling of `m` times the world's share.
pub fn systematic_counts(w: &[f64], m: usize, u: f64) -> Vec<u32> {
    let total: f64 = w.iter().sum();
    let mut counts = vec![0u32; w.len()];
    if w.is_empty() || total <= 0.0 || m == 0 {
        return counts;
    }
    let step = total / m as f64;
    let mut next = u * step; // the next draw's point on the cumulative weight
    let mut acc = 0.0;
    let mut drawn = 0;
    for (i, &x) in w.iter().enumerate() {
        acc += x;
        while drawn < m && next < acc {
            counts[i] += 1;
            drawn += 1;
            next += step;
        }
    }
    // rounding at the end: the last draws go to the last world with weight
    if drawn < m {
        if let Some(i) = w.iter().rposition(|&x| x > 0.0) {
            counts[i] += (m - drawn) as u32;
        }
    }
    counts
}

/// The evaluation of one decision ([`RunResult`]): first the given worlds (`first`, initial
/// hands that replay), then sampled ones, until `spec` says stop or no world can be sampled.
/// With inference the worlds come in pools of `pool` sampled worlds: each pool world's
/// log-likelihood of the observed cards is taken by a replay ([`log_likelihood`]), the pool
/// is weighted ([`tempered_weights`]) and resampled systematically, and only the worlds drawn
/// are played out, each with its number of draws as its weight (so the playouts go to the
/// likely worlds). `Err(action)` for a candidate a world refuses.
pub fn run(
    setting: &Setting,
    deal: &DealSpec,
    first: &[[u64; 4]],
    candidates: &[(u8, i32)],
    playout: &PlayoutSpec,
    spec: &RunSpec,
    seed: u64,
) -> Result<RunResult, u8> {
    let mut rng = Rng::new(seed);
    let mut solvers = Solvers::default();
    let mut res = RunResult {
        values: vec![Vec::new(); candidates.len()],
        ..RunResult::default()
    };
    let cum: Option<Vec<f64>> = spec.nu_weights.as_ref().map(|w| {
        let mut acc = 0.0;
        w.iter()
            .map(|&x| {
                acc += x;
                acc
            })
            .collect()
    });
    let now_past = || spec.deadline.is_some_and(|d| std::time::Instant::now() > d);
    let done =
        |n: usize| spec.max_worlds.is_some_and(|m| n >= m) || (n >= spec.min_worlds && now_past());
    // the ν of a world and its playouts; false if the deadline cut it short (left out)
    let mut evaluate =
        |world: &GameState, weight: Option<f64>, rng: &mut Rng, res: &mut RunResult| {
            let n = res.nus.len();
            let nu = match &cum {
                Some(c) if !c.is_empty() && c[c.len() - 1] > 0.0 => {
                    let r = rng.random() * c[c.len() - 1];
                    let i = c.iter().position(|&x| x > r).unwrap_or(c.len() - 1);
                    spec.nu_grid.get(i).copied().unwrap_or(spec.nu)
                }
                _ => spec.nu,
            };
            let ps = PlayoutSpec { nu, ..*playout };
            // past the minimum, a world the deadline cuts short is left out
            let stop = if n >= spec.min_worlds {
                spec.deadline
            } else {
                None
            };
            let Some(values) =
                evaluate_world_until(world, candidates, &ps, rng.next_u64(), &mut solvers, stop)
            else {
                return Ok::<bool, u8>(false);
            };
            for (i, v) in values.into_iter().enumerate() {
                res.values[i].push(v.ok_or(candidates[i].0)?);
            }
            res.nus.push(nu);
            if let Some(w) = weight {
                res.weights.push(w);
            }
            Ok(true)
        };
    let mut sampled = 0usize;
    let mut next_world = |rng: &mut Rng| {
        let w = if sampled < first.len() {
            setting.world(first[sampled]).map(|g| (first[sampled], g))
        } else {
            setting.sample_world(deal, rng)
        };
        sampled += 1;
        w
    };
    let Some(inf) = &spec.infer else {
        while !done(res.nus.len()) {
            let Some((_, world)) = next_world(&mut rng) else {
                break;
            };
            if !evaluate(&world, None, &mut rng, &mut res)? {
                break;
            }
        }
        return Ok(res);
    };
    let pool_size = inf.pool.max(1);
    'rounds: while !done(res.nus.len()) {
        let mut pool = Vec::with_capacity(pool_size);
        let mut lls = Vec::with_capacity(pool_size);
        let mut exhausted = false;
        while pool.len() < pool_size {
            if !pool.is_empty() && res.nus.len() >= spec.min_worlds && now_past() {
                break;
            }
            let Some((hands, world)) = next_world(&mut rng) else {
                exhausted = true;
                break;
            };
            let ll = setting
                .world_at_start(hands)
                .and_then(|s| log_likelihood(&s, &setting.history, &inf.at, inf.nu))
                .unwrap_or(f64::NEG_INFINITY);
            pool.push(world);
            lls.push(ll);
        }
        if pool.is_empty() {
            break;
        }
        let (w, tau, ess) = tempered_weights(&lls, inf.temper, inf.ess_fraction);
        res.tau = tau;
        res.ess = ess;
        let counts = systematic_counts(&w, pool.len(), rng.random());
        let mut drawn: Vec<usize> = (0..pool.len()).filter(|&i| counts[i] > 0).collect();
        for i in (1..drawn.len()).rev() {
            let j = rng.below(i + 1);
            drawn.swap(i, j);
        }
        for i in drawn {
            if done(res.nus.len()) {
                break 'rounds;
            }
            if !evaluate(&pool[i], Some(counts[i] as f64), &mut rng, &mut res)? {
                break 'rounds;
            }
        }
        if exhausted {
            break;
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{deal, mid_game_states};
    use crate::cards::{hand_count, QC};
    use crate::game::{ActionBuf, Rules};

    #[test]
    fn sampled_deals_keep_the_sizes_the_cards_and_the_constraints() {
        let mut rng = Rng::new(11);
        for round in 0..50 {
            let hands = deal(&mut rng, (round % 4) as u8, true);
            let seat = (round % 4) as u8;
            let mut pool = Vec::new();
            for (s, &h) in hands.iter().enumerate() {
                if s != seat as usize {
                    for k in 0..24u8 {
                        for _ in 0..hand_count(h, k) {
                            pool.push(k);
                        }
                    }
                }
            }
            let mut need = [12u8; 4];
            need[seat as usize] = 0;
            // the next seat may not hold hearts 9 and K, the one after that must hold a ♣Q
            // if one is unseen
            let next = ((seat + 1) & 3) as usize;
            let after = ((seat + 2) & 3) as usize;
            let mut allowed = [KIND_ALL; 4];
            allowed[next] &= !(1 << 12 | 1 << 15);
            let mut must_qc = [0u8; 4];
            if pool.contains(&QC) {
                must_qc[after] = 1;
            }
            let spec = DealSpec {
                seat,
                own: hands[seat as usize],
                pool: pool.clone(),
                need,
                allowed,
                must_qc,
                played: [0; 4],
                must: Vec::new(),
            };
            let got = spec.sample(&mut rng).expect("a deal fits");
            assert_eq!(got[seat as usize], hands[seat as usize]);
            for h in &got {
                assert_eq!(h.count_ones(), 12);
            }
            for k in 0..24u8 {
                let total: u32 = got.iter().map(|&h| hand_count(h, k)).sum();
                assert_eq!(total, 2);
            }
            assert_eq!(hand_count(got[next], 12) + hand_count(got[next], 15), 0);
            if must_qc[after] == 1 {
                assert!(hand_count(got[after], QC) >= 1);
            }
        }
    }

    const KIND_ALL: u64 = (1 << 24) - 1;

    #[test]
    fn playouts_finish_every_candidate_and_repeat_for_a_seed() {
        let states = mid_game_states(12, 4, 5, Rules::TSR);
        let mut buf = ActionBuf::new();
        for (i, g) in states.iter().enumerate() {
            let seat = g.to_move().unwrap();
            g.legal_plays(&mut buf);
            let cands: Vec<(u8, i32)> = buf.as_slice().iter().map(|&a| (a, -1)).collect();
            let spec = PlayoutSpec {
                seat,
                nu: 0.3,
                foresight: 0.0,
                solver_tricks: 3,
                heuristic: i % 2 == 1,
                answer: 1.0,
            };
            let a = evaluate_world(g, &cands, &spec, i as u64);
            let b = evaluate_world(g, &cands, &spec, i as u64);
            assert_eq!(a, b);
            for v in a {
                let v = v.expect("a legal card plays out");
                // score points of a Normalspiel or solo, the Augen / 10000 below 1
                assert!(v.abs() < 100.0);
                assert!((v - v.round()).abs() < 0.0241 + 1e-9);
            }
        }
    }

    #[test]
    fn tempered_weights_keep_the_floor_of_the_effective_size() {
        // log-likelihoods of 100 worlds: one far ahead, the rest spread
        let ll: Vec<f64> = (0..100)
            .map(|i| if i == 0 { 0.0 } else { -20.0 - i as f64 * 0.3 })
            .collect();
        // untempered the first world takes nearly all the weight: τ is lowered
        let (w, tau, ess) = tempered_weights(&ll, 1.0, 0.2);
        assert!(tau > 0.0 && tau < 1.0);
        assert!((20.0 - 1e-6..21.0).contains(&ess));
        assert!((w.iter().sum::<f64>() - 100.0).abs() < 1e-9);
        assert!(w.windows(2).all(|p| p[0] >= p[1]));
        // a low floor keeps τ = 1; a floor of 1 gives equal weights; nothing seen: equal
        let (_, tau1, _) = tempered_weights(&ll, 1.0, 0.0);
        assert_eq!(tau1, 1.0);
        let (flat, tau0, ess0) = tempered_weights(&ll, 1.0, 1.0);
        assert!(tau0 < 1e-6 && (ess0 - 100.0).abs() < 1e-3);
        assert!(flat.iter().all(|&x| (x - 1.0).abs() < 1e-3));
        let (even, _, _) = tempered_weights(&[0.0; 5], 1.0, 0.5);
        assert_eq!(even, vec![1.0; 5]);
        // worlds whose history does not replay have no likelihood
        let (none, tau_n, _) = tempered_weights(&[f64::NEG_INFINITY; 3], 1.0, 0.1);
        assert_eq!((none, tau_n), (vec![1.0; 3], 0.0));
        assert_eq!(tempered_weights(&[], 1.0, 0.1).0, Vec::<f64>::new());
    }

    #[test]
    fn systematic_counts_follow_the_weights() {
        let w = [0.5, 0.0, 2.5, 1.0, 0.0, 6.0];
        for u in [0.0, 0.3, 0.999] {
            let c = systematic_counts(&w, 20, u);
            assert_eq!(c.iter().sum::<u32>(), 20);
            // each count the floor or the ceiling of 20 times the share; none for weight 0
            for (i, &x) in w.iter().enumerate() {
                let share = 20.0 * x / 10.0;
                assert!(c[i] as f64 >= share.floor() && c[i] as f64 <= share.ceil());
            }
        }
        assert_eq!(systematic_counts(&[1.0; 4], 4, 0.5), vec![1; 4]);
        assert_eq!(systematic_counts(&[0.0; 3], 3, 0.5), vec![0; 3]);
    }

    #[test]
    fn the_principal_variation_keeps_the_solvers_value() {
        // with the solver for all 12 tricks' last 3: the playout's Augen for Re from the
        // solver's start equal the exact value of that position
        let states = mid_game_states(10, 9, 9, Rules::TSR);
        for g in &states {
            let mut solvers = Solvers::default();
            let is_re = [0, 1, 2, 3].map(|s| g.is_re(s));
            let mut sv = Solver::new(g.order_index(), is_re, g.dulle_rule(), 1 << 12).unwrap();
            let exact = sv
                .future_value(g.hands(), g.trick_leader() as usize, &[], None)
                .unwrap();
            let before = g.re_eyes() as i32;
            let done = solve_rest(g, &mut solvers).expect("the solver plays the rest");
            assert_eq!(done.re_eyes() as i32 - before, exact);
        }
    }
}
