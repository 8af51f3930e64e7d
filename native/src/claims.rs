//! Is a soloist's claim of all remaining tricks forced? (TSR 5.4.4, 5.4.5, 9.2.2)
//!
//! The exact port of `doko.engine.claims`: a claim stands only if the soloist wins every
//! remaining trick *whatever* anyone plays, his own order included ("zwangsläufig", 9.2.2).
//! [`claim_refutation`] searches the legal continuations for one in which another seat wins a
//! trick, in the same order and with the same merging of harmless cards as the Python search,
//! so both engines decide every claim alike. Nothing here allocates: the search keeps its line
//! and its table of positions proven safe on the stack.

use crate::cards::KIND_MASK;
use crate::order::{
    order_at, orders, CardOrder, DULLE_FIRST, DULLE_SECOND, DULLE_SECOND_EXCEPT_LAST, NORMAL_ORDER,
    N_ORDER_SLOTS, TRUMP,
};

/// A line of play refuting a claim: `(seat, kind)` pairs, at most 8 (the last moves of the
/// search's line, as Python keeps `line[-8:]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub len: u8,
    pub moves: [(u8, u8); 8],
}

impl Line {
    /// A line of one move (the claim check's Schweinchen threat, house rule).
    pub fn one(a: (u8, u8)) -> Line {
        let mut moves = [(0, 0); 8];
        moves[0] = a;
        Line { len: 1, moves }
    }

    fn pair(a: (u8, u8), b: (u8, u8)) -> Line {
        let mut moves = [(0, 0); 8];
        moves[0] = a;
        moves[1] = b;
        Line { len: 2, moves }
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[(u8, u8)] {
        &self.moves[..self.len as usize]
    }
}

/// For each kind: the kinds of the same effective suit that beat it when played after it
/// (with the Dulle rule on, a second Dulle beats the first). Index: order, Dulle rule on.
fn beaters_table() -> &'static [[[u64; 24]; 2]] {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<[[u64; 24]; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out = vec![[[0u64; 24]; 2]; N_ORDER_SLOTS];
        for (oi, slot) in out.iter_mut().enumerate() {
            let Some(o) = order_at(oi) else { continue };
            for (di, row) in slot.iter_mut().enumerate() {
                let dulle = if di == 1 { o.dulle } else { None };
                for (k, slot) in row.iter_mut().enumerate() {
                    let mut m = 0u64;
                    for b in 0..24 {
                        if o.eff_suit[b] == o.eff_suit[k]
                            && (o.power[b] > o.power[k] || (b == k && dulle == Some(k as u8)))
                        {
                            m |= 1 << b;
                        }
                    }
                    *slot = m;
                }
            }
        }
        out
    })
}

/// The beaters of every kind in order `order` (an index into [`orders`]); `dulle_on`: the
/// house rule "the second Dulle beats the first".
pub fn beaters(order: usize, dulle_on: bool) -> &'static [u64; 24] {
    &beaters_table()[order][dulle_on as usize]
}

/// Everything the claim check needs about the game's card order and Dulle rule.
#[derive(Clone, Copy)]
pub struct ClaimCtx {
    pub order: &'static CardOrder,
    pub beaters: &'static [u64; 24],
    /// The Dulle's kind when a second Dulle beats the first, else `None`.
    pub dulle: Option<u8>,
    /// The Dulle rule exempts the last trick.
    pub except_last: bool,
}

impl ClaimCtx {
    /// The context of order `order` under Dulle rule `dulle_rule` (0 first, 1 second, 2
    /// second except in the last trick), as `Game._claim_refutation` builds it.
    pub fn new(order: usize, dulle_rule: u8) -> ClaimCtx {
        // every game's order index names an order (set by order_of or pig_order)
        let o = order_at(order).unwrap_or(&orders()[NORMAL_ORDER]);
        let dulle = if dulle_rule != DULLE_FIRST {
            o.dulle
        } else {
            None
        };
        ClaimCtx {
            order: o,
            beaters: beaters(order, dulle.is_some()),
            dulle,
            except_last: dulle_rule == DULLE_SECOND_EXCEPT_LAST,
        }
    }

