"""Reading the files a run is configured by (profile, attestations, waivers)."""

from __future__ import annotations

from pathlib import Path
from typing import Union

from baccarat_conformance.util.tomlfile import TomlFileError, decode_text

from baccarat_conformance.judging.errors import ConfigurationError
from baccarat_conformance.inputs.input_bounds import file_limit, human_size


def read_config_file(path: Union[str, Path], option: str, what: str) -> str:
    """The text of the file at ``path``, given on the command line as ``option``
    (``"--profile"``) and described as ``what`` (``"the profile"``); at most
    :func:`~baccarat_conformance.inputs.input_bounds.file_limit` bytes are read.

    :raises ConfigurationError: ``"{option} {path}: cannot read {what}: {reason}"`` when
        the file cannot be read, is larger than its cap, or is not UTF-8.
    """
    limit = file_limit(option)
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as e:
        raise ConfigurationError(f"{option} {path}: cannot read {what}: {e.strerror}") from None
    if len(data) > limit:
        raise ConfigurationError(f"{option} {path}: {what} is larger than {human_size(limit)}, the most a "
                                 f"{option} file may be (docs/security.md)")
    try:
        return decode_text(data)
    except TomlFileError as e:  # not UTF-8
        raise ConfigurationError(f"{option} {path}: cannot read {what}: {e}") from None
