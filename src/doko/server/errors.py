"""The web table's refusals: :class:`TableError` (a key, an optional TSR clause, the message
in German and English) and the server's limits being reached (:class:`LimitError`,
:class:`HubBusy`). Seats are named 1-4 in every text.
"""

from __future__ import annotations

from typing import Any

from doko.engine.texts import text as catalogue_text
from doko.server.schema import SchemaError


def text(key: str, lang: str, detail: object = "") -> str:
    """The refusal ``key`` in ``lang`` from the catalogue (:mod:`doko.engine.texts`)."""
    return catalogue_text(f"server.{key}", lang, detail=detail)


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