    #[inline]
    fn legal_mask(&self, h: u64, trick: &[u8]) -> u64 {
        let m = h & KIND_MASK;
        if let Some(&lead) = trick.first() {
            let f = m & self.order.follow[self.order.eff_suit[lead as usize] as usize];
            if f != 0 {
                return f;
            }
        }
        m
    }
}

#[inline]
fn bit_length(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// A soloist card that an opponent can surely beat once the soloist leads, if any (see
/// `claims._quick_refutation`). `hint` remembers the last witness (soloist kind, seat).
pub fn quick_refutation(
    ctx: &ClaimCtx,
    hands: &[u64; 4],
    soloist: u8,
    trick: &[u8],
    leader: u8,
    hint: Option<&mut [u8; 2]>,
) -> Option<Line> {
    let o = ctx.order;
    let trumps = o.follow[TRUMP as usize];
    let n = trick.len() as u8;
    let h0 = hands[soloist as usize];
    let solo_legal = if (soloist + 4 - leader) & 3 < n {
        0
    } else {
        ctx.legal_mask(h0, trick)
    };
    let after = h0.count_ones() as i32 - i32::from(solo_legal != 0);
    let beater = |k: u8, seat: u8| -> Option<u8> {
        if solo_legal != 0 && !(h0 >> (k + 24) & 1 != 0 || solo_legal & !(1u64 << k) != 0) {
            return None; // the soloist may have to play k in this trick
        }
        let h = hands[seat as usize];
        let mut b = h & ctx.beaters[k as usize];
        let s = o.eff_suit[k as usize];
        if b == 0 && s != TRUMP && h & o.follow[s as usize] == 0 {
            b = h & trumps;
        }
        b &= KIND_MASK;
        if b == 0 {
            return None;
        }
        if Some(k) == ctx.dulle && b == 1u64 << k && ctx.except_last && after < 2 {
            return None; // the soloist's Dulle would lead the last trick, where it stays first
        }
        if (seat + 4 - leader) & 3 >= n
            && (h >> 24) & b == 0
            && b & (b - 1) == 0
            && ctx.legal_mask(h, trick) & !b == 0
        {
            return None;
        }
        Some((bit_length(b) - 1) as u8)
    };
    let mut mine = h0 & KIND_MASK;
    let mut hint = hint;
    if let Some(hn) = hint.as_deref() {
        if mine >> hn[0] & 1 != 0 && hn[1] != soloist {
            if let Some(b) = beater(hn[0], hn[1]) {
                return Some(Line::pair((soloist, hn[0]), (hn[1], b)));
            }
        }
    }
    while mine != 0 {
        let k = mine.trailing_zeros() as u8;
        mine &= mine - 1;
        for d in 1..4u8 {
            let seat = (soloist + d) & 3;
            if let Some(b) = beater(k, seat) {
                if let Some(hn) = hint.as_deref_mut() {
                    hn[0] = k;
                    hn[1] = seat;
                }
                return Some(Line::pair((soloist, k), (seat, b)));
            }
        }
    }
    None
}

/// A quick refutation that holds at any moment of a trick (see `claims.robust_witness`): the
/// soloist holds two copies of `k` and opponent `seat` two cards that beat it (or, void in its
/// plain suit, two trumps).
pub fn robust_witness(
    ctx: &ClaimCtx,
    hands: &[u64; 4],
    soloist: u8,
    k: u8,
    seat: u8,
) -> Option<Line> {
    let h0 = hands[soloist as usize];
    if h0 >> (k + 24) & 1 == 0 || seat == soloist {
        return None;
    }
    if Some(k) == ctx.dulle && ctx.except_last && h0.count_ones() < 4 {
        return None;
    }
    let o = ctx.order;
    let h = hands[seat as usize];
    let mut mask = ctx.beaters[k as usize];
    let s = o.eff_suit[k as usize];
    if h & mask & KIND_MASK == 0 && s != TRUMP && h & o.follow[s as usize] & KIND_MASK == 0 {
        mask = o.follow[TRUMP as usize];
    }
    let lo = h & mask & KIND_MASK;
    let hi = (h >> 24) & mask;
    if lo.count_ones() + hi.count_ones() < 2 {
        return None;
    }
    Some(Line::pair((soloist, k), (seat, (bit_length(lo) - 1) as u8)))
}

/// `None` if the claim is forced; otherwise a line of play that refutes it (hidden cards:
/// open information). As `claims.claim_refutation`: the quick refutation (with `hint`), then
/// the full search.
pub fn claim_refutation(
    ctx: &ClaimCtx,
    hands: &[u64; 4],
    soloist: u8,
    trick: &[u8],
    leader: u8,
    hint: Option<&mut [u8; 2]>,
) -> Option<Line> {
    if let Some(l) = quick_refutation(ctx, hands, soloist, trick, leader, hint) {
        return Some(l);
    }
    let mut s = Search {
        ctx,
        soloist,
        rule: if ctx.dulle.is_none() {
            DULLE_FIRST
        } else if ctx.except_last {
            DULLE_SECOND_EXCEPT_LAST
        } else {
            DULLE_SECOND
        },
        line: [(0, 0); 64],
        line_len: 0,
        safe: [[0; 6]; SAFE_SLOTS],
        safe_len: 0,
    };
    let mut cards = [0u8; 4];
    cards[..trick.len()].copy_from_slice(trick);
    let ok = s.play(
        *hands,
        leader,
        cards,
        trick.len(),
        (leader + trick.len() as u8) & 3,
        None,
    );
    if ok {
        return None;
    }
    let start = s.line_len.saturating_sub(8);
    let mut out = Line {
        len: (s.line_len - start) as u8,
        moves: [(0, 0); 8],
    };
    out.moves[..s.line_len - start].copy_from_slice(&s.line[start..s.line_len]);
    Some(out)
}

/// Slots of the search's list of positions proven safe (a memo: when it is full, positions
/// are searched again, which changes nothing but time).
const SAFE_SLOTS: usize = 16;

/// The opponents' card classes while the soloist leads (see `claims._search_refutation`'s
/// `classes`): a class id per kind, the danger mask and the harmless-suit masks.
#[derive(Clone, Copy)]
struct Classes {
    /// The class of each kind as one bit: bit k for a dangerous kind k (its own class), bit
    /// 24 + suit for a harmless card told apart by suit, bit 29 for a plain discard.
    bit: [u32; 24],
    danger: u64,
    suits: [u64; 5],
    n_suits: usize,
}

struct Search<'a> {
    ctx: &'a ClaimCtx,
    soloist: u8,
    rule: u8,
    line: [(u8, u8); 64],
    line_len: usize,
    safe: [[u64; 6]; SAFE_SLOTS],
    safe_len: usize,
}

