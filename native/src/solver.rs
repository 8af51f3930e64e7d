//! The double-dummy solver: Re's Augen with best play by both parties, all cards known, the
//! same value as `doko.solver.Solver.future_value` (the Python reference, `src/doko/solver/
//! search.py`).
//!
//! A position is plain data: a card order (index into [`orders`]), the four hands (bit sets as
//! in [`crate::cards`]), the leader, the unfinished trick's kinds, the parties and the Dulle
//! rule. The value is Re's Augen from now on, the unfinished trick included (TSR 2.2.2: only
//! Augen; Sonderpunkte, Ansagen and the score are not part of it), Re maximising and Kontra
//! minimising. Rules reflected: a seat follows the led effective suit if it can (TSR 5.2.2); a
//! trick goes to its highest trump, else to the highest card of the led suit, of two equal
//! cards the first (TSR 5.3.3), except that under the Dulle house rules a second Dulle beats
//! the first (rule 1; rule 2 not in the last trick).
//!
//! Search: fail-soft alpha-beta driven by MTD(f): null-window searches closing in on the
//! value, with growing steps and then bisection, since a fail-soft bound in Augen often moves
//! by one only. One node is a trick boundary; the four cards of a trick are searched card by
//! card with their own windows, and the position after each trick is looked up in a
//! transposition table of value bounds. Its key ([`Key`]) is the order of the cards still in
//! play with their Augen and holders, compared exactly (a hash collision never changes a
//! value), so positions that differ only in which of some equal cards are gone share an
//! entry; packed into 98 bits, it makes entries of 16 bytes. The table has four slots per
//! bucket of one cache line (a new position replaces the one with the fewest tricks left),
//! starts small and doubles up to a fixed size; positions with three tricks left,
//! the most numerous, have a smaller table of their own that mostly stays in the cache. The
//! tables remember each position's best lead for move ordering and are kept between calls of
//! one [`Solver`]. A second table ([`SymTable`], payoff similarity after Furtak and Buro,
//! "Using payoff-similarity to speed up search", IJCAI 2011) is keyed by a position's
//! structure alone (the holders of the kinds in play in power order, suit by suit, without
//! their Augen) and keeps the bounds with the Augen of the kinds: positions of one structure
//! have the same game tree, and Re's Augen in them differ by at most the differences of their
//! cards' Augen, so the stored bounds, shifted by those, cut off at positions of other Augen
//! (trick boundaries with at least [`SYM_FROM`] tricks left). Leads are ordered by the last
//! lead of the same seat that cut off at the same depth (the killer heuristic, in tricks with
//! fewer than [`KILLER_BELOW`] tricks after them), then by the table's best lead, then (only
//! in games of one against
//! three) by a history of leads that cut off, then by whether the party is likely to keep the
//! trick (the others' best answers), the fattest such lead first, else the cheapest;
//! the later cards of a trick by the same estimate, and the last by the Augen the trick brings
//! the seat's party. Before the last card of a trick the
//! positions it leads to are looked up first (enhanced transposition cutoff), in tricks with
//! at least [`ETC_FROM`] tricks after them (closer to the end the look-ups, cache misses in
//! a large table, cost more time than they save). The last trick is computed directly and the
//! last two by enumeration. An "Augen still needed" cut ends a search once Re cannot reach,
//! or cannot miss, the window with the Augen still in play (at every trick boundary, also
//! before the two-trick end games).
//!
//! Sure Augen ([`Solver::bounds`]): in searches of ten tricks or more ([`BOUNDS_FROM`]; in
//! shorter ones they cost more time than they save), at every trick boundary from three
//! tricks left on, after the table probe, each party's Augen that no play can take from it bound the value from
//! both sides, and a bound outside the window ends the search there; the table entry keeps
//! them. They come from the trumps: a trick with one of a party's trumps in it goes to that
//! party unless an opponent's trump at least as high is in it, so the party's trumps that
//! few opponents' cards can beat bring it a number of tricks, their own Augen and the least
//! the other seats must add to them. Other shortcuts (a history of follow cards that cut
//! off, remembering the best trick, must-win bounds, caching two-trick positions, larger
//! tables, exact values deep in the tree, a heuristic play-out as the first guess, a first
//! MTD(f) step of 4 or 8 instead of 1, plain bisection; a key of the cards themselves instead
//! of their order: 37 % more nodes) gave no gain and are not used. Two against two the
//! history ordering of the leads cost 30 - 45 % more nodes; without it, though, a solo whose
//! soloist holds every trump ("Re at least 181?" in a Damensolo with all eight Damen) took
//! more than 20 s instead of 5,791 nodes, so solos keep it. Nor did, measured after
//! the leads lost their history ordering: the exact value as the first guess (more nodes than
//! MTD(f) from the middle, whose cheap early tests fill in the best leads), one window of
//! ±2 or ±10 Augen around the value instead of null windows (1.3x and 2x the nodes of the two
//! tests at the value), a reply memory for the later cards of a trick (a hash of the trick so
//! far to the card that cut off: 2 - 6 % fewer nodes, twice the time), other weights of Augen
//! against strength for the later cards, the sure Augen of the leader's top cards in plain
//! suits that every other seat must follow (0.4 % fewer nodes, 3 % more time), keeping the
//! old best lead where the leader's side failed (1 % fewer nodes), and the enhanced
//! transposition cutoff from 6 or 10 tricks on (±2 %). Mixed, so not used: leads the party
//! likely loses ranked by the weakest winning answer instead of the cheapest lead (1 - 6 %
//! fewer nodes for 8 to 10 tricks, 8 % more for "Re at least 121?" on whole games).
//!
//! The structure table and the killer leads (2 December, `solver_bench` on the six 10-trick
//! deals of `scripts/solver_positions.py --seed 0`): the structure table 5.50 -> 3.51 million
//! nodes mean, the killer leads at every depth then 2.65 million (the first lead cuts off in
//! about 95 % of the lead nodes that cut, 81 - 85 % before). At every depth the killer was
//! mixed: on whole games one "Re at least 121?" of 16 took 5.5 million nodes instead of 0.58
//! (mean 0.39 -> 0.69 million) and a 12-trick deal solved in 26 million nodes needed more than
//! 30; only in tricks with fewer than 8 after them it costs none of that (mean 0.36 million,
//! that deal in 22 million) and keeps about half the gain on two sets of six 10-trick deals
//! (3.04 and 2.78 million nodes mean; 2.65 and 2.53 with it everywhere, 3.51 and 3.06 without
//! it). Tried and not used: the structure table also at three tricks left (30 % fewer nodes,
//! 10 % more time; also with a small table of its own for them, or in place of the near
//! table: 2^18 entries 21 % more nodes, 2^20 7 % fewer nodes and no less time), the structure table's best lead where the exact table has none (4 % more
//! nodes), the structure table in the enhanced transposition cutoff (0.8 % fewer nodes), one
//! entry per bucket instead of two (3.5 % more nodes), a structure table of 2^22 entries
//! (1.5 % fewer nodes), killers for the later cards of a trick (by depth, card and seat: five
//! times the nodes), a second killer lead (1.4 % fewer nodes mean, 4 % more median), the
//! killer after the table's best lead instead of before it (5 % more nodes).
//!
//! Twin cards ([`Tables::twin_reduce`], 2 December, third session): cards of one hand and
//! effective suit with no other hand's card ranked between them (at the start of the trick,
//! or in it) beat and lose to the same cards, so whichever the seat plays, the game goes on
//! card for card the same with only the two cards' Augen traded. Where the trick goes to one
//! party whatever the later seats play (always at the last card; before it when no later
//! seat of the other party can beat the card that would be winning), the seat plays the
//! fattest twin if that party is its own and the leanest if not: the other twins are left
//! out, exactly. On the same files as above: 9 tricks 832,669 -> 755,066 nodes mean
//! (234,675 -> 201,855 median), 10 tricks (seed 0) 3,035,615 -> 2,675,347 (2,499,857 ->
//! 2,267,724), 10 tricks (seed 100) 2,778,799 -> 2,608,522, "Re at least 121?" on whole
//! games 572,143 -> 507,697 nodes mean, the three 12-trick deals solved within 30 million
//! nodes 553,170 / 134,696 / 22,121,399 -> 499,278 / 126,574 / 19,386,519 (the other five
//! still are not); most of the cards left out are near the leaves
//! (the two-trick end games 9 % fewer, positions with four or five tricks left 2 % fewer), so
//! the CPU time is within the noise of a shared machine (the rule costs about 5 % of it).
//! Tried and not used in this session: refuting a lead together with its twins of other
//! Augen by one search with the window moved by their largest difference (succeeded four
//! times in five, yet 19 % more nodes: the moved windows find no bounds in the tables, while
//! the twins searched one by one are mostly cut off by the structure table anyway); capping
//! the MTD(f) step at 4 or 8 Augen (1 - 6 % more nodes); the structure table at three tricks
//! left only where the exact table has no entry (26 % fewer nodes, 5 - 20 % more time);
//! reading the structure table's bucket before the exact table's, so that the two cache
//! misses overlap (no difference beyond the noise); sure Augen from trumps that up to 2, 5
//! or 8 opponents' cards can beat instead of 3 (the same nodes to 0.01 %).
//!
//! Sure top trumps ([`sure_slots`], 2 December, fourth session): the highest trumps in
//! play, while one party holds all their copies, go to that party whatever anybody plays, so
//! the structure table's Augen shifts ([`sym_shift`]) count their differences as they are
//! (Re's) or not at all (Kontra's). Exact; 0.3 - 1.2 % fewer nodes on the files above (9
//! tricks 755,066 -> 746,264 mean, 10 tricks 2,022,541 -> 2,012,672, "Re at least 121?" on
//! whole games 507,697 -> 506,310; one small 12-trick deal 4 % more), the time the same within the noise (the sure
//! cards are found only for an entry of other Augen). Measured again and not used: the
//! structure table at three tricks left (23 - 30 % fewer nodes on 9 and 10 tricks, 26 % for
//! "Re at least 121?", about 5 % more CPU time even with both keys built from one
//! computation of the holders); an MTD(f) schedule biased toward the side whose tests cost
//! fewer nodes (-4 to +0.4 % nodes), growing steps that quadruple (+4.8 % on 9 tricks,
//! -15.5 % on the three solved 12-trick deals).
//!
//! The cost of a node (measured with `perf record` on the `solver_bench` example, 10-trick
//! searches): most of it is the table probe's cache miss (about 35 % of the time), then the
//! key (16 – 17 %; 11 – 12 % since it is built from the kinds in play only). Tried for it
//! and not used: keying the positions of the last card's choices ahead and reading their
//! buckets early (about a third slower: most of those positions are never searched, a cutoff
//! comes first; with a real prefetch instruction, which needs `unsafe`, still slower than
//! without), no table for positions of three tricks left (three times the nodes, no less
//! time), a near table of 2^20 or 2^18 entries (14 % fewer or 18 % more nodes, no clear
//! difference in time), a main table of 2^22 entries (2 % fewer nodes), the key's nibbles in
//! two words instead of a `u128` (no measurable difference), replacing always the last slot
//! of a full bucket instead of the one with the fewest tricks left (1 % more nodes, the same
//! time).
//!
//! Moves range over card kinds (two equal cards are one move), and cards of one hand that are
//! equivalent in sequence are one move: same effective suit, same Augen, and no other hand held
//! at the start of the trick a card ranked between them, both included (the Dulle under a
//! second-Dulle rule is never merged). Such cards win and lose against the same cards and carry
//! the same Augen, so merging never changes a value. Of such cards with other Augen (twins)
//! only one is searched where the trick's party is settled: the fattest or the leanest (see
//! above).

use crate::cards::{hand_eyes, EYES, KIND_MASK, NUM_KINDS, RANK_EYES};
use crate::order::{order_at, orders, PIG_ORDER_BASE, TRUMP};
use std::time::{Duration, Instant};

const INF: i32 = 1000;
/// The sure Augen of a party ([`Solver::bounds`]) are sought only among its trumps that at
/// most this many of the opponents' cards can beat (beyond, the bound is seldom of use).
const MAX_BEATERS: u32 = 3;
/// The sure Augen are looked at in searches of at least this many tricks (default of
/// [`Solver::bounds_from`]): in shorter ones they cost more time than they save.
pub const BOUNDS_FROM: u32 = 10;
/// The cards (both copies) of each rank: 9, J, Q, K, 10, A.
const RANK_MASK: [u64; 6] = {
    let mut out = [0u64; 6];
    let mut r = 0;
    while r < 6 {
        let m = 1u64 << r | 1 << (r + 6) | 1 << (r + 12) | 1 << (r + 18);
        out[r] = m | m << 24;
        r += 1;
    }
    out
};
/// The default transposition table: 2^21 entries of 16 bytes (32 MiB, touched as used).
pub const DEFAULT_TABLE_SIZE: usize = 1 << 21;
const MIN_TABLE_SIZE: usize = 1 << 4;
/// The largest table a solver may have (1 GiB).
pub const MAX_TABLE_SIZE: usize = 1 << 26;
/// The table starts this small and doubles when half full (a short search touches little
/// memory).
const INITIAL_TABLE_SIZE: usize = 1 << 14;

/// A position's key in the transposition table: for each effective suit (trump first) the
/// kinds still in play in power order, each as its Augen class (the Dulle under a second-Dulle
/// rule a class of its own) and who holds its copies, and the leader. Cards never come back,
/// so only their order among the cards still in play matters: positions with one key have one
/// value (and e.g. the leads of ♣D and ♠D that leave the same structure meet in one entry).
///
/// Packed into 98 bits: each effective suit has one nibble per kind of the suit (24 in all,
/// suit by suit in power order: its slots). The kinds in play are put, in power order, into
/// the first slots whose kinds have their classes (each the first such slot after the slot of
/// the kind before), so the classes of the kinds in play are told by which slots are used,
/// and a slot holds who holds its kind's copies: bit `s` set if seat `s` holds one copy, or
/// all bits but `s` if it holds both (never 0). Two positions have one key exactly when their
/// suits have the same classes and holders in order. Bits 96 and 97: the leader.
type Key = u128;

/// `SPREAD[b]`: the bits of `b` spread out to every fourth bit.
const SPREAD: [u32; 256] = {
    let mut out = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            out[b] |= ((b >> i & 1) as u32) << (4 * i);
            i += 1;
        }
        b += 1;
    }
    out
};

/// The bits of a key in its entry's second word (the data takes the rest).
const KEY_HI: u64 = (1 << 34) - 1;

/// Positions with at most this many tricks left go to a smaller table of their own (at most
/// [`NEAR_SIZE`] entries, 8 MiB, which mostly stays in the last-level cache; like the large
/// one it starts small and doubles): they are the most numerous and the cheapest to search
/// again.
const NEAR_LEFT: u32 = 3;
const NEAR_SIZE: usize = 1 << 19;
/// Before the last card of a trick with at least this many tricks after it, the positions the
/// cards lead to are looked up first (enhanced transposition cutoff; default of
/// [`Solver::etc_from`]). Closer to the end the
/// look-ups, mostly cache misses in a large table, cost more time than the nodes they save.
const ETC_FROM: u32 = 8;
/// Trick boundaries with at least this many tricks left use the structure table
/// ([`SymTable`]; default of [`Solver::sym_from`]).
const SYM_FROM: u32 = 4;
/// Entries of the structure table (32 bytes each).
const SYM_SIZE: usize = 1 << 20;
/// Leads with fewer than this many tricks after them try the killer lead first (see
/// [`Solver::trick`]): higher up it cost more nodes in "Re at least 121?" tests of whole games
/// than it saved.
const KILLER_BELOW: u32 = 8;
/// Time checks: every this many nodes (the first node of a call always checks).
const TIME_CHECK_EVERY: u32 = 256;
/// The interrupt hook is polled every this many nodes.
const POLL_EVERY: u32 = 1 << 15;

