//! The `search` player's native parts for Python: `doko_native.SearchWorlds` (the playouts of
//! one decision, world by world) and `doko_native.rules_card` (the rules player's card play,
//! for the differential test against `doko.bots.rules_player.rules_card`).

use crate::batch::Rng;
use crate::game::{GameState, PLAY};
use crate::py_game::{rules_from, PyGame};
use crate::search::{
    evaluate_world, log_likelihood, policy_observations, replay, run, DealSpec, InferSpec,
    PlayoutSpec, RunSpec, Setting,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::{Duration, Instant};

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
        .filter(|&b| {
            let code = b & 63;
            code <= crate::game::WITHDRAW
                || (crate::game::PIGS..=crate::game::HYPERPIGS).contains(&code)
                || crate::game::is_picture_solo_code(code)
                || (crate::game::GENSCHER_FIRST..=crate::game::GENSCHER_LAST).contains(&code)
        })
        .ok_or_else(|| PyValueError::new_err(format!("{a} is not an action")))
}

/// The public setting of one decision of the `search` player: the game's dealer, Pflichtsolo
/// debts, Vorführung, rules and history (as the deciding seat's view shows them) and the seat.
/// Each call gets the initial hands of one sampled world (the seat's own and the others'
/// sampled ones) and replays the history on them; a deal on which the history is not legal is
/// refused with `None`.
#[pyclass(module = "doko_native", name = "SearchWorlds")]
pub struct PySearchWorlds {
    setting: Setting,
    seat: u8,
    deal: Option<DealSpec>,
}

impl PySearchWorlds {
    fn world(&self, hands: Vec<u64>, upto: usize) -> PyResult<Option<GameState>> {
        let hands = hands_of(hands)?;
        let st = &self.setting;
        let upto = upto.min(st.history.len());
        Ok(replay(
            hands,
            st.dealer,
            st.owes,
            st.vorfuehrung,
            st.rules,
            &st.history[..upto],
        ))
    }

    fn deal(&self) -> PyResult<&DealSpec> {
        self.deal
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("no deal to sample: call set_deal first"))
    }

    /// Observed indexes must be card plays of the history.
    fn check_observed(&self, at: &[usize]) -> PyResult<()> {
        let h = &self.setting.history;
        if let Some(&i) = at.iter().find(|&&i| i >= h.len() || h[i] & 63 >= 24) {
            return Err(PyValueError::new_err(format!(
                "the observed index {i} is not a card play of the history"
            )));
        }
        Ok(())
    }

    fn candidates(candidates: &[(i64, i64)]) -> PyResult<Vec<(u8, i32)>> {
        candidates
            .iter()
            .map(|&(a, plan)| Ok((action_byte(a)?, plan.clamp(-1, 63) as i32)))
            .collect()
    }
}

/// `run`'s result: values per candidate and world, ν per world, weights per world, τ.
type RunOut = (Vec<Vec<f64>>, Vec<f64>, Vec<f64>, f64);

fn check_unit(name: &str, x: f64) -> PyResult<()> {
    if (0.0..=1.0).contains(&x) {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "{name} must lie in [0, 1], not {x}"
        )))
    }
}

