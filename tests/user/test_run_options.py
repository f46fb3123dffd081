"""The options of a run are declared once (harness/inputs/options.py): the pytest options and the
flags of `baccarat-conformance run` come from one table, and `run` passes each flag it was
given on to pytest. Dates are read by one parser; the profile answers which options of
the vocabulary it offers (the `@option.X` gates)."""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.run.suite import pytest_command
from baccarat_conformance.util.dates import parse_date
from baccarat_conformance.inputs.options import OPTIONS, add_pytest_options, date_arg
from baccarat_conformance.inputs.profile import parse_profile


# ------------------------------------------------------------------ one table, two parsers
def pytest_declarations() -> dict[str, dict]:
    declared: dict[str, dict] = {}

    class Group:
        def addoption(self, *flags: str, **kwargs: object) -> None:
            declared[flags[-1]] = dict(kwargs, flags=flags)

    add_pytest_options(Group())
    return declared


def run_actions() -> dict[str, argparse.Action]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {a.option_strings[-1]: a for a in sub.choices["run"]._actions if a.option_strings}


def test_options_shared_by_pytest_and_run_are_declared_alike() -> None:
    pytest_opts, run_opts = pytest_declarations(), run_actions()
    for opt in OPTIONS:
        name = opt.flags[-1]
        assert (name in pytest_opts) == (opt.scope != "run"), name
        assert (name in run_opts) == (opt.scope != "pytest"), name
        if opt.scope == "both":
            p, r = pytest_opts[name], run_opts[name]
            assert p["help"] == r.help and p["default"] == r.default, name
            assert p.get("choices") == r.choices and p.get("metavar") == r.metavar, name


def test_run_passes_every_flag_it_was_given_on_to_pytest(tmp_path: Path) -> None:
    args = cli.build_parser().parse_args([
        "run", "--adapter", "http", "--game", "m:f", "--profile", "p.toml", "--depth", "smoke", "--as-of",
        "2024-06-01", "--include-expired", "--attestations", "att.toml", "--waivers", "wv.toml", "--allow-pending",
        "-n", "2", "--", "-m", "631a.11", "--url", "http://game"])
    cmd = pytest_command(args, tmp_path / "allure-results", tmp_path / "results.jsonl", tmp_path)
    assert cmd[-4:] == ["-m", "631a.11", "--url", "http://game"]  # after "--": unchanged, last

    def value(flag: str) -> str:
        return cmd[cmd.index(flag) + 1]

    assert (value("--adapter"), value("--game"), value("--profile"), value("--depth"), value("--as-of"),
            value("-n")) == ("http", "m:f", "p.toml", "smoke", "2024-06-01", "2")
    assert "--include-expired" in cmd and "--allow-pending" in cmd
    assert value("--attestations") == str(Path("att.toml").resolve())  # pytest may run elsewhere
    assert value("--waivers") == str(Path("wv.toml").resolve())
    assert value("--matrix-dir") == str(tmp_path) and value("--results-log") == str(tmp_path / "results.jsonl")


def test_run_passes_only_what_was_set(tmp_path: Path) -> None:
    cmd = pytest_command(cli.build_parser().parse_args(["run"]), tmp_path / "a", tmp_path / "r.jsonl")
    assert cmd[cmd.index("--adapter") + 1] == "library" and cmd[cmd.index("--depth") + 1] == "standard"
    for flag in ("--game", "--profile", "--as-of", "--include-expired", "--attestations", "--waivers",
                 "--allow-pending", "-n", "--matrix-dir", "--junitxml"):
        assert flag not in cmd, flag


@pytest.mark.parametrize("where", ["before --", "after --"])
def test_adapter_options_are_accepted_before_or_after_the_double_dash(tmp_path: Path, where: str) -> None:
    given = ["--port", "/dev/pts/9", "--baud", "9600", "--serial-no-deflate"]
    argv = ["run", "--adapter", "serial", *given] if where == "before --" else \
        ["run", "--adapter", "serial", "--", *given]
    cmd = pytest_command(cli.build_parser().parse_args(argv), tmp_path / "a", tmp_path / "r.jsonl")
    assert cmd[-len(given):] == given


def test_adapter_options_not_given_are_left_to_the_adapter(tmp_path: Path) -> None:
    cmd = pytest_command(cli.build_parser().parse_args(["run", "--adapter", "http", "--url", "http://g"]),
                             tmp_path / "a", tmp_path / "r.jsonl")
    assert cmd[-2:] == ["--url", "http://g"]
    assert "--baud" not in cmd and "--http-timeout" not in cmd and "--insecure" not in cmd


