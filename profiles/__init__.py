"""Example Rules Submission profiles (TOML), selectable by name: ``--profile ez_baccarat``."""
