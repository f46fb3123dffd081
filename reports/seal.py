"""The sealed evidence package of a run: ``seal``, ``verify`` and ``keygen``.

A run leaves a folder of files anyone can edit without trace. :func:`seal` packs the
whole record of a run into one ``.tar.gz`` whose ``manifest.json`` lists the SHA-256
and size of every other file, optionally signed with Ed25519 (``manifest.sig``, over the
exact bytes of ``manifest.json``). :func:`verify` checks a package offline: the archive,
the manifest, the signature and every member as one bounded stream
(:func:`~baccarat_conformance.reports.package_check.open_package`), then rebuilds the clause
matrix from the packaged results log and compares it with the packaged matrix. See
docs/evidence.md.

Layout of a package (paths inside the archive)::

    manifest.json            format, harness version, created, run facts, missing items, files (first)
    manifest.sig             Ed25519 signature of manifest.json (signed packages only; second)
    signer.pub               the signer's public key, PEM (signed packages only; listed in the manifest; third)
    environment.json         Python, platform, and every installed distribution with its version
    run/...                  the run's reports: matrix.{html,csv,json}, results.jsonl, junit.xml,
                             session.json (with the command line and the start and end times),
                             describe.json (the game's describe answer), pytest.log,
                             allure-results/ (with every exchange
                             transcript), allure-report/
    inputs/profile.toml      the Rules Submission profile the run used
    inputs/attestations.*    the attestation file, if the run had one
    inputs/waivers.*         the waiver file, if the run had one
    regulations/*.txt        the regulation source texts the corpus was built from
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import platform
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from importlib import metadata, resources
from pathlib import Path
from typing import Any, Callable, Optional

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from baccarat_conformance.verdict.rebuild import rebuild_matrix
from baccarat_conformance.verdict.run_info import harness_version

from baccarat_conformance.util.atomic_files import write_atomic

from .matrix_writers import matrix_json
from .package_check import (FORMAT, MANIFEST, MAX_MEMBER_BYTES, REQUIRED, SIGNATURE, SIGNER, VerifyFailure,
                            fingerprint, kept_by_default, open_package)
from .package_check import sha256 as _sha256

__all__ = ["SealError", "VerifyReport", "default_package", "keygen", "seal", "verify"]

# the reports of a run folder that go into the package (anything else there, e.g. .hypothesis/, does not)
RUN_FILES = ("matrix.json", "matrix.csv", "matrix-totals.csv", "matrix.html", "results.jsonl", "junit.xml",
             "session.json", "describe.json", "pytest.log", "par_sheet.json",
             "statistics-outcomes.png", "statistics-rank-heatmap.png", "audit-returns.png")
RUN_DIRS = ("allure-results", "allure-report")


class SealError(Exception):
    """The package cannot be written (a missing report, an unreadable input or key)."""


def default_package(out: Path) -> Path:
    """``conformance-report`` -> ``conformance-report.evidence.tar.gz`` beside the folder."""
    out = Path(out)
    return out.resolve().parent / f"{out.resolve().name}.evidence.tar.gz"


# ====================================================================== keys
def keygen(key: Path) -> tuple[Path, str]:
    """Write a new Ed25519 private key to ``key`` (PEM, PKCS#8, unencrypted, mode 0600) and
    its public key to ``key.pub``; refuses to overwrite either. Returns the public key's path
    and fingerprint."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Path(key)
    pub_path = key.with_name(key.name + ".pub")
    for p in (key, pub_path):
        if p.exists():
            raise SealError(f"{p}: exists; keygen never overwrites a key")
    priv = Ed25519PrivateKey.generate()
    pem = priv.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())
    key.parent.mkdir(parents=True, exist_ok=True)
    with open(key, "xb") as f:
        key.chmod(0o600)
        f.write(pem)
    with open(pub_path, "xb") as f:  # exclusive, as the private key: never through a planted (dangling) link
        f.write(_public_pem(priv.public_key()))
    return pub_path, fingerprint(priv.public_key())


def _public_pem(pub: Any) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return pub.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def _load_private(path: Path) -> Any:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        key = serialization.load_pem_private_key(Path(path).read_bytes(), password=None)
    except OSError as e:
        raise SealError(f"--key {path}: cannot read the key: {e.strerror or e}") from None
    except (ValueError, TypeError) as e:
        raise SealError(f"--key {path}: not an unencrypted PEM private key ({e})") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise SealError(f"--key {path}: not an Ed25519 key (make one with `baccarat-conformance keygen`)")
    return key


