"""The whole conformance suite over the serial adapter, against the reference game
behind the device simulator on a real pseudo-terminal, at smoke depth and without the
hypothesis property scenarios (115200 baud makes them slow; they run over the library
and HTTP adapters): it passes,
and every scenario's Allure result carries its frame transcript."""

from __future__ import annotations

import json

from tests.games.serial_device import running_device
from tests.proofs.suite_runner import run_suite


def _attachments(node: dict) -> list[dict]:
    found = list(node.get("attachments", []))
    for step in node.get("steps", []):
        found += _attachments(step)
    return found


def test_the_suite_passes_over_serial_with_frame_transcripts(tmp_path):
    allure_dir = tmp_path / "allure"
    with running_device() as port:
        run = run_suite(tmp_path, "--adapter", "serial", "--port", port, "--alluredir", str(allure_dir),
                        depth="smoke", timeout=600, marks="not property")
    assert run.returncode == 0, run.output
    assert run.results and not run.failed_clauses, run.output
    assert {r["outcome"] for r in run.results} <= {"passed", "skipped"}

    results = [json.loads(p.read_text()) for p in allure_dir.glob("*-result.json")]
    played = [r for r in run.results if r["outcome"] == "passed"]
    assert played and len(results) >= len(played)  # scenarios skipped as "not offered" may have none
    for result in results:
        transcripts = [a for a in _attachments(result) if a["name"] == "exchange transcript (serial)"]
        if result["status"] == "skipped":
            continue
        assert transcripts, f"no frame transcript attached to {result['name']!r}"
        text = "".join((allure_dir / a["source"]).read_text() for a in transcripts)
        assert '"raw"' in text and "H>D DATA" in text and "D>H ACK" in text, result["name"]


def test_the_statistics_play_over_the_one_serial_connection(tmp_path):
    """A serial device talks to one host: the statistics' rounds are dealt over the run's
    own connection, in its process (they were "not verified" for every serial game); a
    time budget that leaves fewer shoes than smoke depth deals is "not verified", naming the
    shoes dealt and the power they give, never a pass."""
    with running_device() as port:
        full = run_suite(tmp_path / "full", "--adapter", "serial", "--port", port, "-k", "not shuffle",
                         depth="smoke", timeout=900, marks="statistics")
        short = run_suite(tmp_path / "short", "--adapter", "serial", "--port", port, "-k", "not shuffle",
                          "--stats-budget", "0.3", depth="smoke", timeout=300, marks="statistics")
    assert full.returncode == 0, full.output
    assert [r["outcome"] for r in full.results] == ["passed", "passed"], full.output
    assert {"631a.5(a)", "631a.13"} <= full.clauses_with("passed")
    assert [r["category"] for r in short.results] == ["not verified", "not verified"], short.output
    for r in short.results:
        assert "over the run's one connection (serial) dealt" in r["message"] and "of the 25 shoes" in r["message"]
        assert "detects a bias of" in r["message"] and "--stats-budget" in r["message"]
