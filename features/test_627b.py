"""Binds the Chapter 627b feature files."""

from pathlib import Path

from pytest_bdd import scenarios

scenarios("627b_minibaccarat", features_base_dir=str(Path(__file__).parent))