# ====================================================================== seal
def environment() -> dict:
    """Python, platform, and every installed distribution with its exact version."""
    dists = {}
    for d in metadata.distributions():
        name = d.metadata.get("Name")
        if name:
            dists[name] = d.version
    return {"python": sys.version, "implementation": platform.python_implementation(),
            "platform": platform.platform(), "machine": platform.machine(),
            "distributions": dict(sorted(dists.items(), key=lambda kv: kv[0].lower()))}


def _profile_bytes(profile: Optional[str], run_dir: Path) -> tuple[str, bytes]:
    """The file name and bytes of the run's profile, found as the run found it
    (:func:`baccarat_conformance.inputs.profile.profile_source`), or beside the run's reports."""
    from baccarat_conformance.judging.errors import ConfigurationError
    from baccarat_conformance.inputs.profile import profile_source

    name = profile or "baccarat"
    if not Path(name).is_absolute() and not Path(name).exists() and (run_dir / name).is_file():
        name = str(run_dir / name)
    try:
        source, data = profile_source(name)
    except ConfigurationError:
        raise SealError(f"the run's profile {name!r} (session.json) cannot be found") from None
    return Path(source).name, data


def _input_bytes(path: str, what: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise SealError(f"the run's {what} file {path} (session.json) cannot be read: {e.strerror or e}") from None


def _regulations() -> tuple[dict[str, bytes], list[dict]]:
    from baccarat_conformance.corpus import load_corpus

    corpus = load_corpus()
    sources = resources.files("baccarat_conformance.corpus.sources")
    files, records = {}, []
    for ed in corpus.editions:
        data = (sources / ed.file).read_bytes()
        files[f"regulations/{ed.file}"] = data
        records.append({"path": f"regulations/{ed.file}", "edition": ed.edition, "chapter": ed.chapter,
                        "sha256": _sha256(data), "corpus_sha256": ed.sha256})
    return files, records


def collect(out: Path) -> tuple[dict[str, bytes], dict]:
    """The files of the package (path -> bytes) but the manifest, and the manifest's facts."""
    out = Path(out)
    if not out.is_dir():
        raise SealError(f"{out}: no such folder")
    for name in REQUIRED:
        if not (out / name).is_file():
            raise SealError(f"{out / name}: missing; seal needs the reports of a finished run "
                            "(`baccarat-conformance run --out FOLDER`)")
    files: dict[str, bytes] = {}
    for name in RUN_FILES:
        if (out / name).is_file():
            files[f"run/{name}"] = (out / name).read_bytes()
    for d in RUN_DIRS:
        for p in sorted((out / d).rglob("*")) if (out / d).is_dir() else ():
            if p.is_file() and not p.is_symlink():
                files[f"run/{p.relative_to(out).as_posix()}"] = p.read_bytes()
    try:
        session = json.loads(files["run/session.json"])
    except ValueError as e:
        raise SealError(f"{out / 'session.json'}: not valid JSON ({e})") from None
    missing = []
    name, data = _profile_bytes(session.get("profile"), out)
    files["inputs/profile.toml"] = data
    inputs = {"profile": {"given": session.get("profile"), "path": "inputs/profile.toml", "source_name": name}}
    for what in ("attestations", "waivers"):
        given = session.get(what)
        if given:
            path = f"inputs/{what}{Path(given).suffix or '.toml'}"
            files[path] = _input_bytes(given, what)
            inputs[what] = {"given": given, "path": path}
    regs, reg_records = _regulations()
    files.update(regs)
    files["environment.json"] = (json.dumps(environment(), indent=1) + "\n").encode()
    if "run/allure-report/index.html" not in files:
        missing.append({"what": "the Allure HTML report", "why": "not generated by the run (--no-html, "
                                                                 "an interruption or a report error)"})
    if "run/describe.json" not in files:
        missing.append({"what": "the game's describe answer",
                        "why": "the run wrote no describe.json (no scenario asked the game, the run was not "
                               "made with --matrix-dir, or by a harness older than protocol 1.2)"})
    if "command_line" not in session:
        missing.append({"what": "the run's command line",
                        "why": "session.json does not record it (a harness older than protocol 1.2); the run's "
                               "options (profile, adapter, game, depth, as-of, attestations, waivers, "
                               "allow-pending) are in session.json"})
    for when in ("started", "finished"):
        if not session.get(when):
            missing.append({"what": f"the time the run {when}",
                            "why": "session.json does not record it (the run was interrupted before it ended)"})
    facts = {"harness_version": harness_version(),
             "run": {k: session.get(k) for k in ("started", "finished", "as_of", "profile", "certificate_holder",
                                                  "adapter", "game", "target", "game_under_test", "depth",
                                                  "exitstatus",
                                                  "interrupted",
                                                  "command_line", "pytest_command_line") if k in session},
             "inputs": inputs, "regulations": reg_records, "missing": missing,
             "sealed_with": [Path(sys.argv[0]).name, *sys.argv[1:]] if sys.argv else None}
    return files, facts


def _tar(members: dict[str, bytes], compresslevel: int = 9) -> bytes:
    """A deterministic .tar.gz: members in the order given, mtime 0, owner 0, mode 0644
    (``compresslevel``: gzip's, 1 to 9)."""
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="", compresslevel=compresslevel) as gz:
        with tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
            for path, data in members.items():
                info = tarfile.TarInfo(path)
                info.size, info.mtime, info.mode, info.uid, info.gid = len(data), 0, 0o644, 0, 0
                info.uname = info.gname = ""
                tar.addfile(info, io.BytesIO(data))
    return raw.getvalue()


