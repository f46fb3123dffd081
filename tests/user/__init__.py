"""As a user runs it: the CLI, the documented commands, the wheel in a fresh venv, real servers on 127.0.0.1 and pseudo-terminals. Ordered last (tests/conftest.py)."""
