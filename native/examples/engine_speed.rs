//! Engine speed on one core, printed (`cargo run --release --example engine_speed`): random
//! games per second through the batch API, card plays per second from mid-game states, the
//! size of a game state and the time of one copy.

use std::time::Instant;

use doko_native::batch::{card_playouts, mid_game_states, random_games, Policy};
use doko_native::game::{GameState, Rules};

fn main() {
    let seconds = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(2.0);
    let start = Instant::now();
    let st = random_games(u64::MAX, 1, Rules::TSR, &Policy::default(), |i| {
        i.is_multiple_of(64) && start.elapsed().as_secs_f64() >= seconds
    });
    let t = start.elapsed().as_secs_f64();
    println!(
        "random games: {:.0}/s ({} games, {} actions in {:.2} s)",
        st.games as f64 / t,
        st.games,
        st.actions,
        t
    );
    let states = mid_game_states(200, 0, 6, Rules::TSR);
    let start = Instant::now();
    let (plays, runs) = card_playouts(&states, 7, u64::MAX, |i| {
        i.is_multiple_of(64) && start.elapsed().as_secs_f64() >= seconds
    });
    let t = start.elapsed().as_secs_f64();
    println!(
        "card plays from mid-game: {:.0}/s ({plays} plays, {runs} play-outs in {t:.2} s)",
        plays as f64 / t
    );
    let n = 10_000_000u64;
    let start = Instant::now();
    let mut acc = 0u64;
    for i in 0..n {
        let g: GameState = std::hint::black_box(states[(i % 200) as usize]);
        acc = acc.wrapping_add(std::hint::black_box(g).hands()[(i & 3) as usize]);
    }
    std::hint::black_box(acc);
    let t = start.elapsed().as_secs_f64();
    println!(
        "GameState: {} bytes, one copy {:.1} ns",
        std::mem::size_of::<GameState>(),
        t * 1e9 / n as f64
    );
}
