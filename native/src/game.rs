//! One game of Doppelkopf as a state machine (TSR 3.3 to 6): the exact port of
//! `doko.engine.game.Game`.
//!
//! [`GameState`] is a fixed-size `Copy` struct without heap data (hands as bit sets, the
//! history as a byte array with a length), so a clone is a memory copy. Phases, contracts,
//! parties, call levels and actions are the same ints as in Python (`doko.engine.vocab`,
//! `doko.engine.actions`): an action is `seat * 64 + code`. [`GameState::legal_actions`] lists
//! the actions in the order the Python engine lists them; [`GameState::apply`] refuses an
//! illegal action with the same key, TSR clause, seat and parameters as Python's
//! `IllegalActionError` and leaves the state unchanged.

use crate::cards::{hand_count, EYES, JC, KD, KIND_MASK, QC};
use crate::claims::{claim_refutation, robust_witness, ClaimCtx, Line};
use crate::order::{order_at, orders, pig_order, pig_suit, CardOrder};

// ------------------------------------------------------------------ vocabulary (as Python)

/// Phases (`doko.engine.vocab.Phase`).
pub const QUERY: u8 = 0;
pub const NAMING: u8 = 1;
pub const PLAY: u8 = 2;
pub const FINISHED: u8 = 3;

/// Contracts (`doko.engine.vocab.Contract`).
pub const NORMAL: u8 = 0;
pub const MARRIAGE_C: u8 = 1;
pub const SILENT_MARRIAGE: u8 = 2;
pub const SOLO_DIAMONDS: u8 = 3;
pub const SOLO_HEARTS: u8 = 4;
pub const SOLO_SPADES: u8 = 5;
pub const SOLO_CLUBS: u8 = 6;
pub const SOLO_QUEENS: u8 = 7;
pub const SOLO_JACKS: u8 = 8;
pub const SOLO_MEATLESS: u8 = 9;
/// The picture solos of the house rules (docs/rules.md "Weitere Soli"): Königssolo,
/// Damen-Buben-, Könige-Damen-, Könige-Buben-Solo, Köhler.
pub const SOLO_KINGS: u8 = 10;
pub const SOLO_KOEHLER: u8 = 14;
/// The solo kinds as records name them, in contract order from `SOLO_DIAMONDS`.
pub const SOLO_NAMES: [&str; 12] = [
    "diamonds",
    "hearts",
    "spades",
    "clubs",
    "queens",
    "jacks",
    "meatless",
    "kings",
    "queens_jacks",
    "kings_queens",
    "kings_jacks",
    "koehler",
];

/// Parties (`doko.engine.vocab.Party`).
pub const RE: u8 = 0;
pub const KONTRA: u8 = 1;

/// Action codes (`doko.engine.actions`).
pub const HEALTHY: u8 = 24;
pub const RESERVATION: u8 = 25;
pub const SOLO_BASE: u8 = 26;
pub const MARRIAGE: u8 = 33;
pub const PASS: u8 = 34;
pub const CALL_RE: u8 = 35;
pub const CALL_KONTRA: u8 = 36;
pub const NO90: u8 = 37;
pub const NO60: u8 = 38;
pub const NO30: u8 = 39;
pub const BLACK: u8 = 40;
pub const CONCEDE: u8 = 41;
pub const CLAIM: u8 = 42;
/// Take back one's Vorbehalt while TSR 4.1.2 allows it.
pub const WITHDRAW: u8 = 43;
// Armut and Schmeißen (house rules, `doko.engine.armut`)
pub const ARMUT: u8 = 44;
pub const TAKE: u8 = 45;
pub const REFUSE: u8 = 46;
pub const THROW: u8 = 47;
/// Announce Schweinchen, Superschweinchen, Hyperschweinchen (house rules, `Rules.pigs`).
pub const PIGS: u8 = 48;
pub const SUPERPIGS: u8 = 49;
pub const HYPERPIGS: u8 = 50;
/// The pig announcements by level: level `n` is `PIG_CODES[n - 1]`.
pub const PIG_CODES: [u8; 3] = [PIGS, SUPERPIGS, HYPERPIGS];
/// Genscher (house rule, `Rules.genscher`): code `GENSCHER_BASE + k` (k = 1..3) names the seat
/// `k` places after the Genscher as the new partner.
pub const GENSCHER_BASE: u8 = 50;
pub const GENSCHER_FIRST: u8 = GENSCHER_BASE + 1;
pub const GENSCHER_LAST: u8 = GENSCHER_BASE + 3;
/// `Rules.pigs`: off, announced on turn ("play"), before the first card ("query").
pub const PIGS_OFF: u8 = 0;
pub const PIGS_PLAY: u8 = 1;
pub const PIGS_QUERY: u8 = 2;
/// `Rules.pigs_solo`: never, in a Karo-Solo ("diamonds"), in every Farbsolo ("trump").
pub const PIGS_SOLO_NEVER: u8 = 0;
pub const PIGS_SOLO_DIAMONDS: u8 = 1;
pub const PIGS_SOLO_TRUMP: u8 = 2;
/// Name a picture solo (house rules): `PICTURE_SOLO_BASE + i` names contract `SOLO_KINGS + i`.
pub const PICTURE_SOLO_BASE: u8 = 54;
pub const PICTURE_SOLO_LAST: u8 = PICTURE_SOLO_BASE + SOLO_KOEHLER - SOLO_KINGS;

/// True for a code that names a picture solo.
#[inline]
pub fn is_picture_solo_code(code: u8) -> bool {
    (PICTURE_SOLO_BASE..=PICTURE_SOLO_LAST).contains(&code)
}

/// The contract a solo-naming code names (26..32, 54..58).
#[inline]
pub fn solo_contract_of(code: u8) -> u8 {
    if is_picture_solo_code(code) {
        SOLO_KINGS + (code - PICTURE_SOLO_BASE)
    } else {
        SOLO_DIAMONDS + (code - SOLO_BASE)
    }
}

/// How a finished game ended (`Game.ended`): not yet, played out, conceded, claimed.
pub const ENDED_NONE: u8 = 0;
pub const ENDED_PLAYED: u8 = 1;
pub const ENDED_CONCEDED: u8 = 2;
pub const ENDED_CLAIMED: u8 = 3;
/// Dealt again without cards played (house rules): a seat threw, or nobody took an Armut.
pub const ENDED_THROWN: u8 = 4;
pub const ENDED_ARMUT_REFUSED: u8 = 5;

// Naming stages (TSR 4.1.4 to 4.1.9).
const SINGLE: u8 = 0;
const ASK_PFLICHT: u8 = 1;
const ASK_LUST: u8 = 2;
const FORCED: u8 = 3;
// the Armut's stages (house rule), also in the phase NAMING (as `game.ASK_POOR` ...)
const ASK_POOR: u8 = 4;
const ARMUT_ASK: u8 = 5;
const ARMUT_GIVE: u8 = 6;
const ARMUT_RETURN: u8 = 7;

/// Latest moment for each call level: the caller holds at least this many cards (TSR 6.2.2,
/// 6.3.4). Index = level: 1 Re/Kontra, 2 keine 90, ... 5 schwarz.
pub const CALL_MIN_CARDS: [i32; 6] = [99, 11, 10, 9, 8, 7];

/// The action of `seat` with `code`.
#[inline]
pub const fn encode(seat: u8, code: u8) -> u8 {
    seat << 6 | code
}

/// The level (1..5) of a call code.
#[inline]
pub const fn call_level(code: u8) -> u8 {
    if code <= CALL_KONTRA {
        1
    } else {
        code - NO90 + 2
    }
}

/// The card order index a contract is played in (`contracts.order_of`); `solo_dullen ==
/// false` (house rule: Farbsoli without the Dullen) goes before `dulle_moves`.
pub fn order_of(contract: u8, dulle_moves: bool, solo_dullen: bool) -> usize {
    if !solo_dullen && (SOLO_DIAMONDS..=SOLO_CLUBS).contains(&contract) {
        return 10 + (contract - SOLO_DIAMONDS) as usize;
    }
    if dulle_moves {
        match contract {
            SOLO_DIAMONDS => return 7,
            SOLO_SPADES => return 8,
            SOLO_CLUBS => return 9,
            _ => {}
        }
    }
    if contract <= SOLO_DIAMONDS {
        0
    } else if contract >= SOLO_KINGS {
        // the picture solos: orders 14..18, no Dulle to move or drop
        crate::order::KINGS_ORDER + (contract - SOLO_KINGS) as usize
    } else {
        (contract - SOLO_DIAMONDS) as usize
    }
}

// ------------------------------------------------------------------ rules

/// The house-rule options of `doko.engine.rules.Rules` that a game needs (Bock is round-level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// TSR 6.4.2: the Hochzeit shifts the call deadlines by the Klärungsstich.
    pub marriage_shift: bool,
    /// Re and Kontra double the game value (scoring only).
    pub re_kontra_double: bool,
    /// Two Dullen: 0 the first wins (TSR 5.3.3), 1 the second, 2 the second except in the last
    /// trick (an index into `rules.DULLE_RULES`).
    pub dulle: u8,
    /// In a Karo, Pik or Kreuz solo the trump suit's ten is the Dulle.
    pub dulle_moves: bool,
    /// The soloist leads trick 1 in every solo.
    pub soloist_leads: bool,
    /// False: 40 cards without the nines, 10 each, deadlines 2 lower.
    pub nines: bool,
    /// False: in a declared Farbsolo the ♥10 are no top trumps (house rule).
    pub solo_dullen: bool,
    // the further Sonderpunkte (house rules, Normalspiel only; scoring only)
    /// "Karlchen gefangen": each ♣J of the other party in the last trick, won by a party.
    pub charlie_caught: bool,
    /// "Fuchs im letzten Stich": a ♦A wins the last trick.
    pub fox_last_trick: bool,
    /// "Dulle gefangen": each ♥10 of the other party in a trick won by a party.
    pub dulle_caught: bool,
    // Karlchen im Solo, Doppelkopf thresholds (issue 21, helper pigs)
    /// "Karlchen im Solo": a ♣J winning the last trick of a solo scores 1 for its party.
    pub charlie_solo: bool,
    /// A trick of at least this many Augen is a Doppelkopf (40: TSR 7.2.3; 35, 30).
    pub doppelkopf_eyes: u8,
    /// Schweinchen: [`PIGS_OFF`], [`PIGS_PLAY`] or [`PIGS_QUERY`].
    pub pigs: u8,
    /// Schweinchen in a declared solo: [`PIGS_SOLO_NEVER`], `_DIAMONDS` or `_TRUMP`.
    pub pigs_solo: u8,
    /// Superschweinchen (both tens of the pig suit, after the Schweinchen).
    pub superpigs: bool,
    /// Hyperschweinchen (both nines, kings without nines, after the Superschweinchen).
    pub hyperpigs: bool,
    // the picture solos (house rules): which of them a table plays
    /// Königssolo, Damen-Buben-, Könige-Damen-, Könige-Buben-Solo, Köhler (contract order).
    /// A bit set: bit `i` plays the picture solo `SOLO_KINGS + i` (one byte keeps the state
    /// small, `state_size`).
    pub picture_solos: u8,
    /// Armut and Schmeißen (house rules, `doko.engine.armut`) in one byte, so that a game's
    /// state stays within 256 bytes: see [`Rules::armut`] and the others; 0 all off. (Who
    /// deals after a redeal and whether it counts are the round's business, not the game's.)
    pub house: u8,
    /// Genscher: the holder of both ♦K names a new partner when playing the second (issue 21).
    pub genscher: bool,
}

/// The bits of [`Rules::house`]: the Armut, Schmeißen with 5 nines, 5 kings, at most 3 trumps;
/// the ♦A rule (2 bits: 0 counts, 1 a single one does not, 2 never) and the nines and kings
/// threshold (2 bits: 0 off, 1 seven, 2 eight).
const H_ARMUT: u8 = 1;
const H_NINES: u8 = 2;
const H_KINGS: u8 = 4;
const H_TRUMPS: u8 = 8;
const H_FOX_SHIFT: u8 = 4;
const H_NK_SHIFT: u8 = 6;

impl Rules {
    /// The TSR: every house rule off.
    pub const TSR: Rules = Rules {
        marriage_shift: true,
        re_kontra_double: false,
        dulle: 0,
        dulle_moves: false,
        soloist_leads: false,
        nines: true,
        solo_dullen: true,
        charlie_caught: false,
        fox_last_trick: false,
        dulle_caught: false,
        charlie_solo: false,
        doppelkopf_eyes: 40,
        pigs: PIGS_OFF,
        pigs_solo: PIGS_SOLO_NEVER,
        superpigs: false,
        hyperpigs: false,
        picture_solos: 0,
        house: 0,
        genscher: false,
    };

    /// Whether the picture solo `SOLO_KINGS + i` is played (`Rules.picture_solos`).
    #[inline]
    pub fn plays_picture_solo(&self, i: u8) -> bool {
        self.picture_solos >> i & 1 != 0
    }

    /// Cards per hand: 12, or 10 without nines.
    pub fn hand_size(&self) -> u32 {
        if self.nines {
            12
        } else {
            10
        }
    }

    /// True if some criterion of Schmeißen is on.
    pub fn schmeissen(&self) -> bool {
        self.house & (H_NINES | H_KINGS | H_TRUMPS | 3 << H_NK_SHIFT) != 0
    }

