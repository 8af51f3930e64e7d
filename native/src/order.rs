//! Game kinds' card orders (TSR 2.3) and the one trick-winner rule (TSR 5.3.3), the same
//! tables as `doko.engine.contracts.ORDERS` (indexes 0..18 in the same order).

use crate::cards::*;

/// The effective suit of a trump.
pub const TRUMP: u8 = 4;

pub const NORMAL_ORDER: usize = 0;
pub const HEARTS_ORDER: usize = 1;
pub const SPADES_ORDER: usize = 2;
pub const CLUBS_ORDER: usize = 3;
pub const QUEENS_ORDER: usize = 4;
pub const JACKS_ORDER: usize = 5;
pub const MEATLESS_ORDER: usize = 6;
pub const DIAMONDS_MOVED_ORDER: usize = 7;
pub const SPADES_MOVED_ORDER: usize = 8;
pub const CLUBS_MOVED_ORDER: usize = 9;
/// The picture solos (house rules, docs/rules.md "Weitere Soli"): Königssolo, Damen-Buben-,
/// Könige-Damen-, Könige-Buben-Solo, Köhler (orders 14..18).
pub const KINGS_ORDER: usize = 14;
pub const KOEHLER_ORDER: usize = 18;

/// The Dulle rule (`Rules.dulle`): the first of two ♥10 wins (TSR 5.3.3), or as house rules
/// the second, or the second except in the last trick.
pub const DULLE_FIRST: u8 = 0;
pub const DULLE_SECOND: u8 = 1;
pub const DULLE_SECOND_EXCEPT_LAST: u8 = 2;

/// One card order: effective suit (0..3 plain, [`TRUMP`]) and power of each kind (higher
/// beats lower, every trump above every plain card).
#[derive(Clone, Debug)]
pub struct CardOrder {
    pub trumps: Vec<u8>,
    pub eff_suit: [u8; NUM_KINDS],
    pub power: [u8; NUM_KINDS],
    /// `follow[s]`: the kinds (bits 0..23) that follow a lead of effective suit `s`.
    pub follow: [u64; 5],
    /// The Dulle (a ten as top trump) of this order, or `None`.
    pub dulle: Option<u8>,
}

impl CardOrder {
    fn new(trumps: Vec<u8>) -> CardOrder {
        let mut eff_suit = [0u8; NUM_KINDS];
        let mut power = [0u8; NUM_KINDS];
        for k in 0..NUM_KINDS as u8 {
            eff_suit[k as usize] = suit_of(k);
            power[k as usize] = rank_of(k);
        }
        let n = trumps.len() as u8;
        for (i, &k) in trumps.iter().enumerate() {
            eff_suit[k as usize] = TRUMP;
            power[k as usize] = 100 + n - i as u8;
        }
        let mut follow = [0u64; 5];
        for k in 0..NUM_KINDS {
            follow[eff_suit[k] as usize] |= 1 << k;
        }
        let dulle = trumps.first().copied().filter(|&k| rank_of(k) == TEN);
        CardOrder {
            trumps,
            eff_suit,
            power,
            follow,
            dulle,
        }
    }

    /// True if card `a` played after `b` (which leads or is winning) takes the trick; equal
    /// cards never beat (the first played ranks higher, TSR 5.3.3).
    #[inline]
    pub fn beats(&self, a: u8, b: u8) -> bool {
        let (sa, sb) = (self.eff_suit[a as usize], self.eff_suit[b as usize]);
        (sa == TRUMP && sb != TRUMP)
            || (sa == sb && self.power[a as usize] > self.power[b as usize])
    }

