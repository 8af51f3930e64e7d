//! Scoring of one finished game by the DDV tournament rules (TSR 7.1 and 7.2): the exact port
//! of `doko.engine.scoring` (`GameSummary`, its validation, `score`, the line items with the
//! same clauses, texts and order, and the house rule `re_kontra_double`).
//!
//! [`GameSummary::new`] checks a summary exactly as the Python `GameSummary.__post_init__` does
//! (same checks, same order, the same catalogue key and parameters in the error); [`score`]
//! then never fails. The native engine builds summaries of real games directly.

use std::fmt;

/// The two parties (TSR 2.4): Re (with the ♣Q, or the soloist) and Kontra.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Party {
    #[default]
    Re = 0,
    Kontra = 1,
}

pub const PARTIES: [Party; 2] = [Party::Re, Party::Kontra];

impl Party {
    /// `"re"` / `"kontra"`: the record name.
    pub fn record_name(self) -> &'static str {
        match self {
            Party::Re => "re",
            Party::Kontra => "kontra",
        }
    }

    /// `"Re"` / `"Kontra"` (the same in German and English).
    pub fn label(self) -> &'static str {
        match self {
            Party::Re => "Re",
            Party::Kontra => "Kontra",
        }
    }

    pub fn other(self) -> Party {
        match self {
            Party::Re => Party::Kontra,
            Party::Kontra => Party::Re,
        }
    }
}

/// The contracts scoring tells apart (`doko.engine.scoring.CONTRACTS`): every solo, also a
/// Hochzeit turned Karo solo, is `Solo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SummaryContract {
    #[default]
    Normal,
    Marriage,
    /// A Normalspiel after an Armut (house rule): Re is the poor seat and its taker.
    Armut,
    SilentMarriage,
    Solo,
}

/// `", ".join(CONTRACTS)` in the Python module.
pub const CONTRACT_NAMES: &str = "normal, marriage, armut, silent_marriage, solo";

impl SummaryContract {
    pub fn record_name(self) -> &'static str {
        match self {
            SummaryContract::Normal => "normal",
            SummaryContract::Marriage => "marriage",
            SummaryContract::Armut => "armut",
            SummaryContract::SilentMarriage => "silent_marriage",
            SummaryContract::Solo => "solo",
        }
    }

    pub fn from_record_name(name: &str) -> Option<SummaryContract> {
        match name {
            "normal" => Some(SummaryContract::Normal),
            "marriage" => Some(SummaryContract::Marriage),
            "armut" => Some(SummaryContract::Armut),
            "silent_marriage" => Some(SummaryContract::SilentMarriage),
            "solo" => Some(SummaryContract::Solo),
            _ => None,
        }
    }

    /// Scored like a solo (TSR 7.2.4): every solo and the stille Hochzeit.
    pub fn is_solo(self) -> bool {
        matches!(
            self,
            SummaryContract::SilentMarriage | SummaryContract::Solo
        )
    }
}

/// Sonderpunkte won BY one party (TSR 7.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Extras {
    /// Tricks of >= 40 Augen won by the party.
    pub doppelkopf: u8,
    /// ♦A of the OTHER party caught by this party.
    pub fox: u8,
    /// 1: a ♣J of this party won the last trick.
    pub charlie: u8,
    /// House rule "Karlchen gefangen": ♣J of the OTHER party in the last trick, won by this party.
    pub charlie_caught: u8,
    /// House rule "Fuchs im letzten Stich": 1: a ♦A of this party won the last trick.
    pub fox_last: u8,
    /// House rule "Dulle gefangen": ♥10 of the OTHER party caught by this party.
    pub dulle_caught: u8,
    /// House rule "Karlchen im Solo": 1: a ♣J of this party won the last trick of a solo.
    pub charlie_solo: u8,
    /// House rule "Doppelkopf ab 30/35 Augen": tricks of the threshold to 39 Augen won.
    pub doppelkopf_low: u8,
}

impl Extras {
    pub fn total(self) -> i32 {
        self.counts().iter().map(|&c| i32::from(c)).sum()
    }

    /// The Sonderpunkte of the counts of `GameState::sonderpunkte` (in the order of
    /// [`EXTRA_KEYS`]; each at most 6, so the conversion cannot truncate).
    pub fn from_counts(c: [u32; N_EXTRAS]) -> Extras {
        Extras {
            doppelkopf: c[0] as u8,
            fox: c[1] as u8,
            charlie: c[2] as u8,
            charlie_caught: c[3] as u8,
            fox_last: c[4] as u8,
            dulle_caught: c[5] as u8,
            charlie_solo: c[6] as u8,
            doppelkopf_low: c[7] as u8,
        }
    }

    /// The counts in the order of [`EXTRA_KEYS`].
    pub fn counts(self) -> [u8; N_EXTRAS] {
        [
            self.doppelkopf,
            self.fox,
            self.charlie,
            self.charlie_caught,
            self.fox_last,
            self.dulle_caught,
            self.charlie_solo,
            self.doppelkopf_low,
        ]
    }
}

/// How many kinds of Sonderpunkte there are: the three of TSR 7.2.3 and the five house rules.
pub const N_EXTRAS: usize = 8;
/// The Sonderpunkt names (`Extras`' fields) and the most of each in one game (`_EXTRA_MAX`).
pub const EXTRA_KEYS: [&str; N_EXTRAS] = [
    "doppelkopf",
    "fox",
    "charlie",
    "charlie_caught",
    "fox_last",
    "dulle_caught",
    "charlie_solo",
    "doppelkopf_low",
];
const EXTRA_MAX: [i64; N_EXTRAS] = [6, 2, 1, 2, 1, 2, 1, 8];
/// The index of the one Sonderpunkt a solo can have (house rule "Karlchen im Solo").
const CHARLIE_SOLO: usize = 6;
/// Per Sonderpunkt: Augen the party's tricks hold at least per count, and whether each count
/// needs a trick of its own (else one trick is enough for all): `_EXTRA_NEEDS`.
const EXTRA_NEEDS: [(i64, bool); N_EXTRAS] = [
    (40, true),
    (11, false),
    (2, true),
    (2, false),
    (11, true),
    (10, false),
    (2, true),
    (30, true),
];

