//! Python bindings of [`crate::vector`]: the observation encoder for a `doko_native.Game` and
//! the vectorised environment `doko_native.VectorEnv`. Arrays are numpy arrays (any object
//! with the buffer protocol) that Python allocates once; Rust writes into them.

use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::game::{ActionBuf, Rules};
use crate::py_game::{refusal_error, rules_from, PyGame};
use crate::vector::{
    encode_information_state, encode_observation, seat_scores, Opponent, Outcome, RoundInfo,
    StepError, VecEnv, INFO_SIZE, MASK_SIZE, OBS_SIZE,
};

/// A writable, C-contiguous buffer of `T` with exactly `len` items.
fn writable<T: Element>(obj: &Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<PyBuffer<T>> {
    let buf = PyBuffer::<T>::get(obj).map_err(|e| {
        PyValueError::new_err(format!("{what}: not an array of the right type ({e})"))
    })?;
    if buf.readonly() || !buf.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "{what}: the array must be writable and C-contiguous"
        )));
    }
    if buf.item_count() != len {
        return Err(PyValueError::new_err(format!(
            "{what}: the array must hold {len} items, it holds {}",
            buf.item_count()
        )));
    }
    Ok(buf)
}

fn round_info(games_played: Option<u32>, games_total: Option<u32>) -> PyResult<Option<RoundInfo>> {
    match (games_played, games_total) {
        (None, None) => Ok(None),
        (Some(p), Some(t)) if t > 0 && p <= t => Ok(Some(RoundInfo {
            games_played: p,
            games_total: t,
        })),
        _ => Err(PyValueError::new_err(
            "give games_played and games_total together, 0 <= games_played <= games_total > 0",
        )),
    }
}

fn seat_of(seat: i64) -> PyResult<u8> {
    if (0..=3).contains(&seat) {
        Ok(seat as u8)
    } else {
        Err(PyValueError::new_err(format!(
            "seat must be 0..3, got {seat}"
        )))
    }
}

/// `encode_observation(game, seat, out, mask=None, *, games_played=None, games_total=None)`:
/// write the observation of `seat` (the numbers of `doko.rl.encoding.observation`) into `out`
/// (float32, OBS_SIZE items) and its legal action codes into `mask` (int8, 64 items).
#[pyfunction]
#[pyo3(name = "encode_observation", signature = (game, seat, out, mask=None, *, games_played=None, games_total=None))]
pub fn encode_observation_into(
    py: Python<'_>,
    mut game: PyRefMut<'_, PyGame>,
    seat: i64,
    out: &Bound<'_, PyAny>,
    mask: Option<&Bound<'_, PyAny>>,
    games_played: Option<u32>,
    games_total: Option<u32>,
) -> PyResult<()> {
    let seat = seat_of(seat)?;
    let round = round_info(games_played, games_total)?;
    let ob = writable::<f32>(out, OBS_SIZE, "out")?;
    let mut x = [0f32; OBS_SIZE];
    let mut m = [0u8; MASK_SIZE];
    let mut buf = ActionBuf::new();
    encode_observation(&mut game.g, seat, round, &mut x, Some(&mut m), &mut buf);
    ob.copy_from_slice(py, &x)?;
    if let Some(mask) = mask {
        let mb = writable::<i8>(mask, MASK_SIZE, "mask")?;
        let mi: Vec<i8> = m.iter().map(|&v| v as i8).collect();
        mb.copy_from_slice(py, &mi)?;
    }
    Ok(())
}

/// `encode_information_state(game, seat, out, *, games_played=None, games_total=None)`: the
/// information-state tensor (`doko.rl.encoding.information_state`) into `out` (float32,
/// INFO_SIZE items).
#[pyfunction]
#[pyo3(name = "encode_information_state", signature = (game, seat, out, *, games_played=None, games_total=None))]
pub fn encode_information_state_into(
    py: Python<'_>,
    mut game: PyRefMut<'_, PyGame>,
    seat: i64,
    out: &Bound<'_, PyAny>,
    games_played: Option<u32>,
    games_total: Option<u32>,
) -> PyResult<()> {
    let seat = seat_of(seat)?;
    let round = round_info(games_played, games_total)?;
    let ob = writable::<f32>(out, INFO_SIZE, "out")?;
    let mut x = vec![0f32; INFO_SIZE];
    let mut buf = ActionBuf::new();
    encode_information_state(&mut game.g, seat, round, &mut x, &mut buf);
    ob.copy_from_slice(py, &x)
}

