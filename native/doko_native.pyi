"""Type stubs of the extension module ``doko_native`` (the Rust core in ``native/``).

Ints are those of the Python engine: phases, contracts, parties and call levels as in
``doko.engine.vocab``, actions ``seat * 64 + code`` as in ``doko.engine.actions``.
"""

from collections.abc import Iterable, Sequence
from typing import TypedDict, final

__version__: str

# ---------------------------------------------------------------------------------------------
# The deal (native/src/rng.rs) and scoring (native/src/scoring.rs); typed adapters in
# doko.engine.native_scoring.
# ---------------------------------------------------------------------------------------------

class ScoringInputError(ValueError):
    """A game summary that cannot describe a real game (as doko.engine.scoring's)."""

    #: the text key: ``score_input.<key>`` in doko.engine.texts
    key: str
    #: the text's parameters, the same as the Python ScoringInputError's
    params: dict[str, object]

def deal_hands(seed: int, dealer: int = 0, nines: bool = True) -> list[int]:
    """Four hands (bit sets) dealt from ``seed`` exactly as doko.engine.game.deal_hands (a
    bit-exact CPython ``random.Random(seed)``); any int seed, of any size or sign."""

def score(
    contract: str,
    re_eyes: int,
    re_tricks: int | None = None,
    re_calls: int = 0,
    kontra_calls: int = 0,
    re_extras: Iterable[int] = (0, 0, 0),
    kontra_extras: Iterable[int] = (0, 0, 0),
    nines: bool = True,
    re_kontra_double: bool = False,
) -> dict[str, object]:
    """doko.engine.scoring.score of the GameSummary with these fields (extras: doppelkopf, fox,
    charlie, and optionally charlie_caught, fox_last, dulle_caught, charlie_solo, doppelkopf_low) under the house rule ``re_kontra_double``: a dict with ``winner`` ("re", "kontra"
    or None), ``value``, ``re_score``, ``kontra_score``, ``solo`` and ``items`` (a list of
    (party, points, clause, key, params): ``key`` the item's text in doko.engine.texts
    (``score.item.*``), ``params`` its parameters as a tuple of (name, value) pairs, a party by
    its record name and a call level as an int; doko.engine.scoring.line_item makes the texts).
    Raises ScoringInputError where GameSummary would (a value of the wrong type is reported
    before any value out of range). ``None`` for ``re_tricks`` means unknown; for the other
    optional arguments it means the default."""

# ---------------------------------------------------------------------------------------------
# The game engine (native/src/game.rs, claims.rs, batch.rs; py_game.rs); the typed subclass
# NativeGame in doko.engine.native.
# ---------------------------------------------------------------------------------------------