/// Call levels: 0 none, 1 Re/Kontra, 2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz.
pub const BLACK: u8 = 5;

/// Absage level -> the opponents must stay below this many Augen (TSR 7.1.1/7.1.2 items 5, 7).
fn under(level: u8) -> i32 {
    match level {
        2 => 90,
        3 => 60,
        _ => 30,
    }
}

/// Absage level -> Augen the opponents must reach to score against it (TSR 7.2.2 (e), (f)).
fn reach(level: u8) -> i32 {
    match level {
        2 => 120,
        3 => 90,
        4 => 60,
        _ => 30,
    }
}

// ------------------------------------------------------------------------ the Augen sets

/// 241 bits: bit `a` set iff some cards hold exactly `a` Augen.
type EyeSet = [u64; 4];

const fn shl_or(dst: EyeSet, src: EyeSet, by: usize) -> EyeSet {
    let mut out = dst;
    let mut w = 0;
    while w < 4 {
        let from = w as isize - (by / 64) as isize;
        if from >= 0 {
            let from = from as usize;
            let bits = by % 64;
            let mut v = src[from] << bits;
            if bits > 0 && from >= 1 {
                v |= src[from - 1] >> (64 - bits);
            }
            out[w] |= v;
        }
        w += 1;
    }
    out
}

/// Entry `k`: the Augen totals some `k` cards of the deck can hold (the 48-card deck, or the
/// 40 cards without nines): `_eye_sums` in Python.
const fn eye_sums(nines: bool) -> [EyeSet; 49] {
    let values: [usize; 6] = [0, 2, 3, 4, 10, 11];
    let first = if nines { 0 } else { 1 };
    let per_round = 6 - first;
    let cards = 8 * per_round;
    let mut masks = [[0u64; 4]; 49];
    masks[0][0] = 1;
    let mut n = 0;
    while n < cards {
        let eyes = values[first + n % per_round];
        let mut k = n as isize;
        while k >= 0 {
            let ku = k as usize;
            masks[ku + 1] = shl_or(masks[ku + 1], masks[ku], eyes);
            k -= 1;
        }
        n += 1;
    }
    masks
}

static EYE_SUMS: [[EyeSet; 49]; 2] = [eye_sums(false), eye_sums(true)];

/// Whether `tricks` tricks (4 cards each) can hold exactly `eyes` Augen (`_possible`).
pub fn possible(eyes: i64, tricks: i64, nines: bool) -> bool {
    if !(0..=240).contains(&eyes) || !(0..=12).contains(&tricks) {
        return false;
    }
    let set = &EYE_SUMS[usize::from(nines)][4 * tricks as usize];
    set[eyes as usize / 64] >> (eyes % 64) & 1 == 1
}

// ------------------------------------------------------------------------ input errors

/// A value in an error's parameters: an int, a text, or a text to show by its Python `repr`
/// (the binding renders it with Python's own `repr`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    Int(i64),
    Str(String),
    Repr(String),
}

/// A summary that cannot describe a real game: `ScoringInputError(key, **params)` in Python
/// (`key` is `score_input.<key>` in the text catalogue; the parameters are the same).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoringInputError {
    pub key: &'static str,
    pub params: Vec<(&'static str, Param)>,
}

impl fmt::Display for ScoringInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad game summary (score_input.{})", self.key)?;
        for (i, (name, value)) in self.params.iter().enumerate() {
            f.write_str(if i == 0 { ": " } else { ", " })?;
            match value {
                Param::Int(v) => write!(f, "{name}={v}")?,
                Param::Str(s) => write!(f, "{name}={s}")?,
                Param::Repr(s) => write!(f, "{name}={s:?}")?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for ScoringInputError {}

fn err(key: &'static str, params: Vec<(&'static str, Param)>) -> ScoringInputError {
    ScoringInputError { key, params }
}

fn int(v: i64) -> Param {
    Param::Int(v)
}

fn string(s: impl Into<String>) -> Param {
    Param::Str(s.into())
}

fn check_int(
    field: impl Into<String>,
    value: i64,
    low: i64,
    high: i64,
) -> Result<(), ScoringInputError> {
    if (low..=high).contains(&value) {
        return Ok(());
    }
    Err(err(
        "out_of_range",
        vec![
            ("field", string(field)),
            ("value", int(value)),
            ("low", int(low)),
            ("high", int(high)),
        ],
    ))
}

/// The fields of a summary before validation, as the Python constructor takes them
/// (`re_extras` / `kontra_extras`: the counts in the order of [`EXTRA_KEYS`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawSummary {
    pub contract: String,
    pub re_eyes: i64,
    pub re_tricks: Option<i64>,
    pub re_calls: i64,
    pub kontra_calls: i64,
    pub re_extras: [i64; N_EXTRAS],
    pub kontra_extras: [i64; N_EXTRAS],
    pub nines: bool,
}

// ------------------------------------------------------------------------ the summary

/// What scoring needs to know about a finished game (`doko.engine.scoring.GameSummary`).
///
/// `re_calls` / `kontra_calls` are the highest level called (0 none, 1 Re/Kontra, 2 keine 90,
/// 3 keine 60, 4 keine 30, 5 schwarz); lower levels count as made (TSR 6.4.3).
/// `nines == false`: a game without nines (house rule), 10 tricks of 40 cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct GameSummary {
    pub contract: SummaryContract,
    pub re_eyes: u8,
    pub re_tricks: Option<u8>,
    pub re_calls: u8,
    pub kontra_calls: u8,
    pub re_extras: Extras,
    pub kontra_extras: Extras,
    pub nines: bool,
}

