//! The Python class `doko_native.Game` (and `doko_native.Rules`): the native engine with the
//! names and ints of `doko.engine.game.Game`. Illegal actions raise
//! `doko.engine.errors.IllegalActionError` itself (imported when one is raised), with the same
//! key, rule, seat and parameters as the Python engine.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyList, PyTuple};
use std::sync::Mutex;

use crate::game::{ActionBuf, GameState, Param, Refusal, Rules, ENDED_CLAIMED, ENDED_CONCEDED};
use crate::game::{BLACK, CALL_RE, ENDED_ARMUT_REFUSED, ENDED_PLAYED, ENDED_THROWN};

/// The house-rule options a game needs (`doko.engine.rules.Rules` without the round-level
/// Bock): `dulle` is the index into `rules.DULLE_RULES` (0 first, 1 second, 2
/// second_except_last).
#[pyclass(name = "Rules", module = "doko_native", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub inner: Rules,
    /// The round's options of a redeal (house rules), kept for `NativeGame.rules`: who deals
    /// next (0 the same dealer, 1 the next) and whether it counts.
    pub throw_dealer: u8,
    pub throw_counts: bool,
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (marriage_shift=true, re_kontra_double=false, dulle=0, dulle_moves=false, soloist_leads=false, nines=true, solo_dullen=true, charlie_caught=false, fox_last_trick=false, dulle_caught=false, charlie_solo=false, doppelkopf_eyes=40, pigs=0, pigs_solo=0, superpigs=false, hyperpigs=false, solo_kings=false, solo_queens_jacks=false, solo_kings_queens=false, solo_kings_jacks=false, solo_koehler=false, armut=false, armut_fox=0, throw_nines=false, throw_kings=false, throw_trumps=false, throw_nines_kings=0, throw_dealer=0, throw_counts=false, genscher=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        marriage_shift: bool,
        re_kontra_double: bool,
        dulle: u8,
        dulle_moves: bool,
        soloist_leads: bool,
        nines: bool,
        solo_dullen: bool,
        charlie_caught: bool,
        fox_last_trick: bool,
        dulle_caught: bool,
        charlie_solo: bool,
        doppelkopf_eyes: u8,
        pigs: u8,
        pigs_solo: u8,
        superpigs: bool,
        hyperpigs: bool,
        solo_kings: bool,
        solo_queens_jacks: bool,
        solo_kings_queens: bool,
        solo_kings_jacks: bool,
        solo_koehler: bool,
        armut: bool,
        armut_fox: u8,
        throw_nines: bool,
        throw_kings: bool,
        throw_trumps: bool,
        throw_nines_kings: u8,
        throw_dealer: u8,
        throw_counts: bool,
        genscher: bool,
    ) -> PyResult<PyRules> {
        if dulle > 2 {
            return Err(PyValueError::new_err(format!(
                "dulle is the index of the Dulle rule 0..2 (first, second, second_except_last), not {dulle}"
            )));
        }
        check_doppelkopf_eyes(doppelkopf_eyes)?;
        check_index("pigs", pigs, &PIGS_NAMES)?;
        check_index("pigs_solo", pigs_solo, &PIGS_SOLO_NAMES)?;
        let house = Rules::pack_house(
            armut,
            armut_fox,
            throw_nines,
            throw_kings,
            throw_trumps,
            throw_nines_kings,
        )
        .filter(|_| throw_dealer <= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "armut_fox is 0..2, throw_dealer 0..1, throw_nines_kings 0, 7 or 8, not {armut_fox}, {throw_dealer}, {throw_nines_kings}"
            ))
        })?;
        Ok(PyRules {
            inner: Rules {
                marriage_shift,
                re_kontra_double,
                dulle,
                dulle_moves,
                soloist_leads,
                nines,
                solo_dullen,
                charlie_caught,
                fox_last_trick,
                dulle_caught,
                charlie_solo,
                doppelkopf_eyes,
                pigs,
                pigs_solo,
                superpigs,
                hyperpigs,
                picture_solos: picture_mask([
                    solo_kings,
                    solo_queens_jacks,
                    solo_kings_queens,
                    solo_kings_jacks,
                    solo_koehler,
                ]),
                house,
                genscher,
            },
            throw_dealer,
            throw_counts,
        })
    }

    #[getter]
    fn marriage_shift(&self) -> bool {
        self.inner.marriage_shift
    }
    #[getter]
    fn re_kontra_double(&self) -> bool {
        self.inner.re_kontra_double
    }
    #[getter]
    fn dulle(&self) -> u8 {
        self.inner.dulle
    }
    #[getter]
    fn dulle_moves(&self) -> bool {
        self.inner.dulle_moves
    }
    #[getter]
    fn soloist_leads(&self) -> bool {
        self.inner.soloist_leads
    }
    #[getter]
    fn nines(&self) -> bool {
        self.inner.nines
    }
    #[getter]
    fn solo_dullen(&self) -> bool {
        self.inner.solo_dullen
    }
    #[getter]
    fn charlie_caught(&self) -> bool {
        self.inner.charlie_caught
    }
    #[getter]
    fn fox_last_trick(&self) -> bool {
        self.inner.fox_last_trick
    }
    #[getter]
    fn dulle_caught(&self) -> bool {
        self.inner.dulle_caught
    }
    #[getter]
    fn charlie_solo(&self) -> bool {
        self.inner.charlie_solo
    }
    #[getter]
    fn doppelkopf_eyes(&self) -> u8 {
        self.inner.doppelkopf_eyes
    }
    #[getter]
    fn pigs(&self) -> u8 {
        self.inner.pigs
    }
    #[getter]
    fn pigs_solo(&self) -> u8 {
        self.inner.pigs_solo
    }
    #[getter]
    fn superpigs(&self) -> bool {
        self.inner.superpigs
    }
    #[getter]
    fn hyperpigs(&self) -> bool {
        self.inner.hyperpigs
    }
    #[getter]
    fn solo_kings(&self) -> bool {
        self.inner.plays_picture_solo(0)
    }
    #[getter]
    fn solo_queens_jacks(&self) -> bool {
        self.inner.plays_picture_solo(1)
    }
    #[getter]
    fn solo_kings_queens(&self) -> bool {
        self.inner.plays_picture_solo(2)
    }
    #[getter]
    fn solo_kings_jacks(&self) -> bool {
        self.inner.plays_picture_solo(3)
    }
    #[getter]
    fn solo_koehler(&self) -> bool {
        self.inner.plays_picture_solo(4)
    }
    #[getter]
    fn armut(&self) -> bool {
        self.inner.armut()
    }
    #[getter]
    fn armut_fox(&self) -> u8 {
        self.inner.armut_fox()
    }
    #[getter]
    fn throw_nines(&self) -> bool {
        self.inner.throw_nines()
    }
    #[getter]
    fn throw_kings(&self) -> bool {
        self.inner.throw_kings()
    }
    #[getter]
    fn throw_trumps(&self) -> bool {
        self.inner.throw_trumps()
    }
    #[getter]
    fn throw_nines_kings(&self) -> u8 {
        self.inner.throw_nines_kings()
    }
    #[getter]
    fn throw_dealer(&self) -> u8 {
        self.throw_dealer
    }
    #[getter]
    fn throw_counts(&self) -> bool {
        self.throw_counts
    }
    #[getter]
    fn genscher(&self) -> bool {
        self.inner.genscher
    }
    #[getter]
    fn hand_size(&self) -> u32 {
        self.inner.hand_size()
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        let b = |x: bool| if x { "True" } else { "False" };
        format!(
            "Rules(marriage_shift={}, re_kontra_double={}, dulle={}, dulle_moves={}, soloist_leads={}, nines={}, solo_dullen={}, charlie_caught={}, fox_last_trick={}, dulle_caught={}, charlie_solo={}, doppelkopf_eyes={}, pigs={}, pigs_solo={}, superpigs={}, hyperpigs={}, picture_solos={:#07b}, armut={}, armut_fox={}, throw_nines={}, throw_kings={}, throw_trumps={}, throw_nines_kings={}, throw_dealer={}, throw_counts={}, genscher={})",
            b(r.marriage_shift),
            b(r.re_kontra_double),
            r.dulle,
            b(r.dulle_moves),
            b(r.soloist_leads),
            b(r.nines),
            b(r.solo_dullen),
            b(r.charlie_caught),
            b(r.fox_last_trick),
            b(r.dulle_caught),
            b(r.charlie_solo),
            r.doppelkopf_eyes,
            r.pigs,
            r.pigs_solo,
            b(r.superpigs),
            b(r.hyperpigs),
            r.picture_solos,
            b(r.armut()),
            r.armut_fox(),
            b(r.throw_nines()),
            b(r.throw_kings()),
            b(r.throw_trumps()),
            r.throw_nines_kings(),
            self.throw_dealer,
            b(self.throw_counts),
            b(r.genscher)
        )
    }
}