fn four<T: Copy>(v: &[T], what: &str) -> PyResult<[T; 4]> {
    <[T; 4]>::try_from(v).map_err(|_| PyValueError::new_err(format!("{what} needs four seats")))
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
            setting: Setting {
                dealer: seat_of(dealer, "dealer")?,
                owes,
                vorfuehrung: vorfuehrung.map(|v| seat_of(v, "vorfuehrung")).transpose()?,
                rules: rules_from(rules)?,
                history: history
                    .into_iter()
                    .map(action_byte)
                    .collect::<PyResult<_>>()?,
            },
            seat: seat_of(seat, "seat")?,
            deal: None,
        })
    }

    /// The constraints of the deal of the unseen cards, as `doko.bots.sampler.Sampler` makes
    /// them: the seat's own hand, the unseen cards (kinds), the cards each seat still needs,
    /// the kinds each seat may hold (a bit per kind), the ♣Q each seat must hold and the cards
    /// each seat has played (hand bit sets).
    /// `must`: further cards a seat must get, as (seat, kind) per copy (announced
    /// Schweinchen, house rules), placed after the ♣Q.
    #[pyo3(signature = (own, pool, need, allowed, must_qc, played, must=Vec::new()))]
    #[allow(clippy::too_many_arguments)]
    fn set_deal(
        &mut self,
        own: u64,
        pool: Vec<u8>,
        need: Vec<u8>,
        allowed: Vec<u64>,
        must_qc: Vec<u8>,
        played: Vec<u64>,
        must: Vec<(u8, u8)>,
    ) -> PyResult<()> {
        if pool.iter().any(|&k| k >= 24) || must.iter().any(|&(s, k)| s > 3 || k >= 24) {
            return Err(PyValueError::new_err(
                "a card kind is 0 to 23, a seat 0 to 3",
            ));
        }
        let need = four(&need, "need")?;
        if need.iter().map(|&n| n as usize).sum::<usize>() != pool.len() {
            return Err(PyValueError::new_err(format!(
                "{} unseen cards for {} places",
                pool.len(),
                need.iter().map(|&n| n as usize).sum::<usize>()
            )));
        }
        self.deal = Some(DealSpec {
            seat: self.seat,
            own,
            pool,
            need,
            allowed: four(&allowed, "allowed")?,
            must_qc: four(&must_qc, "must_qc")?,
            played: four(&played, "played")?,
            must,
        });
        Ok(())
    }

    /// Up to `n` sampled deals (initial hands) on which the history replays (each the first
    /// of up to 50 tries; fewer if one cannot be found), by the native generator from `seed`.
    fn sample(&self, n: usize, seed: u64) -> PyResult<Vec<Vec<u64>>> {
        let deal = self.deal()?;
        let mut rng = Rng::new(seed);
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            match self.setting.sample_world(deal, &mut rng) {
                Some((hands, _)) => out.push(hands.to_vec()),
                None => break,
            }
        }
        Ok(out)
    }

    /// The whole evaluation of one decision in one call: the worlds `first` (initial hands),
    /// then sampled ones, until `max_worlds` are done or, after `min_worlds`, `seconds` have
    /// passed; in each every candidate `(action, planned naming code or -1)` played out.
    /// ν per world: drawn from `nu_weights` over `nu_grid` if given, else `nu`. `heuristic`:
    /// the playouts' cards by the fast all-hands heuristic instead of the rules player's;
    /// `answer`: the share of the other party's hindsight reply to a call candidate (times
    /// 1 - ν). Card-play inference (`infer_at`: the history indexes of the other seats'
    /// observed cards, None: off): each world's log-likelihood of those cards under the
    /// playouts' model with `infer_nu`; the worlds come in pools of `infer_pool`, weighted
    /// exp(τ (ℓ − max ℓ)) with the largest τ ≤ `infer_temper` that keeps the effective sample
    /// size at least `infer_ess` of the pool, resampled systematically, and only the worlds
    /// drawn are played out. Returns the values per candidate and world, the ν of each world,
    /// the weight of each world (its draws; empty without inference) and the last pool's τ.
    /// The GIL is released meanwhile.
    #[pyo3(signature = (candidates, first, nu_grid, nu_weights, nu, foresight, solver_tricks,
                        max_worlds, min_worlds, seconds, seed, *, heuristic = false,
                        answer = 0.0, infer_at = None, infer_nu = 0.1, infer_temper = 1.0,
                        infer_ess = 0.1, infer_pool = 100))]
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        py: Python<'_>,
        candidates: Vec<(i64, i64)>,
        first: Vec<Vec<u64>>,
        nu_grid: Vec<f64>,
        nu_weights: Option<Vec<f64>>,
        nu: f64,
        foresight: f64,
        solver_tricks: i64,
        max_worlds: Option<usize>,
        min_worlds: usize,
        seconds: Option<f64>,
        seed: u64,
        heuristic: bool,
        answer: f64,
        infer_at: Option<Vec<usize>>,
        infer_nu: f64,
        infer_temper: f64,
        infer_ess: f64,
        infer_pool: usize,
    ) -> PyResult<RunOut> {
        check_unit("nu", nu)?;
        check_unit("foresight", foresight)?;
        check_unit("answer", answer)?;
        check_unit("infer_nu", infer_nu)?;
        check_unit("infer_ess", infer_ess)?;
        if infer_temper.is_nan() || infer_temper < 0.0 {
            return Err(PyValueError::new_err(format!(
                "infer_temper must be a non-negative number, not {infer_temper}"
            )));
        }
        let infer = match infer_at {
            Some(at) => {
                self.check_observed(&at)?;
                Some(InferSpec {
                    at,
                    nu: infer_nu,
                    temper: infer_temper,
                    ess_fraction: infer_ess,
                    pool: infer_pool.clamp(1, 1 << 20),
                })
            }
            None => None,
        };
        if nu_grid.iter().any(|&x| !(0.0..=1.0).contains(&x)) {
            return Err(PyValueError::new_err("the ν grid must lie in [0, 1]"));
        }
        if let Some(w) = &nu_weights {
            if w.len() != nu_grid.len() || w.iter().any(|&x| x.is_nan() || x < 0.0) {
                return Err(PyValueError::new_err(
                    "nu_weights needs one non-negative weight per grid point",
                ));
            }
        }
        if let Some(t) = seconds {
            if t.is_nan() || t < 0.0 {
                return Err(PyValueError::new_err(format!(
                    "seconds must be a non-negative number, not {t}"
                )));
            }
        }
        let deal = self.deal()?.clone();
        let first = first
            .iter()
            .map(|h| hands_of(h.clone()))
            .collect::<PyResult<Vec<_>>>()?;
        let cands = Self::candidates(&candidates)?;
        let playout = PlayoutSpec {
            seat: self.seat,
            nu,
            foresight,
            solver_tricks: solver_tricks.clamp(0, 12) as u8,
            heuristic,
            answer,
        };
        let spec = RunSpec {
            max_worlds,
            min_worlds,
            deadline: seconds.map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e6))),
            nu_grid,
            nu_weights,
            nu,
            infer,
        };
        let setting = &self.setting;
        let result =
            py.allow_threads(|| run(setting, &deal, &first, &cands, &playout, &spec, seed));
        result
            .map(|r| (r.values, r.nus, r.weights, r.tau))
            .map_err(|a| {
                PyValueError::new_err(format!("the candidate action {a} cannot be played out"))
            })
    }

    /// Card-play inference on the deal `hands` (initial hands): the log-likelihood of the
    /// cards at the history indexes `at` under the playouts' model (each a random legal card
    /// with probability `nu`, else the rules card): Σ ln(ν / |legal| + (1 − ν) · [rules card
    /// == card]). None if the history does not replay on the deal.
    fn log_likelihood(&self, hands: Vec<u64>, at: Vec<usize>, nu: f64) -> PyResult<Option<f64>> {
        check_unit("nu", nu)?;
        self.check_observed(&at)?;
        if self.world(hands.clone(), usize::MAX)?.is_none() {
            return Ok(None);
        }
        let Some(start) = self.world(hands, 0)? else {
            return Ok(None);
        };
        Ok(log_likelihood(&start, &self.setting.history, &at, nu))
    }

    /// The seat's value of each candidate `(action, planned naming code or -1)` in the world
    /// dealt by `hands` (initial hands), or None if the history does not replay on them.
    /// `nu`: the others' chance of a random card; `foresight`: the share of the own calls'
    /// hindsight gain (times `nu`); `solver_tricks`: the solver plays the last this-many
    /// tricks; `seed`: the playouts' random numbers; `answer`: the share of the other party's
    /// hindsight reply to a call candidate (times 1 - `nu`). A candidate the world refuses
    /// raises ValueError.
    #[pyo3(signature = (hands, candidates, nu, foresight, solver_tricks, seed, *, answer = 0.0))]
    #[allow(clippy::too_many_arguments)]
    fn evaluate(
        &self,
        py: Python<'_>,
        hands: Vec<u64>,
        candidates: Vec<(i64, i64)>,
        nu: f64,
        foresight: f64,
        solver_tricks: i64,
        seed: u64,
        answer: f64,
    ) -> PyResult<Option<Vec<f64>>> {
        check_unit("nu", nu)?;
        check_unit("foresight", foresight)?;
        check_unit("answer", answer)?;
        let Some(world) = self.world(hands, usize::MAX)? else {
            return Ok(None);
        };
        let cands = Self::candidates(&candidates)?;
        let spec = PlayoutSpec {
            seat: self.seat,
            nu,
            foresight,
            solver_tricks: solver_tricks.clamp(0, 12) as u8,
            heuristic: false,
            answer,
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
        self.check_observed(&at)?;
        let Some(start) = self.world(hands, 0)? else {
            return Ok(None);
        };
        Ok(policy_observations(&start, &self.setting.history, &at))
    }
}

