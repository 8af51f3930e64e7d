//! Reinforcement learning in Rust: the observation of one seat (the numbers of
//! `doko.rl.encoding.observation`, from what the seat may know: its hand, the public actions
//! and the parties it can tell, as `doko.engine.view` builds them) and a vectorised
//! environment that steps N games at once, with one learning seat per game and the other seats
//! played here by the random policy or the card-play heuristic.

use crate::batch::{deal, Policy, Rng};
use crate::cards::{hand_count, KIND_MASK, QC};
use crate::claims::beaters;
use crate::game::{
    encode, ActionBuf, GameState, Rules, BLACK, CALL_RE, CLAIM, ENDED_CONCEDED, FINISHED, HEALTHY,
    KONTRA, MARRIAGE_C, NAMING, NORMAL, PICTURE_SOLO_LAST, PLAY, QUERY, RE, RESERVATION,
    SILENT_MARRIAGE, SOLO_BASE, SOLO_DIAMONDS, SOLO_KOEHLER, WITHDRAW,
};
use crate::order::TRUMP;
use crate::scoring::{score, Extras, GameSummary, SummaryContract};

/// The action codes 0..58 (up to the highest code the engine uses; the Genscher 51..53).
pub const NUM_CODES: usize = max_code(&[
    WITHDRAW,
    crate::game::HYPERPIGS,
    crate::game::GENSCHER_LAST,
    PICTURE_SOLO_LAST,
]) as usize
    + 1;

const fn max_code(codes: &[u8]) -> u8 {
    let mut m = 0;
    let mut i = 0;
    while i < codes.len() {
        if codes[i] > m {
            m = codes[i];
        }
        i += 1;
    }
    m
}

/// The contracts (`doko.engine.vocab.Contract`), normal to Köhler.
const N_CONTRACTS: usize = SOLO_KOEHLER as usize + 1;
/// Width of an action mask (the `Discrete(64)` action space).
pub const MASK_SIZE: usize = 64;

// The offsets of the fields (docs/rl.md, doko.rl.encoding.FIELDS).
const HAND: usize = 0;
const PLAYED: usize = HAND + 24;
const TRICK: usize = PLAYED + 96;
const LEADER: usize = TRICK + 96;
const TO_MOVE: usize = LEADER + 4;
const DEALER: usize = TO_MOVE + 4;
const PHASE: usize = DEALER + 4;
const CONTRACT: usize = PHASE + 4;
const SOLO_KIND: usize = CONTRACT + 1 + N_CONTRACTS;
const SOLOIST: usize = SOLO_KIND + 2;
const HOCHZEITER: usize = SOLOIST + 4;
const PARTIES: usize = HOCHZEITER + 4;
const CLARIFIED: usize = PARTIES + 8;
const CALLS: usize = CLARIFIED + 1;
const PARTY_LEVEL: usize = CALLS + 20;
const CALL_TIMING: usize = PARTY_LEVEL + 10;
const HAND_SIZES: usize = CALL_TIMING + 3;
const TRICKS_WON: usize = HAND_SIZES + 4;
const EYES_WON: usize = TRICKS_WON + 4;
const ANSWERS: usize = EYES_WON + 4;
const OWES: usize = ANSWERS + 8;
const VORFUEHRUNG: usize = OWES + 4;
const ROUND: usize = VORFUEHRUNG + 4;
const LEGAL: usize = ROUND + 2;
const RULES: usize = LEGAL + NUM_CODES;
/// Length of the flat observation.
pub const OBS_SIZE: usize = RULES + 8;
/// Actions of the public history in the information state.
pub const HISTORY_SLOTS: usize = 72;
const SLOT_SIZE: usize = 4 + NUM_CODES;
/// Length of the information-state tensor.
pub const INFO_SIZE: usize = OBS_SIZE + 24 + HISTORY_SLOTS * SLOT_SIZE;

/// Where a game stands in a round: games played before it, games of the round.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundInfo {
    pub games_played: u32,
    pub games_total: u32,
}

#[inline]
fn rel(seat: u8, me: u8) -> usize {
    (seat.wrapping_sub(me) & 3) as usize
}

/// The card plays of the history as (seat, kind), in order (at most 48).
fn card_plays(g: &GameState, out: &mut [(u8, u8); 48]) -> usize {
    let mut n = 0;
    for &a in g.history() {
        let code = a & 63;
        if code < 24 && n < 48 {
            out[n] = (a >> 6, code);
            n += 1;
        }
    }
    n
}

