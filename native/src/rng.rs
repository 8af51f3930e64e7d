//! Random numbers: a bit-exact CPython `random.Random` (MT19937) for the deal, so that the same
//! seed deals the same hands under both backends, and a small fast generator (xoshiro256**,
//! seeded by SplitMix64) for the batch APIs, where no Python compatibility is needed.
//!
//! CPython seeds `random.Random(n)` for an int `n` from `|n|`: it splits the absolute value into
//! 32-bit words, least significant first (`0` is the one word `0`), and runs MT19937's
//! `init_by_array` over them (`random_seed` in `Modules/_randommodule.c`). [`seed_key`] builds
//! those words from a magnitude given as little-endian bytes; [`Mt19937::from_u64`] and
//! [`Mt19937::from_i64`] are the shortcuts for machine ints.

use crate::cards::NUM_KINDS;

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;
/// `init_genrand(19650218)`, the fixed start of every `init_by_array`.
static INIT_19650218: [u32; N] = Mt19937::init_genrand(19_650_218);

/// MT19937 exactly as CPython's `_random.Random` runs it, with the methods of `random.Random`
/// that the deal uses (`getrandbits`, `_randbelow`, `shuffle`, `randint`).
#[derive(Clone)]
pub struct Mt19937 {
    state: [u32; N],
    index: usize,
}

impl std::fmt::Debug for Mt19937 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mt19937")
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

/// The 32-bit words CPython seeds MT19937 with for the int whose absolute value has the
/// little-endian bytes `magnitude` (trailing zero bytes allowed): least significant word first,
/// no zero words on top, and the one word `0` for zero.
pub fn seed_key(magnitude: &[u8]) -> Vec<u32> {
    let mut key: Vec<u32> = magnitude
        .chunks(4)
        .map(|chunk| {
            chunk
                .iter()
                .enumerate()
                .fold(0u32, |word, (i, &b)| word | u32::from(b) << (8 * i))
        })
        .collect();
    while key.len() > 1 && key.last() == Some(&0) {
        key.pop();
    }
    if key.is_empty() {
        key.push(0);
    }
    key
}

impl Mt19937 {
    /// The state after `init_genrand(s)` (MT19937's basic seeding; CPython only uses it, with
    /// the constant 19650218, as the first step of `init_by_array`).
    const fn init_genrand(s: u32) -> [u32; N] {
        let mut state = [0u32; N];
        state[0] = s;
        let mut i = 1;
        while i < N {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
            i += 1;
        }
        state
    }

