"""Which engine runs the hot loops: the pure-Python engine or the native core.

The native core is the Rust crate in ``native/``, built by maturin into the extension module
``doko_native`` (its own distribution, ``doko-native``). doko installs, plays and serves
without it; where it is importable, the commands that run many games (``bench``, ``simulate``,
``replay``, ``arena``, ``solve``) use it unless told otherwise:

- ``DOKO_BACKEND=python`` or ``native`` in the environment forces one for the whole process;
- a command's ``--backend python|native`` option forces one for that command;
- otherwise (``auto``) the native core when it is importable, else Python.

Asking for ``native`` where it is not built is an error that says how to build it, never a
silent fall-back.

>>> resolve("python")
'python'
>>> resolve("fortran")
Traceback (most recent call last):
...
doko.engine.backend.BackendError: unknown backend 'fortran': use auto, python or native
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import TYPE_CHECKING, cast

from doko.engine.errors import DokoError

if TYPE_CHECKING:
    from doko.engine.game import Game

#: The backends a command accepts (``auto``: native when importable).
BACKENDS = ("auto", "python", "native")

_native: ModuleType | None = None
_native_error: str | None = None
_tried = False


class BackendError(DokoError):
    """A backend that is unknown or not available here."""


def native_module() -> ModuleType | None:
    """The ``doko_native`` extension module, or None where it is not built."""
    global _native, _native_error, _tried
    if not _tried:
        _tried = True
        try:
            _native = importlib.import_module("doko_native")
        except ImportError as e:
            _native_error = str(e)
    return _native


def native_available() -> bool:
    """True if the native core is importable."""
    return native_module() is not None


def resolve(requested: str | None = None) -> str:
    """The backend to use, ``"python"`` or ``"native"``: ``requested`` (a command's
    ``--backend``), else ``DOKO_BACKEND``, else native when available."""
    choice = requested if requested is not None else os.environ.get("DOKO_BACKEND", "auto")
    choice = choice.strip().lower() or "auto"
    if choice not in BACKENDS:
        raise BackendError(f"unknown backend {choice!r}: use {', '.join(BACKENDS[:-1])} or "
                           f"{BACKENDS[-1]}")
    if choice == "auto":
        return "native" if native_available() else "python"
    if choice == "native" and not native_available():
        raise BackendError(
            "the native core is not built here (doko_native: "
            f"{_native_error or 'not importable'}); build it with `make native` "
            "(needs a Rust toolchain) or use --backend python"
        )
    return choice


def require_native() -> ModuleType:
    """The native module; raises :class:`BackendError` (saying how to build it) if absent."""
    resolve("native")
    module = native_module()
    assert module is not None
    return module


def use(requested: str | None = None) -> str:
    """Resolve ``requested`` and make it this process's choice (``DOKO_BACKEND``), so that the
    worker processes a command starts use the same backend; returns the backend's name."""
    which = resolve(requested)
    os.environ["DOKO_BACKEND"] = which
    return which


def game_class(requested: str | None = None) -> type[Game]:
    """The game class of the backend :func:`resolve` picks: :class:`doko.engine.game.Game`, or
    ``NativeGame`` (:mod:`doko.engine.native`: the native state machine with ``Game``'s
    interface, which ``tests/native`` checks attribute by attribute against the Python engine's;
    typed as ``Game`` for that reason)."""
    if resolve(requested) == "native":
        from doko.engine.native import native_game_class

        return cast("type[Game]", native_game_class())
    from doko.engine.game import Game as PythonGame

    return PythonGame
