"""Reading the files a run is configured by (profile, attestations, waivers)."""

from __future__ import annotations

from pathlib import Path
from typing import Union

from baccarat_conformance.corpus.tomlfile import TomlFileError, read_text

from .errors import ConfigurationError


def read_config_file(path: Union[str, Path], option: str, what: str) -> str:
    """The text of the file at ``path``, given on the command line as ``option``
    (``"--profile"``) and described as ``what`` (``"the profile"``).

    :raises ConfigurationError: ``"{option} {path}: cannot read {what}: {reason}"`` when
        the file cannot be read or is not UTF-8.
    """
    try:
        return read_text(Path(path))
    except OSError as e:
        raise ConfigurationError(f"{option} {path}: cannot read {what}: {e.strerror}") from None
    except TomlFileError as e:  # not UTF-8
        raise ConfigurationError(f"{option} {path}: cannot read {what}: {e}") from None