const DULLE_NAMES: [&str; 3] = ["first", "second", "second_except_last"];
const ARMUT_FOX_NAMES: [&str; 3] = ["counts", "single_not", "never"];

/// An option given as a name (of `names`) or as its index.
fn named_index(obj: &Bound<'_, PyAny>, field: &str, names: &[&str]) -> PyResult<u8> {
    let v = obj.getattr(field)?;
    let i = if let Ok(name) = v.extract::<String>() {
        names.iter().position(|&n| n == name).ok_or_else(|| {
            PyValueError::new_err(format!("unknown {field} {name:?}; known: {names:?}"))
        })?
    } else {
        v.extract::<usize>()?
    };
    if i >= names.len() {
        return Err(PyValueError::new_err(format!(
            "{field} index 0..{}, not {i}",
            names.len() - 1
        )));
    }
    Ok(i as u8)
}

/// The rules from a `doko_native.Rules` or from any object with the fields of
/// `doko.engine.rules.Rules` (`dulle` a name or an index).
pub fn rules_from(obj: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(r) = obj.downcast::<PyRules>() {
        return Ok(r.get().inner);
    }
    // the last `doko.engine.rules.Rules` read (a frozen dataclass, so its options stay as
    // read; the cache holds a reference, so the object cannot be replaced by another at the
    // same address): most games of a run share one rule set
    static LAST: Mutex<Option<(PyObject, Rules)>> = Mutex::new(None);
    if let Ok(last) = LAST.lock() {
        if let Some((o, r)) = last.as_ref() {
            if o.as_ptr() == obj.as_ptr() {
                return Ok(*r);
            }
        }
    }
    let r = read_rules(obj)?;
    if obj.get_type().is(doko_rules_class(obj.py())?) {
        if let Ok(mut last) = LAST.lock() {
            *last = Some((obj.clone().unbind(), r));
        }
    }
    Ok(r)
}

/// `doko.engine.rules.Rules`, imported once.
fn doko_rules_class(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static CLS: GILOnceCell<PyObject> = GILOnceCell::new();
    let cls = CLS.get_or_try_init(py, || -> PyResult<PyObject> {
        Ok(py.import("doko.engine.rules")?.getattr("Rules")?.unbind())
    })?;
    Ok(cls.bind(py))
}

