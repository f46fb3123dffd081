"""Binds the Chapter 629b feature files."""

from pathlib import Path

from pytest_bdd import scenarios

scenarios("629b_midibaccarat", features_base_dir=str(Path(__file__).parent))