    /// Index of the card that wins `cards` (a trick, possibly unfinished) by TSR 5.3.3: the
    /// highest trump, else the highest card of the suit led; of two equal cards the first,
    /// unless the Dulle house rule (`dulle_rule` 1, or 2 outside the `last_trick`) lets a
    /// second ♥10 beat the first.
    #[inline]
    pub fn trick_winner(&self, cards: &[u8], dulle_rule: u8, last_trick: bool) -> usize {
        let led = self.eff_suit[cards[0] as usize];
        let (mut best, mut bp) = (0usize, self.power[cards[0] as usize]);
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let s = self.eff_suit[c as usize];
            if (s == led || s == TRUMP) && self.power[c as usize] > bp {
                best = i;
                bp = self.power[c as usize];
            }
        }
        if dulle_rule != DULLE_FIRST && !(last_trick && dulle_rule == DULLE_SECOND_EXCEPT_LAST) {
            if let Some(d) = self.dulle {
                if cards[best] == d {
                    if let Some(last) = cards.iter().rposition(|&c| c == d) {
                        best = last;
                    }
                }
            }
        }
        best
    }
}

fn suit_trumps(suit: u8, dulle_moves: bool) -> Vec<u8> {
    let queens = [CLUBS, SPADES, HEARTS, DIAMONDS].map(|s| kind(s, QUEEN));
    let jacks = [CLUBS, SPADES, HEARTS, DIAMONDS].map(|s| kind(s, JACK));
    let mut out = Vec::with_capacity(14);
    if dulle_moves && suit != HEARTS {
        // house rule: the trump suit's ten is the Dulle
        out.push(kind(suit, TEN));
        out.extend(queens);
        out.extend(jacks);
        out.extend([ACE, KING, NINE].map(|r| kind(suit, r)));
        return out;
    }
    out.push(TH);
    out.extend(queens);
    out.extend(jacks);
    if suit == HEARTS {
        out.extend([ACE, KING, NINE].map(|r| kind(suit, r)));
    } else {
        out.extend([ACE, TEN, KING, NINE].map(|r| kind(suit, r)));
    }
    out
}

/// A Farbsolo without the Dullen (house rule `solo_dullen = false`): queens, jacks, then the
/// trump suit's A 10 K 9 (the ♥10 by its suit).
fn suit_trumps_without_dullen(suit: u8) -> Vec<u8> {
    let mut out: Vec<u8> = [CLUBS, SPADES, HEARTS, DIAMONDS]
        .map(|s| kind(s, QUEEN))
        .to_vec();
    out.extend([CLUBS, SPADES, HEARTS, DIAMONDS].map(|s| kind(s, JACK)));
    out.extend([ACE, TEN, KING, NINE].map(|r| kind(suit, r)));
    out
}

/// The trumps of a picture solo: the `ranks` high to low (kings above queens above jacks),
/// each in the suit order ♣ ♠ ♥ ♦.
fn pictures(ranks: &[u8]) -> Vec<u8> {
    ranks
        .iter()
        .flat_map(|&r| [CLUBS, SPADES, HEARTS, DIAMONDS].map(|s| kind(s, r)))
        .collect()
}

/// How many card orders there are.
pub const N_ORDERS: usize = 19;

/// The card orders, indexed as `doko.engine.contracts.ORDERS`.
pub fn orders() -> &'static [CardOrder; N_ORDERS] {
    use std::sync::OnceLock;
    static ORDERS: OnceLock<[CardOrder; N_ORDERS]> = OnceLock::new();
    ORDERS.get_or_init(|| {
        [
            CardOrder::new(suit_trumps(DIAMONDS, false)), // TSR 2.3.4
            CardOrder::new(suit_trumps(HEARTS, false)),   // TSR 2.3.5
            CardOrder::new(suit_trumps(SPADES, false)),
            CardOrder::new(suit_trumps(CLUBS, false)),
            CardOrder::new(
                [CLUBS, SPADES, HEARTS, DIAMONDS]
                    .map(|s| kind(s, QUEEN))
                    .to_vec(),
            ), // TSR 2.3.6
            CardOrder::new(
                [CLUBS, SPADES, HEARTS, DIAMONDS]
                    .map(|s| kind(s, JACK))
                    .to_vec(),
            ),
            CardOrder::new(Vec::new()), // TSR 2.3.7
            CardOrder::new(suit_trumps(DIAMONDS, true)),
            CardOrder::new(suit_trumps(SPADES, true)),
            CardOrder::new(suit_trumps(CLUBS, true)),
            // house rule: Farbsoli without the Dullen (Karo, Herz, Pik, Kreuz)
            CardOrder::new(suit_trumps_without_dullen(DIAMONDS)),
            CardOrder::new(suit_trumps_without_dullen(HEARTS)),
            CardOrder::new(suit_trumps_without_dullen(SPADES)),
            CardOrder::new(suit_trumps_without_dullen(CLUBS)),
            // house rules: the picture solos (Königssolo ... Köhler)
            CardOrder::new(pictures(&[KING])),
            CardOrder::new(pictures(&[QUEEN, JACK])),
            CardOrder::new(pictures(&[KING, QUEEN])),
            CardOrder::new(pictures(&[KING, JACK])),
            CardOrder::new(pictures(&[KING, QUEEN, JACK])),
        ]
    })
}