    /// The options of the Armut and Schmeißen packed into [`Rules::house`]; `None` for a
    /// value out of range (`armut_fox` 0..2, `throw_nines_kings` 0, 7 or 8).
    pub fn pack_house(
        armut: bool,
        armut_fox: u8,
        throw_nines: bool,
        throw_kings: bool,
        throw_trumps: bool,
        throw_nines_kings: u8,
    ) -> Option<u8> {
        let nk = match throw_nines_kings {
            0 => 0,
            7 => 1,
            8 => 2,
            _ => return None,
        };
        if armut_fox > 2 {
            return None;
        }
        Some(
            (if armut { H_ARMUT } else { 0 })
                | (if throw_nines { H_NINES } else { 0 })
                | (if throw_kings { H_KINGS } else { 0 })
                | (if throw_trumps { H_TRUMPS } else { 0 })
                | (armut_fox << H_FOX_SHIFT)
                | (nk << H_NK_SHIFT),
        )
    }

    /// A player with at most 3 trumps may name an Armut.
    pub fn armut(&self) -> bool {
        self.house & H_ARMUT != 0
    }
    /// How the ♦A count for the Armut: 0 counts, 1 a single one does not, 2 never
    /// (`rules.ARMUT_FOX_RULES`).
    pub fn armut_fox(&self) -> u8 {
        self.house >> H_FOX_SHIFT & 3
    }
    /// Schmeißen with 5 nines, with 5 kings, with at most 3 trumps.
    pub fn throw_nines(&self) -> bool {
        self.house & H_NINES != 0
    }
    pub fn throw_kings(&self) -> bool {
        self.house & H_KINGS != 0
    }
    pub fn throw_trumps(&self) -> bool {
        self.house & H_TRUMPS != 0
    }
    /// Schmeißen with nines and kings together at least this many (0 off, 7 or 8).
    pub fn throw_nines_kings(&self) -> u8 {
        [0, 7, 8, 0][(self.house >> H_NK_SHIFT & 3) as usize]
    }
}

// ------------------------------------------------------------------ Armut and Schmeißen

/// The trump kinds of the normal card order (every ♦, every Q and J, the ♥10).
const NORMAL_TRUMPS: u64 = {
    let mut m = 0u64;
    let mut k = 0;
    while k < 24 {
        if k >= 18 || k % 6 == 1 || k % 6 == 2 || k == 16 {
            m |= 1 << k;
        }
        k += 1;
    }
    m
};

/// The trumps (normal card order) in a hand (`armut.trump_count`).
pub fn trump_count(hand: u64) -> u32 {
    (hand & (NORMAL_TRUMPS | NORMAL_TRUMPS << 24)).count_ones()
}

/// The trumps that count for an Armut (`armut.armut_trumps`): less the ♦A that `fox`
/// (0 counts, 1 a single one does not, 2 never) does not count.
pub fn armut_trumps(hand: u64, fox: u8) -> u32 {
    let n = trump_count(hand);
    let foxes = hand_count(hand, crate::cards::AD);
    if fox == 2 || (fox == 1 && foxes == 1) {
        n - foxes
    } else {
        n
    }
}

/// True if a seat dealt `hand` may name an Armut (`armut.can_armut`).
pub fn can_armut(hand: u64, rules: &Rules) -> bool {
    rules.armut() && armut_trumps(hand, rules.armut_fox()) <= 3
}

/// How many cards the poor seat hands over (`armut.give_count`): all trumps, at least 3.
pub fn give_count(hand: u64) -> u32 {
    trump_count(hand).max(3)
}

/// True if a seat dealt `hand` may throw (`armut.throw_reason` is not None).
pub fn can_throw(hand: u64, rules: &Rules) -> bool {
    let mut nines = 0;
    let mut kings = 0;
    for suit in 0..4u8 {
        nines += hand_count(hand, suit * 6);
        kings += hand_count(hand, suit * 6 + 3);
    }
    let nk = rules.throw_nines_kings() as u32;
    (rules.throw_nines() && nines >= 5)
        || (rules.throw_kings() && kings >= 5)
        || (rules.throw_trumps() && armut_trumps(hand, rules.armut_fox()) <= 3)
        || (nk > 0 && nines + kings >= nk)
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::TSR
    }
}

// ------------------------------------------------------------------ refusals

/// A parameter value of a refusal: an int or a short ASCII key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    Int(i64),
    Str(&'static str),
}

/// Most parameters a refusal carries.
pub const MAX_PARAMS: usize = 6;