/// `game_scores(game)`: the scores of seats 0..3 of a finished game (TSR 7).
#[pyfunction]
pub fn game_scores(game: PyRef<'_, PyGame>) -> PyResult<[i32; 4]> {
    seat_scores(&game.g).map_err(PyValueError::new_err)
}

/// `VectorEnv(n, seed=0, seat=0, opponent="random", rules=None)`: `n` games stepped together;
/// in each one seat learns, the others play inside the core (`"random"`: the probabilities of
/// `RandomPolicy`; `"heuristic"`: gesund, no calls, cards by the play-out heuristic). Game `i`
/// draws from seed `seed + i`; the dealer rotates; a finished game is dealt anew at once.
#[pyclass(name = "VectorEnv", module = "doko_native")]
pub struct PyVectorEnv {
    env: VecEnv,
    obs: Vec<f32>,
    mask: Vec<i8>,
    rewards: Vec<f32>,
    dones: Vec<u8>,
    codes: Vec<u8>,
}

fn step_error(py: Python<'_>, e: StepError) -> PyErr {
    match e {
        StepError::Code(i, c) => {
            PyValueError::new_err(format!("game {i}: action {c} is outside 0..63"))
        }
        StepError::Illegal(i, r) => {
            let err = refusal_error(py, &r);
            let note = format!("in game {i} of the vector");
            // BaseException.add_note (Python 3.11, the abi3 floor); if it failed, only the
            // note would be missing from the refusal
            let _ = err.value(py).call_method1("add_note", (note,));
            err
        }
        StepError::Score(i, m) => PyValueError::new_err(format!("game {i}: {m}")),
    }
}