/// Why a search gave no exact value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The position or the parameters are not valid (a message saying why).
    Invalid(String),
    /// The node or time limit ran out: Re's Augen from now on are between the two bounds.
    Limit { lower: i32, upper: i32 },
    /// The interrupt hook ([`Solver::interrupt`]) asked the search to stop.
    Interrupted,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Invalid(why) => write!(f, "{why}"),
            SolveError::Limit { lower, upper } => write!(
                f,
                "search limit reached: Re's Augen are between {lower} and {upper}"
            ),
            SolveError::Interrupted => write!(f, "search interrupted"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Per card order and Dulle rule: the lookup tables of the search.
struct Tables {
    eff: [u8; NUM_KINDS],
    power: [i32; NUM_KINDS],
    /// `strength[led][k]`: the power of `k` in a trick led in effective suit `led`, or -1 if
    /// `k` neither follows nor trumps.
    strength: [[i32; NUM_KINDS]; 5],
    /// `follow[s]`: the kinds that follow a lead of effective suit `s`.
    follow: [u32; 5],
    /// `eq_up[k]`: the kinds of `k`'s effective suit and Augen ranked above it, nearest first.
    eq_up: [[u8; NUM_KINDS]; NUM_KINDS],
    eq_up_len: [u8; NUM_KINDS],
    /// The kinds with a non-empty `eq_up`.
    mergeable: u32,
    /// `between[j * 24 + k]`: the kinds of the effective suit of `k` ranked from `k` to `j`.
    between: Vec<u32>,
    /// The kinds of each effective suit, high to low, and how many.
    suit_order: [[u8; 14]; 5],
    suit_len: [u8; 5],
    /// The kinds in power order: effective suit by suit (trump first), each high to low; a
    /// kind's place in it is also its slot in the key (see [`Key`]).
    power_kind: [u8; NUM_KINDS],
    /// `power_place[i][b]`: the places in power order of the kinds of bits `8 i..8 i + 8` set
    /// in `b`, as a bit set.
    power_place: [[u32; 256]; 3],
    /// `slot[j][g]`: the slot of the kind at place `g` of the power order when the kind in play
    /// before it in its suit took slot `j - 1` (or none did, `j` not above the suit's first
    /// slot): the first slot from `j` on, and from the suit's first on, whose kind has its
    /// class.
    slot: [[u8; NUM_KINDS]; NUM_KINDS + 1],
    /// The effective suit of the kind at each place of the power order.
    place_suit: [u8; NUM_KINDS],
    /// The first place of each effective suit in power order.
    suit_first: [u8; 5],
    /// The Augen class of each kind (see [`Key`]).
    class: [u8; NUM_KINDS],
    /// The Dulle's bit under a second-Dulle rule, else 0.
    dulle_bit: u32,
}

impl Tables {
    fn new(order_index: usize, dulle: Option<u8>) -> Tables {
        // Solver::new checked the index
        let order = order_at(order_index).unwrap_or(&orders()[0]);
        let mut eff = [0u8; NUM_KINDS];
        let mut power = [0i32; NUM_KINDS];
        let mut follow = [0u32; 5];
        for k in 0..NUM_KINDS {
            eff[k] = order.eff_suit[k];
            power[k] = order.power[k] as i32;
            follow[eff[k] as usize] |= 1 << k;
        }
        let mut strength = [[-1i32; NUM_KINDS]; 5];
        for (led, row) in strength.iter_mut().enumerate() {
            for k in 0..NUM_KINDS {
                if eff[k] as usize == led || eff[k] == TRUMP {
                    row[k] = power[k];
                }
            }
        }
        let dulle = dulle.map_or(usize::MAX, |d| d as usize);
        let mut eq_up = [[0u8; NUM_KINDS]; NUM_KINDS];
        let mut eq_up_len = [0u8; NUM_KINDS];
        let mut mergeable = 0u32;
        for k in 0..NUM_KINDS {
            let mut ups: Vec<usize> = (0..NUM_KINDS)
                .filter(|&j| {
                    j != k
                        && eff[j] == eff[k]
                        && EYES[j] == EYES[k]
                        && power[j] > power[k]
                        && k != dulle
                        && j != dulle
                })
                .collect();
            ups.sort_by_key(|&j| power[j]);
            for (i, &j) in ups.iter().enumerate() {
                eq_up[k][i] = j as u8;
            }
            eq_up_len[k] = ups.len() as u8;
            if !ups.is_empty() {
                mergeable |= 1 << k;
            }
        }
        let mut between = vec![0u32; NUM_KINDS * NUM_KINDS];
        for j in 0..NUM_KINDS {
            for k in 0..NUM_KINDS {
                let mut m = 0u32;
                for b in 0..NUM_KINDS {
                    if eff[b] == eff[k] && power[k] <= power[b] && power[b] <= power[j] {
                        m |= 1 << b;
                    }
                }
                between[j * NUM_KINDS + k] = m;
            }
        }
        let mut suit_order = [[0u8; 14]; 5];
        let mut suit_len = [0u8; 5];
        for (su, row) in suit_order.iter_mut().enumerate() {
            let mut ks: Vec<usize> = (0..NUM_KINDS).filter(|&k| eff[k] as usize == su).collect();
            ks.sort_by_key(|&k| -power[k]);
            for (i, &k) in ks.iter().enumerate() {
                row[i] = k as u8;
            }
            suit_len[su] = ks.len() as u8;
        }
        // the Augen class of each kind for the table key: 0..5 by Augen, 6 the Dulle under a
        // second-Dulle rule
        let mut class = [0u8; NUM_KINDS];
        for (k, c) in class.iter_mut().enumerate() {
            *c = if k == dulle {
                6
            } else {
                crate::cards::RANK_EYES
                    .iter()
                    .position(|&e| e == EYES[k])
                    .unwrap_or(0) as u8
            };
        }
        let mut power_kind = [0u8; NUM_KINDS];
        let mut place_suit = [0u8; NUM_KINDS];
        let mut first = [0usize; NUM_KINDS];
        let mut g = 0;
        for su in 0..5 {
            for &k in &suit_order[su][..suit_len[su] as usize] {
                power_kind[g] = k;
                place_suit[g] = su as u8;
                first[g] = g - suit_order[su].iter().position(|&x| x == k).unwrap_or(0);
                g += 1;
            }
        }
        let mut suit_first = [0u8; 5];
        for su in 1..5 {
            suit_first[su] = suit_first[su - 1] + suit_len[su - 1];
        }
        let mut power_place = [[0u32; 256]; 3];
        for (i, row) in power_place.iter_mut().enumerate() {
            for (b, out) in row.iter_mut().enumerate() {
                for (g, &k) in power_kind.iter().enumerate() {
                    if k as usize / 8 == i && b >> (k % 8) & 1 != 0 {
                        *out |= 1 << g;
                    }
                }
            }
        }
        let mut slot = [[0u8; NUM_KINDS]; NUM_KINDS + 1];
        for (j, row) in slot.iter_mut().enumerate() {
            for (g, out) in row.iter_mut().enumerate() {
                let c = class[power_kind[g] as usize];
                // the kind's own place qualifies (in a search `j` is never above it)
                *out = (j.max(first[g])..=g)
                    .find(|&x| class[power_kind[x] as usize] == c)
                    .unwrap_or(g) as u8;
            }
        }
        Tables {
            suit_order,
            suit_len,
            power_kind,
            power_place,
            slot,
            place_suit,
            suit_first,
            class,
            eff,
            power,
            strength,
            follow,
            eq_up,
            eq_up_len,
            mergeable,
            between,
            dulle_bit: if dulle < NUM_KINDS { 1 << dulle } else { 0 },
        }
    }

    /// `legal` with one card kept of each group of twins: cards of one effective suit with no
    /// card of `others` (the other seats' cards at the start of the trick, and the cards in
    /// it) ranked between them, both included (never the Dulle under a second-Dulle rule).
    /// Twins beat and lose to the same cards, so whichever of them the seat plays, every line
    /// of play goes on card for card the same (the other twin taking the place of the one
    /// played), with the same winners; only the two cards' Augen trade places. If the trick
    /// goes to the party `P` whatever the later seats play (`mine(k)`: `Some(true)` if that
    /// is the seat's party when `k` is played, `Some(false)` if it is the other, `None` if it
    /// is not settled), then playing the twin with `d` more Augen now changes Re's Augen by
    /// `d` if `P` is Re, and the kept twin's by `-d` in the trick it falls in later, if that
    /// one goes to Re: so for the seat's party the fattest twin is at least as good as the
    /// others if `P` is its party, the leanest if not, and that one alone is kept.
    #[inline]
    fn twin_reduce(&self, legal: u32, others: u32, mine: impl Fn(usize) -> Option<bool>) -> u32 {
        let cand = legal & !self.dulle_bit;
        if cand & cand.wrapping_sub(1) == 0 {
            return legal;
        }
        let mut out = legal;
        // the candidates in power order, suit by suit
        let mut places = self.power_place[0][cand as usize & 255]
            | self.power_place[1][cand as usize >> 8 & 255]
            | self.power_place[2][cand as usize >> 16 & 255];
        let (mut prev, mut prev_su, mut keep) = (0usize, u8::MAX, 0usize);
        // whether the group's trick goes to the seat's party, asked once it has two cards
        let mut fat: Option<Option<bool>> = None;
        while places != 0 {
            let g = places.trailing_zeros() as usize;
            places &= places - 1;
            let k = self.power_kind[g] as usize;
            let su = self.place_suit[g];
            if su == prev_su && others & self.between[prev * NUM_KINDS + k] == 0 {
                if let Some(fat) = *fat.get_or_insert_with(|| mine(keep)) {
                    let better = if fat {
                        EYES[k] > EYES[keep]
                    } else {
                        EYES[k] < EYES[keep]
                    };
                    if better {
                        out &= !(1 << keep);
                        keep = k;
                    } else {
                        out &= !(1 << k);
                    }
                }
            } else {
                keep = k;
                fat = None;
            }
            prev = k;
            prev_su = su;
        }
        out
    }

    /// `legal` without each card `k` whose nearest equal-Augen card `j` above it in `legal` has
    /// no card of `others` ranked between them, both included (`j` is kept).
    #[inline]
    fn merged(&self, mut legal: u32, others: u32) -> u32 {
        let mut cand = legal & self.mergeable;
        while cand != 0 {
            let k = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            for &j in &self.eq_up[k][..self.eq_up_len[k] as usize] {
                if legal >> j & 1 != 0 {
                    if others & self.between[j as usize * NUM_KINDS + k] == 0 {
                        legal ^= 1 << k;
                    }
                    break;
                }
            }
        }
        legal
    }

    /// The strength of the best card the kind set `m` can play into a lead of effective suit
    /// `su`: its highest card of the suit, else its highest trump, else -1.
    #[inline]
    fn response(&self, m: u32, su: usize) -> i32 {
        let f = m & self.follow[su];
        let set = if f != 0 {
            f
        } else if su != TRUMP as usize {
            m & self.follow[TRUMP as usize]
        } else {
            0
        };
        let mut best = -1;
        let mut bits = set;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            best = best.max(self.power[k]);
        }
        best
    }
}

/// Words per bucket: four entries of two words (the key and the data), one cache line.
const BUCKET: usize = 8;

/// A transposition table of value bounds, keyed by [`Key`] and compared exactly: buckets of four
/// entries of 16 bytes; a new position takes an empty slot, else the one with the fewest tricks
/// left (of equals the last). It starts small and doubles when half full, up to its size. The
/// buckets lie in one zeroed vector (the system hands out zeroed pages as they are touched),
/// from its first 64-byte boundary on, so that each bucket is one cache line.
///
/// An entry: the key's low 64 bits; then its high 34 bits, the lower bound (9 bits), the upper
/// bound (9), the best lead's code + 1 (8) and the tricks left (4). A used entry's key is
/// never 0 (a kind in play has a holder).
struct Table {
    words: Vec<u64>,
    /// The first word on a 64-byte boundary.
    off: usize,
    /// Buckets now (a power of two).
    len: usize,
    /// Buckets it may grow to.
    max: usize,
    filled: usize,
    initial: usize,
}

/// An empty table of `len` buckets; `None` where the memory cannot be had.
fn table_words(len: usize) -> Option<(Vec<u64>, usize)> {
    table_words_of(len, BUCKET)
}

/// An empty table of `len` buckets of `bucket` words from a 64-byte boundary on, and the
/// index of that boundary's word; `None` where the memory cannot be had.
fn table_words_of(len: usize, bucket: usize) -> Option<(Vec<u64>, usize)> {
    let n = len * bucket + 8;
    let mut words: Vec<u64> = Vec::new();
    words.try_reserve_exact(n).ok()?;
    drop(words);
    let words = vec![0u64; n];
    let off = (64 - words.as_ptr() as usize % 64) % 64 / 8;
    Some((words, off))
}

impl Table {
    /// A table of at most `entries` entries (a power of two, at least 4), starting with
    /// `initial` of them.
    fn new(entries: usize, initial: usize) -> Table {
        let max = (entries / 4).max(1);
        let initial = (initial / 4).clamp(1, max);
        let (words, off, len) = match table_words(initial) {
            Some((words, off)) => (words, off, initial),
            None => (vec![0; 2 * BUCKET], 0, 1),
        };
        Table {
            words,
            off,
            len,
            max,
            filled: 0,
            initial,
        }
    }

    fn clear(&mut self) {
        if let Some((words, off)) = table_words(self.initial) {
            self.words = words;
            self.off = off;
            self.len = self.initial;
        } else {
            self.words.iter_mut().for_each(|w| *w = 0);
        }
        self.filled = 0;
    }

    /// The key's hash (the bucket is its low bits).
    #[inline]
    fn hash(key: Key) -> u64 {
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let mut x = k0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ k1.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
        x ^= x >> 32;
        x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        x ^= x >> 29;
        x
    }

    /// The first word of the bucket of hash `h`.
    #[inline]
    fn at(&self, h: u64) -> usize {
        self.off + (h as usize & (self.len - 1)) * BUCKET
    }

    /// The stored (lower bound, upper bound, best lead's code or -1) of the position `key`
    /// with hash `h`.
    #[inline]
    fn probe(&self, h: u64, key: Key) -> Option<(i32, i32, i32)> {
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let at = self.at(h);
        let b = &self.words[at..at + BUCKET];
        for e in b.chunks_exact(2) {
            if e[0] == k0 && e[1] & KEY_HI == k1 {
                let d = e[1] >> 34;
                return Some((
                    (d & 511) as i32,
                    (d >> 9 & 511) as i32,
                    (d >> 18 & 255) as i32 - 1,
                ));
            }
        }
        None
    }

    /// Store bounds: in the position's slot if it has one, else in an empty one, else in place
    /// of the entry with the fewest tricks left (of equals the last). The table doubles (up to
    /// its size) when half full.
    #[inline]
    fn store(&mut self, h: u64, key: Key, lo: i32, hi: i32, best: i32, depth: u32) {
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let data = lo as u64 | (hi as u64) << 9 | ((best + 1) as u64) << 18 | (depth as u64) << 26;
        let new = [k0, k1 | data << 34];
        let at = self.at(h);
        let bucket = &mut self.words[at..at + BUCKET];
        // slots fill in order and are never emptied: the position is before the first empty
        let mut victim = 0;
        let mut least = u64::MAX;
        for (i, e) in bucket.chunks_exact(2).enumerate() {
            if e[0] == k0 && e[1] & KEY_HI == k1 {
                victim = i;
                break;
            }
            if e[0] == 0 && e[1] & KEY_HI == 0 {
                victim = i;
                self.filled += 1;
                break;
            }
            let d = e[1] >> 60;
            if d <= least {
                least = d;
                victim = i;
            }
        }
        bucket[victim * 2..victim * 2 + 2].copy_from_slice(&new);
        if self.filled > self.len * 2 && self.len < self.max {
            self.grow();
        }
    }

    /// Double the table, keeping its entries; where the memory cannot be had the table stays
    /// as it is (entries are replaced instead).
    fn grow(&mut self) {
        let n = self.len * 2;
        let Some((words, off)) = table_words(n) else {
            self.max = self.len;
            return;
        };
        let old = std::mem::replace(&mut self.words, words);
        let (old_off, old_len) = (self.off, self.len);
        self.off = off;
        self.len = n;
        self.filled = 0;
        for e in old[old_off..old_off + old_len * BUCKET].chunks_exact(2) {
            if e[0] == 0 && e[1] & KEY_HI == 0 {
                continue;
            }
            let key = e[0] as u128 | ((e[1] & KEY_HI) as u128) << 64;
            let at = self.at(Table::hash(key));
            for slot in self.words[at..at + BUCKET].chunks_exact_mut(2) {
                if slot[0] == 0 && slot[1] & KEY_HI == 0 {
                    slot.copy_from_slice(e);
                    self.filled += 1;
                    break;
                }
            }
        }
    }
}