// -- Schweinchen, Superschweinchen, Hyperschweinchen (house rules, issue 21, helper pigs) -----

/// The card orders with Schweinchen announced are numbered from here (`contracts.PIG_ORDER_BASE`):
/// `PIG_ORDER_BASE + 4 * base + level - 1` for a base order with an ace among its trumps (its
/// pig suit) and a pig level: 1 the aces on top, 2 the tens above them, 3 the nines above
/// those, 4 as 3 with the kings (without nines).
pub const PIG_ORDER_BASE: usize = 64;
/// Every index a card order may have: the fixed orders, then the Schweinchen orders.
pub const N_ORDER_SLOTS: usize = PIG_ORDER_BASE + 4 * N_ORDERS;

/// The ranks moved to the top at pig level 1..4, highest first (`contracts.PIG_RANKS`).
const PIG_RANKS: [&[u8]; 4] = [&[ACE], &[TEN, ACE], &[NINE, TEN, ACE], &[KING, TEN, ACE]];

/// The suit whose ace is a trump in `order` (`contracts.pig_suit`), if any.
pub fn pig_suit(order: &CardOrder) -> Option<u8> {
    order
        .trumps
        .iter()
        .find(|&&k| rank_of(k) == ACE)
        .map(|&k| suit_of(k))
}

/// The index of `base`'s card order with the pigs of `level` (1..4) on top
/// (`contracts.pig_order`), if that order exists.
pub fn pig_order(base: usize, level: u8) -> Option<usize> {
    let o = orders().get(base)?;
    if !(1..=4).contains(&level) || pig_suit(o).is_none() {
        return None;
    }
    Some(PIG_ORDER_BASE + 4 * base + level as usize - 1)
}

/// Every card order by index ([`N_ORDER_SLOTS`] slots; `None` where no order has that index).
fn all_orders() -> &'static [Option<CardOrder>] {
    use std::sync::OnceLock;
    static ALL: OnceLock<Vec<Option<CardOrder>>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out: Vec<Option<CardOrder>> = vec![None; N_ORDER_SLOTS];
        for (i, o) in orders().iter().enumerate() {
            out[i] = Some(o.clone());
            let Some(suit) = pig_suit(o) else { continue };
            for (l, ranks) in PIG_RANKS.iter().enumerate() {
                let pigs: Vec<u8> = ranks.iter().map(|&r| kind(suit, r)).collect();
                let mut trumps = pigs.clone();
                trumps.extend(o.trumps.iter().filter(|k| !pigs.contains(k)));
                let mut made = CardOrder::new(trumps);
                made.dulle = o.dulle; // the Schweinchen sit above the base order's Dulle
                out[PIG_ORDER_BASE + 4 * i + l] = Some(made);
            }
        }
        out
    })
}