fn read_rules(obj: &Bound<'_, PyAny>) -> PyResult<Rules> {
    let flag = |name: &str| -> PyResult<bool> { obj.getattr(name)?.extract::<bool>() };
    let d = obj.getattr("dulle")?;
    let dulle = if let Ok(name) = d.extract::<String>() {
        DULLE_NAMES
            .iter()
            .position(|&n| n == name)
            .ok_or_else(|| PyValueError::new_err(format!("unknown Dulle rule {name:?}")))?
            as u8
    } else {
        let i: u8 = d.extract()?;
        if i > 2 {
            return Err(PyValueError::new_err(format!(
                "Dulle rule index 0..2, not {i}"
            )));
        }
        i
    };
    Ok(Rules {
        marriage_shift: flag("marriage_shift")?,
        re_kontra_double: flag("re_kontra_double")?,
        dulle,
        dulle_moves: flag("dulle_moves")?,
        soloist_leads: flag("soloist_leads")?,
        nines: flag("nines")?,
        solo_dullen: flag("solo_dullen")?,
        charlie_caught: flag("charlie_caught")?,
        fox_last_trick: flag("fox_last_trick")?,
        dulle_caught: flag("dulle_caught")?,
        charlie_solo: flag("charlie_solo")?,
        doppelkopf_eyes: {
            let eyes: u8 = obj.getattr("doppelkopf_eyes")?.extract()?;
            check_doppelkopf_eyes(eyes)?;
            eyes
        },
        pigs: name_or_index(obj, "pigs", &PIGS_NAMES)?,
        pigs_solo: name_or_index(obj, "pigs_solo", &PIGS_SOLO_NAMES)?,
        superpigs: flag("superpigs")?,
        hyperpigs: flag("hyperpigs")?,
        picture_solos: picture_mask([
            flag("solo_kings")?,
            flag("solo_queens_jacks")?,
            flag("solo_kings_queens")?,
            flag("solo_kings_jacks")?,
            flag("solo_koehler")?,
        ]),
        house: {
            let n: u8 = obj.getattr("throw_nines_kings")?.extract()?;
            Rules::pack_house(
                flag("armut")?,
                named_index(obj, "armut_fox", &ARMUT_FOX_NAMES)?,
                flag("throw_nines")?,
                flag("throw_kings")?,
                flag("throw_trumps")?,
                n,
            )
            .ok_or_else(|| {
                PyValueError::new_err(format!("throw_nines_kings is 0, 7 or 8, not {n}"))
            })?
        },
        genscher: flag("genscher")?,
    })
}

/// The picture solos' options (Königssolo ... Köhler) as `Rules.picture_solos`' bit set.
fn picture_mask(on: [bool; 5]) -> u8 {
    on.iter()
        .enumerate()
        .fold(0, |m, (i, &b)| m | (u8::from(b) << i))
}

/// The values of `Rules.pigs` and `Rules.pigs_solo` (`rules.PIGS_RULES`, `PIGS_SOLO_RULES`).
const PIGS_NAMES: [&str; 3] = ["off", "play", "query"];
const PIGS_SOLO_NAMES: [&str; 3] = ["never", "diamonds", "trump"];

fn check_index(field: &str, i: u8, names: &[&str]) -> PyResult<()> {
    if (i as usize) < names.len() {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "{field} is the index of one of {names:?}, not {i}"
        )))
    }
}

/// An option given by name (as `doko.engine.rules.Rules` has it) or by its index in `names`.
fn name_or_index(obj: &Bound<'_, PyAny>, field: &str, names: &[&str]) -> PyResult<u8> {
    let v = obj.getattr(field)?;
    if let Ok(name) = v.extract::<String>() {
        return names
            .iter()
            .position(|&n| n == name)
            .map(|i| i as u8)
            .ok_or_else(|| PyValueError::new_err(format!("unknown {field} rule {name:?}")));
    }
    let i: u8 = v.extract()?;
    check_index(field, i, names)?;
    Ok(i)
}

/// The Doppelkopf thresholds of `doko.engine.rules.DOPPELKOPF_EYES` (issue 21, helper pigs).
fn check_doppelkopf_eyes(eyes: u8) -> PyResult<()> {
    if [40, 35, 30].contains(&eyes) {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "doppelkopf_eyes is 40, 35 or 30 Augen, not {eyes}"
        )))
    }
}

/// The `IllegalActionError` of a refusal, made by `doko.engine.errors` itself.
pub fn refusal_error(py: Python<'_>, r: &Refusal) -> PyErr {
    match build_refusal(py, r) {
        Ok(e) => e,
        Err(e) => e,
    }
}

/// `doko.engine.errors.IllegalActionError`, imported once (when the first refusal is raised).
fn error_class(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static CLS: GILOnceCell<PyObject> = GILOnceCell::new();
    let cls = CLS.get_or_try_init(py, || -> PyResult<PyObject> {
        Ok(py
            .import("doko.engine.errors")?
            .getattr("IllegalActionError")?
            .unbind())
    })?;
    Ok(cls.bind(py))
}

/// `doko.engine.rules.TSR`, the rules of a game made without any, imported once.
fn tsr_rules(py: Python<'_>) -> PyResult<PyObject> {
    static TSR: GILOnceCell<PyObject> = GILOnceCell::new();
    let tsr = TSR.get_or_try_init(py, || -> PyResult<PyObject> {
        Ok(py.import("doko.engine.rules")?.getattr("TSR")?.unbind())
    })?;
    Ok(tsr.clone_ref(py))
}