@final
class Rules:
    """The house-rule options a game needs; ``dulle`` is the index into
    ``doko.engine.rules.DULLE_RULES`` (0 first, 1 second, 2 second_except_last)."""

    def __init__(
        self,
        marriage_shift: bool = True,
        re_kontra_double: bool = False,
        dulle: int = 0,
        dulle_moves: bool = False,
        soloist_leads: bool = False,
        nines: bool = True,
        solo_dullen: bool = True,
        charlie_caught: bool = False,
        fox_last_trick: bool = False,
        dulle_caught: bool = False,
        charlie_solo: bool = False,
        doppelkopf_eyes: int = 40,
        pigs: int = 0,
        pigs_solo: int = 0,
        superpigs: bool = False,
        hyperpigs: bool = False,
        solo_kings: bool = False,
        solo_queens_jacks: bool = False,
        solo_kings_queens: bool = False,
        solo_kings_jacks: bool = False,
        solo_koehler: bool = False,
        armut: bool = False,
        armut_fox: int = 0,
        throw_nines: bool = False,
        throw_kings: bool = False,
        throw_trumps: bool = False,
        throw_nines_kings: int = 0,
        throw_dealer: int = 0,
        throw_counts: bool = False,
        genscher: bool = False,
    ) -> None: ...
    @property
    def marriage_shift(self) -> bool: ...
    @property
    def re_kontra_double(self) -> bool: ...
    @property
    def dulle(self) -> int: ...
    @property
    def dulle_moves(self) -> bool: ...
    @property
    def soloist_leads(self) -> bool: ...
    @property
    def nines(self) -> bool: ...
    @property
    def solo_dullen(self) -> bool: ...
    @property
    def charlie_caught(self) -> bool: ...
    @property
    def fox_last_trick(self) -> bool: ...
    @property
    def dulle_caught(self) -> bool: ...
    # Armut and Schmeißen (house rules): armut_fox and throw_dealer are indexes into
    # doko.engine.rules.ARMUT_FOX_RULES and THROW_DEALERS
    @property
    def armut(self) -> bool: ...
    @property
    def armut_fox(self) -> int: ...
    @property
    def throw_nines(self) -> bool: ...
    @property
    def throw_kings(self) -> bool: ...
    @property
    def throw_trumps(self) -> bool: ...
    @property
    def throw_nines_kings(self) -> int: ...
    @property
    def throw_dealer(self) -> int: ...
    @property
    def throw_counts(self) -> bool: ...
    @property
    def charlie_solo(self) -> bool: ...
    @property
    def doppelkopf_eyes(self) -> int: ...
    @property
    def pigs(self) -> int: ...
    @property
    def pigs_solo(self) -> int: ...
    @property
    def superpigs(self) -> bool: ...
    @property
    def hyperpigs(self) -> bool: ...
    @property
    def solo_kings(self) -> bool: ...
    @property
    def solo_queens_jacks(self) -> bool: ...
    @property
    def solo_kings_queens(self) -> bool: ...
    @property
    def solo_kings_jacks(self) -> bool: ...
    @property
    def solo_koehler(self) -> bool: ...
    @property
    def genscher(self) -> bool: ...
    @property
    def hand_size(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Extras(TypedDict):
    doppelkopf: int
    fox: int
    charlie: int
    #: the further Sonderpunkte of the house rules (0 when the game's rules do not play them)
    charlie_caught: int
    fox_last: int
    dulle_caught: int
    #: Karlchen im Solo, a Doppelkopf under 40 Augen (house rules, issue 21)
    charlie_solo: int
    doppelkopf_low: int

class Summary(TypedDict):
    """The fields of ``doko.engine.scoring.GameSummary``."""

    contract: str
    re_eyes: int
    re_tricks: int
    re_calls: int
    kontra_calls: int
    re_extras: Extras
    kontra_extras: Extras
    nines: bool

class Playouts(TypedDict):
    """What :meth:`Game.playouts` sums up."""

    playouts: int
    card_plays: int
    #: sums over the play-outs of Re's Augen and tricks at the end
    re_eyes: int
    re_tricks: int
    #: play-outs in which Re took more than 120 Augen
    re_over_120: int
    #: the time the play-outs took (wall clock)
    seconds: float

class Game:
    """One game (TSR 3 to 6): the state machine of ``doko.engine.game.Game``. ``rules`` is a
    ``doko.engine.rules.Rules`` or a :class:`Rules`; ``Game(other_game)`` copies a game."""

    def __new__(
        cls,
        hands: Iterable[int] | Game,
        dealer: int = 0,
        *,
        owes_pflichtsolo: Iterable[bool] | None = None,
        vorfuehrung: int | None = None,
        rules: object | None = None,
    ) -> Game: ...
    @classmethod
    def deal(
        cls,
        seed: int,
        dealer: int = 0,
        *,
        owes_pflichtsolo: Iterable[bool] | None = None,
        vorfuehrung: int | None = None,
        rules: object | None = None,
    ) -> Game: ...
    def clone(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object) -> Game: ...
    def legal_actions(self, seat: int | None = None) -> list[int]: ...
    def legal_plays(self) -> list[int]: ...
    def apply(self, action: int) -> None: ...
    def verify(self, action: int) -> None: ...
    def can_apply(self, action: int) -> bool: ...
    def call_deadline(self, action: int) -> int: ...
    def cards_in_hand(self, seat: int) -> int: ...
    @property
    def phase(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def contract(self) -> int: ...
    @property
    def soloist(self) -> int: ...
    @property
    def hochzeiter(self) -> int: ...
    @property
    def partner(self) -> int: ...
    @property
    def marriage_solo(self) -> bool: ...
    @property
    def klaerung(self) -> int: ...
    @property
    def pflichtsolo(self) -> bool: ...
    @property
    def vorfuehrung(self) -> int | None: ...
    @property
    def owes_pflichtsolo(self) -> tuple[bool, bool, bool, bool]: ...
    @property
    def is_re(self) -> list[bool]: ...
    @property
    def hands(self) -> list[int]: ...
    @property
    def initial_hands(self) -> tuple[int, int, int, int]: ...
    @property
    def trick(self) -> list[int]: ...
    @property
    def trick_leader(self) -> int: ...
    @property
    def tricks(self) -> list[tuple[int, tuple[int, int, int, int], int]]: ...
    @property
    def eyes(self) -> list[int]: ...
    @property
    def won(self) -> list[int]: ...
    @property
    def level(self) -> list[int]: ...
    @property
    def ontime(self) -> list[bool]: ...
    @property
    def calls(self) -> list[tuple[int, int, int, int]]: ...
    @property
    def ended(self) -> str | None: ...
    @property
    def history(self) -> list[int]: ...
    @property
    def frozen_sizes(self) -> list[int] | None: ...
    @property
    def shift(self) -> int: ...
    @property
    def base_shift(self) -> int: ...
    @property
    def tricks_total(self) -> int: ...
    @property
    def dulle_rule(self) -> int: ...
    @property
    def order_index(self) -> int: ...
    @property
    def base_order(self) -> int: ...
    @property
    def pig_level(self) -> int: ...
    @property
    def pig_seats(self) -> list[int]: ...
    def pigs_in_game(self) -> bool: ...
    def pig_card(self, level: int) -> int: ...
    @property
    def genscher_seat(self) -> int: ...
    @property
    def genscher_partner(self) -> int: ...
    def genscher_possible(self, seat: int) -> bool: ...
    @property
    def answers(self) -> list[bool | None]: ...
    @property
    def naming_queue(self) -> list[int]: ...
    @property
    def naming_stage(self) -> int: ...
    # Armut and Schmeißen (house rules): -1 for none
    @property
    def poor(self) -> int: ...
    @property
    def taker(self) -> int: ...
    @property
    def thrower(self) -> int: ...
    @property
    def armut_given(self) -> list[int]: ...
    @property
    def armut_returned(self) -> list[int]: ...
    @property
    def passed_seats(self) -> list[int]: ...
    @property
    def armut_cards(self) -> int: ...
    def armut_trumps_back(self) -> int | None: ...
    def armut_exchange_span(self) -> tuple[int, int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def is_solo_game(self) -> bool: ...
    @property
    def game_type_settled(self) -> bool: ...
    def withdraw_seat(self) -> int: ...
    @property
    def rules(self) -> object: ...
    @property
    def native_rules(self) -> Rules: ...
    def re_eyes(self) -> int: ...
    def kontra_eyes(self) -> int: ...
    def re_tricks(self) -> int: ...
    def kontra_tricks(self) -> int: ...
    def sonderpunkte(self) -> tuple[Extras, Extras]: ...
    def summary(self) -> Summary: ...
    def playouts(self, n: int, policy: str = "random", seed: int = 0) -> Playouts: ...

class RandomGames(TypedDict):
    """What :func:`random_games` counts."""

    games: int
    actions: int
    card_plays: int
    calls: int
    #: games per contract (``doko.engine.vocab.Contract``; a Hochzeit turned solo: MARRIAGE)
    contracts: list[int]
    marriage_solos: int
    pflichtsoli: int
    conceded: int
    claimed: int
    #: the sum over the games of Re's Augen
    re_eyes: int
    #: the time the games took (wall clock)
    seconds: float

class CardPlays(TypedDict):
    """What :func:`card_plays` counts."""

    card_plays: int
    playouts: int
    #: the time of the play-outs (wall clock), without preparing the states
    seconds: float

def random_games(
    n: int,
    seed: int = 0,
    rules: object | None = None,
    *,
    seconds: float | None = None,
    p_reservation: float = 0.05,
    p_call: float = 0.02,
    p_marriage: float = 0.5,
    p_pass: float = 0.5,
    p_claim: float = 0.5,
    p_concede: float = 0.002,
) -> RandomGames:
    """Up to ``n`` whole random games in Rust with RandomPolicy's probabilities (the workload
    of ``doko bench``), stopping after ``seconds`` if given."""

def card_plays(
    playouts: int | None = None,
    seed: int = 0,
    *,
    seconds: float | None = None,
    states: int = 200,
    tricks: int = 6,
    rules: object | None = None,
) -> CardPlays:
    """Random card play-outs from ``states`` mid-game states (after ``tricks`` tricks) in Rust,
    as ``doko bench`` measures them; ``playouts`` or ``seconds`` (or both) must be given."""

def clone_ns(n: int = 1_000_000) -> float:
    """The mean time in nanoseconds of one copy of a Rust game state."""

def state_size() -> int:
    """The size in bytes of the Rust game state."""

# ---------------------------------------------------------------------------------------------
# the double-dummy solver (native/src/solver.rs, py_solver.rs); the typed adapter is
# doko.solver.native.NativeSolver
# ---------------------------------------------------------------------------------------------

SOLVER_DEFAULT_TABLE_SIZE: int

class Solver:
    """A double-dummy solver for one card order (index into doko.engine.contracts.ORDERS), the
    parties and the Dulle rule; its transposition table is kept between calls. Limits raise
    doko.solver.SearchLimitExceeded(lower, upper); bad input raises ValueError."""

    max_nodes: int | None
    time_limit: float | None
    def __init__(
        self,
        order: int,
        is_re: list[bool] | tuple[bool, ...],
        dulle_rule: int = 0,
        *,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        table_size: int = ...,
    ) -> None: ...
    def future_value(
        self,
        hands: list[int],
        leader: int,
        trick: list[int] = ...,
        guess: int | None = None,
        *,
        keep_budget: bool = False,
    ) -> int: ...
    def at_least(
        self, hands: list[int], leader: int, trick: list[int], target: int, *,
        keep_budget: bool = False,
    ) -> bool: ...
    def start_budget(self) -> None: ...
    def clear(self) -> None: ...
    @property
    def node_count(self) -> int: ...
    @property
    def order(self) -> int: ...
    @property
    def is_re(self) -> tuple[bool, bool, bool, bool]: ...
    @property
    def dulle_rule(self) -> int: ...
    @property
    def table_size(self) -> int: ...


# ---------------------------------------------------------------------------------------------
# Reinforcement learning (native/src/vector.rs, py_vector.rs); used by doko.rl.
# ---------------------------------------------------------------------------------------------

OBS_SIZE: int
INFO_SIZE: int

def encode_observation(
    game: Game, seat: int, out: object, mask: object | None = None, *,
    games_played: int | None = None, games_total: int | None = None,
) -> None: ...
def encode_information_state(
    game: Game, seat: int, out: object, *,
    games_played: int | None = None, games_total: int | None = None,
) -> None: ...
def game_scores(game: Game) -> list[int]: ...

@final
class VectorEnv:
    def __init__(
        self, n: int, seed: int = 0, seat: int = 0, opponent: str = "random",
        rules: object | None = None,
    ) -> None: ...
    def __len__(self) -> int: ...
    def observe(self, obs: object | None, mask: object) -> None: ...
    def step(
        self, actions: object, rewards: object, dones: object, obs: object | None = None,
        mask: object | None = None,
    ) -> int: ...
    def history(self, i: int) -> list[int]: ...
    def initial_hands(self, i: int) -> list[int]: ...
    def dealer(self, i: int) -> int: ...

# ---------------------------------------------------------------------------------------------
# UCT (native/src/uct.rs, py_uct.rs): the search of the uct player (doko.bots.uct_player).
# ---------------------------------------------------------------------------------------------

class UctResult(TypedDict):
    #: the root's actions: 256 ("no call") and the seat's next call, or its legal cards, or
    #: the legal actions before the play (in the Vorbehaltsabfrage the Vorbehalt once per
    #: game it is for)
    actions: list[int]
    #: per action: the naming code a Vorbehalt is for, else None
    plans: list[int | None]
    #: visits per action, summed over the worlds
    visits: list[int]
    #: the seat's mean reward after each action, summed over the worlds
    values: list[float]
    #: rollouts made in all worlds
    rollouts: int

def uct_search(
    worlds: list[Game],
    seat: int,
    *,
    rollouts: int = 1000,
    exploration: float = 40.0,
    eyes_weight: float = 0.002,
    seconds: float | None = None,
    seed: int = 0,
    declined: bool = False,
    expand_all: bool = True,
    single_tree: bool = False,
    all_calls: bool = False,
    solo_question: bool = False,
    calls_out_of_turn: bool = False,
    ask_left: int | None = None,
) -> UctResult:
    """One UCT search per world (every hand known; ``seat`` must be to act in each), at most
    ``rollouts`` rollouts each; with ``seconds`` the worlds share that time (each at least 16
    rollouts). In play the root first asks whether to make the seat's next call (the actions
    256, "no call", and that call) unless ``declined`` at this turn; then its cards.
    ``expand_all``: every state of a rollout becomes a node (the paper's default), else only
    the first new one. ``single_tree``: one tree over all the worlds instead (the paper's
    program's version 1): rollout ``i`` on world ``i % len(worlds)``, ``rollouts`` in all,
    ``seconds`` for the whole search; ``visits`` and ``values`` are the root's. ``all_calls``: the call
    question offers every call the seat may make now (actions lowest first), and a seat that
    called is not asked again at this turn (the program's announcing version 0).
    ``solo_question``: at the Vorbehaltsabfrage one Vorbehalt for a solo (plan 254) with the
    choice of the solo kind as the node below it (the program's "solo?", then "which?"), else
    one Vorbehalt per solo kind. ``calls_out_of_turn``: the calls out of turn of the paper's
    program: after every card the three other seats from the next one after its player, after
    a call the caller again and the three after it (with ``all_calls`` the three after it), at
    the start of the play all four from the one to lead are asked whether to call (those that
    may), then the card comes. ``ask_left`` (only with ``calls_out_of_turn``, not with
    ``declined``): the root is the call question of ``seat``, on turn or not, with ``ask_left``
    (1 to 4) seats of the round from it on still to be asked. Raises ValueError for bad
    arguments or a world where ``seat`` is not to act."""

# -- the search player's native parts (native/src/py_search.rs)

class SearchWorlds:
    """The public setting of one decision of the ``search`` player; each call replays the
    history on one sampled deal (initial hands) and returns None if it is not legal there."""

    def __init__(
        self,
        dealer: int,
        owes_pflichtsolo: Sequence[bool],
        vorfuehrung: int | None,
        rules: object,
        history: Sequence[int],
        seat: int,
    ) -> None: ...
    def evaluate(
        self,
        hands: Sequence[int],
        candidates: Sequence[tuple[int, int]],
        nu: float,
        foresight: float,
        solver_tricks: int,
        seed: int,
        *,
        answer: float = 0.0,
    ) -> list[float] | None: ...
    def set_deal(
        self,
        own: int,
        pool: Sequence[int],
        need: Sequence[int],
        allowed: Sequence[int],
        must_qc: Sequence[int],
        played: Sequence[int],
        must: Sequence[tuple[int, int]] = ...,
    ) -> None: ...
    def sample(self, n: int, seed: int) -> list[list[int]]: ...
    def run(
        self,
        candidates: Sequence[tuple[int, int]],
        first: Sequence[Sequence[int]],
        nu_grid: Sequence[float],
        nu_weights: Sequence[float] | None,
        nu: float,
        foresight: float,
        solver_tricks: int,
        max_worlds: int | None,
        min_worlds: int,
        seconds: float | None,
        seed: int,
        *,
        heuristic: bool = False,
        answer: float = 0.0,
        infer_at: Sequence[int] | None = None,
        infer_nu: float = 0.1,
        infer_temper: float = 1.0,
        infer_ess: float = 0.1,
        infer_pool: int = 100,
    ) -> tuple[list[list[float]], list[float], list[float], float]: ...
    def log_likelihood(
        self, hands: Sequence[int], at: Sequence[int], nu: float
    ) -> float | None: ...
    def observations(
        self, hands: Sequence[int], at: Sequence[int]
    ) -> list[tuple[bool, float]] | None: ...

def rules_card(game: Game) -> int: ...
def genscher_choice(game: Game) -> int: ...
