"""One validated schema for everything a client sends: REST bodies and WebSocket messages.

The web table faces the open internet, so every input is hostile until it passed here:

* the raw text is bounded (:data:`MAX_MESSAGE` bytes) and its nesting (:data:`MAX_DEPTH`) is
  checked *before* it is parsed, so deeply nested JSON cannot exhaust the parser's stack;
* ``NaN`` and ``Infinity`` are refused by the parser, and every number is checked against its
  range (:func:`parse_json`);
* every string is valid Unicode (no lone surrogates), has no control or bidirectional-override
  characters and is bounded (:func:`clean_text`); names are trimmed and NFC-normalised;
* unknown keys are refused (``extra="forbid"``), and socket messages are one discriminated
  union on ``type`` (:data:`ClientMessage`).

A refusal is a :class:`SchemaError` naming the field, in German and English; the hub sends it
as an ``error`` message (the connection stays open) and the REST routes as a 422.

    >>> parse_message('{"type": "ping", "ref": 7}')
    Ping(type='ping', ref=7)
    >>> parse_message('{"type": "name", "name": "Anna\\\\u0000"}')
    Traceback (most recent call last):
    ...
    doko.server.schema.SchemaError: name: a control character is not allowed
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, TypeAlias

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    TypeAdapter,
    ValidationError,
)

from doko.engine.actions import CALL_NAMES
from doko.engine.contracts import SOLO_NAMES
from doko.engine.texts import TEXTS, text

#: The longest message or REST body accepted, in bytes (UTF-8).
MAX_MESSAGE = 16384
#: The deepest nesting of arrays and objects accepted (a table spec needs 3).
MAX_DEPTH = 8
#: The longest name of a person or a computer player (characters).
NAME_MAX = 40
#: The longest table name (characters).
TABLE_NAME_MAX = 80
#: The longest key (seat, spectator, admin) a client may send; keys are 24 characters.
TOKEN_MAX = 64
#: The longest ``ref`` string; numbers must be safe integers (|n| < 2**53).
REF_MAX = 64
#: What the largest number a client may send as a seed.
SEED_LIMIT = 2**62
#: The longest chat message (characters, after trimming).
CHAT_MAX = 200
#: The quick reactions at a table: keys; the client shows each with its catalogue text.
REACTIONS = ("thumbs", "laugh", "wow", "sorry", "thanks", "hurry")
#: Who may read a table's chat: nobody (``off``), its players, or its spectators too (``all``);
#: only seats may write.
CHAT_MODES = ("off", "players", "all")

#: Unicode format characters that reorder text (they can disguise a name): refused too.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class SchemaError(ValueError):
    """A client input that does not fit the schema: ``field`` (dotted path, "" for the whole
    message), ``key`` (``malformed``, ``unknown_type``, ``bad_field``) and the reason in English
    (``str``) and German (:meth:`text`)."""

    def __init__(self, field: str, en: str, de: str, key: str = "bad_field") -> None:
        self.field = field
        self.key = key
        self.en = f"{field}: {en}" if field else en
        self.de = f"{field}: {de}" if field else de
        super().__init__(self.en)

    def text(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


def reason(key: str, **params: object) -> tuple[str, str]:
    """The reason ``server.schema.<key>`` from the catalogue (:mod:`doko.engine.texts`) as
    (English, German), the order :class:`SchemaError` takes them in."""
    return (text(f"server.schema.{key}", "en", **params),
            text(f"server.schema.{key}", "de", **params))


# ------------------------------------------------------------------------------ text


def text_problem(value: str) -> tuple[str, str] | None:
    """Why ``value`` is not acceptable text (English, German), or None."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return reason("lone_surrogate")
    for ch in value:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs", "Co", "Cn") or ch in _BIDI:
            return reason("control_char")
    return None


