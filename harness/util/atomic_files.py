"""Every file the harness replaces whole is written here: to a temporary file created
exclusively in the target's folder, then renamed over the target (issue 26, items 2 and 19).

A fixed temporary name (``PACKAGE.tmp``) let whoever could write the folder plant a
symlink there, and ``seal`` wrote the package through it into the link's target; a full
filesystem left ``PACKAGE.tmp`` and a 0-byte ``matrix.json.tmp`` behind. Here the
temporary file is made by :func:`tempfile.mkstemp` (``O_CREAT|O_EXCL|O_NOFOLLOW``, a
random name, mode 0600 until written), and it is removed on every way out: an error while
writing (``ENOSPC``), an error while renaming, an exception of the caller's, Ctrl-C.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Union

__all__ = ["write_atomic", "MODE"]

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
