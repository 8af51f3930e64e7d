"""The words of ``doko play``, German and English. TSR terms (Re, Kontra, Vorbehalt, Hochzeit,
keine 90, Pflichtsolo, Vorführung, ...) stay German in both.

>>> tr("en", "trick_to", n=3, name="Anna", eyes=25)
'Trick 3 → Anna (25 Augen)'
"""

from __future__ import annotations

from doko.engine.actions import SOLO_BASE, code_text
from doko.engine.contracts import SOLO_CONTRACTS
from doko.engine.vocab import Contract

__all__ = ["BOT_NAMES", "HUMAN_NAMES", "call_word", "contract_text", "solo_text", "tr"]

#: names of the computer players by seat (the human's seat takes HUMAN_NAMES[lang])
BOT_NAMES = ("Anna", "Bert", "Clara", "Dirk")
HUMAN_NAMES = {"de": "Du", "en": "You"}

_T: dict[str, dict[str, str]] = {
    "de": {
        "title": "Doppelkopf",
        "game": "Spiel",
        "game_n": "Spiel {n}",
        "game_n_of": "Spiel {n}/{total}",
        "dealer": "Geber {name}",
        "rules": "Regeln {name}",
        "bock": "Bock ×{m}",
        "query": "Vorbehaltsabfrage",
        "forced": "Vorführung: {name}",
        "naming": "Vorbehalt wird getauft",
        "trick_n": "Stich {n}",
        "trick_of": "Stich {n} von {total}",
        "lead": "Aufspiel {name}",
        "to_move": "am Zug: {name}",
        "trick_to": "Stich {n} → {name} ({eyes} Augen)",
        "cards": "{n} Karten",
        "card1": "1 Karte",
        "healthy": "gesund",
        "reservation": "Vorbehalt",
        "parties": "Parteien",
        "unknown": "?",
        "calls_made": "Ansagen",
        "calls_none": "noch keine",
        "calls_possible": "Du kannst ansagen",
        "call_until": "{call} (solange du mindestens {need} Karten hast)",
        "call_until_reply": "{call} als Erwiderung (solange du mindestens {need} Karten hast)",
        "call_short": "{call} ({need})",
        "calls_after_klaerung": "Ansagen erst nach dem Klärungsstich (TSR 6.4.2)",
        "calls_over": "Du kannst nichts mehr ansagen.",
        "calls_next": "keine 90 möglich, solange du mindestens {need} Karten hast",
        "soloist_may": "Als Solospieler: aufgeben, abkürzen (wenn alle Stiche sicher sind)",
        "hand": "Deine Karten",
        "trump": "Trumpf",
        "trump_normal": "Trumpf (Normalspiel)",
        "no_trump": "kein Trumpf",
        "owes": "Du schuldest noch dein Pflichtsolo: ein Vorbehalt kann nur ein Pflichtsolo sein "
        "(TSR 4.3.1).",
        "silent_you": "Du hast beide Kreuz-Damen: gesund heißt stille Hochzeit (du allein gegen "
        "drei, TSR 4.4.5).",
        "prompt_query": "Vorbehaltsabfrage – gesund oder vorbehalt?",
        "prompt_naming": "Welcher Vorbehalt? {options}",
        "prompt_pflicht": "Mehrere Vorbehalte: Pflichtsolo? {options}",
        "prompt_lust": "Mehrere Vorbehalte: Lustsolo? {options}",
        "prompt_forced": "Vorführung – welches Pflichtsolo? {options}",
        "prompt_card": "Deine Karte (Nummer oder Code; ? = Hilfe)",
        "prompt_call": "Ansage? (Enter = weiter)",
        "prompt_call_conceded": "Der Solospieler hat aufgegeben; Kontra darf noch ansagen "
        "(TSR 5.4.7). Ansage? (Enter = weiter)",
        "prompt_continue": "Enter = weiter",
        "prompt_next_game": "Enter = nächstes Spiel, ende = Runde unterbrechen",
        "prompt_quit_round": "Runde unterbrechen? Sie ist in {file} gespeichert; das laufende "
        "Spiel zählt nicht. (j/n)",
        "prompt_concede": "Wirklich aufgeben? Alle restlichen Stiche gehen an Kontra "
        "(TSR 5.4.6). (j/n)",
        "ev_answer": "{name}: {answer}",
        "ev_solo": "{name}: {solo}",
        "ev_marriage": "{name}: Hochzeit",
        "ev_pass": "{name}: passe",
        "ev_call": "{name}: {call}!",
        "ev_call_implied": "{name}: {call}! (damit auch {implied})",
        "ev_concede": "{name} gibt auf.",
        "ev_concede_you": "Du gibst auf.",
        "ev_claim": "{name} kürzt ab: alle restlichen Stiche an {name}.",
        "ev_claim_you": "Du kürzt ab: alle restlichen Stiche an dich.",
        "ev_play": "{name}: {card}",
        "ev_game": "Gespielt wird: {kind}.",
        "ev_leads": "{name} spielt aus.",
        "ev_leads_you": "Du spielst aus.",
        "ev_partner": "Klärungsstich: {name} spielt mit {hochzeiter}.",
        "ev_partner_you": "Klärungsstich: du spielst mit {hochzeiter}.",
        "ev_partner_of_you": "Klärungsstich: {name} ist dein Partner.",
        "ev_marriage_solo": "{name} hat die ersten drei Stiche: Karo-Solo (TSR 4.4.3).",
        "ev_silent": "Stille Hochzeit: {name} spielt allein.",
        "ev_pending": "Dein Vorbehalt wird getauft: {solo}",
        "ev_deal": "Geber: {dealer}. Zuerst gefragt: {first}.",
        "ev_vorf": "Vorführung: {name} muss das Pflichtsolo spielen (TSR 4.2.3).",
        "ev_vorf_you": "Vorführung: du musst dein Pflichtsolo spielen (TSR 4.2.3).",
        "last_none": "Es gibt noch keinen Stich.",
        "last_trick": "Voriger Stich ({n}): {cards} → {name} ({eyes} Augen)",
        "err_unknown": "Unbekannte Eingabe „{word}“. ? zeigt, was du eingeben kannst.",
        "err_position": "Du hast {n} Karten: gib eine Nummer von 1 bis {n} ein.",
        "err_position1": "Du hast nur noch eine Karte: 1.",
        "err_not_in_hand": "Du hast {card} nicht auf der Hand.",
        "err_empty_play": "Du bist am Zug: spiel eine Karte (Nummer oder Code), ? = Hilfe.",
        "err_query_first": "Erst „vorbehalt“ sagen – das Solo taufst du, wenn du gefragt wirst. "
        "(Gemerkt: {solo})",
        "err_mixed": "Befehle wie „{word}“ bitte allein eingeben.",
        "err_no_sheet": "Eine Spielliste gibt es nur in einer Runde (--round).",
        "err_not_now": "Jetzt nicht: {reason}",
        "end_title": "Spielende",
        "end_how_played": "Alle Stiche gespielt.",
        "end_how_conceded": "{name} hat aufgegeben (TSR 5.4.6).",
        "end_how_claimed": "{name} hat abgekürzt (TSR 5.4.4).",
        "end_how_conceded_you": "Du hast aufgegeben (TSR 5.4.6).",
        "end_how_claimed_you": "Du hast abgekürzt (TSR 5.4.4).",
        "end_party": "{party} ({names}): {eyes} Augen, {tricks} Stiche",
        "end_points": "Punkte",
        "sheet_title": "Spielliste",
        "sheet_nr": "Nr",
        "sheet_dealer": "Geber",
        "sheet_kind": "Spiel",
        "sheet_sum": "Summe",
        "sheet_more": "… {n} frühere Spiele (liste zeigt alle)",
        "pflicht": "Pflichtsolo",
        "lust": "Lustsolo",
        "vorf": "Vorführung",
        "marriage_solo": "Hochzeit → Karo-Solo",
        "round_saved": "Die Runde ist in {file} gespeichert. Weiter mit: doko play --resume {file}",
        "round_over": "Die Runde ist beendet.",
        "round_start": "Neue Runde mit {games}: {file}",
        "round_resume": "Runde {file} wird fortgesetzt: {n} Spiele gespielt.",
        "round_games": "{n} Spielen",
        "round_open": "offener Liste",
        "place": "{rank}. {name} {total}",
        "ranking": "Endstand",
        "quit_game": "Spiel abgebrochen.",
        "seed": "Nochmal dasselbe Spiel: doko play --seed {seed}",
        "saved_game": "Spielbericht gespeichert: {file}",
        "thinking": "{name} überlegt …",
        "help_title": "Eingaben (Groß/Klein egal, Deutsch oder Englisch)",
        "help": """\
  3  QC  ♣D  kreuz dame  10H   Karte spielen: Nummer, Code oder Name
  re  kontra                  Ansage (Re: die Partei mit ♣D)
  keine 90 (k90)  keine 60  keine 30  schwarz      Absagen
  re 3   3 re                 ansagen und Karte 3 spielen (oder umgekehrt)
  gesund  vorbehalt           Vorbehaltsabfrage
  damen buben fleischlos karo herz pik kreuz       ein Solo taufen
  hochzeit  passe             Hochzeit (beide ♣D) / passen (mehrere Vorbehalte)
  aufgeben  abkürzen          nur als Solospieler (TSR 5.4)
  last (letzter)              den vorigen Stich zeigen (TSR 5.3.5)
  liste                       die Spielliste (in einer Runde)
  quit (ende)                 beenden; eine Runde bleibt gespeichert

Ansagen machst du an deinen eigenen Eingaben. Deine Fristen hängen nur davon ab, \
wie viele Karten du hast, und die ändern sich nur, wenn du spielst: du verpasst \
also keine. Mit --ask-calls fragt das Programm zusätzlich vor jeder Karte der \
anderen.""",

    },
    "en": {
        "title": "Doppelkopf",
        "game": "Game",
        "game_n": "Game {n}",
        "game_n_of": "Game {n}/{total}",
        "dealer": "dealer {name}",
        "rules": "rules {name}",
        "bock": "Bock ×{m}",
        "query": "Vorbehaltsabfrage (reservations)",
        "forced": "Vorführung: {name}",
        "naming": "naming the Vorbehalt",
        "trick_n": "Trick {n}",
        "trick_of": "Trick {n} of {total}",
        "lead": "lead {name}",
        "to_move": "to move: {name}",
        "trick_to": "Trick {n} → {name} ({eyes} Augen)",
        "cards": "{n} cards",
        "card1": "1 card",
        "healthy": "healthy",
        "reservation": "Vorbehalt",
        "parties": "Parties",
        "unknown": "?",
        "calls_made": "Calls",
        "calls_none": "none yet",
        "calls_possible": "You may call",
        "call_until": "{call} (until you hold fewer than {need} cards)",
        "call_until_reply": "{call} as a reply (until you hold fewer than {need} cards)",
        "call_short": "{call} ({need})",
        "calls_after_klaerung": "Calls only after the Klärungsstich (TSR 6.4.2)",
        "calls_over": "You can make no more calls.",
        "calls_next": "keine 90 possible until you hold fewer than {need} cards",
        "soloist_may": "As soloist: concede, claim (when every trick is certain)",
        "hand": "Your cards",
        "trump": "Trump",
        "trump_normal": "Trump (Normalspiel)",
        "no_trump": "no trumps",
        "owes": "You still owe your Pflichtsolo: a Vorbehalt can only be your Pflichtsolo "
        "(TSR 4.3.1).",
        "silent_you": "You hold both ♣Q: healthy means a stille Hochzeit (you alone against "
        "three, TSR 4.4.5).",
        "prompt_query": "Vorbehaltsabfrage – healthy or reservation?",
        "prompt_naming": "Which Vorbehalt? {options}",
        "prompt_pflicht": "Several Vorbehalte: Pflichtsolo? {options}",
        "prompt_lust": "Several Vorbehalte: Lustsolo? {options}",
        "prompt_forced": "Vorführung – which Pflichtsolo? {options}",
        "prompt_card": "Your card (number or code; ? = help)",
        "prompt_call": "Call? (Enter = go on)",
        "prompt_call_conceded": "The soloist conceded; Kontra may still call (TSR 5.4.7). "
        "Call? (Enter = go on)",
        "prompt_continue": "Enter = go on",
        "prompt_next_game": "Enter = next game, quit = pause the round",
        "prompt_quit_round": "Pause the round? It is saved in {file}; the game in progress does "
        "not count. (y/n)",
        "prompt_concede": "Really concede? Every remaining trick goes to Kontra (TSR 5.4.6). "
        "(y/n)",
        "ev_answer": "{name}: {answer}",
        "ev_solo": "{name}: {solo}",
        "ev_marriage": "{name}: Hochzeit",
        "ev_pass": "{name}: pass",
        "ev_call": "{name}: {call}!",
        "ev_call_implied": "{name}: {call}! (so also {implied})",
        "ev_concede": "{name} concedes.",
        "ev_concede_you": "You concede.",
        "ev_claim": "{name} claims every remaining trick.",
        "ev_claim_you": "You claim every remaining trick.",
        "ev_play": "{name}: {card}",
        "ev_game": "The game: {kind}.",
        "ev_leads": "{name} leads.",
        "ev_leads_you": "You lead.",
        "ev_partner": "Klärungsstich: {name} plays with {hochzeiter}.",
        "ev_partner_you": "Klärungsstich: you play with {hochzeiter}.",
        "ev_partner_of_you": "Klärungsstich: {name} is your partner.",
        "ev_marriage_solo": "{name} took the first three tricks: Karo-Solo (TSR 4.4.3).",
        "ev_silent": "Stille Hochzeit: {name} plays alone.",
        "ev_pending": "Your Vorbehalt is named: {solo}",
        "ev_deal": "Dealer: {dealer}. Asked first: {first}.",
        "ev_vorf": "Vorführung: {name} must play the Pflichtsolo (TSR 4.2.3).",
        "ev_vorf_you": "Vorführung: you must play your Pflichtsolo (TSR 4.2.3).",
        "last_none": "No trick has been played yet.",
        "last_trick": "Previous trick ({n}): {cards} → {name} ({eyes} Augen)",
        "err_unknown": "Unknown input “{word}”. ? shows what you can type.",
        "err_position": "You hold {n} cards: type a number from 1 to {n}.",
        "err_position1": "You hold only one card: 1.",
        "err_not_in_hand": "You do not hold {card}.",
        "err_empty_play": "Your turn: play a card (number or code), ? = help.",
        "err_query_first": "Say “reservation” first – you name the solo when you are asked. "
        "(Noted: {solo})",
        "err_mixed": "Please type commands such as “{word}” on their own.",
        "err_no_sheet": "There is a score sheet only in a round (--round).",
        "err_not_now": "Not now: {reason}",
        "end_title": "End of the game",
        "end_how_played": "All tricks played.",
        "end_how_conceded": "{name} conceded (TSR 5.4.6).",
        "end_how_claimed": "{name} claimed the rest (TSR 5.4.4).",
        "end_how_conceded_you": "You conceded (TSR 5.4.6).",
        "end_how_claimed_you": "You claimed the rest (TSR 5.4.4).",
        "end_party": "{party} ({names}): {eyes} Augen, {tricks} tricks",
        "end_points": "Points",
        "sheet_title": "Score sheet (Spielliste)",
        "sheet_nr": "No",
        "sheet_dealer": "Dealer",
        "sheet_kind": "Game",
        "sheet_sum": "Total",
        "sheet_more": "… {n} earlier games (sheet shows all)",
        "pflicht": "Pflichtsolo",
        "lust": "Lustsolo",
        "vorf": "Vorführung",
        "marriage_solo": "Hochzeit → Karo-Solo",
        "round_saved": "The round is saved in {file}. Resume with: doko play --resume {file}",
        "round_over": "The round is over.",
        "round_start": "New round of {games}: {file}",
        "round_resume": "Resuming round {file}: {n} games played.",
        "round_games": "{n} games",
        "round_open": "open-ended list",
        "place": "{rank}. {name} {total}",
        "ranking": "Final standing",
        "quit_game": "Game abandoned.",
        "seed": "The same game again: doko play --seed {seed}",
        "saved_game": "Game record saved: {file}",
        "thinking": "{name} is thinking …",
        "help_title": "Input (any case, German or English)",
        "help": """\
  3  QC  ♣Q  queen clubs  10H  play a card: number, code or name
  re  kontra                  first Ansage (Re: the ♣Q party)
  keine 90 (k90, no90)  keine 60  keine 30  schwarz (black)     Absagen
  re 3   3 re                 call and play card 3 (or the other way round)
  healthy  reservation        Vorbehaltsabfrage (gesund / vorbehalt)
  queens jacks meatless diamonds hearts spades clubs   name a solo
  marriage  pass              Hochzeit (both ♣Q) / pass (several Vorbehalte)
  concede  claim              soloist only (TSR 5.4)
  last                        show the previous trick (TSR 5.3.5)
  sheet                       the score sheet (in a round)
  quit                        stop; a round stays saved

You call at your own prompts. Your deadlines depend only on how many cards you \
hold, which changes only when you play: you never miss one. With --ask-calls the \
program also asks before every card of the others.""",

    },
}


def tr(lang: str, key: str, **params: object) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in."""
    table = _T["en" if lang == "en" else "de"]
    return table[key].format(**params)


def call_word(code: int) -> str:
    """``Re``, ``Kontra``, ``keine 90`` ... for a call code."""
    return code_text(code)


def solo_text(code: int, lang: str) -> str:
    """The name of the solo with naming code ``code`` (e.g. ``Damensolo``)."""
    return SOLO_CONTRACTS[code - SOLO_BASE].label(lang)


def contract_text(name: str, lang: str) -> str:
    """The label of a contract name such as ``solo_queens``."""
    return Contract.from_record_name(name).label(lang)
