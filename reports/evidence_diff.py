"""Two sealed evidence packages compared: the reading and the writing behind
``baccarat-conformance diff OLD NEW`` (docs/evidence.md, "Modification submissions").

:func:`read_run` checks a package exactly as ``verify`` does (archive, signature, every
file against the manifest, the matrix rebuilt from the packaged results log), keeping in
the same one bounded read the few members the comparison needs (describe.json, the
profile). The comparison itself is :func:`baccarat_conformance.verdict.diff.compare`.
:func:`diff_lines` gives the console text, :func:`write_diff` writes ``diff.json`` and
``diff.html`` (the matrix's Jinja2 environment, autoescaped).

Everything read from a package is untrusted: the console text escapes every control
character (:func:`printable`), the page is autoescaped.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import Any, Optional

from baccarat_conformance.util.atomic_files import write_atomic
from baccarat_conformance.verdict.diff import RunDiff, RunRecord, summary_counts
from baccarat_conformance.verdict.results import RESULT_LABELS

from .package_check import VerifyFailure, one_line
from .seal import verify

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["read_run", "diff_lines", "diff_json", "write_diff", "printable", "exit_line", "NO_TRUSTED_KEY"]

#: Clause changes listed in full on the console (all of them are in diff.json and diff.html).
CONSOLE_CLAUSES = 60
#: Scenarios listed under one side of a clause change on the console.
CONSOLE_SCENARIOS = 3


def printable(value: Any, limit: int = 300) -> str:
    """``value`` (a string, else its JSON) as one line of console text safe to print on a
    terminal (:func:`~baccarat_conformance.reports.package_check.one_line`), cut to ``limit``
    characters with ``…``."""
    text = one_line(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str))
    return text if len(text) <= limit else text[:limit - 1] + "…"


def read_run(package: Path, pubkey: Optional[Path] = None) -> RunRecord:
    """Check ``package`` as ``verify`` does, and read one side of a comparison from it.

    :raises VerifyFailure: naming the first file or check that failed (nothing of the
        package is compared then).
    """
    report = verify(Path(package), pubkey, keep=lambda path: path == "run/describe.json")  # one bounded read
    manifest = report.manifest  # validated by the manifest's schema
    inputs = manifest.get("inputs") or {}
    profile_path = (inputs.get("profile") or {}).get("path") or "inputs/profile.toml"
    members = report.members
    describe = None
    if "run/describe.json" in members:
        try:
            got = json.loads(members["run/describe.json"])
        except ValueError as e:
            raise VerifyFailure("run/describe.json", f"not valid JSON ({e})") from None
        describe = got.get("describe") if isinstance(got, dict) and isinstance(got.get("describe"), dict) else None
    profile = None
    if profile_path in members:
        try:
            profile = tomllib.loads(members[profile_path].decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as e:
            raise VerifyFailure(profile_path, f"not a readable TOML profile ({e})") from None
    listed = {f.get("path"): f.get("sha256") for f in manifest.get("files") or [] if isinstance(f, dict)}
    lab = {what: listed.get((inputs.get(what) or {}).get("path")) for what in ("attestations", "waivers")
           if isinstance(inputs.get(what), dict)}
    return RunRecord(name=str(package), manifest=manifest, matrix=report.matrix, describe=describe, profile=profile,
                     inputs=lab, signature=report.signature, signed_trusted=report.signed_trusted)


def _result(side: Optional[dict]) -> str:
    if side is None:
        return "(no such clause)"
    return side.get("label") or RESULT_LABELS.get(side.get("result") or "", side.get("result") or "?")


EFFECT_WORDS = {"regression": "REGRESSION", "verification_lost": "VERIFICATION LOST", "changed": "changed"}


def _scenario_lines(side: Optional[dict], word: str) -> list[str]:
    if not side:
        return []
    shown = [s for s in side.get("scenarios") or [] if s.get("result") != "pass"] or (side.get("scenarios") or [])
    out = [f"      {word}: {printable(s.get('nodeid'), 160)}: {printable(s.get('result'))}"
           + (f": {printable(s.get('message'), 200)}" if s.get("message") else "")
           for s in shown[:CONSOLE_SCENARIOS]]
    if len(shown) > CONSOLE_SCENARIOS:
        out.append(f"      {word}: … and {len(shown) - CONSOLE_SCENARIOS} more scenarios (diff.json)")
    return out


NO_TRUSTED_KEY = ("no trusted key: the packages' signers were not checked against one, so anyone could have "
                  "sealed them (give --pubkey)")
"""What the exit line of a comparison made without ``--pubkey`` adds."""


def diff_lines(diff: RunDiff) -> list[str]:
    """The console text of a comparison, every string from a package escaped: first each
    side's package, game and signature state (as ``verify`` says it), then what changed."""
    out = [f"old: {printable(diff.old)}: {printable(diff.games[0])}, verdict exit status {diff.verdicts[0]}",
           f"old signature: {printable(diff.signatures[0])}",
           f"new: {printable(diff.new)}: {printable(diff.games[1])}, verdict exit status {diff.verdicts[1]}",
           f"new signature: {printable(diff.signatures[1])}"]
    if diff.empty:
        return out + ["no differences"]
    for title, changes in (("game identity (describe)", diff.identity), ("Rules Submission", diff.rules_submission),
                           ("regulation editions and as-of date", diff.regulations), ("harness", diff.harness),
                           ("attestations and waivers", diff.lab_inputs)):
        if changes:
            out.append(f"{title}: {len(changes)} difference(s)")
            out += [f"  {printable(c.path, 120)}: {printable(c.old, 120)} -> {printable(c.new, 120)}"
                    for c in changes[:CONSOLE_CLAUSES]]
            if len(changes) > CONSOLE_CLAUSES:
                out.append(f"  … and {len(changes) - CONSOLE_CLAUSES} more (diff.json)")
    counts = summary_counts(c for c in diff.clauses if not c.through)
    out.append(f"clauses: {len(diff.clauses)} changed result ({counts['regression']} regression, "
               f"{counts['verification_lost']} verification lost, {counts['changed']} other; "
               "parent clauses that only roll up a changed clause below them are listed, not counted)")
    for c in diff.clauses[:CONSOLE_CLAUSES]:
        via = f" (rolls up {', '.join('§ ' + printable(t) for t in c.through)})" if c.through else ""
        out.append(f"  {EFFECT_WORDS[c.effect]}: § {printable(c.clause)}: {printable(_result(c.old))} -> "
                   f"{printable(_result(c.new))}{via}")
        if not c.through:
            out += _scenario_lines(c.old, "old") + _scenario_lines(c.new, "new")
    if len(diff.clauses) > CONSOLE_CLAUSES:
        out.append(f"  … and {len(diff.clauses) - CONSOLE_CLAUSES} more clauses (diff.json, diff.html)")
    return out