/// Whether the stille Hochzeit is public: its holder played the second ♣Q, or conceded.
fn silent_revealed(g: &GameState, plays: &[(u8, u8)]) -> bool {
    if g.contract() != SILENT_MARRIAGE {
        return false;
    }
    let Some(holder) = g.soloist() else {
        return false;
    };
    let played = plays
        .iter()
        .filter(|&&(s, k)| s == holder && k == QC)
        .count();
    played == 2 || g.ended() == ENDED_CONCEDED
}

/// The parties made public by TSR 5.5.1 (`view._public_facts`): per seat Some(RE / KONTRA).
fn public_facts(g: &GameState, plays: &[(u8, u8)]) -> [Option<u8>; 4] {
    let mut known = [None; 4];
    if g.phase() < PLAY {
        return known;
    }
    let contract = g.contract();
    if let Some(so) = g.soloist() {
        if !matches!(contract, NORMAL | SILENT_MARRIAGE | MARRIAGE_C)
            || g.marriage_solo()
            || silent_revealed(g, plays)
        {
            for (s, k) in known.iter_mut().enumerate() {
                *k = Some(if s as u8 == so { RE } else { KONTRA });
            }
            return known;
        }
    }
    if contract == MARRIAGE_C || g.genscher().1.is_some() {
        // after the Klärung, or after a Genscher named its partner (house rule): all public
        if g.klaerung() != 0 || g.genscher().1.is_some() {
            for (s, k) in known.iter_mut().enumerate() {
                *k = Some(if g.is_re(s as u8) { RE } else { KONTRA });
            }
        } else if let Some(h) = g.hochzeiter() {
            known[h as usize] = Some(RE);
        }
        return known;
    }
    let order = g.order();
    for trick in plays.chunks(4) {
        let lead_trump = order.eff_suit[trick[0].1 as usize] == TRUMP;
        for &(s, k) in trick {
            let s = s as usize;
            if k == QC {
                known[s] = Some(RE);
            } else if lead_trump && order.eff_suit[k as usize] != TRUMP && known[s] != Some(RE) {
                known[s] = Some(KONTRA);
            }
        }
    }
    if contract == NORMAL || contract == SILENT_MARRIAGE {
        for c in g.calls() {
            known[c.seat as usize] = Some(c.party);
        }
    }
    known
}

/// Close `known` under counting (`view._deduce`): Re has `re_size` members when known.
fn deduce(known: &mut [Option<u8>; 4], re_size: Option<usize>) {
    for _ in 0..2 {
        let res = known.iter().filter(|k| **k == Some(RE)).count();
        let kos = known.iter().filter(|k| **k == Some(KONTRA)).count();
        let unknown = known.iter().filter(|k| k.is_none()).count();
        if unknown == 0 {
            return;
        }
        let fill = if res >= 2 || re_size == Some(res) {
            Some(KONTRA)
        } else if kos == 3 || re_size.map(|r| 4 - r) == Some(kos) {
            Some(RE)
        } else {
            None
        };
        if let Some(p) = fill {
            for k in known.iter_mut() {
                if k.is_none() {
                    *k = Some(p);
                }
            }
        }
    }
}

/// Whether the soloist on lead can know from his own view that his claim is forced
/// (`view._claim_known`, `claims.claim_certain`).
fn claim_known(g: &GameState, seat: u8) -> bool {
    if !g.trick().is_empty() || g.trick_leader() != seat {
        return false;
    }
    let hands = g.hands();
    let mut unseen = 0u64;
    for (s, &h) in hands.iter().enumerate() {
        if s as u8 != seat {
            unseen |= (h | h >> 24) & KIND_MASK;
        }
    }
    let order = g.order();
    let b = beaters(g.order_index(), g.dulle_rule() != 0);
    let trumps = order.follow[TRUMP as usize];
    let mut own = hands[seat as usize] & KIND_MASK;
    if own & !trumps != 0 && unseen & trumps != 0 {
        return false;
    }
    while own != 0 {
        let k = own.trailing_zeros() as usize;
        own &= own - 1;
        if unseen & b[k] != 0 {
            return false;
        }
    }
    true
}