impl PyVectorEnv {
    fn fill_obs(&mut self, with_obs: bool) {
        let n = self.env.len();
        let mut m = [0u8; MASK_SIZE];
        for i in 0..n {
            if with_obs {
                let x = &mut self.obs[i * OBS_SIZE..(i + 1) * OBS_SIZE];
                self.env.observe(i, x, &mut m);
            } else {
                self.env.mask(i, &mut m);
            }
            for (d, &s) in self.mask[i * MASK_SIZE..(i + 1) * MASK_SIZE]
                .iter_mut()
                .zip(m.iter())
            {
                *d = s as i8;
            }
        }
    }
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (n, seed=0, seat=0, opponent="random", rules=None))]
    fn new(
        n: usize,
        seed: u64,
        seat: i64,
        opponent: &str,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVectorEnv> {
        if n == 0 {
            return Err(PyValueError::new_err("a VectorEnv needs at least one game"));
        }
        let seat = seat_of(seat)?;
        let opp = match opponent {
            "random" => Opponent::Random,
            "heuristic" => Opponent::Heuristic,
            other => {
                return Err(PyValueError::new_err(format!(
                    "opponent is 'random' or 'heuristic', not {other:?}"
                )))
            }
        };
        let r = match rules {
            Some(obj) => rules_from(obj)?,
            None => Rules::TSR,
        };
        Ok(PyVectorEnv {
            env: VecEnv::new(n, seed, seat, opp, r),
            obs: vec![0.0; n * OBS_SIZE],
            mask: vec![0; n * MASK_SIZE],
            rewards: vec![0.0; n],
            dones: vec![0; n],
            codes: vec![0; n],
        })
    }

    fn __len__(&self) -> usize {
        self.env.len()
    }

    /// `observe(obs, mask)`: the learners' observations (float32, n x OBS_SIZE; None: masks
    /// only) and masks (int8, n x 64) now.
    #[pyo3(signature = (obs, mask))]
    fn observe(
        &mut self,
        py: Python<'_>,
        obs: Option<&Bound<'_, PyAny>>,
        mask: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let n = self.env.len();
        let ob = obs
            .map(|o| writable::<f32>(o, n * OBS_SIZE, "obs"))
            .transpose()?;
        let mb = writable::<i8>(mask, n * MASK_SIZE, "mask")?;
        let with_obs = ob.is_some();
        py.allow_threads(|| self.fill_obs(with_obs));
        if let Some(ob) = ob {
            ob.copy_from_slice(py, &self.obs)?;
        }
        mb.copy_from_slice(py, &self.mask)
    }

    /// `step(actions, rewards, dones, obs=None, mask=None)`: apply each game's learner action
    /// (int64, n codes), let the opponents play, deal finished games anew; write the rewards
    /// (float32: the learner's score when its game ended, TSR 7), dones (uint8) and, when given,
    /// the next observations and masks. Returns the number of actions applied (all seats). An
    /// illegal action raises `IllegalActionError` (the games before it have stepped).
    #[pyo3(signature = (actions, rewards, dones, obs=None, mask=None))]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        rewards: &Bound<'_, PyAny>,
        dones: &Bound<'_, PyAny>,
        obs: Option<&Bound<'_, PyAny>>,
        mask: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let n = self.env.len();
        let ab = PyBuffer::<i64>::get(actions)
            .map_err(|e| PyValueError::new_err(format!("actions: not an int64 array ({e})")))?;
        if ab.item_count() != n {
            return Err(PyValueError::new_err(format!(
                "actions: {n} games need {n} actions, got {}",
                ab.item_count()
            )));
        }
        let acts = ab.to_vec(py)?;
        for (i, &a) in acts.iter().enumerate() {
            if !(0..64).contains(&a) {
                return Err(PyValueError::new_err(format!(
                    "game {i}: action {a} is outside 0..63"
                )));
            }
            self.codes[i] = a as u8;
        }
        let rb = writable::<f32>(rewards, n, "rewards")?;
        let db = writable::<u8>(dones, n, "dones")?;
        let ob = obs
            .map(|o| writable::<f32>(o, n * OBS_SIZE, "obs"))
            .transpose()?;
        let mb = mask
            .map(|m| writable::<i8>(m, n * MASK_SIZE, "mask"))
            .transpose()?;
        let with_obs = ob.is_some();
        let with_mask = mb.is_some() || with_obs;
        let result = py.allow_threads(|| {
            let mut total = 0u64;
            for i in 0..n {
                let out: Outcome = self.env.step(i, self.codes[i])?;
                self.rewards[i] = out.reward as f32;
                self.dones[i] = out.done as u8;
                total += out.actions as u64;
            }
            if with_mask {
                self.fill_obs(with_obs);
            }
            Ok::<u64, StepError>(total)
        });
        let total = result.map_err(|e| step_error(py, e))?;
        rb.copy_from_slice(py, &self.rewards)?;
        db.copy_from_slice(py, &self.dones)?;
        if let Some(ob) = ob {
            ob.copy_from_slice(py, &self.obs)?;
        }
        if let Some(mb) = mb {
            mb.copy_from_slice(py, &self.mask)?;
        }
        Ok(total)
    }

    /// `history(i)`: the actions of game `i` so far (engine actions, seat * 64 + code).
    fn history(&self, i: usize) -> PyResult<Vec<u32>> {
        if i >= self.env.len() {
            return Err(PyValueError::new_err(format!("no game {i}")));
        }
        Ok(self
            .env
            .game(i)
            .history()
            .iter()
            .map(|&a| a as u32)
            .collect())
    }

    /// `hands(i)`: the hands of game `i` as dealt (bit sets, for tests and replays).
    fn initial_hands(&self, i: usize) -> PyResult<[u64; 4]> {
        if i >= self.env.len() {
            return Err(PyValueError::new_err(format!("no game {i}")));
        }
        Ok(self.env.game(i).initial_hands())
    }

    /// `dealer(i)`: the dealer of game `i`.
    fn dealer(&self, i: usize) -> PyResult<u8> {
        if i >= self.env.len() {
            return Err(PyValueError::new_err(format!("no game {i}")));
        }
        Ok(self.env.game(i).dealer())
    }
}

/// Register the functions and the class in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("OBS_SIZE", OBS_SIZE)?;
    m.add("INFO_SIZE", INFO_SIZE)?;
    m.add_function(wrap_pyfunction!(encode_observation_into, m)?)?;
    m.add_function(wrap_pyfunction!(encode_information_state_into, m)?)?;
    m.add_function(wrap_pyfunction!(game_scores, m)?)?;
    m.add_class::<PyVectorEnv>()?;
    Ok(())
}
