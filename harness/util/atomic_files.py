"""Every file the harness replaces whole is written here: to a temporary file created
exclusively in the target's folder, then renamed over the target (issue 26, items 2 and 19).

A fixed temporary name (``PACKAGE.tmp``) let whoever could write the folder plant a
symlink there, and ``seal`` wrote the package through it into the link's target; a full
filesystem left ``PACKAGE.tmp`` and a 0-byte ``matrix.json.tmp`` behind. Here the
temporary file is made by :func:`tempfile.mkstemp` (``O_CREAT|O_EXCL|O_NOFOLLOW``, a
random name, mode 0600 until written), and it is removed on every way out: an error while
writing (``ENOSPC``), an error while renaming, an exception of the caller's, Ctrl-C.

A file the harness writes as it goes (a log another process reads while it grows) cannot
be renamed into place at the end: :func:`open_fresh` makes it exclusively under a random
name and renames it over the target at once, before the first byte (a planted link is
replaced, never written through), and :func:`open_append` appends to a log without
following a link (``O_NOFOLLOW``). No file of the harness is opened for writing any other
way (issue 36, item 1; ``tests/unit/test_atomic_files.py`` searches the code for another).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import IO, Union

__all__ = ["write_atomic", "open_fresh", "open_append", "MODE"]

MODE = 0o644
"""The mode of a file written here (what ``Path.write_bytes`` gave under the usual umask 022)."""


def write_atomic(path: Union[str, Path], data: Union[bytes, str], *, encoding: str = "utf-8") -> Path:
    """Replace ``path`` with ``data`` (text is encoded with ``encoding``) atomically: a reader
    sees the old file or the whole new one, never a part, and no temporary file is left
    whatever happens. The folder must exist.

    :raises OSError: the file cannot be written (the temporary file is removed first).
    """
    path = Path(path)
    raw = data.encode(encoding) if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            os.fchmod(fh.fileno(), MODE)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def open_fresh(path: Union[str, Path], *, encoding: str = "utf-8") -> IO[str]:
    """A new, empty text file at ``path`` open for writing: created exclusively beside it
    (:func:`tempfile.mkstemp`) and renamed over ``path`` before it is returned, so whatever
    was at ``path`` (a planted symbolic link) is replaced and never written through. For a
    file written as it goes (``pytest.log``), read by others while it grows.

    :raises OSError: the file cannot be made (nothing is left behind).
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, MODE)
        os.replace(tmp, path)
    except BaseException:
        os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return os.fdopen(fd, "w", encoding=encoding)


def open_append(path: Union[str, Path], *, encoding: str = "utf-8") -> IO[str]:
    """``path`` open for appending text (created with mode 0644 when absent), never through a
    symbolic link: ``O_NOFOLLOW`` makes a planted link an error (``ELOOP``) instead.

    :raises OSError: ``path`` is a symbolic link, or cannot be opened.
    """
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    return os.fdopen(os.open(path, flags, MODE), "a", encoding=encoding)