def clean_text(value: str, field: str, max_len: int, *, empty: bool = False) -> str:
    """``value`` trimmed and NFC-normalised, or :class:`SchemaError` if it has a lone surrogate,
    a control character, is empty (unless ``empty``) or longer than ``max_len``."""
    problem = text_problem(value)
    if problem is not None:
        raise SchemaError(field, *problem)
    out = unicodedata.normalize("NFC", value.strip())
    if not out and not empty:
        raise SchemaError(field, *reason("empty"))
    if len(out) > max_len:
        raise SchemaError(field, *reason("too_long", n=max_len))
    return out


def _name(v: str) -> str:
    return clean_text(v, "", NAME_MAX)


def _table_name(v: str) -> str:
    return clean_text(v, "", TABLE_NAME_MAX, empty=True)


def _short(v: str) -> str:
    return clean_text(v, "", REF_MAX)


def _chat(v: str) -> str:
    return clean_text(v, "", CHAT_MAX)


def _token(v: str) -> str:
    if not v.isascii() or not all(ch.isalnum() or ch in "-_" for ch in v):
        raise SchemaError("", *reason("key_chars"))
    return v


Name = Annotated[str, Field(max_length=4 * NAME_MAX), AfterValidator(_name)]
TableName = Annotated[str, Field(max_length=4 * TABLE_NAME_MAX), AfterValidator(_table_name)]
ShortText = Annotated[str, Field(max_length=4 * REF_MAX), AfterValidator(_short)]
ChatText = Annotated[str, Field(max_length=4 * CHAT_MAX), AfterValidator(_chat)]
Token = Annotated[str, Field(max_length=TOKEN_MAX), AfterValidator(_token)]
Level = Annotated[str, Field(min_length=1, max_length=32), AfterValidator(_short)]
Lang = Literal["de", "en"]
SafeInt = Annotated[StrictInt, Field(gt=-(2**53), lt=2**53)]
Ref = SafeInt | ShortText | None


