"""Every user-facing text of doko, German and English, in one catalogue.

Each entry is ``key -> (German, English)``; :func:`text` looks one up and fills in its
``{params}``. German is the default language. TSR terms (Re, Kontra, Vorbehalt, Hochzeit,
keine 90, Pflichtsolo, Vorführung, Augen, ...) stay German in both languages. Seats in texts are
numbered 1 to 4.

>>> text("tui.trick_to", n=3, name="Anna", eyes=25)
'Stich 3 → Anna (25 Augen)'
>>> text("tui.trick_to", "en", n=3, name="Anna", eyes=25)
'Trick 3 → Anna (25 Augen)'
>>> text("no.such.key")
Traceback (most recent call last):
...
KeyError: "unknown text key 'no.such.key'"

Keys are grouped by a prefix: ``card.`` (suit and rank names, card errors), ``contract.`` and
``action.`` (game kinds and actions in words), ``claims.`` (a refuted claim's line),
``error.`` (engine rule violations), ``record.`` (bad game records and action entries, JSON
syntax errors in words), ``rules.`` (bad rule sets), ``files.`` (files that cannot be read),
``score_input.`` (bad game summaries), ``score.`` (the scoring table; ``score.item.`` its line
items), ``row.`` (the kinds of rows of the Spielliste), ``round.`` (the round's refusals and
sheet checks), ``sheet.`` (the Spielliste and status lines), ``tui.`` (the terminal),
``server.`` (the web table's refusals), ``callhint.`` (what a seat may call and what waiting
costs, :mod:`doko.engine.callhints`) and ``cli.<command>.`` (the command-line tools).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["LANGS", "TEXTS", "lang_of", "text", "texts_of"]

#: The languages of the catalogue, in the order of the pairs.
LANGS = ("de", "en")

TEXTS: dict[str, tuple[str, str]] = {
    # the web table's refusals (doko.server.errors.TableError)
    "server.unknown_type": (
        'unbekannter Nachrichtentyp {detail!r}',
        'unknown message type {detail!r}',
    ),
    "server.hello_first": (
        "zuerst 'hello' senden",
        "send 'hello' first",
    ),
    "server.bad_token": (
        'der Schlüssel dieses Links gehört zu keinem Platz dieses Tisches',
        "this link's key belongs to no seat of this table",
    ),
    "server.token_required": (
        'nur ein Platz darf spielen, mit dem Schlüssel aus seinem Einladungslink',
        'only a seat may act, with its key from the invitation link',
    ),
    "server.not_your_seat": (
        'dein Schlüssel gehört zu Platz {detail}, nicht zu einem anderen Platz',
        'your key belongs to seat {detail}, not to another seat',
    ),
    "server.bad_field": (
        '{detail}',
        '{detail}',
    ),
    "server.closed": (
        'dieser Tisch wurde geschlossen',
        'this table has been closed',
    ),
    "server.expired": (
        'dieser Tisch ist abgelaufen: lange hat niemand an ihm gespielt',
        'this table has expired: nobody played at it for a long time',
    ),
    "server.busy": (
        'der Server hat gerade keinen Platz für einen weiteren Tisch; bitte später',
        'the server has no room for another table now; try again later',
    ),
    "server.too_many_connections": (
        'zu viele Verbindungen von deiner Adresse',
        'too many connections from your address',
    ),
    "server.rate_limited": (
        'zu viele Anfragen; bitte in {detail} s noch einmal',
        'too many requests; try again in {detail} s',
    ),
    "server.bad_action": (
        'keine gültige Aktion: {detail}',
        'not a valid action: {detail}',
    ),
    "server.no_game": (
        'es läuft kein Spiel',
        'no game is running',
    ),
    "server.bot_seat": (
        'diesen Platz spielt ein Computer',
        'a computer player plays this seat',
    ),
    "server.not_pending": (
        'in diesem Spiel gibt es für dich nichts mehr zu entscheiden',
        'there is nothing left for you to decide in this game',
    ),
    "server.not_between": (
        'das nächste Spiel kann erst nach diesem beginnen',
        'the next game can only start after this one',
    ),
    "server.start_needs_bots": (
        'Plätze sind noch frei und kein Computer darf sie übernehmen (Tischoption)',
        'seats are still empty and no computer may take them (table option)',
    ),
    "server.not_waiting": (
        'der Tisch hat schon begonnen',
        'the table has started already',
    ),
    "server.round_running": (
        'die Runde ist noch nicht zu Ende',
        'the round is not over yet',
    ),
    "server.bad_name": (
        'ein Name hat 1 bis 40 Zeichen',
        'a name has 1 to 40 characters',
    ),
    "server.server": (
        'der Server konnte die Aktion nicht speichern; nichts wurde geändert',
        'the server could not store the action; nothing was changed',
    ),
    "server.no_table": (
        'es gibt keinen Tisch {detail!r}, oder sein Link hat keinen Schlüssel dafür',
        'there is no table {detail!r}, or its link has no key for it',
    ),
    # the web table's chat (issue 17, web): refusals (doko.server.table.Table.chat)
    "server.chat_spectator": (
        'Zuschauer können nicht chatten; nur die Plätze des Tisches',
        'spectators cannot chat; only the seats of the table can',
    ),
    "server.chat_off": (
        'an diesem Tisch ist der Chat ausgeschaltet',
        'the chat is turned off at this table',
    ),
    "server.chat_too_fast": (
        'zu viele Chat-Nachrichten; bitte in {detail} s noch einmal',
        'too many chat messages; try again in {detail} s',
    ),
    # the browser client's own words (static/app.js gets every web.* key from /texts.js, without
    # the prefix): the table's look and feel (issue 17, web) -- chat, settings, animations and
    # sounds, card faces, keyboard, screen readers, invitations and the Pflichtsolo explanation
    "web.chat.title": ("Chat", "Chat"),
    "web.chat.placeholder": ("Nachricht an den Tisch …", "Message to the table …"),
    "web.chat.send": ("Senden", "Send"),
    "web.chat.mute": ("{name} stummschalten", "Mute {name}"),
    "web.chat.unmute": ("{name} wieder zeigen", "Unmute {name}"),
    "web.chat.muted": ("stumm", "muted"),
    "web.chat.read_only": (
        "Zuschauer lesen den Chat nur mit.",
        "Spectators only read the chat.",
    ),
    "web.chat.empty": ("Noch keine Nachrichten.", "No messages yet."),
    "web.chat.label": ("Chat-Verlauf", "Chat messages"),
    "web.chat.you": ("du", "you"),
    "web.chat.mode": ("Chat", "Chat"),
    "web.chat.mode_players": ("nur die Spieler", "players only"),
    "web.chat.mode_all": ("Spieler und Zuschauer", "players and spectators"),
    "web.chat.mode_off": ("aus", "off"),
    "web.chat.stored": (
        "Der Chat wird nicht gespeichert: der Server behält nur die letzten 30 Nachrichten im "
        "Speicher, solange der Tisch offen ist.",
        "The chat is not stored: the server keeps only the last 30 messages in memory while the "
        "table is open.",
    ),
    "web.react.thumbs": ("👍 Gut gespielt", "👍 Well played"),
    "web.react.laugh": ("😄 Haha", "😄 Haha"),
    "web.react.wow": ("😮 Wow", "😮 Wow"),
    "web.react.sorry": ("🙈 Sorry", "🙈 Sorry"),
    "web.react.thanks": ("🙏 Danke", "🙏 Thanks"),
    "web.react.hurry": ("⏳ Weiter geht's", "⏳ Let's go on"),
    "web.settings.title": ("Einstellungen", "Settings"),
    "web.settings.button": ("Einstellungen", "Settings"),
    "web.settings.motion": ("Bewegung", "Motion"),
    "web.settings.motion_auto": (
        "wie das System (weniger Bewegung, falls eingestellt)",
        "as the system says (reduced motion if set)",
    ),
    "web.settings.motion_on": ("Animationen an", "animations on"),
    "web.settings.motion_off": ("keine Animationen", "no animations"),
    "web.settings.sound": ("Töne (im Browser erzeugt)", "Sounds (made in the browser)"),
    "web.settings.suits": ("Kartenbild", "Card faces"),
    "web.settings.french": ("Französisch (wie der DDV spielt)", "French (as the DDV plays)"),
    "web.settings.german": (
        "Deutsch (Eichel, Grün, Herz, Schellen)",
        "German (acorns, leaves, hearts, bells)",
    ),
    "web.settings.keys": ("Tastatur", "Keyboard"),
    "web.settings.keys_help": (
        "←/→ wählen eine Karte, 1–9 und 0 springen zur 1. bis 10. Karte, Enter oder Leertaste "
        "spielt sie; Tab erreicht die Knöpfe (gesund, Ansagen, Weiter); C öffnet den Chat, "
        "L den letzten Stich, Esc schließt einen Dialog.",
        "←/→ choose a card, 1–9 and 0 jump to the 1st to 10th card, Enter or Space plays it; "
        "Tab reaches the buttons (healthy, calls, next); C opens the chat, L the last trick, Esc "
        "closes a dialog.",
    ),
    "web.keys.hint": (
        "Tastatur: ←/→ Karte wählen, Enter spielen (mehr unter Einstellungen)",
        "Keyboard: ←/→ choose a card, Enter plays it (more in the settings)",
    ),
    "web.keys.not_legal": (
        "{card} darf jetzt nicht gespielt werden",
        "{card} cannot be played now",
    ),
    "web.sr.hand": ("Deine Karten", "Your cards"),
    "web.sr.trick": ("Der Stich in der Mitte", "The trick in the middle"),
    "web.sr.plays": ("{name} spielt {card}", "{name} plays {card}"),
    "web.sr.you_play": ("Du spielst {card}", "You play {card}"),
    "web.sr.trick_to": ("Stich an {name} ({eyes} Augen)", "Trick to {name} ({eyes} Augen)"),
    "web.sr.legal": ("{card}, spielbar", "{card}, playable"),
    "web.sr.dealt": ("Spiel {n}: neue Karten", "Game {n}: new cards"),
    "web.gsuit.c": ("Eichel", "acorns"),
    "web.gsuit.s": ("Grün", "leaves"),
    "web.gsuit.h": ("Herz", "hearts"),
    "web.gsuit.d": ("Schellen", "bells"),
    "web.grank.j": ("Unter", "Unter"),
    "web.grank.q": ("Ober", "Ober"),
    "web.grank.k": ("König", "King"),
    "web.grank.a": ("Daus", "Daus"),
    "web.grank.t": ("Zehn", "ten"),
    "web.grank.n9": ("Neun", "nine"),
    "web.gcard.name": ("{suit}-{rank}", "{rank} of {suit}"),
    "web.gcard.index_j": ("U", "U"),
    "web.gcard.index_q": ("O", "O"),
    "web.gcard.index_a": ("A", "A"),
    "web.invite.waiting_title": ("Mitspieler einladen", "Invite the other players"),
    "web.invite.waiting_help": (
        "Schicke jedem eingeladenen Platz seinen Link; nur du siehst sie. Wer ihn öffnet, "
        "spielt auf diesem Platz.",
        "Send each invited seat its link; only you see them. Whoever opens one plays that "
        "seat.",
    ),
    "web.invite.copy_seat": ("Link für Platz {n} kopieren", "Copy the link of seat {n}"),
    "web.invite.joined": ("ist da", "is here"),
    "web.pflicht.checkbox": ("Pflichtsoli (TSR 4.2)", "Pflichtsoli (TSR 4.2)"),
    "web.pflicht.none_open": (
        "Offene Runde ohne Pflichtsoli: jedes Solo ist ein Lustsolo, niemand wird vorgeführt.",
        "Open-ended round without Pflichtsoli: every solo is a Lustsolo, nobody is vorgeführt.",
    ),
    "web.pflicht.none": (
        "Ohne Pflichtsoli: jedes Solo ist ein Lustsolo, niemand wird vorgeführt.",
        "Without Pflichtsoli: every solo is a Lustsolo, nobody is vorgeführt.",
    ),
    "web.pflicht.one_game": (
        "Eine Runde von einem Spiel hat keine Pflichtsoli: ein Solo ist ein Lustsolo.",
        "A round of one game has no Pflichtsoli: a solo is a Lustsolo.",
    ),
    "web.pflicht.too_short": (
        "Eine Runde von {games} Spielen ist zu kurz für vier Pflichtsoli: sie wird ohne "
        "Pflichtsoli gespielt, jedes Solo ist ein Lustsolo.",
        "A round of {games} games is too short for four Pflichtsoli: it is played without "
        "Pflichtsoli, every solo is a Lustsolo.",
    ),
    "web.pflicht.open": (
        "Offene Runde mit Pflichtsoli: das erste Solo jedes Mitspielenden ist das Pflichtsolo; "
        "ohne festes Ende wird niemand vorgeführt.",
        "Open-ended round with Pflichtsoli: each player's first solo is the Pflichtsolo; "
        "without a fixed end nobody is vorgeführt.",
    ),
    "web.pflicht.normal": (
        "Alle müssen ein Pflichtsolo spielen (TSR 4.2.3). Sind so viele Pflichtsoli offen, wie "
        "Spiele bleiben, wird vorgeführt: wer noch eins schuldet, muss es spielen – frühestens "
        "ab Spiel {start} von {games}.",
        "Everyone must play a Pflichtsolo (TSR 4.2.3). When as many Pflichtsoli are owed as "
        "games remain, the Vorführung begins: whoever still owes one must play it – at the "
        "earliest from game {start} of {games}.",
    ),
    "web.pflicht.short": (
        "Achtung, kurze Runde: von {games} Spielen bleiben nur {free} frei, die anderen vier "
        "gehören den Pflichtsoli (TSR 4.2.3). Wer bis dahin kein Solo gespielt hat, wird ab "
        "Spiel {start} vorgeführt und muss dann das Pflichtsolo spielen.",
        "Note, a short round: of {games} games only {free} are free, the other four belong to "
        "the Pflichtsoli (TSR 4.2.3). Whoever has not played a solo by then is vorgeführt from "
        "game {start} on and must play the Pflichtsolo.",
    ),
    "web.pflicht.all": (
        "Achtung: bei {games} Spielen mit Pflichtsoli ist jedes Spiel eine Vorführung – alle "
        "müssen ihr Pflichtsolo spielen, Normalspiele gibt es keine (TSR 4.2.3). Ohne "
        "Pflichtsoli sind es vier Normalspiele.",
        "Note: with {games} games and Pflichtsoli every game is a Vorführung – everyone must "
        "play the Pflichtsolo, there are no Normalspiele (TSR 4.2.3). Without Pflichtsoli they "
        "are four Normalspiele.",
    ),
    "web.status.vorf_you": (
        "Vorführung: du musst jetzt dein Pflichtsolo wählen (TSR 4.2.3)",
        "Vorführung: you must choose your Pflichtsolo now (TSR 4.2.3)",
    ),
    "web.status.vorf_of": (
        "Vorführung: {name} muss jetzt das Pflichtsolo wählen (TSR 4.2.3)",
        "Vorführung: {name} must choose the Pflichtsolo now (TSR 4.2.3)",
    ),
    # the browser client's older words, moved here from static/app.js (its t(key, ...) fills
    # {p0}, {p1} ... in order)
    "web.ui.sheet": ("Spielliste", "Score sheet"),
    "web.ui.archive": ("Spiele", "Games"),
    "web.ui.invite": ("Einladen", "Invite"),
    "web.ui.leave": ("Aufstehen", "Leave"),
    "web.ui.create_title": ("Neuer Tisch", "New table"),
    "web.ui.your_name": ("Dein Name", "Your name"),
    "web.ui.table_name": ("Tischname", "Table name"),
    "web.ui.rules": ("Regeln", "Rules"),
    "web.ui.rules_tsr": ("Turnierregeln (TSR)", "Tournament rules (TSR)"),
    "web.ui.rules_house": ("Hausregeln", "House rules"),
    "web.ui.length": ("Rundenlänge", "Round length"),
    "web.ui.len_24": ("24 Spiele (TSR)", "24 games (TSR)"),
    "web.ui.len_open": ("offen", "open-ended"),
    "web.ui.seats": ("Plätze", "Seats"),
    "web.ui.tempo": ("Computer-Tempo", "Computer speed"),
    "web.ui.tempo_fast": ("schnell", "fast"),
    "web.ui.tempo_normal": ("normal", "normal"),
    "web.ui.tempo_slow": ("gemächlich", "slow"),
    "web.ui.takeover_level": ("Ersatzspieler", "Stand-in player"),
    "web.ui.takeover": (
        "Computer übernimmt verlassene Plätze",
        "A computer takes over seats that are left",
    ),
    "web.ui.public": (
        "Öffentlich (in der Liste offener Tische)",
        "Public (in the list of open tables)",
    ),
    "web.ui.create": ("Tisch eröffnen", "Open the table"),
    "web.ui.open_tables": ("Offene Tische", "Open tables"),
    "web.ui.join_code": ("Tisch mit Code ansehen", "Watch a table by code"),
    "web.ui.go": ("Los", "Go"),
    "web.ui.me": ("ich", "me"),
    "web.ui.human": ("Mensch (Einladung)", "Human (invitation)"),
    "web.ui.open_seat": ("Freier Platz (öffentlich)", "Open seat (public)"),
    "web.ui.computer": ("Computer: {p0}", "Computer: {p0}"),
    "web.ui.seat_n": ("Platz {p0}", "Seat {p0}"),
    "web.ui.practice": ("Übungstisch, Seed {p0}", "practice table, seed {p0}"),
    "web.ui.no_open": ("Gerade keine offenen Tische.", "No open tables right now."),
    "web.ui.join": ("Beitreten", "Join"),
    "web.ui.watch": ("Zuschauen", "Watch"),
    "web.ui.free": ("frei: {p0}", "free: {p0}"),
    "web.ui.games_n": ("{p0} Spiele", "{p0} games"),
    "web.ui.open_round": ("offene Runde", "open-ended round"),
    "web.ui.dealer": ("Geber", "Dealer"),
    "web.ui.cards_n": ("{p0} Karten", "{p0} cards"),
    "web.ui.cards_1": ("1 Karte", "1 card"),
    "web.ui.bot": ("Computer", "Computer"),
    "web.ui.bot_plays": ("Computer spielt", "computer plays"),
    "web.ui.waiting_seat": ("wartet", "waiting"),
    "web.ui.offline": ("getrennt", "offline"),
    "web.ui.thinking": ("denkt … {p0} s", "thinking … {p0} s"),
    "web.ui.your_turn": ("Du bist am Zug", "Your turn"),
    "web.ui.turn_of": ("{p0} ist am Zug", "{p0} to play"),
    "web.ui.query_you": (
        "Vorbehaltsabfrage: gesund oder Vorbehalt?",
        "Reservations: healthy or Vorbehalt?",
    ),
    "web.ui.query_of": ("Vorbehaltsabfrage: {p0} antwortet", "Reservations: {p0} answers"),
    "web.ui.naming_you": ("Taufe deinen Vorbehalt", "Name your Vorbehalt"),
    "web.ui.naming_of": ("{p0} tauft den Vorbehalt", "{p0} names the Vorbehalt"),
    "web.ui.waiting_players": ("Warte auf Mitspieler: {p0}", "Waiting for players: {p0}"),
    "web.ui.start_bots": ("Mit Computern beginnen", "Start with computers"),
    "web.ui.game_n": ("Spiel {p0}", "Game {p0}"),
    "web.ui.round_n": ("Runde {p0}", "Round {p0}"),
    "web.ui.of_total": ("{p0} von {p1}", "{p0} of {p1}"),
    "web.ui.played_n": ("{p0} gespielt", "{p0} played"),
    "web.ui.healthy": ("gesund", "healthy"),
    "web.ui.reservation": ("Vorbehalt", "Vorbehalt"),
    "web.ui.marriage": ("Hochzeit", "Hochzeit"),
    "web.ui.pass": ("passen", "pass"),
    "web.ui.concede": ("Aufgeben", "Concede"),
    "web.ui.claim": ("Rest beanspruchen", "Claim the rest"),
    "web.ui.done": ("Keine weitere Ansage", "No more calls"),
    "web.ui.next": ("Weiter", "Next game"),
    "web.ui.result": ("Ergebnis", "Result"),
    "web.ui.last_trick": ("Letzter Stich", "Last trick"),
    "web.ui.until_cards": ("bis {p0} Karten", "until {p0} cards"),
    "web.ui.last_chance": ("letzte Gelegenheit", "last chance"),
    "web.ui.re": ("Re", "Re"),
    "web.ui.kontra": ("Kontra", "Kontra"),
    "web.ui.no90": ("keine 90", "no 90"),
    "web.ui.no60": ("keine 60", "no 60"),
    "web.ui.no30": ("keine 30", "no 30"),
    "web.ui.black": ("schwarz", "schwarz"),
    "web.ui.re_wins": ("Re gewinnt", "Re wins"),
    "web.ui.kontra_wins": ("Kontra gewinnt", "Kontra wins"),
    "web.ui.nobody_wins": ("Keine Partei gewinnt", "Neither party wins"),
    "web.ui.eyes": ("Augen", "Augen"),
    "web.ui.tricks": ("Stiche", "tricks"),
    "web.ui.points": ("Punkte", "points"),
    "web.ui.item": ("Posten", "item"),
    "web.ui.party": ("Partei", "party"),
    "web.ui.clause": ("TSR", "TSR"),
    "web.ui.game_over": ("Spiel beendet", "Game over"),
    "web.ui.round_over": ("Die Runde ist zu Ende.", "The round is over."),
    "web.ui.new_round": ("Neue Runde", "New round"),
    "web.ui.nr": ("Nr", "No"),
    "web.ui.kind": ("Spiel", "Game"),
    "web.ui.total": ("Summe", "Total"),
    "web.ui.waiting_next": ("Warte auf: {p0}", "Waiting for: {p0}"),
    "web.ui.invite_title": ("Einladungslinks", "Invitation links"),
    "web.ui.invite_help": (
        "Jeder Platz hat einen geheimen Link. Wer ihn öffnet, spielt auf diesem Platz – auch "
        "nach einem Neustart oder von einem anderen Gerät.",
        "Every seat has a secret link. Whoever opens it plays that seat – also after a restart "
        "or from another device.",
    ),
    "web.ui.no_invites": (
        "Die Einladungslinks sieht nur, wer den Tisch eröffnet hat (in diesem Browser).",
        "Only the browser that opened the table sees the invitation links.",
    ),
    "web.ui.spectators": ("Zuschauer-Link (ohne Karten)", "Spectator link (no cards)"),
    "web.ui.copy": ("Kopieren", "Copy"),
    "web.ui.copied": ("kopiert", "copied"),
    "web.ui.no_spectate": (
        "Den Zuschauer-Link sehen die Spieler dieses Tisches.",
        "The players of this table see the spectator link.",
    ),
    "web.ui.code": ("Tischcode", "Table code"),
    "web.ui.confirm_leave": (
        "Platz verlassen? Mit deinem Link kommst du zurück.",
        "Leave your seat? Your link brings you back.",
    ),
    "web.ui.confirm_concede": ("Wirklich aufgeben?", "Really concede?"),
    "web.ui.rename": ("Name ändern", "Change name"),
    "web.ui.save": ("Speichern", "Save"),
    "web.ui.download": (
        "Spielprotokoll herunterladen (doko-game/1)",
        "Download the game record (doko-game/1)",
    ),
    "web.ui.replay": ("Stich für Stich", "Trick by trick"),
    "web.ui.dealt": ("Ausgeteilt", "As dealt"),
    "web.ui.trick_n": ("Stich {p0}", "Trick {p0}"),
    "web.ui.won_by": ("{p0} sticht ({p1} Augen)", "{p0} wins ({p1} Augen)"),
    "web.ui.prev": ("◀", "◀"),
    "web.ui.nextb": ("▶", "▶"),
    "web.ui.rounds": ("Runden", "Rounds"),
    "web.ui.no_games": ("Noch kein Spiel beendet.", "No game finished yet."),
    "web.ui.connected": ("verbunden", "connected"),
    "web.ui.disconnected": (
        "Verbindung getrennt – verbinde neu …",
        "Disconnected – reconnecting …",
    ),
    "web.ui.spectator": ("Zuschauer", "Spectator"),
    "web.ui.calls_made": ("Ansagen", "Calls"),
    "web.ui.contract": ("Spielart", "Game"),
    "web.ui.lustsolo": ("Lustsolo", "Lustsolo"),
    "web.ui.pflichtsolo": ("Pflichtsolo", "Pflichtsolo"),
    "web.ui.vorfuehrung": ("Vorführung", "Vorführung"),
    "web.ui.scores": ("Punkte je Platz", "Points per seat"),
    "web.ui.bock": ("Bock ×{p0}", "Bock ×{p0}"),
    "web.ui.winner": ("Gewinner", "Winner"),
    "web.ui.owes": ("Pflichtsolo offen: {p0}", "Pflichtsolo owed: {p0}"),
    "web.ui.none": ("–", "–"),
    "web.ui.games_left": ("noch {p0} Spiele", "{p0} games left"),
    "web.ui.solo_diamonds": ("Karo-Solo", "diamonds solo"),
    "web.ui.solo_hearts": ("Herz-Solo", "hearts solo"),
    "web.ui.solo_spades": ("Pik-Solo", "spades solo"),
    "web.ui.solo_clubs": ("Kreuz-Solo", "clubs solo"),
    "web.ui.solo_queens": ("Damensolo", "queens solo"),
    "web.ui.solo_jacks": ("Bubensolo", "jacks solo"),
    "web.ui.solo_meatless": ("Fleischloser", "no-trump solo (Fleischloser)"),
    "web.ui.trick_winner": ("gewinnt den Stich", "wins the trick"),
    "web.ui.table_full": ("Alle Plätze sind besetzt.", "All seats are taken."),
    "web.ui.name_prompt": ("Dein Name am Tisch", "Your name at the table"),
    # the web table's limits (doko.server.errors.LimitError)
    "server.limit.tables_per_client": (
        "du hast schon {n} offene Tische (höchstens {most}); beende oder verlasse erst einen",
        "you have {n} open tables already (at most {most}); finish or leave one first",
    ),
    # why a client's input does not fit the schema (doko.server.schema.SchemaError)
    "server.schema.lone_surrogate": (
        "kein gültiges Unicode (ein einzelnes Surrogat)",
        "not valid Unicode (a lone surrogate)",
    ),
    "server.schema.control_char": (
        "ein Steuerzeichen ist nicht erlaubt",
        "a control character is not allowed",
    ),
    "server.schema.empty": (
        "darf nicht leer sein",
        "must not be empty",
    ),
    "server.schema.too_long": (
        "höchstens {n} Zeichen",
        "at most {n} characters",
    ),
    "server.schema.key_chars": (
        "ein Schlüssel hat nur die Zeichen A-Z a-z 0-9 - _",
        "a key has only the characters A-Z a-z 0-9 - _",
    ),
    "server.schema.constant": (
        "kein JSON ({name} ist keine JSON-Zahl)",
        "not JSON ({name} is no JSON number)",
    ),
    "server.schema.number_too_large": (
        "die Zahl {number} ist zu groß",
        "the number {number} is too large",
    ),
    "server.schema.too_many_bytes": (
        "länger als {n} Bytes",
        "longer than {n} bytes",
    ),
    "server.schema.not_utf8": (
        "kein UTF-8",
        "not UTF-8",
    ),
    "server.schema.too_deep": (
        "tiefer als {n} Ebenen verschachtelt",
        "nested deeper than {n} levels",
    ),
    "server.schema.not_json_because": (
        "kein JSON ({why})",
        "not JSON ({why})",
    ),
    "server.schema.not_json": (
        "kein JSON",
        "not JSON",
    ),
    "server.schema.not_object": (
        "kein JSON-Objekt",
        "not a JSON object",
    ),
    "server.schema.no_type": (
        "kein 'type'",
        "no 'type'",
    ),
    "server.schema.unknown_type": (
        "unbekannter Nachrichtentyp {tag!r}",
        "unknown message type {tag!r}",
    ),
    "server.schema.ref": (
        "eine ganze Zahl unter 2**53 oder ein Text mit höchstens {n} Zeichen",
        "a whole number below 2**53 or a text of at most {n} characters",
    ),
    "server.schema.invalid": (
        "ungültig",
        "invalid",
    ),
    "server.schema.binary": (
        "Binärnachrichten werden nicht angenommen",
        "binary frames are not accepted",
    ),
    # a field that does not fit, by pydantic's error type: the English sent is pydantic's own
    # message (it names the limit); the English here stands in only where pydantic gives none
    "server.field.missing": ("fehlt", "missing"),
    "server.field.extra_forbidden": ("unbekanntes Feld", "unknown field"),
    "server.field.string_type": ("muss ein Text sein", "must be a text"),
    "server.field.string_unicode": ("kein gültiges Unicode", "not valid Unicode"),
    "server.field.int_type": ("muss eine ganze Zahl sein", "must be a whole number"),
    "server.field.bool_type": ("muss true oder false sein", "must be true or false"),
    "server.field.float_type": ("muss eine Zahl sein", "must be a number"),
    "server.field.finite_number": ("muss eine endliche Zahl sein", "must be a finite number"),
    "server.field.list_type": ("muss eine Liste sein", "must be a list"),
    "server.field.model_type": ("muss ein Objekt sein", "must be an object"),
    "server.field.model_attributes_type": ("muss ein Objekt sein", "must be an object"),
    "server.field.int_parsing": ("muss eine ganze Zahl sein", "must be a whole number"),
    "server.field.int_from_float": ("muss eine ganze Zahl sein", "must be a whole number"),
    "server.field.bool_parsing": ("muss true oder false sein", "must be true or false"),
    "server.field.float_parsing": ("muss eine Zahl sein", "must be a number"),
    "server.field.json_type": ("muss JSON sein", "must be JSON"),
    "server.field.dict_type": ("muss ein Objekt sein", "must be an object"),
    "server.field.literal_error": (
        "ist keiner der erlaubten Werte",
        "is none of the allowed values",
    ),
    "server.field.string_too_long": ("ist zu lang", "is too long"),
    "server.field.string_too_short": ("ist zu kurz", "is too short"),
    "server.field.too_long": ("hat zu viele Einträge", "has too many items"),
    "server.field.too_short": ("hat zu wenige Einträge", "has too few items"),
    "server.field.greater_than_equal": ("ist zu klein", "is too small"),
    "server.field.greater_than": ("ist zu klein", "is too small"),
    "server.field.less_than_equal": ("ist zu groß", "is too large"),
    "server.field.less_than": ("ist zu groß", "is too large"),
    # the game kinds (doko.engine.vocab.Contract.label)
    # Game.contract_label: a Hochzeit turned Karo solo, and the kind of a solo
    "contract.marriage_solo": (
        "Hochzeit → {solo}",
        "Hochzeit → {solo}",
    ),
    "contract.kind.pflichtsolo": (
        "{label}, Pflichtsolo",
        "{label}, Pflichtsolo",
    ),
    "contract.kind.lustsolo": (
        "{label}, Lustsolo",
        "{label}, Lustsolo",
    ),
    "contract.kind.vorfuehrung": (
        "{label}, Vorführung",
        "{label}, Vorführung (Pflichtsolo)",
    ),
    "contract.normal": (
        "Normalspiel",
        "Normalspiel",
    ),
    "contract.marriage": (
        "Hochzeit",
        "Hochzeit",
    ),
    "contract.silent_marriage": (
        "stille Hochzeit",
        "stille Hochzeit",
    ),
    "contract.solo_diamonds": (
        "Karo-Solo",
        "diamonds solo",
    ),
    "contract.solo_hearts": (
        "Herz-Solo",
        "hearts solo",
    ),
    "contract.solo_spades": (
        "Pik-Solo",
        "spades solo",
    ),
    "contract.solo_clubs": (
        "Kreuz-Solo",
        "clubs solo",
    ),
    "contract.solo_queens": (
        "Damensolo",
        "queens solo (Damensolo)",
    ),
    "contract.solo_jacks": (
        "Bubensolo",
        "jacks solo (Bubensolo)",
    ),
    "contract.solo_meatless": (
        "Fleischloser",
        "Fleischloser (no trumps)",
    ),
    # actions in words (doko.engine.actions.code_text, describe)
    "action.healthy": (
        "gesund",
        "healthy (gesund)",
    ),
    "action.reservation": (
        "Vorbehalt",
        "Vorbehalt",
    ),
    "action.marriage": (
        "Hochzeit",
        "Hochzeit",
    ),
    "action.pass": (
        "passt",
        "pass",
    ),
    "action.concede": (
        "gibt auf",
        "concedes",
    ),
    "action.claim": (
        "beansprucht alle Stiche",
        "claims all remaining tricks",
    ),
    "action.seat": (
        "Platz {n}: {action}",
        "seat {n}: {action}",
    ),
    # cards (doko.engine.cards): suit names as labels, and the parts of a card's full name
    "card.suit.clubs": (
        "Kreuz",
        "Clubs",
    ),
    "card.suit.spades": (
        "Pik",
        "Spades",
    ),
    "card.suit.hearts": (
        "Herz",
        "Hearts",
    ),
    "card.suit.diamonds": (
        "Karo",
        "Diamonds",
    ),
    "card.of_suit.clubs": (
        "Kreuz",
        "clubs",
    ),
    "card.of_suit.spades": (
        "Pik",
        "spades",
    ),
    "card.of_suit.hearts": (
        "Herz",
        "hearts",
    ),
    "card.of_suit.diamonds": (
        "Karo",
        "diamonds",
    ),
    "card.rank.nine": (
        "Neun",
        "nine",
    ),
    "card.rank.jack": (
        "Bube",
        "jack",
    ),
    "card.rank.queen": (
        "Dame",
        "queen",
    ),
    "card.rank.king": (
        "König",
        "king",
    ),
    "card.rank.ten": (
        "Zehn",
        "ten",
    ),
    "card.rank.ace": (
        "Ass",
        "ace",
    ),
    "card.name": (
        "{suit}-{rank}",
        "{rank} of {suit}",
    ),
    "card.error.unknown": (
        "unbekannter Kartencode {code!r}: Rang 9 J Q K T(10) A und Farbe C S H D, z. B. 'QC'",
        "unknown card code {code!r}: use rank 9 J Q K T(10) A + suit C S H D, e.g. 'QC'",
    ),
    "card.error.third": (
        "eine Hand kann kein drittes {code} halten: jede Karte gibt es zweimal",
        "a hand cannot hold a third {code}: every card exists twice",
    ),
    # claims (doko.engine.claims.explain): a line of play that refutes a claim
    "claims.line": (
        "z. B. {moves}",
        "e.g. {moves}",
    ),
    "claims.move": (
        "Platz {seat} {card}",
        "seat {seat} {card}",
    ),
    # engine errors (IllegalActionError, TSR)
    "error.phase": (
        "{what} ist jetzt nicht möglich: {why} (TSR {rule})",
        "{what} is not possible now: {why} (TSR {rule})",
    ),
    "error.finished": (
        "das Spiel ist beendet (TSR {rule})",
        "the game is over (TSR {rule})",
    ),
    "error.not_your_turn": (
        "{seat} ist nicht an der Reihe: {to_move} muss {verb} (TSR {rule})",
        "{seat} is not on turn: {to_move} must {verb} (TSR {rule})",
    ),
    "error.not_in_hand": (
        "{seat} hat {card} nicht auf der Hand (TSR {rule})",
        "{seat} does not hold {card} (TSR {rule})",
    ),
    "error.must_follow": (
        "{card} bedient nicht {led}: {seat} muss bedienen (TSR 5.2.2)",
        "{card} does not follow {led}: {seat} must follow suit (TSR 5.2.2)",
    ),
    "error.not_query_answer": (
        "in der Vorbehaltsabfrage lautet die Antwort gesund oder Vorbehalt (TSR 4.1.2)",
        "in the Vorbehaltsabfrage the answer is healthy or Vorbehalt (TSR 4.1.2)",
    ),
    "error.naming_expected": (
        "{seat} muss jetzt den Vorbehalt taufen: {options} (TSR {rule})",
        "{seat} must name the Vorbehalt now: {options} (TSR {rule})",
    ),
    "error.marriage_needs_queens": (
        "eine Hochzeit verlangt beide Kreuz-Damen (TSR 4.4.1)",
        "a Hochzeit needs both ♣Q in hand (TSR 4.4.1)",
    ),
    "error.marriage_outranked": (
        "bei mehreren Vorbehalten kommt eine Hochzeit nie zum Zuge; nur Solo oder passen (TSR "
        "4.1.6)",
        "with several Vorbehalte a Hochzeit can never win; only a solo or pass (TSR 4.1.6)",
    ),
    "error.cannot_pass": (
        "{seat} kann nicht passen: ohne beide Kreuz-Damen kann der Vorbehalt nur ein Solo sein "
        "(TSR 4.1.6)",
        "{seat} cannot pass: without both ♣Q the Vorbehalt can only be a solo (TSR 4.1.6)",
    ),
    "error.vorfuehrung": (
        "{seat} wird vorgeführt und muss das Pflichtsolo bekanntgeben (TSR 4.1.9, 4.2.3)",
        "{seat} is vorgeführt and must name the Pflichtsolo (TSR 4.1.9, 4.2.3)",
    ),
    "error.calls_not_yet": (
        "keine Ansage, bevor der Spieltyp feststeht (TSR 6.2.1)",
        "no Ansage before the game type is settled (TSR 6.2.1)",
    ),
    "error.calls_marriage": (
        "bei einer Hochzeit ist die Erstansage erst nach dem Klärungsstich erlaubt (TSR 4.4.4, "
        "6.4.2)",
        "in a Hochzeit the first Ansage comes only after the Klärungsstich (TSR 4.4.4, 6.4.2)",
    ),
    "error.calls_closed": (
        "nach dem Abkürzen durch den Solospieler gibt es keine Ansagen mehr (TSR 5.4.4)",
        "no calls after the soloist has claimed the remaining tricks (TSR 5.4.4)",
    ),
    "error.calls_conceded": (
        "nach der Aufgabe darf nur noch die Kontra-Partei ansagen (TSR 5.4.7)",
        "after a concession only Kontra may still call (TSR 5.4.7)",
    ),
    "error.own_party": (
        "{seat} ist {party} und kann nur für {party} ansagen (TSR 6.2.2)",
        "{seat} is {party} and can only call for {party} (TSR 6.2.2)",
    ),
    "error.repeat": (
        "{party} hat bereits {done} angesagt; eine Ansage kann nicht wiederholt oder "
        "zurückgenommen werden (TSR 6.4.7)",
        "{party} has already called {done}; a call cannot be repeated or lowered (TSR 6.4.7)",
    ),
    "error.deadline": (
        "{call} verlangt mindestens {need} Karten auf der Hand, du hast {have} (TSR {rule})",
        "{call} needs at least {need} cards in hand, you hold {have} (TSR {rule})",
    ),
    "error.deadline_reply": (
        "{call} verlangt mindestens {need} Karten auf der Hand, oder {reply} als Erwiderung auf "
        "{opp}; du hast {have} (TSR {rule})",
        "{call} needs at least {need} cards in hand, or {reply} as a reply to {opp}; you hold "
        "{have} (TSR {rule})",
    ),
    "error.skip": (
        "{call} würde {skipped} überspringen, das mindestens {need} Karten verlangt, du hast "
        "{have} (TSR 6.4.3)",
        "{call} would skip {skipped}, which needs at least {need} cards in hand, you hold {have} "
        "(TSR 6.4.3)",
    ),
    "error.late_reply": (
        "die Erstansage von {party} war eine verspätete Erwiderung, daher darf {party} nicht "
        "absagen (TSR 6.4.4)",
        "{party}'s first Ansage was a late reply, so {party} may make no Absage (TSR 6.4.4)",
    ),
    "error.not_soloist": (
        "nur der Solospieler darf {verb} (TSR 5.4.3)",
        "only the soloist may {verb} (TSR 5.4.3)",
    ),
    "error.claim_refused": (
        "Abkürzen abgelehnt: der Solospieler macht nicht zwangsläufig alle restlichen Stiche "
        "(TSR 5.4.4, 9.2.2)",
        "claim refused: the soloist does not necessarily take every remaining trick (TSR 5.4.4, "
        "9.2.2)",
    ),
    "error.bad_action": (
        "{detail}",
        "{detail}",
    ),
    "error.bad_action.seat": (
        "das Platzfeld einer Aktion ist 0..3, nicht {value}",
        "an action's seat field is 0..3, not {value}",
    ),
    "error.bad_action.code": (
        "keine Aktion hat den Code {value}",
        "no action has code {value}",
    ),
    # engine errors addressed to the reader's own seat (IllegalActionError.text(me=...)): the
    # same refusals with "du"/"you" and the verb to match; error.seat names any other seat
    "error.seat": ("Platz {n}", "seat {n}"),
    "error.you.not_your_turn": (
        "du bist nicht an der Reihe: {to_move} muss {verb} (TSR {rule})",
        "you are not on turn: {to_move} must {verb} (TSR {rule})",
    ),
    "error.you.not_in_hand": (
        "du hast {card} nicht auf der Hand (TSR {rule})",
        "you do not hold {card} (TSR {rule})",
    ),
    "error.you.must_follow": (
        "{card} bedient nicht {led}: du musst bedienen (TSR 5.2.2)",
        "{card} does not follow {led}: you must follow suit (TSR 5.2.2)",
    ),
    "error.you.naming_expected": (
        "du musst jetzt deinen Vorbehalt taufen: {options} (TSR {rule})",
        "you must name your Vorbehalt now: {options} (TSR {rule})",
    ),
    "error.you.cannot_pass": (
        "du kannst nicht passen: ohne beide Kreuz-Damen kann dein Vorbehalt nur ein Solo sein "
        "(TSR 4.1.6)",
        "you cannot pass: without both ♣Q your Vorbehalt can only be a solo (TSR 4.1.6)",
    ),
    "error.you.vorfuehrung": (
        "du wirst vorgeführt und musst dein Pflichtsolo bekanntgeben (TSR 4.1.9, 4.2.3)",
        "you are vorgeführt and must name your Pflichtsolo (TSR 4.1.9, 4.2.3)",
    ),
    "error.you.own_party": (
        "du bist {party} und kannst nur für {party} ansagen (TSR 6.2.2)",
        "you are {party} and can only call for {party} (TSR 6.2.2)",
    ),
    # parts of engine errors: what was tried (error.phase), why not now, the verb of
    # error.not_your_turn / error.not_soloist, the options of error.naming_expected, the suit led
    "error.what.play": ("{card} spielen", "playing {card}"),
    "error.what.healthy": ("gesund", "healthy"),
    "error.what.reservation": ("Vorbehalt", "Vorbehalt"),
    "error.what.naming": ("einen Vorbehalt taufen", "naming a Vorbehalt"),
    "error.what.concede": ("aufgeben", "concede"),
    "error.what.claim": ("abkürzen", "claim"),
    "error.why.query": (
        "die Vorbehaltsabfrage läuft, {to_move} muss antworten",
        "the Vorbehaltsabfrage is running, {to_move} must answer",
    ),
    "error.why.query_you": (
        "die Vorbehaltsabfrage läuft, du musst antworten",
        "the Vorbehaltsabfrage is running, you must answer",
    ),
    "error.why.naming": (
        "{to_move} muss den Vorbehalt taufen",
        "{to_move} must name the Vorbehalt",
    ),
    "error.why.naming_you": (
        "du musst deinen Vorbehalt taufen",
        "you must name your Vorbehalt",
    ),
    "error.why.play": ("es wird gespielt", "the cards are being played"),
    "error.verb.play": ("eine Karte spielen", "play a card"),
    "error.verb.query": ("in der Vorbehaltsabfrage antworten", "answer the Vorbehaltsabfrage"),
    "error.verb.naming": ("den Vorbehalt taufen", "name the Vorbehalt"),
    "error.verb.concede": ("aufgeben", "concede"),
    "error.verb.claim": ("abkürzen", "claim"),
    "error.options.solo": ("ein Solo", "a solo"),
    "error.options.solo_marriage": ("ein Solo oder Hochzeit", "a solo or Hochzeit"),
    "error.options.solo_pass": ("ein Solo oder passen", "a solo or pass"),
    "error.led.0": ("Kreuz", "clubs"),
    "error.led.1": ("Pik", "spades"),
    "error.led.2": ("Herz", "hearts"),
    "error.led.3": ("Karo", "diamonds"),
    "error.led.4": ("Trumpf", "trump"),
    # scoring: format_score
    "score.clause": (
        "TSR",
        "TSR",
    ),
    "score.item": (
        "Posten",
        "Item",
    ),
    "score.total": (
        "Summe",
        "Total",
    ),
    "score.value": (
        "Spielwert",
        "Game value",
    ),
    "score.winner": (
        "Gewinner",
        "Winner",
    ),
    "score.nobody": (
        "keiner (TSR 7.1.3)",
        "nobody (TSR 7.1.3)",
    ),
    "score.per": (
        "Punkte je Spieler",
        "Score per player",
    ),
    "score.soloist": (
        "Solist (Re)",
        "soloist (Re)",
    ),
    "score.each_kontra": (
        "jeder Kontra-Spieler",
        "each Kontra player",
    ),
    "score.none": (
        "keine Punkte",
        "no points",
    ),
    "score.to": (
        "für",
        "to",
    ),
    # scoring: the line items of score (doko.engine.scoring.line_item, both backends); {party}
    # is "Re" or "Kontra", {call} an Absage ("keine 90" ... "schwarz"), {limit}/{reach} Augen
    "score.item.won": (
        "gewonnen",
        "won",
    ),
    "score.item.under": (
        "unter {limit} gespielt",
        "opponents under {limit}",
    ),
    "score.item.schwarz": (
        "schwarz gespielt",
        "opponents took no trick (schwarz)",
    ),
    "score.item.announced": (
        "„{party}“ angesagt",
        "{party} announced",
    ),
    "score.item.called": (
        "„{call}“ abgesagt von {party}",
        "{party} called {call}",
    ),
    "score.item.reached": (
        "{reach} Augen gegen „{call}“ erreicht ({party})",
        "{party} reached {reach} Augen against {call}",
    ),
    "score.item.against_queens": (
        "gegen die Kreuz-Damen gewonnen",
        "won against the Kreuz-Damen (♣Q)",
    ),
    "score.item.doppelkopf": (
        "Doppelkopf",
        "Doppelkopf (trick of 40+ Augen)",
    ),
    "score.item.fox": (
        "Fuchs gefangen",
        "Fuchs (opponents' ♦A) caught",
    ),
    "score.item.charlie": (
        "Karlchen macht den letzten Stich",
        "Karlchen (♣J) won the last trick",
    ),
    "score.item.doubled": (
        "„{party}“ angesagt: verdoppelt",
        "{party} announced: value doubled",
    ),
    # scoring: bad game summaries (ScoringInputError); field names stay as in the JSON
    "score_input.not_int": (
        "{field}: ganze Zahl erwartet, nicht {value}",
        "{field}: expected an integer, got {value}",
    ),
    "score_input.out_of_range": (
        "{field}: {value} liegt außerhalb von {low}..{high}",
        "{field}: {value} is outside {low}..{high}",
    ),
    "score_input.not_one_of": (
        "{field}: {value} ist keiner der Werte {allowed}",
        "{field}: {value} is not one of {allowed}",
    ),
    "score_input.not_bool": (
        "{field}: true oder false erwartet, nicht {value}",
        "{field}: expected true or false, got {value}",
    ),
    "score_input.tricks_needed": (
        "re_tricks ist nötig, wenn re_eyes {eyes} ist: {party} hat 0 Augen, und ein Stich aus "
        "vier Neunen hat 0 Augen, also ist unbekannt, ob {party} einen Stich bekam",
        "re_tricks is needed when re_eyes is {eyes}: {party} has 0 Augen, and a trick of four "
        "nines has 0 Augen, so whether it took a trick is unknown",
    ),
    "score_input.no_set": (
        "re_eyes: keine Auswahl von Karten hat genau {eyes} Augen",
        "re_eyes: no set of cards holds {eyes} Augen",
    ),
    "score_input.tricks_eyes": (
        "re_tricks/re_eyes: {tricks} Stiche ({cards} Karten) können nicht {eyes} Augen haben "
        "(und die anderen {other_tricks} Stiche {other_eyes} Augen)",
        "re_tricks/re_eyes: {tricks} tricks ({cards} cards) cannot hold {eyes} Augen (and the "
        "other {other_tricks} tricks {other_eyes} Augen)",
    ),
    "score_input.extras_type": (
        "{field}: Extras erwartet, nicht {value}",
        "{field}: expected Extras, got {value}",
    ),
    "score_input.extras_solo": (
        "extras: das Spiel {contract} hat keine Sonderpunkte (TSR 7.2.3, 7.2.4); die gibt es "
        "nur im Normalspiel",
        "extras: contract {contract} has no Sonderpunkte (TSR 7.2.3, 7.2.4); they exist only "
        "in a Normalspiel",
    ),
    "score_input.extras_both": (
        "extras.re.{key} + extras.kontra.{key}: zusammen {both}, höchstens {most} ({why})",
        "extras.re.{key} + extras.kontra.{key}: {both} in all, at most {most} ({why})",
    ),
    "score_input.why_doppelkopf": (
        "240 Augen ergeben höchstens 6 Stiche zu 40",
        "240 Augen hold at most 6 tricks of 40",
    ),
    "score_input.why_fox": (
        "es gibt zwei ♦A",
        "there are two ♦A",
    ),
    "score_input.why_charlie": (
        "nur eine Partei gewinnt den letzten Stich",
        "only one party wins the last trick",
    ),
    "score_input.extras_eyes": (
        "{field}: {count} verlangt mindestens {need} Augen, {name} hat {eyes} "
        "(re_eyes={re_eyes})",
        "{field}: {count} needs at least {need} Augen, {name} has {eyes} (re_eyes={re_eyes})",
    ),
    "score_input.extras_tricks": (
        "{field}: {count} verlangt mindestens {need} Stiche, {name} hat {tricks} gewonnen "
        "(re_tricks={re_tricks})",
        "{field}: {count} needs at least {need} tricks, {name} won {tricks} "
        "(re_tricks={re_tricks})",
    ),
    "score_input.summary": (
        "Spielzusammenfassung",
        "game summary",
    ),
    "score_input.not_object": (
        "{field}: JSON-Objekt erwartet, nicht {value}",
        "{field}: expected a JSON object, got {value}",
    ),
    "score_input.not_extras_object": (
        "{field}: Objekt erwartet, nicht {value}",
        "{field}: expected an object, got {value}",
    ),
    "score_input.unknown_key": (
        "{field}: unbekannter Schlüssel (erlaubt: {allowed})",
        "{field}: unknown key (allowed: {allowed})",
    ),
    "score_input.missing": (
        "{field}: fehlt",
        "{field}: missing",
    ),
    "score_input.unknown_party": (
        "{field}: unbekannte Partei (re oder kontra)",
        "{field}: unknown party (use re, kontra)",
    ),
    "score_input.invalid_json": (
        "{file}: kein gültiges JSON: {why}",
        "{file}: invalid JSON: {why}",
    ),
    # game records (doko.engine.record, RecordError); field names and values stay as in the JSON
    "record.not_object": (
        "ein Spielbericht muss ein JSON-Objekt sein",
        "a game record must be a JSON object",
    ),
    "record.round_file": (
        "das ist eine Rundendatei ({format}), kein Spielbericht: erwartet wird der Bericht "
        "eines Spiels ({expected}); eine Runde setzt doko play --resume fort",
        "this is a round file ({format}), not a game record: the record of one game "
        "({expected}) is expected; doko play --resume continues a round",
    ),
    "record.unknown_keys": (
        "unbekannte Schlüssel im Spielbericht: {keys}",
        "unknown keys in the record: {keys}",
    ),
    "record.missing": (
        "dem Spielbericht fehlt: {keys}",
        "the record lacks: {keys}",
    ),
    "record.format": (
        "'format' muss {format!r} sein, nicht {value!r}",
        "'format' must be {format!r}, got {value!r}",
    ),
    "record.rules": (
        "'rules': {why}",
        "'rules': {why}",
    ),
    "record.seat": (
        "'{field}' muss eine Platznummer 0..3 sein, nicht {value!r}",
        "'{field}' must be a seat 0..3, got {value!r}",
    ),
    "record.hands": (
        "'hands' muss eine Liste von vier Händen sein",
        "'hands' must be a list of four hands",
    ),
    "record.hand_codes": (
        "die Hand von Platz {hand} muss eine Liste von Kartencodes sein",
        "the hand of seat {hand} must be a list of card codes",
    ),
    "record.hand_size": (
        "die Hand von Platz {hand} hat {n} Karten, eine Hand hat {size} (TSR 3.3.7)",
        "the hand of seat {hand} has {n} cards, a hand has {size} (TSR 3.3.7)",
    ),
    "record.hand_card": (
        "die Hand von Platz {hand}: {why}",
        "the hand of seat {hand}: {why}",
    ),
    "record.deck": (
        "die Hände müssen jede Karte genau zweimal enthalten (TSR 2.2.1): {cards}",
        "the hands must hold every card exactly twice (TSR 2.2.1): {cards}",
    ),
    "record.deck_no_nines": (
        "die Hände müssen jede Karte außer den Neunen genau zweimal enthalten (Hausregel: ohne "
        "Neunen): {cards}",
        "the hands must hold every card but the nines exactly twice (house rule: without "
        "nines): {cards}",
    ),
    "record.owes": (
        "'owes_pflichtsolo' muss eine Liste von vier Werten true oder false sein",
        "'owes_pflichtsolo' must be a list of four true/false values",
    ),
    "record.vorf_owes": (
        "'vorfuehrung' ist {value}, aber 'owes_pflichtsolo'[{value}] ist false: vorgeführt wird "
        "nur, wer ein Pflichtsolo schuldet (TSR 4.2.3)",
        "'vorfuehrung' is {value}, but 'owes_pflichtsolo'[{value}] is false: only a seat that "
        "owes a Pflichtsolo is vorgeführt (TSR 4.2.3)",
    ),
    "record.deal": (
        "die Karten ergeben kein gültiges Spiel: {why}",
        "the deal is not a valid game: {why}",
    ),
    "record.actions": (
        "'actions' muss eine Liste sein",
        "'actions' must be a list",
    ),
    "record.action_entry": (
        "Aktion {index}: {why}",
        "action {index}: {why}",
    ),
    "record.replay_action": (
        "Aktion {index} (Platz {seat}): {why}",
        "action {index} (seat {seat}): {why}",
    ),
    "record.invalid_json": (
        "kein gültiges JSON: {why}",
        "not valid JSON: {why}",
    ),
    # a record's action entry (doko.engine.actions.ActionFormatError)
    "record.action.not_object": (
        "eine Aktion muss ein JSON-Objekt sein, nicht {value!r}",
        "an action must be a JSON object, not {value!r}",
    ),
    "record.action.seat": (
        "'seat' muss 0..3 sein, nicht {value!r}",
        "'seat' must be 0..3, got {value!r}",
    ),
    "record.action.card": (
        "'play' braucht einen Kartencode in 'card', nicht {value!r}",
        "'play' needs a 'card' code, got {value!r}",
    ),
    "record.action.solo": (
        "'solo' muss einer der Werte {names} sein, nicht {value!r}",
        "'solo' must be one of {names}; got {value!r}",
    ),
    "record.action.call": (
        "'call' muss einer der Werte {names} sein, nicht {value!r}",
        "'call' must be one of {names}; got {value!r}",
    ),
    "record.action.unknown": (
        "unbekannte Aktion {value!r}",
        "unknown action {value!r}",
    ),
    "record.action.extra_keys": (
        "unbekannte Schlüssel {keys} in einer Aktion {value!r}",
        "unknown keys {keys} in a {value!r} action",
    ),
    "record.action.no_code": (
        "keine Aktion hat den Code {code}",
        "no action has code {code}",
    ),
    # JSON syntax errors in words: {problem} is one of record.json.* below (in English Python's
    # own message); the English of each is the start of Python's message, which it matches
    "record.json.at": (
        "{problem}: Zeile {line}, Spalte {column} (Zeichen {char})",
        "{problem}: line {line} column {column} (char {char})",
    ),
    "record.json.expecting_value": (
        "Wert erwartet",
        "Expecting value",
    ),
    "record.json.expecting_comma": (
        "',' erwartet",
        "Expecting ',' delimiter",
    ),
    "record.json.expecting_colon": (
        "':' erwartet",
        "Expecting ':' delimiter",
    ),
    "record.json.expecting_name": (
        "Name in doppelten Anführungszeichen erwartet",
        "Expecting property name enclosed in double quotes",
    ),
    "record.json.unterminated_string": (
        "nicht abgeschlossene Zeichenkette ab",
        "Unterminated string starting at",
    ),
    "record.json.control_character": (
        "ungültiges Steuerzeichen in einer Zeichenkette bei",
        "Invalid control character",
    ),
    "record.json.unicode_escape": (
        "ungültige \\uXXXX-Escape-Sequenz",
        "Invalid \\uXXXX escape",
    ),
    "record.json.escape": (
        "ungültige Escape-Sequenz",
        "Invalid \\escape",
    ),
    "record.json.extra_data": (
        "weitere Daten nach dem JSON-Wert",
        "Extra data",
    ),
    "record.json.trailing_comma": (
        "Komma vor dem Ende eines Objekts oder einer Liste",
        "Illegal trailing comma before end of",
    ),
    "record.json.other": (
        "Syntaxfehler",
        "syntax error",
    ),
    # rule sets (doko.engine.rules.RulesError); option names and values stay as in the JSON
    "rules.unknown_preset": (
        "unbekannte Regel-Voreinstellung {name!r}; bekannt: {known}",
        "unknown rules preset {name!r}; known: {known}",
    ),
    "rules.not_object": (
        "'rules' muss der Name einer Voreinstellung oder ein Objekt sein, nicht {value!r}",
        "rules must be a preset name or an object, not {value!r}",
    ),
    "rules.name": (
        "'name' der Regeln muss ein Text sein, nicht {value!r}",
        "rules 'name' must be a string, not {value!r}",
    ),
    "rules.unknown_options": (
        "unbekannte Regel-Optionen: {keys}",
        "unknown rule options: {keys}",
    ),
    "rules.not_bool": (
        "die Regel-Option {key!r} muss true oder false sein",
        "rule option {key!r} must be true or false",
    ),
    "rules.dulle": (
        "'dulle' muss einer der Werte {known} sein, nicht {value!r}",
        "dulle must be one of {known}, not {value!r}",
    ),
    "rules.bock_object": (
        "'bock' muss ein Objekt mit 'triggers', 'length', 'stacking' sein",
        "'bock' must be an object with triggers, length, stacking",
    ),
    "rules.bock_triggers_list": (
        "'triggers' in 'bock' muss eine Liste von Namen sein, nicht {value!r}",
        "'bock' 'triggers' must be a list of names, got {value!r}",
    ),
    "rules.bock_triggers": (
        "unbekannte Bock-Auslöser {bad}; bekannt: {known}",
        "unknown Bock triggers {bad}; known: {known}",
    ),
    "rules.bock_length_type": (
        "'length' in 'bock' muss eine ganze Zahl oder null sein, nicht {value!r}",
        "'bock' 'length' must be a whole number or null, got {value!r}",
    ),
    "rules.bock_length": (
        "ein Bock dauert mindestens ein Spiel, nicht {value}",
        "a Bock lasts at least one game, not {value}",
    ),
    "rules.bock_stacking": (
        "'stacking' in 'bock' ist 'add' oder 'double', nicht {value!r}",
        "Bock stacking is 'add' or 'double', not {value!r}",
    ),
    # files read by doko (doko.session.files): why a file cannot be read; the English of the
    # operating system's reasons is its own words (C locale)
    "files.unreadable": (
        "{path}: {why}",
        "{path}: {why}",
    ),
    "files.invalid_json": (
        "{path}: kein gültiges JSON: {why}",
        "{path}: not valid JSON: {why}",
    ),
    "files.not_found": (
        "Datei oder Verzeichnis nicht gefunden",
        "No such file or directory",
    ),
    "files.permission": (
        "keine Berechtigung",
        "Permission denied",
    ),
    "files.is_directory": (
        "ist ein Verzeichnis",
        "Is a directory",
    ),
    "files.not_directory": (
        "ein Teil des Pfades ist kein Verzeichnis",
        "Not a directory",
    ),
    "files.os_error": (
        "Fehler des Betriebssystems {code}",
        "system error {code}",
    ),
    "files.not_utf8": (
        "kein UTF-8-Text (Byte {position} ist ungültig)",
        "not UTF-8 text (byte {position} is invalid)",
    ),
    # a bad command line (doko.cli.args.Parser): argparse's messages in the command's language;
    # option names and values stay as typed
    "cli.args.line": (
        "{prog}: Fehler: {msg}",
        "{prog}: error: {msg}",
    ),
    "cli.args.required": (
        "es fehlt: {args}",
        "the following arguments are required: {args}",
    ),
    "cli.args.unrecognized": (
        "unbekannte Argumente: {args}",
        "unrecognized arguments: {args}",
    ),
    "cli.args.one_of": (
        "eines der Argumente {args} ist nötig",
        "one of the arguments {args} is required",
    ),
    "cli.args.ambiguous": (
        "{arg} ist mehrdeutig: {matches}",
        "ambiguous option: {arg} could match {matches}",
    ),
    "cli.args.choice": (
        "{arg}: {value} ist keiner der Werte {choices}",
        "{arg}: {value} is none of {choices}",
    ),
    "cli.args.int": (
        "{arg}: {value} ist keine ganze Zahl",
        "{arg}: {value} is not a whole number",
    ),
    "cli.args.float": (
        "{arg}: {value} ist keine Zahl",
        "{arg}: {value} is not a number",
    ),
    "cli.args.value": (
        "{arg}: ungültiger Wert {value}",
        "{arg}: invalid value {value}",
    ),
    "cli.args.at_least_1": (
        "{arg}: mindestens 1, nicht {value}",
        "{arg}: at least 1, not {value}",
    ),
    "cli.args.positive": (
        "{arg}: muss größer als 0 sein, nicht {value}",
        "{arg}: must be above 0, not {value}",
    ),
    "cli.args.one": (
        "{arg} braucht einen Wert",
        "{arg} needs a value",
    ),
    "cli.args.more": (
        "{arg} braucht mehr Werte",
        "{arg} needs more values",
    ),
    "cli.args.not_with": (
        "{arg} geht nicht zusammen mit {other}",
        "{arg} is not allowed with {other}",
    ),
    "cli.args.explicit": (
        "{arg} nimmt keinen Wert: {value}",
        "{arg} takes no value: {value}",
    ),
    "cli.args.detail": (
        "{arg}: {detail}",
        "{arg}: {detail}",
    ),
    "cli.args.players": (
        "{arg}: einer oder vier von {known}, durch Kommas getrennt, nicht {value}",
        "{arg}: one or four of {known}, separated by commas; got {value}",
    ),
    "cli.args.tricks": (
        "{arg}: eine Zahl von Stichen {low}..{high}, nicht {value}",
        "{arg}: a number of tricks {low}..{high}, not {value}",
    ),
    "cli.args.other": (
        "ungültige Befehlszeile (--help zeigt die Optionen)",
        "invalid command line (--help shows the options)",
    ),
    # doko play (the command; the terminal's own texts are tui.*)
    "cli.play.error": (
        "doko play: Fehler: {msg}",
        "doko play: error: {msg}",
    ),
    "cli.play.no_rich": (
        "die Terminal-Oberfläche braucht Rich: pip install 'doko[tui]'",
        "the terminal front end needs Rich: pip install 'doko[tui]'",
    ),
    "cli.play.no_player": (
        "kein Computerspieler {level!r} installiert; vorhanden: {names}",
        "no computer player {level!r} is installed; available: {names}",
    ),
    "cli.play.games": (
        "--games ist 0 (offene Liste) oder mindestens 4, ein Pflichtsolo je Spieler (TSR 4.2.3)",
        "--games must be 0 (open-ended) or at least 4, one Pflichtsolo per player (TSR 4.2.3)",
    ),
    "cli.play.four_only": (
        "doko play spielt nur an einem 4er-Tisch; diese Runde hat 5 Mitspieler",
        "doko play plays at a 4-table only; this round has 5 players",
    ),
    # doko score
    "cli.score.error": (
        "doko score: Fehler: {msg}",
        "doko score: error: {msg}",
    ),
    # the kinds of rows of the Spielliste (doko.session.Row.label)
    "row.normal": (
        "Normalspiel",
        "Normalspiel",
    ),
    "row.marriage": (
        "Hochzeit",
        "Hochzeit",
    ),
    "row.silent_marriage": (
        "stille Hochzeit",
        "stille Hochzeit",
    ),
    "row.solo_diamonds": (
        "Karo-Solo",
        "Karo-Solo (diamonds)",
    ),
    "row.solo_hearts": (
        "Herz-Solo",
        "Herz-Solo (hearts)",
    ),
    "row.solo_spades": (
        "Pik-Solo",
        "Pik-Solo (spades)",
    ),
    "row.solo_clubs": (
        "Kreuz-Solo",
        "Kreuz-Solo (clubs)",
    ),
    "row.solo_queens": (
        "Damensolo",
        "Damensolo (queens)",
    ),
    "row.solo_jacks": (
        "Bubensolo",
        "Bubensolo (jacks)",
    ),
    "row.solo_meatless": (
        "Fleischloser",
        "Fleischloser (no trumps)",
    ),
    "row.marriage_solo": (
        "Hochzeit → Karo-Solo",
        "Hochzeit → Karo-Solo",
    ),
    "row.solo": (
        "Solo",
        "Solo",
    ),
    "row.penalty_minor": (
        "Strafe: geringfügig",
        "penalty: minor (geringfügig)",
    ),
    "row.penalty_serious": (
        "Strafe: schwerwiegend",
        "penalty: serious (schwerwiegend)",
    ),
    "row.penalty_944": (
        ", Strafe 9.4.4",
        ", penalty 9.4.4",
    ),
    # session: the score sheet and the round's status lines
    "sheet.title": (
        "Spielliste",
        "Score sheet (Spielliste)",
    ),
    "sheet.nr": (
        "Nr",
        "No",
    ),
    "sheet.dealer": (
        "Geber",
        "Dealer",
    ),
    "sheet.kind": (
        "Spiel",
        "Game",
    ),
    "sheet.column": (
        "Rubrik",
        "Col",
    ),
    "sheet.bock": (
        "Bock",
        "Bock",
    ),
    "sheet.plus": (
        "Plus",
        "Plus",
    ),
    "sheet.sum": (
        "Summe",
        "Total",
    ),
    "sheet.normal": (
        "N",
        "N",
    ),
    "sheet.pflichtsolo": (
        "P",
        "P",
    ),
    "sheet.penalty": (
        "S",
        "pen",
    ),
    "sheet.table": (
        "{n}er-Tisch",
        "{n}-player table",
    ),
    "sheet.games": (
        "{n} Spiele",
        "{n} games",
    ),
    "sheet.open": (
        "offene Liste",
        "open-ended list",
    ),
    "sheet.rules": (
        "Regeln",
        "rules",
    ),
    "sheet.limit": (
        "Spielzeit {m} min",
        "playing time {m} min",
    ),
    "sheet.check_ok": (
        "Prüfung nach TSR 7.3.3: in Ordnung",
        "TSR 7.3.3 checks: all passed",
    ),
    "sheet.check_bad": (
        "Prüfung nach TSR 7.3.3: FEHLER",
        "TSR 7.3.3 checks: FAILED",
    ),
    "sheet.next": (
        "Nächster Geber: {name} (Position {pos})",
        "Next dealer: {name} (position {pos})",
    ),
    "sheet.sits": (
        "{name} gibt und sitzt (TSR 10.1.1)",
        "{name} deals and sits out (TSR 10.1.1)",
    ),
    "sheet.owes": (
        "Pflichtsolo offen: {names}",
        "Pflichtsolo still owed by: {names}",
    ),
    "sheet.owes_none": (
        "Pflichtsolo offen: niemand",
        "Pflichtsolo still owed by: nobody",
    ),
    "sheet.vorf_now": (
        "Vorführung fällig: Pflichtsolo im nächsten Spiel – {name} (TSR 4.2.3)",
        "Vorführung due: {name} must play the Pflichtsolo in the next game (TSR 4.2.3)",
    ),
    "sheet.vorf_in": (
        "Vorführung fällig nach {k} weiteren Spielen ohne Pflichtsolo (TSR 4.2.3)",
        "Vorführung due after {k} more games without a Pflichtsolo (TSR 4.2.3)",
    ),
    "sheet.vorf_in_1": (
        "Vorführung fällig nach einem weiteren Spiel ohne Pflichtsolo (TSR 4.2.3)",
        "Vorführung due after one more game without a Pflichtsolo (TSR 4.2.3)",
    ),
    "sheet.left": (
        "Noch {n} Spiele",
        "{n} games left",
    ),
    "sheet.left_1": (
        "Noch 1 Spiel",
        "1 game left",
    ),
    "sheet.left_open": (
        "Offene Liste: {n} Spiele gespielt",
        "Open-ended list: {n} games played",
    ),
    "sheet.over": (
        "Die Runde ist beendet.",
        "The round is over.",
    ),
    "sheet.time_up": (
        "Spielzeit abgelaufen: {k} Normalspiele gestrichen, ausstehende Pflichtsoli werden "
        "vorgeführt (TSR 8.5.1, 8.6)",
        "Playing time is up: {k} Normalspiele struck, outstanding Pflichtsoli are vorgeführt "
        "(TSR 8.5.1, 8.6)",
    ),
    "sheet.bock_next": (
        "Bock: das nächste Spiel zählt ×{m} (noch {k} Bockspiele)",
        "Bock: the next game counts ×{m} ({k} Bock games pending)",
    ),
    "sheet.struck": (
        "gestrichen",
        "struck",
    ),
    # the Spielliste's row labels (doko.session.Row.label): the kind of solo
    "row.pflichtsolo": (
        ", Pflichtsolo",
        ", Pflichtsolo",
    ),
    "row.lustsolo": (
        ", Lustsolo",
        ", Lustsolo",
    ),
    "row.vorfuehrung": (
        ", Vorführung",
        ", Vorführung",
    ),
    # session: the round's refusals (doko.session.RoundError; " (TSR x)" is added to each);
    # field names and values of the round file and the game summary stay as in the JSON
    "round.players_count": (
        "ein Tisch hat 4 oder 5 Mitspieler, nicht {n}",
        "a table has 4 or 5 players, not {n}",
    ),
    "round.player_names": (
        "die Namen der Mitspieler müssen verschieden und nicht leer sein",
        "player names must be non-empty and distinct",
    ),
    "round.games_positive": (
        "die Anzahl der Spiele muss positiv sein, nicht {games!r}",
        "the number of games must be a positive integer, not {games!r}",
    ),
    "round.games_pflichtsoli": (
        "{games} Spiele reichen nicht für {n} Pflichtsoli",
        "{games} games leave no room for {n} Pflichtsoli",
    ),
    "round.time_limit": (
        "das Zeitlimit muss positiv sein, nicht {limit!r}",
        "the time limit must be positive, not {limit!r}",
    ),
    "round.time_up_twice": (
        "das Ende der Spielzeit ist schon eingetragen",
        "the end of the playing time is already recorded",
    ),
    "round.unfinished": (
        "das Spiel ist nicht beendet: nur beendete Spiele kommen in die Spielliste",
        "the game is not finished: only finished games enter the sheet",
    ),
    "round.other_rules": (
        "das Spiel lief mit den Regeln {game!r}, die Runde mit {round!r}",
        "the game was played with rules {game!r}, the round uses {round!r}",
    ),
    "round.other_dealer": (
        "Geber des Spiels ist Platz {seat}, Geber der Runde ist {name} (Platz {round_seat})",
        "the game's dealer is seat {seat}, the round's dealer {name} is seat {round_seat}",
    ),
    "round.other_debts": (
        "die offenen Pflichtsoli des Spiels {game} passen nicht zur Runde {round}",
        "the game's Pflichtsolo debts {game} do not match the round's {round}",
    ),
    "round.vorf_other": (
        "Vorführung in diesem Spiel – {name}; das Spiel sagt vorfuehrung={value}",
        "{name} is vorgeführt in this game, the game says vorfuehrung={value}",
    ),
    "round.vorf_none": (
        "in diesem Spiel ist keine Vorführung fällig",
        "no Vorführung is due in this game",
    ),
    "round.no_record": (
        "ein Spiel-Eintrag braucht seinen 'record'",
        "a game entry needs its 'record'",
    ),
    "round.no_replay": (
        "der Spielbericht lässt sich nicht nachspielen: {why}",
        "the game record does not replay: {why}",
    ),
    "round.bad_summary": (
        "fehlerhafte Spielzusammenfassung: {why}",
        "bad game summary: {why}",
    ),
    "round.re_players": (
        "re_players müssen verschiedene Spielernummern 0..{last} sein, nicht {value!r}",
        "re_players must be distinct player numbers 0..{last}, got {value!r}",
    ),
    "round.nines": (
        "'nines' der Zusammenfassung passt nicht zu den Regeln der Runde (Hausregel: ohne "
        "Neunen)",
        "the summary's 'nines' does not match the round's rules (house rule: without nines)",
    ),
    "round.soloist_number": (
        "soloist muss eine Spielernummer 0..{last} sein, nicht {value!r}",
        "soloist must be a player number 0..{last}, got {value!r}",
    ),
    "round.not_bool": (
        "{field} muss true oder false sein, nicht {value!r}",
        "{field} must be true or false, got {value!r}",
    ),
    "round.not_bool_field": (
        "{field} muss true oder false sein",
        "{field} must be true or false",
    ),
    "round.solo_kind": (
        "solo muss eines von {kinds} sein, nicht {value!r}",
        "solo must be one of {kinds}, got {value!r}",
    ),
    "round.re_count_solo": (
        "ein Solo hat {want} Re-Spieler, angegeben: {got}",
        "a solo has {want} Re player(s), given: {got}",
    ),
    "round.re_count_normal": (
        "ein Normalspiel hat {want} Re-Spieler, angegeben: {got}",
        "a Normalspiel has {want} Re player(s), given: {got}",
    ),
    "round.sitter_re": (
        "der Geber sitzt in diesem Spiel ({name}) und kann nicht Re sein",
        "the dealer sits out this game ({name}) and cannot be Re",
    ),
    "round.soloist_not_re": (
        "der Solist {soloist} muss der eine Re-Spieler {re} sein",
        "the soloist {soloist} must be the one Re player {re}",
    ),
    "round.no_soloist": (
        "ein Spiel {contract} hat keinen Solisten",
        "a {contract} game has no soloist",
    ),
    "round.solo_fields": (
        "pflichtsolo, marriage_solo und solo gehören zu einem Solo, nicht zu {contract!r}",
        "pflichtsolo, marriage_solo and solo belong to a solo, not to {contract!r}",
    ),
    "round.marriage_solo": (
        "eine Hochzeit, die ein Karo-Solo wurde, ist kein Pflichtsolo und ein Karo-Solo",
        "a Hochzeit that became a Karo solo is no Pflichtsolo and is a Karo solo",
    ),
    "round.no_pflichtsoli": (
        "in dieser Runde gibt es keine Pflichtsoli: jedes Solo ist ein Lustsolo",
        "this round has no Pflichtsoli: every solo is a Lustsolo",
    ),
    "round.pflicht_done": (
        "{name}: Pflichtsolo schon gespielt – ein weiteres Solo ist ein Lustsolo",
        "{name}: Pflichtsolo already played – another solo is a Lustsolo",
    ),
    "round.pflicht_owed": (
        "{name}: Pflichtsolo noch nicht gespielt – ein Lustsolo ist nicht erlaubt",
        "{name}: Pflichtsolo not played yet – a Lustsolo is not allowed",
    ),
    "round.vorf_due": (
        "eine Vorführung ist fällig: Pflichtsolo in diesem Spiel – {name}",
        "a Vorführung is due: Pflichtsolo in this game – {name}",
    ),
    "round.player_number": (
        "player muss eine Spielernummer 0..{last} sein, nicht {value!r}",
        "player must be a player number 0..{last}, got {value!r}",
    ),
    "round.penalty_kind": (
        "die Art des Regelverstoßes ist minor (geringfügig) oder serious (schwerwiegend), "
        "nicht {kind!r}",
        "the kind of violation is minor or serious, not {kind!r}",
    ),
    "round.absagen": (
        "die Zahl der Absagen ist 0..4 (keine 90, 60, 30, schwarz), nicht {value!r}",
        "the number of Absagen is 0..4 (keine 90, 60, 30, schwarz), not {value!r}",
    ),
    "round.penalty_contract": (
        "contract ist solo, silent_marriage oder marriage_solo, nicht {contract!r}",
        "contract is solo, silent_marriage or marriage_solo, not {contract!r}",
    ),
    "round.sitter_penalty": (
        "der Geber sitzt in diesem Spiel ({name}) und spielt nicht mit",
        "the dealer sits out this game ({name}) and takes no part",
    ),
    "round.harms_offender": (
        "„zum Nachteil des Solospielers“ (9.3.3 b1) verlangt einen Solisten, der nicht der "
        "Verursacher ist",
        "'harms the soloist' (9.3.3 b1) needs a soloist other than the offender",
    ),
    "round.minor_absagen": (
        "Absagen zählen nur bei einem schwerwiegenden Regelverstoß",
        "Absagen only matter for a serious violation",
    ),
    "round.harms_minor": (
        "„zum Nachteil des Solospielers“ ist ein Fall des geringfügigen Regelverstoßes",
        "'harms the soloist' is a case of a minor violation",
    ),
    "round.counts_as_played": (
        "pflichtsolo/contract beschreiben nur ein Solo, das als gespielt gilt (9.4.4)",
        "pflichtsolo/contract only describe a solo that counts as played (9.4.4)",
    ),
    "round.over_time": (
        "die Spielzeit ist abgelaufen und kein Pflichtsolo steht aus: die Runde ist beendet",
        "the playing time is over and no Pflichtsolo is outstanding: the round is over",
    ),
    "round.over_games": (
        "die Runde ist beendet: alle {games} Spiele sind gespielt",
        "the round is over: all {games} games are played",
    ),
    "round.sheet_checks": (
        "der Eintrag besteht die Prüfung nicht: {problems}",
        "the entry fails the sheet checks: {problems}",
    ),
    "round.at": (
        "'at' muss eine Zeit in Sekunden sein, nicht {value!r}",
        "'at' must be a time in seconds, got {value!r}",
    ),
    "round.entry_type": (
        "unbekannter Eintrag {type!r}",
        "unknown entry type {type!r}",
    ),
    # session: round files (doko.session.RoundFileError)
    "round.file_exists": (
        "{path} gibt es schon",
        "{path} exists already",
    ),
    "round.file_not_object": (
        "eine Rundendatei enthält ein JSON-Objekt",
        "a round file holds a JSON object",
    ),
    "round.file_unknown_keys": (
        "unbekannte Schlüssel: {keys}",
        "unknown keys: {keys}",
    ),
    "round.file_format": (
        "'format' muss {format!r} sein",
        "'format' must be {format!r}",
    ),
    "round.file_players": (
        "'players' muss eine Liste von Namen sein",
        "'players' must be a list of names",
    ),
    "round.file_games": (
        "'games' muss eine Zahl oder null sein",
        "'games' must be a number or null",
    ),
    "round.file_pflichtsoli": (
        "'pflichtsoli' muss true oder false sein",
        "'pflichtsoli' must be true or false",
    ),
    "round.file_number": (
        "{key!r} muss eine Zahl oder null sein",
        "{key!r} must be a number or null",
    ),
    "round.file_rules": (
        "'rules': {why}",
        "'rules': {why}",
    ),
    "round.file_entries": (
        "'entries' muss eine Liste sein",
        "'entries' must be a list",
    ),
    "round.file_entry_object": (
        "Eintrag {n} ist kein Objekt",
        "entry {n} is not an object",
    ),
    "round.file_entry": (
        "Eintrag {n}: {why}",
        "entry {n}: {why}",
    ),
    "round.file_scores": (
        "Eintrag {n}: die Datei sagt {stored}, die Regeln ergeben {scores}",
        "entry {n}: the file says {stored}, the rules give {scores}",
    ),
    "round.file_kind": (
        "das ist {kind} ({format}), keine Rundendatei: erwartet wird eine Rundendatei "
        "({expected}), wie doko play --round oder doko sheet new sie anlegen",
        "this is {kind} ({format}), not a round file: a round file ({expected}) is expected, "
        "as doko play --round or doko sheet new make one",
    ),
    "round.kind_game": (
        "ein Spielbericht eines einzelnen Spiels",
        "the record of a single game",
    ),
    "round.file_current": (
        "das laufende Spiel: {why}",
        "the game in progress: {why}",
    ),
    # session: the checks of TSR 7.3.3 over the Spielliste (Round.check)
    "round.check_game": (
        "Spiel {n}",
        "game {n}",
    ),
    "round.check_penalty": (
        "Strafe",
        "penalty",
    ),
    "round.check_sum": (
        "{label}: Quersumme {total}, nicht 0 (TSR 7.3.3 Nr. 1)",
        "{label}: the row sums to {total}, not 0 (TSR 7.3.3 item 1)",
    ),
    "round.check_sitter": (
        "{label}: der Geber sitzt ({name}) und bekommt 0 Punkte (TSR 10.1.2)",
        "{label}: the dealer {name} sits out and scores 0 (TSR 10.1.2)",
    ),
    "round.check_parity": (
        "{label}: Punkte {scores} weder alle gerade noch alle ungerade (TSR 7.3.3 Nr. 2)",
        "{label}: points {scores} are neither all even nor all odd (TSR 7.3.3 item 2)",
    ),
    "round.check_running": (
        "Zwischensumme falsch nach {n}",
        "running totals wrong after {n}",
    ),
    "round.check_totals": (
        "Summen falsch",
        "totals wrong",
    ),
    # call hints (doko.engine.callhints, both front ends): what is possible now, what stays
    # possible if the seat waits, what waiting costs (TSR 6.2.2, 6.3.2, 6.3.4, 6.4.2-6.4.4)
    "callhint.head": (
        "Ansagen: {groups}",
        "Calls: {groups}",
    ),
    "callhint.range": (
        "{first} bis {last}",
        "{first} to {last}",
    ),
    "callhint.last": (
        "{calls} – nur noch jetzt",
        "{calls} – only now",
    ),
    "callhint.until": (
        "{calls}, solange du mindestens {n} Karten hast",
        "{calls} while you hold at least {n} cards",
    ),
    "callhint.reply_now": (
        "{call} nur noch als Erwiderung: danach keine Absage (TSR 6.4.4)",
        "{call} only as a late reply now: no Absage after it (TSR 6.4.4)",
    ),
    "callhint.then_reply": (
        "Danach nur noch {call} als Erwiderung, ohne Absage (TSR 6.4.4)",
        "After that only {call} as a late reply, without Absage (TSR 6.4.4)",
    ),
    "callhint.then_none": (
        "Danach {call} nur als Erwiderung auf eine Ansage, ohne Absage (TSR 6.4.4)",
        "After that {call} only as a reply to an Ansage, without Absage (TSR 6.4.4)",
    ),
    "callhint.with_first": (
        "Absagen nur zusammen mit {call} oder danach (TSR 6.3.2)",
        "Absagen only together with {call} or after it (TSR 6.3.2)",
    ),
    # the terminal (doko play)
    "tui.you": (
        "Du",
        "You",
    ),
    "tui.title": (
        "Doppelkopf",
        "Doppelkopf",
    ),
    "tui.game": (
        "Spiel",
        "Game",
    ),
    "tui.game_n": (
        "Spiel {n}",
        "Game {n}",
    ),
    "tui.game_n_of": (
        "Spiel {n}/{total}",
        "Game {n}/{total}",
    ),
    "tui.dealer": (
        "Geber {name}",
        "dealer {name}",
    ),
    "tui.rules": (
        "Regeln {name}",
        "rules {name}",
    ),
    "tui.bock": (
        "Bock ×{m}",
        "Bock ×{m}",
    ),
    "tui.query": (
        "Vorbehaltsabfrage",
        "Vorbehaltsabfrage (reservations)",
    ),
    "tui.forced": (
        "Vorführung: {name}",
        "Vorführung: {name}",
    ),
    "tui.naming": (
        "Vorbehalt wird getauft",
        "naming the Vorbehalt",
    ),
    "tui.trick_n": (
        "Stich {n}",
        "Trick {n}",
    ),
    "tui.trick_of": (
        "Stich {n} von {total}",
        "Trick {n} of {total}",
    ),
    "tui.lead": (
        "Aufspiel {name}",
        "lead {name}",
    ),
    "tui.to_move": (
        "am Zug: {name}",
        "to move: {name}",
    ),
    "tui.trick_to": (
        "Stich {n} → {name} ({eyes} Augen)",
        "Trick {n} → {name} ({eyes} Augen)",
    ),
    "tui.cards": (
        "{n} Karten",
        "{n} cards",
    ),
    "tui.card1": (
        "1 Karte",
        "1 card",
    ),
    "tui.healthy": (
        "gesund",
        "healthy",
    ),
    "tui.reservation": (
        "Vorbehalt",
        "Vorbehalt",
    ),
    "tui.parties": (
        "Parteien",
        "Parties",
    ),
    "tui.unknown": (
        "?",
        "?",
    ),
    "tui.calls_made": (
        "Angesagt",
        "Called",
    ),
    "tui.calls_none": (
        "noch keine",
        "none yet",
    ),
    "tui.calls_after_klaerung": (
        "Ansagen erst nach dem Klärungsstich (TSR 6.4.2)",
        "Calls only after the Klärungsstich (TSR 6.4.2)",
    ),
    "tui.calls_over": (
        "Du kannst nichts mehr ansagen.",
        "You can make no more calls.",
    ),
    "tui.soloist_may": (
        "Als Solospieler: aufgeben, abkürzen (wenn alle Stiche sicher sind)",
        "As soloist: concede, claim (when every trick is certain)",
    ),
    "tui.soloist_may_claim": (
        "Als Solospieler: aufgeben, abkürzen",
        "As soloist: concede, claim",
    ),
    "tui.solo_mark": (
        " (Solo)",
        " (Solo)",
    ),
    "tui.type_diamonds": (
        "karo",
        "diamonds",
    ),
    "tui.type_hearts": (
        "herz",
        "hearts",
    ),
    "tui.type_spades": (
        "pik",
        "spades",
    ),
    "tui.type_clubs": (
        "kreuz",
        "clubs",
    ),
    "tui.type_queens": (
        "damen",
        "queens",
    ),
    "tui.type_jacks": (
        "buben",
        "jacks",
    ),
    "tui.type_meatless": (
        "fleischlos",
        "meatless",
    ),
    "tui.type_marriage": (
        "hochzeit",
        "marriage",
    ),
    "tui.type_pass": (
        "passe",
        "pass",
    ),
    "tui.hand": (
        "Deine Karten",
        "Your cards",
    ),
    "tui.trump": (
        "Trumpf",
        "Trump",
    ),
    "tui.trump_normal": (
        "Trumpf (Normalspiel)",
        "Trump (Normalspiel)",
    ),
    "tui.no_trump": (
        "kein Trumpf",
        "no trumps",
    ),
    "tui.owes": (
        "Du schuldest noch dein Pflichtsolo: ein Vorbehalt kann nur ein Pflichtsolo sein (TSR "
        "4.3.1).",
        "You still owe your Pflichtsolo: a Vorbehalt can only be your Pflichtsolo (TSR 4.3.1).",
    ),
    "tui.silent_you": (
        "Du hast beide Kreuz-Damen: gesund heißt stille Hochzeit (du allein gegen drei, TSR "
        "4.4.5).",
        "You hold both ♣Q: healthy means a stille Hochzeit (you alone against three, TSR 4.4.5).",
    ),
    "tui.prompt_query": (
        "Vorbehaltsabfrage – gesund oder vorbehalt?",
        "Vorbehaltsabfrage – healthy or reservation?",
    ),
    "tui.prompt_naming": (
        "Welcher Vorbehalt? {options}",
        "Which Vorbehalt? {options}",
    ),
    "tui.prompt_pflicht": (
        "Mehrere Vorbehalte: Pflichtsolo? {options}",
        "Several Vorbehalte: Pflichtsolo? {options}",
    ),
    "tui.prompt_lust": (
        "Mehrere Vorbehalte: Lustsolo? {options}",
        "Several Vorbehalte: Lustsolo? {options}",
    ),
    "tui.prompt_forced": (
        "Vorführung – welches Pflichtsolo? {options}",
        "Vorführung – which Pflichtsolo? {options}",
    ),
    "tui.prompt_card": (
        "Deine Karte (Nummer oder Code; ? = Hilfe)",
        "Your card (number or code; ? = help)",
    ),
    "tui.prompt_call": (
        "Ansage? (Enter = weiter)",
        "Call? (Enter = go on)",
    ),
    "tui.prompt_call_conceded": (
        "Der Solospieler hat aufgegeben; Kontra darf noch ansagen (TSR 5.4.7). Ansage? (Enter = "
        "weiter)",
        "The soloist conceded; Kontra may still call (TSR 5.4.7). Call? (Enter = go on)",
    ),
    "tui.prompt_continue": (
        "Enter = weiter",
        "Enter = go on",
    ),
    "tui.prompt_next_game": (
        "Enter = nächstes Spiel, ende = Runde unterbrechen",
        "Enter = next game, quit = pause the round",
    ),
    "tui.prompt_quit_round": (
        "Runde unterbrechen? Sie ist mit dem laufenden Spiel in {file} gespeichert; beim "
        "Fortsetzen geht dieses Spiel weiter. (j/n)",
        "Pause the round? It is saved in {file} with the game in progress, which goes on when "
        "you resume. (y/n)",
    ),
    "tui.prompt_concede": (
        "Wirklich aufgeben? Alle restlichen Stiche gehen an Kontra (TSR 5.4.6). (j/n)",
        "Really concede? Every remaining trick goes to Kontra (TSR 5.4.6). (y/n)",
    ),
    "tui.ev_answer": (
        "{name}: {answer}",
        "{name}: {answer}",
    ),
    "tui.ev_solo": (
        "{name}: {solo}",
        "{name}: {solo}",
    ),
    "tui.ev_marriage": (
        "{name}: Hochzeit",
        "{name}: Hochzeit",
    ),
    "tui.ev_pass": (
        "{name}: passe",
        "{name}: pass",
    ),
    "tui.ev_call": (
        "{name}: {call}!",
        "{name}: {call}!",
    ),
    "tui.ev_call_implied": (
        "{name}: {call}! (damit auch {implied})",
        "{name}: {call}! (so also {implied})",
    ),
    "tui.ev_concede": (
        "{name} gibt auf.",
        "{name} concedes.",
    ),
    "tui.ev_concede_you": (
        "Du gibst auf.",
        "You concede.",
    ),
    "tui.ev_claim": (
        "{name} kürzt ab: alle restlichen Stiche an {name}.",
        "{name} claims every remaining trick.",
    ),
    "tui.ev_claim_you": (
        "Du kürzt ab: alle restlichen Stiche an dich.",
        "You claim every remaining trick.",
    ),
    "tui.ev_play": (
        "{name}: {card}",
        "{name}: {card}",
    ),
    "tui.ev_game": (
        "Gespielt wird: {kind}.",
        "The game: {kind}.",
    ),
    "tui.ev_leads": (
        "{name} spielt aus.",
        "{name} leads.",
    ),
    "tui.ev_leads_you": (
        "Du spielst aus.",
        "You lead.",
    ),
    "tui.ev_partner": (
        "Klärungsstich: {name} spielt mit {hochzeiter}.",
        "Klärungsstich: {name} plays with {hochzeiter}.",
    ),
    "tui.ev_partner_you": (
        "Klärungsstich: du spielst mit {hochzeiter}.",
        "Klärungsstich: you play with {hochzeiter}.",
    ),
    "tui.ev_partner_of_you": (
        "Klärungsstich: {name} ist dein Partner.",
        "Klärungsstich: {name} is your partner.",
    ),
    "tui.ev_marriage_solo": (
        "{name} hat die ersten drei Stiche: Karo-Solo (TSR 4.4.3).",
        "{name} took the first three tricks: Karo-Solo (TSR 4.4.3).",
    ),
    "tui.ev_silent": (
        "Stille Hochzeit: {name} spielt allein.",
        "Stille Hochzeit: {name} plays alone.",
    ),
    "tui.ev_pending": (
        "Dein Vorbehalt wird getauft: {solo}",
        "Your Vorbehalt is named: {solo}",
    ),
    "tui.ev_deal": (
        "Geber: {dealer}. Zuerst gefragt: {first}.",
        "Dealer: {dealer}. Asked first: {first}.",
    ),
    "tui.ev_vorf": (
        "Vorführung: {name} muss das Pflichtsolo spielen (TSR 4.2.3).",
        "Vorführung: {name} must play the Pflichtsolo (TSR 4.2.3).",
    ),
    "tui.ev_vorf_you": (
        "Vorführung: du musst dein Pflichtsolo spielen (TSR 4.2.3).",
        "Vorführung: you must play your Pflichtsolo (TSR 4.2.3).",
    ),
    "tui.last_none": (
        "Es gibt noch keinen Stich.",
        "No trick has been played yet.",
    ),
    "tui.last_trick": (
        "Voriger Stich ({n}): {cards} → {name} ({eyes} Augen)",
        "Previous trick ({n}): {cards} → {name} ({eyes} Augen)",
    ),
    "tui.err_unknown": (
        "Unbekannte Eingabe „{word}“. ? zeigt, was du eingeben kannst.",
        "Unknown input “{word}”. ? shows what you can type.",
    ),
    "tui.err_position": (
        "Du hast {n} Karten: gib eine Nummer von 1 bis {n} ein.",
        "You hold {n} cards: type a number from 1 to {n}.",
    ),
    "tui.err_position1": (
        "Du hast nur noch eine Karte: 1.",
        "You hold only one card: 1.",
    ),
    "tui.err_not_in_hand": (
        "Du hast {card} nicht auf der Hand.",
        "You do not hold {card}.",
    ),
    "tui.err_empty_play": (
        "Du bist am Zug: spiel eine Karte (Nummer oder Code), ? = Hilfe.",
        "Your turn: play a card (number or code), ? = help.",
    ),
    "tui.err_query_first": (
        "Erst „vorbehalt“ sagen – das Solo taufst du, wenn du gefragt wirst. (Gemerkt: {solo})",
        "Say “reservation” first – you name the solo when you are asked. (Noted: {solo})",
    ),
    "tui.err_mixed": (
        "Befehle wie „{word}“ bitte allein eingeben.",
        "Please type commands such as “{word}” on their own.",
    ),
    "tui.err_no_sheet": (
        "Eine Spielliste gibt es nur in einer Runde (--round).",
        "There is a score sheet only in a round (--round).",
    ),
    "tui.err_not_now": (
        "Jetzt nicht: {reason}",
        "Not now: {reason}",
    ),
    "tui.end_title": (
        "Spielende",
        "End of the game",
    ),
    "tui.end_how_played": (
        "Alle Stiche gespielt.",
        "All tricks played.",
    ),
    "tui.end_how_conceded": (
        "{name} hat aufgegeben (TSR 5.4.6).",
        "{name} conceded (TSR 5.4.6).",
    ),
    "tui.end_how_claimed": (
        "{name} hat abgekürzt (TSR 5.4.4).",
        "{name} claimed the rest (TSR 5.4.4).",
    ),
    "tui.end_how_conceded_you": (
        "Du hast aufgegeben (TSR 5.4.6).",
        "You conceded (TSR 5.4.6).",
    ),
    "tui.end_how_claimed_you": (
        "Du hast abgekürzt (TSR 5.4.4).",
        "You claimed the rest (TSR 5.4.4).",
    ),
    "tui.end_party": (
        "{party} ({names}): {eyes} Augen, {tricks} Stiche",
        "{party} ({names}): {eyes} Augen, {tricks} tricks",
    ),
    "tui.end_points": (
        "Punkte",
        "Points",
    ),
    "tui.sheet_title": (
        "Spielliste",
        "Score sheet (Spielliste)",
    ),
    "tui.sheet_nr": (
        "Nr",
        "No",
    ),
    "tui.sheet_dealer": (
        "Geber",
        "Dealer",
    ),
    "tui.sheet_kind": (
        "Spiel",
        "Game",
    ),
    "tui.sheet_sum": (
        "Summe",
        "Total",
    ),
    "tui.sheet_more": (
        "… {n} frühere Spiele (liste zeigt alle)",
        "… {n} earlier games (sheet shows all)",
    ),
    "tui.pflicht": (
        "Pflichtsolo",
        "Pflichtsolo",
    ),
    "tui.lust": (
        "Lustsolo",
        "Lustsolo",
    ),
    "tui.vorf": (
        "Vorführung",
        "Vorführung",
    ),
    "tui.marriage_solo": (
        "Hochzeit → Karo-Solo",
        "Hochzeit → Karo-Solo",
    ),
    "tui.round_saved": (
        "Die Runde ist in {file} gespeichert. Weiter mit: doko play --resume {file}",
        "The round is saved in {file}. Resume with: doko play --resume {file}",
    ),
    "tui.round_over": (
        "Die Runde ist beendet.",
        "The round is over.",
    ),
    "tui.round_start": (
        "Neue Runde mit {games}: {file}",
        "New round of {games}: {file}",
    ),
    "tui.round_resume": (
        "Runde {file} wird fortgesetzt: {n} Spiele gespielt.",
        "Resuming round {file}: {n} games played.",
    ),
    "tui.round_games": (
        "{n} Spielen",
        "{n} games",
    ),
    "tui.round_open": (
        "offener Liste",
        "open-ended list",
    ),
    "tui.place": (
        "{rank}. {name} {total}",
        "{rank}. {name} {total}",
    ),
    "tui.ranking": (
        "Endstand",
        "Final standing",
    ),
    "tui.quit_game": (
        "Spiel abgebrochen.",
        "Game abandoned.",
    ),
    "tui.seed": (
        "Nochmal dasselbe Spiel: doko play --seed {seed}",
        "The same game again: doko play --seed {seed}",
    ),
    "tui.saved_game": (
        "Spielbericht gespeichert: {file}",
        "Game record saved: {file}",
    ),
    "tui.thinking": (
        "{name} überlegt …",
        "{name} is thinking …",
    ),
    "tui.help_title": (
        "Eingaben (Groß/Klein egal, Deutsch oder Englisch)",
        "Input (any case, German or English)",
    ),
    "tui.help": (
        """\
  3  QC  ♣D  kreuz dame  10H   Karte spielen: Nummer (fest für das Spiel), Code, Name
  re  kontra                  Ansage (Re: die Partei mit ♣D)
  keine 90 (k90)  keine 60  keine 30  schwarz      Absagen
  re 3   3 re                 ansagen und Karte 3 spielen (oder umgekehrt)
  gesund  vorbehalt           Vorbehaltsabfrage
  damen buben fleischlos karo herz pik kreuz       ein Solo taufen
  könige damenbuben königedamen königebuben köhler  Bildersoli (Hausregel)
  hochzeit  passe             Hochzeit (beide ♣D) / passen (mehrere Vorbehalte)
  aufgeben  abkürzen          nur als Solospieler (TSR 5.4)
  zurück                      den Vorbehalt zurücknehmen (TSR 4.1.2); die letzte Karte
                              zurücknehmen (mit --take-back)
  last (letzter)              den vorigen Stich zeigen (TSR 5.3.5)
  liste                       die Spielliste (in einer Runde)
  quit (ende)                 beenden; eine Runde bleibt gespeichert

