//! The card play of the `rules` player (`doko.bots.rules_player.rules_card`) in Rust, for the
//! playouts of the `search` player: the same choice for the same state (the differential test
//! in `tests/native/test_rules_policy.py` compares the two on many random positions).
//!
//! It reads only what the seat on turn may know: its own hand, its initial ♣Q count, the
//! public history (completed tricks, the unfinished trick, the calls) and the hand sizes;
//! never another hand or a party that is not public. The arithmetic is Python's, operation for
//! operation (the same `f64` results), so that ties and near-ties fall the same way.
//!
//! The public facts of the completed tricks ([`Pub`]) are kept incrementally: a playout
//! extends them by each trick as it completes ([`Pub::sync`]) instead of rebuilding them for
//! every card.

use crate::cards::{AD, EYES, JC, KIND_MASK, NUM_KINDS, QC, TH};
use crate::game::{GameState, MARRIAGE_C, PLAY, SILENT_MARRIAGE};
use crate::order::{order_at, orders, CardOrder, N_ORDER_SLOTS, TRUMP};
use std::sync::OnceLock;

/// The card-play weights (`rules_player.Params`), the defaults of `make_player("rules")`.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    pub sp: f64,
    pub v: f64,
    pub decay: f64,
    pub ruff: f64,
    pub top_plain: f64,
    pub fox_keep: f64,
    pub karl_keep: f64,
    pub overtake: f64,
    pub pull: f64,
    pub hoch_solo: f64,
    pub hoch_early: f64,
    pub hoch_pp: f64,
    pub re_trump: f64,
    pub ko_plain: f64,
    pub fat_lr: f64,
    pub schmier: f64,
    pub caller_trumps: f64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            sp: 22.0,
            v: 20.0,
            decay: 0.6,
            ruff: 6.0,
            top_plain: 0.1,
            fox_keep: 8.0,
            karl_keep: 4.0,
            overtake: 0.9,
            pull: 5.0,
            hoch_solo: 30.0,
            hoch_early: 8.0,
            hoch_pp: 0.35,
            re_trump: 0.0,
            ko_plain: 0.0,
            fat_lr: 3.0,
            schmier: 12.0,
            caller_trumps: 1.5,
        }
    }
}

// modes of the game as the seat knows it
const NORMAL_MODE: u8 = 0;
const SOLO_MODE: u8 = 1;
const PENDING_MODE: u8 = 2;

/// Per effective suit (0..3 plain, 4 trump) the kinds of a card order, high to low.
type ClassKinds = [([u8; NUM_KINDS], usize); 5];

/// [`class_kinds`] of each card order of [`orders`], made once.
fn class_kinds_of(order_index: usize) -> &'static ClassKinds {
    static ALL: OnceLock<Vec<ClassKinds>> = OnceLock::new();
    &ALL.get_or_init(|| {
        (0..N_ORDER_SLOTS)
            .map(|i| order_at(i).map_or([([0u8; NUM_KINDS], 0usize); 5], class_kinds))
            .collect()
    })[order_index]
}

fn class_kinds(order: &CardOrder) -> ClassKinds {
    let mut out = [([0u8; NUM_KINDS], 0usize); 5];
    for k in 0..NUM_KINDS as u8 {
        let (kinds, n) = &mut out[order.eff_suit[k as usize] as usize];
        kinds[*n] = k;
        *n += 1;
    }
    for (kinds, n) in out.iter_mut() {
        // high to low; equal powers keep kind order (Python's stable sort)
        kinds[..*n].sort_by_key(|&k| std::cmp::Reverse(order.power[k as usize]));
    }
    out
}

/// True if `a`, played after `b` (the winner so far), beats it (no Dulle house rule), as the
/// rules player's own comparisons.
#[inline]
fn beats(order: &CardOrder, a: u8, b: u8) -> bool {
    let (ea, eb) = (order.eff_suit[a as usize], order.eff_suit[b as usize]);
    (ea == TRUMP && (eb != TRUMP || order.power[a as usize] > order.power[b as usize]))
        || (ea == eb && order.power[a as usize] > order.power[b as usize])
}

