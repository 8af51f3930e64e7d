//! The `search` player's native parts for Python: `doko_native.SearchWorlds` (the playouts of
//! one decision, world by world) and `doko_native.rules_card` (the rules player's card play,
//! for the differential test against `doko.bots.rules_player.rules_card`).

use crate::game::{GameState, Rules, PLAY};
use crate::py_game::{rules_from, PyGame};
use crate::search::{evaluate_world, policy_observations, replay, PlayoutSpec};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

fn seat_of(seat: i64, what: &str) -> PyResult<u8> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| s < 4)
        .ok_or_else(|| PyValueError::new_err(format!("{what} must be a seat 0..3, got {seat}")))
}

fn hands_of(hands: Vec<u64>) -> PyResult<[u64; 4]> {
    <[u64; 4]>::try_from(hands.as_slice())
        .map_err(|_| PyValueError::new_err(format!("four hands are needed, got {}", hands.len())))
}

fn action_byte(a: i64) -> PyResult<u8> {
    u8::try_from(a)
        .ok()
        .filter(|&b| b & 63 <= 42)
        .ok_or_else(|| PyValueError::new_err(format!("{a} is not an action")))
}

/// The public setting of one decision of the `search` player: the game's dealer, Pflichtsolo
/// debts, Vorführung, rules and history (as the deciding seat's view shows them) and the seat.
/// Each call gets the initial hands of one sampled world (the seat's own and the others'
/// sampled ones) and replays the history on them; a deal on which the history is not legal is
/// refused with `None`.
#[pyclass(module = "doko_native", name = "SearchWorlds")]
pub struct PySearchWorlds {
    dealer: u8,
    owes: [bool; 4],
    vorfuehrung: Option<u8>,
    rules: Rules,
    history: Vec<u8>,
    seat: u8,
}

impl PySearchWorlds {
    fn world(&self, hands: Vec<u64>, upto: usize) -> PyResult<Option<GameState>> {
        let hands = hands_of(hands)?;
        let upto = upto.min(self.history.len());
        Ok(replay(
            hands,
            self.dealer,
            self.owes,
            self.vorfuehrung,
            self.rules,
            &self.history[..upto],
        ))
    }
}

#[pymethods]
impl PySearchWorlds {
    #[new]
    #[pyo3(signature = (dealer, owes_pflichtsolo, vorfuehrung, rules, history, seat))]
    fn new(
        dealer: i64,
        owes_pflichtsolo: Vec<bool>,
        vorfuehrung: Option<i64>,
        rules: &Bound<'_, PyAny>,
        history: Vec<i64>,
        seat: i64,
    ) -> PyResult<Self> {
        let owes = <[bool; 4]>::try_from(owes_pflichtsolo.as_slice()).map_err(|_| {
            PyValueError::new_err("owes_pflichtsolo needs one flag per seat".to_string())
        })?;
        Ok(PySearchWorlds {
            dealer: seat_of(dealer, "dealer")?,
            owes,
            vorfuehrung: vorfuehrung.map(|v| seat_of(v, "vorfuehrung")).transpose()?,
            rules: rules_from(rules)?,
            history: history
                .into_iter()
                .map(action_byte)
                .collect::<PyResult<_>>()?,
            seat: seat_of(seat, "seat")?,
        })
    }

    /// The seat's value of each candidate `(action, planned naming code or -1)` in the world
    /// dealt by `hands` (initial hands), or None if the history does not replay on them.
    /// `nu`: the others' chance of a random card; `foresight`: the share of the own calls'
    /// hindsight gain (times `nu`); `solver_tricks`: the solver plays the last this-many
    /// tricks; `seed`: the playouts' random numbers. A candidate the world refuses raises
    /// ValueError.
    #[pyo3(signature = (hands, candidates, nu, foresight, solver_tricks, seed))]
    fn evaluate(
        &self,
        py: Python<'_>,
        hands: Vec<u64>,
        candidates: Vec<(i64, i64)>,
        nu: f64,
        foresight: f64,
        solver_tricks: i64,
        seed: u64,
    ) -> PyResult<Option<Vec<f64>>> {
        if !(0.0..=1.0).contains(&nu) {
            return Err(PyValueError::new_err(format!("nu must lie in [0, 1], not {nu}")));
        }
        if !(0.0..=1.0).contains(&foresight) {
            return Err(PyValueError::new_err(format!(
                "foresight must lie in [0, 1], not {foresight}"
            )));
        }
        let Some(world) = self.world(hands, usize::MAX)? else {
            return Ok(None);
        };
        let cands = candidates
            .iter()
            .map(|&(a, plan)| Ok((action_byte(a)?, plan.clamp(-1, 63) as i32)))
            .collect::<PyResult<Vec<_>>>()?;
        let spec = PlayoutSpec {
            seat: self.seat,
            nu,
            foresight,
            solver_tricks: solver_tricks.clamp(0, 12) as u8,
        };
        let values = py.allow_threads(|| evaluate_world(&world, &cands, &spec, seed));
        values
            .into_iter()
            .zip(&cands)
            .map(|(v, &(a, _))| {
                v.ok_or_else(|| {
                    PyValueError::new_err(format!("the candidate action {a} cannot be played out"))
                })
            })
            .collect::<PyResult<Vec<f64>>>()
            .map(Some)
    }

    /// For the opponent model: replaying the history on the deal `hands`, at each index of
    /// `at` (a card play) whether the rules player's card is the card played there, and 1 /
    /// the number of legal cards; None if the history does not replay on the deal.
    fn observations(&self, hands: Vec<u64>, at: Vec<usize>) -> PyResult<Option<Vec<(bool, f64)>>> {
        if at.is_empty() {
            return Ok(Some(Vec::new()));
        }
        if at.iter().any(|&i| i >= self.history.len()) {
            return Err(PyValueError::new_err("an observed index lies beyond the history"));
        }
        let Some(start) = self.world(hands, 0)? else {
            return Ok(None);
        };
        Ok(policy_observations(&start, &self.history, &at))
    }
}

/// The card kind the `rules` player plays for the seat on turn in `game` (a `doko_native.Game`
/// in trick play), as `doko.bots.rules_player.rules_card` chooses it.
#[pyfunction]
pub fn rules_card(game: PyRef<'_, PyGame>) -> PyResult<u8> {
    let g = &game.g;
    if g.phase() != PLAY {
        return Err(PyValueError::new_err("no card is to be played: the game is not in trick play"));
    }
    crate::rules_policy::rules_card(g)
        .ok_or_else(|| PyValueError::new_err("no card is to be played"))
}

/// Add the search player's classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySearchWorlds>()?;
    m.add_function(wrap_pyfunction!(rules_card, m)?)?;
    Ok(())
}
