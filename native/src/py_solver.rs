//! `doko_native.Solver`: the double-dummy solver of [`crate::solver`] for Python, the same
//! interface as `doko.solver.Solver` (card order by index). A limit that runs out raises
//! `doko.solver.SearchLimitExceeded(lower, upper)`; a bad position raises `ValueError`.

use crate::solver::{SolveError, Solver, DEFAULT_TABLE_SIZE};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// The exception a signal handler raised during a search (see `poll_signals`).
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// The solver's interrupt hook: runs Python's signal handlers (a Ctrl-C stops a long search);
/// the exception one raises is kept for the caller.
fn poll_signals() -> bool {
    Python::with_gil(|py| match py.check_signals() {
        Ok(()) => false,
        Err(err) => {
            PENDING.with(|p| *p.borrow_mut() = Some(err));
            true
        }
    })
}

/// A double-dummy solver for one card order (index into `doko.engine.contracts.ORDERS`), the
/// parties and the Dulle rule; its transposition table is kept between calls.
#[pyclass(module = "doko_native", name = "Solver")]
pub struct PySolver {
    inner: Solver,
}

fn to_py_err(py: Python<'_>, e: SolveError) -> PyErr {
    match e {
        SolveError::Invalid(why) => PyValueError::new_err(why),
        SolveError::Interrupted => PENDING
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| PyKeyboardInterrupt::new_err("search interrupted")),
        SolveError::Limit { lower, upper } => {
            let made = py
                .import("doko.solver")
                .and_then(|m| m.getattr("SearchLimitExceeded"))
                .and_then(|cls| cls.call1((lower, upper)));
            match made {
                Ok(exc) => PyErr::from_value(exc),
                Err(err) => err,
            }
        }
    }
}

fn hands_of(hands: Vec<u64>) -> PyResult<[u64; 4]> {
    <[u64; 4]>::try_from(hands.as_slice())
        .map_err(|_| PyValueError::new_err(format!("four hands are needed, got {}", hands.len())))
}

fn leader_of(leader: i64) -> PyResult<usize> {
    if (0..4).contains(&leader) {
        Ok(leader as usize)
    } else {
        Err(PyValueError::new_err(format!(
            "the leader must be a seat 0 to 3, got {leader}"
        )))
    }
}

fn trick_of(trick: Vec<i64>) -> PyResult<Vec<u8>> {
    trick
        .into_iter()
        .map(|k| {
            u8::try_from(k)
                .ok()
                .filter(|&k| k < 24)
                .ok_or_else(|| PyValueError::new_err(format!("a card kind is 0 to 23, got {k}")))
        })
        .collect()
}

