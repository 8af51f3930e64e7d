//! The Python side of [`crate::rng`] and [`crate::scoring`]: `doko_native.deal_hands`,
//! `doko_native.score` and the exception `doko_native.ScoringInputError`.
//!
//! `deal_hands` takes a Python int seed of any size (a bool too, as `random.Random` does) and
//! deals exactly as `doko.engine.game.deal_hands`. `score` takes the fields of a
//! `doko.engine.scoring.GameSummary` plus the one rule option scoring reads
//! (`re_kontra_double`) and returns the `Score` as a dict; the typed adapter is
//! `doko.engine.native_scoring`.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::rng;
use crate::scoring::{self, GameSummary, ItemParam, Param, RawSummary, EXTRA_KEYS, N_EXTRAS};

create_exception!(
    doko_native,
    ScoringInputError,
    PyValueError,
    "A game summary that cannot describe a real game. `key` is the text key \
     (`score_input.<key>` in doko.engine.texts) and `params` its values, as in \
     doko.engine.scoring.ScoringInputError."
);

/// Raise `ScoringInputError` with `key` and `params` set.
fn scoring_error(py: Python<'_>, key: &str, params: Bound<'_, PyDict>) -> PyErr {
    let message = {
        let parts: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("bad game summary (score_input.{key}): {}", parts.join(", "))
    };
    let e = ScoringInputError::new_err(message);
    let value = e.value(py);
    if let Err(set) = value
        .setattr("key", key)
        .and_then(|()| value.setattr("params", params))
    {
        return set;
    }
    e
}

/// The Python int `obj` as an i64 for validation. A bool or a non-int is the error `not_int`
/// (as `_check_int`); an int beyond i64 saturates (every field's range lies well inside i64),
/// and the original is kept in `big` to be shown in an `out_of_range` error.
fn int_field<'py>(
    obj: &Bound<'py, PyAny>,
    field: &str,
    big: &mut Vec<(String, Bound<'py, PyAny>)>,
) -> PyResult<i64> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
        let params = PyDict::new(py);
        params.set_item("field", field)?;
        params.set_item("value", obj.repr()?)?;
        return Err(scoring_error(py, "not_int", params));
    }
    match obj.extract::<i64>() {
        Ok(v) => Ok(v),
        Err(_) => {
            big.push((field.to_string(), obj.clone()));
            let negative = obj.lt(0)?;
            Ok(if negative { i64::MIN } else { i64::MAX })
        }
    }
}

fn extras_field<'py>(
    obj: &Bound<'py, PyAny>,
    party: &str,
    big: &mut Vec<(String, Bound<'py, PyAny>)>,
) -> PyResult<[i64; N_EXTRAS]> {
    let items: Vec<Bound<'py, PyAny>> = obj
        .try_iter()
        .and_then(|it| it.collect::<PyResult<Vec<_>>>())
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{party}_extras: expected (doppelkopf, fox, charlie[, charlie_caught, fox_last, dulle_caught, charlie_solo, doppelkopf_low]), got {}",
                obj.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
    if ![3, 6, N_EXTRAS].contains(&items.len()) {
        return Err(PyTypeError::new_err(format!(
            "{party}_extras: expected 3 counts (doppelkopf, fox, charlie), 6 (and \
             charlie_caught, fox_last, dulle_caught) or 8 (and charlie_solo, doppelkopf_low), \
             got {}",
            items.len()
        )));
    }
    let mut out = [0i64; N_EXTRAS];
    for (i, item) in items.iter().enumerate() {
        out[i] = int_field(item, &format!("extras.{party}.{}", EXTRA_KEYS[i]), big)?;
    }
    Ok(out)
}