fn build_refusal(py: Python<'_>, r: &Refusal) -> PyResult<PyErr> {
    let cls = error_class(py)?;
    let kwargs = PyDict::new(py);
    if let Some(line) = &r.refutation {
        let pairs: Vec<(u8, u8)> = line.as_slice().to_vec();
        kwargs.set_item("refutation", PyTuple::new(py, pairs)?)?;
    }
    for (name, value) in r.params() {
        match value {
            Param::Int(v) => kwargs.set_item(*name, *v)?,
            Param::Str(v) => kwargs.set_item(*name, *v)?,
        }
    }
    let exc = cls.call((r.key, r.rule, r.seat), Some(&kwargs))?;
    Ok(PyErr::from_value(exc))
}

/// The action from a Python int: `Ok(action)` in the i64 range, else the refusal Python gives
/// (`bad_action`, the seat field out of range) raised here.
fn action_of(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    match obj.extract::<i64>() {
        Ok(a) => Ok(a),
        Err(e) => {
            if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) {
                // an int beyond 64 bits: its seat field (action >> 6) is out of range
                let py = obj.py();
                let seat = obj.call_method1("__rshift__", (6,))?;
                let cls = error_class(py)?;
                let kwargs = PyDict::new(py);
                kwargs.set_item("field", "seat")?;
                kwargs.set_item("value", seat)?;
                let exc = cls.call(("bad_action",), Some(&kwargs))?;
                Err(PyErr::from_value(exc))
            } else {
                Err(e)
            }
        }
    }
}

fn seat_arg(seat: Option<i64>) -> PyResult<Option<u8>> {
    match seat {
        None => Ok(None),
        Some(s) if (0..4).contains(&s) => Ok(Some(s as u8)),
        Some(s) => Err(PyValueError::new_err(format!("seat must be 0..3, got {s}"))),
    }
}

fn ended_name(e: u8) -> Option<&'static str> {
    match e {
        ENDED_PLAYED => Some("played"),
        ENDED_CONCEDED => Some("conceded"),
        ENDED_CLAIMED => Some("claimed"),
        ENDED_THROWN => Some("thrown"),
        ENDED_ARMUT_REFUSED => Some("armut_refused"),
        _ => None,
    }
}

/// One game of Doppelkopf (TSR 3 to 6) in the native core: the state machine of
/// `doko.engine.game.Game` with the same ints for phases, contracts, parties, call levels and
/// actions.
#[pyclass(name = "Game", module = "doko_native", subclass)]
pub struct PyGame {
    pub g: GameState,
    /// The rules object given at construction (a `doko.engine.rules.Rules` or a
    /// `doko_native.Rules`).
    rules_obj: PyObject,
}

impl PyGame {
    fn new_from(
        py: Python<'_>,
        hands: [u64; 4],
        dealer: i64,
        owes: Option<&Bound<'_, PyAny>>,
        vorfuehrung: Option<i64>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let (r, rules_obj) = match rules {
            Some(obj) => (rules_from(obj)?, obj.clone().unbind()),
            None => (Rules::TSR, tsr_rules(py)?),
        };
        // checked in the order of Game.__init__: hands, dealer, owes_pflichtsolo, vorfuehrung
        GameState::check_hands(&hands, r).map_err(PyValueError::new_err)?;
        if !(0..=3).contains(&dealer) {
            return Err(PyValueError::new_err(format!(
                "dealer must be a seat 0..3, got {dealer}"
            )));
        }
        let mut owes_a = [false; 4];
        if let Some(owes) = owes {
            let owes_v: Vec<bool> = owes
                .try_iter()?
                .map(|x| x.and_then(|x| x.is_truthy()))
                .collect::<PyResult<_>>()?;
            if owes_v.len() != 4 {
                return Err(PyValueError::new_err(
                    "owes_pflichtsolo needs one flag per seat",
                ));
            }
            owes_a.copy_from_slice(&owes_v);
        }
        let v = match vorfuehrung {
            None => None,
            Some(v) if (0..=3).contains(&v) => Some(v as u8),
            Some(v) => {
                return Err(PyValueError::new_err(format!(
                    "vorfuehrung must be a seat 0..3 or None, got {v}"
                )))
            }
        };
        let g = GameState::new(hands, dealer as u8, owes_a, v, r).map_err(PyValueError::new_err)?;
        Ok(PyGame { g, rules_obj })
    }
}

#[pymethods]
impl PyGame {
    /// `Game(hands, dealer=0, *, owes_pflichtsolo=(False,)*4, vorfuehrung=None, rules=TSR)`:
    /// a game from four hands (bit sets, as `doko.engine.game.Game`), checked as Python checks
    /// them. `Game(other)` copies another game.
    #[new]
    #[pyo3(signature = (hands, dealer=0, *, owes_pflichtsolo=None, vorfuehrung=None, rules=None))]
    fn py_new(
        py: Python<'_>,
        hands: &Bound<'_, PyAny>,
        dealer: i64,
        owes_pflichtsolo: Option<&Bound<'_, PyAny>>,
        vorfuehrung: Option<i64>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        if let Ok(other) = hands.downcast::<PyGame>() {
            let o = other.borrow();
            return Ok(PyGame {
                g: o.g,
                rules_obj: o.rules_obj.clone_ref(py),
            });
        }
        let hv: Vec<u64> = hands
            .try_iter()?
            .map(|x| x.and_then(|x| x.extract::<u64>()))
            .collect::<PyResult<_>>()
            .map_err(|_| {
                PyValueError::new_err("a game needs four hands of cards (TSR 3.3.7): bit sets")
            })?;
        if hv.len() != 4 {
            let size = match rules {
                Some(r) => rules_from(r)?.hand_size(),
                None => 12,
            };
            return Err(PyValueError::new_err(format!(
                "a game needs four hands of {size} cards (TSR 3.3.7)"
            )));
        }
        PyGame::new_from(
            py,
            [hv[0], hv[1], hv[2], hv[3]],
            dealer,
            owes_pflichtsolo,
            vorfuehrung,
            rules,
        )
    }