#[pymethods]
impl PySolver {
    #[new]
    #[pyo3(signature = (order, is_re, dulle_rule = 0, *, max_nodes = None, time_limit = None,
                        table_size = DEFAULT_TABLE_SIZE))]
    fn new(
        order: i64,
        is_re: Vec<bool>,
        dulle_rule: i64,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
        table_size: usize,
    ) -> PyResult<Self> {
        let parties = <[bool; 4]>::try_from(is_re.as_slice()).map_err(|_| {
            PyValueError::new_err(format!("is_re needs four seats, got {}", is_re.len()))
        })?;
        let order = usize::try_from(order)
            .map_err(|_| PyValueError::new_err(format!("card order {order} does not exist")))?;
        let rule = u8::try_from(dulle_rule).map_err(|_| {
            PyValueError::new_err(format!("Dulle rule {dulle_rule} does not exist"))
        })?;
        if let Some(t) = time_limit {
            if t.is_nan() || t < 0.0 {
                return Err(PyValueError::new_err(format!(
                    "time_limit must be a non-negative number of seconds, got {t}"
                )));
            }
        }
        let mut inner = Solver::new(order, parties, rule, table_size)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        inner.max_nodes = max_nodes;
        inner.time_limit = time_limit;
        inner.interrupt = Some(poll_signals);
        Ok(PySolver { inner })
    }

    /// Re's Augen from now on (the cards of the unfinished `trick` included), exact, by MTD(f)
    /// from `guess`. The node and time limits apply to this call (with `keep_budget`: to the
    /// budget `start_budget` began); `doko.solver.SearchLimitExceeded` bounds the value.
    #[pyo3(signature = (hands, leader, trick = Vec::new(), guess = None, *, keep_budget = false))]
    fn future_value(
        &mut self,
        py: Python<'_>,
        hands: Vec<u64>,
        leader: i64,
        trick: Vec<i64>,
        guess: Option<i64>,
        keep_budget: bool,
    ) -> PyResult<i32> {
        let hands = hands_of(hands)?;
        let leader = leader_of(leader)?;
        let trick = trick_of(trick)?;
        let guess = guess.map(|g| g.clamp(-1000, 1000) as i32);
        let inner = &mut self.inner;
        let result = py.allow_threads(|| {
            if !keep_budget {
                inner.start();
            }
            inner.future(hands, leader, &trick, guess)
        });
        result.map_err(|e| to_py_err(py, e))
    }

    /// True if Re takes at least `target` Augen from now on (one null-window search). The
    /// limits apply to this call (with `keep_budget`: to the budget begun by `start_budget`).
    #[pyo3(signature = (hands, leader, trick, target, *, keep_budget = false))]
    fn at_least(
        &mut self,
        py: Python<'_>,
        hands: Vec<u64>,
        leader: i64,
        trick: Vec<i64>,
        target: i64,
        keep_budget: bool,
    ) -> PyResult<bool> {
        let hands = hands_of(hands)?;
        let leader = leader_of(leader)?;
        let trick = trick_of(trick)?;
        let target = target.clamp(-1000, 1000) as i32;
        let inner = &mut self.inner;
        let result = py.allow_threads(|| {
            if !keep_budget {
                inner.start();
            }
            inner.at_least(hands, leader, &trick, target)
        });
        result.map_err(|e| to_py_err(py, e))
    }

    /// Begin the node and time budget that calls with `keep_budget=True` share.
    fn start_budget(&mut self) {
        self.inner.start();
    }

    /// Empty the transposition table.
    fn clear(&mut self) {
        self.inner.clear();
    }

    /// Search nodes so far (tricks expanded at a trick boundary, two-trick end games, cards of
    /// a trick started mid-trick).
    #[getter]
    fn node_count(&self) -> u64 {
        self.inner.node_count()
    }

    #[getter]
    fn order(&self) -> usize {
        self.inner.order_index()
    }

    #[getter]
    fn is_re(&self) -> (bool, bool, bool, bool) {
        let r = self.inner.is_re();
        (r[0], r[1], r[2], r[3])
    }

    #[getter]
    fn dulle_rule(&self) -> u8 {
        self.inner.dulle_rule()
    }

    /// Entries of the transposition table (a power of two).
    #[getter]
    fn table_size(&self) -> usize {
        self.inner.table_size()
    }

    #[getter]
    fn get_max_nodes(&self) -> Option<u64> {
        self.inner.max_nodes
    }

    #[setter]
    fn set_max_nodes(&mut self, value: Option<u64>) {
        self.inner.max_nodes = value;
    }

    #[getter]
    fn get_time_limit(&self) -> Option<f64> {
        self.inner.time_limit
    }

    #[setter]
    fn set_time_limit(&mut self, value: Option<f64>) -> PyResult<()> {
        if let Some(t) = value {
            if t.is_nan() || t < 0.0 {
                return Err(PyValueError::new_err(format!(
                    "time_limit must be a non-negative number of seconds, got {t}"
                )));
            }
        }
        self.inner.time_limit = value;
        Ok(())
    }
}

/// Add the solver's classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySolver>()?;
    m.add("SOLVER_DEFAULT_TABLE_SIZE", DEFAULT_TABLE_SIZE)?;
    Ok(())
}