def build_package(files: dict[str, bytes], facts: dict, key: Any = None,
                  created: Optional[str] = None) -> tuple[bytes, str]:
    """The archive of ``files`` with its manifest (signed with the Ed25519 private ``key``),
    and the manifest's SHA-256."""
    files = dict(files)
    if key is not None:
        files[SIGNER] = _public_pem(key.public_key())
    manifest = {"format": FORMAT, **{k: v for k, v in facts.items() if k == "harness_version"},
                "created": created or dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                "signed": key is not None,
                "signer_fingerprint": fingerprint(key.public_key()) if key is not None else None,
                **{k: v for k, v in facts.items() if k != "harness_version"},
                "files": [{"path": p, "sha256": _sha256(files[p]), "size": len(files[p])} for p in sorted(files)]}
    mbytes = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode()
    members = {MANIFEST: mbytes}
    if key is not None:
        members[SIGNATURE] = key.sign(mbytes)
    if key is not None:
        members[SIGNER] = files[SIGNER]
    members.update((p, files[p]) for p in sorted(files) if p not in members)
    return _tar(members), _sha256(mbytes)


def seal(out: Path, package: Optional[Path] = None, key: Optional[Path] = None) -> tuple[Path, dict]:
    """Seal the run folder ``out`` into ``package`` (default :func:`default_package`).
    Returns the package's path and a summary (``files``, ``size``, ``signed``, ``fingerprint``)."""
    priv = _load_private(key) if key else None
    files, facts = collect(out)
    data, manifest_sha = build_package(files, facts, priv)
    package = Path(package) if package else default_package(out)
    try:
        package.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(package, data)  # a temporary file made exclusively beside it, removed on any failure
    except OSError as e:
        raise SealError(f"{package}: cannot write the package: {e.strerror or e}") from None
    return package, {"files": len(files) + (1 if priv else 0), "size": len(data), "signed": priv is not None,
                     "fingerprint": fingerprint(priv.public_key()) if priv else None,
                     "missing": [m["what"] for m in facts["missing"]], "manifest_sha256": manifest_sha}


# ====================================================================== verify
@dataclass
class VerifyReport:
    """What :func:`verify` established."""

    manifest: dict
    manifest_sha256: str
    signature: str
    files: int
    matrix: dict
    notes: list[str] = field(default_factory=list)
    #: whether the signature was checked against the trusted key (``--pubkey``)
    signed_trusted: bool = False
    #: the members read into memory (path -> bytes): those ``keep`` of :func:`verify` chose
    members: dict[str, bytes] = field(default_factory=dict)


