"""The whole suite over HTTP: the reference game server runs as a real process on
127.0.0.1, and every scenario that passes through the library adapter passes over
HTTP, also with pytest-xdist workers (each with its own keep-alive session)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Iterator

import pytest

from .misbehaving_servers import serve
from .suite_runner import SuiteRun, run_suite


@pytest.fixture(scope="session")
def reference_server() -> Iterator[str]:
    """URL of ``python -m baccarat_conformance.reference_game.server --port 0`` (session scope)."""
    with serve() as url:
        yield url


def _outcomes(run: SuiteRun) -> dict[str, str]:
    return {r["nodeid"]: r["outcome"] for r in run.results}


def test_the_suite_passes_over_http_as_in_process(reference_server, tmp_path):
    # the two runs are independent processes: run them side by side
    with ThreadPoolExecutor(2) as pool:
        library = pool.submit(run_suite, tmp_path / "library")
        http = pool.submit(run_suite, tmp_path / "http", "--adapter", "http", "--url", reference_server)
        library_run, http_run = library.result(), http.result()
    assert library_run.results, library_run.output
    assert http_run.returncode == 0, http_run.output
    assert _outcomes(http_run) == _outcomes(library_run)
    passed = {n for n, o in _outcomes(library_run).items() if o == "passed"}
    assert passed and all(_outcomes(http_run)[n] == "passed" for n in passed)


def test_the_suite_runs_over_http_on_two_workers(reference_server, tmp_path):
    # the property scenarios ran over HTTP in the test above
    run = run_suite(tmp_path, "--adapter", "http", "--url", reference_server, "-n", "2", "-v",
                    marks="not property")
    assert run.returncode == 0, run.output
    assert run.results and all(r["outcome"] in ("passed", "skipped") for r in run.results)
    assert "created: 2/2 workers" in run.output, run.output