    /// `Game.deal(seed, dealer=0, ...)`: shuffle with `seed`, cut and deal as TSR 3.3 says, the
    /// very hands `doko.engine.game.deal_hands` deals (in Rust for a seed that fits 64 bits).
    #[classmethod]
    #[pyo3(signature = (seed, dealer=0, *, owes_pflichtsolo=None, vorfuehrung=None, rules=None))]
    fn deal<'py>(
        cls: &Bound<'py, pyo3::types::PyType>,
        seed: &Bound<'py, PyAny>,
        dealer: i64,
        owes_pflichtsolo: Option<&Bound<'py, PyAny>>,
        vorfuehrung: Option<i64>,
        rules: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let nines = match rules {
            Some(obj) => rules_from(obj)?.nines,
            None => true,
        };
        // a machine-int seed deals in Rust (crate::rng, bit-exact with CPython's
        // random.Random); any other seed (a big int, a str...) by doko.engine.game.deal_hands
        let small = if seed.is_instance_of::<pyo3::types::PyInt>() {
            seed.extract::<i64>().ok()
        } else {
            None
        };
        let hands: [u64; 4] = match small {
            Some(n) => crate::rng::deal_hands(n, (dealer & 3) as u8, nines),
            None => py
                .import("doko.engine.game")?
                .getattr("deal_hands")?
                .call1((seed, dealer, nines))?
                .extract()?,
        };
        let game = PyGame::new_from(py, hands, dealer, owes_pflichtsolo, vorfuehrung, rules)?;
        let base = Bound::new(py, game)?;
        if cls.is(py.get_type::<PyGame>()) {
            return Ok(base.into_any());
        }
        // a subclass (NativeGame): its instance copies the game (`Game(other)`)
        cls.call1((base,))
    }

    /// An independent copy, of the same class.
    fn clone(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let py = slf.py();
        let ty = slf.get_type();
        if ty.is(py.get_type::<PyGame>()) {
            let me = slf.borrow();
            let copy = PyGame {
                g: me.g,
                rules_obj: me.rules_obj.clone_ref(py),
            };
            return Ok(Py::new(py, copy)?.into_any());
        }
        Ok(ty.call1((slf,))?.unbind())
    }

    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        PyGame::clone(slf)
    }

    /// A game holds no mutable Python objects: a deep copy is a clone.
    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        PyGame::clone(slf)
    }

    /// Every action allowed now, by any seat (or only by `seat`), in the Python engine's
    /// order: card plays, calls by seat, concession, claim.
    #[pyo3(signature = (seat=None))]
    fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut buf = ActionBuf::new();
        self.g.legal_actions(seat_arg(seat)?, &mut buf);
        PyList::new(py, buf.as_slice())
    }

    /// The card plays allowed now.
    fn legal_plays<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut buf = ActionBuf::new();
        self.g.legal_plays(&mut buf);
        PyList::new(py, buf.as_slice())
    }

    /// Perform `action` after checking it; raises `IllegalActionError` (state unchanged).
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_of(action)?;
        self.g.apply(a).map_err(|r| refusal_error(py, &r))
    }

    /// Raise `IllegalActionError` if `action` is not allowed now.
    fn verify(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_of(action)?;
        self.g.verify(a).map_err(|r| refusal_error(py, &r))
    }

    /// True if `action` is allowed now.
    fn can_apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        match action.extract::<i64>() {
            Ok(a) => Ok(self.g.can_apply(a)),
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(action.py()) => {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// The fewest cards in hand with which the call `action` stays possible for its seat.
    fn call_deadline(&self, action: i64) -> PyResult<i32> {
        let seat = action >> 6;
        let code = (action & 63) as u8;
        if !(CALL_RE..=BLACK).contains(&code) || !(0..4).contains(&seat) {
            return Err(PyValueError::new_err(format!("not a call: {action}")));
        }
        Ok(self.g.call_deadline(seat as u8, code).unwrap_or(99))
    }

    /// Number of cards `seat` holds (as held when a concession froze the count).
    fn cards_in_hand(&self, seat: i64) -> PyResult<i32> {
        let s = seat_arg(Some(seat))?.unwrap_or(0);
        Ok(self.g.cards_in_hand(s))
    }

    #[getter]
    fn phase(&self) -> u8 {
        self.g.phase()
    }
    #[getter]
    fn to_move(&self) -> i64 {
        self.g.to_move().map_or(-1, |s| s as i64)
    }
    #[getter]
    fn dealer(&self) -> u8 {
        self.g.dealer()
    }
    #[getter]
    fn contract(&self) -> u8 {
        self.g.contract()
    }
    #[getter]
    fn soloist(&self) -> i64 {
        self.g.soloist().map_or(-1, |s| s as i64)
    }
    #[getter]
    fn hochzeiter(&self) -> i64 {
        self.g.hochzeiter().map_or(-1, |s| s as i64)
    }
    #[getter]
    fn partner(&self) -> i64 {
        self.g.partner().map_or(-1, |s| s as i64)
    }
    #[getter]
    fn marriage_solo(&self) -> bool {
        self.g.marriage_solo()
    }
    #[getter]
    fn klaerung(&self) -> u8 {
        self.g.klaerung()
    }
    #[getter]
    fn pflichtsolo(&self) -> bool {
        self.g.pflichtsolo()
    }
    #[getter]
    fn vorfuehrung(&self) -> Option<u8> {
        self.g.vorfuehrung()
    }
    #[getter]
    fn owes_pflichtsolo<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.g.owes_pflichtsolo())
    }
    #[getter]
    fn is_re(&self) -> Vec<bool> {
        (0..4).map(|s| self.g.is_re(s)).collect()
    }
    #[getter]
    fn hands(&self) -> Vec<u64> {
        self.g.hands().to_vec()
    }
    #[getter]
    fn initial_hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.g.initial_hands())
    }
    #[getter]
    fn trick(&self) -> Vec<u32> {
        ints(self.g.trick())
    }
    #[getter]
    fn trick_leader(&self) -> u8 {
        self.g.trick_leader()
    }
    /// The complete tricks as `(leader, (cards...), winner)`.
    #[getter]
    fn tricks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .g
            .tricks()
            .into_iter()
            .map(|(l, c, w)| (l, PyTuple::new(py, c).map(|t| t.unbind()), w));
        let mut out = Vec::with_capacity(12);
        for (l, c, w) in items {
            out.push((l, c?, w));
        }
        PyList::new(py, out)
    }
    #[getter]
    fn eyes(&self) -> Vec<u32> {
        ints(&self.g.eyes())
    }
    #[getter]
    fn won(&self) -> Vec<u32> {
        ints(&self.g.won())
    }
    #[getter]
    fn level(&self) -> Vec<u32> {
        ints(&self.g.level())
    }
    #[getter]
    fn ontime(&self) -> Vec<bool> {
        vec![self.g.ontime(0), self.g.ontime(1)]
    }
    /// The calls as `(seat, party, level, held)`.
    #[getter]
    fn calls(&self) -> Vec<(u8, u8, u8, u8)> {
        self.g
            .calls()
            .iter()
            .map(|c| (c.seat, c.party, c.level, c.held))
            .collect()
    }
    /// None while the game runs, else "played", "conceded" or "claimed".
    #[getter]
    fn ended(&self) -> Option<&'static str> {
        ended_name(self.g.ended())
    }
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.g.history())
    }
    #[getter]
    fn frozen_sizes(&self) -> Option<Vec<u32>> {
        self.g.frozen_sizes().map(|f| ints(&f))
    }
    #[getter]
    fn shift(&self) -> u8 {
        self.g.shift()
    }
    #[getter]
    fn base_shift(&self) -> u8 {
        if self.g.rules().nines {
            0
        } else {
            2
        }
    }
    #[getter]
    fn tricks_total(&self) -> u8 {
        self.g.tricks_total()
    }
    #[getter]
    fn dulle_rule(&self) -> u8 {
        self.g.dulle_rule()
    }
    /// The index of the game's card order in `doko.engine.contracts.ORDERS`.
    #[getter]
    fn order_index(&self) -> usize {
        self.g.order_index()
    }
    /// The game kind's own card order (before any Schweinchen, house rule).
    #[getter]
    fn base_order(&self) -> usize {
        self.g.base_order()
    }
    /// The pig level announced: 0 none, 1 Schweinchen, 2 Super-, 3 Hyperschweinchen.
    #[getter]
    fn pig_level(&self) -> usize {
        self.g.pig_seats().len()
    }
    /// The seats that announced each pig level.
    #[getter]
    fn pig_seats(&self) -> Vec<u8> {
        self.g.pig_seats().to_vec()
    }
    /// The Genscher (house rule): the seat that played both ♦K, -1 none (`Game.genscher_seat`).
    #[getter]
    fn genscher_seat(&self) -> i8 {
        self.g.genscher().0.map_or(-1, |s| s as i8)
    }
    /// The partner the Genscher named, -1 none yet (`Game.genscher_partner`).
    #[getter]
    fn genscher_partner(&self) -> i8 {
        self.g.genscher().1.map_or(-1, |s| s as i8)
    }
    /// Whether playing a ♦K now makes `seat` a Genscher (`Game.genscher_possible`).
    fn genscher_possible(&self, seat: u8) -> PyResult<bool> {
        if seat > 3 {
            return Err(PyValueError::new_err(format!(
                "seat must be 0..3, not {seat}"
            )));
        }
        Ok(self.g.genscher_possible(seat))
    }
    /// Whether this game has Schweinchen (`Game.pigs_in_game`).
    fn pigs_in_game(&self) -> bool {
        self.g.pigs_in_game()
    }
    /// The card kind both of which make the pigs of `level` (`Game.pig_card`); -1 if none.
    fn pig_card(&self, level: u8) -> i32 {
        self.g.pig_card(level).map_or(-1, i32::from)
    }
    #[getter]
    fn answers(&self) -> Vec<Option<bool>> {
        self.g.answers().to_vec()
    }
    #[getter]
    fn naming_queue(&self) -> Vec<i8> {
        self.g.naming_queue()
    }
    #[getter]
    fn naming_stage(&self) -> u8 {
        self.g.naming_stage()
    }
    /// The seat that named an Armut, its taker, the seat that threw (house rules), -1 none.
    #[getter]
    fn poor(&self) -> i64 {
        self.g.poor() as i64
    }
    #[getter]
    fn taker(&self) -> i64 {
        self.g.taker() as i64
    }
    #[getter]
    fn thrower(&self) -> i64 {
        self.g.thrower() as i64
    }
    /// The cards the Armut handed over and got back so far (kinds).
    #[getter]
    fn armut_given(&self) -> Vec<u32> {
        ints(&self.g.armut_given())
    }
    #[getter]
    fn armut_returned(&self) -> Vec<u32> {
        ints(&self.g.armut_returned())
    }
    /// The seats that passed the solo questions, in seat order (as a list).
    #[getter]
    fn passed_seats(&self) -> Vec<u32> {
        (0..4u32)
            .filter(|&s| self.g.passed() >> s & 1 != 0)
            .collect()
    }
    /// How many cards the Armut hands over and gets back (0: no Armut named).
    #[getter]
    fn armut_cards(&self) -> u32 {
        self.g.armut_cards()
    }
    /// How many trumps the taker returned (public once the exchange is over), or None.
    fn armut_trumps_back(&self) -> Option<u32> {
        self.g.armut_trumps_back()
    }
    /// The indexes `[start, end)` of the exchange's card actions in the history.
    fn armut_exchange_span(&self) -> (usize, usize) {
        self.g.armut_exchange_span()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.g.is_over()
    }
    #[getter]
    fn is_solo_game(&self) -> bool {
        self.g.soloist().is_some()
    }
    #[getter]
    fn game_type_settled(&self) -> bool {
        self.g.game_type_settled()
    }
    /// The seat that may take back its Vorbehalt now (TSR 4.1.2), or -1.
    fn withdraw_seat(&self) -> i8 {
        self.g.withdraw_seat().map_or(-1, |s| s as i8)
    }
    /// The rules object the game was made with.
    #[getter]
    fn rules(&self, py: Python<'_>) -> PyObject {
        self.rules_obj.clone_ref(py)
    }
    /// The game's house-rule options as a `doko_native.Rules`.
    #[getter]
    fn native_rules(&self, py: Python<'_>) -> PyRules {
        // the round's redeal options are no part of the game's state: those of the rules given
        let (throw_dealer, throw_counts) = match self.rules_obj.bind(py).downcast::<PyRules>() {
            Ok(r) => (r.get().throw_dealer, r.get().throw_counts),
            Err(_) => (0, false),
        };
        PyRules {
            inner: self.g.rules(),
            throw_dealer,
            throw_counts,
        }
    }

    fn re_eyes(&self) -> u32 {
        self.g.re_eyes()
    }
    fn kontra_eyes(&self) -> u32 {
        self.g.kontra_eyes()
    }
    fn re_tricks(&self) -> u32 {
        self.g.re_tricks()
    }
    fn kontra_tricks(&self) -> u32 {
        self.g.kontra_tricks()
    }

    /// Doppelkopf, Fuchs and Karlchen won by Re and by Kontra (TSR 7.2.3), and the further
    /// Sonderpunkte of the house rules (0 when off), as two dicts (`scoring.Extras`' keys).
    fn sonderpunkte<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>)> {
        let x = self.g.sonderpunkte();
        Ok((extras_dict(py, x[0])?, extras_dict(py, x[1])?))
    }

    /// `playouts(n, policy="random", seed=0)`: play this game (in trick play) to the end `n`
    /// times in Rust with card plays only (no calls, claims or concessions), the cards chosen
    /// uniformly (`"random"`) or by the fast card-play heuristic (`"heuristic"`, every hand
    /// known). Returns playouts, card_plays, re_eyes and re_tricks (sums over the play-outs),
    /// re_over_120 (play-outs in which Re took more than 120 Augen) and seconds.
    #[pyo3(signature = (n, policy="random", seed=0))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        policy: &str,
        seed: i64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let pol = match policy {
            "random" => crate::batch::PlayoutPolicy::Random,
            "heuristic" => crate::batch::PlayoutPolicy::Heuristic,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "policy is 'random' or 'heuristic', not {policy:?}"
                )))
            }
        };
        let g = self.g;
        let (st, took) = py.allow_threads(|| {
            let start = std::time::Instant::now();
            let st = crate::batch::playouts(&g, n, pol, seed as u64);
            (st, start.elapsed().as_secs_f64())
        });
        let st = st.ok_or_else(|| {
            PyValueError::new_err("play-outs start from a game in trick play (phase PLAY)")
        })?;
        let d = PyDict::new(py);
        d.set_item("playouts", st.playouts)?;
        d.set_item("card_plays", st.card_plays)?;
        d.set_item("re_eyes", st.re_eyes)?;
        d.set_item("re_tricks", st.re_tricks)?;
        d.set_item("re_over_120", st.re_over_120)?;
        d.set_item("seconds", took)?;
        Ok(d)
    }

    /// The fields of `doko.engine.scoring.GameSummary` of the finished game, as a dict.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if !self.g.is_over() {
            return Err(PyValueError::new_err(
                "the game is not finished yet: there is no result",
            ));
        }
        let x = self.g.sonderpunkte();
        let d = PyDict::new(py);
        d.set_item("contract", self.g.summary_contract())?;
        d.set_item("re_eyes", self.g.re_eyes())?;
        d.set_item("re_tricks", self.g.re_tricks())?;
        d.set_item("re_calls", self.g.level()[0])?;
        d.set_item("kontra_calls", self.g.level()[1])?;
        d.set_item("re_extras", extras_dict(py, x[0])?)?;
        d.set_item("kontra_extras", extras_dict(py, x[1])?)?;
        d.set_item("nines", self.g.rules().nines)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        const PHASES: [&str; 4] = ["query", "naming", "play", "finished"];
        format!(
            "<doko_native.Game {} contract={} tricks={} to_move={}>",
            PHASES[self.g.phase() as usize & 3],
            self.g.contract(),
            self.g.n_tricks(),
            self.to_move()
        )
    }
}

