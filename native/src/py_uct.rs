//! `doko_native.uct_search`: the UCT ensemble of [`crate::uct`] for the `uct` player
//! (`doko.bots.uct_player`): given the sampled worlds (native games, all in the same public
//! state) and the searching seat, the visits and summed mean values of each root action.

use crate::batch::Rng;
use crate::py_game::PyGame;
use crate::uct::{ensemble, search_single, Ask, UctConfig, NO_PLAN};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `uct_search(worlds, seat, *, rollouts=1000, exploration=40.0, eyes_weight=0.002,
/// seconds=None, seed=0, declined=False)`: one UCT search per world (`doko_native.Game`s,
/// every hand known), each of at most `rollouts` rollouts; with `seconds` the worlds share
/// that much time (each at least 16 rollouts). In play the root asks first whether to make
/// the seat's next call (`actions` 256, "no call", and the call) unless it is `declined` at
/// this turn, then the root's actions are the cards. `expand_all`: every state of a rollout
/// becomes a node of the tree (the paper's default), else only the first new one.
/// `single_tree`: one tree over all the worlds instead (the paper's program's version 1):
/// rollout `i` on world `i % len(worlds)`, `rollouts` in all, `seconds` for the whole search,
/// the generator seeded with `seed`; `visits` and `values` are then the root's (not summed).
/// `all_calls`: the call question offers every call the seat may make now, and a seat that
/// called is not asked again at this turn (the program's announcing version 0).
/// `solo_question`: at the Vorbehaltsabfrage one Vorbehalt for a solo (plan 254) with the
/// choice of the solo kind as the node below it (the program's "solo?" and "which?"), else one
/// Vorbehalt per solo kind.
/// `calls_out_of_turn`: the calls out of turn of the paper's program: after every card the
/// three other seats from the next one after its player, after a call the caller again and
/// the three after it (with `all_calls` the three after it), at the start of the play all four
/// from the one to lead are asked whether to call, in seat order, those that may; then the
/// card. `ask_left` (only with `calls_out_of_turn`): the root is the call question of `seat`,
/// which need not be on turn, with `ask_left` seats of the round from it on (1 to 4) still to
/// be asked; `declined` then is an error.
/// Returns a dict: `actions` (the root's actions; in the Vorbehaltsabfrage the Vorbehalt once
/// per game it is for), `plans` (per action the naming code a Vorbehalt is for, else None),
/// `visits` (per action, summed over the worlds), `values` (per action, its mean reward for
/// `seat` summed over the worlds) and `rollouts` (all rollouts made).
#[pyfunction]
#[pyo3(signature = (worlds, seat, *, rollouts=1000, exploration=40.0, eyes_weight=0.002, seconds=None, seed=0, declined=false, expand_all=true, single_tree=false, all_calls=false, solo_question=false, calls_out_of_turn=false, ask_left=None))]
#[allow(clippy::too_many_arguments)]
pub fn uct_search<'py>(
    py: Python<'py>,
    worlds: Vec<PyRef<'py, PyGame>>,
    seat: i64,
    rollouts: u64,
    exploration: f64,
    eyes_weight: f64,
    seconds: Option<f64>,
    seed: u64,
    declined: bool,
    expand_all: bool,
    single_tree: bool,
    all_calls: bool,
    solo_question: bool,
    calls_out_of_turn: bool,
    ask_left: Option<i64>,
) -> PyResult<Bound<'py, PyDict>> {
    if !(0..4).contains(&seat) {
        return Err(PyValueError::new_err(format!(
            "seat must be 0..3, not {seat}"
        )));
    }
    if worlds.is_empty() {
        return Err(PyValueError::new_err("UCT needs at least one world"));
    }
    if !(exploration.is_finite() && exploration >= 0.0) {
        return Err(PyValueError::new_err(format!(
            "the exploration constant must be a finite number >= 0, not {exploration}"
        )));
    }
    if !eyes_weight.is_finite() {
        return Err(PyValueError::new_err("eyes_weight must be a finite number"));
    }
    if let Some(t) = seconds {
        if !(t.is_finite() && t >= 0.0) {
            return Err(PyValueError::new_err(format!(
                "seconds must be a finite number >= 0, not {t}"
            )));
        }
    }
    let ask = match ask_left {
        None if declined => Ask::DONE,
        None => Ask::START,
        Some(_) if !calls_out_of_turn => {
            return Err(PyValueError::new_err(
                "ask_left needs calls_out_of_turn: without it only the seat on turn is asked",
            ))
        }
        Some(_) if declined => {
            return Err(PyValueError::new_err(
                "ask_left is the call question of the seat: it cannot have declined it",
            ))
        }
        Some(k) if (1..=4).contains(&k) => Ask {
            seat: seat as u8,
            left: k as u8,
        },
        Some(k) => {
            return Err(PyValueError::new_err(format!(
                "ask_left must be 1 to 4 (the seats of a round still to be asked), not {k}"
            )))
        }
    };
    let states: Vec<_> = worlds.iter().map(|w| w.g).collect();
    drop(worlds);
    let cfg = UctConfig {
        rollouts,
        exploration,
        eyes_weight,
        expand_all,
        all_calls,
        solo_question,
        out_of_turn: calls_out_of_turn,
    };
    let result = py.allow_threads(|| {
        if single_tree {
            let start = std::time::Instant::now();
            let mut rng = Rng::new(seed);
            search_single(&states, seat as u8, ask, &cfg, &mut rng, || match seconds {
                Some(t) => start.elapsed().as_secs_f64() >= t,
                None => false,
            })
        } else {
            ensemble(&states, seat as u8, ask, &cfg, seed, seconds)
        }
    });
    let st = result.map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item(
        "actions",
        st.actions.iter().map(|&a| a as u32).collect::<Vec<_>>(),
    )?;
    d.set_item("visits", st.visits)?;
    d.set_item("values", st.means)?;
    d.set_item(
        "plans",
        st.plans
            .iter()
            .map(|&p| if p == NO_PLAN { None } else { Some(p as u32) })
            .collect::<Vec<_>>(),
    )?;
    d.set_item("rollouts", st.rollouts)?;
    Ok(d)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(uct_search, m)?)?;
    Ok(())
}
