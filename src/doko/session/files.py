"""Round files on disk: written atomically (a crash leaves the old or the new file), read back
with clear errors. The file format (``doko-round/1``) is :meth:`doko.session.Round.to_json`;
see ``docs/rounds.md``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from doko.engine.errors import DokoError, json_params, json_problem
from doko.engine.texts import lang_of, text

__all__ = ["read_json_file", "read_problem", "write_atomic"]

#: The operating system's reasons that have words in the catalogue (``files.<key>``).
_OS_KEYS = {
    errno.ENOENT: "not_found",
    errno.EACCES: "permission",
    errno.EPERM: "permission",
    errno.EISDIR: "is_directory",
    errno.ENOTDIR: "not_directory",
}


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


def read_problem(e: OSError | UnicodeDecodeError, lang: str = "de") -> str:
    """Why a file could not be read, in ``lang``: the catalogue's words for the common reasons
    (``files.*``: not found, no permission, a directory, not UTF-8), else in English the
    operating system's own and in German its error code.

    >>> read_problem(FileNotFoundError(errno.ENOENT, "No such file or directory"), "de")
    'Datei oder Verzeichnis nicht gefunden'
    """
    lang = lang_of(lang)
    if isinstance(e, UnicodeDecodeError):
        return text("files.not_utf8", lang, position=e.start)
    key = _OS_KEYS.get(e.errno) if e.errno is not None else None
    if key is not None:
        return text("files." + key, lang)
    if lang == "en" and e.strerror:
        return e.strerror
    code = errno.errorcode.get(e.errno, str(e.errno)) if e.errno is not None else type(e).__name__
    return text("files.os_error", lang, code=code)


def read_json_file(path: str | os.PathLike[str], error: type[DokoError]) -> Any:
    """The JSON value in the file ``path``; ``error(en, de)`` names the file and the problem
    (unreadable, not UTF-8, not JSON) in English and German (the catalogue's ``files.*``)."""
    try:
        content = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise error(*(text("files.unreadable", lang, path=path, why=read_problem(e, lang))
                      for lang in ("en", "de"))) from None
    try:
        return json.loads(content)
    except json.JSONDecodeError as e:
        where = json_params(e)
        raise error(*(text("files.invalid_json", lang, path=path,
                           why=json_problem(lang, **where)) for lang in ("en", "de"))) from None