/// The card order with index `i`: one of [`orders`] or a Schweinchen order
/// (`contracts.card_order`).
pub fn order_at(i: usize) -> Option<&'static CardOrder> {
    all_orders().get(i).and_then(Option::as_ref)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schweinchen_orders_put_the_pigs_on_top() {
        // docs/rules.md "Schweinchen": the two ♦A above the Dulle, the ♦10 above them, the ♦9
        // above those; the Dulle stays the ♥10 for the second-Dulle rule
        let codes = |i: usize| -> Vec<String> {
            order_at(i)
                .unwrap()
                .trumps
                .iter()
                .map(|&k| card_code(k))
                .collect()
        };
        let one = pig_order(NORMAL_ORDER, 1).unwrap();
        assert_eq!(one, PIG_ORDER_BASE);
        assert_eq!(&codes(one)[..3], ["AD", "TH", "QC"]);
        assert_eq!(&codes(one + 2)[..4], ["9D", "TD", "AD", "TH"]);
        assert_eq!(order_at(one + 1).unwrap().dulle, Some(TH));
        assert!(pig_order(QUEENS_ORDER, 1).is_none());
        assert!(order_at(PIG_ORDER_BASE + 4 * QUEENS_ORDER).is_none());
        assert!(order_at(N_ORDERS).is_none() && order_at(N_ORDER_SLOTS).is_none());
        // Herz-Solo: the trump suit's aces
        assert_eq!(
            &codes(pig_order(HEARTS_ORDER, 1).unwrap())[..2],
            ["AH", "TH"]
        );
    }

    #[test]
    fn normal_trumps_as_tsr_2_3_4() {
        let o = &orders()[NORMAL_ORDER];
        let codes: Vec<String> = o.trumps.iter().map(|&k| card_code(k)).collect();
        assert_eq!(
            codes,
            ["TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D"]
        );
        assert_eq!(o.dulle, Some(TH));
        assert_eq!(orders()[QUEENS_ORDER].dulle, None);
    }

    #[test]
    fn farbsolo_without_dullen() {
        // house rule (docs/rules.md "Weitere Soli"): Herz-Solo with the ♥10 as the suit's ten
        let o = &orders()[11];
        let codes: Vec<String> = o.trumps.iter().map(|&k| card_code(k)).collect();
        assert_eq!(
            codes,
            ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AH", "TH", "KH", "9H"]
        );
        assert_eq!(o.dulle, None);
        // in a Kreuz-Solo without Dullen the ♥10 is a plain heart below the ♥A
        let o = &orders()[13];
        assert!(o.beats(kind(HEARTS, ACE), TH));
        assert!(!o.trumps.contains(&TH));
    }

    #[test]
    fn picture_solos() {
        // Köhler (docs/rules.md "Weitere Soli"): kings, queens, jacks; the ♥10 a plain heart
        let o = &orders()[KOEHLER_ORDER];
        let codes: Vec<String> = o.trumps.iter().map(|&k| card_code(k)).collect();
        assert_eq!(
            codes,
            ["KC", "KS", "KH", "KD", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD"]
        );
        assert_eq!(o.dulle, None);
        assert!(o.beats(kind(DIAMONDS, JACK), kind(CLUBS, ACE)));
        // Königssolo: a queen is a plain card below the king's place, above the jack
        let o = &orders()[KINGS_ORDER];
        assert!(o.beats(kind(SPADES, QUEEN), kind(SPADES, JACK)));
        assert!(!o.beats(kind(SPADES, QUEEN), kind(SPADES, TEN)));
        assert!(o.beats(kind(DIAMONDS, KING), kind(SPADES, ACE)));
    }

    #[test]
    fn two_dullen_tsr_5_3_3_and_house_rules() {
        let o = &orders()[NORMAL_ORDER];
        assert_eq!(o.trick_winner(&[TH, TH, QC, QC], DULLE_FIRST, false), 0);
        assert_eq!(
            o.trick_winner(&[TH, kind(HEARTS, ACE), TH], DULLE_SECOND, false),
            2
        );
        assert_eq!(o.trick_winner(&[TH, TH], DULLE_SECOND_EXCEPT_LAST, true), 0);
        assert_eq!(
            o.trick_winner(&[TH, TH], DULLE_SECOND_EXCEPT_LAST, false),
            1
        );
    }
}