/// Add the fat cards (an ace or a ten that did not take the lead) given to the trick's
/// winner-so-far to `fat[4 * giver + winner]` (`_count_fat`).
fn count_fat(order: &CardOrder, leader: u8, cards: &[u8], fat: &mut [u16; 16]) {
    let mut best = cards[0];
    let mut bs = leader as usize;
    for (i, &k) in cards.iter().enumerate().skip(1) {
        let s = (leader as usize + i) & 3;
        if beats(order, k, best) {
            best = k;
            bs = s;
        } else if EYES[k as usize] >= 10 {
            fat[4 * s + bs] += 1;
        }
    }
}

/// The public facts of the completed tricks (`_Pub`): cards played per kind, known voids per
/// seat (bit per effective suit), trumps played per seat, seats that played a ♣Q, seats that
/// played a plain card on a trump lead, and the fat cards given per (giver, winner so far).
#[derive(Clone, Copy, Debug)]
pub struct Pub {
    /// Completed tricks included.
    pub n: usize,
    played: [u8; NUM_KINDS],
    void: [u8; 4],
    trumps: [u8; 4],
    qc_bits: u8,
    plain_on_trump: u8,
    fat: [u16; 16],
    /// The card order the facts were read in (a Schweinchen announced changes it: the facts
    /// are read anew in the new order, as the Python player's cache does).
    order: usize,
}

impl Default for Pub {
    fn default() -> Pub {
        Pub {
            order: 0,
            n: 0,
            played: [0; NUM_KINDS],
            void: [0; 4],
            trumps: [0; 4],
            qc_bits: 0,
            plain_on_trump: 0,
            fat: [0; 16],
        }
    }
}

impl Pub {
    /// Add one completed trick.
    pub fn extend(&mut self, order: &CardOrder, leader: u8, cards: &[u8; 4]) {
        count_fat(order, leader, cards, &mut self.fat);
        let led = order.eff_suit[cards[0] as usize];
        for (i, &k) in cards.iter().enumerate() {
            let s = (leader as usize + i) & 3;
            self.played[k as usize] += 1;
            let e = order.eff_suit[k as usize];
            if e == TRUMP {
                self.trumps[s] += 1;
            }
            if e != led {
                self.void[s] |= 1 << led;
                if led == TRUMP {
                    self.plain_on_trump |= 1 << s;
                }
            }
            if k == QC {
                self.qc_bits |= 1 << s;
            }
        }
        self.n += 1;
    }

    /// Bring the facts up to `g`'s completed tricks (extending by the new ones; rebuilt if `g`
    /// is another game with fewer tricks).
    pub fn sync(&mut self, g: &GameState) {
        let n = g.n_tricks();
        let oi = g.order_index();
        if n == self.n && oi == self.order {
            return;
        }
        if n < self.n || oi != self.order {
            *self = Pub::default();
            self.order = oi;
        }
        let order = g.order();
        for (i, (leader, cards, _w)) in g.tricks().into_iter().enumerate() {
            if i >= self.n {
                self.extend(order, leader, &cards);
            }
        }
    }

    /// The facts of `g`'s completed tricks.
    pub fn of(g: &GameState) -> Pub {
        let mut p = Pub::default();
        p.sync(g);
        p
    }
}

/// What the seat knows during play, in the form the card choice needs (`_Know`).
struct Know<'a> {
    me: usize,
    order: &'a CardOrder,
    cls: &'static ClassKinds,
    mode: u8,
    soloist: i32,
    hoch: i32,
    unseen: [i32; NUM_KINDS],
    void: [u8; 4],
    pp: [f64; 4],
    party: i32,
    trick: [(usize, u8); 3],
    trick_len: usize,
    ucls: [i32; 5],
    share: [[f64; 5]; 4],
    avg: [f64; 6],
    last: bool,
    tleft: i32,
    dulle2: i32,
    /// the seat's own cards per kind (for the card kept for the last trick)
    mine: [i32; NUM_KINDS],
    /// house rules of the further Sonderpunkte: Dulle gefangen, Karlchen gefangen, Fuchs im
    /// letzten Stich (set by [`rules_card_with`] from the game's rules)
    dcaught: bool,
    ccaught: bool,
    foxlast: bool,
}