/// The actions `seat` may take now as its view lists them (`SeatView.legal_actions`): the
/// engine's, without a claim the seat cannot know to be forced. They are the first of the
/// returned number of actions in `buf`.
pub fn view_legal(g: &mut GameState, seat: u8, buf: &mut ActionBuf) -> usize {
    g.legal_actions(Some(seat), buf);
    // the claim is not last when a pig announcement follows it (house rules)
    if buf.as_slice().iter().any(|&a| a & 63 == CLAIM) && !claim_known(g, seat) {
        buf.remove_code(CLAIM);
    }
    buf.len()
}

/// Write the observation of `seat` into `out` (length [`OBS_SIZE`], overwritten), and its
/// legal codes into `mask` (length [`MASK_SIZE`]) when given.
pub fn encode_observation(
    g: &mut GameState,
    seat: u8,
    round: Option<RoundInfo>,
    out: &mut [f32],
    mask: Option<&mut [u8]>,
    buf: &mut ActionBuf,
) {
    out[..OBS_SIZE].fill(0.0);
    let me = seat;
    let rules = g.rules();
    let size = rules.hand_size();
    let hands = g.hands();
    let h = hands[me as usize];
    for k in 0..24u8 {
        out[HAND + k as usize] = hand_count(h, k) as f32;
    }
    let mut plays = [(0u8, 0u8); 48];
    let np = card_plays(g, &mut plays);
    let plays = &plays[..np];
    // the history: cards, answers, calls
    let mut call_i = 0;
    for &a in g.history() {
        let (s, code) = (a >> 6, a & 63);
        let r = rel(s, me);
        if code < 24 {
            out[PLAYED + r * 24 + code as usize] += 1.0;
        } else if code == HEALTHY || code == RESERVATION {
            out[ANSWERS + r * 2 + (code - HEALTHY) as usize] = 1.0;
        } else if code == WITHDRAW {
            // a Vorbehalt taken back counts as "gesund" (TSR 4.1.2)
            out[ANSWERS + r * 2] = 1.0;
            out[ANSWERS + r * 2 + 1] = 0.0;
        } else if (CALL_RE..=BLACK).contains(&code) {
            if let Some(c) = g.calls().get(call_i) {
                out[CALLS + r * 5 + c.level as usize - 1] = 1.0;
            }
            call_i += 1;
        }
    }
    let trick = g.trick();
    let leader = g.trick_leader();
    for (i, &k) in trick.iter().enumerate() {
        let s = (leader + i as u8) & 3;
        out[TRICK + rel(s, me) * 24 + k as usize] = 1.0;
    }
    let phase = g.phase();
    if phase == PLAY {
        out[LEADER + rel(leader, me)] = 1.0;
    }
    if phase != FINISHED {
        if let Some(t) = g.to_move() {
            out[TO_MOVE + rel(t, me)] = 1.0;
        }
    }
    out[DEALER + rel(g.dealer(), me)] = 1.0;
    out[PHASE + phase as usize] = 1.0;
    // the contract and the soloist as this seat knows them
    let silent_hidden =
        g.contract() == SILENT_MARRIAGE && phase >= PLAY && !silent_revealed(g, plays);
    let hidden_here = silent_hidden && g.soloist() != Some(me);
    let contract_idx = if phase < PLAY {
        0
    } else if hidden_here {
        1 + NORMAL as usize
    } else if g.marriage_solo() {
        1 + SOLO_DIAMONDS as usize
    } else {
        1 + g.contract() as usize
    };
    out[CONTRACT + contract_idx] = 1.0;
    if g.pflichtsolo() {
        out[SOLO_KIND] = 1.0;
    }
    if let Some(v) = g.vorfuehrung() {
        out[SOLO_KIND + 1] = 1.0;
        out[VORFUEHRUNG + rel(v, me)] = 1.0;
    }
    let soloist = match g.soloist() {
        Some(so) if silent_hidden => (so == me).then_some(so),
        other => other,
    };
    if let Some(so) = soloist {
        out[SOLOIST + rel(so, me)] = 1.0;
    }
    if let Some(hz) = g.hochzeiter() {
        out[HOCHZEITER + rel(hz, me)] = 1.0;
    }
    // the parties this seat knows
    let mut known = public_facts(g, plays);
    let clarified = known.iter().all(|k| k.is_some());
    let unsettled =
        phase >= PLAY && (g.contract() == NORMAL || g.contract() == SILENT_MARRIAGE) && !clarified;
    if unsettled {
        let mut re_size = None;
        match hand_count(g.initial_hands()[me as usize], QC) {
            2 => {
                for (s, k) in known.iter_mut().enumerate() {
                    *k = Some(if s as u8 == me { RE } else { KONTRA });
                }
            }
            1 => {
                known[me as usize] = Some(RE);
                re_size = Some(2);
            }
            _ => known[me as usize] = Some(KONTRA),
        }
        deduce(&mut known, re_size);
    }
    for (s, k) in known.iter().enumerate() {
        if let Some(p) = k {
            out[PARTIES + rel(s as u8, me) * 2 + *p as usize] = 1.0;
        }
    }
    if clarified {
        out[CLARIFIED] = 1.0;
    }
    let level = g.level();
    for p in 0..2 {
        for lv in 0..level[p] as usize {
            out[PARTY_LEVEL + p * 5 + lv] = 1.0;
        }
    }
    let base = if rules.nines { 0 } else { 2 };
    let shift = g.shift() as i32 - base;
    for p in 0..2u8 {
        if g.ontime(p) {
            out[CALL_TIMING + p as usize] = 1.0;
        }
    }
    out[CALL_TIMING + 2] = shift as f32;
    let owes = g.owes_pflichtsolo();
    for s in 0..4u8 {
        let r = rel(s, me);
        out[HAND_SIZES + r] = ratio(g.cards_in_hand(s).max(0) as u32, size);
        if owes[s as usize] {
            out[OWES + r] = 1.0;
        }
    }
    let won = g.won();
    let eyes = g.eyes();
    for s in 0..4u8 {
        let r = rel(s, me);
        out[TRICKS_WON + r] = ratio(won[s as usize] as u32, size);
        out[EYES_WON + r] = ratio(eyes[s as usize] as u32, 240);
    }
    if let Some(ri) = round {
        out[ROUND] = 1.0;
        out[ROUND + 1] = ratio(ri.games_played, ri.games_total);
    }
    let nl = view_legal(g, me, buf);
    let mut m = mask;
    if let Some(m) = m.as_deref_mut() {
        m[..MASK_SIZE].fill(0);
    }
    for &a in &buf.as_slice()[..nl] {
        if a >> 6 == me {
            let c = (a & 63) as usize;
            out[LEGAL + c] = 1.0;
            if let Some(m) = m.as_deref_mut() {
                m[c] = 1;
            }
        }
    }
    out[RULES] = rules.nines as u8 as f32;
    out[RULES + 1] = rules.marriage_shift as u8 as f32;
    out[RULES + 2] = rules.re_kontra_double as u8 as f32;
    out[RULES + 3] = rules.dulle_moves as u8 as f32;
    out[RULES + 4] = rules.soloist_leads as u8 as f32;
    out[RULES + 5 + (rules.dulle as usize).min(2)] = 1.0;
}

