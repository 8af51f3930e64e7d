//! A fast card-play heuristic for playouts in which every hand is known (a sampled world, or
//! the real deal in a benchmark). It only chooses among the legal cards it is given, so the
//! rules (TSR 5.2: follow suit) stay the engine's business.
//!
//! Following a trick, the seat on turn asks whether its party already holds the trick for sure
//! (no opponent still to play can beat the winning card): then it throws its fattest card
//! (most Augen, the lowest of equals). Otherwise it plays the cheapest card that wins the trick
//! for sure, else the cheapest card that wins it for now when it is the last to play, else it
//! throws its leanest card. Leading, it plays a card no opponent can beat if it has one (the
//! cheapest such), else a plain ace of a suit every opponent still has to follow, else its
//! leanest card. All cards are known, so "for sure" is exact for the trick at hand.

use crate::cards::{EYES, KIND_MASK, NUM_KINDS};
use crate::order::{CardOrder, DULLE_FIRST, DULLE_SECOND_EXCEPT_LAST, TRUMP};

/// The position the heuristic sees: the card order and Dulle rule of the game, the hands, the
/// unfinished trick, its leader and the parties.
pub struct Table<'a> {
    pub order: &'a CardOrder,
    pub dulle_rule: u8,
    /// True while the last trick of the game is played (the Dulle house rule may differ).
    pub last_trick: bool,
    pub hands: &'a [u64; 4],
    pub trick: &'a [u8],
    pub leader: u8,
    pub is_re: [bool; 4],
}