/// Small ints as a Python list of ints (a `Vec<u8>` would become `bytes`).
fn ints(xs: &[u8]) -> Vec<u32> {
    xs.iter().map(|&x| x as u32).collect()
}

fn extras_dict(py: Python<'_>, x: [u32; crate::scoring::N_EXTRAS]) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for (key, count) in crate::scoring::EXTRA_KEYS.iter().zip(x) {
        d.set_item(*key, count)?;
    }
    Ok(d)
}

// ------------------------------------------------------------------ batches

fn deadline_stop(seconds: Option<f64>) -> impl FnMut(u64) -> bool {
    let start = std::time::Instant::now();
    move |i: u64| match seconds {
        Some(t) => i.is_multiple_of(16) && start.elapsed().as_secs_f64() >= t,
        None => false,
    }
}

/// `random_games(n, seed=0, rules=None, *, seconds=None, p_...)`: play up to `n` whole random
/// games in Rust (deal, Vorbehaltsabfrage, reservations, calls, claim checks, play) with the
/// policy of `RandomPolicy` and its probabilities, stopping early after `seconds`. Returns the
/// counts: games, actions, card_plays, calls, contracts (per `Contract` int), marriage_solos,
/// pflichtsoli, conceded, claimed, re_eyes (their sum) and seconds (the time it took).
#[pyfunction]
#[pyo3(signature = (n, seed=0, rules=None, *, seconds=None, p_reservation=0.05, p_call=0.02, p_marriage=0.5, p_pass=0.5, p_claim=0.5, p_concede=0.002))]
#[allow(clippy::too_many_arguments)]
pub fn random_games<'py>(
    py: Python<'py>,
    n: u64,
    seed: i64,
    rules: Option<&Bound<'py, PyAny>>,
    seconds: Option<f64>,
    p_reservation: f64,
    p_call: f64,
    p_marriage: f64,
    p_pass: f64,
    p_claim: f64,
    p_concede: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let r = match rules {
        Some(obj) => rules_from(obj)?,
        None => Rules::TSR,
    };
    let policy = crate::batch::Policy {
        p_reservation,
        p_call,
        p_marriage,
        p_pass,
        p_claim,
        p_concede,
    };
    let (st, took) = py.allow_threads(|| {
        let start = std::time::Instant::now();
        let st = crate::batch::random_games(n, seed as u64, r, &policy, deadline_stop(seconds));
        (st, start.elapsed().as_secs_f64())
    });
    let d = PyDict::new(py);
    d.set_item("games", st.games)?;
    d.set_item("actions", st.actions)?;
    d.set_item("card_plays", st.card_plays)?;
    d.set_item("calls", st.calls)?;
    d.set_item("contracts", st.contracts.to_vec())?;
    d.set_item("marriage_solos", st.marriage_solos)?;
    d.set_item("pflichtsoli", st.pflichtsoli)?;
    d.set_item("conceded", st.conceded)?;
    d.set_item("claimed", st.claimed)?;
    d.set_item("re_eyes", st.re_eyes)?;
    d.set_item("seconds", took)?;
    Ok(d)
}