/// `a / b` as Python computes it (in double precision) and stores it in a `float32` array.
#[inline]
fn ratio(a: u32, b: u32) -> f32 {
    (a as f64 / b.max(1) as f64) as f32
}

/// Write the information-state tensor of `seat` into `out` (length [`INFO_SIZE`]).
pub fn encode_information_state(
    g: &mut GameState,
    seat: u8,
    round: Option<RoundInfo>,
    out: &mut [f32],
    buf: &mut ActionBuf,
) {
    out[..INFO_SIZE].fill(0.0);
    encode_observation(g, seat, round, &mut out[..OBS_SIZE], None, buf);
    let init = g.initial_hands()[seat as usize];
    for k in 0..24u8 {
        out[OBS_SIZE + k as usize] = hand_count(init, k) as f32;
    }
    let base = OBS_SIZE + 24;
    for (i, &a) in g.history().iter().take(HISTORY_SLOTS).enumerate() {
        let slot = base + i * SLOT_SIZE;
        out[slot + rel(a >> 6, seat)] = 1.0;
        out[slot + 4 + (a & 63) as usize] = 1.0;
    }
}

/// The score of every seat in a finished game by TSR 7 (solo x3, zero-sum).
pub fn seat_scores(g: &GameState) -> Result<[i32; 4], String> {
    if !g.is_over() {
        return Err("the game is not finished yet: there is no result".into());
    }
    // the summary of `result.summary_of`, built directly: a finished game is a valid one
    // (GameSummary::new's checks hold; the differential tests compare with Python's scores)
    let x = g.sonderpunkte();
    let ext = Extras::from_counts;
    let contract = SummaryContract::from_record_name(g.summary_contract())
        .ok_or_else(|| format!("no contract {:?}", g.summary_contract()))?;
    let level = g.level();
    let summary = GameSummary {
        contract,
        re_eyes: g.re_eyes() as u8,
        re_tricks: Some(g.re_tricks() as u8),
        re_calls: level[0],
        kontra_calls: level[1],
        re_extras: ext(x[0]),
        kontra_extras: ext(x[1]),
        nines: g.rules().nines,
    };
    let s = score(&summary, g.rules().re_kontra_double);
    let mut re = 0u8;
    for seat in 0..4u8 {
        if g.is_re(seat) {
            re |= 1 << seat;
        }
    }
    Ok(s.seat_scores(re))
}