/// Why an action is illegal: the same `key`, TSR `rule`, `seat` and parameters as the
/// Python engine's `IllegalActionError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub key: &'static str,
    pub rule: Option<&'static str>,
    pub seat: Option<u8>,
    pub n_params: u8,
    pub params: [(&'static str, Param); MAX_PARAMS],
    /// For `claim_refused`: a line of play refuting the claim (open information).
    pub refutation: Option<Line>,
}

impl Refusal {
    fn new(key: &'static str, rule: Option<&'static str>, seat: Option<u8>) -> Refusal {
        Refusal {
            key,
            rule,
            seat,
            n_params: 0,
            params: [("", Param::Int(0)); MAX_PARAMS],
            refutation: None,
        }
    }

    fn at(key: &'static str, rule: &'static str, seat: u8) -> Refusal {
        Refusal::new(key, Some(rule), Some(seat))
    }

    fn int(mut self, name: &'static str, v: i64) -> Refusal {
        self.params[self.n_params as usize] = (name, Param::Int(v));
        self.n_params += 1;
        self
    }

    fn str(mut self, name: &'static str, v: &'static str) -> Refusal {
        self.params[self.n_params as usize] = (name, Param::Str(v));
        self.n_params += 1;
        self
    }

    /// The parameters as a slice of `(name, value)`.
    pub fn params(&self) -> &[(&'static str, Param)] {
        &self.params[..self.n_params as usize]
    }
}

// ------------------------------------------------------------------ the state

/// The longest history a game can have. The Vorbehaltsabfrage is 4 answers and at most 4
/// withdrawals (TSR 4.1.2: each seat once, right after its own Vorbehalt); naming is at most
/// 2 actions (only the one seat holding both ♣Q may pass, once, and the next seat asked holds
/// no pair, so it must name a solo), and 2 namings need 2 Vorbehalte left, so withdrawals and
/// namings together are at most 4; at most 48 card plays; each party calls at most 5 times
/// (every call raises its level, which goes up to 5: 10 calls), and a game ends at most once
/// by a concession or claim; at most 3 pig announcements (house rules). 4 + 4 + 48 + 10 + 1 + 3
/// = 70 (`max_history_is_reached_and_not_passed` checks that no legal sequence without pigs is
/// longer than 67). With the Armut (house rule) the naming takes longer: up to 4 passes and
/// the Armut (instead of at most 4 withdrawals and namings: one more), 3 answers and the
/// exchange of at most 5 cards each way (all trumps of a poor hand whose 2 ♦A do not count):
/// 14 more.
/// A Genscher (house rule) adds its naming and at most 5 calls (see [`MAX_CALLS`]): 90.
pub const MAX_HISTORY: usize = 90;

/// Most calls in one game: each call raises its party's level, so 5 per party; after a
/// Genscher (house rule) regrouped the seats, each new party's level is the highest its two
/// seats called, so if the old parties had reached levels `a` and `b`, one new party has at
/// least `max(a, b)` and the two can call at most `10 - max(a, b)` more: at most
/// `a + b + 10 - max(a, b) = 10 + min(a, b)`, 15 in all.
pub const MAX_CALLS: usize = 15;

/// Most legal actions at one moment: 12 card kinds, 5 calls for each of 4 seats, concede and
/// claim, and one pig announcement (house rules: one level at a time, whose two cards one seat
/// holds).
pub const MAX_LEGAL: usize = 35;

/// A fixed buffer of actions (what `legal_actions` fills, without allocating).
#[derive(Clone, Copy, Debug)]
pub struct ActionBuf {
    len: usize,
    acts: [u8; MAX_LEGAL],
}

impl ActionBuf {
    pub const fn new() -> ActionBuf {
        ActionBuf {
            len: 0,
            acts: [0; MAX_LEGAL],
        }
    }

    /// Drop the actions with action code `code` (keeping the order of the rest).
    pub fn remove_code(&mut self, code: u8) {
        let mut n = 0;
        for i in 0..self.len {
            if self.acts[i] & 63 != code {
                self.acts[n] = self.acts[i];
                n += 1;
            }
        }
        self.len = n;
    }

    #[inline]
    fn push(&mut self, a: u8) {
        // the length never exceeds MAX_LEGAL (see its comment); a guard instead of a panic
        if self.len < MAX_LEGAL {
            self.acts[self.len] = a;
            self.len += 1;
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.acts[..self.len]
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for ActionBuf {
    fn default() -> ActionBuf {
        ActionBuf::new()
    }
}

/// One call as `Game.calls` lists it: `(seat, party, level, held)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Call {
    pub seat: u8,
    pub party: u8,
    pub level: u8,
    pub held: u8,
}

impl Call {
    /// The call in the state's 16 bits: seat (bits 0-1), party (2), level (3-5), held (6-9).
    #[inline]
    fn pack(self) -> u16 {
        self.seat as u16
            | (self.party as u16) << 2
            | (self.level as u16) << 3
            | (self.held as u16) << 6
    }

    #[inline]
    fn unpack(x: u16) -> Call {
        Call {
            seat: (x & 3) as u8,
            party: (x >> 2 & 1) as u8,
            level: (x >> 3 & 7) as u8,
            held: (x >> 6 & 15) as u8,
        }
    }
}

/// The calls of a game in order (`GameState::calls`): a slice of [`Call`] by `Deref`.
#[derive(Clone, Copy, Debug)]
pub struct Calls {
    list: [Call; MAX_CALLS],
    n: usize,
}

impl std::ops::Deref for Calls {
    type Target = [Call];
    fn deref(&self) -> &[Call] {
        &self.list[..self.n]
    }
}

impl IntoIterator for Calls {
    type Item = Call;
    type IntoIter = std::iter::Take<std::array::IntoIter<Call, MAX_CALLS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter().take(self.n)
    }
}

/// One game: the exact state of `doko.engine.game.Game`.
#[derive(Clone, Copy, Debug)]
pub struct GameState {
    hands: [u64; 4],
    initial_hands: [u64; 4],
    history: [u8; MAX_HISTORY],
    hist_len: u8,
    /// The unfinished trick's cards.
    trick: [u8; 4],
    trick_len: u8,
    trick_leader: u8,
    /// Complete tricks so far.
    n_tricks: u8,
    eyes: [u8; 4],
    won: [u8; 4],
    /// Per party: its highest call level (0 none).
    level: [u8; 2],
    /// Per party: its first Ansage was on time (bit 0 Re, bit 1 Kontra).
    ontime: u8,
    /// The calls, packed ([`Call::pack`]): the state stays within 256 bytes.
    calls: [u16; MAX_CALLS],
    /// Vorbehaltsabfrage: bit s answered, bit 4 + s answered Vorbehalt.
    answers: u8,
    /// Seats still to be asked when several Vorbehalte compete (4 marks the switch from
    /// Pflichtsolo to Lustsolo); `nq_pos` is the next entry.
    naming_queue: [u8; 5],
    nq_len: u8,
    nq_pos: u8,
    naming_stage: u8,
    contract: u8,
    order: u8,
    /// Schweinchen (house rules): the game kind's own order, the level announced (0..3) and
    /// who announced each level.
    base_order: u8,
    pig_level: u8,
    pig_seats: [u8; 3],
    /// Genscher (house rule): the seat that played both ♦K (-1 none) and the partner it named
    /// (-1 while it has yet to name one).
    genscher_seat: i8,
    genscher_partner: i8,
    soloist: i8,
    klaerung: u8,
    shift: u8,
    /// Bit s: seat s is Re.
    is_re: u8,
    ended: u8,
    /// The claim check's cache: history length it holds for (255: none) and its answer.
    claim_key: u8,
    claim_refuted: bool,
    claim_hint: [u8; 2],
    call_floor: u8,
    phase: u8,
    to_move: i8,
    dealer: u8,
    /// Bit s: seat s owes a Pflichtsolo.
    owes: u8,
    vorfuehrung: i8,
    rules: Rules,
}

/// A refusal as the error of a check (boxed: the `Ok` path stays small).
#[cold]
fn refuse(r: Refusal) -> Result<(), Box<Refusal>> {
    Err(Box::new(r))
}

/// The card-play actions of `seat` for a kind mask, in kind order.
#[inline]
fn push_plays(out: &mut ActionBuf, seat: u8, mut m: u64) {
    let base = seat << 6;
    while m != 0 {
        let k = m.trailing_zeros() as u8;
        m &= m - 1;
        out.push(base | k);
    }
}

fn card_list(kinds: &[u8]) -> String {
    let codes: Vec<String> = kinds
        .iter()
        .map(|&k| format!("'{}'", crate::cards::card_code(k)))
        .collect();
    format!("[{}]", codes.join(", "))
}

impl GameState {
    // -------------------------------------------------------------- construction

    /// A game from four hands (bit sets), checked as `Game.__init__` checks them; the error is
    /// the message of Python's `ValueError`.
    /// Whether `hands` are four hands of the rules' size holding every card exactly twice
    /// (every card but the nines without nines), as `Game.__init__` checks first; the error is
    /// Python's message.
    pub fn check_hands(hands: &[u64; 4], rules: Rules) -> Result<(), String> {
        let size = rules.hand_size();
        if hands.iter().any(|h| h.count_ones() != size) {
            return Err(format!(
                "a game needs four hands of {size} cards (TSR 3.3.7)"
            ));
        }
        let mut bad = Vec::new();
        for k in 0..24u8 {
            // counted as Python's hand_kinds counts: a second copy only with the first
            let total: u32 = hands
                .iter()
                .map(|&h| {
                    if h >> k & 1 != 0 {
                        1 + (h >> (k + 24) & 1) as u32
                    } else {
                        0
                    }
                })
                .sum();
            let want = if !rules.nines && k % 6 == 0 { 0 } else { 2 };
            if total != want {
                bad.push(k);
            }
        }
        if !bad.is_empty() {
            let what = if rules.nines {
                "every card exactly twice (TSR 2.2.1)"
            } else {
                "every card but the nines exactly twice (house rule: without nines)"
            };
            return Err(format!("the hands must hold {what}: {}", card_list(&bad)));
        }
        Ok(())
    }

    pub fn new(
        hands: [u64; 4],
        dealer: u8,
        owes_pflichtsolo: [bool; 4],
        vorfuehrung: Option<u8>,
        rules: Rules,
    ) -> Result<GameState, String> {
        GameState::check_hands(&hands, rules)?;
        if dealer > 3 {
            return Err(format!("dealer must be a seat 0..3, got {dealer}"));
        }
        if let Some(v) = vorfuehrung {
            if v > 3 {
                return Err(format!("vorfuehrung must be a seat 0..3 or None, got {v}"));
            }
            if !owes_pflichtsolo[v as usize] {
                return Err(format!(
                    "seat {v} is vorgeführt but does not owe a Pflichtsolo (TSR 4.2.3)"
                ));
            }
        }
        Ok(GameState::setup(
            hands,
            dealer,
            owes_pflichtsolo,
            vorfuehrung,
            rules,
        ))
    }

    /// A game from hands known to be a dealt deck (no checks), as `Game.deal` builds one.
    pub fn setup(
        hands: [u64; 4],
        dealer: u8,
        owes_pflichtsolo: [bool; 4],
        vorfuehrung: Option<u8>,
        rules: Rules,
    ) -> GameState {
        let base_shift = if rules.nines { 0 } else { 2 };
        let mut owes = 0u8;
        for (s, &o) in owes_pflichtsolo.iter().enumerate() {
            if o {
                owes |= 1 << s;
            }
        }
        let (phase, naming_stage, to_move) = match vorfuehrung {
            Some(v) => (NAMING, FORCED, v as i8),
            None => (QUERY, SINGLE, ((dealer + 1) & 3) as i8),
        };
        GameState {
            hands,
            initial_hands: hands,
            history: [0; MAX_HISTORY],
            hist_len: 0,
            trick: [0; 4],
            trick_len: 0,
            trick_leader: (dealer + 1) & 3,
            n_tricks: 0,
            eyes: [0; 4],
            won: [0; 4],
            level: [0; 2],
            ontime: 0,
            calls: [0; MAX_CALLS],
            answers: 0,
            naming_queue: [0; 5],
            nq_len: 0,
            nq_pos: 0,
            naming_stage,
            contract: NORMAL,
            order: 0,
            base_order: 0,
            pig_level: 0,
            pig_seats: [0; 3],
            genscher_seat: -1,
            genscher_partner: -1,
            soloist: -1,
            klaerung: 0,
            shift: base_shift,
            is_re: 0,
            ended: ENDED_NONE,
            claim_key: 255,
            claim_refuted: false,
            claim_hint: [0, 0],
            call_floor: (11 - base_shift as i32) as u8,
            phase,
            to_move,
            dealer,
            owes,
            vorfuehrung: vorfuehrung.map_or(-1, |v| v as i8),
            rules,
        }
    }

    // -------------------------------------------------------------- simple queries

    // -------------------------------------------------------------- reading the state

    #[inline]
    pub fn hands(&self) -> [u64; 4] {
        self.hands
    }

    #[inline]
    pub fn initial_hands(&self) -> [u64; 4] {
        self.initial_hands
    }

    #[inline]
    pub fn trick_leader(&self) -> u8 {
        self.trick_leader
    }

    #[inline]
    pub fn eyes(&self) -> [u8; 4] {
        self.eyes
    }

    #[inline]
    pub fn won(&self) -> [u8; 4] {
        self.won
    }

    #[inline]
    pub fn level(&self) -> [u8; 2] {
        self.level
    }

    #[inline]
    pub fn contract(&self) -> u8 {
        self.contract
    }

    #[inline]
    pub fn pflichtsolo(&self) -> bool {
        // a declared solo of a seat that owes one (the state keeps no flag of its own: 256 bytes)
        self.contract >= SOLO_DIAMONDS && self.soloist >= 0 && self.owes >> self.soloist & 1 != 0
    }

    #[inline]
    pub fn marriage_solo(&self) -> bool {
        self.contract == MARRIAGE_C && self.soloist >= 0
    }

    #[inline]
    pub fn klaerung(&self) -> u8 {
        self.klaerung
    }

    #[inline]
    pub fn shift(&self) -> u8 {
        self.shift
    }

    #[inline]
    pub fn tricks_total(&self) -> u8 {
        self.rules.hand_size() as u8
    }

    #[inline]
    pub fn dulle_rule(&self) -> u8 {
        self.rules.dulle
    }

    #[inline]
    pub fn ended(&self) -> u8 {
        self.ended
    }

    #[inline]
    pub fn phase(&self) -> u8 {
        self.phase
    }

    #[inline]
    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    #[inline]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    pub fn order(&self) -> &'static CardOrder {
        // the index is always one of the orders (set by order_of or pig_order)
        order_at(self.order as usize).unwrap_or(&orders()[0])
    }

    pub fn order_index(&self) -> usize {
        self.order as usize
    }

    /// The game kind's own card order (before any Schweinchen).
    pub fn base_order(&self) -> usize {
        self.base_order as usize
    }

    /// The seats that announced the Schweinchen, Super- and Hyperschweinchen, by level.
    pub fn pig_seats(&self) -> &[u8] {
        &self.pig_seats[..self.pig_level as usize]
    }

    /// Whether this game has Schweinchen (`Game.pigs_in_game`).
    pub fn pigs_in_game(&self) -> bool {
        let r = &self.rules;
        if r.pigs == PIGS_OFF
            || self.phase < PLAY
            || pig_suit(&orders()[self.base_order as usize]).is_none()
        {
            return false;
        }
        if self.contract <= SILENT_MARRIAGE {
            return true;
        }
        r.pigs_solo == PIGS_SOLO_TRUMP
            || (r.pigs_solo == PIGS_SOLO_DIAMONDS && self.contract == SOLO_DIAMONDS)
    }

    /// The kind both of which make the pigs of `level` 1..3 (`Game.pig_card`), if any.
    pub fn pig_card(&self, level: u8) -> Option<u8> {
        let suit = pig_suit(&orders()[self.base_order as usize])?;
        let rank = match level {
            1 => crate::cards::ACE,
            2 => crate::cards::TEN,
            _ if self.rules.nines => crate::cards::NINE,
            _ => crate::cards::KING,
        };
        Some(crate::cards::kind(suit, rank))
    }

    /// Why `seat` may not announce the pigs of `code` now (in PLAY), as `Game._pig_reason`.
    fn pig_reason(&self, seat: u8, code: u8) -> Option<&'static str> {
        let level = code - PIGS + 1;
        let r = &self.rules;
        let on = match level {
            1 => true,
            2 => r.superpigs,
            _ => r.hyperpigs,
        };
        if !self.pigs_in_game() || !on {
            return Some("rules");
        }
        if self.pig_level != level - 1 {
            return Some("level");
        }
        if r.pigs == PIGS_QUERY {
            if self.n_tricks > 0 || self.trick_len > 0 {
                return Some("started");
            }
        } else if seat as i8 != self.to_move {
            return Some("turn");
        }
        match self.pig_card(level) {
            Some(k) if hand_count(self.hands[seat as usize], k) == 2 => None,
            _ => Some("cards"),
        }
    }

    fn verify_pig(&self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        if self.phase != PLAY {
            return refuse(self.phase_error(code));
        }
        match self.pig_reason(seat, code) {
            None => Ok(()),
            Some(reason) => refuse(
                Refusal::at("pigs_refused", "house rule", seat)
                    .int("action", code as i64)
                    .str("pig_reason", reason),
            ),
        }
    }

    /// Whether the Genscher has yet to name its partner (house rule).
    #[inline]
    pub fn genscher_pending(&self) -> bool {
        self.genscher_seat >= 0 && self.genscher_partner < 0
    }

    /// The Genscher (the seat that played both ♦K) and the partner it named, if any.
    pub fn genscher(&self) -> (Option<u8>, Option<u8>) {
        let seat = |x: i8| if x >= 0 { Some(x as u8) } else { None };
        (seat(self.genscher_seat), seat(self.genscher_partner))
    }

    /// Whether playing a ♦K now makes `seat` a Genscher (`Game.genscher_possible`).
    pub fn genscher_possible(&self, seat: u8) -> bool {
        self.rules.genscher
            && self.contract == NORMAL
            && self.genscher_seat < 0
            && self.phase == PLAY
            && hand_count(self.initial_hands[seat as usize], KD) == 2
            && hand_count(self.hands[seat as usize], KD) == 1
            && self.taker() < 0
    }

    /// For play-outs that only play cards: if the Genscher has yet to name its partner, name
    /// the one it has now (the parties stay as they are).
    pub fn genscher_keep(&mut self) {
        if !self.genscher_pending() {
            return;
        }
        let gs = self.genscher_seat as u8;
        let re = self.is_re(gs);
        if let Some(p) = (1..4u8)
            .map(|k| (gs + k) & 3)
            .find(|&p| self.is_re(p) == re)
        {
            self.do_genscher(gs, GENSCHER_BASE + ((p + 4 - gs) & 3));
        }
    }

    fn verify_genscher(&self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        if self.phase != PLAY {
            return refuse(self.phase_error(code));
        }
        if !self.genscher_pending() || seat as i8 != self.genscher_seat {
            return refuse(
                Refusal::at("genscher_refused", "house rule", seat)
                    .int("action", code as i64)
                    .str("genscher_reason", "not_open"),
            );
        }
        Ok(())
    }

    /// The Genscher names its partner (`Game._do_genscher`): the two are Re, the others
    /// Kontra; each call counts for the party its seat belongs to now.
    fn do_genscher(&mut self, seat: u8, code: u8) {
        let partner = (seat + code - GENSCHER_BASE) & 3;
        self.genscher_partner = partner as i8;
        self.is_re = (1 << seat) | (1 << partner);
        let mut level = [0u8; 2];
        let mut ontime = 0u8;
        for i in 0..self.n_calls().min(MAX_CALLS) {
            let mut c = Call::unpack(self.calls[i]);
            let p = if self.is_re & (1 << c.seat) != 0 {
                RE
            } else {
                KONTRA
            };
            if level[p as usize] == 0 && c.held as i32 >= 11 - self.shift as i32 {
                ontime |= 1 << p;
            }
            level[p as usize] = level[p as usize].max(c.level);
            c.party = p;
            self.calls[i] = c.pack();
        }
        self.level = level;
        self.ontime = ontime;
        self.call_floor = self.min_call_cards();
        if self.n_tricks == self.tricks_total() {
            self.finish(ENDED_PLAYED);
        } else if self.trick_len > 0 {
            self.to_move = ((seat + 1) & 3) as i8;
        } else {
            self.to_move = self.trick_leader as i8;
        }
    }

    fn do_pig(&mut self, seat: u8) {
        self.pig_seats[(self.pig_level as usize).min(2)] = seat;
        self.pig_level += 1;
        let level = if self.pig_level == 3 && !self.rules.nines {
            4 // the kings
        } else {
            self.pig_level
        };
        if let Some(i) = pig_order(self.base_order as usize, level) {
            self.order = i as u8;
        }
    }

    /// For the claim check (`Game._pig_threat`): a seat other than the soloist that could still
    /// announce pigs, and its pig card.
    fn pig_threat(&self) -> Option<(u8, u8)> {
        let started = self.n_tricks > 0 || self.trick_len > 0;
        if !self.pigs_in_game() || (self.rules.pigs == PIGS_QUERY && started) {
            return None;
        }
        for level in self.pig_level + 1..4 {
            if (level == 2 && !self.rules.superpigs) || (level == 3 && !self.rules.hyperpigs) {
                break;
            }
            let card = self.pig_card(level)?;
            for c in 0..4u8 {
                if c as i8 != self.soloist && hand_count(self.hands[c as usize], card) == 2 {
                    return Some((c, card));
                }
            }
        }
        None
    }

    /// The seat on turn, or `None` once the game is over.
    pub fn to_move(&self) -> Option<u8> {
        (self.to_move >= 0).then_some(self.to_move as u8)
    }

    pub fn soloist(&self) -> Option<u8> {
        (self.soloist >= 0).then_some(self.soloist as u8)
    }

    /// The seat that announced the Hochzeit (read from the history).
    pub fn hochzeiter(&self) -> Option<u8> {
        if self.contract != MARRIAGE_C || self.phase < PLAY {
            return None;
        }
        self.history()
            .iter()
            .find(|&&a| a & 63 == MARRIAGE)
            .map(|&a| a >> 6)
    }

    /// The Hochzeiter's partner once the Klärungsstich found one: the other Re seat.
    pub fn partner(&self) -> Option<u8> {
        if self.contract != MARRIAGE_C || self.klaerung == 0 || self.soloist >= 0 {
            return None;
        }
        let h = self.hochzeiter()?;
        (0..4u8).find(|&s| s != h && self.is_re >> s & 1 != 0)
    }

    pub fn vorfuehrung(&self) -> Option<u8> {
        (self.vorfuehrung >= 0).then_some(self.vorfuehrung as u8)
    }

    pub fn owes_pflichtsolo(&self) -> [bool; 4] {
        [0, 1, 2, 3].map(|s| self.owes >> s & 1 != 0)
    }

    pub fn is_re(&self, seat: u8) -> bool {
        self.is_re >> seat & 1 != 0
    }

    pub fn is_over(&self) -> bool {
        self.phase == FINISHED
    }

    pub fn history(&self) -> &[u8] {
        &self.history[..self.hist_len as usize]
    }

    pub fn trick(&self) -> &[u8] {
        &self.trick[..self.trick_len as usize]
    }

    pub fn n_tricks(&self) -> usize {
        self.n_tricks as usize
    }

    pub fn calls(&self) -> Calls {
        let n = self.n_calls().min(MAX_CALLS);
        let mut list = [Call::default(); MAX_CALLS];
        for (c, &x) in list.iter_mut().zip(&self.calls[..n]) {
            *c = Call::unpack(x);
        }
        Calls { list, n }
    }

    pub fn ontime(&self, party: u8) -> bool {
        self.ontime >> party & 1 != 0
    }

    /// How many calls were made (read from the history: the state keeps no count of its own).
    fn n_calls(&self) -> usize {
        self.history()
            .iter()
            .filter(|&&a| (CALL_RE..=BLACK).contains(&(a & 63)))
            .count()
    }

    /// The hand sizes a concession froze (the hands do not change after it: no card is played
    /// then), or None.
    pub fn frozen_sizes(&self) -> Option<[u8; 4]> {
        (self.ended == ENDED_CONCEDED)
            .then(|| std::array::from_fn(|s| self.hands[s].count_ones() as u8))
    }

    /// The call deadlines' shift without a Hochzeit: 2 cards without the nines.
    pub fn base_shift(&self) -> u8 {
        if self.rules.nines {
            0
        } else {
            2
        }
    }

    /// The answers of the Vorbehaltsabfrage: `None` not yet, else whether it was Vorbehalt.
    pub fn answers(&self) -> [Option<bool>; 4] {
        [0, 1, 2, 3]
            .map(|s| (self.answers >> s & 1 != 0).then_some(self.answers >> (4 + s) & 1 != 0))
    }

    /// The complete tricks as `(leader, cards, winner)`, rebuilt from the history.
    pub fn tricks(&self) -> Vec<(u8, [u8; 4], u8)> {
        let mut out = Vec::with_capacity(self.n_tricks as usize);
        let mut cards = [0u8; 4];
        let mut n = 0;
        let mut leader = 0u8;
        let mut first = true;
        let order = self.order();
        let total = self.tricks_total() as usize;
        // the Armut's exchange moves cards, it plays none
        let (ex_start, ex_end) = self.armut_exchange_span();
        for (i, &a) in self.history().iter().enumerate() {
            let code = a & 63;
            if code >= 24 || (ex_start..ex_end).contains(&i) {
                continue;
            }
            if n == 0 {
                leader = if first { a >> 6 } else { leader };
                first = false;
            }
            cards[n] = code;
            n += 1;
            if n == 4 {
                let last = out.len() == total - 1;
                let best = order.trick_winner(&cards, self.rules.dulle, last) as u8;
                let w = (leader + best) & 3;
                out.push((leader, cards, w));
                leader = w;
                n = 0;
            }
        }
        out
    }

    /// Number of cards `seat` holds (as it held when a concession froze the count).
    #[inline]
    pub fn cards_in_hand(&self, seat: u8) -> i32 {
        // after a concession the hands no longer change: their sizes are the frozen count
        self.hands[seat as usize].count_ones() as i32
    }

    /// True once the game type is clear (TSR 6.2.1): query over, Hochzeit clarified.
    pub fn game_type_settled(&self) -> bool {
        self.phase >= PLAY && (self.contract != MARRIAGE_C || self.klaerung > 0)
    }

    fn reply_min(&self, opp: u8) -> i32 {
        CALL_MIN_CARDS[opp as usize] - 1 - self.shift as i32
    }

    /// The fewest cards in hand with which the call `code` of `seat` stays possible
    /// (`Game.call_deadline`); `None` for a code that is no call.
    pub fn call_deadline(&self, seat: u8, code: u8) -> Option<i32> {
        if !(CALL_RE..=BLACK).contains(&code) {
            return None;
        }
        let level = call_level(code);
        let mut need = CALL_MIN_CARDS[level as usize] - self.shift as i32;
        let opp = self.level[if self.is_re(seat) { 1 } else { 0 }];
        if level == 1 && opp != 0 {
            need = need.min(self.reply_min(opp));
        }
        Some(need)
    }

    // -------------------------------------------------------------- legal actions

    /// Every action allowed now, by any seat (`seat == None`) or only by `seat`, in the order
    /// of `Game.legal_actions`: card plays, calls by seat, concession, claim. `&mut self` only
    /// for the claim check's cache.
    pub fn legal_actions(&mut self, seat: Option<u8>, out: &mut ActionBuf) {
        out.clear();
        match self.phase {
            PLAY if self.genscher_pending() => {
                // house rule: the Genscher names its partner before anything else happens
                let gs = self.genscher_seat as u8;
                if seat.is_none() || seat == Some(gs) {
                    for c in GENSCHER_FIRST..=GENSCHER_LAST {
                        out.push(encode(gs, c));
                    }
                }
            }
            PLAY => {
                let s = self.to_move as u8;
                if seat.is_none() || seat == Some(s) {
                    push_plays(out, s, self.play_mask());
                }
                if self.tricks_total() as i32 - self.n_tricks as i32 >= self.call_floor as i32
                    && (self.contract != MARRIAGE_C || self.klaerung != 0)
                {
                    match seat {
                        None => {
                            for c in 0..4 {
                                self.add_calls(c, out);
                            }
                        }
                        Some(c) => self.add_calls(c, out),
                    }
                }
                if self.soloist >= 0 {
                    let so = self.soloist as u8;
                    if seat.is_none() || seat == Some(so) {
                        out.push(encode(so, CONCEDE));
                        if !self.claim_is_refuted() {
                            out.push(encode(so, CLAIM));
                        }
                    }
                }
                if self.rules.pigs != PIGS_OFF && self.pig_level < 3 {
                    // house rule: Schweinchen
                    let code = PIG_CODES[self.pig_level as usize];
                    for c in 0..4u8 {
                        if (seat.is_none() || seat == Some(c)) && self.pig_reason(c, code).is_none()
                        {
                            out.push(encode(c, code));
                        }
                    }
                }
            }
            QUERY | NAMING => {
                let s = self.to_move as u8;
                let w = self.withdraw_seat();
                if self.phase == NAMING && self.naming_stage >= ARMUT_ASK {
                    if seat.is_none() || seat == Some(s) {
                        self.push_armut_codes(s, out);
                    }
                    return;
                }
                if seat.is_none() || seat == Some(s) {
                    if self.phase == QUERY {
                        out.push(encode(s, HEALTHY));
                        out.push(encode(s, RESERVATION));
                        if self.rules.schmeissen()
                            && can_throw(self.initial_hands[s as usize], &self.rules)
                        {
                            out.push(encode(s, THROW));
                        }
                    } else {
                        let (codes, n) = self.naming_codes(s);
                        for &c in &codes[..n] {
                            out.push(encode(s, c));
                        }
                    }
                }
                if let Some(w) = w {
                    if seat.is_none() || seat == Some(w) {
                        out.push(encode(w, WITHDRAW));
                    }
                }
            }
            _ => {
                // FINISHED: after a concession Kontra may still call (TSR 5.4.7)
                if self.ended == ENDED_CONCEDED {
                    match seat {
                        None => {
                            for c in 0..4 {
                                self.add_calls(c, out);
                            }
                        }
                        Some(c) => self.add_calls(c, out),
                    }
                }
            }
        }
    }

    /// The kinds the seat on turn may play now (PLAY phase), as a kind mask (TSR 5.2).
    #[inline]
    pub fn play_mask(&self) -> u64 {
        let s = self.to_move as usize;
        let m = self.hands[s & 3] & KIND_MASK;
        if self.trick_len > 0 {
            let o = self.order();
            let f = m & o.follow[o.eff_suit[self.trick[0] as usize] as usize];
            if f != 0 {
                return f;
            }
        }
        m
    }

    /// The card plays allowed now (`Game.legal_plays`).
    pub fn legal_plays(&self, out: &mut ActionBuf) {
        out.clear();
        if self.phase == PLAY && !self.genscher_pending() {
            push_plays(out, self.to_move as u8, self.play_mask());
        }
    }

    /// The seat that may take back its Vorbehalt now (TSR 4.1.2), as `Game.withdraw_seat`:
    /// in the query the seat just before the one on turn (positions 1 to 3, until the next
    /// player has answered); in the naming the dealer (position 4) until the first naming.
    pub fn withdraw_seat(&self) -> Option<u8> {
        if self.phase == QUERY {
            let s = self.to_move as u8 & 3;
            if s == (self.dealer + 1) & 3 {
                return None;
            }
            let prev = (s + 3) & 3;
            return (self.answers >> (4 + prev) & 1 != 0).then_some(prev);
        }
        if self.phase == NAMING
            && self.naming_stage != FORCED
            && self.answers >> (4 + self.dealer) & 1 != 0
        {
            let named = self.history().iter().any(|&a| {
                (SOLO_BASE..=PASS).contains(&(a & 63))
                    || is_picture_solo_code(a & 63)
                    || a & 63 == ARMUT
            });
            return (!named).then_some(self.dealer);
        }
        None
    }

    fn naming_codes(&self, s: u8) -> ([u8; 14], usize) {
        let both = hand_count(self.initial_hands[s as usize], QC) == 2;
        let mut codes = [0u8; 14];
        if self.naming_stage == ASK_POOR {
            // every solo question passed: Armut before Hochzeit
            codes[0] = ARMUT;
            codes[1] = MARRIAGE;
            return (codes, if both { 2 } else { 1 });
        }
        let poor = can_armut(self.initial_hands[s as usize], &self.rules);
        for (i, c) in codes.iter_mut().take(7).enumerate() {
            *c = SOLO_BASE + i as u8;
        }
        let mut n = 7;
        // the picture solos the rules play (house rules)
        for i in 0..5u8 {
            if self.rules.plays_picture_solo(i) {
                codes[n] = PICTURE_SOLO_BASE + i;
                n += 1;
            }
        }
        if self.naming_stage == SINGLE {
            if both {
                codes[n] = MARRIAGE;
                n += 1;
            }
            if poor {
                codes[n] = ARMUT;
                n += 1;
            }
        } else if (self.naming_stage == ASK_PFLICHT || self.naming_stage == ASK_LUST)
            && (both || poor)
        {
            codes[n] = PASS;
            n += 1;
        }
        (codes, n)
    }

    /// The kinds the seat on turn may hand over or return now (the trumps first when handing
    /// over), as a kind mask.
    fn armut_mask(&self, s: u8) -> u64 {
        let h = self.hands[s as usize];
        let m = (h | h >> 24) & KIND_MASK;
        if self.naming_stage == ARMUT_GIVE {
            let t = m & NORMAL_TRUMPS;
            if t != 0 {
                return t;
            }
        }
        m
    }

    fn push_armut_codes(&self, s: u8, out: &mut ActionBuf) {
        if self.naming_stage == ARMUT_ASK {
            out.push(encode(s, TAKE));
            out.push(encode(s, REFUSE));
        } else {
            push_plays(out, s, self.armut_mask(s));
        }
    }

    /// "ask", "give" or "return": the Armut's stage (the texts `error.armut_*`).
    fn armut_stage_name(&self) -> &'static str {
        match self.naming_stage {
            ARMUT_ASK => "ask",
            ARMUT_GIVE => "give",
            _ => "return",
        }
    }

    /// Fewest cards in hand with which some call is still possible (99: none).
    fn min_call_cards(&self) -> u8 {
        let shift = self.shift as i32;
        let mut best = 99;
        for p in 0..2usize {
            let cur = self.level[p];
            let need;
            if cur == 0 {
                let mut n = 11 - shift;
                let opp = self.level[1 - p];
                if opp != 0 {
                    n = n.min(self.reply_min(opp));
                }
                need = n;
            } else if cur < 5 && self.ontime(p as u8) {
                need = CALL_MIN_CARDS[cur as usize + 1] - shift;
            } else {
                continue;
            }
            if need < best {
                best = need;
            }
        }
        best.clamp(0, 99) as u8
    }

    /// The calls `seat` may make now (TSR 6.2.2, 6.3, 6.4), as `Game._add_calls`.
    fn add_calls(&self, seat: u8, out: &mut ActionBuf) {
        let p = if self.is_re(seat) { 0usize } else { 1 };
        let mut cur = self.level[p];
        if cur == 5 {
            return;
        }
        if self.ended != ENDED_NONE && (self.ended != ENDED_CONCEDED || p == 0) {
            return;
        }
        let n = self.cards_in_hand(seat);
        let shift = self.shift as i32;
        if cur == 0 {
            if n < 11 - shift {
                let opp = self.level[1 - p];
                if opp != 0 && n >= self.reply_min(opp) {
                    out.push(encode(seat, if p == 0 { CALL_RE } else { CALL_KONTRA }));
                }
                return; // a late reply at most: no Absage may follow (TSR 6.4.4)
            }
            out.push(encode(seat, if p == 0 { CALL_RE } else { CALL_KONTRA }));
            cur = 1;
        } else if !self.ontime(p as u8) {
            return;
        }
        let mut lv = cur + 1;
        while lv <= 5 && n >= CALL_MIN_CARDS[lv as usize] - shift {
            out.push(encode(seat, NO90 + lv - 2));
            lv += 1;
        }
    }

    // -------------------------------------------------------------- the claim check

    fn claim_ctx(&self) -> ClaimCtx {
        ClaimCtx::new(self.order as usize, self.rules.dulle)
    }

    /// True unless the soloist takes every remaining trick whatever is played (TSR 5.4.4,
    /// 9.2.2); cached per history length as `Game._claim_refutation` caches it.
    pub fn claim_is_refuted(&mut self) -> bool {
        let key = self.hist_len;
        if self.claim_key == key {
            return self.claim_refuted;
        }
        if self.pig_threat().is_some() {
            // house rule: pigs still to come change the order
            self.claim_key = key;
            self.claim_refuted = true;
            return true;
        }
        let ctx = self.claim_ctx();
        let so = self.soloist as u8 & 3;
        let mut hint = self.claim_hint;
        let found = robust_witness(&ctx, &self.hands, so, hint[0], hint[1]).is_some()
            || claim_refutation(
                &ctx,
                &self.hands,
                so,
                self.trick(),
                self.trick_leader,
                Some(&mut hint),
            )
            .is_some();
        self.claim_hint = hint;
        self.claim_key = key;
        self.claim_refuted = found;
        found
    }

    /// A line refuting the soloist's claim now, if there is one (does not touch the cache).
    pub fn claim_refutation_line(&self) -> Option<Line> {
        if let Some(threat) = self.pig_threat() {
            return Some(Line::one(threat));
        }
        let ctx = self.claim_ctx();
        let so = self.soloist as u8 & 3;
        let mut hint = self.claim_hint;
        robust_witness(&ctx, &self.hands, so, hint[0], hint[1]).or_else(|| {
            claim_refutation(
                &ctx,
                &self.hands,
                so,
                self.trick(),
                self.trick_leader,
                Some(&mut hint),
            )
        })
    }

    // -------------------------------------------------------------- checking

    /// `Ok` if `action` (any int, as Python passes it) is allowed now, else why not. `&mut
    /// self` only for the claim check's cache.
    pub fn verify(&mut self, action: i64) -> Result<(), Box<Refusal>> {
        let seat = action >> 6;
        let code = (action & 63) as u8;
        if !(0..=3).contains(&seat) {
            return refuse(
                Refusal::new("bad_action", None, None)
                    .str("field", "seat")
                    .int("value", seat),
            );
        }
        let seat = seat as u8;
        if (GENSCHER_FIRST..=GENSCHER_LAST).contains(&code) {
            return self.verify_genscher(seat, code);
        }
        if self.phase == PLAY
            && self.genscher_pending()
            && (code < 24
                || (CALL_RE..=CLAIM).contains(&code)
                || (PIGS..=HYPERPIGS).contains(&code))
        {
            // house rule: the Genscher names the new partner before anything else happens
            return refuse(
                Refusal::at("genscher_pending", "house rule", seat)
                    .int("action", code as i64)
                    .int("to_move", self.genscher_seat as i64),
            );
        }
        if code < 24 {
            if self.phase == NAMING && self.naming_stage >= ARMUT_GIVE {
                self.verify_armut(seat, code)
            } else {
                self.verify_play(seat, code)
            }
        } else if code <= RESERVATION || code == THROW {
            self.verify_query(seat, code)
        } else if code <= PASS {
            self.verify_naming(seat, code)
        } else if code <= BLACK {
            self.verify_call(seat, code)
        } else if code <= CLAIM {
            self.verify_shortening(seat, code)
        } else if code == WITHDRAW {
            self.verify_withdraw(seat, code)
        } else if (PIGS..=HYPERPIGS).contains(&code) {
            self.verify_pig(seat, code)
        } else if is_picture_solo_code(code) || code == ARMUT {
            self.verify_naming(seat, code)
        } else if code <= REFUSE {
            self.verify_armut(seat, code)
        } else {
            refuse(
                Refusal::new("bad_action", None, None)
                    .str("field", "code")
                    .int("value", code as i64),
            )
        }
    }

    fn end_rule(&self) -> &'static str {
        match self.ended {
            ENDED_CONCEDED => "5.4.6",
            ENDED_CLAIMED => "5.4.4",
            _ => "5.3.1",
        }
    }

    fn phase_error(&self, code: u8) -> Refusal {
        if self.phase == FINISHED {
            if self.ended == ENDED_THROWN {
                return Refusal::new("redealt_thrown", Some("Schmeißen"), None);
            }
            if self.ended == ENDED_ARMUT_REFUSED {
                return Refusal::new("redealt_armut_refused", Some("Armut"), None);
            }
            return Refusal::new("finished", Some(self.end_rule()), None);
        }
        if self.phase == NAMING && self.naming_stage >= ARMUT_ASK {
            return Refusal::new(self.armut_running_key(), Some("Armut"), None)
                .int("to_move", self.to_move as i64)
                .int("action", code as i64);
        }
        Refusal::new("phase", Some("5.1.1"), None)
            .int("action", code as i64)
            .int("phase", self.phase as i64)
            .int("to_move", self.to_move as i64)
    }

    fn verify_play(&self, seat: u8, k: u8) -> Result<(), Box<Refusal>> {
        if self.phase != PLAY {
            return refuse(self.phase_error(k));
        }
        if seat as i8 != self.to_move {
            let rule = if self.trick_len > 0 {
                "5.2.1"
            } else if self.n_tricks > 0 {
                "5.1.2"
            } else {
                "5.1.1"
            };
            return refuse(
                Refusal::at("not_your_turn", rule, seat)
                    .int("to_move", self.to_move as i64)
                    .int("action", k as i64),
            );
        }
        let h = self.hands[seat as usize];
        if h >> k & 1 == 0 {
            return refuse(Refusal::at("not_in_hand", "5.2", seat).int("card", k as i64));
        }
        if self.trick_len > 0 {
            let o = self.order();
            let lead = self.trick[0];
            let led = o.eff_suit[lead as usize];
            if o.eff_suit[k as usize] != led && h & o.follow[led as usize] != 0 {
                return refuse(
                    Refusal::at("must_follow", "5.2.2", seat)
                        .int("card", k as i64)
                        .int("led", led as i64),
                );
            }
        }
        Ok(())
    }

    fn verify_query(&self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        if self.phase != QUERY {
            return refuse(self.phase_error(code));
        }
        if seat as i8 != self.to_move {
            return refuse(
                Refusal::at("not_your_turn", "4.1.2", seat)
                    .int("to_move", self.to_move as i64)
                    .int("action", code as i64),
            );
        }
        if code == THROW {
            if !self.rules.schmeissen() {
                return refuse(
                    Refusal::at("house_rule_off", "Schmeißen", seat).int("action", code as i64),
                );
            }
            if !can_throw(self.initial_hands[seat as usize], &self.rules) {
                return refuse(Refusal::at("throw_not_allowed", "Schmeißen", seat));
            }
        }
        Ok(())
    }

    fn armut_running_key(&self) -> &'static str {
        match self.armut_stage_name() {
            "ask" => "armut_running_ask",
            "give" => "armut_running_give",
            _ => "armut_running_return",
        }
    }

    /// Taking or refusing an Armut, handing over and returning its cards (house rule).
    fn verify_armut(&self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        let stage = self.naming_stage;
        if self.phase != NAMING || stage < ARMUT_ASK {
            if code < 24 {
                self.verify_play(seat, code)?;
            }
            return refuse(Refusal::at("armut_not_asked", "Armut", seat));
        }
        if seat as i8 != self.to_move {
            return refuse(
                Refusal::at(self.armut_running_key(), "Armut", seat)
                    .int("to_move", self.to_move as i64)
                    .int("action", code as i64),
            );
        }
        if stage == ARMUT_ASK {
            if code >= 24 {
                return Ok(());
            }
            return refuse(Refusal::at("armut_answer", "Armut", seat));
        }
        if code >= 24 {
            let key = if stage == ARMUT_GIVE {
                "armut_exchange_give"
            } else {
                "armut_exchange_return"
            };
            return refuse(Refusal::at(key, "Armut", seat).int("n", self.armut_cards() as i64));
        }
        if self.hands[seat as usize] >> code & 1 == 0 {
            return refuse(
                Refusal::at("armut_not_in_hand", "Armut", seat).int("card", code as i64),
            );
        }
        if self.armut_mask(seat) >> code & 1 == 0 {
            return refuse(
                Refusal::at("armut_trumps_first", "Armut", seat).int("card", code as i64),
            );
        }
        Ok(())
    }

    fn verify_withdraw(&self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        if self.phase == FINISHED {
            return refuse(self.phase_error(code));
        }
        if self.withdraw_seat() == Some(seat) {
            return Ok(());
        }
        if self.answers >> (4 + seat) & 1 == 0 {
            return refuse(Refusal::at("no_reservation", "4.1.2", seat));
        }
        refuse(Refusal::at("withdraw_closed", "4.1.2", seat))
    }

    fn naming_error(&self, seat: u8) -> Refusal {
        if self.naming_stage == FORCED {
            return Refusal::at("vorfuehrung", "4.1.9", seat);
        }
        let (codes, n) = self.naming_codes(seat);
        let (solo, marriage) = (
            codes[..n].contains(&SOLO_BASE),
            codes[..n].contains(&MARRIAGE),
        );
        let opts = if codes[..n].contains(&ARMUT) {
            match (solo, marriage) {
                (true, true) => "solo_marriage_armut",
                (true, false) => "solo_armut",
                (false, true) => "marriage_armut",
                (false, false) => "armut",
            }
        } else if marriage {
            "solo_marriage"
        } else if codes[..n].contains(&PASS) {
            "solo_pass"
        } else {
            "solo"
        };
        let rule = if self.naming_stage == SINGLE {
            "4.1.4"
        } else if self.naming_stage == ASK_POOR {
            "4.1.6, Armut"
        } else {
            "4.1.6"
        };
        Refusal::at("naming_expected", rule, seat).str("options", opts)
    }

    fn verify_naming(&self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        if self.phase != NAMING || self.naming_stage >= ARMUT_ASK {
            return refuse(self.phase_error(code));
        }
        if seat as i8 != self.to_move {
            return refuse(
                Refusal::at("not_your_turn", "4.1.6", seat)
                    .int("to_move", self.to_move as i64)
                    .int("action", code as i64),
            );
        }
        let (codes, n) = self.naming_codes(seat);
        if codes[..n].contains(&code) {
            return Ok(());
        }
        let stage = self.naming_stage;
        if code == ARMUT {
            if !self.rules.armut() {
                return refuse(
                    Refusal::at("house_rule_off", "Armut", seat).int("action", code as i64),
                );
            }
            if stage == FORCED {
                return refuse(Refusal::at("vorfuehrung", "4.1.9", seat));
            }
            if (stage == ASK_PFLICHT || stage == ASK_LUST)
                && can_armut(self.initial_hands[seat as usize], &self.rules)
            {
                return refuse(Refusal::at("armut_after_solos", "Armut", seat));
            }
            return refuse(Refusal::at("armut_too_many_trumps", "Armut", seat));
        }
        if code == MARRIAGE {
            if stage == SINGLE || stage == ASK_POOR {
                return refuse(Refusal::at("marriage_needs_queens", "4.4.1", seat));
            }
            if stage == FORCED {
                return refuse(Refusal::at("vorfuehrung", "4.1.9", seat));
            }
            return refuse(Refusal::at("marriage_outranked", "4.1.6", seat));
        }
        if code == PASS && (stage == ASK_PFLICHT || stage == ASK_LUST) {
            if self.rules.armut() {
                return refuse(Refusal::at("cannot_pass_armut", "4.1.6, Armut", seat));
            }
            return refuse(Refusal::at("cannot_pass", "4.1.6", seat));
        }
        if is_picture_solo_code(code) {
            // its option is off at this table
            let name = SOLO_NAMES[(solo_contract_of(code) - SOLO_DIAMONDS) as usize];
            return refuse(Refusal::new("solo_not_played", None, Some(seat)).str("solo", name));
        }
        refuse(self.naming_error(seat))
    }

    fn verify_call(&self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        let phase = self.phase;
        if phase < PLAY {
            return refuse(Refusal::at("calls_not_yet", "6.2.1", seat));
        }
        if phase == PLAY && !self.game_type_settled() {
            return refuse(Refusal::at("calls_marriage", "6.4.2", seat));
        }
        if self.ended == ENDED_THROWN || self.ended == ENDED_ARMUT_REFUSED {
            return refuse(self.phase_error(code));
        }
        if self.ended == ENDED_CLAIMED {
            return refuse(Refusal::at("calls_closed", "5.4.4", seat));
        }
        if self.ended == ENDED_PLAYED {
            return refuse(Refusal::at("finished", self.end_rule(), seat));
        }
        let p = if self.is_re(seat) { RE } else { KONTRA };
        if self.ended == ENDED_CONCEDED && p == RE {
            return refuse(Refusal::at("calls_conceded", "5.4.7", seat));
        }
        if (code == CALL_RE && p == KONTRA) || (code == CALL_KONTRA && p == RE) {
            return refuse(Refusal::at("own_party", "6.2.2", seat).int("party", p as i64));
        }
        let target = call_level(code);
        let cur = self.level[p as usize];
        if target <= cur {
            return refuse(
                Refusal::at("repeat", "6.4.7", seat)
                    .int("party", p as i64)
                    .int("done", cur as i64),
            );
        }
        let n = self.cards_in_hand(seat);
        let shift = self.shift as i32;
        let shifted = self.shift > self.base_shift();
        let mut ontime = self.ontime(p);
        for lv in cur + 1..=target {
            let need = CALL_MIN_CARDS[lv as usize] - shift;
            if lv == 1 {
                if n >= need {
                    ontime = true;
                    continue;
                }
                let opp = self.level[1 - p as usize];
                let reply = if opp != 0 { self.reply_min(opp) } else { 0 };
                if opp != 0 && n >= reply {
                    ontime = false;
                    continue;
                }
                if target > 1 {
                    return refuse(
                        Refusal::at("skip", "6.4.3", seat)
                            .int("party", p as i64)
                            .int("level", target as i64)
                            .int("skipped", 1)
                            .int("need", need as i64)
                            .int("have", n as i64),
                    );
                }
                if opp != 0 {
                    let rule = if shifted {
                        "6.2.2, 6.4.4, 6.4.2"
                    } else {
                        "6.2.2, 6.4.4"
                    };
                    return refuse(
                        Refusal::at("deadline_reply", rule, seat)
                            .int("party", p as i64)
                            .int("level", target as i64)
                            .int("need", need as i64)
                            .int("reply", reply as i64)
                            .int("opp", opp as i64)
                            .int("have", n as i64),
                    );
                }
                let rule = if shifted { "6.2.2, 6.4.2" } else { "6.2.2" };
                return refuse(
                    Refusal::at("deadline", rule, seat)
                        .int("party", p as i64)
                        .int("level", target as i64)
                        .int("need", need as i64)
                        .int("have", n as i64),
                );
            }
            if !ontime {
                return refuse(Refusal::at("late_reply", "6.4.4", seat).int("party", p as i64));
            }
            if n < need {
                if lv < target {
                    return refuse(
                        Refusal::at("skip", "6.4.3", seat)
                            .int("party", p as i64)
                            .int("level", target as i64)
                            .int("skipped", lv as i64)
                            .int("need", need as i64)
                            .int("have", n as i64),
                    );
                }
                let rule = if shifted { "6.3.4, 6.4.2" } else { "6.3.4" };
                return refuse(
                    Refusal::at("deadline", rule, seat)
                        .int("party", p as i64)
                        .int("level", target as i64)
                        .int("need", need as i64)
                        .int("have", n as i64),
                );
            }
        }
        Ok(())
    }

    fn verify_shortening(&mut self, seat: u8, code: u8) -> Result<(), Box<Refusal>> {
        if self.phase != PLAY {
            return refuse(self.phase_error(code));
        }
        if seat as i8 != self.soloist {
            return refuse(Refusal::at("not_soloist", "5.4.3", seat).int("action", code as i64));
        }
        if code == CLAIM && self.claim_is_refuted() {
            let mut r = Refusal::at("claim_refused", "5.4.4", seat);
            r.refutation = self.claim_refutation_line();
            return refuse(r);
        }
        Ok(())
    }

    /// True if `action` is allowed now.
    pub fn can_apply(&mut self, action: i64) -> bool {
        self.verify(action).is_ok()
    }

    // -------------------------------------------------------------- applying

    /// Perform `action` after checking it; an illegal one is refused and changes nothing.
    #[inline]
    pub fn apply(&mut self, action: i64) -> Result<(), Box<Refusal>> {
        if self.phase == PLAY && (0..256).contains(&action) {
            let code = (action & 63) as u8;
            if code < 24 && !self.genscher_pending() {
                // the fast path for card play (not while a Genscher is to name its partner)
                let seat = (action >> 6) as u8;
                let h = self.hands[seat as usize];
                if seat as i8 != self.to_move || h >> code & 1 == 0 {
                    return self.verify_play(seat, code);
                }
                if self.trick_len > 0 {
                    let o = self.order();
                    let led = o.eff_suit[self.trick[0] as usize];
                    if o.eff_suit[code as usize] != led && h & o.follow[led as usize] != 0 {
                        return self.verify_play(seat, code);
                    }
                }
                if code == KD && self.genscher_possible(seat) {
                    // house rule: the Genscher names its partner next (docs/rules.md)
                    self.genscher_seat = seat as i8;
                    self.play_unchecked(seat, code);
                    self.to_move = seat as i8;
                    return Ok(());
                }
                self.play_unchecked(seat, code);
                return Ok(());
            }
        }
        self.verify(action)?;
        let seat = (action >> 6) as u8;
        let code = (action & 63) as u8;
        self.push_history(action as u8);
        if code < 24 {
            self.do_exchange(seat, code);
        } else if code == THROW {
            self.finish(ENDED_THROWN);
        } else if code == ARMUT {
            self.nq_len = 0;
            self.nq_pos = 0;
            self.naming_stage = ARMUT_ASK;
            self.to_move = ((seat + 1) & 3) as i8;
        } else if code == TAKE {
            self.naming_stage = ARMUT_GIVE;
            self.to_move = self.poor();
        } else if code == REFUSE {
            let nxt = (seat + 1) & 3;
            if nxt as i8 == self.poor() {
                self.finish(ENDED_ARMUT_REFUSED);
            } else {
                self.to_move = nxt as i8;
            }
        } else if code <= RESERVATION {
            self.do_query(seat, code);
        } else if code <= PASS {
            self.do_naming(seat, code);
        } else if code <= BLACK {
            self.do_call(seat, code);
        } else if code == CONCEDE {
            self.finish(ENDED_CONCEDED);
        } else if code == CLAIM {
            self.finish(ENDED_CLAIMED);
        } else if code == WITHDRAW {
            self.do_withdraw(seat);
        } else if is_picture_solo_code(code) {
            // a picture solo (verified above)
            self.do_naming(seat, code);
        } else if (GENSCHER_FIRST..=GENSCHER_LAST).contains(&code) {
            self.do_genscher(seat, code);
        } else {
            self.do_pig(seat);
        }
        Ok(())
    }

    #[inline]
    fn push_history(&mut self, a: u8) {
        // the history never outgrows MAX_HISTORY (see there); a guard instead of a panic
        if (self.hist_len as usize) < MAX_HISTORY {
            self.history[self.hist_len as usize] = a;
            self.hist_len += 1;
        }
    }

    /// Play card `code` of `seat`, who must be on turn, hold it and follow suit (the caller
    /// checked: for the fast paths of random games and playouts).
    #[inline]
    pub fn play_unchecked(&mut self, seat: u8, code: u8) {
        let h = self.hands[seat as usize];
        self.hands[seat as usize] = if h >> (code + 24) & 1 != 0 {
            h ^ 1 << (code + 24)
        } else {
            h ^ 1 << code
        };
        self.trick[self.trick_len as usize & 3] = code;
        self.trick_len += 1;
        self.push_history(encode(seat, code));
        if self.trick_len == 4 {
            self.complete_trick();
        } else {
            self.to_move = ((seat + 1) & 3) as i8;
        }
    }

    fn complete_trick(&mut self) {
        let t = self.trick;
        let last = self.n_tricks + 1 == self.tricks_total();
        let best = self.order().trick_winner(&t, self.rules.dulle, last) as u8;
        let w = (self.trick_leader + best) & 3;
        self.eyes[w as usize] +=
            EYES[t[0] as usize] + EYES[t[1] as usize] + EYES[t[2] as usize] + EYES[t[3] as usize];
        self.won[w as usize] += 1;
        self.trick_len = 0;
        self.trick_leader = w;
        self.to_move = w as i8;
        self.n_tricks += 1;
        let n = self.n_tricks;
        if self.contract == MARRIAGE_C && self.klaerung == 0 {
            let hochzeiter = self.hochzeiter().map_or(-1, |s| s as i8);
            if w as i8 != hochzeiter {
                // the Klärungsstich (TSR 4.4.3 a)
                self.klaerung = n;
                if self.rules.marriage_shift {
                    self.shift += n - 1; // TSR 6.4.2
                }
                self.is_re |= 1 << w;
            } else if n == 3 {
                // the Hochzeiter took tricks 1 to 3 (TSR 4.4.3 b)
                self.klaerung = 3;
                if self.rules.marriage_shift {
                    self.shift += 2;
                }
                self.soloist = hochzeiter;
            }
            self.call_floor = self.min_call_cards();
        }
        if n == self.tricks_total() && !self.genscher_pending() {
            self.finish(ENDED_PLAYED);
        }
    }

    fn finish(&mut self, how: u8) {
        self.ended = how;
        self.phase = FINISHED;
        self.to_move = -1;
    }

    fn do_query(&mut self, seat: u8, code: u8) {
        self.answers |= 1 << seat;
        if code == RESERVATION {
            self.answers |= 1 << (4 + seat);
        }
        let nxt = (seat + 1) & 3;
        let first = (self.dealer + 1) & 3;
        if nxt != first {
            self.to_move = nxt as i8;
            return;
        }
        self.end_query();
    }

    /// TSR 4.1.2: the seat counts as having said "gesund"; at position 4 (in the naming) the
    /// query's outcome is decided again without its Vorbehalt.
    fn do_withdraw(&mut self, seat: u8) {
        self.answers &= !(1 << (4 + seat));
        if self.phase == NAMING {
            self.nq_len = 0;
            self.nq_pos = 0;
            self.naming_stage = SINGLE;
            self.end_query();
        }
    }

    /// Every seat has answered: all healthy, one Vorbehalt or several (TSR 4.1.3 to 4.1.7).
    fn end_query(&mut self) {
        let first = (self.dealer + 1) & 3;
        let mut holders = [0u8; 4];
        let mut nh = 0;
        for i in 0..4 {
            let s = (first + i) & 3;
            if self.answers >> (4 + s) & 1 != 0 {
                holders[nh] = s;
                nh += 1;
            }
        }
        if nh == 0 {
            // all healthy (TSR 4.1.3); both ♣Q in one hand: stille Hochzeit (4.4.5)
            match (0..4u8).find(|&s| hand_count(self.initial_hands[s as usize], QC) == 2) {
                Some(s) => self.start_play(SILENT_MARRIAGE, s),
                None => self.start_play(NORMAL, 0),
            }
            return;
        }
        self.phase = NAMING;
        if nh == 1 {
            self.naming_stage = SINGLE;
            self.to_move = holders[0] as i8;
            return;
        }
        // several Vorbehalte: ask for Pflichtsolo first, then Lustsolo (TSR 4.1.5 to 4.1.7)
        let mut pflicht = [0u8; 4];
        let mut np = 0;
        let mut lust = [0u8; 4];
        let mut nl = 0;
        for &s in &holders[..nh] {
            if self.owes >> s & 1 != 0 {
                pflicht[np] = s;
                np += 1;
            } else {
                lust[nl] = s;
                nl += 1;
            }
        }
        self.nq_len = 0;
        self.nq_pos = 0;
        if np > 0 {
            self.naming_stage = ASK_PFLICHT;
            for &s in &pflicht[1..np] {
                self.queue_push(s);
            }
            self.queue_push(4);
            for &s in &lust[..nl] {
                self.queue_push(s);
            }
            self.to_move = pflicht[0] as i8;
        } else {
            self.naming_stage = ASK_LUST;
            for &s in &lust[1..nl] {
                self.queue_push(s);
            }
            self.to_move = lust[0] as i8;
        }
    }

    fn queue_push(&mut self, s: u8) {
        if (self.nq_len as usize) < self.naming_queue.len() {
            self.naming_queue[self.nq_len as usize] = s;
            self.nq_len += 1;
        }
    }

    fn queue_pop(&mut self) -> Option<u8> {
        if self.nq_pos < self.nq_len {
            let s = self.naming_queue[self.nq_pos as usize];
            self.nq_pos += 1;
            Some(s)
        } else {
            None
        }
    }

    /// The seats still to be asked (-1 marks the switch to Lustsoli), as `Game.naming_queue`.
    pub fn naming_queue(&self) -> Vec<i8> {
        self.naming_queue[self.nq_pos as usize..self.nq_len as usize]
            .iter()
            .map(|&s| if s == 4 { -1 } else { s as i8 })
            .collect()
    }

    pub fn naming_stage(&self) -> u8 {
        self.naming_stage
    }

    fn do_naming(&mut self, seat: u8, code: u8) {
        if code == PASS {
            // without the Armut a pass always leaves a seat to ask: only the one holder of
            // both ♣Q may pass, and every seat asked after it must name a solo
            let mut nxt = self.queue_pop();
            if nxt == Some(4) {
                self.naming_stage = ASK_LUST;
                nxt = self.queue_pop();
            }
            if let Some(s) = nxt {
                self.to_move = s as i8;
                return;
            }
            // every Vorbehalt passed the solo questions: the first poor seat from the dealer's
            // left names its Armut (house rule; one of two passers is poor, as only one seat
            // holds both ♣Q)
            self.naming_stage = ASK_POOR;
            let first = (self.dealer + 1) & 3;
            let passed = self.passed();
            for i in 0..4 {
                let s = (first + i) & 3;
                if passed >> s & 1 != 0 && can_armut(self.initial_hands[s as usize], &self.rules) {
                    self.to_move = s as i8;
                    break;
                }
            }
            return;
        }
        if code == MARRIAGE {
            self.start_play(MARRIAGE_C, seat);
            return;
        }
        self.start_play(solo_contract_of(code), seat);
    }

    /// One card of the Armut's exchange moves from `seat` to the other member of Re.
    fn do_exchange(&mut self, seat: u8, k: u8) {
        let h = self.hands[seat as usize];
        self.hands[seat as usize] = if h >> (k + 24) & 1 != 0 {
            h ^ 1 << (k + 24)
        } else {
            h ^ 1 << k
        };
        let other = if seat as i8 == self.poor() {
            self.taker()
        } else {
            self.poor()
        } as usize
            & 3;
        let o = self.hands[other];
        self.hands[other] = if o >> k & 1 != 0 {
            o | 1 << (k + 24)
        } else {
            o | 1 << k
        };
        let n = self.armut_cards() as usize;
        // the card is in the history already: the exchange so far is its span
        let (start, end) = self.armut_exchange_span();
        let done = end - start;
        if done == n {
            self.naming_stage = ARMUT_RETURN;
            self.to_move = self.taker();
        } else if done == 2 * n {
            self.start_play(NORMAL, 0);
        }
    }

    /// How many cards the Armut hands over and gets back (0: no Armut named).
    pub fn armut_cards(&self) -> u32 {
        let poor = self.poor();
        if poor < 0 {
            0
        } else {
            give_count(self.initial_hands[poor as usize & 3])
        }
    }

    /// The poor seat, its taker and the seat that threw (house rules), each -1 for none.
    pub fn poor(&self) -> i8 {
        self.seat_of_code(ARMUT)
    }
    pub fn taker(&self) -> i8 {
        self.seat_of_code(TAKE)
    }
    /// The seat of the first action with `code` in the history, or -1.
    fn seat_of_code(&self, code: u8) -> i8 {
        self.history()
            .iter()
            .find(|&&a| a & 63 == code)
            .map_or(-1, |&a| (a >> 6) as i8)
    }
    pub fn thrower(&self) -> i8 {
        if self.ended != ENDED_THROWN {
            return -1;
        }
        self.history().last().map_or(-1, |&a| (a >> 6) as i8)
    }
    /// The cards handed over and returned so far.
    pub fn armut_given(&self) -> Vec<u8> {
        let (start, end) = self.armut_exchange_span();
        let n = self.armut_cards() as usize;
        self.history()[start..end.min(start + n)]
            .iter()
            .map(|&a| a & 63)
            .collect()
    }
    pub fn armut_returned(&self) -> Vec<u8> {
        let (start, end) = self.armut_exchange_span();
        let n = self.armut_cards() as usize;
        self.history()[(start + n).min(end)..end]
            .iter()
            .map(|&a| a & 63)
            .collect()
    }
    /// How many trumps the taker returned, once the exchange is over.
    pub fn armut_trumps_back(&self) -> Option<u32> {
        if self.poor() < 0 || self.phase < PLAY {
            return None;
        }
        Some(
            self.armut_returned()
                .iter()
                .filter(|&k| NORMAL_TRUMPS >> k & 1 != 0)
                .count() as u32,
        )
    }
    /// The indexes `[start, end)` of the exchange's card actions in the history.
    pub fn armut_exchange_span(&self) -> (usize, usize) {
        if self.taker() < 0 {
            return (0, 0);
        }
        // the exchange follows the take at once: nothing else can happen before trick play
        let h = self.history();
        let start = h.iter().position(|&a| a & 63 == TAKE).map_or(0, |i| i + 1);
        let n = 2 * self.armut_cards() as usize;
        let end = h[start..]
            .iter()
            .take(n)
            .take_while(|&&a| a & 63 < 24)
            .count();
        (start, start + end)
    }
    /// The seats that passed the solo questions (bits).
    pub fn passed(&self) -> u8 {
        let mut bits = 0u8;
        for &a in self.history() {
            if a & 63 == PASS {
                bits |= 1 << (a >> 6);
            }
        }
        bits
    }

    fn start_play(&mut self, contract: u8, seat: u8) {
        self.contract = contract;
        self.order = order_of(contract, self.rules.dulle_moves, self.rules.solo_dullen) as u8;
        self.base_order = self.order;
        self.phase = PLAY;
        self.nq_len = 0;
        self.nq_pos = 0;
        let (poor, taker) = (self.poor(), self.taker());
        if contract == NORMAL && taker >= 0 {
            // an Armut: the poor seat and its taker (house rule)
            self.is_re = 1 << poor | 1 << taker;
        } else if contract == NORMAL {
            self.is_re = 0;
            for s in 0..4 {
                if hand_count(self.initial_hands[s], QC) > 0 {
                    self.is_re |= 1 << s;
                }
            }
        } else if contract == MARRIAGE_C {
            self.is_re = 1 << seat;
        } else {
            // a solo or the stille Hochzeit: one seat alone is Re (TSR 2.4.7, 4.4.5)
            self.soloist = seat as i8;
            self.is_re = 1 << seat;
        }
        // who leads trick 1: the soloist of a Pflichtsolo, else the dealer's left neighbour
        // (TSR 4.2.2, 4.3.1, 5.1.1)
        let solo_leads =
            self.pflichtsolo() || (self.rules.soloist_leads && contract >= SOLO_DIAMONDS);
        let lead = if solo_leads {
            seat
        } else {
            (self.dealer + 1) & 3
        };
        self.trick_leader = lead;
        self.to_move = lead as i8;
    }

    fn do_call(&mut self, seat: u8, code: u8) {
        let p = if self.is_re(seat) { RE } else { KONTRA };
        let target = call_level(code);
        let n = self.cards_in_hand(seat);
        if self.level[p as usize] == 0 {
            if n >= 11 - self.shift as i32 {
                self.ontime |= 1 << p;
            } else {
                self.ontime &= !(1 << p);
            }
        }
        self.level[p as usize] = target;
        // the call is in the history already: its index is the calls so far less one
        let i = self.n_calls() - 1;
        if i < MAX_CALLS {
            self.calls[i] = Call {
                seat,
                party: p,
                level: target,
                held: n as u8,
            }
            .pack();
        }
        self.call_floor = self.min_call_cards();
    }

    // -------------------------------------------------------------- results

    fn remaining_eyes(&self) -> u32 {
        let mut rest: u32 = self.trick().iter().map(|&k| EYES[k as usize] as u32).sum();
        for &h in &self.hands {
            rest += crate::cards::hand_eyes(h);
        }
        rest
    }

    /// Augen of Re; after a claim the rest goes to Re (TSR 5.4.4).
    pub fn re_eyes(&self) -> u32 {
        let mut e: u32 = (0..4u8)
            .filter(|&s| self.is_re(s))
            .map(|s| self.eyes[s as usize] as u32)
            .sum();
        if self.ended == ENDED_CLAIMED {
            e += self.remaining_eyes();
        }
        e
    }

    /// Augen of Kontra; after a concession the rest goes to Kontra (TSR 5.4.6).
    pub fn kontra_eyes(&self) -> u32 {
        let mut e: u32 = (0..4u8)
            .filter(|&s| !self.is_re(s))
            .map(|s| self.eyes[s as usize] as u32)
            .sum();
        if self.ended == ENDED_CONCEDED {
            e += self.remaining_eyes();
        }
        e
    }

    /// Tricks of Re (with the rest of the game after a claim).
    pub fn re_tricks(&self) -> u32 {
        let mut n: u32 = (0..4u8)
            .filter(|&s| self.is_re(s))
            .map(|s| self.won[s as usize] as u32)
            .sum();
        if self.ended == ENDED_CLAIMED {
            n += (self.tricks_total() - self.n_tricks) as u32;
        }
        n
    }

    /// Tricks of Kontra (with the rest of the game after a concession).
    pub fn kontra_tricks(&self) -> u32 {
        let mut n: u32 = (0..4u8)
            .filter(|&s| !self.is_re(s))
            .map(|s| self.won[s as usize] as u32)
            .sum();
        if self.ended == ENDED_CONCEDED {
            n += (self.tricks_total() - self.n_tricks) as u32;
        }
        n
    }

    /// Doppelkopf, Fuchs and Karlchen won by Re and by Kontra (TSR 7.2.3), each as
    /// `[doppelkopf, fox, charlie]`; only in a Normalspiel (also an announced Hochzeit that
    /// stayed one).
    /// ... and the further Sonderpunkte of the house rules the game's rules play (Karlchen
    /// gefangen, Fuchs im letzten Stich, Dulle gefangen; 0 when off), in the order of
    /// `scoring::EXTRA_KEYS`.
    pub fn sonderpunkte(&self) -> [[u32; crate::scoring::N_EXTRAS]; 2] {
        let mut extras = [[0u32; crate::scoring::N_EXTRAS]; 2];
        let party = |s: u8| if self.is_re(s) { 0usize } else { 1 };
        let rules = self.rules;
        if self.soloist >= 0 || !(self.contract == NORMAL || self.contract == MARRIAGE_C) {
            // house rule "Karlchen im Solo": a ♣J wins the last trick of a solo
            if rules.charlie_solo && self.n_tricks == self.tricks_total() {
                if let Some((leader, cards, w)) = self.tricks().into_iter().last() {
                    if cards[((w + 4 - leader) & 3) as usize] == JC {
                        extras[party(w)][6] += 1;
                    }
                }
            }
            return extras;
        }
        for (i, (leader, cards, w)) in self.tricks().into_iter().enumerate() {
            let wp = party(w);
            let last = i + 1 == self.tricks_total() as usize;
            let eyes: u32 = cards.iter().map(|&k| EYES[k as usize] as u32).sum();
            if eyes >= 40 {
                extras[wp][0] += 1;
            } else if eyes >= u32::from(rules.doppelkopf_eyes) {
                extras[wp][7] += 1; // house rule: a Doppelkopf from 30 or 35 Augen
            }
            for (j, &k) in cards.iter().enumerate() {
                let theirs = party((leader + j as u8) & 3) != wp;
                if k == crate::cards::AD && theirs {
                    extras[wp][1] += 1;
                } else if theirs && k == JC && last && rules.charlie_caught {
                    extras[wp][3] += 1;
                } else if theirs && k == crate::cards::TH && rules.dulle_caught {
                    extras[wp][5] += 1;
                }
            }
            let winning = cards[((w + 4 - leader) & 3) as usize];
            if last && winning == JC {
                extras[wp][2] += 1;
            }
            if last && winning == crate::cards::AD && rules.fox_last_trick {
                extras[wp][4] += 1;
            }
        }
        extras
    }

    /// The contract as scoring names it (`result.summary_of`): normal, marriage,
    /// silent_marriage or solo.
    pub fn summary_contract(&self) -> &'static str {
        if self.marriage_solo() || self.contract > SILENT_MARRIAGE {
            "solo"
        } else if self.taker() >= 0 {
            "armut"
        } else {
            match self.contract {
                NORMAL => "normal",
                MARRIAGE_C => "marriage",
                _ => "silent_marriage",
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{deal, Rng};
    use crate::cards::{hand_add, kind, CLUBS, HEARTS, QUEEN};
    use crate::order::TRUMP;

    fn legal(g: &mut GameState) -> Vec<u8> {
        let mut b = ActionBuf::new();
        g.legal_actions(None, &mut b);
        b.as_slice().to_vec()
    }

    /// A deal in which `seat` holds both ♣Q (swapped in from the other hands).
    fn deal_with_both_queens(rng: &mut Rng, dealer: u8, seat: usize) -> [u64; 4] {
        let mut hands = deal(rng, dealer, true);
        for other in 0..4 {
            while other != seat && hand_count(hands[other], QC) > 0 {
                let give = (0..24u8)
                    .find(|&k| k != QC && hand_count(hands[seat], k) > 0)
                    .unwrap();
                hands[other] = crate::cards::hand_remove(hands[other], QC);
                hands[seat] = crate::cards::hand_remove(hands[seat], give);
                hands[other] = hand_add(hands[other], give).unwrap();
                hands[seat] = hand_add(hands[seat], QC).unwrap();
            }
        }
        hands
    }

    /// Through the Vorbehaltsabfrage: `seat` (with both ♣Q) names a Hochzeit, the others
    /// are healthy.
    fn announce_marriage(g: &mut GameState, seat: u8) {
        for _ in 0..4 {
            let s = g.to_move().unwrap();
            let code = if s == seat { RESERVATION } else { HEALTHY };
            g.apply(encode(s, code) as i64).unwrap();
        }
        assert_eq!(g.phase, NAMING);
        g.apply(encode(seat, MARRIAGE) as i64).unwrap();
        assert_eq!((g.phase, g.contract), (PLAY, MARRIAGE_C));
    }

    /// The card `seat` plays: its strongest if `strong`, else its weakest legal card.
    fn pick_card(g: &GameState, strong: bool) -> u8 {
        let o = g.order();
        let m = g.play_mask();
        let key = |k: u8| {
            o.power[k as usize] as i32
                + if o.eff_suit[k as usize] == TRUMP {
                    200
                } else {
                    0
                }
        };
        let ks = (0..24u8).filter(|&k| m >> k & 1 != 0);
        if strong {
            ks.max_by_key(|&k| key(k)).unwrap()
        } else {
            ks.min_by_key(|&k| key(k)).unwrap()
        }
    }

    #[test]
    fn state_is_small_and_copy() {
        // issue 15: a state of at most 256 bytes, copied without heap data
        assert!(
            std::mem::size_of::<GameState>() <= 256,
            "{}",
            std::mem::size_of::<GameState>()
        );
        let g = GameState::setup(
            deal(&mut Rng::new(1), 0, true),
            0,
            [false; 4],
            None,
            Rules::TSR,
        );
        let mut h = g;
        h.apply(encode(1, HEALTHY) as i64).unwrap();
        assert_eq!(g.history().len(), 0);
        assert_eq!(h.history().len(), 1);
    }

    #[test]
    fn withdrawal_windows_of_every_position() {
        // TSR 4.1.2: positions 1 to 3 until the next player has spoken; position 4 (the
        // dealer) until the query goes on (4.1.6) or the Vorbehalt is named
        let hands = deal(&mut Rng::new(5), 2, true);
        for pos in 0..3u8 {
            let mut g = GameState::new(hands, 2, [false; 4], None, Rules::TSR).unwrap();
            let s = (3 + pos) & 3;
            for _ in 0..pos {
                let t = g.to_move().unwrap();
                g.apply(encode(t, HEALTHY) as i64).unwrap();
            }
            assert_eq!(g.withdraw_seat(), None);
            g.apply(encode(s, RESERVATION) as i64).unwrap();
            assert_eq!(g.withdraw_seat(), Some(s));
            assert!(legal(&mut g).contains(&encode(s, WITHDRAW)));
            let mut open = g;
            open.apply(encode(s, WITHDRAW) as i64).unwrap();
            assert_eq!(open.answers()[s as usize], Some(false));
            assert_eq!(open.to_move(), Some((s + 1) & 3));
            // a second withdrawal has nothing to take back
            let e = open.apply(encode(s, WITHDRAW) as i64).unwrap_err();
            assert_eq!((e.key, e.rule), ("no_reservation", Some("4.1.2")));
            // the next seat speaks: the window is closed
            g.apply(encode((s + 1) & 3, HEALTHY) as i64).unwrap();
            let e = g.apply(encode(s, WITHDRAW) as i64).unwrap_err();
            assert_eq!((e.key, e.rule), ("withdraw_closed", Some("4.1.2")));
        }
        // position 4 alone: open in the naming, the game is then found as if it were healthy
        let mut g = GameState::new(hands, 2, [false; 4], None, Rules::TSR).unwrap();
        for s in [3, 0, 1] {
            g.apply(encode(s, HEALTHY) as i64).unwrap();
        }
        g.apply(encode(2, RESERVATION) as i64).unwrap();
        assert_eq!((g.phase, g.withdraw_seat()), (NAMING, Some(2)));
        let mut named = g;
        named.apply(encode(2, SOLO_BASE) as i64).unwrap();
        let e = named.apply(encode(2, WITHDRAW) as i64).unwrap_err();
        assert_eq!(e.key, "withdraw_closed");
        g.apply(encode(2, WITHDRAW) as i64).unwrap();
        assert_eq!(g.phase, PLAY);
        assert!(g.contract == NORMAL || g.contract == SILENT_MARRIAGE);
        // position 4 among several: open until the first seat asked answers
        let mut g = GameState::new(hands, 2, [false; 4], None, Rules::TSR).unwrap();
        for (s, c) in [
            (3, RESERVATION),
            (0, HEALTHY),
            (1, HEALTHY),
            (2, RESERVATION),
        ] {
            g.apply(encode(s, c) as i64).unwrap();
        }
        assert_eq!((g.to_move(), g.withdraw_seat()), (Some(3), Some(2)));
        let mut b = ActionBuf::new();
        g.legal_actions(Some(2), &mut b);
        assert_eq!(b.as_slice(), &[encode(2, WITHDRAW)]);
        let mut w = g;
        w.apply(encode(2, WITHDRAW) as i64).unwrap();
        assert_eq!(
            (w.phase, w.naming_stage(), w.to_move()),
            (NAMING, SINGLE, Some(3))
        );
        g.apply(encode(3, SOLO_BASE + 4) as i64).unwrap();
        let e = g.apply(encode(2, WITHDRAW) as i64).unwrap_err();
        assert_eq!(e.key, "withdraw_closed");
        // a Vorführung has no query and nothing to withdraw (TSR 4.1.9)
        let mut g = GameState::new(hands, 2, [true; 4], Some(3), Rules::TSR).unwrap();
        assert_eq!(g.withdraw_seat(), None);
        let e = g.apply(encode(3, WITHDRAW) as i64).unwrap_err();
        assert_eq!(e.key, "no_reservation");
    }

    #[test]
    fn max_history_is_reached_and_not_passed() {
        // the longest game: 4 answers, 2 withdrawals (TSR 4.1.2), a pass and a solo, 5 calls
        // per party, 48 cards
        let mut rng = Rng::new(11);
        let hands = deal_with_both_queens(&mut rng, 0, 1);
        let mut g = GameState::new(hands, 0, [false; 4], None, Rules::TSR).unwrap();
        for (s, code) in [
            (1, RESERVATION),
            (2, RESERVATION),
            (3, RESERVATION),
            (3, WITHDRAW),
            (0, RESERVATION),
            (0, WITHDRAW),
        ] {
            g.apply(encode(s, code) as i64).unwrap();
        }
        assert_eq!((g.phase, g.to_move()), (NAMING, Some(1)));
        // TSR 4.1.6: seat 1 (both ♣Q) is asked first and may pass; seat 2 must name a solo
        assert!(legal(&mut g).contains(&encode(1, PASS)));
        g.apply(encode(1, PASS) as i64).unwrap();
        assert!(!legal(&mut g).contains(&encode(2, PASS)));
        g.apply(encode(2, SOLO_BASE + 4) as i64).unwrap();
        assert_eq!((g.contract, g.soloist()), (SOLO_QUEENS, Some(2)));
        for code in [CALL_RE, NO90, NO60, NO30, BLACK] {
            g.apply(encode(2, code) as i64).unwrap();
        }
        for code in [CALL_KONTRA, NO90, NO60, NO30, BLACK] {
            g.apply(encode(0, code) as i64).unwrap();
        }
        while g.phase == PLAY {
            let s = g.to_move().unwrap();
            let k = pick_card(&g, false);
            g.apply(encode(s, k) as i64).unwrap();
        }
        assert_eq!(g.history().len(), 66);
        assert!(g.history().len() <= MAX_HISTORY);
        // nothing more can happen: no calls left, the game is over
        assert!(legal(&mut g).is_empty());
        // random games with many calls, concessions and claims stay within the bound too
        let policy = crate::batch::Policy {
            p_reservation: 0.5,
            p_call: 0.5,
            p_concede: 0.01,
            ..Default::default()
        };
        let mut buf = ActionBuf::new();
        for i in 0..3000u64 {
            let d = (i & 3) as u8;
            let mut g = GameState::setup(
                deal(&mut rng, d, i % 3 != 0),
                d,
                [i % 2 == 0; 4],
                None,
                Rules {
                    nines: i % 3 != 0,
                    ..Rules::TSR
                },
            );
            loop {
                g.legal_actions(None, &mut buf);
                if buf.is_empty() {
                    break;
                }
                let a = policy.pick(&mut rng, buf.as_slice(), g.phase);
                g.apply(a as i64).unwrap();
                assert!(g.history().len() <= 64);
            }
        }
    }

    #[test]
    fn hochzeit_clarified_by_trick_2_tsr_4_4_3_a_and_6_4_2() {
        // the Hochzeiter wins trick 1, another seat trick 2: the Klärungsstich; the call
        // deadlines move by one trick (TSR 6.4.2)
        let mut found = 0;
        for seed in 0..400u64 {
            let mut rng = Rng::new(seed);
            let hz = (seed % 4) as u8;
            let hands = deal_with_both_queens(&mut rng, 0, hz as usize);
            let mut g = GameState::new(hands, 0, [false; 4], None, Rules::TSR).unwrap();
            announce_marriage(&mut g, hz);
            // before the Klärungsstich no call (TSR 6.4.2) and none listed
            let r = g
                .verify(encode((hz + 1) & 3, CALL_KONTRA) as i64)
                .unwrap_err();
            assert_eq!((r.key, r.rule), ("calls_marriage", Some("6.4.2")));
            while g.n_tricks() < 2 && g.phase == PLAY {
                let s = g.to_move().unwrap();
                // the Hochzeiter plays high in trick 1 and low in trick 2, the others the
                // other way round
                let k = pick_card(&g, (s == hz) == (g.n_tricks() == 0));
                g.apply(encode(s, k) as i64).unwrap();
                if g.n_tricks() == 1 && g.trick().is_empty() && g.trick_leader != hz {
                    break; // clarified by trick 1: not this case
                }
            }
            let tricks = g.tricks();
            if tricks.len() != 2 || tricks[0].2 != hz || tricks[1].2 == hz {
                continue;
            }
            found += 1;
            let partner = tricks[1].2;
            assert_eq!(g.klaerung, 2);
            assert_eq!(g.partner(), Some(partner));
            assert!(g.is_re(hz) && g.is_re(partner));
            assert_eq!((0..4).filter(|&s| g.is_re(s)).count(), 2);
            assert_eq!(g.shift, 1);
            assert!(!g.marriage_solo());
            // Re is now possible down to 10 cards (11 - 1): seat hz holds 10
            assert_eq!(g.call_deadline(hz, CALL_RE), Some(10));
            assert!(legal(&mut g).contains(&encode(hz, CALL_RE)));
        }
        assert!(found > 5, "only {found} games clarified by trick 2");
    }

    #[test]
    fn hochzeiter_takes_tricks_1_to_3_karo_solo_tsr_4_4_3_b() {
        let mut found = 0;
        for seed in 0..300u64 {
            let mut rng = Rng::new(1000 + seed);
            let hz = 1u8; // leads trick 1 with dealer 0
            let hands = deal_with_both_queens(&mut rng, 0, hz as usize);
            let mut g = GameState::new(hands, 0, [false; 4], None, Rules::TSR).unwrap();
            announce_marriage(&mut g, hz);
            while g.klaerung == 0 && g.phase == PLAY {
                let s = g.to_move().unwrap();
                let k = pick_card(&g, s == hz);
                g.apply(encode(s, k) as i64).unwrap();
            }
            if !g.marriage_solo() {
                assert_ne!(g.partner(), None);
                continue;
            }
            found += 1;
            assert_eq!(g.klaerung, 3);
            assert_eq!(g.soloist(), Some(hz));
            assert_eq!(g.partner(), None);
            assert!((0..4).all(|s| g.is_re(s) == (s == hz)));
            assert_eq!(g.shift, 2);
            assert_eq!(g.summary_contract(), "solo");
            // a soloist may concede now (TSR 5.4.6)
            assert!(legal(&mut g).contains(&encode(hz, CONCEDE)));
        }
        assert!(found > 0);
    }

    #[test]
    fn vorfuehrung_names_a_solo_and_leads_tsr_4_1_9_4_2_3() {
        let hands = deal_with_both_queens(&mut Rng::new(5), 2, 3);
        let mut owes = [false; 4];
        owes[3] = true;
        assert!(GameState::new(hands, 2, [false; 4], Some(3), Rules::TSR).is_err());
        let mut g = GameState::new(hands, 2, owes, Some(3), Rules::TSR).unwrap();
        assert_eq!((g.phase, g.to_move()), (NAMING, Some(3)));
        let acts = legal(&mut g);
        assert_eq!(
            acts,
            (0..7).map(|i| encode(3, SOLO_BASE + i)).collect::<Vec<_>>()
        );
        // even with both ♣Q no Hochzeit (TSR 4.1.9)
        let r = g.apply(encode(3, MARRIAGE) as i64).unwrap_err();
        assert_eq!(
            (r.key, r.rule, r.seat),
            ("vorfuehrung", Some("4.1.9"), Some(3))
        );
        let r = g.apply(encode(3, HEALTHY) as i64).unwrap_err();
        assert_eq!(r.key, "phase");
        g.apply(encode(3, SOLO_BASE + 1) as i64).unwrap();
        assert_eq!(g.contract, SOLO_HEARTS);
        assert!(g.pflichtsolo());
        // the Pflichtsolo's soloist leads trick 1 (TSR 4.2.2)
        assert_eq!((g.to_move(), g.trick_leader), (Some(3), 3));
    }

    #[test]
    fn deadlines_and_late_replies_tsr_6_2_2_6_4_4() {
        let mut rng = Rng::new(77);
        let hands = deal(&mut rng, 0, true);
        let mut g = GameState::new(hands, 0, [false; 4], None, Rules::TSR).unwrap();
        for _ in 0..4 {
            let s = g.to_move().unwrap();
            g.apply(encode(s, HEALTHY) as i64).unwrap();
        }
        if g.contract == SILENT_MARRIAGE {
            return; // this deal is a Normalspiel (checked below)
        }
        assert_eq!(g.contract, NORMAL);
        let re = (0..4u8).find(|&s| g.is_re(s)).unwrap();
        let ko = (0..4u8).find(|&s| !g.is_re(s)).unwrap();
        // play two whole tricks: every seat holds 10 cards
        for _ in 0..8 {
            let s = g.to_move().unwrap();
            let k = pick_card(&g, false);
            g.apply(encode(s, k) as i64).unwrap();
        }
        // 10 cards: too late for Re (11, TSR 6.2.2)
        let r = g.verify(encode(re, CALL_RE) as i64).unwrap_err();
        assert_eq!((r.key, r.rule), ("deadline", Some("6.2.2")));
        assert!(r.params().contains(&("need", Param::Int(11))));
        assert!(r.params().contains(&("have", Param::Int(10))));
        // rebuild: Re called with 11 cards, Kontra replies late with 10 (TSR 6.4.4)
        let mut g = GameState::new(hands, 0, [false; 4], None, Rules::TSR).unwrap();
        for _ in 0..4 {
            let s = g.to_move().unwrap();
            g.apply(encode(s, HEALTHY) as i64).unwrap();
        }
        for _ in 0..4 {
            let s = g.to_move().unwrap();
            let k = pick_card(&g, false);
            g.apply(encode(s, k) as i64).unwrap();
        }
        g.apply(encode(re, CALL_RE) as i64).unwrap();
        for _ in 0..4 {
            let s = g.to_move().unwrap();
            let k = pick_card(&g, false);
            g.apply(encode(s, k) as i64).unwrap();
        }
        assert_eq!(g.cards_in_hand(ko), 10);
        assert_eq!(g.call_deadline(ko, CALL_KONTRA), Some(10));
        // a late reply may not come with an Absage (TSR 6.4.4)
        let r = g.verify(encode(ko, NO90) as i64).unwrap_err();
        assert_eq!((r.key, r.rule), ("late_reply", Some("6.4.4")));
        g.apply(encode(ko, CALL_KONTRA) as i64).unwrap();
        assert!(!g.ontime(KONTRA));
        let r = g.verify(encode(ko, NO90) as i64).unwrap_err();
        assert_eq!(
            (r.key, r.rule, r.seat),
            ("late_reply", Some("6.4.4"), Some(ko))
        );
        let calls = g.calls();
        assert_eq!(
            calls[1],
            Call {
                seat: ko,
                party: KONTRA,
                level: 1,
                held: 10
            }
        );
    }

    #[test]
    fn illegal_actions_leave_the_state_unchanged() {
        let mut g = GameState::setup(
            deal(&mut Rng::new(9), 1, true),
            1,
            [false; 4],
            None,
            Rules::TSR,
        );
        let before = format!("{:?}", g);
        for a in [
            -1i64,
            256,
            1 << 40,
            63,
            3 * 64 + 24,
            4 * 64,
            i64::MIN,
            i64::MAX,
        ] {
            assert!(g.apply(a).is_err(), "{a}");
        }
        assert_eq!(format!("{:?}", g), before);
        let r = g.apply(-1).unwrap_err();
        assert_eq!(
            (r.key, r.params()),
            (
                "bad_action",
                &[("field", Param::Str("seat")), ("value", Param::Int(-1))][..]
            )
        );
        // a card played in the Vorbehaltsabfrage: the phase refusal (TSR 5.1.1)
        let r = g.apply(encode(2, kind(HEARTS, QUEEN)) as i64).unwrap_err();
        assert_eq!((r.key, r.rule, r.seat), ("phase", Some("5.1.1"), None));
        let _ = kind(CLUBS, QUEEN);
    }
}