/// One unseen-card's chance to be in each seat (`_build`'s `share`), the partner chances and
/// the rest of the knowledge.
#[allow(clippy::too_many_arguments)]
fn build<'a>(
    me: usize,
    mine: &[i32; NUM_KINDS],
    order_index: usize,
    p: &Pub,
    ntricks: usize,
    trick: &[(usize, u8)],
    nh: [i32; 4],
    mode: u8,
    soloist: i32,
    hoch: i32,
    parties: [i32; 4],
    nines: bool,
    total_tricks: i32,
    prm: &Params,
    dulle_rule: u8,
    callers: u8,
) -> Know<'a> {
    let order: &'a CardOrder = order_at(order_index).unwrap_or(&orders()[0]);
    let eff = &order.eff_suit;
    let mut unseen = [0i32; NUM_KINDS];
    for k in 0..NUM_KINDS {
        unseen[k] = 2 - mine[k] - p.played[k] as i32;
    }
    if !nines {
        for k in (0..NUM_KINDS).step_by(6) {
            unseen[k] = 0;
        }
    }
    let mut void = p.void;
    let mut solo_trumps = if soloist >= 0 {
        p.trumps[soloist as usize] as i32
    } else {
        0
    };
    if !trick.is_empty() {
        let led = eff[trick[0].1 as usize];
        for &(s, k) in trick {
            unseen[k as usize] -= 1;
            if eff[k as usize] != led {
                void[s] |= 1 << led;
            }
            if eff[k as usize] == TRUMP && s as i32 == soloist {
                solo_trumps += 1;
            }
        }
    }
    let last = ntricks as i32 == total_tricks - 1;
    let tleft = total_tricks - ntricks as i32;
    // house rule: the second Dulle beats the first (1), except in the last trick (2)
    let dulle2 = if dulle_rule == 1 || (dulle_rule == 2 && !last) {
        order.dulle.map_or(-1, |d| d as i32)
    } else {
        -1
    };
    let mut ucls = [0i32; 5];
    let mut ueyes = [0i32; 5];
    for k in 0..NUM_KINDS {
        let u = unseen[k];
        if u != 0 {
            ucls[eff[k] as usize] += u;
            ueyes[eff[k] as usize] += u * EYES[k] as i32;
        }
    }
    let tot_u: i32 = ucls.iter().sum();
    let all_avg = if tot_u != 0 {
        ueyes.iter().sum::<i32>() as f64 / tot_u as f64
    } else {
        0.0
    };
    let mut avg = [all_avg; 6];
    for x in 0..5 {
        if ucls[x] != 0 {
            avg[x] = ueyes[x] as f64 / ucls[x] as f64;
        }
    }
    // where the unseen cards are: uniform over the hand sizes, except that a soloist (seen
    // from Kontra) holds about 8 of 12 cards in trump (5 in a Damen- or Bubensolo)
    let mut share = [[0.0f64; 5]; 4];
    let tw: [f64; 4] = std::array::from_fn(|t| {
        if callers >> t & 1 != 0 {
            prm.caller_trumps
        } else {
            1.0
        }
    });
    let so: i32 = if mode == SOLO_MODE && soloist != me as i32 && !order.trumps.is_empty() {
        soloist
    } else {
        -1
    };
    let mut e_t = 0.0f64;
    if so >= 0 && ucls[TRUMP as usize] != 0 && void[so as usize] >> TRUMP & 1 == 0 {
        let per = if order.trumps.len() > 4 { 8.0 } else { 5.0 };
        e_t = per * total_tricks as f64 / 12.0 - solo_trumps as f64;
        e_t = e_t
            .max(0.7)
            .min(nh[so as usize] as f64)
            .min(ucls[TRUMP as usize] as f64);
    }
    let mut so_plain = 0i32;
    if e_t != 0.0 {
        for (x, &u) in ucls.iter().enumerate().take(4) {
            if void[so as usize] >> x & 1 == 0 {
                so_plain += u;
            }
        }
    }
    for x in 0..5usize {
        let m = ucls[x];
        if m == 0 {
            continue;
        }
        let mut rest = 1.0f64;
        if e_t != 0.0 {
            let sou = so as usize;
            let got = if x == TRUMP as usize {
                e_t / m as f64
            } else if void[sou] >> x & 1 != 0 || so_plain == 0 {
                0.0
            } else {
                1.0f64.min((nh[sou] as f64 - e_t) / so_plain as f64)
            };
            share[sou][x] = got;
            rest = 1.0 - got;
        }
        let weight = |t: usize| {
            if x == TRUMP as usize {
                tw[t]
            } else {
                1.0
            }
        };
        let mut d = 0.0f64;
        for t in 0..4 {
            if t != me && t as i32 != so && void[t] >> x & 1 == 0 {
                d += nh[t] as f64 * weight(t);
            }
        }
        if d != 0.0 {
            for t in 0..4 {
                if t != me && t as i32 != so && void[t] >> x & 1 == 0 {
                    share[t][x] = rest * nh[t] as f64 * weight(t) / d;
                }
            }
        } else if so >= 0 && void[so as usize] >> x & 1 == 0 {
            share[so as usize][x] = 1.0;
        }
    }
    // partner probabilities
    let mut pp = [0.0f64; 4];
    pp[me] = 1.0;
    if mode == SOLO_MODE {
        if me as i32 != soloist {
            for (s, v) in pp.iter_mut().enumerate() {
                if s as i32 != soloist {
                    *v = 1.0;
                }
            }
        }
    } else if mode == PENDING_MODE {
        if me as i32 == hoch {
            pp = [1.0; 4];
        } else {
            pp[hoch as usize] = prm.hoch_pp;
        }
    } else {
        let mp = parties[me];
        let known = (0..4).find(|&s| s != me && parties[s] == mp);
        if let Some(k) = known {
            pp[k] = 1.0;
        } else {
            let mut fat = p.fat;
            if !trick.is_empty() {
                let mut cards = [0u8; 3];
                for (i, &(_s, k)) in trick.iter().enumerate() {
                    cards[i] = k;
                }
                count_fat(order, trick[0].0 as u8, &cards[..trick.len()], &mut fat);
            }
            // soft evidence: fat cards given to a seat of known party suggest the same party
            let mut unknown = [0usize; 4];
            let mut lam = [0.0f64; 4];
            let mut nu = 0;
            for s in 0..4 {
                if s == me || parties[s] >= 0 {
                    continue;
                }
                let mut ev = 0i32;
                for w in 0..4 {
                    let f = fat[4 * s + w] as i32;
                    if f != 0 && w != s {
                        match parties[w] {
                            0 => ev += f,
                            1 => ev -= f,
                            _ => {}
                        }
                    }
                }
                unknown[nu] = s;
                lam[nu] = if mp == 0 {
                    prm.fat_lr.powf(ev as f64)
                } else {
                    prm.fat_lr.powf(-ev as f64)
                };
                nu += 1;
            }
            let mut tot = 0.0f64;
            for &l in &lam[..nu] {
                tot += l;
            }
            for i in 0..nu {
                pp[unknown[i]] = lam[i] / tot;
            }
        }
    }
    let mut tr = [(0usize, 0u8); 3];
    tr[..trick.len()].copy_from_slice(trick);
    Know {
        me,
        order,
        cls: class_kinds_of(order_index),
        mode,
        soloist,
        hoch,
        unseen,
        void,
        pp,
        party: parties[me],
        trick: tr,
        trick_len: trick.len(),
        ucls,
        share,
        avg,
        last,
        tleft,
        dulle2,
        mine: *mine,
        dcaught: false,
        ccaught: false,
        foxlast: false,
    }
}