/// The core's error as `ScoringInputError`, with `repr` values rendered by Python and a
/// saturated big int shown as the caller gave it.
fn convert_error<'py>(
    py: Python<'py>,
    e: &scoring::ScoringInputError,
    big: &[(String, Bound<'py, PyAny>)],
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let params = PyDict::new(py);
        let field = e.params.iter().find_map(|(k, v)| match (k, v) {
            (&"field", Param::Str(s)) => Some(s.as_str()),
            _ => None,
        });
        for (name, value) in &e.params {
            let original = big
                .iter()
                .find(|(f, _)| Some(f.as_str()) == field && *name == "value");
            match (value, original) {
                (_, Some((_, obj))) => params.set_item(*name, obj)?,
                (Param::Int(v), None) => params.set_item(*name, *v)?,
                (Param::Str(s), None) => params.set_item(*name, s)?,
                (Param::Repr(s), None) => params.set_item(*name, PyString::new(py, s).repr()?)?,
            }
        }
        Ok(scoring_error(py, e.key, params))
    };
    build().unwrap_or_else(|err| err)
}

/// `doko_native.score(...)`: see the module docs and `doko_native.pyi`. An argument given as
/// `None` (other than `re_tricks`, where it means "unknown") takes its default.
#[pyfunction]
#[pyo3(
    signature = (
        contract, re_eyes, re_tricks=None, re_calls=None, kontra_calls=None, re_extras=None,
        kontra_extras=None, nines=None, re_kontra_double=false
    ),
    text_signature = "(contract, re_eyes, re_tricks=None, re_calls=0, kontra_calls=0, \
                      re_extras=(0, 0, 0), kontra_extras=(0, 0, 0), nines=True, \
                      re_kontra_double=False)"
)]
#[allow(clippy::too_many_arguments)]
fn score<'py>(
    py: Python<'py>,
    contract: &Bound<'py, PyAny>,
    re_eyes: &Bound<'py, PyAny>,
    re_tricks: Option<&Bound<'py, PyAny>>,
    re_calls: Option<&Bound<'py, PyAny>>,
    kontra_calls: Option<&Bound<'py, PyAny>>,
    re_extras: Option<&Bound<'py, PyAny>>,
    kontra_extras: Option<&Bound<'py, PyAny>>,
    nines: Option<&Bound<'py, PyAny>>,
    re_kontra_double: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let mut big = Vec::new();
    let contract: String = match contract.downcast::<PyString>() {
        Ok(s) => s.to_str()?.to_string(),
        Err(_) => {
            let params = PyDict::new(py);
            params.set_item("field", "contract")?;
            params.set_item("value", contract.repr()?)?;
            params.set_item("allowed", scoring::CONTRACT_NAMES)?;
            return Err(scoring_error(py, "not_one_of", params));
        }
    };
    let re_eyes = int_field(re_eyes, "re_eyes", &mut big)?;
    let nines = match nines {
        None => true,
        Some(obj) => match obj.downcast::<PyBool>() {
            Ok(b) => b.is_true(),
            Err(_) => {
                let params = PyDict::new(py);
                params.set_item("field", "nines")?;
                params.set_item("value", obj.repr()?)?;
                return Err(scoring_error(py, "not_bool", params));
            }
        },
    };
    let re_tricks = match re_tricks {
        Some(obj) if !obj.is_none() => Some(int_field(obj, "re_tricks", &mut big)?),
        _ => None,
    };
    let re_calls = match re_calls {
        Some(obj) => int_field(obj, "re_calls", &mut big)?,
        None => 0,
    };
    let kontra_calls = match kontra_calls {
        Some(obj) => int_field(obj, "kontra_calls", &mut big)?,
        None => 0,
    };
    let re_extras = match re_extras {
        Some(obj) => extras_field(obj, "re", &mut big)?,
        None => [0; N_EXTRAS],
    };
    let kontra_extras = match kontra_extras {
        Some(obj) => extras_field(obj, "kontra", &mut big)?,
        None => [0; N_EXTRAS],
    };
    let raw = RawSummary {
        contract,
        re_eyes,
        re_tricks,
        re_calls,
        kontra_calls,
        re_extras,
        kontra_extras,
        nines,
    };
    let summary = GameSummary::new(&raw).map_err(|e| convert_error(py, &e, &big))?;
    score_to_dict(py, &scoring::score(&summary, re_kontra_double))
}

