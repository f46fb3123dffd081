"""What changed between two runs of the suite: the comparison behind
``baccarat-conformance diff OLD NEW`` (a modification submission against the certified run).

Both sides are :class:`RunRecord` s read from checked evidence packages
(:mod:`baccarat_conformance.reports.evidence_diff` reads them); this module compares them
and decides the exit status, and writes nothing.

What is compared:

* every clause of the matrix whose result differs, with the result, its detail and the
  scenarios behind it on each side (:class:`ClauseChange`);
* the game's identity: what the run reached it through (the adapter, the ``--game``
  factory, the adapter's ``--url`` or ``--port``: the manifest's ``run``) and its
  ``describe`` answer (name, vendor, version, protocol version, variants, capabilities,
  declared par sheet);
* the Rules Submission, field by field (the packaged ``inputs/profile.toml``);
* the regulation editions (each source text's SHA-256 and citations) and the as-of date;
* the harness version;
* the attestation and waiver files, and the attestation and waiver each clause row names.

The exit status (:data:`DIFF_EXIT_STATUSES`): 1 when a clause went to fail from a result
that was not a failure; else 4 when a clause went from a verified or settled result to not
verified, blocked, not run or otherwise unjudged; else 0. Two matrices of different
schemas are not compared (:class:`SchemaMismatch`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional

from .run_info import game_phrase, game_under_test

__all__ = ["RunRecord", "FieldChange", "ClauseChange", "RunDiff", "SchemaMismatch", "compare", "flatten",
           "FAILING", "UNJUDGED", "DIFF_EXIT_STATUSES", "game_name", "summary_counts"]

#: Results that fail a clause.
FAILING = frozenset({"fail", "manual_fail"})
#: Results that leave a clause unjudged: the run does not show it kept (a protocol or
#: adapter error proves no nonconformance either).
UNJUDGED = frozenset({"not_verified", "error", "not_run", "uncovered", "manual_pending", "not_selected",
                       "not_judgeable"})

DIFF_EXIT_STATUSES: tuple[tuple[int, str, str], ...] = (
    (0, "no clause got worse", "every clause kept its result or moved to a result no worse (a pass, an attested "
                               "pass, a waiver, not offered, not applicable, expired)"),
    (1, "regression", "a clause went to fail (or to an attested fail) from a result that was not a failure"),
    (3, "invalid package", "a package is missing, unreadable, fails verification, or the two matrices have "
                           "different schemas; nothing is compared"),
    (4, "verification lost", "a clause that was settled went to not verified, blocked, a protocol or adapter "
                             "error, not run, uncovered, manual pending or not selected"),
)


class SchemaMismatch(ValueError):
    """The two clause matrices were written in different schemas: their rows are not comparable."""


@dataclass(frozen=True)
class RunRecord:
    """One side of a comparison, as read from a checked evidence package.

    ``manifest``: the package's ``manifest.json``; ``matrix``: its ``run/matrix.json``;
    ``describe``: the game's ``describe`` answer (``run/describe.json``'s ``describe``),
    None when the package has none; ``profile``: the Rules Submission as parsed from
    ``inputs/profile.toml`` (None when absent); ``inputs``: ``attestations`` / ``waivers``
    -> the SHA-256 of the packaged file (absent when the run had none); ``signature``: how
    the package is signed, as ``verify`` says it (``unsigned``; ``signed by key with
    fingerprint …, not checked against a trusted key (give --pubkey)``; ``signed by the
    trusted key … (--pubkey …): valid``), and ``signed_trusted`` whether that signature was
    checked against the trusted key.
    """

    name: str
    manifest: Mapping[str, Any]
    matrix: Mapping[str, Any]
    describe: Optional[Mapping[str, Any]] = None
    profile: Optional[Mapping[str, Any]] = None
    inputs: Mapping[str, str] = field(default_factory=dict)
    signature: str = "unsigned"
    signed_trusted: bool = False


@dataclass(frozen=True)
class FieldChange:
    """One field that differs: ``path`` (dotted), ``old`` and ``new`` (None: absent)."""

    path: str
    old: Any
    new: Any


@dataclass(frozen=True)
class ClauseChange:
    """A clause whose result differs. ``old`` / ``new``: the matrix row's ``result``,
    ``result_label``, ``result_detail`` and the ``scenarios`` (each result's nodeid, result
    and message) on each side; None where the clause is not in that matrix. ``effect``:
    ``regression`` (to a failure), ``verification_lost`` (to an unjudged result) or
    ``changed`` (anything else, improvements included)."""

    clause: str
    old: Optional[Mapping[str, Any]]
    new: Optional[Mapping[str, Any]]
    effect: str
    through: tuple[str, ...] = ()
    """The changed clauses below this one that its result rolls up from, when none of its
    own scenarios has the new result except by naming a clause below it (a parent clause
    failing with its leaf): counted once, under the leaf."""


@dataclass
class RunDiff:
    """Everything that differs between two runs, and the exit status it gives."""

    old: str
    new: str
    clauses: list[ClauseChange] = field(default_factory=list)
    identity: list[FieldChange] = field(default_factory=list)
    rules_submission: list[FieldChange] = field(default_factory=list)
    regulations: list[FieldChange] = field(default_factory=list)
    harness: list[FieldChange] = field(default_factory=list)
    lab_inputs: list[FieldChange] = field(default_factory=list)
    verdicts: tuple[Optional[int], Optional[int]] = (None, None)
    games: tuple[str, str] = ("", "")
    """Each side's game as ``name version (vendor)`` from its ``describe`` answer."""
    signatures: tuple[str, str] = ("unsigned", "unsigned")
    """Each side's signature state, as ``verify`` says it (:attr:`RunRecord.signature`)."""
    trusted: bool = False
    """Both signatures were checked against the trusted key (``--pubkey``): only then is the
    exit status a release gate's on packages whose signer is known."""

    @property
    def empty(self) -> bool:
        """No difference at all (clauses, identity, Rules Submission, regulations, harness, lab inputs)."""
        return not (self.clauses or self.identity or self.rules_submission or self.regulations or self.harness
                    or self.lab_inputs)

    def by_effect(self, effect: str, leaves_only: bool = False) -> list[ClauseChange]:
        """The clause changes of ``effect``; with ``leaves_only``, not those that only roll
        up from a changed clause below them."""
        return [c for c in self.clauses if c.effect == effect and not (leaves_only and c.through)]

    @property
    def exit_code(self) -> int:
        """1 on a regression, else 4 on a verification lost, else 0."""
        if self.by_effect("regression"):
            return 1
        if self.by_effect("verification_lost"):
            return 4
        return 0