/// Parties a seat knows in a Normalspiel (`_normal_parties`): -1 unknown, 0 Re, 1 Kontra.
fn normal_parties(
    me: usize,
    my_initial_qc: u32,
    order: &CardOrder,
    p: &Pub,
    trick: &[(usize, u8)],
    g: &GameState,
) -> [i32; 4] {
    let mut known = [-1i32; 4];
    for (s, v) in known.iter_mut().enumerate() {
        if p.qc_bits >> s & 1 != 0 {
            *v = 0;
        } else if p.plain_on_trump >> s & 1 != 0 {
            *v = 1;
        }
    }
    if !trick.is_empty() {
        let eff = &order.eff_suit;
        let lt = eff[trick[0].1 as usize] == TRUMP;
        for &(s, k) in trick {
            if k == QC {
                known[s] = 0;
            } else if lt && eff[k as usize] != TRUMP && known[s] != 0 {
                known[s] = 1; // no trump left and no ♣Q played: none held
            }
        }
    }
    for c in g.calls() {
        known[c.seat as usize] = c.party as i32;
    }
    if my_initial_qc == 2 {
        return std::array::from_fn(|s| if s == me { 0 } else { 1 });
    }
    known[me] = if my_initial_qc != 0 { 0 } else { 1 };
    let re_size = if my_initial_qc != 0 { 2 } else { 0 };
    for _ in 0..2 {
        let res = known.iter().filter(|&&x| x == 0).count();
        let kos = known.iter().filter(|&&x| x == 1).count();
        if !known.contains(&-1) {
            break;
        }
        if res >= 2 || (re_size != 0 && res == re_size) {
            known = known.map(|x| if x < 0 { 1 } else { x });
        } else if kos == 3 || (re_size != 0 && kos == 4 - re_size) {
            known = known.map(|x| if x < 0 { 0 } else { x });
        }
    }
    known
}