impl GameSummary {
    /// A checked summary: the checks of the Python `GameSummary.__post_init__`, in its order,
    /// with its error keys and parameters.
    pub fn new(raw: &RawSummary) -> Result<GameSummary, ScoringInputError> {
        let contract = SummaryContract::from_record_name(&raw.contract).ok_or_else(|| {
            err(
                "not_one_of",
                vec![
                    ("field", string("contract")),
                    ("value", Param::Repr(raw.contract.clone())),
                    ("allowed", string(CONTRACT_NAMES)),
                ],
            )
        })?;
        check_int("re_eyes", raw.re_eyes, 0, 240)?;
        let total: i64 = if raw.nines { 12 } else { 10 };
        if let Some(t) = raw.re_tricks {
            check_int("re_tricks", t, 0, total)?;
        }
        check_int("re_calls", raw.re_calls, 0, 5)?;
        check_int("kontra_calls", raw.kontra_calls, 0, 5)?;
        match raw.re_tricks {
            None => {
                if raw.re_eyes == 0 || raw.re_eyes == 240 {
                    let party = if raw.re_eyes == 0 { "Re" } else { "Kontra" };
                    return Err(err(
                        "tricks_needed",
                        vec![("eyes", int(raw.re_eyes)), ("party", string(party))],
                    ));
                }
                if !(1..total).any(|t| possible(raw.re_eyes, t, raw.nines)) {
                    return Err(err("no_set", vec![("eyes", int(raw.re_eyes))]));
                }
            }
            Some(t) => {
                if !possible(raw.re_eyes, t, raw.nines) {
                    return Err(err(
                        "tricks_eyes",
                        vec![
                            ("tricks", int(t)),
                            ("cards", int(4 * t)),
                            ("eyes", int(raw.re_eyes)),
                            ("other_tricks", int(total - t)),
                            ("other_eyes", int(240 - raw.re_eyes)),
                        ],
                    ));
                }
            }
        }
        if contract == SummaryContract::Marriage && raw.re_tricks == Some(0) {
            // Re owns the Klärungsstich: the partner is the one who won it (TSR 4.4.3 a)
            return Err(err("marriage_no_trick", vec![]));
        }
        // extras: each count in range (Re first, then Kontra)
        for (party, ex) in [("re", &raw.re_extras), ("kontra", &raw.kontra_extras)] {
            for i in 0..N_EXTRAS {
                check_int(
                    format!("extras.{party}.{}", EXTRA_KEYS[i]),
                    ex[i],
                    0,
                    EXTRA_MAX[i],
                )?;
            }
        }
        let sum = |ex: &[i64; N_EXTRAS]| ex.iter().sum::<i64>();
        let solo_only = raw.re_extras[CHARLIE_SOLO] + raw.kontra_extras[CHARLIE_SOLO];
        if contract.is_solo() && sum(&raw.re_extras) + sum(&raw.kontra_extras) > solo_only {
            return Err(err(
                "extras_solo",
                vec![("contract", Param::Repr(raw.contract.clone()))],
            ));
        }
        if !contract.is_solo() && solo_only != 0 {
            return Err(err(
                "extras_not_solo",
                vec![("contract", Param::Repr(raw.contract.clone()))],
            ));
        }
        for i in 0..N_EXTRAS {
            let both = raw.re_extras[i] + raw.kontra_extras[i];
            if both > EXTRA_MAX[i] {
                return Err(err(
                    "extras_both",
                    vec![
                        ("key", string(EXTRA_KEYS[i])),
                        ("both", int(both)),
                        ("most", int(EXTRA_MAX[i])),
                        (
                            "why_key",
                            string(format!("score_input.why_{}", EXTRA_KEYS[i])),
                        ),
                    ],
                ));
            }
        }
        for (party, ex) in [
            (Party::Re, &raw.re_extras),
            (Party::Kontra, &raw.kontra_extras),
        ] {
            let eyes = if party == Party::Re {
                raw.re_eyes
            } else {
                240 - raw.re_eyes
            };
            let tricks = raw
                .re_tricks
                .map(|t| if party == Party::Re { t } else { total - t });
            for (i, &(per_eyes, own_trick)) in EXTRA_NEEDS.iter().enumerate() {
                let eyes_needed = per_eyes * ex[i];
                let tricks_needed = if own_trick { ex[i] } else { ex[i].min(1) };
                let field = format!("extras.{}.{}", party.record_name(), EXTRA_KEYS[i]);
                if eyes < eyes_needed {
                    return Err(err(
                        "extras_eyes",
                        vec![
                            ("field", string(field)),
                            ("count", int(ex[i])),
                            ("need", int(eyes_needed)),
                            ("name", string(party.label())),
                            ("eyes", int(eyes)),
                            ("re_eyes", int(raw.re_eyes)),
                        ],
                    ));
                }
                if let Some(tricks) = tricks {
                    if tricks < tricks_needed {
                        return Err(err(
                            "extras_tricks",
                            vec![
                                ("field", string(field)),
                                ("count", int(ex[i])),
                                ("need", int(tricks_needed)),
                                ("name", string(party.label())),
                                ("tricks", int(tricks)),
                                ("re_tricks", int(raw.re_tricks.unwrap_or(0))),
                            ],
                        ));
                    }
                }
            }
        }
        // every value is now in range: the conversions below cannot truncate
        let extras = |ex: &[i64; N_EXTRAS]| Extras {
            doppelkopf: ex[0] as u8,
            fox: ex[1] as u8,
            charlie: ex[2] as u8,
            charlie_caught: ex[3] as u8,
            fox_last: ex[4] as u8,
            dulle_caught: ex[5] as u8,
            charlie_solo: ex[6] as u8,
            doppelkopf_low: ex[7] as u8,
        };
        Ok(GameSummary {
            contract,
            re_eyes: raw.re_eyes as u8,
            re_tricks: raw.re_tricks.map(|t| t as u8),
            re_calls: raw.re_calls as u8,
            kontra_calls: raw.kontra_calls as u8,
            re_extras: extras(&raw.re_extras),
            kontra_extras: extras(&raw.kontra_extras),
            nines: raw.nines,
        })
    }

