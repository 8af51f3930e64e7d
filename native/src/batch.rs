//! Whole games in Rust: the random policy of `doko.bots.random_player.RandomPolicy` (the
//! workload of `doko bench`), N random games with their statistics, and random card play-outs
//! from mid-game states.
//!
//! The random numbers come from a small generator of our own (wyrand), not Python's Mersenne
//! Twister, and the deal is a uniform shuffle; the policy's probabilities are Python's.

use crate::game::encode;
use crate::game::{
    ActionBuf, GameState, Rules, CALL_RE, CLAIM, CONCEDE, ENDED_CLAIMED, ENDED_CONCEDED, HEALTHY,
    MARRIAGE, NAMING, PASS, PLAY, QUERY, RESERVATION, WITHDRAW,
};

/// A small, fast pseudo-random generator (wyrand).
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut r = Rng(seed ^ 0x2545_F491_4F6C_DD1D);
        r.next_u64();
        r
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = (self.0 as u128).wrapping_mul((self.0 ^ 0xe703_7ed1_a0b4_28db) as u128);
        (t >> 64) as u64 ^ t as u64
    }

    /// A float in [0, 1), as `random.random()`.
    #[inline]
    pub fn random(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// An index in `0..n` (`n > 0`), as `int(random() * n)`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Four hands dealt from a uniformly shuffled deck (48 cards, or 40 without nines): a shuffle,
/// a cut of 3 to n - 3 cards, and rounds of 3 (3, 4, 3 without nines) from the dealer's left
/// (TSR 3.3).
pub fn deal(rng: &mut Rng, dealer: u8, nines: bool) -> [u64; 4] {
    let mut deck = [0u8; 48];
    let mut n = 0;
    for k in 0..24u8 {
        if !nines && k % 6 == 0 {
            continue;
        }
        deck[n] = k;
        deck[n + 1] = k;
        n += 2;
    }
    for i in (1..n).rev() {
        let j = rng.below(i + 1);
        deck.swap(i, j);
    }
    let cut = 3 + rng.below(n - 5);
    deck[..n].rotate_left(cut);
    let mut hands = [0u64; 4];
    let mut pos = 0;
    let sizes: &[usize] = if nines { &[3, 3, 3, 3] } else { &[3, 4, 3] };
    for &size in sizes {
        for i in 0..4u8 {
            let seat = ((dealer + 1 + i) & 3) as usize;
            for &k in &deck[pos..pos + size] {
                let h = hands[seat];
                hands[seat] = if h >> k & 1 != 0 {
                    h | 1 << (k + 24)
                } else {
                    h | 1 << k
                };
            }
            pos += size;
        }
    }
    hands
}

/// The probabilities of `RandomPolicy` (its defaults in [`Policy::default`]).
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    pub p_reservation: f64,
    pub p_call: f64,
    pub p_marriage: f64,
    pub p_pass: f64,
    pub p_claim: f64,
    pub p_concede: f64,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            p_reservation: 0.05,
            p_call: 0.02,
            p_marriage: 0.5,
            p_pass: 0.5,
            p_claim: 0.5,
            p_concede: 0.002,
        }
    }
}

impl Policy {
    /// The PLAY branch of [`Policy::pick`], `r` the first draw.
    fn pick_play(&self, rng: &mut Rng, actions: &[u8], r: f64) -> u8 {
        let code = |a: u8| a & 63;
        let n = actions.iter().take_while(|&&a| code(a) < 24).count();
        if n < actions.len() {
            let rest = &actions[n..];
            if r < self.p_call {
                // the next level of some seat's party, uniformly among the seats
                let mut calls = [0u8; 4];
                let mut nc = 0;
                let mut seats = 0u8;
                for &a in rest {
                    let s = a >> 6;
                    let c = code(a);
                    if (CALL_RE..CONCEDE).contains(&c) && seats >> s & 1 == 0 {
                        seats |= 1 << s;
                        calls[nc] = a;
                        nc += 1;
                    }
                }
                if nc > 0 {
                    return calls[(rng.random() * nc as f64) as usize];
                }
            }
            for &a in rest {
                let c = code(a);
                if c == CLAIM && rng.random() < self.p_claim {
                    return a;
                }
                if c == CONCEDE && rng.random() < self.p_concede {
                    return a;
                }
            }
        }
        if n == 0 {
            return actions[(r * actions.len() as f64) as usize];
        }
        actions[(rng.random() * n as f64) as usize]
    }