impl Know<'_> {
    /// Chance that seat `s` holds at least one of `m` unseen cards of class `x` (`_hold`).
    #[inline]
    fn hold(&self, s: usize, x: usize, m: i32) -> f64 {
        if m <= 0 {
            return 0.0;
        }
        let sh = self.share[s][x];
        if sh <= 0.0 {
            return 0.0;
        }
        if sh >= 1.0 {
            return 1.0;
        }
        1.0 - (1.0 - sh).powf(m as f64)
    }

    /// Chance that seat `s` holds no card of class `x` (`_pvoid`).
    #[inline]
    fn pvoid(&self, s: usize, x: usize) -> f64 {
        let m = self.ucls[x];
        let sh = self.share[s][x];
        if m <= 0 || sh <= 0.0 {
            return 1.0;
        }
        if sh >= 1.0 {
            return 0.0;
        }
        (1.0 - sh).powf(m as f64)
    }

    /// For each kind, how many unseen cards of its class beat it (`_higher`).
    fn higher(&self) -> [i32; NUM_KINDS] {
        let mut out = [0i32; NUM_KINDS];
        for (kinds, n) in self.cls {
            let mut run = 0;
            for &k in &kinds[..*n] {
                out[k as usize] = run;
                run += self.unseen[k as usize];
            }
        }
        out
    }
}

/// In trick 11 under "Karlchen gefangen" or "Fuchs im letzten Stich" (house rules): what
/// keeping the other card for the last trick is worth, in Sonderpunkte (`_last_card_worth`).
fn last_card_worth(kn: &Know<'_>, c: u8, higher: &[i32; NUM_KINDS]) -> f64 {
    let t = TRUMP as usize;
    let rest = (0..NUM_KINDS).find(|&k| kn.mine[k] - i32::from(k == c as usize) > 0);
    match rest {
        Some(k) if k == JC as usize && kn.ccaught => {
            let mut p_kept = 1.0f64;
            for s in 0..4 {
                if s != kn.me {
                    p_kept *= 1.0 - (1.0 - kn.pp[s]) * kn.hold(s, t, higher[JC as usize]);
                }
            }
            p_kept - 1.0
        }
        Some(k) if k == AD as usize && kn.foxlast => {
            let mut p_win = 1.0f64;
            for s in 0..4 {
                if s != kn.me {
                    p_win *= 1.0 - kn.hold(s, t, higher[AD as usize]);
                }
            }
            p_win
        }
        _ => 0.0,
    }
}