    /// Tricks in the game: 12, or 10 without nines.
    pub fn total_tricks(&self) -> u8 {
        if self.nines {
            12
        } else {
            10
        }
    }

    pub fn eyes(&self, party: Party) -> i32 {
        match party {
            Party::Re => i32::from(self.re_eyes),
            Party::Kontra => 240 - i32::from(self.re_eyes),
        }
    }

    pub fn tricks(&self, party: Party) -> Option<u8> {
        self.re_tricks.map(|t| match party {
            Party::Re => t,
            Party::Kontra => self.total_tricks() - t,
        })
    }

    /// Whether the party won a trick (from Augen when tricks are unknown: 1..239 is safe).
    pub fn took_trick(&self, party: Party) -> bool {
        match self.tricks(party) {
            None => self.eyes(party) > 0,
            Some(t) => t > 0,
        }
    }

    pub fn calls(&self, party: Party) -> u8 {
        match party {
            Party::Re => self.re_calls,
            Party::Kontra => self.kontra_calls,
        }
    }

    pub fn extras(&self, party: Party) -> Extras {
        match party {
            Party::Re => self.re_extras,
            Party::Kontra => self.kontra_extras,
        }
    }

    /// Scored like a solo (TSR 7.2.4): every solo and the stille Hochzeit.
    pub fn solo(&self) -> bool {
        self.contract.is_solo()
    }

    /// Whether `party` reached its winning target (TSR 7.1.1, 7.1.2).
    fn target_met(&self, party: Party) -> bool {
        let opp = party.other();
        let (own, theirs) = (self.calls(party), self.calls(opp));
        if own >= 2 {
            // own Absage: items 5, 6
            return if own == BLACK {
                !self.took_trick(opp)
            } else {
                self.eyes(opp) < under(own)
            };
        }
        if theirs >= 2 {
            // opponents' Absage: items 7, 8
            return if theirs == BLACK {
                self.took_trick(party)
            } else {
                self.eyes(party) >= under(theirs)
            };
        }
        let only_kontra = self.kontra_calls == 1 && self.re_calls == 0; // items 1 to 4
        let need = match (only_kontra, party) {
            (true, Party::Re) | (false, Party::Kontra) => 120,
            (true, Party::Kontra) | (false, Party::Re) => 121,
        };
        self.eyes(party) >= need
    }

    /// The winning party, or `None` when both missed their Absagen (TSR 7.1.3). For a checked
    /// summary at most one party meets its target.
    pub fn winner(&self) -> Option<Party> {
        PARTIES.into_iter().find(|&p| self.target_met(p))
    }
}

// ------------------------------------------------------------------------ line items

/// Why a line item's points are credited. Its texts are not here: [`Reason::key`] names the
/// catalogue entry (`doko.engine.texts`, `score.item.*`) and [`Reason::params`] gives its
/// parameters; `doko.engine.scoring.line_item` makes the texts from them for both backends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Reason {
    /// The party won (TSR 7.2.2 (a)).
    #[default]
    Won,
    /// The opponents stayed under 90, 60 or 30 Augen (7.2.2 (a)).
    Under(u8),
    /// The opponents took no trick (7.2.2 (a)).
    Schwarz,
    /// The party announced Re / Kontra (7.2.2 (b)).
    Announced(Party),
    /// The party made the Absage of this level (7.2.2 (c), (d)).
    Called(Party, u8),
    /// The party reached the Augen against the opponents' Absage of this level (7.2.2 (e), (f)).
    Reached(Party, u8),
    /// Kontra won against the Kreuz-Damen (7.2.3).
    AgainstQueens,
    /// The party won an Armut, Kontra won against one (house rule).
    WonArmut,
    AgainstArmut,
    Doppelkopf,
    Fox,
    Charlie,
    /// House rules `charlie_caught`, `fox_last_trick`, `dulle_caught` (further Sonderpunkte).
    CharlieCaught,
    FoxLast,
    DulleCaught,
    /// House rules `charlie_solo` (Karlchen im Solo) and `doppelkopf_eyes` under 40.
    CharlieSolo,
    DoppelkopfLow,
    /// House rule `re_kontra_double`: the party's Re/Kontra doubled the value.
    Doubled(Party),
}

/// A parameter of a line item's text, as `doko.engine.scoring.line_item` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemParam {
    /// A number (Augen).
    Int(i32),
    /// A party (Python: its record name, `"re"` / `"kontra"`).
    Party(Party),
    /// A call level, 2 (keine 90) to 5 (schwarz) (Python: the int).
    Level(u8),
}