/// The Augen of a card of each class of the table key (see [`Key`]; 6 the Dulle under a
/// second-Dulle rule).
const CLASS_EYES: [i32; 8] = [0, 2, 3, 4, 10, 11, 10, 0];

/// A table of value bounds keyed by a position's structure alone (payoff similarity): the
/// key of [`Key`] without the Augen classes (in each effective suit the kinds in play fill the
/// suit's first slots in power order, each with its holders), and with each entry the classes
/// of its kinds (the signature, 3 bits a slot). Two positions of one structure have the same
/// game tree, card for card; only the Augen the cards carry differ. Whatever both parties
/// play, Re's Augen differ by the sum of the differences of the cards Re takes, so by at least
/// the sum of the negative differences and at most the sum of the positive ones: the stored
/// bounds, shifted by those sums, bound the other position too. The Dulle under a
/// second-Dulle rule plays by rules of its own, so its slot (+ 1) is part of the key (bits
/// 98 on), not of the signature alone. Direct-mapped, entries of 32 bytes (the key; the
/// signature, the bounds and the tricks left); a new position replaces the old one unless
/// that has more tricks left.
struct SymTable {
    words: Vec<u64>,
    /// The first word on a 64-byte boundary.
    off: usize,
    /// Buckets - 1 (their number is a power of two).
    mask: usize,
}

/// Words per entry of the structure table, and per bucket (two entries, one cache line).
const SYM_ENTRY: usize = 4;
const SYM_BUCKET: usize = 8;

impl SymTable {
    /// A table of at most `entries` entries (two per bucket).
    fn new(entries: usize) -> SymTable {
        let n = (entries / 2).max(1).next_power_of_two();
        let (words, off, n) = match table_words_of(n, SYM_BUCKET) {
            Some((words, off)) => (words, off, n),
            None => (vec![0; 2 * SYM_BUCKET], 0, 1),
        };
        SymTable {
            words,
            off,
            mask: n - 1,
        }
    }

    fn clear(&mut self) {
        if let Some((words, off)) = table_words_of(self.mask + 1, SYM_BUCKET) {
            self.words = words;
            self.off = off;
        } else {
            self.words.iter_mut().for_each(|w| *w = 0);
        }
    }

    /// The bounds on the value of the position of structure `key` (hash `h`) and signature
    /// `sig` that the stored positions of that structure give, if any: (lower, upper, true if
    /// a position of other Augen gave one of them).
    #[inline]
    fn bounds(
        &self,
        h: u64,
        key: Key,
        sig: u128,
        sure: impl Fn(Key) -> [u32; 2],
    ) -> Option<(i32, i32, bool)> {
        let at = self.off + (h as usize & self.mask) * SYM_BUCKET;
        let mut out: Option<(i32, i32, bool)> = None;
        // the sure cards, found only for an entry of other Augen
        let mut sure_slots: Option<[u32; 2]> = None;
        for e in self.words[at..at + SYM_BUCKET].chunks_exact(SYM_ENTRY) {
            if e[0] == key as u64 && e[1] == (key >> 64) as u64 {
                let d = e[3] >> 8;
                let (lo, hi) = ((d & 511) as i32, (d >> 9 & 511) as i32);
                let other = e[2] as u128 | ((e[3] & 255) as u128) << 64;
                let (down, up) = if other == sig {
                    (0, 0)
                } else {
                    let sure = *sure_slots.get_or_insert_with(|| sure(key));
                    sym_shift(key, sig, other, sure)
                };
                let (l, u, o) = out.unwrap_or((i32::MIN, i32::MAX, false));
                out = Some((l.max(lo + down), u.min(hi + up), o || other != sig));
            }
        }
        out
    }

    /// Store the bounds of the position of structure `key` (hash `h`) and signature `sig`: in
    /// its own entry if it has one, else in place of the entry with fewer tricks left (of two
    /// equal the second), unless both have more than it.
    #[inline]
    fn store(&mut self, h: u64, key: Key, sig: u128, lo: i32, hi: i32, depth: u32) {
        let at = self.off + (h as usize & self.mask) * SYM_BUCKET;
        let (k0, k1) = (key as u64, (key >> 64) as u64);
        let (s0, s1) = (sig as u64, (sig >> 64) as u64);
        let b = &mut self.words[at..at + SYM_BUCKET];
        let same = |e: &[u64]| e[0] == k0 && e[1] == k1 && e[2] == s0 && e[3] & 255 == s1;
        let depth_of = |e: &[u64]| (e[3] >> 26) as u32;
        let victim = if same(&b[..4]) {
            0
        } else if same(&b[4..]) {
            1
        } else {
            let (d0, d1) = (depth_of(&b[..4]), depth_of(&b[4..]));
            if d0 > depth && d1 > depth {
                return;
            }
            usize::from(d1 <= d0)
        };
        let e = &mut b[victim * SYM_ENTRY..victim * SYM_ENTRY + SYM_ENTRY];
        e[0] = k0;
        e[1] = k1;
        e[2] = s0;
        e[3] = s1 | (lo as u64) << 8 | (hi as u64) << 17 | (depth as u64) << 26;
    }
}

/// How much Re's Augen of a position of structure `skey` and signature `sig` can be below
/// and above those of the position of the same structure and signature `other`: the sums of
/// the negative and of the positive differences of the Augen of the cards in play.
///
/// `sure` ([`sure_slots`]): the slots whose cards surely go to Kontra (`sure[0]`) and to Re
/// (`sure[1]`) whatever anybody plays; their differences count as they are (Re's) or not at
/// all (Kontra's) instead of only in one direction.
#[inline]
fn sym_shift(skey: Key, sig: u128, other: u128, sure: [u32; 2]) -> (i32, i32) {
    if sig == other {
        return (0, 0);
    }
    let (mut down, mut up) = (0, 0);
    let mut diff = sig ^ other;
    while diff != 0 {
        let j = diff.trailing_zeros() as usize / 3;
        diff &= !(7u128 << (3 * j));
        if sure[0] >> j & 1 != 0 {
            continue;
        }
        let nb = (skey >> (4 * j) & 15) as u32;
        let copies = if nb.count_ones() == 1 { 1 } else { 2 };
        let d =
            CLASS_EYES[(sig >> (3 * j) & 7) as usize] - CLASS_EYES[(other >> (3 * j) & 7) as usize];
        if sure[1] >> j & 1 != 0 {
            down += copies * d;
            up += copies * d;
        } else if d < 0 {
            down += copies * d;
        } else {
            up += copies * d;
        }
    }
    (down, up)
}

/// The slots of a structure key `skey` ([`SymTable`]) whose cards surely go to Kontra (`[0]`)
/// and to Re (`[1]`): the highest trumps in play while all their copies are held by one party
/// (`re`: bit `s` set if seat `s` is Re). A trick with one of them goes to its highest trump
/// (TSR 5.3.3), which is one of them, so to that party; trumps of equal power are the same
/// kind, so the second-Dulle rules change nothing. The trumps' slots are `first..first + len`.
#[inline]
fn sure_slots(skey: Key, re: u32, first: usize, len: usize) -> [u32; 2] {
    let mut out = [0u32; 2];
    let mut party = 2;
    for j in first..first + len {
        let nb = (skey >> (4 * j) & 15) as u32;
        if nb == 0 {
            break;
        }
        // the seats holding the kind's copies (three bits: one seat holds both)
        let seats = if nb.count_ones() == 3 { !nb & 15 } else { nb };
        let p = if seats & re == seats {
            1
        } else if seats & re == 0 {
            0
        } else {
            break;
        };
        if party != 2 && p != party {
            break;
        }
        party = p;
        out[p] |= 1 << j;
    }
    out
}

/// The Augen of the `n` cheapest of the cards counted by rank in `by_rank` (9, J, Q, K, 10,
/// A; all of them if there are fewer).
#[inline]
fn cheapest(by_rank: &[u8; 6], mut n: u32) -> i32 {
    let mut sum = 0i32;
    for (r, &c) in by_rank.iter().enumerate() {
        if n == 0 {
            break;
        }
        let c = (c as u32).min(n);
        sum += c as i32 * RANK_EYES[r] as i32;
        n -= c;
    }
    sum
}

/// The Augen of the `n` fattest of the cards counted by rank in `by_rank` (all of them if
/// there are fewer).
#[inline]
fn fattest(by_rank: &[u8; 6], mut n: u32) -> i32 {
    let mut sum = 0i32;
    for (r, &c) in by_rank.iter().enumerate().rev() {
        if n == 0 {
            break;
        }
        let c = (c as u32).min(n);
        sum += c as i32 * RANK_EYES[r] as i32;
        n -= c;
    }
    sum
}

/// Alpha-beta at one choice of the end game: `v` is a child's value for a maximising
/// (`maxi`) or minimising seat whose best so far is `g` in the window (`a`, `b`); true on a
/// cutoff.
#[inline]
fn cut(maxi: bool, v: i32, g: &mut i32, a: &mut i32, b: &mut i32) -> bool {
    if maxi {
        *g = (*g).max(v);
        *a = (*a).max(v);
    } else {
        *g = (*g).min(v);
        *b = (*b).min(v);
    }
    *a >= *b
}

/// A hand without one card of kind `k` (the second copy if it holds two).
#[inline]
fn take(h: u64, k: usize) -> u64 {
    if h >> (k + 24) & 1 != 0 {
        h ^ 1 << (k + 24)
    } else {
        h ^ 1 << k
    }
}

#[inline]
fn eyes(k: usize) -> i32 {
    EYES[k] as i32
}

/// Up to 24 kinds with sort scores (higher first).
struct Scored {
    items: [(i32, u8); NUM_KINDS],
    n: usize,
}

impl Scored {
    #[inline]
    fn new() -> Scored {
        Scored {
            items: [(0, 0); NUM_KINDS],
            n: 0,
        }
    }

    #[inline]
    fn push(&mut self, score: i32, k: usize) {
        self.items[self.n] = (score, k as u8);
        self.n += 1;
    }

    /// Sort by score, highest first (insertion sort: a handful of items).
    #[inline]
    fn sort(&mut self) {
        for i in 1..self.n {
            let x = self.items[i];
            let mut j = i;
            while j > 0 && self.items[j - 1].0 < x.0 {
                self.items[j] = self.items[j - 1];
                j -= 1;
            }
            self.items[j] = x;
        }
    }
}

/// One trick being searched: its leader, the tricks left after it, the merged kind sets of
/// each seat (fixed for the trick) and the Dulle's power in it (-2: no second-Dulle rule).
struct Ctx {
    leader: usize,
    nleft: u32,
    moves: [u32; 4],
    dpt: i32,
    /// True for the trick a search starts in mid-trick: each card is a node.
    count: bool,
    /// Per seat: the kinds of the other seats at the start of the trick (and of the cards
    /// already in it, for a search started in mid-trick).
    others: [u32; 4],
}

/// A double-dummy solver for one card order, parties and Dulle rule; its transposition table
/// is kept between calls.
pub struct Solver {
    tab: Tables,
    order_index: usize,
    is_re: [bool; 4],
    dulle_rule: u8,
    /// The Dulle's power if a second Dulle beats the first (rules 1 and 2), else -2.
    dp: i32,
    /// Rule 2: the first Dulle wins the last trick all the same.
    last_exempt: bool,
    hands: [u64; 4],
    tt: Table,
    /// The table of positions with at most [`NEAR_LEFT`] tricks left: small, so that it stays
    /// in the cache.
    near: Table,
    /// Bounds by the positions' structure ([`SymTable`]).
    sym: SymTable,
    /// Statistics of the structure table: probes, hits, cut-offs, cut-offs by the bounds of
    /// a position of other Augen.
    pub sym_stats: [u64; 4],
    /// Cut-offs by the card of the trick they happen at (0 the lead to 3 the last card; the
    /// two-trick end games not counted): how many, and how many by the first card tried (a
    /// measure of the move ordering).
    pub cut_stats: [[u64; 2]; 4],
    /// Nodes by the tricks left (the two-trick end games at 2).
    pub depth_nodes: [u64; 13],
    /// Twin cards are pruned ([`Tables::twin_reduce`]; default true). Exact either way.
    pub twins: bool,
    /// Cards left out by the twin rule so far.
    pub twin_stats: u64,
    /// The last lead that cut off, by the tricks left after it and the leader (255: none):
    /// tried first (the killer heuristic).
    killer: [[u8; 4]; 13],
    /// Leads that cut off, by seat and kind (weighted by the tricks left): move ordering in
    /// games of one against three ([`Solver::use_history`]).
    history: [[u32; NUM_KINDS]; 4],
    /// True if the parties are one against three (a solo): then the leads are ordered by the
    /// history first.
    use_history: bool,
    /// The Re seats as a bit set.
    re_mask: u32,
    /// The structure table's Augen shifts count the top trumps that surely go to one party
    /// ([`sure_slots`]) as that party's (default true). Exact either way.
    pub sure_sym: bool,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    time_check: u32,
    poll_check: u32,
    /// True while a limit or the interrupt hook is to be watched.
    watch: bool,
    aborted: bool,
    interrupted: bool,
    /// The null-window tests of the last [`Solver::future`] call: (beta, result, nodes).
    passes: Vec<(i32, i32, u64)>,
    /// True while the sure Augen bound the search ([`Solver::bounds_from`]).
    use_bounds: bool,
    /// Searches of at least this many tricks (the unfinished one counted) check the sure
    /// Augen of both parties at every trick boundary from three tricks left on
    /// ([`Solver::bounds`]); default [`BOUNDS_FROM`]. Exact either way.
    pub bounds_from: u32,
    /// The enhanced transposition cutoff is tried before the last card of tricks with at
    /// least this many tricks after them; default [`ETC_FROM`]. Exact either way.
    pub etc_from: u32,
    /// Trick boundaries with at least this many tricks left look up and store their bounds
    /// by structure ([`SymTable`]); default [`SYM_FROM`]. Exact either way.
    pub sym_from: u32,
    /// The node budget of one call (None: unbounded).
    pub max_nodes: Option<u64>,
    /// The time budget of one call in seconds (None: unbounded).
    pub time_limit: Option<f64>,
    /// Polled every few ten thousand nodes (e.g. for a pending Ctrl-C); true stops the search
    /// with [`SolveError::Interrupted`].
    pub interrupt: Option<fn() -> bool>,
}

impl Solver {
    /// A solver for card order `order_index` (0..18, as `doko.engine.contracts.ORDERS`), the
    /// parties `is_re` and the Dulle rule (0 the first wins, 1 the second, 2 the second except
    /// in the last trick). `table_size`: transposition-table entries (rounded down to a power
    /// of two, at least 16, at most [`MAX_TABLE_SIZE`]).
    pub fn new(
        order_index: usize,
        is_re: [bool; 4],
        dulle_rule: u8,
        table_size: usize,
    ) -> Result<Solver, SolveError> {
        let Some(order) = order_at(order_index) else {
            return Err(SolveError::Invalid(format!(
                "card order {order_index} does not exist (0 to {}, or a Schweinchen order from \
                 {PIG_ORDER_BASE})",
                orders().len() - 1
            )));
        };
        if dulle_rule > 2 {
            return Err(SolveError::Invalid(format!(
                "Dulle rule {dulle_rule} does not exist (0 the first wins, 1 the second, 2 the \
                 second except in the last trick)"
            )));
        }
        if table_size > MAX_TABLE_SIZE {
            return Err(SolveError::Invalid(format!(
                "table_size {table_size} is more than {MAX_TABLE_SIZE} entries (16 bytes each)"
            )));
        }
        let dulle = if dulle_rule != 0 { order.dulle } else { None };
        let tab = Tables::new(order_index, dulle);
        let dp = dulle.map_or(-2, |d| tab.power[d as usize]);
        let size = if table_size < MIN_TABLE_SIZE {
            MIN_TABLE_SIZE
        } else {
            1usize << (usize::BITS - 1 - table_size.leading_zeros())
        };
        Ok(Solver {
            tab,
            order_index,
            is_re,
            dulle_rule,
            dp,
            last_exempt: dulle_rule == 2,
            hands: [0; 4],
            tt: Table::new(size, INITIAL_TABLE_SIZE),
            near: Table::new(NEAR_SIZE.min(size), INITIAL_TABLE_SIZE),
            sym: SymTable::new(SYM_SIZE.min(size)),
            sym_stats: [0; 4],
            cut_stats: [[0; 2]; 4],
            depth_nodes: [0; 13],
            twins: true,
            twin_stats: 0,
            killer: [[255; 4]; 13],

            history: [[0; NUM_KINDS]; 4],
            use_history: is_re.iter().filter(|&&r| r).count() != 2,
            re_mask: (0..4).filter(|&s| is_re[s]).map(|s| 1u32 << s).sum(),
            sure_sym: true,
            nodes: 0,
            node_limit: 0,
            deadline: None,
            time_check: 0,
            poll_check: POLL_EVERY,
            watch: false,
            aborted: false,
            interrupted: false,
            max_nodes: None,
            time_limit: None,
            interrupt: None,
            passes: Vec::new(),
            use_bounds: false,
            bounds_from: BOUNDS_FROM,
            etc_from: ETC_FROM,
            sym_from: SYM_FROM,
        })
    }