    /// `RandomPolicy.pick`: an action among `actions` (all legal now, not empty) in `phase`,
    /// drawing random numbers as Python does.
    pub fn pick(&self, rng: &mut Rng, actions: &[u8], phase: u8) -> u8 {
        let r = rng.random();
        let code = |a: u8| a & 63;
        match phase {
            PLAY => self.pick_play(rng, actions, r),
            QUERY => {
                let want = if r < self.p_reservation {
                    RESERVATION
                } else {
                    HEALTHY
                };
                actions
                    .iter()
                    .copied()
                    .find(|&a| code(a) == want)
                    .unwrap_or(actions[0])
            }
            NAMING => {
                if r < self.p_marriage {
                    if let Some(&a) = actions.iter().find(|&&a| code(a) == MARRIAGE) {
                        return a;
                    }
                }
                if r < self.p_pass {
                    if let Some(&a) = actions.iter().find(|&&a| code(a) == PASS) {
                        return a;
                    }
                }
                let mut solos = [0u8; 16];
                let mut ns = 0;
                for &a in actions {
                    // a Vorbehalt is never withdrawn (TSR 4.1.2): random games name it
                    if code(a) != MARRIAGE && code(a) != PASS && code(a) != WITHDRAW {
                        solos[ns] = a;
                        ns += 1;
                    }
                }
                solos[(rng.random() * ns as f64) as usize]
            }
            _ => actions[(r * actions.len() as f64) as usize],
        }
    }
}

impl Policy {
    /// The action [`Policy::pick`] would choose among `g`'s legal actions, with the same
    /// probabilities, listing only what the draw needs: the calls are listed only when a call
    /// is drawn (`p_call`), the claim is checked only when it would be taken.
    pub fn choose(&self, rng: &mut Rng, g: &mut GameState, buf: &mut ActionBuf) -> u8 {
        match g.phase() {
            PLAY if g.genscher_pending() => {
                // house rule: the Genscher names one of the three seats, uniformly
                g.legal_actions(None, buf);
                let n = buf.len();
                buf.as_slice()[((rng.random() * n as f64) as usize).min(n - 1)]
            }
            PLAY => {
                let r = rng.random();
                if r < self.p_call {
                    g.legal_actions(None, buf);
                    return self.pick_play(rng, buf.as_slice(), r);
                }
                if let Some(so) = g.soloist() {
                    // the rest is [calls..., concede, claim]; calls are not drawn now
                    if rng.random() < self.p_concede {
                        return encode(so, CONCEDE);
                    }
                    // the draw first: the claim is checked only when it would be taken
                    // (the same chance as Python's check-then-draw)
                    if rng.random() < self.p_claim && !g.claim_is_refuted() {
                        return encode(so, CLAIM);
                    }
                }
                let s = g.to_move().unwrap_or(0);
                let m = g.play_mask();
                let n = m.count_ones() as usize;
                // the card: uniformly among the legal ones (in kind order, as listed)
                let i = (rng.random() * n as f64) as usize;
                encode(s, crate::cards::nth_set_bit(m, i) as u8)
            }
            QUERY => {
                let r = rng.random();
                let s = g.to_move().unwrap_or(0);
                encode(
                    s,
                    if r < self.p_reservation {
                        RESERVATION
                    } else {
                        HEALTHY
                    },
                )
            }
            _ => {
                g.legal_actions(None, buf);
                self.pick(rng, buf.as_slice(), g.phase())
            }
        }
    }
}

/// What [`random_games`] counts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    pub games: u64,
    pub actions: u64,
    pub card_plays: u64,
    pub calls: u64,
    /// Games per contract (`doko.engine.vocab.Contract`), a Hochzeit turned Karo solo under
    /// `MARRIAGE`.
    pub contracts: [u64; 10],
    pub marriage_solos: u64,
    pub pflichtsoli: u64,
    pub conceded: u64,
    pub claimed: u64,
    /// Sum over the games of Re's Augen (a check figure).
    pub re_eyes: u64,
}