def test_a_bad_adapter_option_value_is_invalid_input(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as e:
        cli.build_parser().parse_args(["run", "--adapter", "serial", "--baud", "fast"])
    assert e.value.code == 3 and "--baud" in capsys.readouterr().err


def test_pytest_rejects_a_bad_as_of_date(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest_subprocess("--as-of", "yesterday")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--as-of: expected a date YYYY-MM-DD, got 'yesterday'*"])


# ------------------------------------------------------------------ one date parser
@pytest.mark.parametrize("value", ["2024-06-01", " 2024-06-01 ", dt.date(2024, 6, 1)])
def test_parse_date(value: object) -> None:
    assert parse_date(value) == dt.date(2024, 6, 1)


@pytest.mark.parametrize("value, got", [
    ("20240601", "got '20240601'"),  # Python 3.11's fromisoformat takes it; the harness does not
    ("2024-02-30", "got '2024-02-30'"),
    ("01/06/2024", "got '01/06/2024'"),
    (dt.datetime(2024, 6, 1, 10, 0), "got the date-time 2024-06-01T10:00:00"),
    (None, "got None"),
    (20240601, "got 20240601"),
])
def test_parse_date_names_the_bad_value(value: object, got: str) -> None:
    with pytest.raises(ValueError, match=f"^expected a date YYYY-MM-DD, {got}$"):
        parse_date(value)
    if isinstance(value, str):
        with pytest.raises(argparse.ArgumentTypeError, match=got):
            date_arg(value)


# ------------------------------------------------------------------ the option gates
def test_offers_option_reads_every_kind_of_option() -> None:
    p = parse_profile('[rules_submission]\nvariant = "ez_baccarat"\ncard_reveal = "631a.9(d)"\n'
                      'irregularity_procedure = "631a.15(c)(2)"\n'
                      'fully_automated_table = true\n[wagers.dragon_bonus]\npaytable = "B"\n')
    offered = ["variant.ez_baccarat", "game.baccarat", "reveal.d", "irregularity.2", "vigorish.at_payout",
               "commission.standard", "fully_automated_table", "vigorish_rounding", "dragon_bonus",
               "dragon_bonus.paytable.B", "dragon_7"]
    not_offered = ["variant.baccarat", "reveal.c", "irregularity.1", "vigorish.tracked",
                   "commission.commission_free", "commission_free", "alternative_card_reveal",
                   "dragon_bonus.paytable.A", "house_money", "decks"]
    assert [o for o in offered if not p.offers_option(o)] == []
    assert [o for o in not_offered if p.offers_option(o)] == []
    tracked = parse_profile('[rules_submission]\nvigorish_collection = "tracked"\n')  # EZ Baccarat tracks none
    assert tracked.offers_option("vigorish.tracked") and not tracked.offers_option("vigorish.at_payout")
    assert all(p.offers_option(w) and tracked.offers_option(w) for w in ("banker", "player", "tie"))
    midi = parse_profile('[rules_submission]\nvariant = "midibaccarat"\n')
    assert not midi.offers_option("game.baccarat") and midi.offers_option("variant.midibaccarat")


# ------------------------------------------------------------------ -n, checked before the run
NO_XDIST = """import sys

# pytest-xdist not importable, in the CLI and in its pytest child (pytest's assertion rewriter
# loads plugins past a finder on sys.meta_path, not past this)
sys.modules["xdist"] = None
"""


def _run_cli(tmp_path: Path, *argv: str, env: "dict | None" = None) -> "subprocess.CompletedProcess":
    import os
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "baccarat_conformance.cli", "run", "--out", str(tmp_path / "out"),
                           "--as-of", "2024-06-01", "--no-html", "--progress", "off", *argv],
                          capture_output=True, text=True, cwd=tmp_path, env={**os.environ, **(env or {})}, timeout=300)


def test_run_n_without_pytest_xdist_exits_3_naming_the_plugin(tmp_path: Path) -> None:
    """Issue 26, item 13: a pytest usage error and exit 2 before (pytest-xdist is now a
    dependency of the harness, so only an incomplete installation lacks it)."""
    (tmp_path / "blocker").mkdir()
    (tmp_path / "blocker" / "sitecustomize.py").write_text(NO_XDIST, encoding="utf-8")
    proc = _run_cli(tmp_path, "-n", "2", "--", "-m", "631a.11.a and not game_math",
                    env={"PYTHONPATH": str(tmp_path / "blocker")})
    assert proc.returncode == 3, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "error: -n 2: the workers of -n are the pytest-xdist plugin's, and pytest-xdist is not installed" \
           in proc.stderr, proc.stderr
    assert not (tmp_path / "out" / "session.json").exists()  # before the run


def test_run_serial_with_n_2_is_the_adapters_refusal_before_the_run(tmp_path: Path) -> None:
    """Issue 26, item 17: a pytest INTERNALERROR and exit 2 before."""
    proc = _run_cli(tmp_path, "--adapter", "serial", "--port", "socket://127.0.0.1:9", "-n", "2")
    assert proc.returncode == 3, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert ("error: --adapter serial: a serial device talks to one host, and -n asks for 2 pytest-xdist workers; "
            "run without -n (or -n 0)") in proc.stderr, proc.stderr
    assert "INTERNALERROR" not in proc.stdout + proc.stderr and not (tmp_path / "out").exists()


@pytest.mark.parametrize("spec, count", [("0", 0), ("3", 3), ("auto", None), ("logical", None)])
def test_workers_count(spec: str, count: "int | None") -> None:
    import os

    from baccarat_conformance.inputs.options import workers_count

    assert workers_count(spec) == (count if count is not None else os.cpu_count() or 1)
