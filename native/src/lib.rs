//! The native core of doko: the exact Doppelkopf engine by the DDV tournament rules (TSR),
//! batched games and playouts, and the double-dummy solver. The pure-Python engine in
//! `src/doko/engine/` is the executable specification; this crate agrees with it on every
//! state (the differential tests in `tests/native/` drive both).

pub mod cards;
pub mod heuristic;
pub mod order;
pub mod rng;
pub mod scoring;
pub mod solver;

#[cfg(feature = "python")]
mod py_scoring;
#[cfg(feature = "python")]
mod py_solver;

#[cfg(feature = "python")]
mod python {
    use pyo3::prelude::*;

    /// The extension module `doko_native`.
    #[pymodule]
    fn doko_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        crate::py_scoring::register(m)?;
        crate::py_solver::register(m)?;
        Ok(())
    }
}