Ansagen machst du an deinen eigenen Eingaben. Deine Fristen hängen nur davon ab, wie \
viele Karten du hast, und die ändern sich nur, wenn du spielst: du verpasst also keine. \
Mit --ask-calls fragt das Programm zusätzlich vor jeder Karte der anderen.""",
        """\
  3  QC  ♣Q  queen clubs  10H  play a card: number (fixed for the game), code, name
  re  kontra                  first Ansage (Re: the ♣Q party)
  keine 90 (k90, no90)  keine 60  keine 30  schwarz (black)     Absagen
  re 3   3 re                 call and play card 3 (or the other way round)
  healthy  reservation        Vorbehaltsabfrage (gesund / vorbehalt)
  queens jacks meatless diamonds hearts spades clubs   name a solo
  kings queensjacks kingsqueens kingsjacks koehler   picture solos (house rule)
  marriage  pass              Hochzeit (both ♣Q) / pass (several Vorbehalte)
  concede  claim              soloist only (TSR 5.4)
  undo (withdraw)             take your Vorbehalt back (TSR 4.1.2); take your last card
                              back (with --take-back)
  last                        show the previous trick (TSR 5.3.5)
  sheet                       the score sheet (in a round)
  quit                        stop; a round stays saved

You call at your own prompts. Your deadlines depend only on how many cards you hold, \
which changes only when you play: you never miss one. With --ask-calls the program also \
asks before every card of the others.""",
    ),
    # the terminal (doko play), issue 17: the trick log, fixed card numbers, taking a card
    # back, confirming a card, a paused game that goes on, "du" in the events
    "tui.trick_log": (
        "Stich {n}: {cards} → {name} ({eyes} Augen)",
        "Trick {n}: {cards} → {name} ({eyes} Augen)",
    ),
    "tui.ev_silent_you": (
        "Stille Hochzeit: du spielst allein.",
        "Stille Hochzeit: you play alone.",
    ),
    "tui.ev_marriage_solo_you": (
        "Du hast die ersten drei Stiche: Karo-Solo (TSR 4.4.3).",
        "You took the first three tricks: Karo-Solo (TSR 4.4.3).",
    ),
    "tui.ev_resumed": (
        "Das unterbrochene Spiel geht weiter ({n} Stiche gespielt).",
        "The paused game goes on ({n} tricks played).",
    ),
    "tui.prompt_confirm_card": (
        "{card} spielen? (j/n)",
        "Play {card}? (y/n)",
    ),
    "tui.prompt_take_back": (
        "Enter = weiter, zurück = Karte zurücknehmen",
        "Enter = go on, undo = take the card back",
    ),
    "tui.err_take_back_prompt": (
        "Enter = weiter; „zurück“ nimmt die Karte zurück; eine Ansage geht hier auch.",
        "Enter goes on; “undo” takes the card back; a call can be made here too.",
    ),
    "tui.err_take_back_off": (
        "Zurücknehmen ist ausgeschaltet (doko play --take-back schaltet es ein).",
        "Taking a card back is off (doko play --take-back turns it on).",
    ),
    "tui.err_take_back_late": (
        "Zurücknehmen geht nur mit deiner letzten Karte, bevor die nächste gespielt ist.",
        "You can take back only your last card, before the next card is played.",
    ),
    "tui.took_back": (
        "{card} zurückgenommen: du bist wieder am Zug.",
        "{card} taken back: it is your turn again.",
    ),
    "tui.err_label": (
        "Deine Karten haben die Nummern 1 bis {size}: gib die Nummer einer Karte auf deiner "
        "Hand ein.",
        "Your cards are numbered 1 to {size}: type the number of a card in your hand.",
    ),
    "tui.err_label_played": (
        "Karte {n} ({card}) hast du schon gespielt; die Nummern bleiben das ganze Spiel gleich.",
        "You played card {n} ({card}) already; the numbers stay the same for the whole game.",
    ),
    # doko arena
    "cli.arena.backend": (
        "Backend der Tischspiele: {backend}",
        "backend of the table's games: {backend}",
    ),
    "cli.arena.head": (
        "Arena: {cand} gegen {base}, {n} Deals (Seed {seed}), je Deal 1 + 4 Spiele, {t} s",
        "Arena: {cand} against {base}, {n} deals (seed {seed}), 1 + 4 games per deal, {t} s",
    ),
    "cli.arena.diff": (
        "Punkte je Spiel, Kandidat minus Basis: {d}  (95 %-Intervall {lo} bis {hi})",
        "Points per game, candidate minus baseline: {d}  (95% interval {lo} to {hi})",
    ),
    "cli.arena.per_game": (
        "Punkte je Spiel: Kandidat {c}, Basis {b} (gleiche Deals und Plätze)",
        "Points per game: candidate {c}, baseline {b} (same deals and seats)",
    ),
    "cli.arena.table": (
        "{who:<12} {re:>10} {ko:>10} {solo:>9} {sw:>9} {call:>9} {cw:>9} {med:>9} {p95:>9}",
        "{who:<12} {re:>10} {ko:>10} {solo:>9} {sw:>9} {call:>9} {cw:>9} {med:>9} {p95:>9}",
    ),
    "cli.arena.cols1": (
        "Sieg Re",
        "won as Re",
    ),
    "cli.arena.cols2": (
        "Sieg Ko",
        "won as Ko",
    ),
    "cli.arena.cols3": (
        "Soli",
        "solos",
    ),
    "cli.arena.cols4": (
        "Solo gew",
        "solo won",
    ),
    "cli.arena.cols5": (
        "Ansagen",
        "calls",
    ),
    "cli.arena.cols6": (
        "Ans. gew",
        "call won",
    ),
    "cli.arena.cols7": (
        "ms Med.",
        "ms median",
    ),
    "cli.arena.cols8": (
        "ms p95",
        "ms p95",
    ),
    "cli.arena.match": (
        "Dieselben Spieler spielen je {m} Deals hintereinander.",
        "The same players play {m} deals in a row.",
    ),
    "cli.arena.cand": (
        "Kandidat",
        "candidate",
    ),
    "cli.arena.base": (
        "Basis",
        "baseline",
    ),
    "cli.arena.bad_opt": (
        "doko arena: Spieleroption {opt!r}: erwartet NAME=WERT",
        "doko arena: player option {opt!r}: expected NAME=VALUE",
    ),
    "cli.arena.bad_player": (
        "doko arena: {why}",
        "doko arena: {why}",
    ),
    # doko arena: equal time, playouts per decision, the sequential stop (issue 16)
    "cli.arena.equal_time": (
        "Gleiche Zeit: {ms} ms je Entscheidung für beide Spieler, die ein Zeitbudget nehmen.",
        "Equal time: {ms} ms per decision for both players that take a time budget.",
    ),
    "cli.arena.playouts": (
        "Playouts je Entscheidung (Median) und je Sekunde: {who} {med} und {rate}",
        "Playouts per decision (median) and per second: {who} {med} and {rate}",
    ),
    "cli.arena.seq_stopped": (
        "Sequentieller Abbruch: klar nach {n} von {planned} Deals; Intervall {lo} bis {hi} "
        "schließt {target} aus (Niveau dieses Blicks {level}, O'Brien-Fleming-Verbrauch von "
        "5 %).",
        "Sequential stop: clear after {n} of {planned} deals; interval {lo} to {hi} excludes "
        "{target} (this look's level {level}, O'Brien-Fleming spending of 5%).",
    ),
    "cli.arena.seq_full": (
        "Sequentieller Abbruch: bis zum Ende gespielt ({n} Deals, {looks} Blicke); "
        "Intervall des letzten Blicks {lo} bis {hi} (Ziel {target}).",
        "Sequential stop: played to the end ({n} deals, {looks} looks); last look's interval "
        "{lo} to {hi} (target {target}).",
    ),
    # doko bench
    "cli.bench.head": (
        "doko bench: ein Kern, Python {py}",
        "doko bench: one core, Python {py}",
    ),
    "cli.bench.games": (
        "Zufallsspiele (komplett, alle Regelprüfungen an)",
        "random full games (all legality checks on)",
    ),
    "cli.bench.plays": (
        "Kartenzüge ab Spielmitte (nach Stich {n}, clone + Zufallskarten)",
        "card plays from mid-game (after trick {n}, clone + random cards)",
    ),
    "cli.bench.loop": (
        "Aktionen aus einer Python-Schleife (legal_actions + apply)",
        "actions from a Python loop (legal_actions + apply)",
    ),
    "cli.bench.solver": (
        "Löser-Knoten (letzte {n} Stiche, exakt)",
        "solver nodes (last {n} tricks, exact)",
    ),
    "cli.bench.ratio": (
        "Faktor",
        "ratio",
    ),
    "cli.bench.counts": (
        "{backend}: {games} Spiele, {plays} Kartenzüge, {actions} Schleifen-Aktionen, "
        "{positions} Löser-Stellungen zu je {ms} ms",
        "{backend}: {games} games, {plays} card plays, {actions} loop actions, "
        "{positions} solver positions of {ms} ms each",
    ),
    # doko replay
    "cli.replay.seat": (
        "Platz {s}",
        "seat {s}",
    ),
    "cli.replay.seats": (
        "Platz {s}",
        "seats {s}",
    ),
    "cli.replay.rules": (
        "Regeln",
        "rules",
    ),
    "cli.replay.dealer": (
        "Geber",
        "dealer",
    ),
    "cli.replay.owes": (
        "Pflichtsolo offen",
        "Pflichtsolo still owed",
    ),
    "cli.replay.vorf": (
        "Vorführung",
        "Vorführung",
    ),
    "cli.replay.hands": (
        "Karten",
        "Hands",
    ),
    "cli.replay.query": (
        "Vorbehaltsabfrage",
        "Vorbehaltsabfrage",
    ),
    "cli.replay.vorf_line": (
        "Vorführung: {seat} muss das Pflichtsolo spielen (TSR 4.2.3)",
        "Vorführung: {seat} must play the Pflichtsolo (TSR 4.2.3)",
    ),
    "cli.replay.game": (
        "Spiel",
        "Game",
    ),
    "cli.replay.soloist": (
        "Solist",
        "soloist",
    ),
    "cli.replay.hochzeiter": (
        "Hochzeiter",
        "Hochzeiter",
    ),
    "cli.replay.silent": (
        "{seat} hat beide Kreuz-Damen",
        "{seat} holds both ♣Q",
    ),
    "cli.replay.tricks": (
        "Stiche",
        "Tricks",
    ),
    "cli.replay.trick": (
        "Stich {n}",
        "Trick {n}",
    ),
    "cli.replay.unfinished_trick": (
        "Stich {n} (unvollständig)",
        "Trick {n} (unfinished)",
    ),
    "cli.replay.leads": (
        "spielt aus",
        "leads",
    ),
    "cli.replay.wins": (
        "→ {seat} ({party}), {eyes} Augen",
        "→ {seat} ({party}), {eyes} Augen",
    ),
    "cli.replay.ansage": (
        "{seat}: Ansage „{call}“ ({party}, {n} Karten auf der Hand)",
        "{seat} announces „{call}“ ({party}, {n} cards in hand)",
    ),
    "cli.replay.absage": (
        "{seat}: Absage „{call}“ ({party}, {n} Karten auf der Hand)",
        "{seat} calls „{call}“ ({party}, {n} cards in hand)",
    ),
    "cli.replay.implied": (
        "; damit auch {lower}",
        "; this includes {lower}",
    ),
    "cli.replay.klaerung": (
        "Klärungsstich: {seat} wird Partner der Hochzeit (Re)",
        "Klärungsstich: {seat} becomes the Hochzeit partner (Re)",
    ),
    "cli.replay.marriage_solo": (
        "{seat} gewinnt die Stiche 1 bis 3 allein: die Hochzeit wird ein Karo-Solo (TSR 4.4.3)",
        "{seat} wins tricks 1 to 3 alone: the Hochzeit becomes a diamonds solo (TSR 4.4.3)",
    ),
    "cli.replay.concede": (
        "{seat} gibt auf: alle übrigen Karten gehen an Kontra (TSR 5.4.6)",
        "{seat} concedes: every remaining card goes to Kontra (TSR 5.4.6)",
    ),
    "cli.replay.claim": (
        "{seat} kürzt ab und beansprucht alle übrigen Stiche (TSR 5.4.4)",
        "{seat} claims all remaining tricks (TSR 5.4.4)",
    ),
    "cli.replay.doppelkopf": (
        "Doppelkopf",
        "Doppelkopf",
    ),
    "cli.replay.fox": (
        "Fuchs gefangen",
        "Fuchs caught",
    ),
    "cli.replay.charlie": (
        "Karlchen",
        "Karlchen",
    ),
    "cli.replay.result": (
        "Ergebnis",
        "Result",
    ),
    "cli.replay.eyes_tricks": (
        "{eyes} Augen, {tricks} Stiche",
        "{eyes} Augen, {tricks} tricks",
    ),
    "cli.replay.eyes_trick": (
        "{eyes} Augen, {tricks} Stich",
        "{eyes} Augen, {tricks} trick",
    ),
    "cli.replay.calls": (
        "Ansagen",
        "Calls",
    ),
    "cli.replay.no_call": (
        "keine",
        "none",
    ),
    "cli.replay.score": (
        "Wertung (TSR 7.2)",
        "Score (TSR 7.2)",
    ),
    "cli.replay.item": (
        "Posten",
        "Item",
    ),
    "cli.replay.total": (
        "Summe",
        "Total",
    ),
    "cli.replay.winner": (
        "Gewinner",
        "Winner",
    ),
    "cli.replay.nobody": (
        "keiner (TSR 7.1.3)",
        "nobody (TSR 7.1.3)",
    ),
    "cli.replay.value": (
        "Spielwert",
        "Game value",
    ),
    "cli.replay.points": (
        "Punkte",
        "Points",
    ),
    "cli.replay.unfinished": (
        "Das Spiel ist nicht beendet: {n} von 12 Stichen gespielt, als Nächstes ist {seat} dran.",
        "The game is not finished: {n} of 12 tricks played, {seat} is next.",
    ),
    "cli.replay.unfinished_query": (
        "Das Spiel ist nicht beendet: der Spieltyp steht noch nicht fest, als Nächstes ist "
        "{seat} dran.",
        "The game is not finished: the game type is not settled yet, {seat} is next.",
    ),
    "cli.replay.so_far": (
        "bisher",
        "so far",
    ),
    "cli.replay.no_score": (
        "keine Wertung: {why}",
        "no score: {why}",
    ),
    "cli.replay.aborted": (
        "Abbruch: Aktion {index} ist regelwidrig (Backend: {backend}).",
        "Stopped: action {index} is illegal (backend: {backend}).",
    ),
    "cli.replay.illegal": (
        "Aktion {index} ({seat}: {what}) ist regelwidrig: {why}",
        "action {index} ({seat}: {what}) is illegal: {why}",
    ),
    "cli.replay.bad_file": (
        "ungültige Spieldatei {file}: {why}",
        "invalid game file {file}: {why}",
    ),
    "cli.replay.cannot_read": (
        "kann {file} nicht lesen: {why}",
        "cannot read {file}: {why}",
    ),
    "cli.replay.valid": (
        "Die Aufzeichnung ist gültig (Backend: {backend}).",
        "The record is valid (backend: {backend}).",
    ),
    "cli.replay.too_deep": (
        "zu tief verschachtelt",
        "nested too deeply",
    ),
    # doko sheet
    "cli.sheet.no_action": (
        "doko sheet: Fehler: eine Aktion angeben: new, add, penalty, time-up, show",
        "doko sheet: error: give an action: new, add, penalty, time-up, show",
    ),
    "cli.sheet.bad_games": (
        "--games: {games} ist keine Zahl, 'open' oder 'tsr'",
        "--games: {games} is not a number, 'open' or 'tsr'",
    ),
    "cli.sheet.not_object": (
        "die Zusammenfassung muss ein JSON-Objekt sein",
        "the summary must be a JSON object",
    ),
    "cli.sheet.no_re_players": (
        "\"re_players\" fehlt: die Re-Spieler (Nummern oder Namen)",
        "\"re_players\" is missing: the Re players (numbers or names)",
    ),
    "cli.sheet.re_players_list": (
        "\"re_players\" muss eine Liste sein",
        "\"re_players\" must be a list",
    ),
    "cli.sheet.error": (
        "Fehler",
        "error",
    ),
    "cli.sheet.created": (
        "Neue Spielliste {file}: {players}",
        "New score sheet {file}: {players}",
    ),
    "cli.sheet.game": (
        "Spiel {n} eingetragen: {kind}{bock}: {scores}",
        "Game {n} entered: {kind}{bock}: {scores}",
    ),
    "cli.sheet.penalty": (
        "Strafpunkte eingetragen (TSR {clause}): {scores}",
        "Penalty entered (TSR {clause}): {scores}",
    ),
    "cli.sheet.time_up": (
        "Ende der Spielzeit eingetragen.",
        "End of the playing time recorded.",
    ),
    "cli.sheet.not_found": (
        "unbekannter Spieler {who!r} (Position 1..{last} oder Name)",
        "unknown player {who!r} (position 1..{last} or name)",
    ),
    # doko simulate
    "cli.simulate.backend": (
        "Backend: {backend}",
        "backend: {backend}",
    ),
    "cli.simulate.head": (
        "{n} Spiele (Seed {seed}) in {t} s: {rate} Spiele/s",
        "{n} games (seed {seed}) in {t} s: {rate} games/s",
    ),
    "cli.simulate.kinds": (
        "Spielarten",
        "Game kinds",
    ),
    "cli.simulate.calls": (
        "Ansagen und Absagen (je Ansage die angesagte Stufe)",
        "Calls (each call counted at the level called)",
    ),
    "cli.simulate.no_calls": (
        "keine",
        "none",
    ),
    "cli.simulate.avg_eyes": (
        "Augen von Re im Schnitt",
        "Average Augen of Re",
    ),
    "cli.simulate.ended": (
        "Aufgegeben (TSR 5.4.6): {c} · Abgekürzt (TSR 5.4.4): {a}",
        "Conceded (TSR 5.4.6): {c} · claimed (TSR 5.4.4): {a}",
    ),
    "cli.simulate.winners": (
        "Gewinner: Re {re} · Kontra {ko} · keiner {none}",
        "Winner: Re {re} · Kontra {ko} · nobody {none}",
    ),
    "cli.simulate.wrote": (
        "{n} Aufzeichnungen nach {file} geschrieben",
        "wrote {n} records to {file}",
    ),
    "cli.simulate.cannot_write": (
        "kann {file} nicht schreiben: {why}",
        "cannot write {file}: {why}",
    ),
    "cli.simulate.marriage_solo": (
        "Hochzeit → Karo-Solo",
        "Hochzeit → diamonds solo",
    ),
    # doko solve
    "cli.solve.seat": (
        "Platz {s}",
        "seat {s}",
    ),
    "cli.solve.game": (
        "Spiel: {kind}",
        "Game: {kind}",
    ),
    "cli.solve.parties": (
        "Re: {re} · Kontra: {kontra}",
        "Re: {re} · Kontra: {kontra}",
    ),
    "cli.solve.before": (
        "Stand vor Stich {n}: Re {re_eyes} Augen ({re_tricks} Stiche), Kontra {k_eyes} Augen "
        "({k_tricks} Stiche)",
        "Before trick {n}: Re {re_eyes} Augen ({re_tricks} tricks), Kontra {k_eyes} Augen "
        "({k_tricks} tricks)",
    ),
    "cli.solve.hands": (
        "Karten",
        "Hands",
    ),
    "cli.solve.value_head": (
        "Double-Dummy-Wert (alle Karten offen, beide Parteien spielen bestens):",
        "Double-dummy value (all cards open, best play by both parties):",
    ),
    "cli.solve.value": (
        "  Re {re_eyes} Augen, {re_tricks} Stiche · Kontra {k_eyes} Augen, {k_tricks} Stiche",
        "  Re {re_eyes} Augen, {re_tricks} tricks · Kontra {k_eyes} Augen, {k_tricks} tricks",
    ),
    "cli.solve.tricks_note": (
        "  (Stiche entlang der gezeigten Spielfolge; bewertet werden die Augen)",
        "  (tricks along the line shown; the Augen are what is optimised)",
    ),
    "cli.solve.to_move": (
        "Am Zug: {seat} ({party})",
        "On turn: {seat} ({party})",
    ),
    "cli.solve.best": (
        "Beste Karte: {cards}",
        "Best card: {cards}",
    ),
    "cli.solve.values": (
        "Re-Augen am Ende nach jeder erlaubten Karte: {values}",
        "Re's final Augen after each legal card: {values}",
    ),
    "cli.solve.line": (
        "Beste Spielfolge:",
        "Best line of play:",
    ),
    "cli.solve.trick": (
        "  Stich {n}: {cards} → {seat} ({party}), {eyes} Augen",
        "  Trick {n}: {cards} → {seat} ({party}), {eyes} Augen",
    ),
    "cli.solve.stats": (
        "{nodes} Knoten, {ms} ms",
        "{nodes} nodes, {ms} ms",
    ),
    "cli.solve.cannot_read": (
        "kann {file} nicht lesen: {why}",
        "cannot read {file}: {why}",
    ),
    "cli.solve.bad_file": (
        "ungültige Spieldatei {file}: {why}",
        "invalid game file {file}: {why}",
    ),
    "cli.solve.illegal": (
        "Aktion {index} in {file} ist regelwidrig: {why}",
        "action {index} in {file} is illegal: {why}",
    ),
    "cli.solve.need_file": (
        "GAME.json und --trick N angeben (oder --bench)",
        "give GAME.json and --trick N (or --bench)",
    ),
    "cli.solve.trick_range": (
        "--trick muss zwischen 1 und {n} liegen, nicht {got}",
        "--trick must be between 1 and {n}, not {got}",
    ),
    "cli.solve.not_settled": (
        "der Spieltyp steht zu Stich {n} noch nicht fest ({why}); lösen lässt sich erst ab dem "
        "Ende der Klärung",
        "the game type is not settled by trick {n} ({why}); it can be solved from the end of the "
        "clarification on",
    ),
    "cli.solve.why_query": (
        "die Vorbehaltsabfrage ist nicht beendet",
        "the Vorbehaltsabfrage is not over",
    ),
    "cli.solve.why_marriage": (
        "Hochzeit vor dem Klärungsstich",
        "Hochzeit before the Klärungsstich",
    ),
    "cli.solve.ended": (
        "das Spiel endet vor Stich {n} ({how} nach {done} Stichen)",
        "the game ends before trick {n} ({how} after {done} tricks)",
    ),
    "cli.solve.short": (
        "die Aufzeichnung endet vor Stich {n} ({done} Stiche gespielt)",
        "the record ends before trick {n} ({done} tricks played)",
    ),
    "cli.solve.claimed": (
        "abgekürzt",
        "claimed",
    ),
    "cli.solve.conceded": (
        "aufgegeben",
        "conceded",
    ),
    "cli.solve.played": (
        "ausgespielt",
        "played out",
    ),
    "cli.solve.slow": (
        "Hinweis: {n} Stiche exakt zu lösen kann Minuten bis Stunden dauern (--time-limit "
        "begrenzt die Zeit)",
        "note: solving {n} tricks exactly can take minutes to hours (--time-limit bounds the time)",
    ),
    "cli.solve.timeout": (
        "Zeitlimit von {s} s erreicht, bevor der Wert feststand",
        "time limit of {s} s reached before the value was exact",
    ),
    "cli.solve.bench_head": (
        "doko solve --bench: ein Kern, Python {py}",
        "doko solve --bench: one core, Python {py}",
    ),
    "cli.solve.bench_what": (
        "letzte {t} Stiche von {n} zufälligen Normalspielen exakt gelöst",
        "last {t} tricks of {n} random Normalspiele solved exactly",
    ),
    "cli.solve.bench_value": (
        "  Wert:               Mittel {mean} ms (CPU {cpu} ms), Median {median} ms, Maximum "
        "{max} ms",
        "  value:           mean {mean} ms (CPU {cpu} ms), median {median} ms, max {max} ms",
    ),
    "cli.solve.bench_best": (
        "  Wert jeder Karte:   Mittel {mean} ms, Maximum {max} ms",
        "  value per card:  mean {mean} ms, max {max} ms",
    ),
    "cli.solve.bench_nodes": (
        "  Knoten:             Mittel {mean}, Maximum {max}; {rate} Knoten/s (CPU-Zeit: "
        "{cpu_rate} Knoten/s)",
        "  nodes:           mean {mean}, max {max}; {rate} nodes/s (CPU time: {cpu_rate} "
        "nodes/s)",
    ),
    "cli.solve.bench_unsolved": (
        "  {n} von {total} nicht binnen {s} s gelöst (mit {s} s gezählt)",
        "  {n} of {total} not solved within {s} s (counted at {s} s)",
    ),
    "cli.solve.bench_speedup": (
        "nativ gegen Python: {x}-mal so schnell (Mittel des Werts)",
        "native against Python: {x} times as fast (mean of the value)",
    ),
    "cli.solve.backend": (
        "Rechenkern: {name}",
        "Backend: {name}",
    ),
    "cli.solve.backend_python": (
        "Python",
        "Python",
    ),
    "cli.solve.backend_native": (
        "nativ (Rust)",
        "native (Rust)",
    ),

    # the analysis of games, hints and statistics (doko.analysis, doko analyze, doko stats,
    # the terminal's tipp/analyse, the web table's hint button and analysis view)
    "analysis.seat": ("Platz {n}", "Seat {n}"),
    "analysis.title": ("Analyse: {seat} ({party})", "Analysis: {seat} ({party})"),
    "analysis.summary": (
        "{n} Entscheidungen, {exact} davon exakt gelöst, {skipped} übersprungen "
        "(Hochzeit vor dem Klärungsstich, Vorbehalte einer Armut)",
        "{n} decisions, {exact} of them solved exactly, {skipped} skipped "
        "(Hochzeit before the Klärungsstich, the reservations of an Armut)",
    ),
    "analysis.open_loss": (
        "offen (alle Karten bekannt): {augen} Augen und {points} Punkte verschenkt "
        "(in den exakt gelösten Entscheidungen)",
        "open (all cards known): {augen} Augen and {points} points lost "
        "(in the decisions solved exactly)",
    ),
    "analysis.knowable_loss": (
        "erkennbar (aus Sicht des Platzes, {worlds} Welten je Entscheidung): "
        "{points} Punkte verschenkt, {mistakes} Fehler",
        "knowable (from the seat's view, {worlds} worlds per decision): "
        "{points} points lost, {mistakes} mistakes",
    ),
    "analysis.no_knowable": (
        "der erkennbare Verlust wurde nicht berechnet (0 Welten)",
        "the knowable loss was not computed (0 worlds)",
    ),
    "analysis.costliest": ("Die teuersten Fehler:", "The costliest mistakes:"),
    "analysis.costliest_open": (
        "Die größten offenen Verluste (nicht gegen das Erkennbare geprüft):",
        "The largest open losses (not checked against what was knowable):",
    ),
    "analysis.no_mistakes": ("Keine signifikanten Fehler.", "No significant mistakes."),
    "analysis.mistake": (
        "{rank}. Stich {trick}: {seat} – {action}; besser: {best}",
        "{rank}. trick {trick}: {seat} – {action}; better: {best}",
    ),
    "analysis.trick": (
        "Stich {trick}: {cards} → {winner} ({eyes} Augen)",
        "trick {trick}: {cards} → {winner} ({eyes} Augen)",
    ),
    "analysis.open_exact": (
        "offen: {value} statt {best} Augen, {points} statt {best_points} Punkte",
        "open: {value} instead of {best} Augen, {points} instead of {best_points} points",
    ),
    "analysis.open_bounds": (
        "offen: nur Schranken (Zeitlimit): Verlust {lo} bis {hi} Augen",
        "open: bounds only (time limit): a loss of {lo} to {hi} Augen",
    ),
    "analysis.knowable_exact": (
        "erkennbar: {loss} ± {se} Punkte Verlust ({worlds} Welten)",
        "knowable: a loss of {loss} ± {se} points ({worlds} worlds)",
    ),
    "analysis.knowable_bounds": (
        "erkennbar: nur Schranken (Zeitlimit): Verlust {lo} bis {hi} Augen im Mittel",
        "knowable: bounds only (time limit): a mean loss of {lo} to {hi} Augen",
    ),
    "analysis.decisions": ("Entscheidungen:", "Decisions:"),
    "analysis.row": (
        "Stich {trick:>2}  {action:<12} bester Zug: {best:<18} {open:<22} {knowable}",
        "trick {trick:>2}  {action:<12} best: {best:<18} {open:<22} {knowable}",
    ),
    "analysis.row_open": ("−{augen} Augen, −{points} Pkt.", "−{augen} Augen, −{points} pts"),
    "analysis.row_open_bounds": ("−{lo}…{hi} Augen (Schranke)", "−{lo}…{hi} Augen (bound)"),
    "analysis.row_knowable": ("erkennbar −{loss} ± {se}", "knowable −{loss} ± {se}"),
    "analysis.row_mistake": ("FEHLER", "MISTAKE"),
    "analysis.no_call": ("keine Ansage", "no call"),
    "analysis.not_called": ("ohne {call}", "without {call}"),
    "analysis.unknown": ("?", "?"),
    "analysis.footer": (
        "Rechenkern: {backend}, {seconds} s. Augen: die der eigenen Partei am Ende bei "
        "bestem Spiel beider Parteien; Punkte: TSR 7 auf die beste Fortsetzung angewandt.",
        "Backend: {backend}, {seconds} s. Augen: the own party's at the end with best play "
        "by both parties; points: TSR 7 applied to the best continuation.",
    ),
    "analysis.not_finished": (
        "das Spiel ist nicht zu Ende: nur ein beendetes Spiel wird analysiert",
        "the game is not finished: only a finished game is analysed",
    ),
    "analysis.party_re": ("Re", "Re"),
    "analysis.party_kontra": ("Kontra", "Kontra"),
    # the analysis of reservations (doko.analysis.reservations; helper "analysis")
    "analysis.mistake_reservation": (
        "{rank}. Vorbehaltsabfrage: {seat} – {action}; besser: {best}",
        "{rank}. reservations: {seat} – {action}; better: {best}",
    ),
    "analysis.open_reservation": (
        "offen: {points} statt {best_points} Punkte (ohne Ansagen, jedes Spiel ab der ersten "
        "Karte gelöst)",
        "open: {points} instead of {best_points} points (without calls, each game solved from "
        "its first card)",
    ),
    "analysis.open_reservation_bounds": (
        "offen: nur Schranken (Zeitlimit): Verlust {lo} bis {hi} Punkte",
        "open: bounds only (time limit): a loss of {lo} to {hi} points",
    ),
    "analysis.open_unvalued": (
        "offen: nicht bewertet (Hochzeit: die Parteien entscheidet erst der Klärungsstich)",
        "open: not valued (Hochzeit: the Klärungsstich decides the parties)",
    ),
    "analysis.row_reservation": (
        "Vorbehalt {action:<14} bester Zug: {best:<18} {open:<22} {knowable}",
        "reservation {action:<12} best: {best:<18} {open:<22} {knowable}",
    ),
    "analysis.row_points": ("−{points} Pkt.", "−{points} pts"),
    "analysis.row_points_bounds": ("−{lo}…{hi} Pkt. (Schranke)", "−{lo}…{hi} pts (bound)"),
    "analysis.row_unvalued": ("nicht bewertet", "not valued"),
    # hints (doko.analysis.hints): reasons never name a card the seat cannot see
    "hint.text": ("Tipp: {action}", "Hint: {action}"),
    "hint.with_reason": ("Tipp: {action} – {reason}", "Hint: {action} – {reason}"),
    "hint.reason.only": ("die einzige erlaubte Karte", "the only legal card"),
    "hint.reason.schmieren": (
        "schmieren: dein Partner gewinnt diesen Stich",
        "schmieren: your partner wins this trick",
    ),
    "hint.reason.win": (
        "damit gewinnst du den Stich, soweit er gespielt ist",
        "this wins the trick as far as it is played",
    ),
    "hint.reason.ruff": (
        "abstechen: du hast die angespielte Farbe nicht",
        "ruff: you have none of the suit led",
    ),
    "hint.reason.cheap": (
        "der Stich geht an die Gegenpartei: wenig Augen abgeben",
        "the trick goes to the other party: give few Augen",
    ),
    "hint.reason.ace": (
        "Farbass anspielen, solange die Farbe noch niemand abwirft",
        "lead the suit's ace while nobody has shown void in it",
    ),
    "hint.reason.trump_lead": ("Trumpf anspielen", "lead trump"),
    "hint.reason.call": (
        "bei den Verteilungen, die zu deiner Sicht passen, lohnt sich die Ansage",
        "over the deals that fit your view the call pays",
    ),
    "hint.not_your_turn": (
        "kein Tipp: du bist nicht am Zug",
        "no hint: it is not your turn",
    ),
    "hint.off": (
        "Tipps sind an diesem Tisch ausgeschaltet",
        "hints are off at this table",
    ),
    # statistics (doko.analysis.stats, doko stats)
    "stats.title": ("Statistik über {games} Spiele", "Statistics over {games} games"),
    "stats.player": ("Spieler", "Player"),
    "stats.games": ("Spiele", "Games"),
    "stats.points": ("Punkte", "Points"),
    "stats.per_game": ("Pkt./Spiel", "Pts/game"),
    "stats.re_won": ("Re gew.", "Re won"),
    "stats.kontra_won": ("Kontra gew.", "Kontra won"),
    "stats.solos": ("Soli gew.", "Solos won"),
    "stats.calls": ("Ansagen gew.", "Calls won"),
    "stats.extras": ("Sonderpkt.", "Extras"),
    "stats.loss": ("Ø Verlust", "Avg. loss"),
    "stats.loss_note": (
        "Ø Verlust: offener Verlust in Punkten je analysierter Entscheidung "
        "(nur Spiele mit Aufzeichnung, exakt gelöste Entscheidungen)",
        "Avg. loss: open loss in points per analysed decision (games with a record only, "
        "decisions solved exactly)",
    ),
    "stats.summary_calls": (
        "Ansagen sind nur aus Spielen mit Aufzeichnung einem Spieler zuzuordnen",
        "calls can be attributed to a player only in games with a record",
    ),
    "cli.analyze.cannot_read": (
        "{file} lässt sich nicht lesen: {why}",
        "cannot read {file}: {why}",
    ),
    "cli.analyze.bad_file": ("{file}: {why}", "{file}: {why}"),
    "cli.analyze.not_finished": (
        "{file}: das Spiel ist nicht zu Ende; nur ein beendetes Spiel wird analysiert",
        "{file}: the game is not finished; only a finished game is analysed",
    ),
    "cli.stats.no_round": (
        "{file}: weder eine Runde (doko-round/1) noch ein Spiel (doko-game/1)",
        "{file}: neither a round (doko-round/1) nor a game (doko-game/1)",
    ),
    # the terminal (tipp, analyse)
    "tui.analysis.thinking": ("Ich rechne …", "Thinking …"),
    "tui.analysis.help": (
        "  tipp                        was der Computer an deiner Stelle spielen würde\n"
        "  analyse                     nach dem Spiel: wo Punkte verloren gingen",
        "  hint                        what the computer would play in your place\n"
        "  analyse                     after the game: where points were lost",
    ),
    "tui.analysis.no_game": (
        "Es gibt noch kein beendetes Spiel zu analysieren.",
        "There is no finished game to analyse yet.",
    ),
    # the web table (server.analysis_routes, static/analysis.js)
    "web.analysis.title": ("Analyse", "Analysis"),
    "web.analysis.hint": ("Tipp", "Hint"),
    "web.analysis.trick": ("Stich {n}", "Trick {n}"),
    "web.analysis.played": ("gespielt", "played"),
    "web.analysis.best": ("bestes", "best"),
    "web.analysis.loss": ("verlorene Punkte", "points lost"),
    "web.analysis.bound": ("nur Schranke", "bound only"),
    "web.analysis.prev": ("zurück", "back"),
    "web.analysis.next": ("weiter", "next"),
    "web.analysis.close": ("schließen", "close"),
    "web.analysis.seat": ("Sicht von", "View of"),
    "web.analysis.points_chart": ("Punkte im Verlauf der Runde", "Points over the round"),
    "web.analysis.bars": ("Verlust je Kategorie", "Loss per category"),
    "web.analysis.cards": ("Karten", "Cards"),
    "web.analysis.calls": ("Ansagen", "Calls"),
    "web.analysis.stats": ("Statistik", "Statistics"),
    "web.analysis.busy": (
        "Die Analyse läuft schon für diesen Tisch; bitte gleich noch einmal.",
        "An analysis is already running for this table; please try again shortly.",
    ),
    "web.analysis.pending": ("Die Analyse rechnet …", "Analysing …"),
    "web.analysis.col_games": ("Spiele", "Games"),
    "web.analysis.col_points": ("Punkte", "Points"),
    "web.analysis.col_per_game": ("Pkt./Spiel", "Pts/game"),
    "web.analysis.col_re": ("Re gewonnen", "Re won"),
    "web.analysis.col_kontra": ("Kontra gewonnen", "Kontra won"),
    "web.analysis.col_solos": ("Soli gewonnen", "Solos won"),
    "web.analysis.col_calls": ("Ansagen gewonnen", "Calls won"),
    "web.analysis.col_extras": ("Sonderpunkte", "Sonderpunkte"),
    "web.analysis.col_loss": ("Ø Verlust", "Avg. loss"),
    "web.analysis.missed": ("nicht angesagt: {call}", "not called: {call}"),
    # the analysis of reservations in the web view (helper "analysis")
    "web.analysis.reservation": ("Vorbehaltsabfrage", "Reservations"),
    "web.analysis.reservation_bar": ("Vorbehalt", "Reservation"),
    "web.analysis.points": ("Punkte", "points"),
    "web.analysis.not_valued": (
        "offen nicht bewertet (Hochzeit)", "open: not valued (Hochzeit)"
    ),
    "web.analysis.hints_option": (
        "Tipps erlaubt (an Turniertischen aus)",
        "hints allowed (off at tournament tables)",
    ),
    # end of the analysis texts

    # tournaments (doko.tournament, doko tournament, the tournament pages of doko serve)
    "tournament.draw.too_few": (
        "{n} Spieler sind zu wenige für einen Tisch",
        "{n} players are too few for a table",
    ),
    "tournament.draw.not_multiple": (
        "{n} Spieler sind kein Vielfaches von 4: nach TSR 8.3.1 wird ausschließlich an "
        "Vierer-Tischen gespielt; Fünfer-Tische (TSR 10.1) nur auf Wunsch der Turnierleitung",
        "{n} players are not a multiple of 4: TSR 8.3.1 allows only 4-tables; 5-tables "
        "(TSR 10.1) only if the organiser chooses them",
    ),
    "tournament.draw.no_five_split": (
        "{n} Spieler lassen sich nicht auf Vierer- und Fünfer-Tische verteilen",
        "{n} players cannot be split into 4- and 5-tables",
    ),
    "tournament.warn_five": (
        "Achtung: {n} Fünfer-Tisch(e); nach TSR 8.3.1 wird ausschließlich an Vierer-Tischen "
        "gespielt (Fünfer-Tische nach TSR 10.1 auf Wunsch der Turnierleitung)",
        "warning: {n} 5-table(s); TSR 8.3.1 allows only 4-tables (5-tables by TSR 10.1 at the "
        "organiser's choice)",
    ),
    "tournament.what.name": ("Name", "name"),
    "tournament.what.date": ("Datum", "date"),
    "tournament.what.reason": ("Begründung", "reason"),
    "tournament.error.nested": ("{why}", "{why}"),
    "tournament.error.bad_text": ("{what}: Text erwartet", "{what}: text expected"),
    "tournament.error.empty_text": ("{what} ist leer", "{what} is empty"),
    "tournament.error.long_text": (
        "{what} ist länger als {n} Zeichen", "{what} is longer than {n} characters"),
    "tournament.error.control_text": (
        "{what} enthält ein Steuerzeichen", "{what} contains a control character"),
    "tournament.error.bad_totals": (
        "die Ergebnisse eines Tisches sind {n} ganze Zahlen (eine je Position)",
        "a table's totals are {n} whole numbers (one per position)",
    ),
    "tournament.error.total_too_large": (
        "ein Ergebnis ist größer als {n} Punkte", "a total is larger than {n} points"),
    "tournament.error.sum_not_zero": (
        "die Summe der Ergebnisse {totals} ist {total}, nicht 0 (TSR 7.3.3)",
        "the totals {totals} sum to {total}, not 0 (TSR 7.3.3)",
    ),
    "tournament.error.parity": (
        "die Ergebnisse {totals} sind nicht alle gerade oder alle ungerade (TSR 7.3.3); nur "
        "Strafpunkte in einem Solo zugunsten des Solisten brechen diese Regel (dann angeben)",
        "the totals {totals} are not all even or all odd (TSR 7.3.3); only penalty points in a "
        "solo in favour of the soloist break this rule (then say so)",
    ),
    "tournament.error.bad_rules": (
        "unbekannte Regeln {rules!r} (bekannt: {known})",
        "unknown rules {rules!r} (known: {known})",
    ),
    "tournament.error.bad_serien": (
        "die Zahl der Serien ist 1 bis {n}", "the number of Serien is 1 to {n}"),
    "tournament.error.bad_games": (
        "die Spiele je Serie sind 1 bis 200", "the games per Serie are 1 to 200"),
    "tournament.error.bad_minutes": (
        "die Minuten je Serie sind 1 bis 1000", "the minutes per Serie are 1 to 1000"),
    "tournament.error.bad_scoring": (
        "unbekannte Wertung (bekannt: {known})", "unknown scoring (known: {known})"),
    "tournament.error.bad_tiebreak": (
        "unbekannte Feinwertung {name!r} (bekannt: {known})",
        "unknown tie-break {name!r} (known: {known})",
    ),
    "tournament.error.tiebreak_twice": (
        "eine Feinwertung ist doppelt genannt", "a tie-break is listed twice"),
    "tournament.error.bad_seed": (
        "der Startwert der Auslosung ist eine ganze Zahl ab 0",
        "the seed of the draw is a whole number from 0",
    ),
    "tournament.error.no_player": ("kein Spieler {who!r}", "no player {who!r}"),
    "tournament.error.no_serie": (
        "keine Serie {serie} (ausgelost: {drawn})", "no Serie {serie} (drawn: {drawn})"),
    "tournament.error.no_table": (
        "Serie {serie} hat keinen Tisch {table} (Tische 1 bis {tables})",
        "Serie {serie} has no table {table} (tables 1 to {tables})",
    ),
    "tournament.error.bad_entry_type": (
        "unbekannte Art von Eintrag {type!r}", "unknown kind of entry {type!r}"),
    "tournament.error.bad_entry_field": (
        "der Eintrag hat ein ungültiges Feld {field!r}", "the entry has a bad field {field!r}"),
    "tournament.error.name_taken": (
        "{name!r} ist schon angemeldet", "{name!r} is registered already"),
    "tournament.error.too_many_players": (
        "mehr als {n} Spieler sind nicht möglich", "more than {n} players are not possible"),
    "tournament.error.all_drawn": (
        "alle Serien sind ausgelost: eine Anmeldung ist nicht mehr möglich",
        "every Serie is drawn: nobody can register now",
    ),
    "tournament.error.not_active": (
        "{name} spielt schon nicht mehr mit", "{name} is no longer playing"),
    "tournament.error.reason_required": (
        "eine Begründung fehlt (Korrekturen und Strafen werden protokolliert)",
        "a reason is missing (corrections and penalties are logged)",
    ),
    "tournament.error.redraw_latest": (
        "neu auslosen lässt sich nur die letzte ausgeloste Serie ({drawn})",
        "only the latest drawn Serie ({drawn}) can be drawn again",
    ),
    "tournament.error.redraw_reported": (
        "Serie {serie} hat schon Ergebnisse: sie lässt sich nicht neu auslosen",
        "Serie {serie} has results already: it cannot be drawn again",
    ),
    "tournament.error.draw_order": (
        "als Nächstes wird Serie {next} ausgelost, nicht {serie}",
        "the next Serie to draw is {next}, not {serie}",
    ),
    "tournament.error.draw_over": (
        "alle {serien} Serien sind ausgelost", "all {serien} Serien are drawn"),
    "tournament.error.ranking_incomplete": (
        "Setzen nach der Rangliste braucht alle Ergebnisse von Serie {serie}",
        "seating by the ranking needs every result of Serie {serie}",
    ),
    "tournament.error.bad_draw": (
        "die gespeicherte Auslosung passt nicht zu den Spielern",
        "the stored draw does not fit the players",
    ),
    "tournament.error.round_players": (
        "die Spielliste hat die Spieler {got}, der Tisch {names} (in Positionen 1 bis 4)",
        "the Spielliste has the players {got}, the table {names} (in positions 1 to 4)",
    ),
    "tournament.error.round_problems": (
        "die Spielliste besteht die Prüfung nicht: {why}",
        "the Spielliste fails its checks: {why}",
    ),
    "tournament.error.round_not_over": (
        "die Spielliste ist noch nicht zu Ende ({left} Spiele fehlen)",
        "the Spielliste is not finished ({left} games to go)",
    ),
    "tournament.error.bad_penalty_kind": (
        "unbekannte Strafe (bekannt: {known})", "unknown penalty (known: {known})"),
    "tournament.error.bad_deduction": (
        "ein Punktabzug ist 1 bis {n} Punkte (TSR 9.7.2 b)",
        "a deduction is 1 to {n} points (TSR 9.7.2 b)",
    ),
    "tournament.error.points_only_deduction": (
        "Punkte gibt es nur beim Punktabzug", "only a deduction has points"),
    "tournament.error.no_penalty": (
        "keine gültige Strafe Nummer {n}", "no standing penalty number {n}"),
    "tournament.error.file_exists": (
        "{path} gibt es schon", "{path} exists already"),
    "tournament.error.file_not_object": (
        "die Turnierdatei ist kein JSON-Objekt", "the tournament file is not a JSON object"),
    "tournament.error.file_format": (
        "die Turnierdatei hat nicht das Format {format}",
        "the tournament file is not in the format {format}",
    ),
    "tournament.error.file_unknown_keys": (
        "die Turnierdatei hat unbekannte Felder: {keys}",
        "the tournament file has unknown fields: {keys}",
    ),
    "tournament.error.file_field": (
        "die Turnierdatei hat ein ungültiges Feld {field!r}",
        "the tournament file has a bad field {field!r}",
    ),
    "tournament.error.file_settings": (
        "die Einstellungen der Turnierdatei: {why}", "the tournament file's settings: {why}"),
    "tournament.error.file_entries": (
        "die Einträge der Turnierdatei sind keine Liste",
        "the tournament file's entries are not a list",
    ),
    "tournament.error.file_entry_object": (
        "Eintrag {n} der Turnierdatei ist kein Objekt",
        "entry {n} of the tournament file is not an object",
    ),
    "tournament.error.file_entry": (
        "Eintrag {n} der Turnierdatei: {why}", "entry {n} of the tournament file: {why}"),
    "tournament.error.bad_print": (
        "unbekannter Ausdruck {kind!r} (bekannt: {known})",
        "unknown print-out {kind!r} (known: {known})",
    ),
    "tournament.error.no_pdf": (
        "für PDF fehlt fpdf2 (pip install 'doko[pdf]'); HTML geht ohne",
        "a PDF needs fpdf2 (pip install 'doko[pdf]'); HTML works without it",
    ),
    "tournament.tiebreak.points": ("Punkte", "points"),
    "tournament.tiebreak.placement": ("Platzierungspunkte", "placement points"),
    "tournament.tiebreak.best_serie": ("beste Serie", "best Serie"),
    "tournament.tiebreak.table_wins": ("Tischsiege", "table wins"),
    "tournament.tiebreak.last_serie": ("letzte Serie", "latest Serie"),
    "tournament.tiebreak.fewer_penalties": ("weniger Strafpunkte", "fewer penalty points"),
    "tournament.print.table": ("Tisch", "Table"),
    "tournament.print.tables": ("Tische", "Tables"),
    "tournament.print.position": ("Position {n}", "Position {n}"),
    "tournament.print.position_short": ("Pos.", "Pos."),
    "tournament.print.name": ("Name", "Name"),
    "tournament.print.by_name": ("Plätze nach Namen", "Seats by name"),
    "tournament.print.plan_title": ("Sitzplan Serie {serie}", "Seat plan, Serie {serie}"),
    "tournament.print.card_title": (
        "Serie {serie} · Tisch {table}", "Serie {serie} · Table {table}"),
    "tournament.print.role_deals": (
        "gibt zuerst (TSR 8.4.1)", "deals first (TSR 8.4.1)"),
    "tournament.print.role_list": (
        "führt die Spielliste (TSR 8.4.1)", "keeps the Spielliste (TSR 8.4.1)"),
    "tournament.print.role_list_five": (
        "führt die Spielliste (TSR 10.1.4)", "keeps the Spielliste (TSR 10.1.4)"),
    "tournament.print.sheet_title": (
        "Spielliste Serie {serie} · Tisch {table}",
        "Spielliste, Serie {serie} · Table {table}",
    ),
    "tournament.print.nr": ("Nr.", "No."),
    "tournament.print.dealer": ("Geber", "Dealer"),
    "tournament.print.kind": ("Spiel", "Game"),
    "tournament.print.plus": ("Plus", "Plus"),
    "tournament.print.sum": ("Summe", "Total"),
    "tournament.print.sheet_checks": (
        "Nach jedem Spiel prüfen (TSR 7.3.3): die Quersumme ist 0; die vier Ergebnisse sind alle "
        "gerade oder alle ungerade (außer Strafpunkten in einem Solo zugunsten des Solisten); "
        "die Positionen mit Pluspunkten sind notiert. Pflichtsolo je Spieler (TSR 8.6).",
        "After every game check (TSR 7.3.3): the row sums to 0; the four results are all even or "
        "all odd (except penalty points in a solo in favour of the soloist); the positions with "
        "plus points are noted. One Pflichtsolo per player (TSR 8.6).",
    ),
    "tournament.print.sheet_five": (
        "Fünfer-Tisch: der Geber sitzt aus und bekommt 0 Punkte (TSR 10.1.1, 10.1.2); "
        "die Gerade-Ungerade-Regel gilt nicht (10.1.3).",
        "5-table: the dealer sits out and scores 0 (TSR 10.1.1, 10.1.2); the even/odd rule "
        "does not apply (10.1.3).",
    ),
    "tournament.print.sheet_time": (
        "Spielzeit {minutes} Minuten ab der Freigabe (TSR 8.5.1). Beginn: ______  Ende: ______",
        "Playing time {minutes} minutes from the start signal (TSR 8.5.1). "
        "Start: ______  End: ______",
    ),
    "tournament.print.sheet_sign": (
        "Unterschriften: 1. ________  2. ________  3. ________  4. ________",
        "Signatures: 1. ________  2. ________  3. ________  4. ________",
    ),
    "tournament.print.rank": ("Platz", "Rank"),
    "tournament.print.serie_short": ("S{n}", "S{n}"),
    "tournament.print.score_points": ("Punkte", "Points"),
    "tournament.print.score_placement": ("Platzierung", "Placement"),
    "tournament.print.disqualified": ("disq.", "disq."),
    "tournament.print.ranking_title": ("Rangliste", "Ranking"),
    "tournament.print.ranking_serie": ("Rangliste Serie {serie}", "Ranking, Serie {serie}"),
    "tournament.print.tiebreaks": ("Feinwertung: {list}", "Tie-breaks: {list}"),
    "cli.tournament.no_action": (
        "doko tournament: eine Aktion fehlt (new, players, draw, result, penalty, sheet, "
        "ranking, print, export, log, show)",
        "doko tournament: an action is missing (new, players, draw, result, penalty, sheet, "
        "ranking, print, export, log, show)",
    ),
    "cli.tournament.created": (
        "{file}: Turnier „{name}“ mit {serien} Serien angelegt; Startwert der Auslosung: {seed}",
        "{file}: tournament “{name}” with {serien} Serien created; seed of the draws: {seed}",
    ),
    "cli.tournament.registered": (
        "Spieler {id}: {name} angemeldet", "player {id}: {name} registered"),
    "cli.tournament.late_entry": (
        "Spieler {id}: {name} nachgemeldet, spielt ab Serie {serie}",
        "player {id}: {name} entered late, plays from Serie {serie}",
    ),
    "cli.tournament.withdrawn": (
        "Spieler {id}: {name} abgemeldet (wird nicht mehr ausgelost)",
        "player {id}: {name} withdrawn (drawn no more)",
    ),
    "cli.tournament.state_withdrawn": ("abgemeldet", "withdrawn"),
    "cli.tournament.state_disqualified": ("disqualifiziert", "disqualified"),
    "cli.tournament.state_joined": ("ab Serie {serie}", "from Serie {serie}"),
    "cli.tournament.count": ("{n} Spieler spielen mit", "{n} players playing"),
    "cli.tournament.stateless_args": (
        "ohne Turnierdatei braucht draw --players N und --serien S",
        "without a tournament file draw needs --players N and --serien S",
    ),
    "cli.tournament.stateless_range": (
        "--players ist 4 bis 1000, --serien 1 bis 20",
        "--players is 4 to 1000, --serien 1 to 20",
    ),
    "cli.tournament.serie_line": ("Serie {serie}: {tables}", "Serie {serie}: {tables}"),
    "cli.tournament.quality": (
        "wiederholte Begegnungen: {repeats} (untere Schranke {bound}), höchstens {most}-mal "
        "dasselbe Paar; Spannweite Position 1: {p1}, Position 4: {p4}",
        "repeated encounters: {repeats} (lower bound {bound}), the same pair at most {most} "
        "times; spread of position 1: {p1}, position 4: {p4}",
    ),
    "cli.tournament.bench_head": (
        "doko tournament draw --bench: ein Kern, Python {py}, Startwert 1",
        "doko tournament draw --bench: one core, Python {py}, seed 1",
    ),
    "cli.tournament.bench_line": (
        "{n:>4} Spieler × {s} Serien: {repeats} wiederholte Begegnungen (Schranke {bound}, "
        "höchstens {most}×), Position 1 je Spieler {p1}, Position 4 {p4}, {secs} s",
        "{n:>4} players × {s} Serien: {repeats} repeated encounters (bound {bound}, at most "
        "{most}×), position 1 per player {p1}, position 4 {p4}, {secs} s",
    ),
    "cli.tournament.bad_totals": (
        "die Ergebnisse sind ganze Zahlen mit Komma getrennt, nicht {totals!r}",
        "the totals are whole numbers separated by commas, not {totals!r}",
    ),
    "cli.tournament.reported": (
        "Serie {serie}, Tisch {table}: {scores}", "Serie {serie}, table {table}: {scores}"),
    "cli.tournament.corrected": (
        "Serie {serie}, Tisch {table} korrigiert: {scores}",
        "Serie {serie}, table {table} corrected: {scores}",
    ),
    "cli.tournament.serie_status": (
        "Serie {serie}: {done} von {tables} Tischen gemeldet",
        "Serie {serie}: {done} of {tables} tables reported",
    ),
    "cli.tournament.penalty_args": (
        "eine Strafe braucht --player und --kind (oder --cancel N)",
        "a penalty needs --player and --kind (or --cancel N)",
    ),
    "cli.tournament.penalty_given": (
        "Strafe {n}: {name}, {kind} {points} (Serie {serie})",
        "penalty {n}: {name}, {kind} {points} (Serie {serie})",
    ),
    "cli.tournament.penalty_cancelled": ("Strafe {n} zurückgenommen", "penalty {n} taken back"),
    "cli.tournament.kind_warning": ("Verwarnung", "warning"),
    "cli.tournament.kind_deduction": ("Punktabzug", "deduction"),
    "cli.tournament.kind_disqualification": ("Disqualifikation", "disqualification"),
    "cli.tournament.printed": ("{file}: {pages} Seiten", "{file}: {pages} pages"),
    "cli.tournament.exported": ("{file} geschrieben", "{file} written"),
    "cli.tournament.log_player": ("angemeldet: {name}", "registered: {name}"),
    "cli.tournament.log_withdraw": ("abgemeldet: {name}", "withdrawn: {name}"),
    "cli.tournament.log_draw": ("Serie {serie} ausgelost", "Serie {serie} drawn"),
    "cli.tournament.log_redraw": ("Serie {serie} neu ausgelost", "Serie {serie} drawn again"),
    "cli.tournament.log_result": (
        "Serie {serie}, Tisch {table}: Ergebnis ({source}) {totals}",
        "Serie {serie}, table {table}: result ({source}) {totals}",
    ),
    "cli.tournament.log_penalty": (
        "Strafe: {name}, {kind} {points} (Serie {serie})",
        "penalty: {name}, {kind} {points} (Serie {serie})",
    ),
    "cli.tournament.log_cancel": ("Strafe {n} zurückgenommen", "penalty {n} taken back"),
    "cli.tournament.show_head": (
        "{name} ({date}): {serien} Serien, Wertung {scoring}, Startwert {seed}, "
        "{players} Spieler",
        "{name} ({date}): {serien} Serien, scoring {scoring}, seed {seed}, {players} players",
    ),
    "tournament.web.title": ("Turnier", "Tournament"),
    "tournament.web.create": ("Turnier anlegen", "Create a tournament"),
    "tournament.web.name": ("Name des Turniers", "Tournament name"),
    "tournament.web.date": ("Datum", "Date"),
    "tournament.web.serien": ("Serien", "Serien"),
    "tournament.web.scoring": ("Wertung", "Scoring"),
    "tournament.web.scoring_points": (
        "Summe der Punkte (üblich)", "total points (usual)"),
    "tournament.web.scoring_placement": (
        "Platzierungspunkte je Tisch (+3/+1/−1/−3)", "table placement points (+3/+1/−1/−3)"),
    "tournament.web.five_tables": (
        "Fünfer-Tische erlauben (TSR 8.3.1 sieht nur Vierer-Tische vor)",
        "allow 5-tables (TSR 8.3.1 has only 4-tables)",
    ),
    "tournament.web.seat_by_ranking": (
        "ab Serie 2 nach der Rangliste setzen (stark gegen stark)",
        "from Serie 2 seat by the ranking (strong against strong)",
    ),
    "tournament.web.players_one_per_line": (
        "Spieler (einer je Zeile)", "Players (one per line)"),
    "tournament.web.created": (
        "Turnier angelegt. Diesen Link geheim halten: er ist der einzige Zugang zur "
        "Turnierleitung.",
        "Tournament created. Keep this link secret: it is the only way into the organiser's "
        "page.",
    ),
    "tournament.web.organiser_link": ("Link der Turnierleitung", "Organiser's link"),
    "tournament.web.live_link": ("Öffentliche Live-Rangliste", "Public live ranking"),
    "tournament.web.seed": ("Startwert der Auslosung: {seed}", "Seed of the draws: {seed}"),
    "tournament.web.players": ("Spieler", "Players"),
    "tournament.web.add": ("Anmelden", "Register"),
    "tournament.web.withdraw": ("Abmelden", "Withdraw"),
    "tournament.web.withdrawn": ("abgemeldet", "withdrawn"),
    "tournament.web.disqualified": ("disqualifiziert", "disqualified"),
    "tournament.web.late": ("ab Serie {serie}", "from Serie {serie}"),
    "tournament.web.playing": ("{n} Spieler spielen mit", "{n} players playing"),
    "tournament.web.draw": ("Serie {serie} auslosen", "Draw Serie {serie}"),
    "tournament.web.redraw": ("Serie {serie} neu auslosen", "Draw Serie {serie} again"),
    "tournament.web.all_drawn": ("Alle Serien sind ausgelost.", "Every Serie is drawn."),
    "tournament.web.serie": ("Serie {serie}", "Serie {serie}"),
    "tournament.web.reported": (
        "{done} von {tables} Tischen gemeldet", "{done} of {tables} tables reported"),
    "tournament.web.enter": ("Eintragen", "Enter"),
    "tournament.web.correct": ("Korrigieren", "Correct"),
    "tournament.web.odd_ok": (
        "Strafpunkte in einem Solo (TSR 7.3.3 Nr. 2)", "penalty in a solo (TSR 7.3.3 item 2)"),
    "tournament.web.reason": ("Begründung", "Reason"),
    "tournament.web.saved": ("Gespeichert.", "Saved."),
    "tournament.web.penalties": ("Strafen (TSR 9.7.2)", "Penalties (TSR 9.7.2)"),
    "tournament.web.penalty_give": ("Strafe geben", "Give a penalty"),
    "tournament.web.penalty_cancel": ("Zurücknehmen", "Take back"),
    "tournament.web.kind_warning": ("Verwarnung", "warning"),
    "tournament.web.kind_deduction": ("Punktabzug", "deduction"),
    "tournament.web.kind_disqualification": ("Disqualifikation", "disqualification"),
    "tournament.web.points": ("Punkte", "Points"),
    "tournament.web.ranking": ("Rangliste", "Ranking"),
    "tournament.web.print": ("Drucken und Export", "Print and export"),
    "tournament.web.log": ("Protokoll", "Log"),
    "tournament.web.live": ("Live-Rangliste", "Live ranking"),
    "tournament.web.seat_plan": ("Sitzplan Serie {serie}", "Seat plan, Serie {serie}"),
    "tournament.web.no_draw": ("Noch keine Serie ausgelost.", "No Serie drawn yet."),
    "tournament.web.over": ("Das Turnier ist beendet.", "The tournament is over."),
    "tournament.web.updated": ("aktualisiert {time}", "updated {time}"),
    "tournament.web.error": ("Fehler: {detail}", "Error: {detail}"),
    "tournament.web.not_found": (
        "Dieses Turnier gibt es nicht, oder der Link ist unvollständig.",
        "There is no such tournament, or the link is incomplete.",
    ),
    "tournament.web.language": ("English", "Deutsch"),
    "tournament.draw.twice": (
        "ein Spieler steht zweimal in der Liste", "a player is listed twice"),
    "tournament.http.full": (
        "der Server hält schon {n} Turniere", "the server keeps {n} tournaments already"),
    "tournament.http.not_found": (
        "dieses Turnier gibt es nicht (oder der Schlüssel ist falsch)",
        "no such tournament (or a wrong key)",
    ),
    "tournament.http.what": (
        "what: eine Liste aus {known}", "what: a list of {known}"),
    "tournament.http.write": (
        "die Turnierdatei ließ sich nicht schreiben: {why}",
        "the tournament file could not be written: {why}",
    ),
    "tournament.http.too_many_players": (
        "höchstens {n} Spieler", "at most {n} players"),
    "tournament.http.rate": (
        "zu viele Anfragen; in {s} s wieder versuchen",
        "too many requests; try again in {s} s",
    ),
    "tournament.http.no_online": (
        "dieser Server spielt keine Serien online", "this server plays no Serien online"),
    "tournament.http.online_twice": (
        "Serie {serie} wird schon online gespielt", "Serie {serie} is played online already"),
    "tournament.http.online_four": (
        "online gibt es nur Vierer-Tische", "online there are only 4-tables"),
    "tournament.http.online_reported": (
        "Serie {serie} hat schon Ergebnisse", "Serie {serie} has results already"),
    "tournament.http.online_busy": (
        "der Server hat gerade keinen Platz für weitere Tische",
        "the server has no room for more tables now",
    ),
    "tournament.web.online_table": (
        "{name} · Serie {serie} · Tisch {table}", "{name} · Serie {serie} · table {table}"),
    "tournament.web.online": ("Online spielen", "Play online"),
    "tournament.web.online_serie": (
        "Serie {serie} online spielen", "Play Serie {serie} online"),
    "tournament.web.absent": (
        "abwesend (Nummern, mit Komma; ihre Plätze spielt der Computer)",
        "absent (numbers, with commas; the computer plays their seats)",
    ),
    "tournament.web.invite": ("Einladung", "Invitation"),
    "tournament.web.spectate": ("Zuschauen", "Watch"),
    "tournament.web.computer": ("Computer", "computer"),
    "tournament.web.collect": (
        "Ergebnisse der Online-Tische holen", "Fetch the online tables' results"),
    "tournament.web.collected": ("{n} Ergebnisse eingetragen", "{n} results entered"),
    "tournament.http.broken": (
        "die Turnierdatei lässt sich nicht lesen: {why}",
        "the tournament file cannot be read: {why}",
    ),
    # end of the tournament texts

    # reinforcement learning (doko.rl): the text table of the environments' render()
    "rl.render.header": (
        "Spiel {n}: {contract}, {phase}",
        "Game {n}: {contract}, {phase}",
    ),
    "rl.render.to_act": (
        "Platz {seat} ist am Zug",
        "seat {seat} is to act",
    ),
    "rl.render.hand": (
        "Hand von Platz {seat}: {cards}",
        "hand of seat {seat}: {cards}",
    ),
    "rl.render.trick": (
        "Stich {n}: {cards}",
        "trick {n}: {cards}",
    ),
    "rl.render.played": (
        "Platz {seat}: {card}",
        "seat {seat}: {card}",
    ),
    "rl.render.calls": (
        "Ansagen: {calls}",
        "calls: {calls}",
    ),
    "rl.render.legal": (
        "erlaubt: {actions}",
        "legal: {actions}",
    ),
    "rl.render.scores": (
        "Ergebnis: {scores}",
        "result: {scores}",
    ),
    "rl.render.score": (
        "Platz {seat} {points:+d}",
        "seat {seat} {points:+d}",
    ),
    "rl.render.none": (
        "keine",
        "none",
    ),
    "rl.render.undecided": (
        "Spielart noch offen",
        "game kind not yet known",
    ),
    "rl.phase.query": (
        "Vorbehaltsabfrage",
        "Vorbehaltsabfrage (reservations)",
    ),
    "rl.phase.naming": (
        "Vorbehalt wird genannt",
        "naming the Vorbehalt",
    ),
    "rl.phase.play": (
        "Kartenspiel",
        "trick play",
    ),
    "rl.phase.finished": (
        "beendet",
        "finished",
    ),
    # the strength levels of the computer players (doko.bots.levels: doko play, the web table)
    "level.random": (
        "Zufall",
        "random",
    ),
    "level.rules": (
        "Regeln",
        "rules",
    ),
    "level.search": (
        "Suche",
        "search",
    ),
    "level.strong": (
        "Stark",
        "strong",
    ),
    # further Sonderpunkte (house rules of issue 21: Karlchen gefangen, Fuchs im letzten Stich,
    # Dulle gefangen; docs/rules.md "Weitere Sonderpunkte")
    "score.item.charlie_caught": (
        "Karlchen gefangen",
        "Karlchen (opponents' ♣J) caught in the last trick",
    ),
    "score.item.fox_last": (
        "Fuchs macht den letzten Stich",
        "Fuchs (♦A) won the last trick",
    ),
    "score.item.dulle_caught": (
        "Dulle gefangen",
        "Dulle (opponents' ♥10) caught",
    ),
    "score_input.why_charlie_caught": (
        "es gibt zwei ♣J",
        "there are two ♣J",
    ),
    "score_input.why_fox_last": (
        "nur eine Partei gewinnt den letzten Stich",
        "only one party wins the last trick",
    ),
    "score_input.why_dulle_caught": (
        "es gibt zwei ♥10",
        "there are two ♥10",
    ),
    "score_input.extras_rule": (
        "{field}: {count}, aber die Regeln spielen {option!r} nicht",
        "{field}: {count}, but the rules do not play {option!r}",
    ),
    "web.ui.rules_extended": ("Erweiterte Hausregeln", "Extended house rules"),
    # end of the further Sonderpunkte texts
    # the Vorbehalt withdrawn and the impossible Hochzeit summaries (issue 21, TSR 4.1.2, 4.4.3)
    # -- Armut and Schmeißen (house rules; doko.engine.armut, docs/rules.md) -------------
    "action.armut": ("Armut", "Armut"),
    "action.take": ("Armut mitnehmen", "take the Armut"),
    "action.refuse": ("Armut nicht mitnehmen", "refuse the Armut"),
    "action.throw": ("schmeißen", "throw (Schmeißen)"),
    "contract.armut": ("Armut", "Armut (poverty)"),
    "error.what.armut_answer": ("auf die Armut antworten", "answering the Armut"),
    "error.verb.armut_answer": ("auf die Armut antworten", "answer the Armut"),
    "error.what.throw": ("schmeißen", "throwing (Schmeißen)"),
    "error.verb.throw": ("schmeißen", "throw (Schmeißen)"),
    "error.options.armut": ("Armut", "Armut"),
    "error.options.marriage_armut": ("Armut oder Hochzeit", "Armut or Hochzeit"),
    "error.options.solo_armut": ("ein Solo oder Armut", "a solo or Armut"),
    "error.options.solo_marriage_armut": (
        "ein Solo, Hochzeit oder Armut", "a solo, Hochzeit or Armut",
    ),
    "error.house_rule_off": (
        "{what} ist eine Hausregel, die mit diesen Regeln nicht gespielt wird ({rule})",
        "{what} is a house rule these rules do not play ({rule})",
    ),
    "error.throw_not_allowed": (
        "{seat} darf nicht schmeißen: die Karten erfüllen keine der Bedingungen der Regeln "
        "(Hausregel Schmeißen)",
        "{seat} may not throw: the cards meet none of the rules' conditions (house rule "
        "Schmeißen)",
    ),
    "error.you.throw_not_allowed": (
        "du darfst nicht schmeißen: deine Karten erfüllen keine der Bedingungen der Regeln "
        "(Hausregel Schmeißen)",
        "you may not throw: your cards meet none of the rules' conditions (house rule "
        "Schmeißen)",
    ),
    "error.armut_not_asked": (
        "es ist keine Armut angeboten (Hausregel Armut)",
        "no Armut is on offer (house rule Armut)",
    ),
    "error.armut_running_ask": (
        "die Armut wird angeboten: {to_move} muss sagen, ob er sie mitnimmt (Hausregel Armut)",
        "the Armut is on offer: {to_move} must say whether to take it (house rule Armut)",
    ),
    "error.armut_running_give": (
        "die Armut wird übergeben: {to_move} muss eine Karte abgeben (Hausregel Armut)",
        "the Armut is handed over: {to_move} must hand over a card (house rule Armut)",
    ),
    "error.armut_running_return": (
        "die Armut wird zurückgegeben: {to_move} muss eine Karte zurückgeben (Hausregel Armut)",
        "the Armut is being returned: {to_move} must return a card (house rule Armut)",
    ),
    "error.armut_answer": (
        "{seat} muss die Armut mitnehmen oder ablehnen, nicht eine Karte spielen "
        "(Hausregel Armut)",
        "{seat} must take or refuse the Armut, not play a card (house rule Armut)",
    ),
    "error.armut_exchange_give": (
        "{seat} muss {n} Karten abgeben, eine nach der anderen (Hausregel Armut)",
        "{seat} must hand over {n} cards, one by one (house rule Armut)",
    ),
    "error.armut_exchange_return": (
        "{seat} muss {n} Karten zurückgeben, eine nach der anderen (Hausregel Armut)",
        "{seat} must return {n} cards, one by one (house rule Armut)",
    ),
    "error.armut_not_in_hand": (
        "{seat} hat {card} nicht auf der Hand (Hausregel Armut)",
        "{seat} does not hold {card} (house rule Armut)",
    ),
    "error.you.armut_not_in_hand": (
        "du hast {card} nicht auf der Hand (Hausregel Armut)",
        "you do not hold {card} (house rule Armut)",
    ),
    "error.armut_trumps_first": (
        "{card} ist kein Trumpf: die Armut gibt zuerst alle Trümpfe ab, dann die Beikarten "
        "(Hausregel Armut)",
        "{card} is no trump: the Armut hands over all its trumps first, then the other cards "
        "(house rule Armut)",
    ),
    "error.armut_after_solos": (
        "{seat} kann die Armut erst nennen, wenn alle Vorbehalte die Soli gepasst haben: "
        "jetzt ein Solo oder passen (Hausregel Armut: Solo vor Armut)",
        "{seat} can name the Armut only once every Vorbehalt passed the solos: a solo or pass "
        "now (house rule Armut: solo before Armut)",
    ),
    "error.armut_too_many_trumps": (
        "{seat} hat mehr als 3 Trümpfe: keine Armut (Hausregel Armut)",
        "{seat} holds more than 3 trumps: no Armut (house rule Armut)",
    ),
    "error.you.armut_too_many_trumps": (
        "du hast mehr als 3 Trümpfe: keine Armut (Hausregel Armut)",
        "you hold more than 3 trumps: no Armut (house rule Armut)",
    ),
    "error.cannot_pass_armut": (
        "{seat} kann nicht passen: ohne beide Kreuz-Damen und ohne Armut kann der Vorbehalt "
        "nur ein Solo sein (TSR 4.1.6, Hausregel Armut)",
        "{seat} cannot pass: without both ♣Q and without an Armut the Vorbehalt can only be a "
        "solo (TSR 4.1.6, house rule Armut)",
    ),
    "error.redealt_thrown": (
        "das Spiel wurde geschmissen und wird neu gegeben (Hausregel Schmeißen)",
        "the game was thrown and is dealt again (house rule Schmeißen)",
    ),
    "error.redealt_armut_refused": (
        "niemand hat die Armut mitgenommen: es wird neu gegeben (Hausregel Armut)",
        "nobody took the Armut: the cards are dealt again (house rule Armut)",
    ),
    "score.item.won_armut": ("gewonnen (Armut)", "won (Armut)"),
    "score.item.against_armut": ("gegen die Armut gewonnen", "won against the Armut"),
    "rules.armut_fox": (
        "'armut_fox' muss einer der Werte {known} sein, nicht {value!r}",
        "armut_fox must be one of {known}, not {value!r}",
    ),
    "rules.throw_nines_kings": (
        "'throw_nines_kings' ist 0, 7 oder 8, nicht {value!r}",
        "throw_nines_kings is 0, 7 or 8, not {value!r}",
    ),
    "rules.throw_dealer": (
        "'throw_dealer' muss einer der Werte {known} sein, nicht {value!r}",
        "throw_dealer must be one of {known}, not {value!r}",
    ),
    "rules.opt.armut": ("Armut (höchstens 3 Trümpfe)", "Armut (at most 3 trumps)"),
    "rules.opt.armut_fox": ("Füchse bei der Armut", "♦A (Füchse) in the Armut's count"),
    "rules.opt.armut_fox.counts": ("zählen als Trumpf", "count as trumps"),
    "rules.opt.armut_fox.single_not": (
        "ein einzelner zählt nicht", "a single one does not count",
    ),
    "rules.opt.armut_fox.never": ("zählen nie", "never count"),
    "rules.opt.throw_nines": ("Schmeißen mit 5 Neunen", "Schmeißen with 5 nines"),
    "rules.opt.throw_kings": ("Schmeißen mit 5 Königen", "Schmeißen with 5 kings"),
    "rules.opt.throw_trumps": (
        "Schmeißen mit höchstens 3 Trümpfen", "Schmeißen with at most 3 trumps",
    ),
    "rules.opt.throw_nines_kings": (
        "Schmeißen mit Neunen und Königen", "Schmeißen with nines and kings",
    ),
    "rules.opt.throw_nines_kings.0": ("nein", "no"),
    "rules.opt.throw_nines_kings.7": ("ab 7 zusammen", "7 or more together"),
    "rules.opt.throw_nines_kings.8": ("ab 8 zusammen", "8 or more together"),
    "rules.opt.throw_dealer": ("nach dem Schmeißen gibt", "after a throw the cards are dealt by"),
    "rules.opt.throw_dealer.same": ("derselbe Geber", "the same dealer"),
    "rules.opt.throw_dealer.next": ("der nächste Geber", "the next dealer"),
    "row.armut": ("Armut", "Armut"),
    "row.thrown": ("geschmissen", "thrown (Schmeißen)"),
    "row.armut_refused": ("Armut nicht mitgenommen", "Armut not taken"),
    "cli.replay.armut_give": ("{seat} gibt ab: {card}", "{seat} hands over {card}"),
    "cli.replay.armut_return": ("{seat} gibt zurück: {card}", "{seat} returns {card}"),
    "cli.replay.armut_line": (
        "arm: {poor}, mitgenommen von {taker}, {n} Trümpfe zurück",
        "poor: {poor}, taken by {taker}, {n} trumps returned",
    ),
    "cli.replay.redeal_thrown": (
        "geschmissen: es wird neu gegeben (Hausregel Schmeißen)",
        "thrown: the cards are dealt again (house rule Schmeißen)",
    ),
    "cli.replay.redeal_armut_refused": (
        "niemand hat die Armut mitgenommen: es wird neu gegeben (Hausregel Armut)",
        "nobody took the Armut: the cards are dealt again (house rule Armut)",
    ),
    "tui.type_armut": ("armut", "armut"),
    "tui.prompt_query_throw": (
        "Vorbehaltsabfrage – gesund, vorbehalt oder schmeißen?",
        "Vorbehaltsabfrage – healthy, reservation or throw (schmeißen)?",
    ),
    "tui.prompt_armut_take": (
        "{name} hat Armut ({n} Karten) – mitnehmen oder ablehnen?",
        "{name} offers an Armut ({n} cards) – take or refuse?",
    ),
    "tui.prompt_armut_give": (
        "Armut abgeben – noch {n} Karten, erst alle Trümpfe (Nummer oder Karte)?",
        "Hand over the Armut – {n} more cards, all trumps first (number or card)?",
    ),
    "tui.prompt_armut_return": (
        "Armut zurückgeben – noch {n} Karten (Nummer oder Karte)?",
        "Return the Armut – {n} more cards (number or card)?",
    ),
    "tui.ev_armut": ("{name}: Armut", "{name}: Armut"),
    "tui.ev_armut_take": ("{name} nimmt die Armut mit", "{name} takes the Armut"),
    "tui.ev_armut_refuse": ("{name} nimmt die Armut nicht mit", "{name} refuses the Armut"),
    "tui.ev_armut_give": ("{name} gibt ab: {card}", "{name} hands over {card}"),
    "tui.ev_armut_return": ("{name} gibt zurück: {card}", "{name} returns {card}"),
    "tui.ev_armut_give_hidden": ("{name} gibt eine Karte ab", "{name} hands over a card"),
    "tui.ev_armut_return_hidden": ("{name} gibt eine Karte zurück", "{name} returns a card"),
    "tui.ev_armut_trumps": ("{n} Trümpfe zurückgegeben", "{n} trumps returned"),
    "tui.ev_redeal_armut": (
        "Niemand nimmt die Armut mit: es wird neu gegeben",
        "Nobody takes the Armut: the cards are dealt again",
    ),
    "tui.ev_throw": (
        "{name} schmeißt: {cards} – es wird neu gegeben",
        "{name} throws (Schmeißen): {cards} – the cards are dealt again",
    ),
    "web.ui.armut": ("Armut", "Armut"),
    "web.ui.take": ("Armut mitnehmen", "take the Armut"),
    "web.ui.refuse": ("Armut nicht mitnehmen", "refuse the Armut"),
    "web.ui.throw": ("schmeißen", "throw (Schmeißen)"),
    "web.ui.armut_give": (
        "Armut abgeben: noch {p0} Karten, erst die Trümpfe",
        "Hand over the Armut: {p0} more cards, trumps first",
    ),
    "web.ui.armut_return": ("Armut zurückgeben: noch {p0} Karten", "Return {p0} more cards"),
    "web.ui.armut_info": (
        "Armut von {p0}, mitgenommen von {p1}: {p2} Trümpfe zurück",
        "Armut of {p0}, taken by {p1}: {p2} trumps returned",
    ),
    "web.ui.thrown": ("{p0} hat geschmissen: {p1}", "{p0} threw (Schmeißen): {p1}"),
    "rules.opt.throw_counts": (
        "geschmissenes Spiel zählt als Spiel der Runde",
        "a thrown game counts as a game of the round",
    ),
    "action.withdraw": (
        "Vorbehalt zurückgenommen",
        "Vorbehalt withdrawn",
    ),
    "score_input.marriage_no_trick": (
        "eine Hochzeit, die ein Normalspiel blieb, mit 0 Stichen für Re ist unmöglich: der "
        "Partner des Hochzeiters gewann den Klärungsstich (TSR 4.4.3)",
        "a Hochzeit that stayed a Normalspiel with 0 tricks for Re is impossible: the "
        "Hochzeiter's partner won the Klärungsstich (TSR 4.4.3)",
    ),
    "round.marriage_solo_tricks": (
        "eine Hochzeit, die ein Karo-Solo wurde, mit {tricks} Stichen für den Solospieler ist "
        "unmöglich: der Hochzeiter gewann die Stiche 1 bis 3",
        "a Hochzeit that became a Karo solo with {tricks} tricks for the soloist is "
        "impossible: the Hochzeiter won tricks 1 to 3",
    ),
    "error.what.withdraw": (
        "den Vorbehalt zurücknehmen",
        "withdrawing the Vorbehalt",
    ),
    "error.verb.withdraw": ("den Vorbehalt zurücknehmen", "withdraw the Vorbehalt"),
    "error.no_reservation": (
        "{seat} hat keinen Vorbehalt angemeldet, der sich zurücknehmen ließe (TSR 4.1.2)",
        "{seat} has announced no Vorbehalt to withdraw (TSR 4.1.2)",
    ),
    "error.you.no_reservation": (
        "du hast keinen Vorbehalt angemeldet, den du zurücknehmen könntest (TSR 4.1.2)",
        "you have announced no Vorbehalt to withdraw (TSR 4.1.2)",
    ),
    "error.withdraw_closed": (
        "{seat} kann den Vorbehalt nicht mehr zurücknehmen: an Position 1 bis 3 nur, bis der "
        "nächste Spieler sich geäußert hat, an Position 4 nur, bis die Abfrage weitergeht oder "
        "getauft ist (TSR 4.1.2)",
        "{seat} can no longer withdraw the Vorbehalt: at positions 1 to 3 only until the next "
        "player has spoken, at position 4 only until the query goes on or it is named "
        "(TSR 4.1.2)",
    ),
    "error.you.withdraw_closed": (
        "du kannst deinen Vorbehalt nicht mehr zurücknehmen: an Position 1 bis 3 nur, bis der "
        "nächste Spieler sich geäußert hat, an Position 4 nur, bis die Abfrage weitergeht oder "
        "getauft ist (TSR 4.1.2)",
        "you can no longer withdraw your Vorbehalt: at positions 1 to 3 only until the next "
        "player has spoken, at position 4 only until the query goes on or it is named "
        "(TSR 4.1.2)",
    ),
    "web.ui.withdraw": ("Vorbehalt zurücknehmen", "Withdraw the Vorbehalt"),
    "web.ui.withdrawn": ("Vorbehalt zurückgenommen", "Vorbehalt withdrawn"),
    "tui.prompt_withdraw": (
        "Deinen Vorbehalt zurücknehmen (TSR 4.1.2)? zurück = ja, Enter = behalten",
        "Take your Vorbehalt back (TSR 4.1.2)? undo = yes, Enter = keep it",
    ),
    "tui.type_withdraw": (
        "zurück",
        "undo",
    ),
    "tui.ev_withdraw": (
        "{name}: Vorbehalt zurückgenommen",
        "{name}: Vorbehalt withdrawn",
    ),
    "tui.withdrawn": (
        "zurückgenommen",
        "withdrawn",
    ),
    # end of the Vorbehalt-withdrawal texts
    # Schweinchen, Genscher, Karlchen im Solo, Doppelkopf thresholds (issue 21, helper pigs;
    # docs/rules.md "Schweinchen", "Weitere Sonderpunkte")
    "rules.doppelkopf_eyes": (
        "'doppelkopf_eyes' muss einer der Werte {known} sein, nicht {value!r}",
        "doppelkopf_eyes must be one of {known}, not {value!r}",
    ),
    "rules.opt.charlie_solo": (
        "Karlchen im Solo",
        "Karlchen in a solo",
    ),
    "rules.opt.doppelkopf_eyes": (
        "Doppelkopf ab",
        "Doppelkopf from",
    ),
    "rules.opt.doppelkopf_eyes.40": (
        "40 Augen (TSR)",
        "40 Augen (TSR)",
    ),
    "rules.opt.doppelkopf_eyes.35": (
        "35 Augen",
        "35 Augen",
    ),
    "rules.opt.doppelkopf_eyes.30": (
        "30 Augen",
        "30 Augen",
    ),
    "score.item.charlie_solo": (
        "Karlchen im Solo",
        "Karlchen (♣J) won the last trick of a solo",
    ),
    "score.item.doppelkopf_low": (
        "Doppelkopf unter 40 Augen",
        "Doppelkopf under 40 Augen",
    ),
    "score_input.why_charlie_solo": (
        "nur eine Partei gewinnt den letzten Stich",
        "only one party wins the last trick",
    ),
    "score_input.why_doppelkopf_low": (
        "ein Spiel hat höchstens 8 Stiche mit 30 Augen",
        "a game has at most 8 tricks of 30 Augen",
    ),
    "score_input.extras_not_solo": (
        "extras: 'charlie_solo' (Karlchen im Solo) gibt es nur in einem Solo, nicht im Spiel "
        "{contract}",
        "extras: 'charlie_solo' (Karlchen in a solo) exists only in a solo, not in contract "
        "{contract}",
    ),
    "rules.one_of": (
        "'{key}' muss einer der Werte {known} sein, nicht {value!r}",
        "{key} must be one of {known}, not {value!r}",
    ),
    "rules.opt.pigs": ("Schweinchen", "Schweinchen"),
    "rules.opt.pigs.off": ("aus", "off"),
    "rules.opt.pigs.play": ("beim Ausspielen ansagen", "announced when played"),
    "rules.opt.pigs.query": ("vor der ersten Karte ansagen", "announced before the first card"),
    "rules.opt.pigs_solo": ("Schweinchen im Solo", "Schweinchen in a solo"),
    "rules.opt.pigs_solo.never": ("nie", "never"),
    "rules.opt.pigs_solo.diamonds": ("im Karo-Solo", "in a Karo-Solo"),
    "rules.opt.pigs_solo.trump": ("in jedem Farbsolo", "in every Farbsolo"),
    "rules.opt.superpigs": ("Superschweinchen", "Superschweinchen"),
    "rules.opt.hyperpigs": ("Hyperschweinchen", "Hyperschweinchen"),
    "action.pigs": ("Schweinchen", "Schweinchen"),
    "action.superpigs": ("Superschweinchen", "Superschweinchen"),
    "action.hyperpigs": ("Hyperschweinchen", "Hyperschweinchen"),
    "error.what.pigs": ("Schweinchen ansagen", "announcing Schweinchen"),
    "error.verb.pigs": ("Schweinchen ansagen", "announce Schweinchen"),
    "error.what.superpigs": ("Superschweinchen ansagen", "announcing Superschweinchen"),
    "error.verb.superpigs": ("Superschweinchen ansagen", "announce Superschweinchen"),
    "error.what.hyperpigs": ("Hyperschweinchen ansagen", "announcing Hyperschweinchen"),
    "error.verb.hyperpigs": ("Hyperschweinchen ansagen", "announce Hyperschweinchen"),
    "error.pigs_refused": (
        "{what} ist nicht möglich: {reason} (Hausregel)",
        "{what} is not possible: {reason} (house rule)",
    ),
    "error.pig_reason.rules": (
        "die Regeln dieses Spiels kennen es nicht",
        "the rules of this game do not have it",
    ),
    "error.pig_reason.level": (
        "es ist schon angesagt oder die Stufe darunter fehlt",
        "it is announced already or the level below is missing",
    ),
    "error.pig_reason.started": (
        "nur bevor die erste Karte gespielt ist",
        "only before the first card is played",
    ),
    "error.pig_reason.turn": (
        "nur wer an der Reihe ist",
        "only by the seat on turn",
    ),
    "error.pig_reason.cards": (
        "nur wer beide Karten hält",
        "only by the holder of both cards",
    ),
    "tui.ev_pigs": ("{name}: {what}!", "{name}: {what}!"),
    "tui.type_pigs": ("schweinchen", "pigs"),
    "tui.type_superpigs": ("superschweinchen", "superpigs"),
    "tui.type_hyperpigs": ("hyperschweinchen", "hyperpigs"),
    "tui.pigs_offer": (
        "Du kannst {what} ansagen: „{word}“ (allein oder vor der Karte, z. B. „{word} ♦A“)",
        "You may announce {what}: \"{word}\" (alone or before the card, e.g. \"{word} ♦A\")",
    ),
    "tui.prompt_pigs": (
        "{what} ansagen, bevor die erste Karte fällt? {word} = ja, Enter = nein",
        "Announce {what} before the first card? {word} = yes, Enter = no",
    ),
    "tui.pigs_made": ("Schweinchen", "Schweinchen"),
    "web.ui.pigs": ("Schweinchen", "Schweinchen"),
    "web.ui.superpigs": ("Superschweinchen", "Superschweinchen"),
    "web.ui.hyperpigs": ("Hyperschweinchen", "Hyperschweinchen"),
    # end of the pigs texts
    # -- more solo kinds and the per-option switches (issue 21, helper "solos") -------------
    # the picture solos (docs/rules.md "Weitere Soli"); their names stay German in English
    "contract.solo_kings": ("Königssolo", "Königssolo (kings)"),
    "contract.solo_queens_jacks": ("Damen-Buben-Solo", "Damen-Buben-Solo (queens and jacks)"),
    "contract.solo_kings_queens": ("Könige-Damen-Solo", "Könige-Damen-Solo (kings and queens)"),
    "contract.solo_kings_jacks": ("Könige-Buben-Solo", "Könige-Buben-Solo (kings and jacks)"),
    "contract.solo_koehler": ("Köhler", "Köhler (kings, queens and jacks)"),
    "row.solo_kings": ("Königssolo", "Königssolo (kings)"),
    "row.solo_queens_jacks": ("Damen-Buben-Solo", "Damen-Buben-Solo (queens and jacks)"),
    "row.solo_kings_queens": ("Könige-Damen-Solo", "Könige-Damen-Solo (kings and queens)"),
    "row.solo_kings_jacks": ("Könige-Buben-Solo", "Könige-Buben-Solo (kings and jacks)"),
    "row.solo_koehler": ("Köhler", "Köhler (kings, queens and jacks)"),
    "web.ui.solo_kings": ("Königssolo", "Königssolo"),
    "web.ui.solo_queens_jacks": ("Damen-Buben-Solo", "Damen-Buben-Solo"),
    "web.ui.solo_kings_queens": ("Könige-Damen-Solo", "Könige-Damen-Solo"),
    "web.ui.solo_kings_jacks": ("Könige-Buben-Solo", "Könige-Buben-Solo"),
    "web.ui.solo_koehler": ("Köhler", "Köhler"),
    "tui.type_kings": ("könige", "kings"),
    "tui.type_queens_jacks": ("damenbuben", "queensjacks"),
    "tui.type_kings_queens": ("königedamen", "kingsqueens"),
    "tui.type_kings_jacks": ("königebuben", "kingsjacks"),
    "tui.type_koehler": ("köhler", "koehler"),
    "error.solo_not_played": (
        "an diesem Tisch wird kein {solo} gespielt (die Hausregel ist aus)",
        "this table does not play the {solo} (the house rule is off)",
    ),
    # the options of doko.engine.rules.Rules: rules.opt.<field> (the label of its switch) and,
    # for an option that is no bool, rules.opt.<field>.<value> (each value it may take)
    "rules.opt.marriage_shift": (
        "Hochzeit: Ansagefristen um den Klärungsstich verschoben (TSR 6.4.2)",
        "Hochzeit: call deadlines shifted by the Klärungsstich (TSR 6.4.2)",
    ),
    "rules.opt.re_kontra_double": (
        "Re und Kontra verdoppeln den Spielwert",
        "Re and Kontra double the game value",
    ),
    "rules.opt.dulle": ("Zwei ♥10 in einem Stich", "Two ♥10 in one trick"),
    "rules.opt.dulle.first": (
        "die erste gewinnt (TSR 5.3.3)", "the first one wins (TSR 5.3.3)",
    ),
    "rules.opt.dulle.second": ("die zweite gewinnt", "the second one wins"),
    "rules.opt.dulle.second_except_last": (
        "die zweite gewinnt, außer im letzten Stich",
        "the second one wins, except in the last trick",
    ),
    "rules.opt.dulle_moves": (
        "Farbsolo: die Zehn der Trumpffarbe ist die Dulle",
        "Farbsolo: the trump suit's ten is the Dulle",
    ),
    "rules.opt.soloist_leads": (
        "Im Solo spielt immer der Solospieler zum ersten Stich auf",
        "In every solo the soloist leads trick 1",
    ),
    "rules.opt.nines": ("Mit Neunen (48 Karten)", "With the nines (48 cards)"),
    "rules.opt.bock": ("Bockrunden", "Bockrunden"),
    "rules.opt.bock.off": ("aus", "off"),
    "rules.opt.bock.add": (
        "an, mehrere Bockrunden nacheinander", "on, several Bockrunden one after another",
    ),
    "rules.opt.bock.double": (
        "an, überlappende verdoppeln (Doppelbock)", "on, overlapping ones double (Doppelbock)",
    ),
    "rules.opt.solo_dullen": (
        "Farbsoli mit den Dullen als höchsten Trümpfen (TSR 2.3.5)",
        "Farbsoli with the Dullen as the highest trumps (TSR 2.3.5)",
    ),
    "rules.opt.charlie_caught": ("Sonderpunkt Karlchen gefangen", "Sonderpunkt Karlchen gefangen"),
    "rules.opt.fox_last_trick": (
        "Sonderpunkt Fuchs im letzten Stich", "Sonderpunkt Fuchs im letzten Stich",
    ),
    "rules.opt.dulle_caught": ("Sonderpunkt Dulle gefangen", "Sonderpunkt Dulle gefangen"),
    "rules.opt.solo_kings": ("Königssolo (nur Könige Trumpf)", "Königssolo (only kings trump)"),
    "rules.opt.solo_queens_jacks": (
        "Damen-Buben-Solo (Damen und Buben Trumpf)", "Damen-Buben-Solo (queens and jacks trump)",
    ),
    "rules.opt.solo_kings_queens": (
        "Könige-Damen-Solo (Könige und Damen Trumpf)",
        "Könige-Damen-Solo (kings and queens trump)",
    ),
    "rules.opt.solo_kings_jacks": (
        "Könige-Buben-Solo (Könige und Buben Trumpf)",
        "Könige-Buben-Solo (kings and jacks trump)",
    ),
    "rules.opt.solo_koehler": (
        "Köhler (Könige, Damen und Buben Trumpf)", "Köhler (kings, queens and jacks trump)",
    ),
    # choosing options (doko.engine.rules.with_options, doko play --option, the web table)
    "rules.bool.true": ("an", "on"),
    "rules.bool.false": ("aus", "off"),
    "rules.unknown_option": (
        "unbekannte Regel-Option {key!r}; bekannt: {known}",
        "unknown rule option {key!r}; known: {known}",
    ),
    "rules.bad_value": (
        "Regel-Option {key}: {value!r} geht nicht; möglich: {values}",
        "rule option {key}: {value!r} is not possible; possible: {values}",
    ),
    "rules.option_syntax": (
        "eine Option heißt schlüssel=wert, nicht {value!r}",
        "an option is key=value, not {value!r}",
    ),
    "rules.options_title": (
        "Regel-Optionen (--option schlüssel=wert), Voreinstellung {preset}:",
        "Rule options (--option key=value), preset {preset}:",
    ),
    "rules.options_line": ("{key}: {label}", "{key}: {label}"),
    "rules.options_values": (
        "    Werte: {values}; hier: {value}", "    values: {values}; here: {value}",
    ),
    "tui.option": ("Regel: {label}: {value}", "Rule: {label}: {value}"),
    "cli.args.rules_error": ("doko {command}: {msg}", "doko {command}: {msg}"),
    "web.ui.options": ("Optionen", "Options"),
    "web.ui.options_note": (
        "Jede Option weicht von der gewählten Voreinstellung ab, wenn du sie änderst.",
        "Changing an option departs from the chosen preset.",
    ),
    "web.ui.table_options": ("Regeln dieses Tisches", "This table's rules"),
    # end of the solos block
    # -- Genscher (house rule, issue 21, helper genscher) -----------------------------------
    "rules.opt.genscher": ("Genscher", "Genscher"),
    "action.genscher": (
        "Genscher (Partner {k} Plätze weiter)",
        "Genscher (partner {k} seats on)",
    ),
    "action.genscher_seat": (
        "Genscher, neuer Partner: Platz {n}",
        "Genscher, new partner: seat {n}",
    ),
    "record.action.partner": (
        "'partner' muss ein anderer Platz 0..3 sein, nicht {value!r}",
        "'partner' must be another seat 0..3; got {value!r}",
    ),
    "error.what.genscher": ("der Genscher", "the Genscher"),
    "error.verb.genscher": ("einen neuen Partner nennen", "name a new partner"),
    "error.genscher_refused": (
        "{what} ist nicht möglich: {reason} (Hausregel)",
        "{what} is not possible: {reason} (house rule)",
    ),
    "error.genscher_reason.not_open": (
        "nur gleich nachdem der Spieler, der beide ♦K hielt, den zweiten gespielt hat",
        "only right after the holder of both ♦K has played the second one",
    ),
    "error.genscher_pending": (
        "{what} ist jetzt nicht möglich: erst nennt {to_move} den neuen Partner (Genscher, "
        "Hausregel)",
        "{what} is not possible now: {to_move} names the new partner first (Genscher, "
        "house rule)",
    ),
    "tui.genscher_prompt": (
        "Genscher! Wen nimmst du als Partner? Platz {seats} (dein jetziger Partner: alles "
        "bleibt)",
        "Genscher! Whom do you take as your partner? Seat {seats} (your partner now: nothing "
        "changes)",
    ),
    "tui.genscher_bad": (
        "Bitte die Nummer eines Platzes nennen: {seats}",
        "Please give the number of a seat: {seats}",
    ),
    "tui.ev_genscher": (
        "{name}: Genscher! Neuer Partner: {partner}",
        "{name}: Genscher! New partner: {partner}",
    ),
    "web.ui.genscher": ("Genscher: {p0} als Partner", "Genscher: {p0} as partner"),
    "cli.replay.genscher": (
        "Genscher: {seat} nimmt {partner} als Partner",
        "Genscher: {seat} takes {partner} as partner",
    ),
    # end of the Genscher texts
}


def lang_of(lang: str) -> str:
    """``"en"`` for English, else ``"de"`` (German is the default)."""
    return "en" if lang == "en" else "de"


def text(key: str, lang: str = "de", /, **params: object) -> str:
    """The text ``key`` in ``lang`` (``"de"``, the default, or ``"en"``) with ``params`` filled
    in (``str.format``). An unknown key raises :class:`KeyError` naming it."""
    try:
        de, en = TEXTS[key]
    except KeyError:
        raise KeyError(f"unknown text key {key!r}") from None
    template = en if lang == "en" else de
    return template.format(**params)


def texts_of(prefix: str, lang: str = "de") -> Callable[..., str]:
    """:func:`text` bound to a key prefix and a language, for a module that shows many texts:
    ``t = texts_of("sheet", lang)``, then ``t("title")`` is ``text("sheet.title", lang)``.

    >>> texts_of("sheet", "en")("games", n=24)
    '24 games'
    """

    def lookup(key: str, /, **params: object) -> str:
        return text(f"{prefix}.{key}", lang, **params)

    return lookup