/// How the seats other than the learner play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// `RandomPolicy`'s probabilities, among the seat's own legal actions.
    Random,
    /// Always gesund, never a call; cards by the heuristic of [`crate::heuristic`] (it sees
    /// every hand).
    Heuristic,
}

/// The action the opponent `s` (on turn) takes.
pub fn opponent_action(
    g: &mut GameState,
    kind: Opponent,
    policy: &Policy,
    rng: &mut Rng,
    buf: &mut ActionBuf,
) -> u8 {
    let s = g.to_move().unwrap_or(0);
    if let Some(code) = crate::rules_policy::genscher_choice(g) {
        return encode(s, code); // house rule: the Genscher names as the rules player does
    }
    match kind {
        Opponent::Random => {
            g.legal_actions(Some(s), buf);
            policy.pick(rng, buf.as_slice(), g.phase())
        }
        Opponent::Heuristic => match g.phase() {
            QUERY => encode(s, HEALTHY),
            NAMING => {
                g.legal_actions(Some(s), buf);
                buf.as_slice()
                    .first()
                    .copied()
                    .unwrap_or(encode(s, SOLO_BASE))
            }
            _ => {
                let hands = g.hands();
                let mut is_re = [false; 4];
                for (t, r) in is_re.iter_mut().enumerate() {
                    *r = g.is_re(t as u8);
                }
                let table = crate::heuristic::Table {
                    order: g.order(),
                    dulle_rule: g.dulle_rule(),
                    last_trick: g.n_tricks() + 1 == g.tricks_total() as usize,
                    hands: &hands,
                    trick: g.trick(),
                    leader: g.trick_leader(),
                    is_re,
                };
                encode(s, table.choose(g.play_mask()))
            }
        },
    }
}

/// One game of the vectorised environment: its state, its random numbers and how many games
/// it has dealt (the dealer rotates).
#[derive(Clone, Debug)]
struct Slot {
    g: GameState,
    rng: Rng,
    games: u64,
}

/// N games, each with one learning seat; the other seats are played here.
pub struct VecEnv {
    slots: Vec<Slot>,
    seat: u8,
    rules: Rules,
    opponent: Opponent,
    policy: Policy,
    buf: ActionBuf,
}

/// Why a step failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The learner's action is outside 0..63.
    Code(usize, u8),
    /// The learner's action is illegal now (the engine's refusal).
    Illegal(usize, Box<crate::game::Refusal>),
    /// The finished game could not be scored.
    Score(usize, String),
}

/// What a step did in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The learner's score when the game ended in this step (TSR 7), else 0.
    pub reward: i32,
    pub done: bool,
    /// Actions applied in this step (the learner's and the opponents').
    pub actions: u32,
}