/// The parameters of one line item's text, in the order the Python scorer gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ItemParams {
    params: [(&'static str, ItemParam); 3],
    len: u8,
}

impl ItemParams {
    fn of(given: &[(&'static str, ItemParam)]) -> ItemParams {
        let mut params = [("", ItemParam::Int(0)); 3];
        params[..given.len()].copy_from_slice(given);
        ItemParams {
            params,
            len: given.len() as u8,
        }
    }

    /// The `(name, value)` pairs.
    pub fn as_slice(&self) -> &[(&'static str, ItemParam)] {
        &self.params[..usize::from(self.len)]
    }
}

impl Reason {
    /// The TSR clause (or `"house rule"`).
    pub fn clause(self) -> &'static str {
        match self {
            Reason::Won | Reason::WonArmut | Reason::Under(_) | Reason::Schwarz => "7.2.2 (a)",
            Reason::Announced(_) => "7.2.2 (b)",
            Reason::Called(Party::Re, _) => "7.2.2 (c)",
            Reason::Called(Party::Kontra, _) => "7.2.2 (d)",
            Reason::Reached(Party::Re, _) => "7.2.2 (e)",
            Reason::Reached(Party::Kontra, _) => "7.2.2 (f)",
            Reason::AgainstQueens
            | Reason::AgainstArmut
            | Reason::Doppelkopf
            | Reason::Fox
            | Reason::Charlie => "7.2.3",
            Reason::Doubled(_)
            | Reason::CharlieCaught
            | Reason::FoxLast
            | Reason::DulleCaught
            | Reason::CharlieSolo
            | Reason::DoppelkopfLow => "house rule",
        }
    }

    /// The key of the item's text in the catalogue (`doko.engine.texts`).
    pub fn key(self) -> &'static str {
        match self {
            Reason::Won => "score.item.won",
            Reason::Under(_) => "score.item.under",
            Reason::Schwarz => "score.item.schwarz",
            Reason::Announced(_) => "score.item.announced",
            Reason::Called(..) => "score.item.called",
            Reason::Reached(..) => "score.item.reached",
            Reason::AgainstQueens => "score.item.against_queens",
            Reason::WonArmut => "score.item.won_armut",
            Reason::AgainstArmut => "score.item.against_armut",
            Reason::Doppelkopf => "score.item.doppelkopf",
            Reason::Fox => "score.item.fox",
            Reason::Charlie => "score.item.charlie",
            Reason::CharlieCaught => "score.item.charlie_caught",
            Reason::FoxLast => "score.item.fox_last",
            Reason::DulleCaught => "score.item.dulle_caught",
            Reason::CharlieSolo => "score.item.charlie_solo",
            Reason::DoppelkopfLow => "score.item.doppelkopf_low",
            Reason::Doubled(_) => "score.item.doubled",
        }
    }

    /// The parameters of the text [`Reason::key`]: `limit` (Augen), `party`, `level` (the call
    /// level of an Absage) and `reach` (the Augen reached against it).
    pub fn params(self) -> ItemParams {
        use ItemParam::{Int, Level};
        match self {
            Reason::Won
            | Reason::WonArmut
            | Reason::AgainstArmut
            | Reason::Schwarz
            | Reason::AgainstQueens
            | Reason::Doppelkopf
            | Reason::Fox
            | Reason::Charlie
            | Reason::CharlieCaught
            | Reason::FoxLast
            | Reason::DulleCaught
            | Reason::CharlieSolo
            | Reason::DoppelkopfLow => ItemParams::of(&[]),
            Reason::Under(limit) => ItemParams::of(&[("limit", Int(i32::from(limit)))]),
            Reason::Announced(p) | Reason::Doubled(p) => {
                ItemParams::of(&[("party", ItemParam::Party(p))])
            }
            Reason::Called(p, level) => {
                ItemParams::of(&[("party", ItemParam::Party(p)), ("level", Level(level))])
            }
            Reason::Reached(p, level) => ItemParams::of(&[
                ("party", ItemParam::Party(p)),
                ("level", Level(level)),
                ("reach", Int(reach(level))),
            ]),
        }
    }
}

/// Points credited to one party for one reason of TSR 7.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct LineItem {
    pub party: Party,
    pub points: i32,
    pub reason: Reason,
}

/// The most line items one game can have: (a) 1 + 4 (only one side can hold the other under
/// 90 or schwarz), (b) 2, (c)+(d) 8, (e)+(f) 8, 7.2.3 1 + 6, the further Sonderpunkte of the
/// house rules 6, a Doppelkopf under 40 Augen (house rule) 2, the house-rule doublings 2.
/// `every_summary_scores` in the tests checks the
/// bound over every checked summary.
pub const MAX_ITEMS: usize = 40;

/// The scored game (`doko.engine.scoring.Score`). `value >= 0` is the netted game value,
/// credited to the party whose per-player score is positive (before the solo factor 3);
/// `re_score` / `kontra_score` are per player (the soloist's already tripled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub winner: Option<Party>,
    pub value: i32,
    pub re_score: i32,
    pub kontra_score: i32,
    pub solo: bool,
    items: [LineItem; MAX_ITEMS],
    len: u8,
}

impl Score {
    /// The line items in order.
    pub fn items(&self) -> &[LineItem] {
        &self.items[..usize::from(self.len)]
    }

    /// Points credited to `party` before netting.
    pub fn total(&self, party: Party) -> i32 {
        self.items()
            .iter()
            .filter(|i| i.party == party)
            .map(|i| i.points)
            .sum()
    }

    fn add(&mut self, party: Party, points: i32, reason: Reason) {
        if points != 0 {
            self.items[usize::from(self.len)] = LineItem {
                party,
                points,
                reason,
            };
            self.len += 1;
        }
    }

    /// Per-seat scores for seats 0..3 given Re's seats as a bit set (bit `s` = seat `s`): the
    /// soloist's or Re's score for those seats, Kontra's for the others.
    pub fn seat_scores(&self, re_seats: u8) -> [i32; 4] {
        let mut out = [self.kontra_score; 4];
        for (s, v) in out.iter_mut().enumerate() {
            if re_seats >> s & 1 == 1 {
                *v = self.re_score;
            }
        }
        out
    }
}

