"""Root conftest of the repository.

The conformance plugin itself is installed as the ``pytest11`` entry point
``baccarat_conformance`` (harness/plugin.py), so an installed harness works without
this file; here we only enable pytester for the harness's own tests."""

pytest_plugins = ["pytester"]