class _Verdict(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")
    exit_code: Optional[StrictInt] = None
    reasons: list[StrictStr] = Field(default_factory=list)


class PackagedMatrix(BaseModel):
    """What ``verify`` reads of the packaged ``run/matrix.json`` (docs/clause-matrix.md)."""

    model_config = ConfigDict(strict=True, extra="allow")
    verdict: _Verdict
    results_count: Optional[StrictInt] = None
    rows: list[dict[str, Any]]
    totals_sentences: dict[str, StrictStr] = Field(default_factory=dict)


def _first_problem(e: Exception) -> str:
    if isinstance(e, ValidationError):
        first = e.errors()[0]
        return f"{'.'.join(str(p) for p in first['loc']) or '(top)'}: {first['msg']}"
    return str(e)


def _comparable(m: dict) -> dict:
    return {"verdict": {k: (m.get("verdict") or {}).get(k) for k in ("exit_code", "reasons")},
            "results_count": m.get("results_count"),
            "rows": [{k: r.get(k) for k in ("id", "result", "result_label", "result_detail")}
                     for r in m.get("rows") or []]}


def _first_difference(a: dict, b: dict) -> str:
    if a["verdict"] != b["verdict"]:
        return f"verdict {a['verdict']} in the package, {b['verdict']} rebuilt"
    if a["results_count"] != b["results_count"]:
        return f"{a['results_count']} results in the package, {b['results_count']} rebuilt"
    rows_a, rows_b = {r["id"]: r for r in a["rows"]}, {r["id"]: r for r in b["rows"]}
    for cid in list(rows_a) + [c for c in rows_b if c not in rows_a]:
        if rows_a.get(cid) != rows_b.get(cid):
            return f"clause {cid}: {rows_a.get(cid)} in the package, {rows_b.get(cid)} rebuilt"
    return "the row order differs"


def _check_matrix(members: dict[str, bytes], manifest: dict) -> dict:
    try:
        packaged = json.loads(members["run/matrix.json"])
        PackagedMatrix.model_validate(packaged)
    except (ValueError, RecursionError) as e:  # pydantic's ValidationError is a ValueError
        raise VerifyFailure("run/matrix.json", f"not a clause matrix ({_first_problem(e)})") from None
    inputs = manifest.get("inputs") or {}
    with tempfile.TemporaryDirectory(prefix="baccarat-verify-") as tmp:
        root = Path(tmp)
        for path, data in members.items():
            if path.startswith(("run/results.jsonl", "run/session.json", "inputs/")):
                (root / path).parent.mkdir(parents=True, exist_ok=True)
                write_atomic(root / path, data)
        kw: dict[str, Any] = {}
        for what in ("attestations", "waivers"):
            rel = (inputs.get(what) or {}).get("path")
            if rel:
                if rel not in members:
                    raise VerifyFailure(rel, "listed as an input but missing from the package")
                kw[what] = root / rel
        if "inputs/profile.toml" in members:
            kw["profile"] = str(root / "inputs/profile.toml")
        try:
            rebuilt = rebuild_matrix(root / "run/results.jsonl", session=root / "run/session.json",
                                     allure_results=root / "run/allure-results", **kw)
            rebuilt_json = json.loads(matrix_json(rebuilt))
        except Exception as e:  # noqa: BLE001 - any failure to rebuild is a failed check
            raise VerifyFailure("matrix rebuild", f"the matrix cannot be rebuilt from run/results.jsonl: {e}") from None
    a, b = _comparable(packaged), _comparable(rebuilt_json)
    if a != b:
        raise VerifyFailure("matrix rebuild", "the matrix rebuilt from run/results.jsonl differs from "
                                              f"run/matrix.json: {_first_difference(a, b)}")
    return packaged


def verify(package: Path, pubkey: Optional[Path] = None, max_member_bytes: int = MAX_MEMBER_BYTES,
           keep: Callable[[str], bool] = kept_by_default) -> VerifyReport:
    """Check ``package`` offline: :func:`~baccarat_conformance.reports.package_check.open_package`
    (the archive, the manifest, the signature, every member), then the matrix rebuild.
    ``keep`` chooses the members returned in the report (at least those the rebuild needs).

    :raises VerifyFailure: naming the first file or check that failed.
    """
    pkg = open_package(Path(package), pubkey, max_member_bytes=max_member_bytes,
                       keep=lambda path: kept_by_default(path) or keep(path))
    manifest = pkg.manifest
    notes = []
    if manifest.get("harness_version") != harness_version():
        notes.append(f"the package was sealed by {manifest.get('harness_version')}, this is {harness_version()}: "
                     "the matrix is rebuilt with this harness's corpus and rules")
    matrix = _check_matrix(pkg.members, manifest)
    for m in manifest.get("missing") or []:
        notes.append(f"not in the package: {m['what']} ({m['why']})")
    return VerifyReport(manifest=manifest, manifest_sha256=pkg.manifest_sha256, signature=pkg.signature,
                        files=pkg.files, matrix=matrix, notes=notes, members=pkg.members,
                        signed_trusted=pkg.signed_trusted)
