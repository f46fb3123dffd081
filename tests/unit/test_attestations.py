"""Attestation and waiver files: every rejection path names the file, line and field;
validation happens before a run starts (plugin and CLI)."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pydantic import ValidationError

from baccarat_conformance.inputs.attestations import (Attestation, EmptyFileWarning, Waiver, installed_coverage,
                                               load_attestations, load_waivers, parse_attestations, parse_waivers,
                                               unused_waivers)
from baccarat_conformance.corpus.coverage import resolve_coverage
from baccarat_conformance.corpus.lint import make_context
from baccarat_conformance.judging.errors import ConfigurationError

from tests.proofs.suite_runner import FEATURES, REPO

TODAY = dt.date(2025, 6, 30)


@pytest.fixture(scope="module")
def coverage():
    return installed_coverage()


def attest(text: str, coverage, today: dt.date = TODAY):
    return parse_attestations(textwrap.dedent(text), "att.toml", coverage=coverage, today=today)


def waive(text: str, coverage, today: dt.date = TODAY):
    return parse_waivers(textwrap.dedent(text), "wv.toml", coverage=coverage, today=today)


def error_of(fn, text: str, coverage) -> str:
    with pytest.raises(ConfigurationError) as info:
        fn(text, coverage)
    return str(info.value)


GOOD_ATTESTATION = '''\
[[attestation]]
clause = "631a.2(d)"
result = "pass"
inspector = "J. Doe (Lab QA-7)"
date = 2025-06-02
evidence = "photos IMG_0412-0419; checklist TL-631a-2 item 4"
'''

GOOD_WAIVER = '''\
[[waiver]]
clause = "631a.13(a)"
justification = "Board variance 2025-117 allows it at this property."
approver = "A. Smith, Compliance Director"
expires = 2025-12-31
'''


# ------------------------------------------------------------------ attestations
def test_valid_attestations(coverage) -> None:
    text = GOOD_ATTESTATION + '''
[[attestation]]
clause = "631a.2(e)"
result = "fail"
inspector = "J. Doe"
date = "2025-06-03"
evidence = "photo IMG_0420"
note = "discard bucket missing on table BAC-3"
'''
    a, b = attest(text, coverage)
    assert (a.clause, a.result, a.date, a.line) == ("631a.2(d)", "pass", dt.date(2025, 6, 2), 1)
    assert (b.result, b.date, b.note, b.line) == ("fail", dt.date(2025, 6, 3), "discard bucket missing on table BAC-3", 8)


@pytest.mark.parametrize("change, expected", [
    # TOML syntax
    (lambda t: t.replace('result = "pass"', 'result = "pass'), "att.toml:3: not valid TOML"),
    # unknown clause (with the nearest ids)
    (lambda t: t.replace("631a.2(d)", "631a.2(x)"), "att.toml:2: clause: unknown clause id '631a.2(x)'; nearest ids:"),
    # a clause that is not manual
    (lambda t: t.replace("631a.2(d)", "631a.11(a)"),
     "att.toml:2: clause: clause 631a.11(a) is automated, not manual"),
    (lambda t: t.replace("631a.2(d)", "631a.4(d)"),
     "att.toml:2: clause: clause 631a.4(d) is not applicable, not manual"),
    # bad result
    (lambda t: t.replace('"pass"', '"passed"'), "att.toml:3: result: must be \"pass\" or \"fail\", got 'passed'"),
    # bad dates
    (lambda t: t.replace("2025-06-02", '"02/06/2025"'), "att.toml:5: date: expected a date YYYY-MM-DD, got '02/06/2025'"),
    (lambda t: t.replace("2025-06-02", "2025-06-02T10:00:00"), "att.toml:5: date: expected a date YYYY-MM-DD, got the date-time"),
    (lambda t: t.replace("2025-06-02", "2025-07-02"), "att.toml:5: date: 2025-07-02 is in the future"),
    # missing and empty fields
    (lambda t: t.replace('inspector = "J. Doe (Lab QA-7)"\n', ""),
     "att.toml:1: inspector: missing; a attestation needs clause, result, inspector, date, evidence"),
    (lambda t: t.replace('evidence = "photos IMG_0412-0419; checklist TL-631a-2 item 4"', 'evidence = ""'),
     "att.toml:6: evidence: must be a non-empty text"),
    # unknown field
    (lambda t: t + 'signature = "x"\n', "att.toml:7: signature: unknown field"),
    # duplicate entries
    (lambda t: t + "\n" + t, "att.toml:8: clause: duplicate attestation of 631a.2(d) (first at line 1)"),
    # not an array of tables
    (lambda t: 'attestation = "631a.2(d)"\n', "att.toml:1: attestation: write each entry as a [[attestation]] table"),
    (lambda t: t + '\n[[waiver]]\nclause = "x"\n', "att.toml:8: waiver: unknown table or key"),
])
def test_attestation_rejections(coverage, change, expected: str) -> None:
    message = error_of(attest, change(GOOD_ATTESTATION), coverage)
    assert message.startswith("invalid attestation file att.toml:\n")
    assert any(line.startswith(expected) for line in message.splitlines()), message


# ------------------------------------------------------------------ waivers
def test_valid_waiver(coverage) -> None:
    (w,) = waive(GOOD_WAIVER + 'reference = "variance letter 2025-117"\n', coverage)
    assert (w.clause, w.expires, w.reference, w.where) == ("631a.13(a)", dt.date(2025, 12, 31),
                                                           "variance letter 2025-117", "wv.toml:1")
    (m,) = waive(GOOD_WAIVER.replace("631a.13(a)", "631a.2(d)"), coverage)  # a manual clause can be waived too
    assert m.clause == "631a.2(d)"


@pytest.mark.parametrize("change, expected", [
    (lambda t: t.replace("[[waiver]]", "[[waiver]"), "wv.toml:1: not valid TOML"),
    (lambda t: t.replace("631a.13(a)", "631a.13(z)"), "wv.toml:2: clause: unknown clause id '631a.13(z)'"),
    (lambda t: t.replace("631a.13(a)", "631a.1[Curator]"),
     "wv.toml:2: clause: clause 631a.1[Curator] is definitional; it cannot fail"),
    (lambda t: t.replace("2025-12-31", "2025-06-30"),
     "wv.toml:5: expires: the waiver expired on 2025-06-30 (today is 2025-06-30); renew it or remove it"),
    (lambda t: t.replace("2025-12-31", "2024-01-01"), "wv.toml:5: expires: the waiver expired on 2024-01-01"),
    (lambda t: t.replace("2025-12-31", '"soon"'), "wv.toml:5: expires: expected a date YYYY-MM-DD, got 'soon'"),
    (lambda t: t.replace('approver = "A. Smith, Compliance Director"\n', ""), "wv.toml:1: approver: missing"),
    (lambda t: t.replace('justification = "Board variance 2025-117 allows it at this property."',
                         "justification = 7"), "wv.toml:3: justification: must be a non-empty text, got 7"),
    (lambda t: t + 'approved = true\n', "wv.toml:6: approved: unknown field"),
    (lambda t: t + "\n" + t, "wv.toml:7: clause: duplicate waiver of 631a.13(a) (first at line 1)"),
])
def test_waiver_rejections(coverage, change, expected: str) -> None:
    message = error_of(waive, change(GOOD_WAIVER), coverage)
    assert message.startswith("invalid waiver file wv.toml:\n")
    assert any(line.startswith(expected) for line in message.splitlines()), message


def test_waiver_on_an_uncovered_clause_is_rejected() -> None:
    """Every installed clause has a disposition, so 627b.3(c) is made uncovered by leaving out its scenarios."""
    ctx = make_context()
    coverage = resolve_coverage(ctx.corpus, ctx.dispositions,
                                [s for s in ctx.scenarios if "627b.3(c)" not in s.clauses])
    assert coverage["627b.3(c)"].disposition == "uncovered"
    message = error_of(waive, GOOD_WAIVER.replace("631a.13(a)", "627b.3(c)"), coverage)
    assert "wv.toml:2: clause: clause 627b.3(c) is uncovered; it cannot fail" in message


def test_waiver_matching_no_failure_is_an_error() -> None:
    ws = waive(GOOD_WAIVER, installed_coverage())
    assert unused_waivers(ws, failed={"631a.13(a)"}) == []
    (p,) = unused_waivers(ws, failed=set())
    assert p == ("wv.toml:1: clause: the waiver of 631a.13(a) matches no failure in this run; remove it "
                 "(a waiver is never a silent pass)")


def test_every_problem_is_reported(coverage) -> None:
    text = GOOD_ATTESTATION.replace('"pass"', '"ok"').replace("2025-06-02", "2026-01-01")
    message = error_of(attest, text, coverage)
    assert "att.toml:3: result" in message and "att.toml:5: date" in message


def test_missing_file(tmp_path: Path, coverage) -> None:
    with pytest.raises(ConfigurationError, match="--attestations .*nope.toml: cannot read the attestation file"):
        load_attestations(tmp_path / "nope.toml", coverage=coverage)
    with pytest.raises(ConfigurationError, match="--waivers .*nope.toml: cannot read the waiver file"):
        load_waivers(tmp_path / "nope.toml", coverage=coverage)


@pytest.mark.parametrize("fn, text", [(attest, GOOD_ATTESTATION), (waive, GOOD_WAIVER)])
@pytest.mark.parametrize("key", ["source", "line"])
def test_the_location_of_an_entry_is_not_a_field_of_the_file(coverage, fn, text: str, key: str) -> None:
    message = error_of(fn, text + f'{key} = "x"\n', coverage)
    assert f".toml:{text.count(chr(10)) + 1}: {key}: unknown field" in message, message


def test_problems_of_several_entries_come_in_file_order(coverage) -> None:
    bad_result = GOOD_ATTESTATION.replace("631a.2(d)", "631a.2(e)").replace('"pass"', '"ok"')
    lines = error_of(attest, GOOD_ATTESTATION + "\n" + GOOD_ATTESTATION + "\n" + bad_result, coverage).splitlines()[1:]
    assert lines == ["att.toml:8: clause: duplicate attestation of 631a.2(d) (first at line 1)",
                     "att.toml:17: result: must be \"pass\" or \"fail\", got 'ok'"]


@pytest.mark.parametrize("parse, text, array", [
    (parse_attestations, "", "attestation"),
    (parse_attestations, "# no inspection yet\n", "attestation"),
    (parse_attestations, "attestation = []\n", "attestation"),
    (parse_waivers, "# nothing waived\n", "waiver"),
])
def test_an_empty_file_is_valid_but_warns(coverage, parse, text: str, array: str) -> None:
    with pytest.warns(EmptyFileWarning, match=rf"f.toml: no \[\[{array}\]\] entry in the {array} file"):
        assert parse(text, "f.toml", coverage=coverage, today=TODAY) == []


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path, coverage) -> None:
    bad = tmp_path / "att.toml"
    bad.write_bytes(GOOD_ATTESTATION.replace("J. Doe", "J. Dupr\u00e9").encode("latin-1"))
    with pytest.raises(ConfigurationError) as e:
        load_attestations(bad, coverage=coverage, today=TODAY)
    assert str(e.value).startswith(f"--attestations {bad}: cannot read the attestation file: not UTF-8 text (line 4,")
    bad.write_bytes(b"\xff" + GOOD_WAIVER.encode())
    with pytest.raises(ConfigurationError, match=r"--waivers .*att.toml: cannot read the waiver file: not UTF-8 text "
                                                 r"\(line 1, byte 0"):
        load_waivers(bad, coverage=coverage, today=TODAY)


def test_records_are_validated_models() -> None:
    """Built directly (as the matrix tests do), a record checks its own fields; the rules
    that need the installed suite and the run date apply when a file is read."""
    a = Attestation(" 631a.2(d) ", "pass", "J. Doe", "2025-06-02", "IMG_1", source="a.toml", line=3)
    assert (a.clause, a.date, a.where) == ("631a.2(d)", dt.date(2025, 6, 2), "a.toml:3")
    assert a.as_dict()["source"] == "a.toml:3"
    with pytest.raises(ValidationError, match="must be \"pass\" or \"fail\""):
        Attestation("631a.2(d)", "maybe", "J. Doe", dt.date(2025, 6, 2), "IMG_1")
    with pytest.raises(ValidationError, match="must be a non-empty text"):
        Waiver("631a.13(a)", " ", "A. Smith", dt.date(2025, 12, 31))


# ------------------------------------------------------------------ validated before the run
def test_plugin_rejects_a_bad_file_before_the_run(tmp_path: Path) -> None:
    bad = tmp_path / "wv.toml"
    bad.write_text(GOOD_WAIVER.replace("2025-12-31", "2020-01-01"), encoding="utf-8")
    log = tmp_path / "results.jsonl"
    proc = subprocess.run([sys.executable, "-m", "pytest", str(FEATURES), "-q", "-p", "no:cacheprovider",
                           "-o", "addopts=--strict-markers", "--import-mode=importlib", "--waivers", str(bad),
                           "--results-log", str(log)], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 4, proc.stdout + proc.stderr  # pytest's usage error: nothing ran
    assert f"{bad}:5: expires: the waiver expired on 2020-01-01" in proc.stderr
    assert not log.exists()


def test_documented_examples_are_valid() -> None:
    """docs/examples/*.toml, quoted in docs/clause-matrix.md, stay valid."""
    examples = REPO / "docs" / "examples"
    (a, b) = load_attestations(examples / "attestations.toml", today=dt.date(2025, 6, 30))
    assert (a.result, b.result) == ("pass", "fail")
    (w,) = load_waivers(examples / "waivers.toml", today=dt.date(2025, 6, 30))
    assert w.clause == b.clause
