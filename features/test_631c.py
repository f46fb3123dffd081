"""Binds the Chapter 631c feature files."""

from pathlib import Path

from pytest_bdd import scenarios

scenarios("631c_side_wagers", features_base_dir=str(Path(__file__).parent))