def flatten(node: Any, prefix: str = "") -> dict[str, Any]:
    """A nested mapping as ``{"dotted.path": leaf}``; lists are leaves (compared whole)."""
    if isinstance(node, Mapping):
        out: dict[str, Any] = {}
        for key in sorted(node, key=str):
            out.update(flatten(node[key], f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: node}


def _changes(old: Any, new: Any, prefix: str = "") -> list[FieldChange]:
    a, b = flatten(old or {}, prefix), flatten(new or {}, prefix)
    return [FieldChange(k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]


def _side(row: Optional[Mapping[str, Any]]) -> Optional[dict[str, Any]]:
    if row is None:
        return None
    return {"result": row.get("result"), "label": row.get("result_label"), "detail": row.get("result_detail"),
            "blocked_by": list(row.get("blocked_by") or []),
            "scenarios": [{"nodeid": r.get("nodeid"), "result": r.get("result"), "message": r.get("message"),
                           "failed_clause": r.get("failed_clause")} for r in row.get("results") or []]}


def _effect(old: Optional[str], new: Optional[str]) -> str:
    if new in FAILING and old not in FAILING:
        return "regression"
    if new in UNJUDGED and old not in FAILING and old not in UNJUDGED:
        return "verification_lost"
    return "changed"


def _clause_changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[ClauseChange]:
    a = {r["id"]: r for r in old.get("rows") or []}
    b = {r["id"]: r for r in new.get("rows") or []}
    order = list(a) + [c for c in b if c not in a]
    out = []
    for clause in order:
        ra, rb = a.get(clause), b.get(clause)
        if (ra or {}).get("result") == (rb or {}).get("result") and ra is not None and rb is not None:
            continue
        if rb is None:  # not in the new harness's corpus: nothing was judged, nothing failed
            out.append(ClauseChange(clause, _side(ra), None, "changed"))
            continue
        out.append(ClauseChange(clause, _side(ra), _side(rb), _effect((ra or {}).get("result"), rb.get("result"))))
    return [_roll_up(c, out) for c in out]


def _below(parent: str, clause: str) -> bool:
    return clause != parent and clause.startswith(parent) and clause[len(parent)] in "(["


def _roll_up(change: ClauseChange, changes: list[ClauseChange]) -> ClauseChange:
    new = change.new or {}
    own = any(s.get("result") == new.get("result")
              and not (s.get("failed_clause") and _below(change.clause, s["failed_clause"]))
              for s in new.get("scenarios") or [])
    below = tuple(c.clause for c in changes if _below(change.clause, c.clause) and c.effect == change.effect)
    if own or not below:
        return change
    return ClauseChange(change.clause, change.old, change.new, change.effect, below)


IDENTITY_FIELDS = ("game.name", "game.vendor", "game.version", "protocol_version")

RUN_IDENTITY_FIELDS = ("adapter", "game", "target")
"""What the run reached the game through (the manifest's ``run``): the adapter, the library
adapter's ``--game`` factory (None: the reference game), the adapter's target (``--url``,
``--port``). Two runs whose ``describe`` answers are alike but whose factories or servers
differ did not test the same game."""


def _run_identity(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[FieldChange]:
    a, b = old.get("run") or {}, new.get("run") or {}
    return [FieldChange(f"run.{k}", a.get(k), b.get(k)) for k in RUN_IDENTITY_FIELDS if a.get(k) != b.get(k)]


def _identity(old: Optional[Mapping[str, Any]], new: Optional[Mapping[str, Any]]) -> list[FieldChange]:
    a, b = flatten(old or {}), flatten(new or {})
    out = [FieldChange(k, a.get(k), b.get(k)) for k in IDENTITY_FIELDS if a.get(k) != b.get(k)]
    for listed in ("variants", "capabilities"):
        sa, sb = set((old or {}).get(listed) or []), set((new or {}).get(listed) or [])
        for item in sorted(sa - sb):
            out.append(FieldChange(f"{listed}[{item}]", "declared", None))
        for item in sorted(sb - sa):
            out.append(FieldChange(f"{listed}[{item}]", None, "declared"))
    out += _changes((old or {}).get("par_sheet"), (new or {}).get("par_sheet"), "par_sheet")
    known = set(IDENTITY_FIELDS) | {"variants", "capabilities"}
    rest = [c for c in _changes({k: v for k, v in (old or {}).items() if k not in ("par_sheet",)},
                                {k: v for k, v in (new or {}).items() if k not in ("par_sheet",)})
            if c.path not in known]
    return out + rest


def _editions(matrix: Mapping[str, Any]) -> dict[str, Any]:
    return {e.get("file"): {"sha256": e.get("sha256"), "citations": e.get("citations"), "status": e.get("summary")}
            for e in matrix.get("editions") or []}


def _regulations(old: RunRecord, new: RunRecord) -> list[FieldChange]:
    out = _changes(_editions(old.matrix), _editions(new.matrix), "editions")
    a, b = (old.matrix.get("run") or {}).get("as_of"), (new.matrix.get("run") or {}).get("as_of")
    if a != b:
        out.append(FieldChange("as_of", a, b))
    return out


def _lab_inputs(old: RunRecord, new: RunRecord) -> list[FieldChange]:
    out = [FieldChange(f"{what} file (SHA-256)", old.inputs.get(what), new.inputs.get(what))
           for what in ("attestations", "waivers") if old.inputs.get(what) != new.inputs.get(what)]
    a = {r["id"]: r for r in old.matrix.get("rows") or []}
    b = {r["id"]: r for r in new.matrix.get("rows") or []}
    for clause in [c for c in a if c in b]:
        for what in ("attestation", "waiver"):
            if a[clause].get(what) != b[clause].get(what):
                out.append(FieldChange(f"{clause}: {what}", a[clause].get(what), b[clause].get(what)))
    return out


def compare(old: RunRecord, new: RunRecord) -> RunDiff:
    """Compare two runs.

    :raises SchemaMismatch: when the two matrices were written in different schemas
        (``matrix.json``'s ``schema``): their rows are not compared.
    """
    sa, sb = old.matrix.get("schema"), new.matrix.get("schema")
    if sa != sb:
        raise SchemaMismatch(f"the two clause matrices have different schemas ({old.name}: schema {sa}; "
                             f"{new.name}: schema {sb}): their rows cannot be compared clause by clause; "
                             "diff two runs sealed by harness versions that write the same matrix schema")
    hv = [FieldChange("harness_version", old.manifest.get("harness_version"), new.manifest.get("harness_version"))]
    return RunDiff(
        old=old.name, new=new.name,
        clauses=_clause_changes(old.matrix, new.matrix),
        identity=_run_identity(old.manifest, new.manifest) + _identity(old.describe, new.describe),
        rules_submission=_changes(old.profile, new.profile),
        regulations=_regulations(old, new),
        harness=[c for c in hv if c.old != c.new],
        lab_inputs=_lab_inputs(old, new),
        verdicts=((old.matrix.get("verdict") or {}).get("exit_code"), (new.matrix.get("verdict") or {}).get("exit_code")),
        games=(game_name(old.describe), game_name(new.describe)),
        signatures=(old.signature, new.signature),
        trusted=old.signed_trusted and new.signed_trusted,
    )


def game_name(describe: Optional[Mapping[str, Any]]) -> str:
    """``name version (vendor)`` of a ``describe`` answer; ``unknown game`` without one."""
    return game_phrase(game_under_test(describe)) or "unknown game (no describe answer in the package)"


def summary_counts(changes: Iterable[ClauseChange]) -> dict[str, int]:
    """``{"regression": n, "verification_lost": n, "changed": n}``."""
    out = {"regression": 0, "verification_lost": 0, "changed": 0}
    for c in changes:
        out[c.effect] += 1
    return out