impl Search<'_> {
    /// The moves of `seat` holding `h` after `cards` of the trick, in the Python search's
    /// order: the soloist weakest first, opponents strongest first (stable on equal keys).
    fn moves(&self, seat: u8, h: u64, cards: &[u8], out: &mut [u8; 24]) -> usize {
        let o = self.ctx.order;
        let m = self.ctx.legal_mask(h, cards);
        let key = |k: u8| -> i32 {
            o.power[k as usize] as i32
                + if o.eff_suit[k as usize] == TRUMP {
                    200
                } else {
                    0
                }
        };
        let mut n = 0;
        let mut bits = m;
        while bits != 0 {
            let k = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            // stable insertion: ascending key for the soloist, descending for the others
            let kk = key(k);
            let mut i = n;
            while i > 0 {
                let prev = key(out[i - 1]);
                let before = if seat == self.soloist {
                    prev > kk
                } else {
                    prev < kk
                };
                if !before {
                    break;
                }
                out[i] = out[i - 1];
                i -= 1;
            }
            out[i] = k;
            n += 1;
        }
        n
    }

    fn classes(&self, mine: u64) -> Classes {
        let o = self.ctx.order;
        let mut weakest = [255u8; 5];
        let mut m = mine & KIND_MASK;
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            let st = o.eff_suit[k as usize] as usize;
            let w = weakest[st];
            if w == 255 || o.power[k as usize] < o.power[w as usize] {
                weakest[st] = k;
            }
        }
        let mut danger = 0u64;
        for &w in &weakest {
            if w != 255 {
                danger |= self.ctx.beaters[w as usize];
            }
        }
        let mut bit = [0u32; 24];
        for (k, c) in bit.iter_mut().enumerate() {
            let e = o.eff_suit[k];
            *c = if danger >> k & 1 != 0 {
                1 << k
            } else if weakest[e as usize] != 255 || e == TRUMP {
                1 << (24 + e)
            } else {
                1 << 29
            };
        }
        let mut suits = [0u64; 5];
        let mut n_suits = 0;
        for (st, &w) in weakest.iter().enumerate() {
            if w != 255 || st == TRUMP as usize {
                suits[n_suits] = o.follow[st] & !danger;
                n_suits += 1;
            }
        }
        Classes {
            bit,
            danger,
            suits,
            n_suits,
        }
    }

    fn is_safe(&self, key: &[u64; 6]) -> bool {
        self.safe[..self.safe_len].contains(key)
    }

    fn add_safe(&mut self, key: [u64; 6]) {
        if self.safe_len < SAFE_SLOTS {
            self.safe[self.safe_len] = key;
            self.safe_len += 1;
        }
    }

    /// A trick boundary with the soloist to lead: true if he wins every remaining trick.
    fn boundary(&mut self, hs: [u64; 4]) -> bool {
        let soloist = self.soloist;
        let mine = hs[soloist as usize];
        if mine == 0 {
            return true;
        }
        if quick_refutation(self.ctx, &hs, soloist, &[], soloist, None).is_some() {
            return false;
        }
        let c = self.classes(mine);
        let trumps = self.ctx.order.follow[TRUMP as usize];
        let mut held = 0u64;
        for (seat, &h) in hs.iter().enumerate() {
            if seat as u8 != soloist {
                held |= h;
            }
        }
        held &= KIND_MASK;
        if held & c.danger == 0 && (held & trumps == 0 || mine & !trumps & KIND_MASK == 0) {
            return true; // nobody can beat a card of the soloist, nor ruff one
        }
        // the key of Python's `safe` set, packed: the soloist's hand; per opponent its
        // dangerous cards (both copies) and its harmless cards counted per suit
        let mut key = [0u64; 6];
        key[0] = mine;
        let mut counts: u128 = 0;
        let mut slot = 1;
        for (seat, &h) in hs.iter().enumerate() {
            if seat as u8 == soloist {
                continue;
            }
            let lo = h & KIND_MASK;
            let hi = h >> 24;
            key[slot] = (lo & c.danger) | (hi & c.danger) << 24;
            slot += 1;
            let mut rest =
                h.count_ones() - (lo & c.danger).count_ones() - (hi & c.danger).count_ones();
            for &fm in &c.suits[..c.n_suits] {
                let cnt = (lo & fm).count_ones() + (hi & fm).count_ones();
                counts = counts << 5 | cnt as u128;
                rest -= cnt;
            }
            counts = counts << 5 | rest as u128;
        }
        key[4] = counts as u64;
        key[5] = (counts >> 64) as u64;
        if self.is_safe(&key) {
            return true;
        }
        if !self.play(hs, soloist, [0; 4], 0, soloist, Some(&c)) {
            return false;
        }
        self.add_safe(key);
        true
    }

    fn play(
        &mut self,
        hs: [u64; 4],
        lead: u8,
        cards: [u8; 4],
        n: usize,
        seat: u8,
        cls: Option<&Classes>,
    ) -> bool {
        if n == 4 {
            let last = hs.iter().all(|&h| h == 0);
            let best = self.ctx.order.trick_winner(&cards, self.rule, last) as u8;
            if (lead + best) & 3 != self.soloist {
                return false;
            }
            return self.boundary(hs);
        }
        let h = hs[seat as usize];
        let mut ms = [0u8; 24];
        let count = self.moves(seat, h, &cards[..n], &mut ms);
        let mut tried = 0u32; // the classes tried, as bits (see `Classes::bit`)
        for &k in &ms[..count] {
            if let Some(c) = cls {
                if seat != self.soloist {
                    let bit = c.bit[k as usize];
                    if tried & bit != 0 {
                        continue;
                    }
                    tried |= bit;
                }
            }
            let nh = if h >> (k + 24) & 1 != 0 {
                h ^ 1 << (k + 24)
            } else {
                h ^ 1 << k
            };
            let mut nhs = hs;
            nhs[seat as usize] = nh;
            let mut nc = cards;
            nc[n] = k;
            if self.line_len < self.line.len() {
                self.line[self.line_len] = (seat, k);
            }
            self.line_len += 1;
            if !self.play(nhs, lead, nc, n + 1, (seat + 1) & 3, cls) {
                return false;
            }
            self.line_len -= 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::*;
    use crate::order::NORMAL_ORDER;

    fn hand(kinds: &[u8]) -> u64 {
        kinds.iter().fold(0, |h, &k| hand_add(h, k).unwrap())
    }

    #[test]
    fn all_top_trumps_make_a_forced_claim_tsr_9_2_2() {
        // the soloist holds both Dullen and both ♣Q with two tricks to go: forced
        let ctx = ClaimCtx::new(NORMAL_ORDER, 0);
        let hands = [
            hand(&[TH, TH]),
            hand(&[kind(CLUBS, ACE), kind(SPADES, ACE)]),
            hand(&[QC, QC]),
            hand(&[kind(HEARTS, ACE), kind(HEARTS, KING)]),
        ];
        assert_eq!(claim_refutation(&ctx, &hands, 0, &[], 0, None), None);
        // the soloist with ♣Q ♣Q against the Dullen: refuted by the Dulle
        let line = claim_refutation(&ctx, &hands, 2, &[], 2, None).unwrap();
        assert_eq!(line.as_slice(), &[(2, QC), (0, TH)]);
    }

    #[test]
    fn a_plain_ace_can_be_ruffed() {
        // soloist 0 leads ♣A ♣A; seat 1 is void in clubs and holds a trump: refuted
        let ctx = ClaimCtx::new(NORMAL_ORDER, 0);
        let ac = kind(CLUBS, ACE);
        let hands = [
            hand(&[ac, ac]),
            hand(&[kind(DIAMONDS, NINE), kind(SPADES, NINE)]),
            hand(&[kind(CLUBS, NINE), kind(CLUBS, KING)]),
            hand(&[kind(CLUBS, NINE), kind(CLUBS, KING)]),
        ];
        let line = claim_refutation(&ctx, &hands, 0, &[], 0, None).unwrap();
        assert_eq!(line.as_slice()[1].0, 1);
        // with seat 1 holding no trump the claim is forced
        let hands2 = [
            hand(&[ac, ac]),
            hand(&[kind(SPADES, NINE), kind(SPADES, NINE)]),
            hand(&[kind(CLUBS, NINE), kind(CLUBS, KING)]),
            hand(&[kind(CLUBS, NINE), kind(CLUBS, KING)]),
        ];
        assert_eq!(claim_refutation(&ctx, &hands2, 0, &[], 0, None), None);
    }
}

#[cfg(test)]
mod oracle {
    //! The claim check against a plain exhaustive search (every legal continuation, no classes,
    //! no memo) on random endgames of every order and Dulle rule.
    use super::*;
    use crate::batch::{deal, Rng};
    use crate::game::{encode, ActionBuf, GameState, Rules, HEALTHY, PLAY, RESERVATION, SOLO_BASE};

    /// True if the soloist wins every remaining trick whatever anyone plays.
    fn forced(o: &CardOrder, rule: u8, hs: [u64; 4], soloist: u8, lead: u8, cards: &[u8]) -> bool {
        let n = cards.len();
        if n == 4 {
            let last = hs.iter().all(|&h| h == 0);
            let w = (lead + o.trick_winner(cards, rule, last) as u8) & 3;
            return w == soloist && (last || forced(o, rule, hs, soloist, w, &[]));
        }
        let seat = (lead + n as u8) & 3;
        let h = hs[seat as usize];
        let mut m = h & KIND_MASK;
        if n > 0 {
            let f = m & o.follow[o.eff_suit[cards[0] as usize] as usize];
            if f != 0 {
                m = f;
            }
        }
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            let mut nhs = hs;
            nhs[seat as usize] = crate::cards::hand_remove(h, k);
            let mut nc = [0u8; 4];
            nc[..n].copy_from_slice(cards);
            nc[n] = k;
            if !forced(o, rule, nhs, soloist, lead, &nc[..n + 1]) {
                return false;
            }
        }
        true
    }

    #[test]
    fn claims_agree_with_exhaustive_search_tsr_9_2_2() {
        let mut rng = Rng::new(2024);
        let mut buf = ActionBuf::new();
        let (mut forced_seen, mut refuted_seen) = (0, 0);
        for i in 0..1500u64 {
            let rules = Rules {
                dulle: (i % 3) as u8,
                dulle_moves: i % 5 == 0,
                picture_solos: 0b11111,
                ..Rules::TSR
            };
            // every solo kind, the picture solos of the house rules too
            let solo = (i % 12) as u8;
            let hands = deal(&mut rng, 0, true);
            let mut g = GameState::new(hands, 0, [false; 4], None, rules).unwrap();
            for s in [1u8, 2, 3, 0] {
                let code = if s == 1 { RESERVATION } else { HEALTHY };
                g.apply(encode(s, code) as i64).unwrap();
            }
            let code = if solo < 7 {
                SOLO_BASE + solo
            } else {
                crate::game::PICTURE_SOLO_BASE + solo - 7
            };
            g.apply(encode(1, code) as i64).unwrap();
            // play on at random to 1..4 tricks before the end, stopping anywhere in a trick
            let left = 1 + (i % 4) as usize;
            let stop_in_trick = (i / 4 % 4) as usize;
            while g.phase() == PLAY
                && (g.n_tricks() + left < 12
                    || g.trick().len() < stop_in_trick && g.n_tricks() + left == 12)
            {
                g.legal_plays(&mut buf);
                let a = buf.as_slice()[rng.below(buf.len())];
                g.apply(a as i64).unwrap();
            }
            if g.phase() != PLAY {
                continue;
            }
            let ctx = ClaimCtx::new(g.order_index(), rules.dulle);
            let rule = if ctx.dulle.is_none() {
                crate::order::DULLE_FIRST
            } else {
                rules.dulle
            };
            let want = forced(g.order(), rule, g.hands(), 1, g.trick_leader(), g.trick());
            let got = claim_refutation(&ctx, &g.hands(), 1, g.trick(), g.trick_leader(), None);
            assert_eq!(
                want,
                got.is_none(),
                "game {i}: hands {:?} trick {:?}",
                g.hands(),
                g.trick()
            );
            if want {
                forced_seen += 1;
            } else {
                refuted_seen += 1;
            }
            // and through the engine: the claim is listed exactly when it is forced
            let mut all = ActionBuf::new();
            g.legal_actions(None, &mut all);
            assert_eq!(
                all.as_slice().contains(&encode(1, crate::game::CLAIM)),
                want
            );
        }
        assert!(
            forced_seen > 50 && refuted_seen > 50,
            "{forced_seen} {refuted_seen}"
        );
    }
}