    pub fn order_index(&self) -> usize {
        self.order_index
    }

    pub fn is_re(&self) -> [bool; 4] {
        self.is_re
    }

    pub fn dulle_rule(&self) -> u8 {
        self.dulle_rule
    }

    /// Entries the transposition table may grow to.
    pub fn table_size(&self) -> usize {
        self.tt.max * 2
    }

    /// Search nodes so far: tricks expanded at a trick boundary, two-trick end games, and the
    /// cards of a trick a search starts in mid-trick.
    pub fn node_count(&self) -> u64 {
        self.nodes
    }

    /// The null-window tests of the last [`Solver::future`] call, in order: the `beta` tested
    /// ("Re takes at least beta?"), the fail-soft result and the nodes it took.
    pub fn passes(&self) -> &[(i32, i32, u64)] {
        &self.passes
    }

    /// Empty the transposition table.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.near.clear();
        self.sym.clear();
    }

    /// Start the node and time budget of one call (`max_nodes`, `time_limit`; 0 or None:
    /// unbounded, as in the Python solver).
    pub fn start(&mut self) {
        self.node_limit = self
            .max_nodes
            .filter(|&n| n > 0)
            .map_or(0, |n| self.nodes.saturating_add(n));
        self.deadline = self
            .time_limit
            .filter(|&s| s > 0.0)
            .map(|s| Instant::now() + Duration::from_secs_f64(s.min(1e9)));
        self.time_check = 0;
        self.poll_check = POLL_EVERY;
        self.watch = self.node_limit != 0 || self.deadline.is_some() || self.interrupt.is_some();
        self.aborted = false;
        self.interrupted = false;
    }

    /// The error of an aborted search: interrupted, or a limit with these bounds.
    fn abort_error(&self, lower: i32, upper: i32) -> SolveError {
        if self.interrupted {
            SolveError::Interrupted
        } else {
            SolveError::Limit { lower, upper }
        }
    }

    /// Re's Augen from now on (the unfinished `trick` included), exact, by MTD(f) from `guess`
    /// (default: half the Augen in play). The budget is the one [`Solver::start`] began.
    pub fn future(
        &mut self,
        hands: [u64; 4],
        leader: usize,
        trick: &[u8],
        guess: Option<i32>,
    ) -> Result<i32, SolveError> {
        let rem = self.check(&hands, leader, trick)?;
        self.passes.clear();
        let (mut lo, mut hi) = (0, rem);
        let mut beta = guess.map_or(rem / 2, |x| x.clamp(0, rem)).max(1);
        // MTD(f) with growing steps: a null-window test "Re takes at least beta?" moves one
        // bound (fail-soft: often just to beta itself, Augen being fine-grained); while the
        // tests fail the same way the step doubles, and once they change direction the rest
        // is bisection.
        let (mut step, mut last_up, mut bisect) = (1, None, false);
        while lo < hi {
            beta = beta.clamp(lo + 1, hi);
            let n0 = self.nodes;
            let g = self.value(hands, leader, trick, beta - 1, beta);
            self.passes.push((beta, g, self.nodes - n0));
            if self.aborted {
                return Err(self.abort_error(lo, hi));
            }
            let up = g >= beta;
            if up {
                lo = g;
            } else {
                hi = g;
            }
            if last_up.is_some_and(|u| u != up) {
                bisect = true;
            }
            step = if last_up == Some(up) { step * 2 } else { 1 };
            last_up = Some(up);
            beta = if bisect {
                lo + (hi - lo + 1) / 2
            } else if up {
                lo + step
            } else {
                hi - step + 1
            };
        }
        Ok(lo)
    }

    /// [`Solver::future`] with a fresh budget.
    pub fn future_value(
        &mut self,
        hands: [u64; 4],
        leader: usize,
        trick: &[u8],
        guess: Option<i32>,
    ) -> Result<i32, SolveError> {
        self.start();
        self.future(hands, leader, trick, guess)
    }

    /// True if Re takes at least `target` Augen from now on (one null-window search). On a
    /// limit the bounds are 0 and all Augen in play. The budget is the one started before.
    pub fn at_least(
        &mut self,
        hands: [u64; 4],
        leader: usize,
        trick: &[u8],
        target: i32,
    ) -> Result<bool, SolveError> {
        let rem = self.check(&hands, leader, trick)?;
        let v = self.value(hands, leader, trick, target - 1, target);
        if self.aborted {
            return Err(self.abort_error(0, rem));
        }
        Ok(v >= target)
    }

    /// Check a position; the Augen in play (hands and trick).
    fn check(&self, hands: &[u64; 4], leader: usize, trick: &[u8]) -> Result<i32, SolveError> {
        let bad = |why: String| Err(SolveError::Invalid(why));
        if leader > 3 {
            return bad(format!("the leader must be a seat 0 to 3, got {leader}"));
        }
        if trick.len() > 3 {
            return bad(format!(
                "an unfinished trick has 0 to 3 cards, got {}",
                trick.len()
            ));
        }
        let mut count = [0u32; NUM_KINDS];
        for (s, &h) in hands.iter().enumerate() {
            if h >> 48 != 0 {
                return bad(format!("hand {s} has bits above 47: {h:#x}"));
            }
            if (h >> 24) & !h & KIND_MASK != 0 {
                return bad(format!(
                    "hand {s} holds a second copy without the first: {h:#x}"
                ));
            }
            for (k, c) in count.iter_mut().enumerate() {
                *c += (h >> k & 1) as u32 + (h >> (k + 24) & 1) as u32;
            }
        }
        for &k in trick {
            if k as usize >= NUM_KINDS {
                return bad(format!("a card kind is 0 to 23, got {k}"));
            }
            count[k as usize] += 1;
        }
        if let Some(k) = (0..NUM_KINDS).find(|&k| count[k] > 2) {
            return bad(format!("more than two cards of kind {k}"));
        }
        let n = trick.len();
        let to_move = (leader + n) & 3;
        let size = hands[to_move].count_ones();
        for i in 0..4 {
            let s = (leader + i) & 3;
            let want = if i < n { size.wrapping_sub(1) } else { size };
            if hands[s].count_ones() != want {
                return bad(format!(
                    "the hands do not fit a trick of {n} cards led by seat {leader}: \
                     seat {s} holds {} cards, seat {to_move} (to move) {size}",
                    hands[s].count_ones()
                ));
            }
        }
        let total: u32 = hands.iter().map(|&h| hand_eyes(h)).sum::<u32>()
            + trick.iter().map(|&k| EYES[k as usize] as u32).sum::<u32>();
        Ok(total as i32)
    }

    /// Re's Augen from this position on (the unfinished trick included), fail-soft in
    /// (`alpha`, `beta`). The position was checked.
    fn value(
        &mut self,
        hands: [u64; 4],
        leader: usize,
        trick: &[u8],
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.hands = hands;
        let rem: i32 = hands.iter().map(|&h| hand_eyes(h) as i32).sum();
        let n = trick.len();
        let left = hands[leader].count_ones() + u32::from(n > 0);
        self.use_bounds = left >= self.bounds_from;
        if n == 0 {
            if left == 0 {
                return 0;
            }
            return self.lead(leader, left, rem, alpha, beta);
        }
        let dpt = if self.last_exempt && left == 1 {
            -2
        } else {
            self.dp
        };
        let led = self.tab.eff[trick[0] as usize] as usize;
        let st = &self.tab.strength[led];
        let (mut best_p, mut win) = (st[trick[0] as usize], leader);
        let (mut teyes, mut tmask) = (eyes(trick[0] as usize), 1u32 << trick[0]);
        for (i, &k) in trick.iter().enumerate().skip(1) {
            let p = st[k as usize];
            if p > best_p || (p == dpt && p == best_p) {
                best_p = p;
                win = (leader + i) & 3;
            }
            teyes += eyes(k as usize);
            tmask |= 1 << k;
        }
        let kinds = hands.map(|h| (h & KIND_MASK) as u32);
        let mut moves = kinds;
        let mut others = [0u32; 4];
        for s in 0..4 {
            others[s] = kinds[(s + 1) & 3] | kinds[(s + 2) & 3] | kinds[(s + 3) & 3] | tmask;
        }
        for i in n..4 {
            let s = (leader + i) & 3;
            moves[s] = self.tab.merged(kinds[s], others[s]);
        }
        let ctx = Ctx {
            leader,
            nleft: left - 1,
            moves,
            dpt,
            count: true,
            others,
        };
        self.follow(&ctx, n, led, best_p, win, teyes, rem, alpha, beta)
    }

    // ------------------------------------------------------------------ limits

    /// True (and the search aborted) once the node limit or the deadline is reached, or the
    /// interrupt hook says so.
    #[inline]
    fn over_limits(&mut self) -> bool {
        if let Some(poll) = self.interrupt {
            self.poll_check -= 1;
            if self.poll_check == 0 {
                self.poll_check = POLL_EVERY;
                if poll() {
                    self.interrupted = true;
                    self.aborted = true;
                }
            }
        }
        if self.node_limit != 0 && self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if let Some(deadline) = self.deadline {
            if self.time_check == 0 {
                self.time_check = TIME_CHECK_EVERY;
                if Instant::now() > deadline {
                    self.aborted = true;
                }
            }
            self.time_check -= 1;
        }
        self.aborted
    }

    // ------------------------------------------------------------------ the table

    /// Who holds each kind still in play, as a nibble per kind (bit `s`: seat `s` holds one
    /// copy, or, both copies at one seat, the complement of that seat), and the places in power
    /// order of the kinds in play: what both keys ([`Solver::key`], [`Solver::skey`]) are
    /// built from.
    #[inline(always)]
    fn holders_and_places(&self) -> (u128, u32) {
        let h = &self.hands;
        let x = h.map(|h| (h & KIND_MASK) as u32);
        let both = ((h[0] | h[1] | h[2] | h[3]) >> 24) as u32;
        let present = x[0] | x[1] | x[2] | x[3];
        let mut nib: u128 = 0;
        for (s, &xs) in x.iter().enumerate() {
            let m = xs ^ both;
            let spread = SPREAD[m as usize & 255] as u128
                | (SPREAD[m as usize >> 8 & 255] as u128) << 32
                | (SPREAD[m as usize >> 16 & 255] as u128) << 64;
            nib |= spread << s;
        }
        let pp = &self.tab.power_place;
        let places = pp[0][present as usize & 255]
            | pp[1][present as usize >> 8 & 255]
            | pp[2][present as usize >> 16 & 255];
        (nib, places)
    }

    /// The key of the position in `hands` with `leader` to lead (see [`Key`]); `ords[k]` is
    /// set to the code (effective suit << 4 | place among the suit's kinds still in play) of
    /// each kind in play, the form in which best leads are stored.
    #[inline]
    fn key(&self, leader: usize, ords: &mut [u8; NUM_KINDS]) -> Key {
        let (nib, places) = self.holders_and_places();
        self.key_of(nib, places, leader, ords)
    }

    /// [`Solver::key`] from the holders and places of [`Solver::holders_and_places`] (which
    /// both keys share).
    #[inline]
    fn key_of(&self, nib: u128, mut places: u32, leader: usize, ords: &mut [u8; NUM_KINDS]) -> Key {
        let tab = &self.tab;
        let mut w: u128 = 0;
        let (mut j, mut su, mut n) = (0usize, 255u8, 0u8);
        while places != 0 {
            let g = places.trailing_zeros() as usize;
            places &= places - 1;
            let k = tab.power_kind[g] as usize;
            j = tab.slot[j][g] as usize;
            w |= (nib >> (4 * k) & 15) << (4 * j);
            j += 1;
            if tab.place_suit[g] != su {
                su = tab.place_suit[g];
                n = 0;
            }
            ords[k] = su * 16 + n;
            n += 1;
        }
        w | (leader as u128) << 96
    }

    /// The structure key of the position in `hands` with `leader` to lead and its signature
    /// (see [`SymTable`]).
    #[cfg(test)]
    fn skey(&self, leader: usize) -> (Key, u128) {
        let (nib, places) = self.holders_and_places();
        self.skey_of(nib, places, leader)
    }

    /// [`Solver::skey`] from the holders and places of [`Solver::holders_and_places`].
    #[inline]
    fn skey_of(&self, nib: u128, mut places: u32, leader: usize) -> (Key, u128) {
        let tab = &self.tab;
        let (mut w, mut sig): (u128, u128) = (0, 0);
        let (mut j, mut su) = (0usize, 255u8);
        while places != 0 {
            let g = places.trailing_zeros() as usize;
            places &= places - 1;
            let k = tab.power_kind[g] as usize;
            if tab.place_suit[g] != su {
                su = tab.place_suit[g];
                j = tab.suit_first[su as usize] as usize;
            }
            w |= (nib >> (4 * k) & 15) << (4 * j);
            let c = tab.class[k];
            sig |= (c as u128) << (3 * j);
            if c == 6 {
                w |= ((j + 1) as u128) << 98;
            }
            j += 1;
        }
        (w | (leader as u128) << 96, sig)
    }

    // ------------------------------------------------------------------ nodes

    /// Re's Augen from a trick boundary on, fail-soft in (`alpha`, `beta`): `leader` leads,
    /// `left` tricks and `rem` Augen are left in the hands.
    fn lead(&mut self, leader: usize, left: u32, rem: i32, alpha: i32, beta: i32) -> i32 {
        // the Augen still needed: Re takes at most what is left and at least nothing (also
        // before the two-trick end games, which are most of the nodes)
        if alpha >= rem {
            return rem;
        }
        if beta <= 0 {
            return 0;
        }
        if left <= 2 {
            return match left {
                2 => self.two_tricks(leader, alpha, beta),
                1 => self.last_trick(leader),
                _ => 0,
            };
        }
        if self.aborted {
            return 0;
        }
        let mut ords = [0u8; NUM_KINDS];
        let (nib, places) = self.holders_and_places();
        let key = self.key_of(nib, places, leader, &mut ords);
        let h = Table::hash(key);
        let near = left <= NEAR_LEFT;
        let table = if near { &self.near } else { &self.tt };
        let (lo, hi, bm, a0, b0) = match table.probe(h, key) {
            None => (0, rem, -1, alpha.max(0), beta.min(rem)),
            Some((lo, hi, bm)) => {
                if lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                (lo, hi, bm, alpha.max(lo), beta.min(hi))
            }
        };
        // the sure Augen of either party may decide the test already
        let (lb, ub) = if self.use_bounds {
            self.bounds(rem)
        } else {
            (0, rem)
        };
        if lb >= b0 {
            return lb.max(lo);
        }
        if ub <= a0 {
            return ub.min(hi);
        }
        let (mut lo, mut hi, mut a0, mut b0) = (lo, hi, a0, b0);
        let mut sym = None;
        if left >= self.sym_from {
            let (sk, sig) = self.skey_of(nib, places, leader);
            let sh = Table::hash(sk);
            self.sym_stats[0] += 1;
            let t = TRUMP as usize;
            let (first, len) = (
                self.tab.suit_first[t] as usize,
                self.tab.suit_len[t] as usize,
            );
            let (re, on) = (self.re_mask, self.sure_sym);
            let sure = |k: Key| {
                if on {
                    sure_slots(k, re, first, len)
                } else {
                    [0, 0]
                }
            };
            if let Some((slo, shi, others)) = self.sym.bounds(sh, sk, sig, sure) {
                self.sym_stats[1] += 1;
                if slo >= b0 || shi <= a0 {
                    self.sym_stats[2] += 1;
                    self.sym_stats[3] += u64::from(others);
                    return if slo >= b0 {
                        slo.max(lo).max(lb)
                    } else {
                        shi.min(hi).min(ub)
                    };
                }
                lo = lo.max(slo);
                hi = hi.min(shi);
                a0 = a0.max(slo);
                b0 = b0.min(shi);
            }
            sym = Some((sh, sk, sig));
        }
        self.nodes += 1;
        self.depth_nodes[left as usize] += 1;
        if self.watch && self.over_limits() {
            return 0;
        }
        let (g, best) = self.trick(leader, left - 1, rem, a0, b0, bm, &ords);
        if self.aborted {
            return 0;
        }
        // the table keeps the sure Augen too
        let (mut lo, mut hi) = (lo.max(lb), hi.min(ub));
        if g <= a0 {
            hi = hi.min(g);
        } else if g >= b0 {
            lo = lo.max(g);
        } else {
            lo = g;
            hi = g;
        }
        let code = ords[best as usize] as i32;
        let table = if near { &mut self.near } else { &mut self.tt };
        table.store(h, key, lo, hi, code, left);
        if let Some((sh, sk, sig)) = sym {
            self.sym.store(sh, sk, sig, lo, hi, left);
        }
        g
    }

    /// The trick seat `s0` leads with `nleft` tricks after it and `rem` Augen in the hands:
    /// Re's Augen (fail-soft) and the best lead. Each hand's equivalent cards are merged once
    /// for the trick.
    #[allow(clippy::too_many_arguments)]
    fn trick(
        &mut self,
        s0: usize,
        nleft: u32,
        rem: i32,
        a: i32,
        b: i32,
        bm: i32,
        ords: &[u8; NUM_KINDS],
    ) -> (i32, i32) {
        let kinds = self.hands.map(|h| (h & KIND_MASK) as u32);
        let mut moves = kinds;
        let mut others = [0u32; 4];
        for s in 0..4 {
            others[s] = kinds[(s + 1) & 3] | kinds[(s + 2) & 3] | kinds[(s + 3) & 3];
        }
        if (kinds[0] | kinds[1] | kinds[2] | kinds[3]) & self.tab.mergeable != 0 {
            for s in 0..4 {
                if kinds[s] & self.tab.mergeable != 0 {
                    moves[s] = self.tab.merged(kinds[s], others[s]);
                }
            }
        }
        let ctx = Ctx {
            leader: s0,
            nleft,
            moves,
            dpt: if self.last_exempt && nleft == 0 {
                -2
            } else {
                self.dp
            },
            count: false,
            others,
        };
        // the leads: the last lead of this seat that cut off at this depth first (the
        // killer, not in the first tricks of a long search), then the best one the table
        // remembers, then (see below)
        // of twin leads the fattest if the trick goes to the leader's party whatever the others
        // play (see Tables::twin_reduce)
        if self.twins && moves[s0] & moves[s0].wrapping_sub(1) != 0 {
            let is_re = self.is_re;
            let tab = &self.tab;
            let all = moves[s0];
            moves[s0] = tab.twin_reduce(all, others[s0], |k| {
                let led = tab.eff[k] as usize;
                let p = tab.strength[led][k];
                for s in 0..4 {
                    if is_re[s] != is_re[s0] && tab.response(kinds[s], led) >= p {
                        return None;
                    }
                }
                Some(true)
            });
            self.twin_stats += u64::from((all ^ moves[s0]).count_ones());
        }
        let killer = self.killer[nleft as usize][s0] as usize;
        let mut order = Scored::new();
        let mut m = moves[s0];
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            let key = if killer == k && nleft < KILLER_BELOW {
                i32::MAX
            } else if ords[k] as i32 == bm {
                i32::MAX - 1
            } else {
                // in a game of one against three by the leads that cut off before (the
                // history), then by whether the party is likely to win the trick (the others'
                // best answers do not beat it, or a partner's does): then the fattest card
                // first, else the cheapest. Two against two without the history: it
                // outweighed the estimate there (30 - 45 % more nodes), but a solo whose
                // soloist holds every trump took minutes without it where it takes
                // milliseconds with it.
                let led = self.tab.eff[k] as usize;
                let (mut bp, mut ours) = (self.tab.strength[led][k], true);
                for i in 1..4 {
                    let s = (s0 + i) & 3;
                    let x = self.tab.response(kinds[s], led);
                    if x > bp {
                        bp = x;
                        ours = self.is_re[s] == self.is_re[s0];
                    }
                }
                let fixed = if ours {
                    4000 + eyes(k) * 128 - bp
                } else {
                    -eyes(k) * 128 - bp
                };
                if self.use_history {
                    (self.history[s0][k].min(1 << 16) as i32) * 8192 + fixed
                } else {
                    fixed
                }
            };
            order.push(key, k);
        }
        order.sort();
        let maxi = self.is_re[s0];
        let h0 = self.hands[s0];
        let (mut a, mut b) = (a, b);
        let mut g = if maxi { -INF } else { INF };
        let mut best = order.items[0].1 as i32;
        for i in 0..order.n {
            let k = order.items[i].1 as usize;
            self.hands[s0] = take(h0, k);
            let led = self.tab.eff[k] as usize;
            let p = self.tab.strength[led][k];
            let v = self.follow(&ctx, 1, led, p, s0, eyes(k), rem - eyes(k), a, b);
            if maxi {
                if v > g {
                    g = v;
                    best = k as i32;
                }
                if v > a {
                    a = v;
                    if a >= b {
                        self.cut_stats[0][0] += 1;
                        self.cut_stats[0][1] += u64::from(i == 0);
                        self.history[s0][k] += nleft * nleft;
                        self.killer[nleft as usize][s0] = k as u8;
                        break;
                    }
                }
            } else {
                if v < g {
                    g = v;
                    best = k as i32;
                }
                if v < b {
                    b = v;
                    if a >= b {
                        self.cut_stats[0][0] += 1;
                        self.cut_stats[0][1] += u64::from(i == 0);
                        self.history[s0][k] += nleft * nleft;
                        self.killer[nleft as usize][s0] = k as u8;
                        break;
                    }
                }
            }
        }
        self.hands[s0] = h0;
        (g, best)
    }

    /// Re's Augen (fail-soft in (`a`, `b`)) from the card at position `pos` (1 to 3) of the
    /// trick `ctx`, led in effective suit `led`; the best card so far has strength `best_p`
    /// and was played by `win`; `teyes` Augen are in the trick and `hrem` in the hands.
    #[allow(clippy::too_many_arguments)]
    fn follow(
        &mut self,
        ctx: &Ctx,
        pos: usize,
        led: usize,
        best_p: i32,
        win: usize,
        teyes: i32,
        hrem: i32,
        a: i32,
        b: i32,
    ) -> i32 {
        let seat = (ctx.leader + pos) & 3;
        let own = ctx.moves[seat];
        let f = own & self.tab.follow[led];
        let legal = if f != 0 { f } else { own };
        if ctx.count {
            self.nodes += 1;
        }
        if pos == 3 {
            return self.last_card(ctx, seat, legal, led, best_p, win, teyes, hrem, a, b);
        }
        let st = self.tab.strength[led];
        let dpt = ctx.dpt;
        let maxi = self.is_re[seat];
        // of twins the fattest if the trick goes to the seat's party whatever the later seats
        // play, the leanest if it goes to the others (see Tables::twin_reduce)
        let all = legal;
        let legal = if self.twins && legal & legal.wrapping_sub(1) != 0 {
            let is_re = self.is_re;
            let (tab, hands) = (&self.tab, &self.hands);
            tab.twin_reduce(legal, ctx.others[seat], |k| {
                let p = st[k];
                let (bp, w) = if p > best_p || (p == dpt && p == best_p) {
                    (p, seat)
                } else {
                    (best_p, win)
                };
                for i in pos + 1..4 {
                    let s = (ctx.leader + i) & 3;
                    if is_re[s] != is_re[w]
                        && tab.response((hands[s] & KIND_MASK) as u32, led) >= bp
                    {
                        return None;
                    }
                }
                Some(is_re[w] == maxi)
            })
        } else {
            legal
        };
        self.twin_stats += u64::from((all ^ legal).count_ones());
        let mut order = Scored::new();
        if legal & (legal - 1) == 0 {
            order.push(0, legal.trailing_zeros() as usize);
        } else if pos == 1 {
            // as for the third seat, looking at the best answers of both later seats: a card
            // after which the party is likely to keep the trick by the Augen, the cheaper card
            // first; else the card that gives the least
            let (s2, s3) = ((seat + 1) & 3, (seat + 2) & 3);
            let x2 = self.tab.response((self.hands[s2] & KIND_MASK) as u32, led);
            let x3 = self.tab.response((self.hands[s3] & KIND_MASK) as u32, led);
            let mine = self.is_re[win] == maxi;
            let mut m = legal;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                let p = st[k];
                let (mut bp, mut ours) = if p > best_p || (p == dpt && p == best_p) {
                    (p, true)
                } else {
                    (best_p, mine)
                };
                if x2 > bp {
                    bp = x2;
                    ours = self.is_re[s2] == maxi;
                }
                if x3 > bp {
                    ours = self.is_re[s3] == maxi;
                }
                let score = if ours {
                    10000 + (teyes + eyes(k)) * 64 - p
                } else {
                    -eyes(k) * 64 - p
                };
                order.push(score, k);
            }
            order.sort();
        } else {
            // a card after which the party is likely to keep the trick (the fourth seat's best
            // answer does not beat it, or the fourth seat is the partner and can) by the
            // Augen, the cheaper card first; else the least
            let s3 = (seat + 1) & 3;
            let x3 = self.tab.response((self.hands[s3] & KIND_MASK) as u32, led);
            let partner_last = maxi == self.is_re[s3];
            let mine = self.is_re[win] == maxi;
            let mut m = legal;
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                let p = st[k];
                let (bpn, mut ours) = if p > best_p || (p == dpt && p == best_p) {
                    (p, true)
                } else {
                    (best_p, mine)
                };
                if partner_last {
                    ours = ours || x3 > bpn;
                } else if ours {
                    ours = bpn > x3 || (bpn == x3 && x3 != dpt);
                }
                let score = if ours {
                    10000 + (teyes + eyes(k)) * 64 - p
                } else {
                    -eyes(k) * 64 - p
                };
                order.push(score, k);
            }
            order.sort();
        }
        let h = self.hands[seat];
        let (mut a, mut b) = (a, b);
        let mut g = if maxi { -INF } else { INF };
        for i in 0..order.n {
            let k = order.items[i].1 as usize;
            let p = st[k];
            let (bp, w) = if p > best_p || (p == dpt && p == best_p) {
                (p, seat)
            } else {
                (best_p, win)
            };
            self.hands[seat] = take(h, k);
            let v = self.follow(
                ctx,
                pos + 1,
                led,
                bp,
                w,
                teyes + eyes(k),
                hrem - eyes(k),
                a,
                b,
            );
            if maxi {
                g = g.max(v);
                if v > a {
                    a = v;
                    if a >= b {
                        self.cut_stats[pos][0] += 1;
                        self.cut_stats[pos][1] += u64::from(i == 0);
                        break;
                    }
                }
            } else {
                g = g.min(v);
                if v < b {
                    b = v;
                    if a >= b {
                        self.cut_stats[pos][0] += 1;
                        self.cut_stats[pos][1] += u64::from(i == 0);
                        break;
                    }
                }
            }
        }
        self.hands[seat] = h;
        g
    }

    /// The card that completes the trick: each choice decides the winner, who leads the next
    /// trick. With several cards a position already known to cut ends the search here
    /// (enhanced transposition cutoff); the others are tried by the Augen the trick brings the
    /// seat's party.
    #[allow(clippy::too_many_arguments)]
    fn last_card(
        &mut self,
        ctx: &Ctx,
        seat: usize,
        legal: u32,
        led: usize,
        best_p: i32,
        win: usize,
        teyes: i32,
        hrem: i32,
        a: i32,
        b: i32,
    ) -> i32 {
        let st = self.tab.strength[led];
        let dpt = ctx.dpt;
        let maxi = self.is_re[seat];
        let nleft = ctx.nleft;
        let h = self.hands[seat];
        let outcome = |k: usize| -> (usize, i32) {
            let p = st[k];
            let w = if p > best_p || (p == dpt && p == best_p) {
                seat
            } else {
                win
            };
            (w, teyes + eyes(k))
        };
        // of twins the fattest if the trick goes to the seat's party, else the leanest
        let all = legal;
        let legal = if self.twins && legal & legal.wrapping_sub(1) != 0 {
            let is_re = self.is_re;
            self.tab.twin_reduce(legal, ctx.others[seat], |k| {
                Some(is_re[outcome(k).0] == maxi)
            })
        } else {
            legal
        };
        self.twin_stats += u64::from((all ^ legal).count_ones());
        if legal & (legal - 1) == 0 {
            let k = legal.trailing_zeros() as usize;
            let (w, x) = outcome(k);
            let tv = if self.is_re[w] { x } else { 0 };
            self.hands[seat] = take(h, k);
            let v = tv + self.lead(w, nleft, hrem - eyes(k), a - tv, b - tv);
            self.hands[seat] = h;
            return v;
        }
        let mut order = Scored::new();
        let mut m = legal;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            let (w, x) = outcome(k);
            if nleft >= self.etc_from {
                let tv = if self.is_re[w] { x } else { 0 };
                self.hands[seat] = take(h, k);
                let mut ords = [0u8; NUM_KINDS];
                let key = self.key(w, &mut ords);
                if let Some((lo, hi, _)) = self.tt.probe(Table::hash(key), key) {
                    let v = tv + if maxi { lo } else { hi };
                    if (maxi && v >= b) || (!maxi && v <= a) {
                        self.hands[seat] = h;
                        return v;
                    }
                }
            }
            let gain = if self.is_re[w] == maxi { x } else { -x };
            order.push(gain * 64 - st[k], k);
        }
        order.sort();
        let (mut a, mut b) = (a, b);
        let mut g = if maxi { -INF } else { INF };
        for i in 0..order.n {
            let k = order.items[i].1 as usize;
            let (w, x) = outcome(k);
            let tv = if self.is_re[w] { x } else { 0 };
            self.hands[seat] = take(h, k);
            let v = tv + self.lead(w, nleft, hrem - eyes(k), a - tv, b - tv);
            if maxi {
                g = g.max(v);
                if v > a {
                    a = v;
                    if a >= b {
                        self.cut_stats[3][0] += 1;
                        self.cut_stats[3][1] += u64::from(i == 0);
                        break;
                    }
                }
            } else {
                g = g.min(v);
                if v < b {
                    b = v;
                    if a >= b {
                        self.cut_stats[3][0] += 1;
                        self.cut_stats[3][1] += u64::from(i == 0);
                        break;
                    }
                }
            }
        }
        self.hands[seat] = h;
        g
    }

    /// Bounds on Re's Augen from a trick boundary on (`rem` Augen in the hands): Re wins at
    /// least its own sure Augen and at most what Kontra's sure Augen leave.
    ///
    /// The sure Augen of a party, whatever anybody plays: a trick in which one of its trumps
    /// is played goes to the highest trump in it, so the party loses it only to an opponent's
    /// trump at least as high (equal copies count: the first of two wins, or under the Dulle
    /// rules the second). Walking the trumps in play from the highest down, `x` are the
    /// party's cards so far and `m` the opponents' cards that could beat the lowest of them.
    /// The cards of `x` lie in at least `t` tricks (the most cards of `x` one seat holds), of
    /// which the party loses at most `m`, each with at most one card of `x` from each of its
    /// seats. So it keeps the Augen of `x` but the `m` fattest of each of its seats, and wins
    /// at least `t - m` tricks, in which every opponent plays at least its `t - m` cheapest
    /// cards and every seat of the party its cheapest cards besides `x` for the rest. The best
    /// of these bounds over the walk counts (0 if the party holds no trump that at most
    /// [`MAX_BEATERS`] opponents' cards can beat).
    fn bounds(&self, rem: i32) -> (i32, i32) {
        let h = &self.hands;
        let trumps =
            &self.tab.suit_order[TRUMP as usize][..self.tab.suit_len[TRUMP as usize] as usize];
        let party = self.is_re.map(usize::from); // 1 Re, 0 Kontra
        let present = (h[0] | h[1] | h[2] | h[3]) as u32;
        // per seat: the cards of its party's `x` by rank, how many, their Augen
        let mut x_rank = [[0u8; 6]; 4];
        let mut x_n = [0u32; 4];
        let mut x_eyes = [0i32; 4];
        // per party: `m`, `t`, the best bound, and whether its walk goes on
        let mut m = [0u32; 2];
        let mut t = [0u32; 2];
        let mut best = [0i32; 2];
        let mut live = [true; 2];
        let mut by_rank: Option<[[u8; 6]; 4]> = None;
        for &k in trumps {
            if present >> k & 1 == 0 {
                continue;
            }
            let mut c = [0u32; 4];
            let mut held = [0u32; 2];
            for s in 0..4 {
                c[s] = (h[s] >> k & 1) as u32 + (h[s] >> (k + 24) & 1) as u32;
                held[party[s]] += c[s];
            }
            for p in 0..2 {
                if !live[p] {
                    continue;
                }
                m[p] += held[1 - p];
                if m[p] > MAX_BEATERS {
                    live[p] = false;
                    continue;
                }
                if held[p] == 0 {
                    continue;
                }
                for s in 0..4 {
                    if party[s] == p && c[s] != 0 {
                        x_rank[s][k as usize % 6] += c[s] as u8;
                        x_n[s] += c[s];
                        x_eyes[s] += eyes(k as usize) * c[s] as i32;
                        t[p] = t[p].max(x_n[s]);
                    }
                }
                // tricks holding cards of `x`: at least `t`, at most `m` of them lost
                let won = t[p].saturating_sub(m[p]);
                let mut lb = 0i32;
                for s in 0..4 {
                    if party[s] == p {
                        lb += x_eyes[s] - fattest(&x_rank[s], m[p]);
                    }
                }
                if won > 0 {
                    let hr = by_rank.get_or_insert_with(|| {
                        h.map(|hs| RANK_MASK.map(|rm| (hs & rm).count_ones() as u8))
                    });
                    for s in 0..4 {
                        if party[s] != p {
                            lb += cheapest(&hr[s], won);
                        } else if won > x_n[s] {
                            let mut rest = hr[s];
                            for (r, n) in rest.iter_mut().enumerate() {
                                *n -= x_rank[s][r];
                            }
                            lb += cheapest(&rest, won - x_n[s]);
                        }
                    }
                }
                best[p] = best[p].max(lb);
            }
            if !live[0] && !live[1] {
                break;
            }
        }
        (best[1], rem - best[0])
    }

    // ------------------------------------------------------------------ end games

    /// The Dulle's power in the last trick (-2 if the second Dulle does not win it).
    #[inline]
    fn dp_last(&self) -> i32 {
        if self.last_exempt {
            -2
        } else {
            self.dp
        }
    }

    /// Re's Augen in the last trick (every hand holds one card).
    fn last_trick(&self, leader: usize) -> i32 {
        let dpl = self.dp_last();
        let card = |s: usize| (self.hands[s] & KIND_MASK).trailing_zeros() as usize;
        let k = card(leader);
        let st = &self.tab.strength[self.tab.eff[k] as usize];
        let (mut best, mut win, mut total) = (st[k], leader, eyes(k));
        for i in 1..4 {
            let s = (leader + i) & 3;
            let k = card(s);
            total += eyes(k);
            let p = st[k];
            if p > best || (p == dpl && p == best) {
                best = p;
                win = s;
            }
        }
        if self.is_re[win] {
            total
        } else {
            0
        }
    }

    /// Re's Augen in the last two tricks (every hand holds two cards), fail-soft in
    /// (`alpha`, `beta`), by minimax over the card each seat plays into the first of them
    /// (following suit if it can); the other cards make the last trick, led by the first one's
    /// winner. One node.
    fn two_tricks(&mut self, leader: usize, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.depth_nodes[2] += 1;
        // per seat in play order: (the card played first, the card kept) choices
        let mut opts = [[(0usize, 0usize); 2]; 4];
        let mut nopt = [0usize; 4];
        for i in 0..4 {
            let h = self.hands[(leader + i) & 3];
            let x = (h & KIND_MASK).trailing_zeros() as usize;
            let rest = (h & KIND_MASK) & !(1 << x);
            if rest == 0 {
                opts[i][0] = (x, x);
                nopt[i] = 1;
            } else {
                let y = rest.trailing_zeros() as usize;
                opts[i] = [(x, y), (y, x)];
                nopt[i] = 2;
            }
        }
        let re = [0, 1, 2, 3].map(|i| self.is_re[(leader + i) & 3]);
        let dp = self.dp;
        let dpl = self.dp_last();
        let tab = &self.tab;
        // the choices of seat i in a trick led in `led`: the following ones if any
        let choices = |i: usize, led: usize| -> (usize, usize) {
            if nopt[i] == 1 {
                return (0, 1);
            }
            let fm = tab.follow[led];
            let f0 = fm >> opts[i][0].0 & 1 != 0;
            let f1 = fm >> opts[i][1].0 & 1 != 0;
            match (f0, f1) {
                (true, false) => (0, 1),
                (false, true) => (1, 2),
                _ => (0, 2),
            }
        };
        let mut g0 = if re[0] { -INF } else { INF };
        let (mut a0, mut b0) = (alpha, beta);
        for c0 in &opts[0][..nopt[0]] {
            let led = tab.eff[c0.0] as usize;
            let st = &tab.strength[led];
            let p0 = st[c0.0];
            let mut g1 = if re[1] { -INF } else { INF };
            let (mut a1, mut b1) = (a0, b0);
            let (f1, t1) = choices(1, led);
            for c1 in &opts[1][f1..t1] {
                let p = st[c1.0];
                let (p1, w1) = if p > p0 || (p == dp && p == p0) {
                    (p, 1)
                } else {
                    (p0, 0)
                };
                let mut g2 = if re[2] { -INF } else { INF };
                let (mut a2, mut b2) = (a1, b1);
                let (f2, t2) = choices(2, led);
                for c2 in &opts[2][f2..t2] {
                    let p = st[c2.0];
                    let (p2, w2) = if p > p1 || (p == dp && p == p1) {
                        (p, 2)
                    } else {
                        (p1, w1)
                    };
                    let mut g3 = if re[3] { -INF } else { INF };
                    let (mut a3, mut b3) = (a2, b2);
                    let (f3, t3) = choices(3, led);
                    for c3 in &opts[3][f3..t3] {
                        let p = st[c3.0];
                        let w = if p > p2 || (p == dp && p == p2) {
                            3
                        } else {
                            w2
                        };
                        let first = eyes(c0.0) + eyes(c1.0) + eyes(c2.0) + eyes(c3.0);
                        let ys = [c0.1, c1.1, c2.1, c3.1];
                        let mut v = if re[w] { first } else { 0 };
                        // the last trick, led by w
                        let k = ys[w];
                        let st2 = &tab.strength[tab.eff[k] as usize];
                        let (mut bb, mut win2) = (st2[k], w);
                        let mut last = eyes(k);
                        for j in 1..4 {
                            let q = (w + j) & 3;
                            let p = st2[ys[q]];
                            last += eyes(ys[q]);
                            if p > bb || (p == dpl && p == bb) {
                                bb = p;
                                win2 = q;
                            }
                        }
                        if re[win2] {
                            v += last;
                        }
                        if cut(re[3], v, &mut g3, &mut a3, &mut b3) {
                            break;
                        }
                    }
                    if cut(re[2], g3, &mut g2, &mut a2, &mut b2) {
                        break;
                    }
                }
                if cut(re[1], g2, &mut g1, &mut a1, &mut b1) {
                    break;
                }
            }
            if cut(re[0], g1, &mut g0, &mut a0, &mut b0) {
                break;
            }
        }
        g0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{kind, ACE, CLUBS, DIAMONDS, HEARTS, JACK, KING, NINE, QUEEN, SPADES, TEN};
    use crate::order::{NORMAL_ORDER, QUEENS_ORDER};

    fn hand(kinds: &[u8]) -> u64 {
        let mut h = 0u64;
        for &k in kinds {
            h = crate::cards::hand_add(h, k).expect("at most two copies");
        }
        h
    }

    fn solver(order: usize, parties: &str, dulle: u8) -> Solver {
        let is_re = [0, 1, 2, 3].map(|i| parties.as_bytes()[i] == b'R');
        let mut sv = Solver::new(order, is_re, dulle, 1 << 12).unwrap();
        sv.bounds_from = 0; // the unit tests search with the sure Augen at every depth
        sv
    }

    /// Plain minimax over every legal card (no table, no merging): the reference for the
    /// unit tests.
    fn brute(sv: &Solver, hands: [u64; 4], leader: usize, trick: &mut Vec<u8>) -> i32 {
        let order = order_at(sv.order_index).unwrap();
        let n = trick.len();
        if n == 4 {
            let last = hands.iter().all(|&h| h == 0);
            let w = (leader + order.trick_winner(trick, sv.dulle_rule, last)) & 3;
            let tv: i32 = trick.iter().map(|&k| eyes(k as usize)).sum();
            let v = if sv.is_re[w] { tv } else { 0 };
            if last {
                return v;
            }
            return v + brute(sv, hands, w, &mut Vec::new());
        }
        let seat = (leader + n) & 3;
        let mut legal = (hands[seat] & KIND_MASK) as u32;
        if n > 0 {
            let f = legal & sv.tab.follow[sv.tab.eff[trick[0] as usize] as usize];
            if f != 0 {
                legal = f;
            }
        }
        let maxi = sv.is_re[seat];
        let mut g = if maxi { -INF } else { INF };
        while legal != 0 {
            let k = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let mut nh = hands;
            nh[seat] = take(nh[seat], k);
            trick.push(k as u8);
            let v = brute(sv, nh, leader, trick);
            trick.pop();
            g = if maxi { g.max(v) } else { g.min(v) };
        }
        g
    }

    fn both(sv: &mut Solver, hands: [u64; 4], leader: usize, trick: &[u8]) -> i32 {
        let v = sv.future_value(hands, leader, trick, None).unwrap();
        assert_eq!(v, brute(sv, hands, leader, &mut trick.to_vec()));
        v
    }

    const TH: u8 = kind(HEARTS, TEN);

    #[test]
    fn last_trick_goes_to_the_highest_trump() {
        // TSR 5.3.3: ♣D beats ♥A led; Re (seats 0 and 2) with the ♣D takes 11 + 3 + 10 + 0
        let mut sv = solver(NORMAL_ORDER, "RKRK", 0);
        let hands = [
            hand(&[kind(HEARTS, ACE)]),
            hand(&[kind(HEARTS, NINE)]),
            hand(&[kind(CLUBS, QUEEN)]),
            hand(&[kind(SPADES, TEN)]),
        ];
        assert_eq!(both(&mut sv, hands, 0, &[]), 24);
        // Kontra on seat 1 leads: the same cards, Re's ♣D still wins
        assert_eq!(both(&mut sv, hands, 1, &[]), 24);
    }

    #[test]
    fn two_dullen_under_each_rule() {
        // TSR 5.3.3: the first ♥10 wins; house rule 1: the second; rule 2: the second except in
        // the last trick. Seat 0 (Kontra) leads the ♥10, seat 2 (Re) holds the other one.
        let hands = [
            hand(&[TH]),
            hand(&[kind(HEARTS, KING)]),
            hand(&[TH]),
            hand(&[kind(HEARTS, NINE)]),
        ];
        let eyes_all = 10 + 4 + 10;
        for (rule, want) in [(0u8, 0), (1, eyes_all), (2, 0)] {
            let mut sv = solver(NORMAL_ORDER, "KKRK", rule);
            assert_eq!(both(&mut sv, hands, 0, &[]), want, "rule {rule}");
        }
        // not the last trick: rule 2 lets the second Dulle win the first of two tricks
        let hands = [
            hand(&[TH, kind(CLUBS, NINE)]),
            hand(&[kind(SPADES, KING), kind(CLUBS, KING)]),
            hand(&[TH, kind(CLUBS, ACE)]),
            hand(&[kind(SPADES, NINE), kind(CLUBS, TEN)]),
        ];
        let mut got = Vec::new();
        for rule in 0..3u8 {
            let mut sv = solver(NORMAL_ORDER, "KKRK", rule);
            got.push(both(&mut sv, hands, 0, &[]));
        }
        // rule 0: Kontra leads the ♥10 and wins with it (Re must follow with the other one),
        // then Re's ♣A takes 15. Rule 1: Kontra leads ♣9 (25 to Re) and its second ♥10 takes
        // the last trick. Rule 2: the first ♥10 wins the last trick, the second the first one:
        // Re takes both tricks whatever Kontra leads.
        assert_eq!(got, vec![15, 25, 49]);
    }

    #[test]
    fn a_fuchs_is_saved_or_lost() {
        // Kontra (seat 1) leads the ♣A or ♠A; Re on seat 2 holds the Fuchs (♦A) and the ♦9 as
        // its only trumps: it trumps with the ♦9 (playing the Fuchs there would be the same
        // here) and then leads the Fuchs, which its partner's ♣D covers. Re takes all 40 Augen.
        let mut sv = solver(NORMAL_ORDER, "RKRK", 0);
        let hands = [
            hand(&[kind(CLUBS, QUEEN), kind(SPADES, NINE)]),
            hand(&[kind(CLUBS, ACE), kind(SPADES, ACE)]),
            hand(&[kind(DIAMONDS, ACE), kind(DIAMONDS, NINE)]),
            hand(&[kind(CLUBS, NINE), kind(SPADES, KING)]),
        ];
        assert_eq!(both(&mut sv, hands, 1, &[]), 40);
        // with the ♣D on Kontra's side (seat 1 leads it) the Fuchs is lost whenever Re must
        // follow trumps with it
        let mut sv = solver(NORMAL_ORDER, "RKRK", 0);
        let hands = [
            hand(&[kind(CLUBS, ACE), kind(SPADES, NINE)]),
            hand(&[kind(CLUBS, QUEEN), kind(SPADES, ACE)]),
            hand(&[kind(DIAMONDS, ACE), kind(SPADES, TEN)]),
            hand(&[kind(CLUBS, NINE), kind(SPADES, KING)]),
        ];
        // trick 1: ♣D, then seat 2 must follow trumps with the Fuchs (TSR 5.2.2) and Kontra
        // takes it; trick 2: Kontra's ♠A wins again. Re takes nothing.
        assert_eq!(both(&mut sv, hands, 1, &[]), 0);
    }

    #[test]
    fn mid_trick_and_equivalent_cards() {
        // a trick of the ♦K started by each seat in turn (the leader holds one card less);
        // seat 0 holds ♣D and ♠D, one move in the search: the value is that of brute force
        let mut sv = solver(NORMAL_ORDER, "RKRK", 0);
        let hands = [
            hand(&[kind(CLUBS, QUEEN), kind(SPADES, QUEEN), kind(HEARTS, ACE)]),
            hand(&[kind(DIAMONDS, JACK), kind(HEARTS, NINE), kind(SPADES, ACE)]),
            hand(&[kind(HEARTS, KING), kind(CLUBS, ACE), kind(DIAMONDS, TEN)]),
            hand(&[kind(HEARTS, TEN), kind(SPADES, NINE)]),
        ];
        for leader in 0..4 {
            let trick: &[u8] = &[kind(DIAMONDS, KING)];
            let mut hs = hands;
            hs[3] = hand(&[kind(HEARTS, TEN), kind(SPADES, NINE), kind(CLUBS, NINE)]);
            let card = hs[leader].trailing_zeros() as u8;
            hs[leader] = take(hs[leader], card as usize);
            let _ = both(&mut sv, hs, leader, trick);
        }
    }

    #[test]
    fn queens_solo_four_tricks_match_brute_force() {
        // a Damensolo (only queens trump, TSR 2.3.6) of four tricks, Re alone on seat 2
        let mut sv = solver(QUEENS_ORDER, "KKRK", 0);
        let hands = [
            hand(&[
                kind(CLUBS, ACE),
                kind(CLUBS, TEN),
                kind(HEARTS, NINE),
                kind(SPADES, KING),
            ]),
            hand(&[
                kind(CLUBS, NINE),
                kind(DIAMONDS, QUEEN),
                kind(HEARTS, ACE),
                kind(SPADES, JACK),
            ]),
            hand(&[
                kind(CLUBS, QUEEN),
                kind(SPADES, QUEEN),
                kind(CLUBS, KING),
                kind(DIAMONDS, ACE),
            ]),
            hand(&[
                kind(HEARTS, TEN),
                kind(DIAMONDS, TEN),
                kind(SPADES, ACE),
                kind(CLUBS, JACK),
            ]),
        ];
        for leader in 0..4 {
            both(&mut sv, hands, leader, &[]);
        }
    }

    #[test]
    fn sure_augen_of_the_top_trumps() {
        // Re (seats 0 and 2) holds both ♥10, the highest trumps (TSR 5.3.3 with rule 0): seat
        // 0 wins two tricks with them whatever happens, with at least the cheapest two cards
        // of every other seat: 20 + (♣9 + ♣K) 4 + (♦9 + ♣D) 3 + (♠10 + ♥A) 21 = 48
        let hands = [
            hand(&[TH, TH, kind(SPADES, NINE)]),
            hand(&[kind(CLUBS, QUEEN), kind(DIAMONDS, NINE), kind(SPADES, ACE)]),
            hand(&[kind(CLUBS, NINE), kind(CLUBS, KING), kind(DIAMONDS, KING)]),
            hand(&[kind(SPADES, TEN), kind(HEARTS, ACE), kind(CLUBS, ACE)]),
        ];
        let mut sv = solver(NORMAL_ORDER, "RKRK", 0);
        sv.hands = hands;
        let rem = hands.iter().map(|&h| hand_eyes(h) as i32).sum();
        assert_eq!(sv.bounds(rem), (48, rem));
        for leader in 0..4 {
            assert!(both(&mut sv, hands, leader, &[]) >= 48);
        }
        // the ♥10s split between the parties (either may come first): none of them is sure,
        // but Kontra's one ♥10 can beat only one of Re's two ♣D on seat 2, which keeps 3 and
        // wins a trick with them, into which seat 1 plays the ♥10 or the ♠A and seat 3 at
        // least the ♠K: 3 + 10 + 4 = 17
        let hands = [
            hand(&[TH, kind(SPADES, NINE)]),
            hand(&[TH, kind(SPADES, ACE)]),
            hand(&[kind(CLUBS, QUEEN), kind(CLUBS, QUEEN)]),
            hand(&[kind(SPADES, TEN), kind(SPADES, KING)]),
        ];
        let mut sv = solver(NORMAL_ORDER, "RKRK", 0);
        sv.hands = hands;
        let rem = hands.iter().map(|&h| hand_eyes(h) as i32).sum();
        assert_eq!(sv.bounds(rem), (17, rem));
        for leader in 0..4 {
            assert!(both(&mut sv, hands, leader, &[]) >= 17);
        }
    }

    #[test]
    fn sure_augen_never_exceed_the_value() {
        // random end games of 3 and 4 tricks in every card order, Dulle rule and party split:
        // the bounds hold at the start, and the search (which prunes by them at every trick
        // boundary) gives the value of plain minimax
        let mut rng = crate::rng::Xoshiro256::new(15);
        let mut pruned = 0;
        for i in 0..150 {
            let n = 3 + (i % 2);
            let mut deck: Vec<u8> = (0..48).map(|c| (c % 24) as u8).collect();
            for j in (1..deck.len()).rev() {
                deck.swap(j, rng.below(j as u64 + 1) as usize);
            }
            let mut hands = [0u64; 4];
            for (s, h) in hands.iter_mut().enumerate() {
                *h = hand(&deck[s * n..(s + 1) * n]);
            }
            let order = rng.below(orders().len() as u64) as usize;
            let parties = ["RKRK", "RRKK", "RKKK", "KKRK", "KRRK"][i % 5];
            let rule = rng.below(3) as u8;
            let mut sv = solver(order, parties, rule);
            sv.hands = hands;
            let rem: i32 = hands.iter().map(|&h| hand_eyes(h) as i32).sum();
            let (lb, ub) = sv.bounds(rem);
            let leader = i % 4;
            let v = brute(&sv, hands, leader, &mut Vec::new());
            assert!(
                lb <= v && v <= ub,
                "{hands:?} {order} {parties} {rule}: {lb} {v} {ub}"
            );
            if lb > 0 || ub < rem {
                pruned += 1;
            }
            assert_eq!(sv.future_value(hands, leader, &[], None), Ok(v));
        }
        assert!(pruned > 30, "the bounds applied in only {pruned} positions");
        // five and six tricks: the same values with and without them, from any seat
        for i in 0..24 {
            let n = 5 + i % 2;
            let mut deck: Vec<u8> = (0..48).map(|c| (c % 24) as u8).collect();
            for j in (1..deck.len()).rev() {
                deck.swap(j, rng.below(j as u64 + 1) as usize);
            }
            let mut hands = [0u64; 4];
            for (s, h) in hands.iter_mut().enumerate() {
                *h = hand(&deck[s * n..(s + 1) * n]);
            }
            let parties = ["RKRK", "RRKK", "KRKK", "KRRK"][i % 4];
            let mut with = solver(NORMAL_ORDER, parties, (i % 3) as u8);
            let mut without = solver(NORMAL_ORDER, parties, (i % 3) as u8);
            without.bounds_from = 99;
            let leader = (i / 2) % 4;
            assert_eq!(
                with.future_value(hands, leader, &[], None),
                without.future_value(hands, leader, &[], None),
                "{hands:?} {parties}"
            );
        }
    }

    /// Random hands of `n` cards each from a shuffled double deck.
    /// A fail-soft result `g` of a search in (`alpha`, `beta`) against the true value `v`: an
    /// upper bound at or below alpha, a lower bound at or above beta, else exact.
    fn assert_fail_soft(g: i32, v: i32, alpha: i32, beta: i32, what: &str) {
        if g <= alpha {
            assert!(v <= g, "{what}: {v} > {g} <= {alpha}");
        } else if g >= beta {
            assert!(v >= g, "{what}: {v} < {g} >= {beta}");
        } else {
            assert_eq!(g, v, "{what} ({alpha}, {beta})");
        }
    }

    fn deal(rng: &mut crate::rng::Xoshiro256, n: usize) -> [u64; 4] {
        let mut deck: Vec<u8> = (0..48).map(|c| (c % 24) as u8).collect();
        for j in (1..deck.len()).rev() {
            deck.swap(j, rng.below(j as u64 + 1) as usize);
        }
        let mut hands = [0u64; 4];
        for (s, h) in hands.iter_mut().enumerate() {
            *h = hand(&deck[s * n..(s + 1) * n]);
        }
        hands
    }

    /// The table key as it was first written (the classes and holders of the kinds in play
    /// packed one after another, with the number per suit): the reference for the packed key.
    fn listed_key(sv: &Solver, leader: usize) -> Vec<u8> {
        let h = &sv.hands;
        let dulle = order_at(sv.order_index)
            .unwrap()
            .dulle
            .filter(|_| sv.dulle_rule != 0);
        let class = |k: u8| {
            if Some(k) == dulle {
                6
            } else {
                RANK_EYES
                    .iter()
                    .position(|&e| e == EYES[k as usize])
                    .unwrap() as u8
            }
        };
        let mut out = vec![leader as u8];
        for su in 0..5 {
            out.push(255);
            for &k in &sv.tab.suit_order[su][..sv.tab.suit_len[su] as usize] {
                let c = h.map(|h| (h >> k & 1) + (h >> (k + 24) & 1));
                if c.iter().sum::<u64>() > 0 {
                    out.push(class(k));
                    out.extend(c.iter().map(|&c| c as u8));
                }
            }
        }
        out
    }

    #[test]
    fn the_packed_key_tells_positions_apart_as_the_listed_one() {
        // two positions share a packed key exactly when the kinds in play of each effective
        // suit have the same classes and holders in power order (and the leader is the same):
        // over random positions of every card order and Dulle rule, small ones and mostly of
        // Jacks and Queens so that many share a key with other hands
        let mut rng = crate::rng::Xoshiro256::new(11);
        let (mut shared, mut total) = (0, 0);
        for order in 0..orders().len() {
            for dulle in 0..3 {
                let mut sv = solver(order, "RKRK", dulle);
                let mut to_packed = std::collections::HashMap::new();
                let mut first = std::collections::HashMap::new();
                let mut to_listed = std::collections::HashMap::new();
                for i in 0..400 {
                    let n = 1 + i % 3;
                    sv.hands = if i % 4 == 0 {
                        deal(&mut rng, n)
                    } else {
                        // Jacks and Queens only: kinds of one class in many suits
                        let mut deck: Vec<u8> = (0..16)
                            .map(|c| kind(c % 4, if c & 4 == 0 { JACK } else { QUEEN }))
                            .collect();
                        for j in (1..deck.len()).rev() {
                            deck.swap(j, rng.below(j as u64 + 1) as usize);
                        }
                        [0, 1, 2, 3].map(|s| hand(&deck[s * n..(s + 1) * n]))
                    };
                    let leader = rng.below(4) as usize;
                    let mut ords = [0u8; NUM_KINDS];
                    let packed = sv.key(leader, &mut ords);
                    let listed = listed_key(&sv, leader);
                    assert_eq!(packed >> 98, 0);
                    assert_ne!(packed as u64 | (packed >> 64) as u64 & KEY_HI, 0);
                    total += 1;
                    if *first.entry(listed.clone()).or_insert(sv.hands) != sv.hands {
                        shared += 1;
                    }
                    assert_eq!(*to_packed.entry(listed.clone()).or_insert(packed), packed);
                    assert_eq!(*to_listed.entry(packed).or_insert(listed.clone()), listed);
                }
            }
        }
        assert!(
            shared * 100 > total,
            "{shared} of {total} positions share a key with other hands"
        );
    }

    #[test]
    fn two_trick_end_games_are_exact_and_fail_soft() {
        // the closed form of the last two tricks (TSR 5.2.2 following, 5.3.3 winners, the Dulle
        // rules): in every card order, against plain minimax, with random windows: a result
        // at or below alpha bounds the value from above, at or above beta from below, and in
        // between it is the value
        let mut rng = crate::rng::Xoshiro256::new(22);
        for i in 0..400 {
            let hands = deal(&mut rng, 2);
            let order = rng.below(orders().len() as u64) as usize;
            let parties = ["RKRK", "RRKK", "RKKK", "KKRK", "KRRK"][i % 5];
            let mut sv = solver(order, parties, rng.below(3) as u8);
            let leader = rng.below(4) as usize;
            let v = brute(&sv, hands, leader, &mut Vec::new());
            sv.hands = hands;
            let alpha = rng.below(60) as i32 - 5;
            let beta = alpha + 1 + rng.below(30) as i32;
            let g = sv.two_tricks(leader, alpha, beta);
            assert_fail_soft(g, v, alpha, beta, &format!("{hands:?} {order} {parties}"));
            assert_eq!(sv.two_tricks(leader, -INF, INF), v);
        }
    }

    #[test]
    fn trick_boundaries_are_fail_soft_with_any_window() {
        // the search from a trick boundary with 2 to 4 tricks left, windows anywhere (also
        // entirely above or below the Augen in play, where the Augen-still-needed cut answers
        // before the two-trick end game): a result at or below alpha bounds plain minimax
        // from above, at or above beta from below, and in between it is the value
        let mut rng = crate::rng::Xoshiro256::new(41);
        let mut cut = 0;
        for i in 0..300 {
            let n = 2 + i % 3;
            let hands = deal(&mut rng, n);
            let order = rng.below(orders().len() as u64) as usize;
            let parties = ["RKRK", "RRKK", "RKKK", "KKRK", "KRRK"][i % 5];
            let mut sv = solver(order, parties, rng.below(3) as u8);
            let leader = rng.below(4) as usize;
            let v = brute(&sv, hands, leader, &mut Vec::new());
            let rem: i32 = hands.iter().map(|&h| hand_eyes(h) as i32).sum();
            let alpha = rng.below(rem as u64 + 20) as i32 - 10;
            let beta = alpha + 1 + rng.below(12) as i32;
            sv.hands = hands;
            let n0 = sv.node_count();
            let g = sv.lead(leader, n as u32, rem, alpha, beta);
            if alpha >= rem || beta <= 0 {
                cut += 1;
                assert_eq!(sv.node_count(), n0, "no node searched");
            }
            assert_fail_soft(g, v, alpha, beta, &format!("{hands:?} {order} {parties}"));
        }
        assert!(cut > 10, "the cut answered only {cut} windows");
    }

    #[test]
    fn the_pruning_gives_the_values_of_plain_minimax() {
        // 240 random end games of 3 and 4 tricks, at a trick boundary or in mid-trick, in
        // every card order, Dulle rule and party split: the search with all its shortcuts on
        // (the sure Augen and the enhanced transposition cutoff at every trick, the tables of
        // near and far positions, both tiny so that entries are replaced, merged cards) gives
        // the value of plain minimax over every legal card, and so does a search that reuses
        // its tables from the positions before (MTD(f) with random first guesses)
        let mut rng = crate::rng::Xoshiro256::new(31);
        let mut reused = solver(NORMAL_ORDER, "RKRK", 0);
        reused.etc_from = 0;
        for i in 0..240 {
            let n = 3 + i % 2;
            let mut hands = deal(&mut rng, n);
            let order = rng.below(orders().len() as u64) as usize;
            let parties = ["RKRK", "RRKK", "RKKK", "KKRK", "KRRK", "KRKK"][i % 6];
            let rule = rng.below(3) as u8;
            let is_re = [0, 1, 2, 3].map(|j| parties.as_bytes()[j] == b'R');
            let mut sv = Solver::new(order, is_re, rule, 16).unwrap();
            sv.bounds_from = 0;
            sv.etc_from = 0;
            let leader = rng.below(4) as usize;
            // a few cards of the first trick already played, each a legal one
            let played = rng.below(4) as usize;
            let trick = open_trick(&mut rng, &sv, &mut hands, leader, played);
            let v = brute(&sv, hands, leader, &mut trick.clone());
            let guess = Some(rng.below(120) as i32);
            assert_eq!(
                sv.future_value(hands, leader, &trick, guess),
                Ok(v),
                "{hands:?} {order} {parties} {rule} {leader} {trick:?}"
            );
            if order == NORMAL_ORDER && rule == 0 && parties == "RKRK" {
                assert_eq!(reused.future_value(hands, leader, &trick, guess), Ok(v));
            }
        }
    }

    /// The first `played` cards of a trick led by `leader`, each a random legal card taken
    /// from its seat's hand in `hands`.
    fn open_trick(
        rng: &mut crate::rng::Xoshiro256,
        sv: &Solver,
        hands: &mut [u64; 4],
        leader: usize,
        played: usize,
    ) -> Vec<u8> {
        let mut trick: Vec<u8> = Vec::new();
        for j in 0..played {
            let s = (leader + j) & 3;
            let mut legal = (hands[s] & KIND_MASK) as u32;
            if let Some(&first) = trick.first() {
                let f = legal & sv.tab.follow[sv.tab.eff[first as usize] as usize];
                if f != 0 {
                    legal = f;
                }
            }
            let pick = rng.below(legal.count_ones() as u64) as usize;
            let k = (0..NUM_KINDS)
                .filter(|&k| legal >> k & 1 != 0)
                .nth(pick)
                .unwrap();
            hands[s] = take(hands[s], k);
            trick.push(k as u8);
        }
        trick
    }

    #[test]
    fn twin_cards_are_pruned_exactly() {
        // 300 random end games of 3 and 4 tricks, at a trick boundary or in mid-trick, every
        // card order, Dulle rule and party split: with one card of each group of twins
        // searched (Tables::twin_reduce: cards of one suit with no other seat's card between
        // them, the fattest where the trick surely goes to the seat's party, else the
        // leanest) the value is that of plain minimax, and the rule left out many cards
        let mut rng = crate::rng::Xoshiro256::new(89);
        let mut left_out = 0;
        for i in 0..300 {
            let n = 3 + i % 2;
            let mut hands = deal(&mut rng, n);
            let order = rng.below(orders().len() as u64) as usize;
            let parties = ["RKRK", "RRKK", "RKKK", "KKRK", "KRRK", "KRKK"][i % 6];
            let rule = rng.below(3) as u8;
            let is_re = [0, 1, 2, 3].map(|j| parties.as_bytes()[j] == b'R');
            let mut sv = Solver::new(order, is_re, rule, 1 << 10).unwrap();
            let leader = rng.below(4) as usize;
            let played = rng.below(4) as usize;
            let trick = open_trick(&mut rng, &sv, &mut hands, leader, played);
            let v = brute(&sv, hands, leader, &mut trick.clone());
            let guess = Some(rng.below(120) as i32);
            assert_eq!(
                sv.future_value(hands, leader, &trick, guess),
                Ok(v),
                "{hands:?} {order} {parties} {rule} {leader} {trick:?}"
            );
            left_out += sv.twin_stats;
        }
        assert!(left_out > 800, "only {left_out} twin cards left out");
    }

    /// A position of the same structure as `hands` (see [`SymTable`]): in each effective suit
    /// the kinds in play are replaced, in power order, by as many other kinds of the suit,
    /// chosen at random and kept in power order, each held by the same seats. The Dulle under
    /// a second-Dulle rule stays (it is part of the structure): the kinds above and below it
    /// are replaced each among their own.
    fn same_structure(sv: &Solver, hands: [u64; 4], rng: &mut crate::rng::Xoshiro256) -> [u64; 4] {
        let dulle = order_at(sv.order_index)
            .unwrap()
            .dulle
            .filter(|_| sv.dulle_rule != 0);
        let mut out = [0u64; 4];
        for su in 0..5 {
            let suit = &sv.tab.suit_order[su][..sv.tab.suit_len[su] as usize];
            for part in suit.split(|&k| Some(k) == dulle) {
                let in_play: Vec<u8> = part
                    .iter()
                    .copied()
                    .filter(|&k| hands.iter().any(|&h| h >> k & 1 != 0))
                    .collect();
                // a random subset of the part's kinds of that size, in power order
                let mut pick: Vec<usize> = (0..part.len()).collect();
                for j in (1..pick.len()).rev() {
                    pick.swap(j, rng.below(j as u64 + 1) as usize);
                }
                let mut pick = pick[..in_play.len()].to_vec();
                pick.sort_unstable();
                for (&k, &i) in in_play.iter().zip(&pick) {
                    for (s, o) in out.iter_mut().enumerate() {
                        for copy in [0, 24] {
                            if hands[s] >> (k as usize + copy) & 1 != 0 {
                                *o = crate::cards::hand_add(*o, part[i]).unwrap();
                            }
                        }
                    }
                }
            }
            if let Some(d) = dulle.filter(|d| suit.contains(d)) {
                for (s, o) in out.iter_mut().enumerate() {
                    *o |= hands[s] & (1 << d | 1 << (d + 24));
                }
            }
        }
        out
    }

    /// A random position of 3 or 4 tricks (the `i`-th of a test: card order, Dulle rule and
    /// leader at random, the party split by `i`) and another of the same structure, with
    /// their structure keys and plain minimax values.
    struct StructurePair {
        sv: Solver,
        hands: [u64; 4],
        other: [u64; 4],
        order: usize,
        parties: &'static str,
        key: Key,
        sig: u128,
        sig2: u128,
        v: i32,
        w: i32,
    }

    fn structure_pair(rng: &mut crate::rng::Xoshiro256, i: usize) -> StructurePair {
        let n = 3 + i % 2;
        let order = rng.below(orders().len() as u64) as usize;
        let parties = ["RKRK", "RRKK", "RKKK", "KKRK", "KRRK", "KRKK"][i % 6];
        let mut sv = solver(order, parties, rng.below(3) as u8);
        let hands = deal(rng, n);
        let other = same_structure(&sv, hands, rng);
        let leader = rng.below(4) as usize;
        sv.hands = hands;
        let (key, sig) = sv.skey(leader);
        sv.hands = other;
        let (key2, sig2) = sv.skey(leader);
        assert_eq!(key, key2, "{hands:?} {other:?} {order}");
        let v = brute(&sv, hands, leader, &mut Vec::new());
        let w = brute(&sv, other, leader, &mut Vec::new());
        StructurePair {
            sv,
            hands,
            other,
            order,
            parties,
            key,
            sig,
            sig2,
            v,
            w,
        }
    }

    #[test]
    fn positions_of_one_structure_differ_by_their_augen_at_most() {
        // payoff similarity: two positions whose kinds in play have the same holders in power
        // order, suit by suit, share a structure key, and plain minimax values that differ by
        // at least the sum of the negative and at most the sum of the positive differences of
        // their cards' Augen (every card order, Dulle rule and party split, 3 and 4 tricks)
        let mut rng = crate::rng::Xoshiro256::new(57);
        let mut moved = 0;
        for i in 0..240 {
            let StructurePair {
                sv: _,
                hands,
                other,
                order,
                parties,
                key,
                sig,
                sig2,
                v,
                w,
            } = structure_pair(&mut rng, i);
            let (down, up) = sym_shift(key, sig2, sig, [0, 0]);
            assert!(
                v + down <= w && w <= v + up,
                "{hands:?} {v} -> {other:?} {w}: [{down}, {up}] {order} {parties}"
            );
            moved += i32::from(v != w);
        }
        assert!(moved > 100, "only {moved} values differ");
    }

    /// The slots of the top trumps that surely go to Kontra and to Re in `sv` (see
    /// [`sure_slots`]).
    fn sure_of(sv: &Solver, key: Key) -> [u32; 2] {
        let t = TRUMP as usize;
        let first = sv.tab.suit_first[t] as usize;
        sure_slots(key, sv.re_mask, first, sv.tab.suit_len[t] as usize)
    }

    #[test]
    fn sure_top_trumps_tighten_the_structure_shift_exactly() {
        // the highest trumps in play, while one party holds all their copies, go to that
        // party whatever anybody plays (TSR 5.3.3): the Augen differences of Re's count both
        // ways, Kontra's not at all. Against plain minimax on positions of one structure
        // (every card order, Dulle rule and party split, 3 and 4 tricks): the tighter shift
        // still bounds the other value, is tighter than the plain one often, and with the
        // parties' sure cards swapped it fails to bound some value
        let mut rng = crate::rng::Xoshiro256::new(91);
        let (mut tighter, mut swapped_wrong) = (0, 0);
        for i in 0..400 {
            let StructurePair {
                sv,
                hands,
                other,
                order,
                parties,
                key,
                sig,
                sig2,
                v,
                w,
            } = structure_pair(&mut rng, i);
            let sure = sure_of(&sv, key);
            assert_eq!(sure[0] & sure[1], 0);
            let (down, up) = sym_shift(key, sig2, sig, sure);
            assert!(
                v + down <= w && w <= v + up,
                "{hands:?} {v} -> {other:?} {w}: [{down}, {up}] {sure:?} {order} {parties}"
            );
            let (d0, u0) = sym_shift(key, sig2, sig, [0, 0]);
            assert!(d0 <= down && up <= u0);
            tighter += i32::from(d0 < down || up < u0);
            let (ds, us) = sym_shift(key, sig2, sig, [sure[1], sure[0]]);
            swapped_wrong += i32::from(w < v + ds || w > v + us);
        }
        assert!(tighter > 60, "only {tighter} tighter shifts");
        assert!(
            swapped_wrong > 5,
            "only {swapped_wrong} wrong bounds with the sure cards swapped"
        );
    }

    #[test]
    fn the_sure_top_trumps_stop_at_the_first_kind_of_the_other_party() {
        // Normalspiel, Re seats 0 and 2: seat 0 holds both ♥10, seat 2 a ♣D, seat 1 (Kontra)
        // the other ♣D, then seat 2 a ♠D: only the two ♥10 surely go to Re
        let mut sv = solver(NORMAL_ORDER, "RKRK", 0);
        sv.hands = [
            hand(&[TH, TH]),
            hand(&[kind(CLUBS, QUEEN), kind(HEARTS, NINE)]),
            hand(&[kind(CLUBS, QUEEN), kind(SPADES, QUEEN)]),
            hand(&[kind(SPADES, NINE), kind(CLUBS, NINE)]),
        ];
        let (key, _) = sv.skey(0);
        let first = sv.tab.suit_first[TRUMP as usize] as u32;
        assert_eq!(sure_of(&sv, key), [0, 1 << first]);
        // seats 0 and 1 swapped: the ♥10s surely go to Kontra; the ♣D, now held by both Re
        // seats, is not Kontra's and ends the walk
        sv.hands.swap(0, 1);
        let (key, _) = sv.skey(0);
        assert_eq!(sure_of(&sv, key), [1 << first, 0]);
    }

    #[test]
    fn the_dulle_under_a_second_dulle_rule_is_part_of_the_structure() {
        // house rule 1 (TSR 5.3.3 changed: the second ♥10 beats the first): Kontra on seat 0
        // leads a ♥10 into Re's ♥10 and loses the last trick, 20 Augen to Re; the same cards
        // as two ♣D, of the same power structure, give the trick to the first, 0 to Re, outside
        // what the Augen differences allow: so the two must not share a structure key
        let mut sv = solver(NORMAL_ORDER, "KRKK", 1);
        let dullen = [
            hand(&[TH]),
            hand(&[TH]),
            hand(&[kind(CLUBS, NINE)]),
            hand(&[kind(SPADES, NINE)]),
        ];
        let queens = [
            hand(&[kind(CLUBS, QUEEN)]),
            hand(&[kind(CLUBS, QUEEN)]),
            hand(&[kind(CLUBS, NINE)]),
            hand(&[kind(SPADES, NINE)]),
        ];
        let (v, w) = (both(&mut sv, dullen, 0, &[]), both(&mut sv, queens, 0, &[]));
        assert_eq!((v, w), (20, 0));
        sv.hands = dullen;
        let (key, sig) = sv.skey(0);
        sv.hands = queens;
        let (key2, sig2) = sv.skey(0);
        let (down, up) = sym_shift(key, sig2, sig, sure_of(&sv, key));
        assert!(w < v + down || w > v + up, "{v} {w} [{down}, {up}]");
        assert_ne!(key, key2);
        // under TSR 5.3.3 itself (rule 0) the ♥10 is a card like any other of the structure
        let mut sv = solver(NORMAL_ORDER, "KRKK", 0);
        sv.hands = dullen;
        let (key, _) = sv.skey(0);
        sv.hands = queens;
        assert_eq!(sv.skey(0).0, key);
    }

    #[test]
    fn the_structure_table_gives_the_values_of_plain_minimax() {
        // the search with the structure table at every trick boundary (and tiny tables, so
        // that entries are replaced), one solver for a position and several others of its
        // structure, so that the bounds of one position cut off in the others: every value
        // is the value of plain minimax, and some searches are cut off by the bounds of a
        // position of other Augen
        let mut rng = crate::rng::Xoshiro256::new(73);
        let mut cuts = 0;
        for i in 0..60 {
            let n = 3 + i % 2;
            let order = rng.below(orders().len() as u64) as usize;
            let parties = ["RKRK", "RRKK", "RKKK", "KKRK", "KRRK", "KRKK"][i % 6];
            let is_re = [0, 1, 2, 3].map(|j| parties.as_bytes()[j] == b'R');
            let mut sv = Solver::new(order, is_re, rng.below(3) as u8, 16).unwrap();
            sv.bounds_from = 0;
            sv.sym_from = 0;
            let hands = deal(&mut rng, n);
            let leader = rng.below(4) as usize;
            for j in 0..4 {
                let h = if j == 0 {
                    hands
                } else {
                    same_structure(&sv, hands, &mut rng)
                };
                let v = brute(&sv, h, leader, &mut Vec::new());
                let guess = Some(rng.below(120) as i32);
                assert_eq!(
                    sv.future_value(h, leader, &[], guess),
                    Ok(v),
                    "{h:?} {order} {parties} {leader}"
                );
            }
            cuts += sv.sym_stats[3];
        }
        assert!(cuts > 20, "only {cuts} cut-offs by other Augen");
    }

    #[test]
    fn limits_bound_the_value() {
        let hands = [
            hand(&[
                kind(CLUBS, ACE),
                kind(CLUBS, TEN),
                kind(HEARTS, NINE),
                kind(SPADES, KING),
            ]),
            hand(&[
                kind(CLUBS, NINE),
                kind(DIAMONDS, QUEEN),
                kind(HEARTS, ACE),
                kind(SPADES, JACK),
            ]),
            hand(&[
                kind(CLUBS, QUEEN),
                kind(SPADES, QUEEN),
                kind(CLUBS, KING),
                kind(DIAMONDS, ACE),
            ]),
            hand(&[
                TH,
                kind(DIAMONDS, TEN),
                kind(SPADES, ACE),
                kind(CLUBS, JACK),
            ]),
        ];
        let exact = solver(NORMAL_ORDER, "RKKR", 0)
            .future_value(hands, 1, &[], None)
            .unwrap();
        let mut sv = solver(NORMAL_ORDER, "RKKR", 0);
        sv.max_nodes = Some(1);
        match sv.future_value(hands, 1, &[], None) {
            Err(SolveError::Limit { lower, upper }) => {
                assert!(lower <= exact && exact <= upper, "{lower} {exact} {upper}")
            }
            other => panic!("expected a limit, got {other:?}"),
        }
        sv.max_nodes = None;
        sv.time_limit = Some(1e-9);
        assert!(matches!(
            sv.future_value(hands, 1, &[], None),
            Err(SolveError::Limit { .. })
        ));
        // 0 means unbounded, as in the Python solver
        sv.time_limit = Some(0.0);
        sv.max_nodes = Some(0);
        assert_eq!(sv.future_value(hands, 1, &[], None), Ok(exact));
    }

    #[test]
    fn the_interrupt_hook_stops_a_long_search() {
        // nine tricks of a random Normalspiel (more tricks expanded than the hook's polling
        // interval): polled, it stops
        let hands = [43980467798609, 2147650217, 12726318, 9752598];
        let mut sv = solver(NORMAL_ORDER, "KKRR", 0);
        sv.bounds_from = BOUNDS_FROM;
        sv.interrupt = Some(|| true);
        assert_eq!(
            sv.future_value(hands, 1, &[], None),
            Err(SolveError::Interrupted)
        );
        let mut sv = solver(NORMAL_ORDER, "KKRR", 0);
        sv.bounds_from = BOUNDS_FROM;
        sv.interrupt = Some(|| false);
        assert_eq!(sv.future_value(hands, 1, &[], None), Ok(77));
        assert!(sv.node_count() > POLL_EVERY as u64, "{}", sv.node_count());
    }

    #[test]
    fn bad_positions_are_refused() {
        let mut sv = solver(NORMAL_ORDER, "RKKR", 0);
        let one = hand(&[kind(CLUBS, ACE)]);
        assert!(matches!(
            sv.future_value([one, 0, one, one], 0, &[], None),
            Err(SolveError::Invalid(_))
        ));
        assert!(matches!(
            sv.future_value([one, one, one, one], 0, &[], None),
            Err(SolveError::Invalid(_))
        ));
        assert!(matches!(
            sv.future_value([0, 0, 0, 0], 4, &[], None),
            Err(SolveError::Invalid(_))
        ));
        assert!(Solver::new(crate::order::N_ORDERS, [true; 4], 0, 16).is_err());
        assert!(Solver::new(0, [true; 4], 3, 16).is_err());
        assert!(Solver::new(0, [true; 4], 0, MAX_TABLE_SIZE + 1).is_err());
        assert_eq!(sv.future_value([0, 0, 0, 0], 0, &[], None), Ok(0));
    }
}