impl VecEnv {
    /// `n` games; game `i` draws its deals and its opponents' choices from seed `seed + i`.
    pub fn new(n: usize, seed: u64, seat: u8, opponent: Opponent, rules: Rules) -> VecEnv {
        let slots = (0..n)
            .map(|i| Slot {
                g: GameState::setup([0; 4], 0, [false; 4], None, rules),
                rng: Rng::new(seed.wrapping_add(i as u64)),
                games: 0,
            })
            .collect();
        let mut env = VecEnv {
            slots,
            seat: seat & 3,
            rules,
            opponent,
            policy: Policy::default(),
            buf: ActionBuf::new(),
        };
        for i in 0..n {
            env.new_game(i);
        }
        env
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn game(&self, i: usize) -> &GameState {
        &self.slots[i].g
    }

    /// Reseed game `i` and deal it anew.
    pub fn reseed(&mut self, i: usize, seed: u64) {
        self.slots[i].rng = Rng::new(seed);
        self.slots[i].games = 0;
        self.new_game(i);
    }

    /// Deal game `i`'s next game and play until the learner is to act. The deal always leaves
    /// the learner something to do: a game that ends before its turn (not possible: every
    /// seat answers the Vorbehaltsabfrage) would be dealt again.
    fn new_game(&mut self, i: usize) {
        loop {
            let slot = &mut self.slots[i];
            let dealer = (slot.games & 3) as u8;
            slot.games += 1;
            let hands = deal(&mut slot.rng, dealer, self.rules.nines);
            slot.g = GameState::setup(hands, dealer, [false; 4], None, self.rules);
            let (_, over) = self.advance(i);
            if !over {
                return;
            }
        }
    }

    /// Let the opponents act until the learner is on turn or the game is over.
    fn advance(&mut self, i: usize) -> (u32, bool) {
        let mut n = 0;
        loop {
            let slot = &mut self.slots[i];
            if slot.g.is_over() {
                return (n, true);
            }
            if slot.g.to_move() == Some(self.seat) {
                return (n, false);
            }
            let a = opponent_action(
                &mut slot.g,
                self.opponent,
                &self.policy,
                &mut slot.rng,
                &mut self.buf,
            );
            if slot.g.apply(a as i64).is_err() {
                // cannot happen: the opponents choose among the legal actions
                return (n, true);
            }
            n += 1;
        }
    }

    /// Apply the learner's action `code` in game `i`, let the opponents play, and start a new
    /// game when this one ended. Err: the action is not legal (nothing changed).
    pub fn step(&mut self, i: usize, code: u8) -> Result<Outcome, StepError> {
        let seat = self.seat;
        let slot = &mut self.slots[i];
        if code >= 64 {
            return Err(StepError::Code(i, code));
        }
        slot.g
            .apply(encode(seat, code) as i64)
            .map_err(|r| StepError::Illegal(i, r))?;
        let (n, over) = self.advance(i);
        let mut out = Outcome {
            reward: 0,
            done: over,
            actions: n + 1,
        };
        if over {
            out.reward =
                seat_scores(&self.slots[i].g).map_err(|e| StepError::Score(i, e))?[seat as usize];
            self.new_game(i);
        }
        Ok(out)
    }

    /// The learner's observation and mask in game `i`.
    pub fn observe(&mut self, i: usize, out: &mut [f32], mask: &mut [u8]) {
        let seat = self.seat;
        let buf = &mut self.buf;
        encode_observation(&mut self.slots[i].g, seat, None, out, Some(mask), buf);
    }

    /// Only the learner's mask in game `i`.
    pub fn mask(&mut self, i: usize, mask: &mut [u8]) {
        let seat = self.seat;
        let nl = view_legal(&mut self.slots[i].g, seat, &mut self.buf);
        mask[..MASK_SIZE].fill(0);
        for &a in &self.buf.as_slice()[..nl] {
            if a >> 6 == seat {
                mask[(a & 63) as usize] = 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_every_step_the_learner_is_on_turn_in_a_running_game() {
        let mut env = VecEnv::new(8, 3, 1, Opponent::Random, Rules::TSR);
        let mut obs = vec![0f32; OBS_SIZE];
        let mut mask = vec![0u8; MASK_SIZE];
        let mut done = 0;
        for _ in 0..300 {
            for i in 0..env.len() {
                env.observe(i, &mut obs, &mut mask);
                // the mask is the observation's legal field, and never empty
                for c in 0..NUM_CODES {
                    assert_eq!(obs[LEGAL + c], mask[c] as f32);
                }
                let code = mask.iter().rposition(|&m| m == 1).expect("a legal action") as u8;
                let out = env.step(i, code).expect("legal");
                done += out.done as u32;
                assert_eq!(env.game(i).to_move(), Some(1));
                assert!(!env.game(i).is_over());
            }
        }
        assert!(done > 8);
    }

    #[test]
    fn an_illegal_action_is_refused_and_changes_nothing() {
        let mut env = VecEnv::new(1, 9, 0, Opponent::Heuristic, Rules::TSR);
        let before = env.game(0).history().to_vec();
        // a card play during the Vorbehaltsabfrage (TSR 4.1)
        assert!(matches!(env.step(0, 0), Err(StepError::Illegal(0, _))));
        assert!(matches!(env.step(0, 64), Err(StepError::Code(0, 64))));
        assert_eq!(env.game(0).history(), &before[..]);
    }

    #[test]
    fn scores_are_zero_sum_and_a_solo_counts_three_times_tsr_7() {
        let policy = Policy {
            p_reservation: 0.3,
            ..Policy::default()
        };
        let mut rng = Rng::new(17);
        let mut buf = ActionBuf::new();
        let mut solos = 0;
        for game in 0..300u64 {
            let hands = deal(&mut rng, (game & 3) as u8, true);
            let mut g = GameState::setup(hands, (game & 3) as u8, [false; 4], None, Rules::TSR);
            while !g.is_over() {
                let a = policy.choose(&mut rng, &mut g, &mut buf);
                g.apply(a as i64).unwrap();
            }
            let s = seat_scores(&g).unwrap();
            assert_eq!(s.iter().sum::<i32>(), 0);
            if let Some(so) = g.soloist() {
                solos += 1;
                let other = s[((so + 1) & 3) as usize];
                assert_eq!(s[so as usize], -3 * other);
            }
        }
        assert!(solos > 0);
    }

    /// The same history with the cards `seat` has not seen dealt anew among the other seats
    /// (each keeps its cards played and its number of cards), if the history stays legal.
    fn other_deal(g: &GameState, seat: u8, rng: &mut Rng) -> Option<GameState> {
        use crate::cards::{hand_add, hand_kinds};
        let mut played: [Vec<u8>; 4] = Default::default();
        for &a in g.history() {
            if a & 63 < 24 {
                played[(a >> 6) as usize].push(a & 63);
            }
        }
        let hands = g.hands();
        let others: Vec<usize> = (0..4).filter(|&s| s != seat as usize).collect();
        let mut hidden: Vec<u8> = others.iter().flat_map(|&s| hand_kinds(hands[s])).collect();
        for i in (1..hidden.len()).rev() {
            hidden.swap(i, rng.below(i + 1));
        }
        let mut dealt = g.initial_hands();
        let mut pos = 0;
        for &s in &others {
            let n = hands[s].count_ones() as usize;
            let mut h = 0u64;
            for &k in played[s].iter().chain(&hidden[pos..pos + n]) {
                h = hand_add(h, k)?;
            }
            pos += n;
            dealt[s] = h;
        }
        let mut alt = GameState::new(dealt, g.dealer(), [false; 4], None, g.rules()).ok()?;
        for &a in g.history() {
            alt.apply(a as i64).ok()?;
        }
        Some(alt)
    }

    #[test]
    fn hidden_cards_never_change_the_observation_tsr_5_5() {
        let policy = Policy {
            p_reservation: 0.3,
            p_call: 0.2,
            ..Policy::default()
        };
        let mut rng = Rng::new(23);
        let mut buf = ActionBuf::new();
        let (mut xa, mut xb) = (vec![0f32; INFO_SIZE], vec![0f32; INFO_SIZE]);
        let mut compared = 0;
        for game in 0..200u64 {
            let hands = deal(&mut rng, (game & 3) as u8, true);
            let mut g = GameState::setup(hands, (game & 3) as u8, [false; 4], None, Rules::TSR);
            let stop = 4 + rng.below(60);
            while !g.is_over() && g.history().len() < stop {
                let a = policy.choose(&mut rng, &mut g, &mut buf);
                g.apply(a as i64).unwrap();
            }
            let seat = (game % 4) as u8;
            let Some(mut alt) = (0..5).find_map(|_| other_deal(&g, seat, &mut rng)) else {
                continue;
            };
            if alt.initial_hands() == g.initial_hands() {
                continue;
            }
            encode_observation(&mut g, seat, None, &mut xa, None, &mut buf);
            encode_observation(&mut alt, seat, None, &mut xb, None, &mut buf);
            assert_eq!(xa[..OBS_SIZE], xb[..OBS_SIZE], "game {game}");
            encode_information_state(&mut g, seat, None, &mut xa, &mut buf);
            encode_information_state(&mut alt, seat, None, &mut xb, &mut buf);
            assert_eq!(xa, xb, "game {game}");
            compared += 1;
        }
        assert!(compared > 100, "{compared}");
    }
}