    /// `random.Random(n)` for the int whose 32-bit words (least significant first) are `key`;
    /// see [`seed_key`]. An empty key is treated as `[0]`.
    pub fn from_key(key: &[u32]) -> Mt19937 {
        let key: &[u32] = if key.is_empty() { &[0] } else { key };
        let mut mt = Mt19937 {
            state: INIT_19650218,
            index: N,
        };
        let mt_state = &mut mt.state;
        // `prev` is word i - 1, kept in a register (after a wrap word 0 is a copy of word 623,
        // the word just written, so it carries over unchanged)
        let (mut i, mut j) = (1usize, 0usize);
        let mut prev = mt_state[0];
        for _ in 0..N.max(key.len()) {
            prev = (mt_state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            mt_state[i] = prev;
            i += 1;
            j += 1;
            if i >= N {
                mt_state[0] = prev;
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            prev = (mt_state[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            mt_state[i] = prev;
            i += 1;
            if i >= N {
                mt_state[0] = prev;
                i = 1;
            }
        }
        mt_state[0] = 0x8000_0000; // MSB is 1, assuring a non-zero initial array
        mt
    }

    /// `random.Random(n)` for `0 <= n < 2**64`.
    pub fn from_u64(n: u64) -> Mt19937 {
        Mt19937::from_key(&seed_key(&n.to_le_bytes()))
    }

    /// `random.Random(n)` for a machine int `n` (CPython seeds from `|n|`).
    pub fn from_i64(n: i64) -> Mt19937 {
        Mt19937::from_u64(n.unsigned_abs())
    }

    /// The next 32-bit output (`genrand_uint32`). The twist is done one word at a time, just
    /// before the word is used: word `kk` of the new block depends on words `kk + 1` and
    /// `kk + 397` (mod 624) as they stand at that moment, exactly as in MT19937's in-place loop,
    /// so the outputs are the same, and a deal (about 70 words) does not pay for all 624.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.index = 0;
        }
        let kk = self.index;
        let next = if kk + 1 < N { kk + 1 } else { 0 };
        let far = if kk + M < N { kk + M } else { kk + M - N };
        let y = (self.state[kk] & UPPER_MASK) | (self.state[next] & LOWER_MASK);
        let mag = if y & 1 == 0 { 0 } else { MATRIX_A };
        let word = self.state[far] ^ (y >> 1) ^ mag;
        self.state[kk] = word;
        self.index += 1;
        let mut y = word;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `getrandbits(k)` for `0 <= k <= 64` (CPython: 32-bit words, least significant first,
    /// the last word's surplus low bits dropped).
    ///
    /// # Panics
    /// If `k > 64` (the deal needs at most 6 bits).
    pub fn getrandbits(&mut self, k: u32) -> u64 {
        assert!(k <= 64, "getrandbits: at most 64 bits here, not {k}");
        match k {
            0 => 0,
            1..=32 => u64::from(self.next_u32() >> (32 - k)),
            _ => {
                let low = u64::from(self.next_u32());
                let high = u64::from(self.next_u32() >> (64 - k));
                low | high << 32
            }
        }
    }

    /// `_randbelow(n)`: uniform in `0..n` by rejection on `getrandbits(n.bit_length())`.
    /// `n == 0` gives 0 without drawing (CPython never asks for it: `randrange` refuses an
    /// empty range first).
    pub fn randbelow(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let k = 64 - n.leading_zeros();
        loop {
            let r = self.getrandbits(k);
            if r < n {
                return r;
            }
        }
    }

    /// `randint(a, b)` (= `randrange(a, b + 1)`) for `a <= b`.
    ///
    /// # Panics
    /// If `a > b` (Python raises `ValueError` there).
    pub fn randint(&mut self, a: i64, b: i64) -> i64 {
        assert!(a <= b, "randint: empty range {a}..={b}");
        let width = b.abs_diff(a) + 1;
        a.wrapping_add_unsigned(self.randbelow(width))
    }

    /// `shuffle(x)`: for `i` from `len - 1` down to 1, swap `x[i]` with `x[_randbelow(i + 1)]`.
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        for i in (1..x.len()).rev() {
            let j = self.randbelow(i as u64 + 1) as usize;
            x.swap(i, j);
        }
    }
}

/// Four hands (bit sets as in [`crate::cards`]) dealt from `rng` by TSR 3.3, exactly as
/// `doko.engine.game.deal_hands`: the deck in kind order (each kind twice; without nines the 40
/// cards without them), shuffled, cut at `randint(3, len - 3)` (TSR 3.3.5), then dealt in
/// packets of 3 (3-4-3 without nines), starting left of `dealer`.
pub fn deal_with(rng: &mut Mt19937, dealer: u8, nines: bool) -> [u64; 4] {
    let mut cards = [0u8; 2 * NUM_KINDS];
    let mut len = 0;
    for k in 0..NUM_KINDS as u8 {
        if nines || k % 6 != 0 {
            cards[len] = k;
            cards[len + 1] = k;
            len += 2;
        }
    }
    let cards = &mut cards[..len];
    rng.shuffle(cards);
    let cut = rng.randint(3, len as i64 - 3) as usize;
    cards.rotate_left(cut);
    let packets: &[usize] = if nines { &[3, 3, 3, 3] } else { &[3, 4, 3] };
    let mut hands = [0u64; 4];
    let mut pos = 0;
    for &size in packets {
        for i in 0..4u8 {
            let seat = usize::from(dealer.wrapping_add(1 + i) & 3);
            for &k in &cards[pos..pos + size] {
                let h = hands[seat];
                hands[seat] = if h >> k & 1 == 1 {
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

/// `deal_hands(seed, dealer, nines)` for the int seed whose CPython seed words are `key`
/// (see [`seed_key`]); `dealer` is taken mod 4 as in Python (`& 3`).
pub fn deal_hands_key(key: &[u32], dealer: u8, nines: bool) -> [u64; 4] {
    deal_with(&mut Mt19937::from_key(key), dealer, nines)
}

/// `deal_hands(seed, dealer, nines)` for a machine-int seed.
pub fn deal_hands(seed: i64, dealer: u8, nines: bool) -> [u64; 4] {
    deal_with(&mut Mt19937::from_i64(seed), dealer, nines)
}

// ------------------------------------------------------------------------------ fast RNG

/// SplitMix64: one 64-bit state, used to seed [`Xoshiro256`] (and fine on its own for a few
/// numbers).
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// xoshiro256**: the fast generator of the batch APIs (not Python-compatible).
#[derive(Clone, Debug)]
pub struct Xoshiro256 {
    s: [u64; 4],
}

impl Xoshiro256 {
    /// A generator whose state is four SplitMix64 outputs from `seed` (never all zero).
    pub fn new(seed: u64) -> Xoshiro256 {
        let mut sm = SplitMix64::new(seed);
        let s = [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()];
        Xoshiro256 { s }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// Uniform in `0..n` (`n >= 1`), unbiased (Lemire's multiply-and-reject); 0 for `n == 0`.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// Uniform in `0..n` for small `n` (an index into a slice).
    #[inline]
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// True with probability `num / den` (`den >= 1`).
    #[inline]
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// A uniform random element index of a non-empty bit set: the position of one of its set
    /// bits, each equally likely; `None` for 0.
    #[inline]
    pub fn pick_bit(&mut self, bits: u64) -> Option<u32> {
        if bits == 0 {
            return None;
        }
        let n = self.below(u64::from(bits.count_ones()));
        Some(crate::cards::nth_set_bit(bits, n as usize))
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, x: &mut [T]) {
        for i in (1..x.len()).rev() {
            let j = self.index(i + 1);
            x.swap(i, j);
        }
    }

    /// A uniformly random deal of the four hands (12 cards each, or 10 without nines: the
    /// shuffled deck's quarters, the first to the seat left of `dealer`): fast and not
    /// Python-compatible, for the batch APIs.
    pub fn deal(&mut self, dealer: u8, nines: bool) -> [u64; 4] {
        let mut cards = [0u8; 2 * NUM_KINDS];
        let mut len = 0;
        for k in 0..NUM_KINDS as u8 {
            if nines || k % 6 != 0 {
                cards[len] = k;
                cards[len + 1] = k;
                len += 2;
            }
        }
        let cards = &mut cards[..len];
        self.shuffle(cards);
        let per = len / 4;
        let mut hands = [0u64; 4];
        for (i, chunk) in cards.chunks(per).enumerate() {
            let seat = usize::from(dealer.wrapping_add(1 + i as u8) & 3);
            for &k in chunk {
                let h = hands[seat];
                hands[seat] = if h >> k & 1 == 1 {
                    h | 1 << (k + 24)
                } else {
                    h | 1 << k
                };
            }
        }
        hands
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first3(mut mt: Mt19937) -> [u32; 3] {
        [mt.next_u32(), mt.next_u32(), mt.next_u32()]
    }

    // Reference values: CPython 3.11.7, `r = random.Random(seed); [r.getrandbits(32) ...]`.
    #[test]
    fn matches_cpython_getrandbits32() {
        assert_eq!(
            first3(Mt19937::from_u64(5489)),
            [3382763572, 956215839, 417760592]
        );
        assert_eq!(
            first3(Mt19937::from_u64(0)),
            [3626764237, 1654615998, 3255389356]
        );
        assert_eq!(
            first3(Mt19937::from_i64(1)),
            [577090037, 2444712010, 3639700191]
        );
        assert_eq!(
            first3(Mt19937::from_i64(-1)),
            [577090037, 2444712010, 3639700191]
        );
        assert_eq!(
            first3(Mt19937::from_u64(1 << 32)),
            [485306839, 1508871100, 1794561286]
        );
        assert_eq!(
            first3(Mt19937::from_u64(u64::MAX)),
            [93740670, 1068495656, 1452108352]
        );
    }

    #[test]
    fn big_seeds_use_all_words() {
        // 2**70 and -(2**70) + 3 (magnitude 2**70 - 3), as CPython seeds them
        let two70 = seed_key(&[0, 0, 0, 0, 0, 0, 0, 0, 0x40]);
        assert_eq!(two70, vec![0, 0, 0x40]);
        assert_eq!(
            first3(Mt19937::from_key(&two70)),
            [999817988, 4080621250, 1782696399]
        );
        let mut m = [0xffu8; 9];
        m[0] = 0xfd;
        m[8] = 0x3f;
        assert_eq!(
            first3(Mt19937::from_key(&seed_key(&m))),
            [203866414, 3149649658, 1601169674]
        );
    }

    #[test]
    fn seed_key_words() {
        assert_eq!(seed_key(&[]), vec![0]);
        assert_eq!(seed_key(&[0, 0, 0, 0, 0]), vec![0]);
        assert_eq!(seed_key(&[1, 2, 3, 4, 5]), vec![0x0403_0201, 5]);
        assert_eq!(seed_key(&(1u64 << 32).to_le_bytes()), vec![0, 1]);
    }

    #[test]
    fn getrandbits_and_randbelow_match_cpython() {
        // r = random.Random(42); r.getrandbits(1), (7), (33), (64), then getrandbits(0) == 0
        let mut r = Mt19937::from_u64(42);
        assert_eq!(r.getrandbits(1), 1);
        assert_eq!(r.getrandbits(7), 14);
        assert_eq!(r.getrandbits(33), 4402387665);
        assert_eq!(r.getrandbits(64), 4517457392071889495);
        // r = random.Random(42); [r._randbelow(n) for n in (1, 2, 3, 10, 48, 1000, 2**40 + 1)]
        let mut r = Mt19937::from_u64(42);
        let got: Vec<u64> = [1, 2, 3, 10, 48, 1000, (1 << 40) + 1]
            .iter()
            .map(|&n| r.randbelow(n))
            .collect();
        assert_eq!(got, vec![0, 0, 2, 4, 15, 228, 191320892468]);
    }

    #[test]
    fn shuffle_and_randint_match_cpython() {
        // r = random.Random(7); x = list(range(10)); r.shuffle(x); r.randint(3, 45)
        let mut r = Mt19937::from_u64(7);
        let mut x: Vec<u32> = (0..10).collect();
        r.shuffle(&mut x);
        assert_eq!(x, vec![8, 3, 1, 4, 7, 0, 9, 6, 2, 5]);
        assert_eq!(r.randint(3, 45), 35);
    }

    #[test]
    fn deals_match_python() {
        // [hex(h) for h in doko.engine.game.deal_hands(seed, dealer, nines)]
        assert_eq!(
            deal_hands(1, 0, true),
            [0x10006c9274, 0x92cdca, 0xf6f05, 0xf120bb]
        );
        assert_eq!(
            deal_hands(1, 1, false),
            [0x2100c06928, 0x86414286, 0x108000388838, 0x20400ab0610]
        );
        assert_eq!(
            deal_hands(-5, 0, true),
            [0x302a907a, 0x4001176381, 0xf1168e, 0x800ccad44]
        );
        assert_eq!(
            deal_hands(5, 0, false),
            [0x4400e84e00, 0x800043891c, 0x80b021ac, 0x21b2232]
        );
        let two70 = seed_key(&[0, 0, 0, 0, 0, 0, 0, 0, 0x40]);
        assert_eq!(
            deal_hands_key(&two70, 1, true),
            [0x4100004f14c2, 0x2024f139, 0x900004b00cc5, 0x2000aeb1a]
        );
    }

    fn check_deal(hands: [u64; 4], nines: bool) {
        let size = if nines { 12 } else { 10 };
        let mut seen = [0u32; NUM_KINDS];
        for h in hands {
            assert_eq!(h.count_ones(), size);
            for (k, count) in seen.iter_mut().enumerate() {
                *count += (h >> k & 1) as u32 + (h >> (k + 24) & 1) as u32;
                assert!(h >> (k + 24) & 1 == 0 || h >> k & 1 == 1);
            }
        }
        for (k, &n) in seen.iter().enumerate() {
            assert_eq!(n, if nines || k % 6 != 0 { 2 } else { 0 });
        }
    }

    #[test]
    fn every_deal_is_a_partition_of_the_deck() {
        for seed in 0..200 {
            for nines in [true, false] {
                check_deal(deal_hands(seed, (seed % 4) as u8, nines), nines);
                check_deal(Xoshiro256::new(seed as u64).deal(0, nines), nines);
            }
        }
    }

    #[test]
    fn xoshiro_reference_and_ranges() {
        // xoshiro256** from the state [1, 2, 3, 4] (values computed here with a transcription
        // of the published algorithm in Python)
        let mut x = Xoshiro256 { s: [1, 2, 3, 4] };
        let got: Vec<u64> = (0..4).map(|_| x.next_u64()).collect();
        assert_eq!(got, vec![11520, 0, 1509978240, 1215971899390074240]);
        // SplitMix64 from 0: its first output (computed the same way)
        assert_eq!(SplitMix64::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
        let mut r = Xoshiro256::new(9);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.index(6)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
        for _ in 0..1000 {
            let b = r.pick_bit(0b1011_0000).unwrap();
            assert!([4, 5, 7].contains(&b));
        }
        assert_eq!(r.pick_bit(0), None);
        assert_eq!(r.below(0), 0);
    }
}