/// The rules player's card among `legal` (kinds in ascending order, not empty) (`_choose`).
fn choose(kn: &Know<'_>, legal: &[u8], prm: &Params) -> u8 {
    if legal.len() == 1 {
        return legal[0];
    }
    let (sp, v, decay, ruff, overtake) = (prm.sp, prm.v, prm.decay, prm.ruff, prm.overtake);
    let schmier = prm.schmier;
    let eff = &kn.order.eff_suit;
    let power = &kn.order.power;
    let me = kn.me;
    let pp = &kn.pp;
    let trick = &kn.trick[..kn.trick_len];
    let mut higher = kn.higher();
    let dulle2 = kn.dulle2;
    if dulle2 >= 0 {
        higher[dulle2 as usize] += kn.unseen[dulle2 as usize];
    }
    let ucls = &kn.ucls;
    let n_after = 3 - trick.len();
    let mut after = [0usize; 3];
    for (i, a) in after.iter_mut().enumerate().take(n_after) {
        *a = (me + i + 1) & 3;
    }
    let after = &after[..n_after];
    let sonder = kn.mode != SOLO_MODE;
    let mut trick_eyes = 0i32;
    let (lead_cls, mut best_seat, mut best) = if let Some(&(s0, k0)) = trick.first() {
        (eff[k0 as usize] as usize, s0, k0)
    } else {
        (usize::MAX, usize::MAX, u8::MAX)
    };
    for &(s, k) in trick {
        trick_eyes += EYES[k as usize] as i32;
        let (ek, eb) = (eff[k as usize], eff[best as usize]);
        if (k != best
            && ((ek == TRUMP && (eb != TRUMP || power[k as usize] > power[best as usize]))
                || (ek == eb && power[k as usize] > power[best as usize])))
            || (k == best && k as i32 == dulle2 && s != best_seat)
        {
            best_seat = s;
            best = k;
        }
    }
    let t = TRUMP as usize;
    // chance that each opponent ruffs a plain suit later (for the worth of suit tops)
    let p_trump: [f64; 4] = std::array::from_fn(|s| kn.hold(s, t, ucls[t]));
    let mut ruff_cache = [f64::NAN; 5];
    let mut stand_plain = |x: usize| -> f64 {
        if ruff_cache[x].is_nan() {
            let mut r = 1.0f64;
            for s in 0..4 {
                if s != me {
                    r *= 1.0 - (1.0 - pp[s]) * kn.pvoid(s, x) * p_trump[s];
                }
            }
            ruff_cache[x] = r;
        }
        ruff_cache[x]
    };
    let soloist_me = kn.mode == SOLO_MODE && kn.soloist == me as i32;
    let my_party = kn.party;
    let opp_trumps = ucls[t] > 0
        && (0..4).any(|s| s != me && (1.0 - pp[s]) > 0.5 && kn.void[s] >> TRUMP & 1 == 0);
    let mut best_val = -1e9f64;
    let mut choice = legal[0];
    for &c in legal {
        let ce = eff[c as usize] as usize;
        let (led, nb, nbs) = if trick.is_empty() {
            (ce, c, me)
        } else {
            let eb = eff[best as usize] as usize;
            if (ce == t && (eb != t || power[c as usize] > power[best as usize]))
                || (ce == eb && power[c as usize] > power[best as usize])
                || (c == best && c as i32 == dulle2)
            {
                (lead_cls, c, me)
            } else {
                (lead_cls, best, best_seat)
            }
        };
        let mut w = if nbs == me { 1.0 } else { pp[nbs] };
        let mut p_me = if nbs == me { 1.0 } else { 0.0 };
        let mut rest = 0.0f64;
        let nbe = eff[nb as usize] as usize;
        for &s in after {
            let bp = if nbe == t {
                let mut bp = kn.hold(s, t, higher[nb as usize]);
                if led != t {
                    bp *= kn.pvoid(s, led);
                }
                bp
            } else {
                let pv = kn.pvoid(s, led);
                let bp = kn.hold(s, led, higher[nb as usize]) + pv * p_trump[s];
                if bp > 1.0 {
                    1.0
                } else {
                    bp
                }
            };
            let q = pp[s];
            w = w * (1.0 - (1.0 - q) * bp) + (1.0 - w) * q * bp * overtake;
            p_me *= 1.0 - bp;
            if led < t && kn.void[s] >> led & 1 == 0 && ucls[led] != 0 {
                rest += kn.avg[led];
            } else if led == t && kn.void[s] >> TRUMP & 1 == 0 && ucls[t] != 0 {
                rest += kn.avg[t];
            } else {
                rest += kn.avg[5];
            }
            // a seat whose side takes the trick adds more, the other side less
            rest += schmier * (2.0 * (q * w + (1.0 - q) * (1.0 - w)) - 1.0);
        }
        let total = (trick_eyes + EYES[c as usize] as i32) as f64 + rest;
        let mut val = (2.0 * w - 1.0) * total;
        // what the card is worth later
        let fut = if ce == t {
            let mut fut = 2.0 * v * decay.powf(higher[c as usize] as f64) + ruff;
            if sonder && c == AD {
                fut -= prm.fox_keep;
            }
            if sonder && c == JC && !kn.last {
                fut += prm.karl_keep;
            }
            fut
        } else if higher[c as usize] == 0 {
            2.0 * v * prm.top_plain * stand_plain(ce)
        } else {
            0.0
        };
        val -= fut;
        if sonder {
            for &(s, k) in trick {
                if k == AD {
                    let po = pp[s];
                    val += sp * (w * (1.0 - po) - (1.0 - w) * po);
                }
            }
            if c == AD {
                val -= sp * (1.0 - w);
            }
            if kn.dcaught {
                // house rule "Dulle gefangen": a ♥10 is a second kind of Fuchs
                for &(s, k) in trick {
                    if k == TH {
                        let po = pp[s];
                        val += sp * (w * (1.0 - po) - (1.0 - w) * po);
                    }
                }
                if c == TH {
                    val -= sp * (1.0 - w);
                }
            }
            if kn.tleft == 2 && (kn.ccaught || kn.foxlast) {
                // house rules of the last trick: the card not played now is played in it
                val += sp * last_card_worth(kn, c, &higher);
            }
            if total >= 40.0 {
                val += (2.0 * w - 1.0) * sp * (if after.is_empty() { 1.0 } else { 0.6 });
            }
            if kn.last && c == JC && nbs == me {
                val += sp * w;
            }
            if kn.mode == PENDING_MODE && kn.hoch == me as i32 {
                // the Hochzeiter wants another seat to take a trick (and so become partner)
                val -= p_me
                    * (if kn.tleft == 10 {
                        prm.hoch_solo
                    } else {
                        prm.hoch_early
                    });
            }
        }
        if trick.is_empty() {
            if ce == t {
                if soloist_me && opp_trumps {
                    val += prm.pull;
                } else if kn.mode == NORMAL_MODE && my_party == 0 {
                    val += prm.re_trump;
                }
            } else if kn.mode == NORMAL_MODE && my_party == 1 {
                val += prm.ko_plain;
            }
        }
        if val > best_val + 1e-9 {
            best_val = val;
            choice = c;
        }
    }
    choice
}