/// A native [`scoring::Score`] as the dict `doko_native.score` returns (`winner`, `value`,
/// `re_score`, `kontra_score`, `solo`, `items` as (party, points, clause, key, params): `key` the
/// item's catalogue key, `params` its parameters as a tuple of (name, value) pairs, a party by
/// its record name and a call level as an int); the adapter
/// `doko.engine.native_scoring.score_from_native` makes the Python `Score` of it, with the texts
/// from the catalogue. For the other bindings (a finished native game's result) too.
pub(crate) fn score_to_dict<'py>(
    py: Python<'py>,
    s: &scoring::Score,
) -> PyResult<Bound<'py, PyDict>> {
    let items = PyList::empty(py);
    for item in s.items() {
        let params = PyTuple::new(
            py,
            item.reason
                .params()
                .as_slice()
                .iter()
                .map(|&(name, value)| item_param(py, name, value))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        let row = PyTuple::new(
            py,
            [
                item.party.record_name().into_pyobject(py)?.into_any(),
                item.points.into_pyobject(py)?.into_any(),
                item.reason.clause().into_pyobject(py)?.into_any(),
                item.reason.key().into_pyobject(py)?.into_any(),
                params.into_any(),
            ],
        )?;
        items.append(row)?;
    }
    let out = PyDict::new(py);
    out.set_item("winner", s.winner.map(|p| p.record_name()))?;
    out.set_item("value", s.value)?;
    out.set_item("re_score", s.re_score)?;
    out.set_item("kontra_score", s.kontra_score)?;
    out.set_item("solo", s.solo)?;
    out.set_item("items", items)?;
    Ok(out)
}

/// One parameter of a line item as the pair `(name, value)`.
fn item_param<'py>(py: Python<'py>, name: &str, value: ItemParam) -> PyResult<Bound<'py, PyTuple>> {
    let value = match value {
        ItemParam::Int(v) => v.into_pyobject(py)?.into_any(),
        ItemParam::Party(p) => p.record_name().into_pyobject(py)?.into_any(),
        ItemParam::Level(level) => level.into_pyobject(py)?.into_any(),
    };
    PyTuple::new(py, [name.into_pyobject(py)?.into_any(), value])
}

/// The CPython seed words of the Python int `seed` (its absolute value, as `random.Random`).
fn seed_words(seed: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    if !seed.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "deal_hands: the seed must be an int, not {}",
            seed.get_type().name()?
        )));
    }
    if let Ok(v) = seed.extract::<i64>() {
        return Ok(rng::seed_key(&v.unsigned_abs().to_le_bytes()));
    }
    // CPython takes int.__abs__ (not the subclass's __abs__), then its bytes, little end first
    let py = seed.py();
    let magnitude = py.get_type::<PyInt>().call_method1("__abs__", (seed,))?;
    let bits: usize = magnitude.call_method0("bit_length")?.extract()?;
    let bytes = magnitude.call_method1("to_bytes", (bits.div_ceil(8), "little"))?;
    Ok(rng::seed_key(bytes.downcast::<PyBytes>()?.as_bytes()))
}

/// `doko_native.deal_hands(seed, dealer=0, nines=True)`: four hands (bit sets), exactly as
/// `doko.engine.game.deal_hands`.
#[pyfunction]
#[pyo3(signature = (seed, dealer=0, nines=true))]
fn deal_hands(seed: &Bound<'_, PyAny>, dealer: i64, nines: bool) -> PyResult<[u64; 4]> {
    let key = seed_words(seed)?;
    // Python seats the packets at (dealer + 1 + i) & 3: only dealer & 3 matters
    Ok(rng::deal_hands_key(&key, (dealer & 3) as u8, nines))
}

/// Add this part's functions and exception to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(deal_hands, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add("ScoringInputError", m.py().get_type::<ScoringInputError>())?;
    Ok(())
}