# ------------------------------------------------------------------------------ parsing


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON ``text`` (brackets inside strings do not
    count); linear, no recursion."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return text.count("[") + text.count("{")
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> float:
    raise SchemaError("", *reason("constant", name=name), "malformed")


def _finite_float(text: str) -> float:
    x = float(text)
    if x in (float("inf"), float("-inf")):
        raise SchemaError("", *reason("number_too_large", number=text[:20]), "malformed")
    return x


def parse_json(data: str | bytes) -> Any:
    """Parse a client's JSON text after checking its size and nesting; NaN and Infinity are
    refused. Raises :class:`SchemaError` (key ``malformed``)."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise SchemaError("", *reason("too_many_bytes", n=MAX_MESSAGE), "malformed")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise SchemaError("", *reason("not_utf8"), "malformed") from None
    if nesting_depth(data) > MAX_DEPTH:
        raise SchemaError("", *reason("too_deep", n=MAX_DEPTH), "malformed")
    try:
        return json.loads(data, parse_constant=_no_constant, parse_float=_finite_float)
    except SchemaError:
        raise
    except (ValueError, RecursionError) as e:
        msg = e.msg if isinstance(e, json.JSONDecodeError) else str(e)
        raise SchemaError("", *reason("not_json_because", why=msg), "malformed") from None


def _field_text(kind: str, lang: str, default: str) -> str:
    """The catalogue's reason ``server.field.<kind>`` for pydantic's error type ``kind``, or
    ``default`` for a type it does not list."""
    key = f"server.field.{kind}"
    return text(key, lang) if key in TEXTS else default


def schema_error(e: ValidationError) -> SchemaError:
    """The first problem of a pydantic error as a :class:`SchemaError` (never the input)."""
    return describe_errors(e.errors(include_input=False, include_url=False))


def describe_errors(errors: Sequence[Mapping[str, Any]]) -> SchemaError:
    """The first of pydantic's (or FastAPI's) error entries as a :class:`SchemaError`; the
    offending input is never echoed."""
    if not errors:
        return SchemaError("", *reason("invalid"))
    err = errors[0]
    loc = [str(x) for x in err.get("loc", ())]
    kind = str(err.get("type", ""))
    ctx = err.get("ctx") or {}
    if kind == "union_tag_not_found":
        return SchemaError("", *reason("no_type"), "malformed")
    if kind == "union_tag_invalid":
        tag = str(ctx.get("tag"))[:REF_MAX]
        return SchemaError("type", *reason("unknown_type", tag=tag), "unknown_type")
    if loc and loc[0] == "header":  # a header's name has dashes: keep it as it is
        loc = [loc[1]] if len(loc) > 1 else []
        kind_loc = True
    else:
        kind_loc = False
        if loc and loc[0] in ("body", "path", "query"):
            loc = loc[1:]
    # the first location item of a union member is the member's tag: drop it
    if loc and loc[0] in _TAGS and len(loc) > 1 and not kind_loc:
        loc = loc[1:]
    # drop the names pydantic gives union branches and validators ("constrained-int", ...)
    if not kind_loc:
        loc = [x for x in loc
               if "-" not in x and "[" not in x and x not in ("int", "str", "none")]
    field = ".".join(loc)
    if field == "ref":
        return SchemaError("ref", *reason("ref", n=REF_MAX))
    cause = ctx.get("error")
    if kind == "value_error" and isinstance(cause, SchemaError):
        return SchemaError(field, cause.en.removeprefix(": "), cause.de.removeprefix(": "))
    en = str(err.get("msg") or _field_text(kind, "en", text("server.schema.invalid", "en")))
    en = en.removeprefix("Value error, ")
    if kind == "string_unicode":
        en = text("server.field.string_unicode", "en")
    if kind == "json_invalid":
        return SchemaError("", *reason("not_json"), "malformed")
    de = _field_text(kind, "de", en)
    return SchemaError(field, en, de)


# ------------------------------------------------------------------------------ models


class Strict(BaseModel):
    """Unknown keys refused, no NaN or infinity, strict types (no "24" for 24)."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, strict=True, frozen=True)


ACTION_NAMES = ("play", "solo", "call", "healthy", "reservation", "marriage", "pass",
                "concede", "claim", "withdraw",
                # Schweinchen (house rules, issue 21)
                "pigs", "superpigs", "hyperpigs",
                # Armut and Schmeißen (house rules)
                "armut", "take", "refuse", "throw",
                # Genscher (house rule, issue 21): with the named seat as ``partner``
                "genscher")


class ActionBody(Strict):
    """An action in record form without ``seat`` (docs/record-format.md); a ``seat`` may be
    given but must be the sender's own."""

    action: Literal[ACTION_NAMES]  # type: ignore[valid-type]
    card: Annotated[str, Field(min_length=2, max_length=3)] | None = None
    solo: Literal[SOLO_NAMES] | None = None  # type: ignore[valid-type]
    call: Literal[CALL_NAMES] | None = None  # type: ignore[valid-type]
    partner: Annotated[StrictInt, Field(ge=0, le=3)] | None = None
    seat: Annotated[StrictInt, Field(ge=0, le=3)] | None = None

    def record(self) -> dict[str, object]:
        """The record form (the keys given, None left out)."""
        return {k: v for k, v in self.model_dump().items() if v is not None}


class Hello(Strict):
    type: Literal["hello"]
    token: Token | None = None
    lang: Lang | None = None
    name: Name | None = None
    ref: Ref = None


class ActionMsg(Strict):
    type: Literal["action"]
    action: ActionBody
    ref: Ref = None


class NameMsg(Strict):
    type: Literal["name"]
    name: Name
    ref: Ref = None


class LangMsg(Strict):
    type: Literal["lang"]
    lang: Lang
    ref: Ref = None


class Ping(Strict):
    type: Literal["ping"]
    ref: Ref = None


class ChatMsg(Strict):
    """A chat line of a seat (text only: the client puts it into the page as text)."""

    type: Literal["chat"]
    text: ChatText
    ref: Ref = None


class ReactMsg(Strict):
    """A quick reaction of a seat (one of :data:`REACTIONS`)."""

    type: Literal["react"]
    reaction: Literal[REACTIONS]  # type: ignore[valid-type]
    ref: Ref = None


class MuteMsg(Strict):
    """Hide (``mute`` true) or show again the chat of a seat, for this connection only."""

    type: Literal["mute"]
    seat: Annotated[StrictInt, Field(ge=0, le=3)]
    mute: StrictBool
    ref: Ref = None


class Request(Strict):
    """A request without arguments: ``state``, ``next``, ``done``, ``start``, ``new_round``,
    ``leave``."""

    type: Literal["state", "next", "done", "start", "new_round", "leave"]
    ref: Ref = None


_TAGS = ("hello", "action", "name", "lang", "ping", "state", "next", "done", "start",
         "new_round", "leave", "chat", "react", "mute")

AnyMessage: TypeAlias = (Hello | ActionMsg | NameMsg | LangMsg | Ping | Request | ChatMsg
                         | ReactMsg | MuteMsg)
ClientMessage = Annotated[AnyMessage, Field(discriminator="type")]
_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)  # type: ignore[arg-type, unused-ignore]
_REF: TypeAdapter[Any] = TypeAdapter(Ref)  # type: ignore[arg-type, unused-ignore]