/// Play `n` whole random games with `policy`, dealing game `i` with dealer `i & 3` as `doko
/// bench` does; `stop` is asked after every game (e.g. a time budget) and ends the batch when
/// it returns true.
pub fn random_games(
    n: u64,
    seed: u64,
    rules: Rules,
    policy: &Policy,
    mut stop: impl FnMut(u64) -> bool,
) -> GameStats {
    let mut rng = Rng::new(seed);
    let mut st = GameStats::default();
    let mut buf = ActionBuf::new();
    let mut i = 0u64;
    while i < n {
        let dealer = (i & 3) as u8;
        let hands = deal(&mut rng, dealer, rules.nines);
        let mut g = GameState::setup(hands, dealer, [false; 4], None, rules);
        while !g.is_over() {
            let a = policy.choose(&mut rng, &mut g, &mut buf);
            let code = a & 63;
            if code < 24 {
                st.card_plays += 1;
            } else if (CALL_RE..CONCEDE).contains(&code) {
                st.calls += 1;
            }
            st.actions += 1;
            // every action comes from legal_actions, so apply accepts it
            if g.apply(a as i64).is_err() {
                break;
            }
        }
        st.games += 1;
        st.contracts[g.contract() as usize] += 1;
        st.marriage_solos += g.marriage_solo() as u64;
        st.pflichtsoli += g.pflichtsolo() as u64;
        st.conceded += (g.ended() == ENDED_CONCEDED) as u64;
        st.claimed += (g.ended() == ENDED_CLAIMED) as u64;
        st.re_eyes += g.re_eyes() as u64;
        i += 1;
        if stop(i) {
            break;
        }
    }
    st
}

/// `count` random games (dealer `i & 3`) stopped after `tricks` complete tricks, in play with
/// no card of the next trick out (as `doko.cli.bench.mid_game_states`).
pub fn mid_game_states(count: usize, seed: u64, tricks: usize, rules: Rules) -> Vec<GameState> {
    let mut rng = Rng::new(seed ^ 0x5EED_0F57_47E5);
    let policy = Policy::default();
    let mut buf = ActionBuf::new();
    let mut out = Vec::with_capacity(count);
    let mut i = 0u64;
    while out.len() < count {
        let dealer = (i & 3) as u8;
        i += 1;
        let hands = deal(&mut rng, dealer, rules.nines);
        let mut g = GameState::setup(hands, dealer, [false; 4], None, rules);
        while !g.is_over() && g.n_tricks() < tricks {
            g.legal_actions(None, &mut buf);
            let a = policy.pick(&mut rng, buf.as_slice(), g.phase());
            if g.apply(a as i64).is_err() {
                break;
            }
        }
        if g.phase() == PLAY && g.trick().is_empty() {
            out.push(g);
        }
    }
    out
}

/// Random play-outs from `states` (cycling through them): clone a state and play uniformly
/// random legal cards to the end, the legal actions of the seat on turn listed in full (calls
/// and claim check included) as `doko bench` does. Returns (card plays, play-outs); `stop` is
/// asked after every play-out.
pub fn card_playouts(
    states: &[GameState],
    seed: u64,
    max_playouts: u64,
    mut stop: impl FnMut(u64) -> bool,
) -> (u64, u64) {
    let mut rng = Rng::new(seed);
    let mut buf = ActionBuf::new();
    let (mut plays, mut runs) = (0u64, 0u64);
    if states.is_empty() {
        return (0, 0);
    }
    let mut i = 0;
    while runs < max_playouts {
        let mut g = states[i];
        i = if i + 1 < states.len() { i + 1 } else { 0 };
        while g.phase() == PLAY {
            let s = g.to_move().unwrap_or(0);
            g.legal_actions(Some(s), &mut buf);
            let m = buf.as_slice().iter().take_while(|&&a| a & 63 < 24).count();
            let a = buf.as_slice()[rng.below(m.max(1))];
            if g.apply(a as i64).is_err() {
                break;
            }
            plays += 1;
        }
        runs += 1;
        if stop(runs) {
            break;
        }
    }
    (plays, runs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::hand_count;

    #[test]
    fn a_deal_holds_every_card_twice_tsr_2_2_1() {
        let mut rng = Rng::new(3);
        for nines in [true, false] {
            let hands = deal(&mut rng, 2, nines);
            for h in hands {
                assert_eq!(h.count_ones(), if nines { 12 } else { 10 });
            }
            for k in 0..24u8 {
                let total: u32 = hands.iter().map(|&h| hand_count(h, k)).sum();
                assert_eq!(total, if !nines && k % 6 == 0 { 0 } else { 2 });
            }
        }
    }

    #[test]
    fn random_games_end_and_count() {
        let st = random_games(2000, 1, Rules::TSR, &Policy::default(), |_| false);
        assert_eq!(st.games, 2000);
        assert_eq!(st.contracts.iter().sum::<u64>(), 2000);
        // most games are played out: 48 cards each
        assert!(st.card_plays > 2000 * 40);
        // reservations at 5% per seat make solos and Hochzeiten
        assert!(st.contracts[3..].iter().sum::<u64>() > 0);
        assert!(st.contracts[1] > 0);
        assert!(st.calls > 0);
    }

    #[test]
    fn playouts_finish_every_game() {
        let states = mid_game_states(20, 5, 6, Rules::TSR);
        assert!(states
            .iter()
            .all(|g| g.n_tricks() == 6 && g.trick().is_empty()));
        let (plays, runs) = card_playouts(&states, 9, 40, |_| false);
        assert_eq!(runs, 40);
        assert_eq!(plays, 40 * 24);
    }
}

/// How the cards are chosen in [`playouts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutPolicy {
    /// Uniformly among the legal cards.
    Random,
    /// The fast card-play heuristic of [`crate::heuristic`] (every hand known).
    Heuristic,
}