/// The card kind the `rules` player plays for the seat on turn in `game` (a `doko_native.Game`
/// in trick play), as `doko.bots.rules_player.rules_card` chooses it.
#[pyfunction]
pub fn rules_card(game: PyRef<'_, PyGame>) -> PyResult<u8> {
    let g = &game.g;
    if g.phase() != PLAY || g.genscher_pending() {
        return Err(PyValueError::new_err(
            "no card is to be played: the game is not in trick play (or a Genscher is to name \
             its partner)",
        ));
    }
    crate::rules_policy::rules_card(g)
        .ok_or_else(|| PyValueError::new_err("no card is to be played"))
}

/// The action code (51..53) with which the `rules` player's Genscher names its partner in
/// `game` (house rule), as `doko.bots.rules_player.genscher_code` chooses it.
#[pyfunction]
pub fn genscher_choice(game: PyRef<'_, PyGame>) -> PyResult<u8> {
    crate::rules_policy::genscher_choice(&game.g)
        .ok_or_else(|| PyValueError::new_err("no Genscher is to name its partner in this game"))
}

/// Add the search player's classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySearchWorlds>()?;
    m.add_function(wrap_pyfunction!(rules_card, m)?)?;
    m.add_function(wrap_pyfunction!(genscher_choice, m)?)?;
    Ok(())
}