/// True if the stille Hochzeit's holder has played both ♣Q (`_silent_public`).
fn silent_public(g: &GameState) -> bool {
    let holder = match g.soloist() {
        Some(s) => s,
        None => return false,
    };
    g.history()
        .iter()
        .filter(|&&a| a & 63 == QC && a >> 6 == holder)
        .count()
        == 2
}

/// The rules player's Genscher naming (house rule; `rules_player._genscher_code`): the other
/// seat that has won the most Augen in its tricks so far (the strongest play shown), ties to
/// the nearest seat after the Genscher; `None` unless the Genscher is to name its partner.
pub fn genscher_choice(g: &GameState) -> Option<u8> {
    if !g.genscher_pending() {
        return None;
    }
    let gs = g.genscher().0?;
    let eyes = g.eyes();
    let mut best = (0u8, 0u8);
    for k in 1..4u8 {
        let e = eyes[((gs + k) & 3) as usize];
        if best.0 == 0 || e > best.1 {
            best = (k, e);
        }
    }
    Some(crate::game::GENSCHER_BASE + best.0)
}

/// The card kind the `rules` player plays for the seat on turn in `g` (in trick play), with
/// `p` the public facts of `g`'s completed tricks; `None` if no card is to be played.
pub fn rules_card_with(g: &GameState, p: &Pub, prm: &Params) -> Option<u8> {
    if g.phase() != PLAY {
        return None;
    }
    let seat = g.to_move()?;
    let me = seat as usize;
    let m = g.play_mask();
    if m == 0 {
        return None;
    }
    if m.count_ones() == 1 {
        return Some(m.trailing_zeros() as u8);
    }
    let mut legal = [0u8; NUM_KINDS];
    let mut nl = 0;
    let mut bits = m;
    while bits != 0 {
        legal[nl] = bits.trailing_zeros() as u8;
        nl += 1;
        bits &= bits - 1;
    }
    let order = g.order();
    let contract = g.contract();
    let lead = g.trick_leader() as usize;
    let mut trick = [(0usize, 0u8); 3];
    let tl = g.trick().len().min(3);
    for (i, &k) in g.trick().iter().take(3).enumerate() {
        trick[i] = ((lead + i) & 3, k);
    }
    let trick = &trick[..tl];
    let mut soloist = -1i32;
    let mut hoch = -1i32;
    let mut parties = [-1i32; 4];
    let mode;
    let gs = g.soloist().map_or(-1, |s| s as i32);
    if gs >= 0 && (contract != SILENT_MARRIAGE || gs == me as i32) {
        mode = SOLO_MODE;
        soloist = gs;
    } else if contract == MARRIAGE_C && g.klaerung() == 0 {
        mode = PENDING_MODE;
        hoch = g.hochzeiter().map_or(-1, |s| s as i32);
    } else if contract == MARRIAGE_C || g.taker() >= 0 || g.genscher().1.is_some() {
        // after the Klärung, an Armut or a Genscher (house rules): the parties are public
        mode = NORMAL_MODE;
        parties = std::array::from_fn(|s| if g.is_re(s as u8) { 0 } else { 1 });
    } else {
        let ih = g.initial_hands()[me];
        let qc = (ih >> QC & 1) as u32 + (ih >> (QC + 24) & 1) as u32;
        parties = normal_parties(me, qc, order, p, trick, g);
        if contract == SILENT_MARRIAGE && silent_public(g) {
            mode = SOLO_MODE;
            soloist = gs;
        } else {
            mode = NORMAL_MODE;
        }
    }
    let hands = g.hands();
    let nh: [i32; 4] = std::array::from_fn(|s| hands[s].count_ones() as i32);
    let h = hands[me];
    let mine: [i32; NUM_KINDS] =
        std::array::from_fn(|k| (h >> k & 1) as i32 + (h >> (k + 24) & 1) as i32);
    let mut callers = 0u8;
    for c in g.calls() {
        callers |= 1 << c.seat;
    }
    let mut kn = build(
        me,
        &mine,
        g.order_index(),
        p,
        g.n_tricks(),
        trick,
        nh,
        mode,
        soloist,
        hoch,
        parties,
        g.rules().nines,
        g.tricks_total() as i32,
        prm,
        g.dulle_rule(),
        callers,
    );
    let rules = g.rules();
    kn.dcaught = rules.dulle_caught;
    kn.ccaught = rules.charlie_caught;
    kn.foxlast = rules.fox_last_trick;
    debug_assert!(m & !KIND_MASK == 0);
    Some(choose(&kn, &legal[..nl], prm))
}

/// [`rules_card_with`], the public facts built from `g`'s history.
pub fn rules_card(g: &GameState) -> Option<u8> {
    rules_card_with(g, &Pub::of(g), &Params::default())
}
