//! Cards, Augen and hands (TSR 2.2), the same encoding as `doko.engine.cards`.
//!
//! A card *kind* is `suit * 6 + rank` with suits ♣ ♠ ♥ ♦ = 0..3 and ranks 9 J Q K 10 A = 0..5.
//! A hand is a bit set in a `u64`: bit `k` holds the first copy of kind `k`, bit `k + 24` the
//! second; the second-copy bit is only ever set together with the first.

pub const NUM_KINDS: usize = 24;
pub const CLUBS: u8 = 0;
pub const SPADES: u8 = 1;
pub const HEARTS: u8 = 2;
pub const DIAMONDS: u8 = 3;
pub const NINE: u8 = 0;
pub const JACK: u8 = 1;
pub const QUEEN: u8 = 2;
pub const KING: u8 = 3;
pub const TEN: u8 = 4;
pub const ACE: u8 = 5;

/// Bits of the first copies (the kinds a hand holds at least once).
pub const KIND_MASK: u64 = (1 << NUM_KINDS) - 1;

/// Augen by rank (TSR 2.2.2): 9 0, J 2, Q 3, K 4, 10 10, A 11.
pub const RANK_EYES: [u8; 6] = [0, 2, 3, 4, 10, 11];

/// Augen of each kind.
pub const EYES: [u8; NUM_KINDS] = {
    let mut out = [0u8; NUM_KINDS];
    let mut k = 0;
    while k < NUM_KINDS {
        out[k] = RANK_EYES[k % 6];
        k += 1;
    }
    out
};

pub const fn kind(suit: u8, rank: u8) -> u8 {
    suit * 6 + rank
}

pub const fn suit_of(k: u8) -> u8 {
    k / 6
}

pub const fn rank_of(k: u8) -> u8 {
    k % 6
}

/// Kreuz-Dame (the "Alten").
pub const QC: u8 = kind(CLUBS, QUEEN);
/// Herz-Zehn (the Dulle).
pub const TH: u8 = kind(HEARTS, TEN);
/// Karo-Ass (the Fuchs).
pub const AD: u8 = kind(DIAMONDS, ACE);
/// Kreuz-Bube (the Karlchen).
pub const JC: u8 = kind(CLUBS, JACK);
/// Karo-König: the Genscher's card (house rule).
pub const KD: u8 = kind(DIAMONDS, KING);

const SUIT_CHARS: [char; 4] = ['C', 'S', 'H', 'D'];
const RANK_CHARS: [char; 6] = ['9', 'J', 'Q', 'K', 'T', 'A'];

/// Rank + suit code, e.g. `"QC"` (as in records).
pub fn card_code(k: u8) -> String {
    let mut s = String::with_capacity(2);
    s.push(RANK_CHARS[(k % 6) as usize]);
    s.push(SUIT_CHARS[(k / 6) as usize]);
    s
}

/// `hand` with one more card of kind `k` (`None` if it already holds both copies).
#[inline]
pub fn hand_add(hand: u64, k: u8) -> Option<u64> {
    if hand >> k & 1 == 0 {
        Some(hand | 1 << k)
    } else if hand >> (k + 24) & 1 == 0 {
        Some(hand | 1 << (k + 24))
    } else {
        None
    }
}

/// `hand` with one card of kind `k` less (the caller checks that it holds one).
#[inline]
pub fn hand_remove(hand: u64, k: u8) -> u64 {
    if hand >> (k + 24) & 1 != 0 {
        hand ^ 1 << (k + 24)
    } else {
        hand ^ 1 << k
    }
}

/// How many copies (0..2) of kind `k` the hand holds.
#[inline]
pub fn hand_count(hand: u64, k: u8) -> u32 {
    ((hand >> k & 1) + (hand >> (k + 24) & 1)) as u32
}

/// Number of cards in the hand.
#[inline]
pub fn hand_size(hand: u64) -> u32 {
    hand.count_ones()
}

/// The index of the `i`-th set bit of `bits` (0 the lowest), e.g. the `i`-th legal card of a
/// play mask in kind order; 64 if `bits` has no more than `i` set bits.
#[inline]
pub fn nth_set_bit(mut bits: u64, mut i: usize) -> u32 {
    while i > 0 && bits != 0 {
        bits &= bits - 1;
        i -= 1;
    }
    bits.trailing_zeros()
}

/// Augen in a hand.
pub fn hand_eyes(hand: u64) -> u32 {
    let mut eyes = 0u32;
    let mut bits = hand;
    while bits != 0 {
        let b = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        eyes += EYES[(b % 24) as usize] as u32;
    }
    eyes
}

/// The cards of a hand as kinds in kind order, duplicates repeated.
pub fn hand_kinds(hand: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(12);
    for k in 0..NUM_KINDS as u8 {
        for _ in 0..hand_count(hand, k) {
            out.push(k);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eyes_of_the_deck_are_240() {
        // TSR 2.2.2: the 48 cards hold 240 Augen
        let full: u64 = (1 << 48) - 1;
        assert_eq!(hand_eyes(full), 240);
        assert_eq!(hand_size(full), 48);
    }

    #[test]
    fn add_and_remove_keep_the_copy_invariant() {
        let h = hand_add(0, QC).unwrap();
        let h2 = hand_add(h, QC).unwrap();
        assert_eq!(hand_count(h2, QC), 2);
        assert!(hand_add(h2, QC).is_none());
        assert_eq!(hand_remove(h2, QC), h);
        assert_eq!(card_code(TH), "TH");
        assert_eq!(hand_kinds(h2), vec![QC, QC]);
    }

    #[test]
    fn nth_set_bit_walks_the_set_bits_from_the_lowest() {
        let m = 0b1011_0100u64 | 1 << 47;
        let got: Vec<u32> = (0..6).map(|i| nth_set_bit(m, i)).collect();
        assert_eq!(got, vec![2, 4, 5, 7, 47, 64]);
        assert_eq!(nth_set_bit(0, 0), 64);
    }
}