/// Score a checked game summary by TSR 7.2: line items, netted into per-player scores.
///
/// With `re_kontra_double` (house rule) "Re" and "Kontra" each double the netted game value
/// instead of adding 2 points; the doubling shows as an item worth the value before it.
pub fn score(g: &GameSummary, re_kontra_double: bool) -> Score {
    let double = re_kontra_double;
    let win = g.winner();
    let mut s = Score {
        winner: win,
        value: 0,
        re_score: 0,
        kontra_score: 0,
        solo: g.solo(),
        items: [LineItem::default(); MAX_ITEMS],
        len: 0,
    };
    let armut = g.contract == SummaryContract::Armut;
    if let Some(w) = win {
        s.add(w, 1, if armut { Reason::WonArmut } else { Reason::Won });
    }
    // (a): to the winner, or (7.1.3) to each party whose opponents fell short
    for party in PARTIES {
        let opp = party.other();
        if win.is_none() || win == Some(party) {
            for limit in [90u8, 60, 30] {
                if g.eyes(opp) < i32::from(limit) {
                    s.add(party, 1, Reason::Under(limit));
                }
            }
            if !g.took_trick(opp) {
                s.add(party, 1, Reason::Schwarz);
            }
        }
    }
    if let Some(w) = win {
        // (b) to (d) only count for a winner
        for party in PARTIES {
            if g.calls(party) >= 1 && !double {
                s.add(w, 2, Reason::Announced(party));
            }
        }
        for party in PARTIES {
            for level in 2..=g.calls(party) {
                s.add(w, 1, Reason::Called(party, level));
            }
        }
    }
    for party in PARTIES {
        for level in 2..=g.calls(party.other()) {
            if g.eyes(party) >= reach(level) {
                s.add(party, 1, Reason::Reached(party, level));
            }
        }
    }
    if !g.solo() {
        // Sonderpunkte (7.2.3)
        if win == Some(Party::Kontra) {
            let reason = if armut {
                Reason::AgainstArmut
            } else {
                Reason::AgainstQueens
            };
            s.add(Party::Kontra, 1, reason);
        }
        for party in PARTIES {
            let ex = g.extras(party);
            s.add(party, i32::from(ex.doppelkopf), Reason::Doppelkopf);
            s.add(party, i32::from(ex.fox), Reason::Fox);
            s.add(party, i32::from(ex.charlie), Reason::Charlie);
            // the further Sonderpunkte (house rules; 0 unless the game's rules play them)
            s.add(party, i32::from(ex.charlie_caught), Reason::CharlieCaught);
            s.add(party, i32::from(ex.fox_last), Reason::FoxLast);
            s.add(party, i32::from(ex.dulle_caught), Reason::DulleCaught);
            s.add(party, i32::from(ex.doppelkopf_low), Reason::DoppelkopfLow);
        }
    } else {
        // house rule "Karlchen im Solo": the one Sonderpunkt a solo can have
        for party in PARTIES {
            s.add(
                party,
                i32::from(g.extras(party).charlie_solo),
                Reason::CharlieSolo,
            );
        }
    }
    let mut net: i32 = s
        .items()
        .iter()
        .map(|i| {
            if i.party == Party::Re {
                i.points
            } else {
                -i.points
            }
        })
        .sum();
    if double {
        // house rule: each of Re and Kontra doubles the value
        for party in PARTIES {
            if g.calls(party) >= 1 && net != 0 {
                let to = if net > 0 { Party::Re } else { Party::Kontra };
                s.add(to, net.abs(), Reason::Doubled(party));
                net *= 2;
            }
        }
    }
    s.value = net.abs();
    s.re_score = if s.solo { 3 * net } else { net };
    s.kontra_score = -net;
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(contract: &str, re_eyes: i64) -> RawSummary {
        RawSummary {
            contract: contract.to_string(),
            re_eyes,
            re_tricks: None,
            re_calls: 0,
            kontra_calls: 0,
            re_extras: [0; N_EXTRAS],
            kontra_extras: [0; N_EXTRAS],
            nines: true,
        }
    }

    fn normal(re_eyes: i64, re_calls: i64, kontra_calls: i64) -> GameSummary {
        GameSummary::new(&RawSummary {
            re_calls,
            kontra_calls,
            ..raw("normal", re_eyes)
        })
        .unwrap()
    }

    fn items(s: &Score) -> Vec<(Party, i32, &'static str, Reason)> {
        s.items()
            .iter()
            .map(|i| (i.party, i.points, i.reason.clause(), i.reason))
            .collect()
    }

    use Party::{Kontra as KO, Re as RE};

    #[test]
    fn worked_examples() {
        // scoring-examples.md (tests/test_scoring.py EXAMPLES): winner, Re's and Kontra's score
        let cases: [(GameSummary, Option<Party>, i32, i32); 11] = [
            (normal(123, 0, 0), Some(RE), 1, -1),
            (normal(151, 0, 0), Some(RE), 2, -2),
            (normal(130, 1, 0), Some(RE), 3, -3),
            (normal(120, 0, 1), Some(RE), 3, -3),
            (normal(130, 2, 0), Some(KO), -5, 5),
            (normal(170, 3, 1), Some(KO), -8, 8),
            (normal(120, 0, 2), Some(RE), 5, -5),
            (normal(59, 3, 3), Some(KO), -14, 14),
            (normal(170, 3, 3), None, 3, -3),
            (
                GameSummary::new(&raw("solo", 123)).unwrap(),
                Some(RE),
                3,
                -1,
            ),
            (
                GameSummary::new(&RawSummary {
                    re_tricks: Some(12),
                    re_calls: 5,
                    ..raw("normal", 240)
                })
                .unwrap(),
                Some(RE),
                11,
                -11,
            ),
        ];
        for (g, winner, re, ko) in cases {
            let s = score(&g, false);
            assert_eq!(
                (s.winner, s.re_score, s.kontra_score),
                (winner, re, ko),
                "{g:?}"
            );
        }
    }

    #[test]
    fn example_6_breakdown() {
        // won 1 + Re 2 + Kontra 2 + keine 90 1 + keine 60 1 + Kreuz-Damen 1 = 8 (TSR 7.2.2, 7.2.3)
        let s = score(&normal(170, 3, 1), false);
        assert_eq!(
            items(&s),
            vec![
                (KO, 1, "7.2.2 (a)", Reason::Won),
                (KO, 2, "7.2.2 (b)", Reason::Announced(RE)),
                (KO, 2, "7.2.2 (b)", Reason::Announced(KO)),
                (KO, 1, "7.2.2 (c)", Reason::Called(RE, 2)),
                (KO, 1, "7.2.2 (c)", Reason::Called(RE, 3)),
                (KO, 1, "7.2.3", Reason::AgainstQueens),
            ]
        );
    }

    #[test]
    fn example_10_no_winner_items_on_both_sides() {
        // TSR 7.1.3: both called schwarz, Re 57 Augen in 3 tricks: Re 1, Kontra 6, net 5
        let g = GameSummary::new(&RawSummary {
            re_tricks: Some(3),
            re_calls: 5,
            kontra_calls: 5,
            ..raw("normal", 57)
        })
        .unwrap();
        let s = score(&g, false);
        assert_eq!(
            items(&s),
            vec![
                (KO, 1, "7.2.2 (a)", Reason::Under(90)),
                (KO, 1, "7.2.2 (a)", Reason::Under(60)),
                (RE, 1, "7.2.2 (e)", Reason::Reached(RE, 5)),
                (KO, 1, "7.2.2 (f)", Reason::Reached(KO, 2)),
                (KO, 1, "7.2.2 (f)", Reason::Reached(KO, 3)),
                (KO, 1, "7.2.2 (f)", Reason::Reached(KO, 4)),
                (KO, 1, "7.2.2 (f)", Reason::Reached(KO, 5)),
            ]
        );
        assert_eq!(
            (s.winner, s.value, s.re_score, s.kontra_score),
            (None, 5, -5, 5)
        );
    }

    #[test]
    fn example_13_sonderpunkte_net_to_zero() {
        // TSR 7.2.3: Re wins (1), Kontra caught a fox (1): value 0, both items listed
        let g = GameSummary::new(&RawSummary {
            kontra_extras: [0, 1, 0, 0, 0, 0, 0, 0],
            ..raw("normal", 130)
        })
        .unwrap();
        let s = score(&g, false);
        let got: Vec<_> = s.items().iter().map(|i| (i.party, i.points)).collect();
        assert_eq!(got, vec![(RE, 1), (KO, 1)]);
        assert_eq!((s.value, s.re_score, s.kontra_score), (0, 0, 0));
        assert_eq!(s.items()[1].reason, Reason::Fox);
    }

    #[test]
    fn house_rule_re_kontra_double() {
        // Re 130 with Re and Kontra called: won 1, doubled twice = 4 (instead of 1 + 2 + 2)
        let s = score(&normal(130, 1, 1), true);
        assert_eq!(
            items(&s),
            vec![
                (RE, 1, "7.2.2 (a)", Reason::Won),
                (RE, 1, "house rule", Reason::Doubled(RE)),
                (RE, 2, "house rule", Reason::Doubled(KO)),
            ]
        );
        assert_eq!((s.value, s.re_score, s.kontra_score), (4, 4, -4));
        assert_eq!(score(&normal(130, 1, 1), false).re_score, 5);
    }

    #[test]
    fn reasons_name_catalogue_keys_and_params() {
        // the texts are doko.engine.texts' score.item.*; each reason gives its key and params
        use ItemParam::{Int, Level, Party as P};
        let cases = [
            (Reason::Won, "score.item.won", vec![]),
            (
                Reason::Under(60),
                "score.item.under",
                vec![("limit", Int(60))],
            ),
            (Reason::Schwarz, "score.item.schwarz", vec![]),
            (
                Reason::Announced(KO),
                "score.item.announced",
                vec![("party", P(KO))],
            ),
            (
                Reason::Called(RE, 4),
                "score.item.called",
                vec![("party", P(RE)), ("level", Level(4))],
            ),
            (
                Reason::Reached(KO, 3),
                "score.item.reached",
                vec![("party", P(KO)), ("level", Level(3)), ("reach", Int(90))],
            ),
            (Reason::AgainstQueens, "score.item.against_queens", vec![]),
            (Reason::Doppelkopf, "score.item.doppelkopf", vec![]),
            (Reason::Fox, "score.item.fox", vec![]),
            (Reason::Charlie, "score.item.charlie", vec![]),
            (Reason::CharlieCaught, "score.item.charlie_caught", vec![]),
            (Reason::FoxLast, "score.item.fox_last", vec![]),
            (Reason::DulleCaught, "score.item.dulle_caught", vec![]),
            (
                Reason::Doubled(RE),
                "score.item.doubled",
                vec![("party", P(RE))],
            ),
        ];
        for (reason, key, params) in cases {
            assert_eq!(reason.key(), key);
            assert_eq!(reason.params().as_slice(), params.as_slice(), "{reason:?}");
        }
        // against each Absage the Augen of TSR 7.2.2 (e), (f): 120, 90, 60, 30
        let reached: Vec<_> = (2..=5)
            .map(|level| Reason::Reached(RE, level).params().as_slice()[2])
            .collect();
        assert_eq!(
            reached,
            [120, 90, 60, 30].map(|a| ("reach", Int(a))).to_vec()
        );
    }

    #[test]
    fn solo_triples_for_the_soloist() {
        // TSR 7.2.4: a lost solo with "Re" called, Kontra 121: 1 + 2 = 3, soloist -9
        let g = GameSummary::new(&RawSummary {
            re_calls: 1,
            ..raw("solo", 119)
        })
        .unwrap();
        let s = score(&g, false);
        assert_eq!(
            (s.winner, s.value, s.re_score, s.kontra_score),
            (Some(KO), 3, -9, 3)
        );
        assert_eq!(s.seat_scores(0b0100), [3, 3, -9, 3]);
    }

    #[test]
    fn errors_have_python_keys_and_params() {
        let e = GameSummary::new(&raw("nonsense", 100)).unwrap_err();
        assert_eq!(e.key, "not_one_of");
        assert_eq!(e.params[1], ("value", Param::Repr("nonsense".into())));
        let e = GameSummary::new(&raw("normal", 241)).unwrap_err();
        assert_eq!(
            e.params,
            vec![
                ("field", string("re_eyes")),
                ("value", int(241)),
                ("low", int(0)),
                ("high", int(240))
            ]
        );
        assert_eq!(
            GameSummary::new(&raw("normal", 0)).unwrap_err().key,
            "tricks_needed"
        );
        // one trick of four cards cannot hold 1 Auge; 0 tricks hold none
        let e = GameSummary::new(&RawSummary {
            re_tricks: Some(0),
            ..raw("normal", 1)
        })
        .unwrap_err();
        assert_eq!(e.key, "tricks_eyes");
        // a Hochzeit that stayed a Normalspiel: Re won the Klärungsstich (TSR 4.4.3 a)
        let e = GameSummary::new(&RawSummary {
            re_tricks: Some(0),
            ..raw("marriage", 0)
        })
        .unwrap_err();
        assert_eq!(e.key, "marriage_no_trick");
        let e = GameSummary::new(&RawSummary {
            re_extras: [1, 0, 0, 0, 0, 0, 0, 0],
            ..raw("solo", 130)
        })
        .unwrap_err();
        assert_eq!(e.key, "extras_solo");
        let e = GameSummary::new(&RawSummary {
            re_extras: [0, 0, 1, 0, 0, 0, 0, 0],
            kontra_extras: [0, 0, 1, 0, 0, 0, 0, 0],
            ..raw("normal", 130)
        })
        .unwrap_err();
        assert_eq!(e.key, "extras_both");
        let e = GameSummary::new(&RawSummary {
            kontra_extras: [3, 0, 0, 0, 0, 0, 0, 0],
            ..raw("normal", 130)
        })
        .unwrap_err();
        assert_eq!(
            (e.key, e.params[2].clone()),
            ("extras_eyes", ("need", int(120)))
        );
        assert_eq!(
            e.to_string(),
            "bad game summary (score_input.extras_eyes): field=extras.kontra.doppelkopf, \
             count=3, need=120, name=Kontra, eyes=110, re_eyes=130"
        );
    }

    #[test]
    fn possible_matches_the_deck() {
        // TSR 2.2.2; the same answers as Python's `_possible` (checked there): one trick holds
        // 0 (four nines) or 2 to 44 Augen but not 1; without nines at least 8; 11 tricks can
        // hold all 240 (the twelfth of four nines), and 12 tricks cannot hold 239.
        assert!(possible(0, 1, true) && !possible(0, 1, false));
        assert!(possible(44, 1, true) && !possible(45, 1, true));
        assert!(!possible(1, 1, true) && possible(2, 1, true) && possible(3, 1, true));
        assert!(possible(8, 1, false) && !possible(7, 1, false));
        assert!(possible(240, 12, true) && possible(240, 10, false));
        assert!(!possible(239, 12, true) && possible(240, 11, true));
        assert!(!possible(39, 1, true) && possible(40, 1, true));
    }

    /// Every checked summary (contract, Augen, tricks, both calls; the largest Sonderpunkte
    /// that fit) scores within `MAX_ITEMS`, with per-seat scores summing to 0 (TSR 7.3.3).
    #[test]
    fn every_summary_scores() {
        let mut checked = 0;
        let mut most = 0;
        for contract in ["normal", "marriage", "silent_marriage", "solo"] {
            for nines in [true, false] {
                let total = if nines { 12 } else { 10 };
                for eyes in 0..=240 {
                    for tricks in std::iter::once(None).chain((0..=total).map(Some)) {
                        for calls in 0..36 {
                            let mut r = RawSummary {
                                re_tricks: tricks,
                                re_calls: calls / 6,
                                kontra_calls: calls % 6,
                                nines,
                                ..raw(contract, eyes)
                            };
                            if GameSummary::new(&r).is_err() {
                                continue;
                            }
                            if !contract.contains("solo") && contract != "silent_marriage" {
                                let re_dk = (eyes / 40).min(6);
                                let ko_dk = ((240 - eyes) / 40).min(6 - re_dk);
                                // with the house rules' Sonderpunkte too
                                r.re_extras = [re_dk, 1, 1, 2, 1, 1, 0, 1];
                                r.kontra_extras = [ko_dk, 1, 0, 0, 0, 1, 0, 1];
                                if GameSummary::new(&r).is_err() {
                                    r.re_extras = [re_dk, 1, 1, 0, 0, 0, 0, 0];
                                    r.kontra_extras = [ko_dk, 1, 0, 0, 0, 0, 0, 0];
                                }
                                if GameSummary::new(&r).is_err() {
                                    r.re_extras = [re_dk, 0, 0, 0, 0, 0, 0, 0];
                                    r.kontra_extras = [ko_dk, 0, 0, 0, 0, 0, 0, 0];
                                }
                            }
                            for double in [false, true] {
                                let g = GameSummary::new(&r).unwrap_or_else(|e| panic!("{e}"));
                                let s = score(&g, double);
                                most = most.max(s.items().len());
                                let re = if s.solo { 0b0001 } else { 0b0011 };
                                assert_eq!(s.seat_scores(re).iter().sum::<i32>(), 0);
                                assert_eq!(s.value, (s.total(RE) - s.total(KO)).abs());
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
        assert!((20..=MAX_ITEMS).contains(&most), "{most}");
        eprintln!("summaries checked: {checked}, most line items: {most}");
    }
}