def diff_json(diff: RunDiff) -> dict[str, Any]:
    """The comparison as JSON-ready data (``diff.json``; ``schema`` 1)."""
    data = dataclasses.asdict(diff)
    data["schema"] = 1
    data["exit_code"] = diff.exit_code
    data["counts"] = summary_counts(c for c in diff.clauses if not c.through)
    data["verdicts"] = {"old": diff.verdicts[0], "new": diff.verdicts[1]}
    data["signatures"] = {"old": diff.signatures[0], "new": diff.signatures[1], "trusted": diff.trusted}
    del data["trusted"]
    return data


def exit_line(diff: RunDiff) -> str:
    """The last line of ``diff``: its exit status and what it means, and, without a trusted
    key, that the signers were not checked (:data:`NO_TRUSTED_KEY`)."""
    words = {0: "no clause got worse", 1: "regression: a clause went to fail",
             4: "verification lost: a clause went to an unjudged result"}
    code = diff.exit_code
    return f"diff exit status {code}: {words[code]}" + ("" if diff.trusted else f"; {NO_TRUSTED_KEY}")


def write_diff(diff: RunDiff, out: Path) -> list[Path]:
    """Write ``diff.json`` and ``diff.html`` into ``out`` (created); returns their paths.

    :raises OSError: when the folder or a file cannot be written.
    """
    from baccarat_conformance.reports.templates import environment

    out.mkdir(parents=True, exist_ok=True)
    data = diff_json(diff)
    html = environment().get_template("diff.html.j2").render(
        diff=data, labels=RESULT_LABELS, effects=EFFECT_WORDS, no_trusted_key=NO_TRUSTED_KEY,
        sections=[("Game identity (describe)", data["identity"]), ("Rules Submission", data["rules_submission"]),
                  ("Regulation editions and as-of date", data["regulations"]), ("Harness", data["harness"]),
                  ("Attestations and waivers", data["lab_inputs"])])
    paths = [out / "diff.json", out / "diff.html"]
    write_atomic(paths[0], json.dumps(data, indent=1, default=str, ensure_ascii=False) + "\n")  # never through a link
    write_atomic(paths[1], html)
    return paths
