"""The clause matrix of a run, built from its results log and its facts: by the pytest
plugin at the end of a session (:func:`matrix_of_run`), and again from the files a run
left (:func:`rebuild_matrix`: the CLI's ``matrix`` and ``run`` when pytest died before
writing the matrix; ``verify``, which checks a sealed package's matrix).

Nothing here writes a file: the writers are
:func:`baccarat_conformance.reports.matrix_writers.write_run_matrix` and its siblings.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence, Union

from baccarat_conformance.inputs.attestations import load_attestations, load_waivers
from baccarat_conformance.corpus.lint import make_context
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.util.json_files import read_json

from .matrix import Matrix, MatrixError, build_matrix
from .run_info import RunInfo, offered_options

__all__ = ["read_results_log", "allure_ids", "load_context", "matrix_of_run", "rebuild_matrix"]


def read_results_log(path: Union[str, Path]) -> list[dict]:
    """The entries of a ``results.jsonl`` (one JSON object per line; a torn last line,
    left by a killed run, is ignored).

    :raises MatrixError: if the file cannot be read or a line other than the last is not JSON.
    """
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise MatrixError(f"cannot read the results log {p}: {e.strerror}") from None
    out = []
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            if i == len(lines):
                break
            raise MatrixError(f"{p}:{i}: not a JSON line ({e.msg})") from None
    return out


def allure_ids(results_dir: Union[str, Path, None]) -> dict[str, str]:
    """pytest node id -> Allure 3 test result id, from an ``allure-results`` folder.

    The plugin labels every Allure result with ``nodeid``; Allure 3 names a test result
    ``md5(uuid)`` of the result file (``@allurereport/core``, ``testResultRawToState``),
    and its report opens it at ``index.html#<id>``.
    """
    out: dict[str, tuple[int, str]] = {}
    if not results_dir or not Path(results_dir).is_dir():
        return {}
    for f in Path(results_dir).glob("*-result.json"):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        nodeid = next((lab.get("value") for lab in data.get("labels", []) if lab.get("name") == "nodeid"), None)
        uuid = data.get("uuid")
        if nodeid and uuid:
            stop = int(data.get("stop") or 0)
            if nodeid not in out or stop >= out[nodeid][0]:
                out[nodeid] = (stop, hashlib.md5(uuid.encode("utf-8")).hexdigest())
    return {k: v[1] for k, v in out.items()}


def load_context(features: Optional[Path] = None) -> Any:
    """The lint context of the suite (corpus, dispositions, scenarios, coverage:
    :func:`baccarat_conformance.corpus.lint.make_context`) of the feature folder
    ``features`` (None: the installed suite).

    :raises CorpusError, FeatureSyntaxError: when the suite cannot be read.
    """
    return make_context(features)


def matrix_of_run(entries: Sequence[Mapping[str, Any]], facts: Mapping[str, Any], *,
                  ctx: Any = None, attestations: Sequence[Any] = (), waivers: Sequence[Any] = (),
                  allure_results: Union[str, Path, None] = None, allure_report: Optional[str] = None,
                  allow_pending: bool = False) -> Matrix:
    """The clause matrix of a run.

    ``entries``: the results log's entries; ``facts``: the run facts
    (:meth:`RunInfo.from_facts`); ``ctx``: the lint context of the suite
    (:func:`load_context` when None); ``attestations`` and ``waivers``: the
    validated records (:mod:`baccarat_conformance.inputs.attestations`); ``allure_results``:
    the ``allure-results`` folder whose results the matrix links to (none when None);
    ``allure_report``: the link to the Allure report; ``allow_pending``: as the option.

    :raises MatrixError: on a cycle of definitional/subclauses references.
    :raises CorpusError, FeatureSyntaxError: when ``ctx`` is None and the suite cannot be read.
    """
    ctx = ctx or load_context()
    return build_matrix(ctx.corpus, ctx.coverage, entries, RunInfo.from_facts(facts, allure_report=allure_report),
                        attestations=attestations, waivers=waivers, allure=allure_ids(allure_results),
                        allow_pending=allow_pending)


def rebuild_matrix(results: Path, *, ctx: Any = None, session: Optional[Path] = None,
                   attestations: Optional[Path] = None, waivers: Optional[Path] = None,
                   as_of: Optional[str] = None, include_expired: Optional[bool] = None,
                   profile: Optional[str] = None, allure_results: Optional[Path] = None,
                   allure_report: Optional[str] = None, allow_pending: Optional[bool] = None,
                   pytest_exit_status: Optional[int] = None, interrupted: Optional[bool] = None) -> Matrix:
    """The matrix of the results log ``results`` (``results.jsonl``); run facts from
    ``session`` (default: ``session.json`` beside the results log), overridden by the
    arguments (a session that never finished was interrupted; ``allow_pending`` None:
    as the run had it); ``allure_results`` default: ``allure-results`` beside the log.

    :raises MatrixError, ConfigurationError, CorpusError: for unreadable or invalid inputs.
    """
    ctx = ctx or load_context()
    entries = read_results_log(results)
    facts = read_json(session or results.parent / "session.json") or {}
    facts["interrupted"] = bool(facts.get("interrupted")) or bool(facts and "finished" not in facts)
    if profile:
        prof = load_profile(profile)
        facts.update(profile=profile, certificate_holder=prof.certificate_holder, offered=offered_options(prof))
    overrides = {"as_of": as_of, "include_expired": include_expired, "exitstatus": pytest_exit_status,
                 "interrupted": interrupted, "attestations": str(attestations) if attestations else None,
                 "waivers": str(waivers) if waivers else None}
    facts.update({k: v for k, v in overrides.items() if v is not None}, results_log=str(results))
    att = load_attestations(attestations, coverage=ctx.coverage) if attestations else []
    wv = load_waivers(waivers, coverage=ctx.coverage) if waivers else []
    return matrix_of_run(entries, facts, ctx=ctx, attestations=att, waivers=wv,
                         allure_results=allure_results if allure_results is not None
                         else results.parent / "allure-results",
                         allure_report=allure_report,
                         allow_pending=bool(facts.get("allow_pending")) if allow_pending is None else allow_pending)
