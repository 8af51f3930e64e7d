"""The web table's refusals: :class:`TableError` (a key, an optional TSR clause, the message
in German and English) and the server's limits being reached (:class:`LimitError`,
:class:`HubBusy`). Seats are named 1-4 in every text.
"""

from __future__ import annotations

from typing import Any

from doko.server.schema import SchemaError

#: Server-side messages (English, German).
_TEXTS: dict[str, tuple[str, str]] = {
    "malformed": ("the message is not a JSON object with a 'type': {detail}",
                  "die Nachricht ist kein JSON-Objekt mit 'type': {detail}"),
    "unknown_type": ("unknown message type {detail!r}", "unbekannter Nachrichtentyp {detail!r}"),
    "hello_first": ("send 'hello' first", "zuerst 'hello' senden"),
    "bad_token": ("this link's key belongs to no seat of this table",
                  "der Schlüssel dieses Links gehört zu keinem Platz dieses Tisches"),
    "token_required": ("only a seat may act, with its key from the invitation link",
                       "nur ein Platz darf spielen, mit dem Schlüssel aus seinem Einladungslink"),
    "not_your_seat": ("your key belongs to seat {detail}, not to another seat",
                      "dein Schlüssel gehört zu Platz {detail}, nicht zu einem anderen Platz"),
    "bad_field": ("{detail}", "{detail}"),
    "closed": ("this table has been closed", "dieser Tisch wurde geschlossen"),
    "expired": ("this table has expired: nobody played at it for a long time",
                "dieser Tisch ist abgelaufen: lange hat niemand an ihm gespielt"),
    "busy": ("the server has no room for another table now; try again later",
             "der Server hat gerade keinen Platz für einen weiteren Tisch; bitte später"),
    "too_many_connections": ("too many connections from your address",
                             "zu viele Verbindungen von deiner Adresse"),
    "rate_limited": ("too many requests; try again in {detail} s",
                     "zu viele Anfragen; bitte in {detail} s noch einmal"),
    "bad_action": ("not a valid action: {detail}", "keine gültige Aktion: {detail}"),
    "no_game": ("no game is running", "es läuft kein Spiel"),
    "bot_seat": ("a computer player plays this seat", "diesen Platz spielt ein Computer"),
    "not_pending": ("there is nothing left for you to decide in this game",
                    "in diesem Spiel gibt es für dich nichts mehr zu entscheiden"),
    "not_between": ("the next game can only start after this one",
                    "das nächste Spiel kann erst nach diesem beginnen"),
    "start_needs_bots": ("seats are still empty and no computer may take them (table option)",
                         "Plätze sind noch frei und kein Computer darf sie übernehmen "
                         "(Tischoption)"),
    "not_waiting": ("the table has started already", "der Tisch hat schon begonnen"),
    "round_running": ("the round is not over yet", "die Runde ist noch nicht zu Ende"),
    "bad_name": ("a name has 1 to 40 characters", "ein Name hat 1 bis 40 Zeichen"),
    "server": ("the server could not store the action; nothing was changed",
               "der Server konnte die Aktion nicht speichern; nichts wurde geändert"),
    "no_table": ("there is no table {detail!r}, or its link has no key for it",
                 "es gibt keinen Tisch {detail!r}, oder sein Link hat keinen Schlüssel dafür"),
}


def text(key: str, lang: str, detail: object = "") -> str:
    en, de = _TEXTS[key]
    return (de if lang == "de" else en).format(detail=detail)


class TableError(ValueError):
    """A request the table refuses; ``key`` names it, the message comes in both languages."""

    def __init__(self, key: str, detail: object = "", rule: str | None = None,
                 de: str | None = None, en: str | None = None) -> None:
        self.key = key
        self.rule = rule
        self.en = en if en is not None else text(key, "en", detail)
        self.de = de if de is not None else text(key, "de", detail)
        super().__init__(self.en)

    def text(self, lang: str) -> str:
        return self.de if lang == "de" else self.en

    @classmethod
    def from_schema(cls, e: SchemaError) -> TableError:
        """A message that does not fit the schema (:mod:`doko.server.schema`)."""
        return cls(e.key, e.field, en=e.text("en"), de=e.text("de"))

    def message(self, ref: object = None, lang: str = "en") -> dict[str, Any]:
        """The error reply: ``error`` (a key), ``rule`` (a TSR clause or None), ``message``."""
        return {"type": "error", "error": self.key, "rule": self.rule,
                "message": self.text(lang), "ref": ref}


class LimitError(RuntimeError):
    """A client reached one of its limits (:class:`doko.server.limits.Limits`)."""

    def __init__(self, en: str, de: str) -> None:
        self.en, self.de = en, de
        super().__init__(en)


class HubBusy(RuntimeError):
    """The server keeps ``limits.tables_total`` tables in memory and none can be unloaded."""
