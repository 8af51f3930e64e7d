//! The native core of doko: the exact Doppelkopf engine by the DDV tournament rules (TSR),
//! batched games and playouts, and the double-dummy solver. The pure-Python engine in
//! `src/doko/engine/` is the executable specification; this crate agrees with it on every
//! state (the differential tests in `tests/native/` drive both).

pub mod batch;
pub mod cards;
pub mod claims;
pub mod game;
pub mod heuristic;
pub mod order;
pub mod rng;
pub mod rules_policy;
pub mod scoring;
pub mod search;
pub mod solver;
pub mod uct;
pub mod vector;

#[cfg(feature = "python")]
pub mod py_game;
#[cfg(feature = "python")]
mod py_scoring;
#[cfg(feature = "python")]
mod py_search;
#[cfg(feature = "python")]
mod py_solver;
#[cfg(feature = "python")]
mod py_uct;
#[cfg(feature = "python")]
mod py_vector;

#[cfg(feature = "python")]
mod python {
    use pyo3::prelude::*;

    /// The extension module `doko_native`.
    #[pymodule]
    fn doko_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        crate::py_scoring::register(m)?;
        m.add_class::<crate::py_game::PyRules>()?;
        m.add_class::<crate::py_game::PyGame>()?;
        m.add_function(wrap_pyfunction!(crate::py_game::random_games, m)?)?;
        m.add_function(wrap_pyfunction!(crate::py_game::card_plays, m)?)?;
        m.add_function(wrap_pyfunction!(crate::py_game::clone_ns, m)?)?;
        m.add_function(wrap_pyfunction!(crate::py_game::state_size, m)?)?;
        crate::py_solver::register(m)?;
        crate::py_vector::register(m)?;
        crate::py_uct::register(m)?;
        crate::py_search::register(m)?;
        Ok(())
    }
}
