"""The lab's own inputs are bounded (docs/security.md, "Bounds on the lab's own inputs"):
an input file over its size cap, a free-text field over its length or holding a control
character, TOML nested deeper than Python's stack, and a file with thousands of problems
are each refused with exit 3 and one short message, before anything is deleted or run;
no ESC byte of the lab's input reaches the console (issue 26, items 6, 11 and 16)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.inputs.input_bounds import MAX_PROBLEMS, escape_controls, free_text

AS_OF = "2024-06-01"
HEAD = '[rules_submission]\ncertificate_holder = "Example Casino"\nvariant = "baccarat"\n'
ATTESTATION = '[[attestation]]\nclause = "631a.2(d)"\nresult = "pass"\ninspector = "{inspector}"\n' \
              'date = 2024-05-01\nevidence = "checklist TL-631a-2"\n'

# name -> (option, file content, words of the message ({path}: the file's path))
CASES = {
    # item 11: a RecursionError traceback and exit 1 before
    "profile nested 100,000 deep": ("--profile", HEAD + "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
                                    "{path}: not valid TOML: arrays or inline tables nested too deep to read"),
    # item 6: accepted and copied into every report, or a 27 MB error, before
    "profile over 1 MiB": ("--profile", HEAD + "# " + "x" * (1 << 20) + "\n",
                           "--profile {path}: the profile is larger than 1 MiB, the most a --profile file may be"),
    "certificate holder of 50,000 characters": (
        "--profile", HEAD.replace("Example Casino", "A" * 50_000),
        "{path}:2: certificate_holder: at most 2000 characters, got 50000"),
    "20,000 unknown tables": ("--profile", HEAD + "".join(f"[t{i}]\n" for i in range(20_000)),
                              "unknown table(s) 't0', 't1', "),
    "300 problems in an attestation file": (
        "--attestations", "".join(ATTESTATION.replace('"pass"', '"maybe"').format(inspector="J. Doe")
                                  for _ in range(300)),
        f"... and {300 - MAX_PROBLEMS} more"),
    "attestations over 4 MiB": ("--attestations", "# " + "x" * (4 << 20) + "\n",
                                "--attestations {path}: the attestation file is larger than 4 MiB"),
    # item 16: ESC reached the console raw and matrix.html / matrix.csv before
    "ESC in the certificate holder": ("--profile", HEAD.replace("Example Casino", "Casino\\u001b[2J\\u001b[31mOK"),
                                      "{path}:2: certificate_holder: a control character (U+001B) at character 7: "
                                      "'Casino\\x1b[2J\\x1b[31mOK'"),
    "ESC in a profile key": ("--profile", HEAD + '"\\u001b[2Jcleared" = 1\n', "\\x1b[2Jcleared"),
    "ESC in an attestation's inspector": ("--attestations", ATTESTATION.format(inspector="J. Doe\\u001b]0;owned\\u0007"),
                                          "inspector: a control character (U+001B) at character 7"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_oversized_or_unprintable_input_exits_3_with_a_short_message(case, tmp_path, capsys):
    option, content, words = CASES[case]
    path = tmp_path / "input.toml"
    path.write_text(content, encoding="utf-8")
    out = tmp_path / "reports"
    out.mkdir()
    (out / "results.jsonl").write_text("previous\n", encoding="utf-8")
    started = time.monotonic()
    # the selection matches no scenario: on the old code a run that starts ends at once, with another status
    code = cli.main(["run", "--out", str(out), "--as-of", AS_OF, "--no-html", "--progress", "off", option, str(path),
                     "--", "-k", "no_such_scenario"])
    err = capsys.readouterr().err
    assert code == 3, err[-2000:]
    assert words.format(path=path) in err, err[:3000]
    assert "Traceback" not in err and "\x1b" not in err and "\x07" not in err
    assert len(err) < 20_000  # one short message, however large the input
    assert (out / "results.jsonl").read_text(encoding="utf-8") == "previous\n"  # nothing deleted
    assert time.monotonic() - started < 60


def test_a_path_holding_esc_is_printed_escaped(tmp_path, capsys):
    """The command line run prints (``+ python -m pytest ...``) names the lab's paths."""
    path = tmp_path / "rules\x1b[2J.toml"
    path.write_text(HEAD, encoding="utf-8")
    cli.main(["run", "--out", str(tmp_path / "out"), "--as-of", AS_OF, "--no-html", "--progress", "off", "--profile",
              str(path), "--", "-k", "no_such_scenario"])
    captured = capsys.readouterr()
    assert "rules\\x1b[2J.toml" in captured.out and "\x1b" not in captured.out + captured.err


def test_free_text_and_escapes():
    assert free_text("J. Doe (Lab QA-7)\nsecond line\twith a tab") == "J. Doe (Lab QA-7)\nsecond line\twith a tab"
    for bad in ("a\x1bb", "a\x9bb", "a\x00b", "a\u202eb", "a\x7fb"):
        with pytest.raises(ValueError, match="a control character"):
            free_text(bad)
    assert escape_controls("a\x1b[2Jb\x9b\u202e\nc") == "a\\x1b[2Jb\\x9b\\u202e\nc"
