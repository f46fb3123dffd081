"""The harness's rules oracle: the regulations' rules and paytables as data.

Never imported by the bundled reference game (see the import-linter contracts in
pyproject.toml)."""

from .odds import Odds  # noqa: F401