/// What [`playouts`] sums up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    pub playouts: u64,
    pub card_plays: u64,
    /// Sum over the play-outs of Re's Augen and tricks at the end.
    pub re_eyes: u64,
    pub re_tricks: u64,
    /// Play-outs in which Re took more than 120 Augen.
    pub re_over_120: u64,
}

/// Play `g` (in trick play) to the end `n` times with only card plays (no calls, claims or
/// concessions), choosing cards by `policy`; `None` if `g` is not in trick play.
pub fn playouts(g: &GameState, n: u64, policy: PlayoutPolicy, seed: u64) -> Option<PlayoutStats> {
    if g.phase() != PLAY {
        return None;
    }
    let mut rng = Rng::new(seed);
    let mut st = PlayoutStats::default();
    for _ in 0..n {
        let mut h = *g;
        h.genscher_keep(); // house rule: a Genscher still to name keeps its partner here
        while h.phase() == PLAY {
            let s = h.to_move().unwrap_or(0);
            let m = h.play_mask();
            let k = match policy {
                PlayoutPolicy::Random => {
                    crate::cards::nth_set_bit(m, rng.below(m.count_ones() as usize)) as u8
                }
                PlayoutPolicy::Heuristic => {
                    let hands = h.hands();
                    let table = crate::heuristic::Table {
                        order: h.order(),
                        dulle_rule: h.dulle_rule(),
                        last_trick: h.n_tricks() + 1 == h.tricks_total() as usize,
                        hands: &hands,
                        trick: h.trick(),
                        leader: h.trick_leader(),
                        is_re: [0, 1, 2, 3].map(|s| h.is_re(s)),
                    };
                    table.choose(m)
                }
            };
            h.play_unchecked(s, k);
            st.card_plays += 1;
        }
        st.playouts += 1;
        let eyes = h.re_eyes() as u64;
        st.re_eyes += eyes;
        st.re_tricks += h.re_tricks() as u64;
        st.re_over_120 += (eyes > 120) as u64;
    }
    Some(st)
}

#[cfg(test)]
mod playout_tests {
    use super::*;

    #[test]
    fn playouts_play_every_card_and_count_augen() {
        let states = mid_game_states(10, 3, 4, Rules::TSR);
        for g in &states {
            for policy in [PlayoutPolicy::Random, PlayoutPolicy::Heuristic] {
                let st = playouts(g, 20, policy, 1).unwrap();
                assert_eq!(st.playouts, 20);
                assert_eq!(st.card_plays, 20 * 32); // 8 tricks of 4 cards after 4 tricks
                assert!(st.re_eyes <= 20 * 240);
                assert!(st.re_tricks <= 20 * 12);
            }
        }
        // not in trick play: no play-outs
        let fresh = GameState::setup(
            deal(&mut Rng::new(1), 0, true),
            0,
            [false; 4],
            None,
            Rules::TSR,
        );
        assert!(playouts(&fresh, 1, PlayoutPolicy::Random, 1).is_none());
    }

    #[test]
    fn heuristic_playouts_are_deterministic_and_random_ones_vary() {
        // every hand is known and the heuristic has no randomness: 50 play-outs of a state
        // are 50 times the same game; random ones are not all the same
        let states = mid_game_states(20, 8, 2, Rules::TSR);
        let mut varied = 0;
        for (i, g) in states.iter().enumerate() {
            let one = playouts(g, 1, PlayoutPolicy::Heuristic, 1).unwrap();
            let many = playouts(g, 50, PlayoutPolicy::Heuristic, i as u64).unwrap();
            assert_eq!(many.re_eyes, 50 * one.re_eyes);
            assert_eq!(many.re_tricks, 50 * one.re_tricks);
            let r = playouts(g, 50, PlayoutPolicy::Random, i as u64).unwrap();
            let first = playouts(g, 1, PlayoutPolicy::Random, i as u64).unwrap();
            varied += (r.re_eyes != 50 * first.re_eyes) as u32;
        }
        assert!(varied >= 15, "{varied}");
    }
}