impl Table<'_> {
    /// True if `a`, played after `b` (which leads or wins so far), takes the trick (TSR 5.3.3;
    /// with the house rule a second Dulle beats the first).
    #[inline]
    fn wins_over(&self, a: u8, b: u8) -> bool {
        if self.order.beats(a, b) {
            return true;
        }
        a == b
            && self.order.dulle == Some(a)
            && self.dulle_rule != DULLE_FIRST
            && !(self.last_trick && self.dulle_rule == DULLE_SECOND_EXCEPT_LAST)
    }

    /// The kinds `seat` may play on a trick led with effective suit `led` (`None`: it leads).
    #[inline]
    fn legal_for(&self, seat: usize, led: Option<u8>) -> u64 {
        let held = self.hands[seat] & KIND_MASK;
        match led {
            Some(s) => {
                let f = held & self.order.follow[s as usize];
                if f != 0 {
                    f
                } else {
                    held
                }
            }
            None => held,
        }
    }

    /// True if an opponent of `seat` playing after position `pos` of the trick (0-based, the
    /// position `seat` plays at) can beat `card`, were it the winning card.
    fn opponent_can_beat(&self, seat: usize, pos: usize, card: u8, led: u8) -> bool {
        for later in pos + 1..4 {
            let t = (self.leader as usize + later) & 3;
            if self.is_re[t] == self.is_re[seat] {
                continue;
            }
            let mut m = self.legal_for(t, Some(led));
            while m != 0 {
                let k = m.trailing_zeros() as u8;
                m &= m - 1;
                if self.wins_over(k, card) {
                    return true;
                }
            }
        }
        false
    }

    /// The card the seat on turn plays, from `legal` (a non-empty kind mask, bits 0..23).
    pub fn choose(&self, legal: u64) -> u8 {
        debug_assert!(legal != 0 && legal & !KIND_MASK == 0);
        let seat = (self.leader as usize + self.trick.len()) & 3;
        if self.trick.is_empty() {
            return self.lead(seat, legal);
        }
        let pos = self.trick.len();
        let led = self.order.eff_suit[self.trick[0] as usize];
        let best = self
            .order
            .trick_winner(self.trick, self.dulle_rule, self.last_trick);
        let best_card = self.trick[best];
        let winner = (self.leader as usize + best) & 3;
        if self.is_re[winner] == self.is_re[seat]
            && !self.opponent_can_beat(seat, pos, best_card, led)
        {
            return self.fattest(legal);
        }
        let mut sure = 0u64;
        let mut for_now = 0u64;
        let mut m = legal;
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            if self.wins_over(k, best_card) {
                for_now |= 1 << k;
                if !self.opponent_can_beat(seat, pos, k, led) {
                    sure |= 1 << k;
                }
            }
        }
        if sure != 0 {
            return self.cheapest(sure);
        }
        if for_now != 0 && pos == 3 {
            return self.cheapest(for_now);
        }
        self.leanest(legal)
    }

    fn lead(&self, seat: usize, legal: u64) -> u8 {
        let mut unbeatable = 0u64;
        let mut m = legal;
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            let led = self.order.eff_suit[k as usize];
            if !self.opponent_can_beat(seat, 0, k, led) {
                unbeatable |= 1 << k;
            }
        }
        if unbeatable != 0 {
            return self.cheapest(unbeatable);
        }
        // a plain ace where every opponent still has to follow (none can trump it)
        for k in 0..NUM_KINDS as u8 {
            if legal >> k & 1 == 0 || k % 6 != crate::cards::ACE {
                continue;
            }
            let suit = self.order.eff_suit[k as usize];
            if suit == TRUMP {
                continue;
            }
            let all_follow = (0..4).all(|t| {
                t == seat
                    || self.is_re[t] == self.is_re[seat]
                    || self.hands[t] & KIND_MASK & self.order.follow[suit as usize] != 0
            });
            if all_follow {
                return k;
            }
        }
        self.leanest(legal)
    }

    /// The lowest-power card of `mask` (plain cards below trumps), for winning cheaply.
    fn cheapest(&self, mask: u64) -> u8 {
        self.pick(mask, |k| {
            (self.order.power[k as usize] as i32, EYES[k as usize] as i32)
        })
    }

    /// The card with the fewest Augen, the lowest power of equals.
    fn leanest(&self, mask: u64) -> u8 {
        self.pick(mask, |k| {
            (EYES[k as usize] as i32, self.order.power[k as usize] as i32)
        })
    }

    /// The card with the most Augen, the lowest power of equals.
    fn fattest(&self, mask: u64) -> u8 {
        self.pick(mask, |k| {
            (
                -(EYES[k as usize] as i32),
                self.order.power[k as usize] as i32,
            )
        })
    }

    #[inline]
    fn pick(&self, mask: u64, key: impl Fn(u8) -> (i32, i32)) -> u8 {
        let mut m = mask;
        let mut best = m.trailing_zeros() as u8;
        let mut best_key = key(best);
        m &= m - 1;
        while m != 0 {
            let k = m.trailing_zeros() as u8;
            m &= m - 1;
            let kk = key(k);
            if kk < best_key {
                best = k;
                best_key = kk;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::*;
    use crate::order::{orders, NORMAL_ORDER};

    fn hand(kinds: &[u8]) -> u64 {
        kinds.iter().fold(0, |h, &k| hand_add(h, k).unwrap())
    }

    const AH: u8 = kind(HEARTS, ACE);
    const KH: u8 = kind(HEARTS, KING);
    const NH: u8 = kind(HEARTS, NINE);
    const AC: u8 = kind(CLUBS, ACE);
    const TC: u8 = kind(CLUBS, TEN);
    const NC: u8 = kind(CLUBS, NINE);
    const QS: u8 = kind(SPADES, QUEEN);
    const JD: u8 = kind(DIAMONDS, JACK);

    fn table<'a>(hands: &'a [u64; 4], trick: &'a [u8], is_re: [bool; 4]) -> Table<'a> {
        Table {
            order: &orders()[NORMAL_ORDER],
            dulle_rule: DULLE_FIRST,
            last_trick: false,
            hands,
            trick,
            leader: 0,
            is_re,
        }
    }

    #[test]
    fn partner_holds_the_trick_so_throw_the_fattest_card() {
        // seat 0 (Re) led ♣A, seat 1 (Kontra) followed ♣9; seat 2 (Re) must follow clubs and
        // seat 3 (Kontra) has only clubs: the trick is Re's for sure, seat 2 throws the ♣10
        let hands = [0, 0, hand(&[TC, NC]), hand(&[NC])];
        let t = table(&hands, &[AC, NC], [true, false, true, false]);
        assert_eq!(t.choose(hand(&[TC, NC]) & KIND_MASK), TC);
    }

    #[test]
    fn win_cheaply_for_sure_or_throw_the_leanest() {
        // seat 1 (Kontra) on ♥K led by seat 0 (Re); seat 3 (Re) can still trump with ♠Q
        let hands = [0, hand(&[AH, NH, JD]), hand(&[NH]), hand(&[QS])];
        let t = table(&hands, &[KH], [true, false, false, true]);
        // the ♥A would be trumped: no sure win; not last to play: throw the ♥9
        assert_eq!(t.choose(hand(&[AH, NH]) & KIND_MASK), NH);
        // with seat 3 on Kontra's side the ♥A wins for sure and is the cheapest winner
        let t = table(&hands, &[KH], [true, false, false, false]);
        assert_eq!(t.choose(hand(&[AH, NH]) & KIND_MASK), AH);
    }

    #[test]
    fn lead_an_unbeatable_card_then_a_safe_ace() {
        // seat 0 holds the ♥10 (top trump; the other is played out) and ♣A
        let hands = [hand(&[TH, AC]), hand(&[NC, JD]), hand(&[TC]), hand(&[NC])];
        let t = table(&hands, &[], [true, false, false, false]);
        assert_eq!(t.choose(hands[0] & KIND_MASK), AC);
        // ♣A cannot be beaten either (everyone follows clubs); power: the ace is cheaper
        let hands = [hand(&[AC, NH]), hand(&[JD]), hand(&[TC]), hand(&[NC])];
        let t = table(&hands, &[], [true, false, false, false]);
        // seat 1 is void in clubs and trumps with ♦J: no unbeatable card, no safe ace
        assert_eq!(t.choose(hands[0] & KIND_MASK), NH);
    }
}
