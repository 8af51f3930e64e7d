"""Round files on disk: written atomically (a crash leaves the old or the new file), read back
with clear errors. The file format (``doko-round/1``) is :meth:`doko.session.Round.to_json`;
see ``docs/rounds.md``.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from doko.engine.errors import DokoError

__all__ = ["read_json_file", "write_atomic"]


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file.

    A temporary file in the same directory is written, flushed and fsynced, then renamed over
    ``path`` with :func:`os.replace`, and the directory is fsynced so the rename is durable.
    """
    p = Path(path)
    directory = p.parent if str(p.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    try:
        dfd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - a platform without directory handles
        return
    try:
        os.fsync(dfd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on directories
        pass
    finally:
        os.close(dfd)


def read_json_file(path: str | os.PathLike[str], error: type[DokoError]) -> Any:
    """The JSON value in the file ``path``; ``error(en, de)`` names the file and the problem
    (unreadable, not UTF-8, not JSON)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        msg = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise error(f"{path}: {msg}", f"{path}: {msg}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{path}: not valid JSON: {e}", f"{path}: kein gültiges JSON: {e}") from None
