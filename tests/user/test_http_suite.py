"""The whole suite over HTTP: the reference game server runs as a real process on
127.0.0.1, and every scenario that passes through the library adapter passes over
HTTP, with pytest-xdist workers (each with its own keep-alive session)."""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.proofs import few_examples
from tests.games.misbehaving_servers import serve
from tests.proofs.suite_runner import SuiteRun, run_suite


@pytest.fixture(scope="session")
def reference_server() -> Iterator[str]:
    """URL of ``python -m baccarat_conformance.reference_game.server --port 0`` (session scope)."""
    with serve() as url:
        yield url


def _outcomes(run: SuiteRun) -> dict[str, str]:
    return {r["nodeid"]: r["outcome"] for r in run.results}


def test_the_suite_passes_over_http_on_two_workers_as_in_process(reference_server, tmp_path, must_pass):
    """One HTTP run shows both: every scenario (the property scenarios too) ends as it
    does through the library adapter (the reference game's run under the default profile,
    tests/proofs/reference_runs.py), and the run is shared by two xdist workers. (Two
    tests did this with a third run of the suite, over HTTP on one worker; the worker
    count changes nothing a scenario's outcome may depend on but the connection it uses,
    and each worker has its own.) The property scenarios run on a few examples each
    (tests/proofs/few_examples.py): every step of each goes over HTTP, and the search itself is
    the library runs' to show (27 s of the run's 38 went to it)."""
    library_run = must_pass("631a@baccarat")
    http_run = run_suite(tmp_path / "http", "--adapter", "http", "--url", reference_server, "-n", "2", "-v",
                         *few_examples.ARGS)
    assert library_run.results, library_run.output
    assert http_run.returncode == 0, http_run.output
    assert "created: 2/2 workers" in http_run.output, http_run.output
    assert http_run.results and all(r["outcome"] in ("passed", "skipped") for r in http_run.results)
    assert _outcomes(http_run) == _outcomes(library_run)
    passed = {n for n, o in _outcomes(library_run).items() if o == "passed"}
    assert passed and all(_outcomes(http_run)[n] == "passed" for n in passed)
