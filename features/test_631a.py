"""Binds the Chapter 631a feature files (58 Pa. Code Ch. 631a, Baccarat)."""

from pathlib import Path

from pytest_bdd import scenarios

scenarios("631a_baccarat", features_base_dir=str(Path(__file__).parent))