/// `card_plays(playouts=None, seed=0, *, seconds=None, states=200, tricks=6, rules=None)`:
/// random card play-outs from mid-game states in Rust, as `doko bench` measures them: `states`
/// random games stopped after `tricks` tricks are prepared (not timed), then cloned and played
/// to the end with uniformly random legal cards (the seat's legal actions listed in full) until
/// `playouts` play-outs or `seconds` are done (one of them must be given). Returns
/// card_plays, playouts and seconds (the timed part).
#[pyfunction]
#[pyo3(signature = (playouts=None, seed=0, *, seconds=None, states=200, tricks=6, rules=None))]
pub fn card_plays<'py>(
    py: Python<'py>,
    playouts: Option<u64>,
    seed: i64,
    seconds: Option<f64>,
    states: usize,
    tricks: usize,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    if playouts.is_none() && seconds.is_none() {
        return Err(PyValueError::new_err("give playouts or seconds (or both)"));
    }
    if states == 0 {
        return Err(PyValueError::new_err("states must be at least 1"));
    }
    let r = match rules {
        Some(obj) => rules_from(obj)?,
        None => Rules::TSR,
    };
    if tricks >= r.hand_size() as usize {
        return Err(PyValueError::new_err(format!(
            "tricks must be below {}, got {tricks}",
            r.hand_size()
        )));
    }
    let (plays, runs, took) = py.allow_threads(|| {
        let pool = crate::batch::mid_game_states(states, seed as u64, tricks, r);
        let start = std::time::Instant::now();
        let (plays, runs) = crate::batch::card_playouts(
            &pool,
            seed as u64 ^ 0x9E37,
            playouts.unwrap_or(u64::MAX),
            deadline_stop(seconds),
        );
        (plays, runs, start.elapsed().as_secs_f64())
    });
    let d = PyDict::new(py);
    d.set_item("card_plays", plays)?;
    d.set_item("playouts", runs)?;
    d.set_item("seconds", took)?;
    Ok(d)
}

/// `clone_ns(n=1000000)`: the mean time in nanoseconds of one copy of a game state in Rust
/// (`n` copies of a mid-game state, each read back so that none is optimised away).
#[pyfunction]
#[pyo3(signature = (n=1_000_000))]
pub fn clone_ns(py: Python<'_>, n: u64) -> f64 {
    py.allow_threads(|| {
        let states = crate::batch::mid_game_states(8, 1, 6, Rules::TSR);
        let start = std::time::Instant::now();
        let mut acc = 0u64;
        for i in 0..n {
            let g = std::hint::black_box(states[(i & 7) as usize]);
            acc = acc.wrapping_add(std::hint::black_box(g).hands()[(i & 3) as usize]);
        }
        std::hint::black_box(acc);
        start.elapsed().as_secs_f64() * 1e9 / n.max(1) as f64
    })
}

/// `state_size()`: the size in bytes of the Rust game state (`GameState`).
#[pyfunction]
pub fn state_size() -> usize {
    std::mem::size_of::<GameState>()
}