def parse_message(text: str | bytes) -> AnyMessage:
    """A socket message from its text; raises :class:`SchemaError`."""
    raw = parse_json(text)
    if not isinstance(raw, dict):
        raise SchemaError("", *reason("not_object"), "malformed")
    if not isinstance(raw.get("type"), str):
        raise SchemaError("", *reason("no_type"), "malformed")
    try:
        msg: AnyMessage = _MESSAGE.validate_python(raw)
        return msg
    except ValidationError as e:
        raise schema_error(e) from None


def raw_ref(text: str | bytes | None) -> object:
    """The ``ref`` of a message that failed validation, if it is a valid ref (so the error can
    still carry it); None otherwise."""
    if text is None:
        return None
    try:
        raw = parse_json(text)
    except SchemaError:
        return None
    ref = raw.get("ref") if isinstance(raw, dict) else None
    try:
        return _REF.validate_python(ref)
    except ValidationError:
        return None


# ------------------------------------------------------------------------------ REST bodies


class SeatIn(Strict):
    """A seat of a new table: ``human`` (reserved for the person invited with its link),
    ``open`` (a public table's seat that anyone may take with "join") or ``bot``."""

    kind: Literal["human", "open", "bot"] = "human"
    name: Name | None = None
    level: Level | None = None


def _default_seats() -> list[SeatIn]:
    return [SeatIn(kind="human"), SeatIn(kind="bot"), SeatIn(kind="bot"), SeatIn(kind="bot")]


#: A rule option's name and a value word (``doko play --option KEY=VALUE``).
OptionKey = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_]+$")]
OptionWord = Annotated[str, Field(min_length=1, max_length=40)]


class TableIn(Strict):
    """A table spec (``POST /api/tables``); every key optional."""

    name: TableName = ""
    rules: Annotated[str, Field(min_length=1, max_length=32)] = "tsr"
    games: Annotated[StrictInt, Field(ge=1, le=500)] | None = 24
    pflichtsoli: StrictBool | None = None
    public: StrictBool = False
    bot_takeover: StrictBool = True
    takeover_level: Level | None = None
    bot_delay_ms: Annotated[StrictInt, Field(ge=0, le=10000)] = 700
    grace_s: Annotated[float, Field(ge=0, le=86400)] = 30.0
    seats: Annotated[list[SeatIn], Field(min_length=4, max_length=4)] = Field(
        default_factory=_default_seats)
    seed: Annotated[StrictInt, Field(ge=0, lt=SEED_LIMIT)] | None = None
    chat: Literal[CHAT_MODES] = "players"  # type: ignore[valid-type]
    hints: StrictBool = True
    #: single rule options on top of the preset (``doko.engine.rules.with_options``): a bool,
    #: or one of the option's words; the table checks names and values (400 naming the option)
    options: Annotated[dict[OptionKey, StrictBool | OptionWord], Field(max_length=64)] = Field(
        default_factory=dict)


class JoinIn(Strict):
    """``POST /api/tables/{code}/join``."""

    name: Name | None = None


