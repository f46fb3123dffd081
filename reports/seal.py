"""The sealed evidence package of a run: ``seal``, ``verify`` and ``keygen``.

A run leaves a folder of files anyone can edit without trace. :func:`seal` packs the
whole record of a run into one ``.tar.gz`` whose ``manifest.json`` lists the SHA-256
and size of every other file, optionally signed with Ed25519 (``manifest.sig``, over the
exact bytes of ``manifest.json``). :func:`verify` checks a package offline: safe members,
the signature, every file against the manifest, then rebuilds the clause matrix from the
packaged results log and compares it with the packaged matrix. See docs/evidence.md.

Layout of a package (paths inside the archive)::

    manifest.json            format, harness version, created, run facts, missing items, files
    manifest.sig             Ed25519 signature of manifest.json (signed packages only)
    signer.pub               the signer's public key, PEM (signed packages only; listed in the manifest)
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
import hashlib
import io
import json
import platform
import sys
import tarfile
import tempfile
from dataclasses import dataclass, field
from importlib import metadata, resources
from pathlib import Path, PurePosixPath
from typing import Any, Optional

from baccarat_conformance.verdict.rebuild import rebuild_matrix
from baccarat_conformance.verdict.run_info import harness_version

from .matrix_writers import matrix_json

__all__ = ["FORMAT", "SealError", "VerifyFailure", "VerifyReport", "check_package", "default_package", "fingerprint",
           "keygen", "seal", "verify"]

FORMAT = "baccarat-conformance-evidence/1"
# the reports of a run folder that go into the package (anything else there, e.g. .hypothesis/, does not)
RUN_FILES = ("matrix.json", "matrix.csv", "matrix-totals.csv", "matrix.html", "results.jsonl", "junit.xml",
             "session.json", "describe.json", "pytest.log", "par_sheet.json",
             "statistics-outcomes.png", "statistics-rank-heatmap.png")
RUN_DIRS = ("allure-results", "allure-report")
REQUIRED = ("results.jsonl", "session.json", "matrix.json")
MANIFEST, SIGNATURE, SIGNER = "manifest.json", "manifest.sig", "signer.pub"


class SealError(Exception):
    """The package cannot be written (a missing report, an unreadable input or key)."""


class VerifyFailure(Exception):
    """A check of :func:`verify` failed; ``what`` names the file or check."""

    def __init__(self, what: str, message: str):
        super().__init__(f"{what}: {message}")
        self.what = what


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def default_package(out: Path) -> Path:
    """``reports`` -> ``reports.evidence.tar.gz`` beside the folder."""
    out = Path(out)
    return out.resolve().parent / f"{out.resolve().name}.evidence.tar.gz"


# ====================================================================== keys
def _public_raw(pub: Any) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return pub.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def fingerprint(pub: Any) -> str:
    """``SHA256:<hex>`` of the raw 32-byte Ed25519 public key."""
    return "SHA256:" + _sha256(_public_raw(pub))


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
    pub_path.write_bytes(_public_pem(priv.public_key()))
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


def _load_public(data: bytes, what: str) -> Any:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError) as e:
        raise VerifyFailure(what, f"not a PEM public key ({e})") from None
    if not isinstance(key, Ed25519PublicKey):
        raise VerifyFailure(what, "not an Ed25519 public key")
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
    (:func:`baccarat_conformance.profile.profile_source`), or beside the run's reports."""
    from baccarat_conformance.errors import ConfigurationError
    from baccarat_conformance.profile import profile_source

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
                                                  "adapter", "game", "depth", "exitstatus", "interrupted",
                                                  "command_line", "pytest_command_line") if k in session},
             "inputs": inputs, "regulations": reg_records, "missing": missing,
             "sealed_with": [Path(sys.argv[0]).name, *sys.argv[1:]] if sys.argv else None}
    return files, facts


def _tar(members: dict[str, bytes]) -> bytes:
    """A deterministic .tar.gz: members in the order given, mtime 0, owner 0, mode 0644."""
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
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
    members.update((p, files[p]) for p in sorted(files))
    return _tar(members), _sha256(mbytes)


def seal(out: Path, package: Optional[Path] = None, key: Optional[Path] = None) -> tuple[Path, dict]:
    """Seal the run folder ``out`` into ``package`` (default :func:`default_package`).
    Returns the package's path and a summary (``files``, ``size``, ``signed``, ``fingerprint``)."""
    priv = _load_private(key) if key else None
    files, facts = collect(out)
    data, manifest_sha = build_package(files, facts, priv)
    package = Path(package) if package else default_package(out)
    tmp = package.with_name(package.name + ".tmp")
    try:
        package.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        tmp.replace(package)
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


def _safe_name(name: str) -> bool:
    p = PurePosixPath(name)
    return (bool(name) and not p.is_absolute() and ".." not in p.parts and "\\" not in name
            and not name.startswith("/"))


def read_package(package: Path) -> dict[str, bytes]:
    """The members of ``package`` (path -> bytes); only regular files with safe relative
    names are accepted (no absolute paths, no ``..``, no links or devices, no duplicates)."""
    members: dict[str, bytes] = {}
    try:
        with tarfile.open(package, mode="r:gz") as tar:
            for info in tar:
                if not info.isreg():
                    raise VerifyFailure(info.name, "unsafe member: not a regular file (link, device or folder)")
                if not _safe_name(info.name):
                    raise VerifyFailure(info.name, "unsafe member name (absolute, or with '..')")
                if info.name in members:
                    raise VerifyFailure(info.name, "appears twice in the archive")
                f = tar.extractfile(info)
                members[info.name] = f.read() if f else b""
    except FileNotFoundError:
        raise VerifyFailure(str(package), "no such file") from None
    except (tarfile.TarError, OSError, EOFError, gzip.BadGzipFile) as e:
        raise VerifyFailure(str(package), f"not a readable .tar.gz archive ({e})") from None
    return members


def _check_signature(members: dict[str, bytes], pubkey: Optional[Path]) -> tuple[str, dict]:
    from cryptography.exceptions import InvalidSignature

    if MANIFEST not in members:
        raise VerifyFailure(MANIFEST, "missing from the package")
    mbytes = members[MANIFEST]
    sig = members.get(SIGNATURE)
    trusted = None
    if pubkey is not None:
        try:
            trusted = _load_public(Path(pubkey).read_bytes(), f"--pubkey {pubkey}")
        except OSError as e:
            raise VerifyFailure(f"--pubkey {pubkey}", f"cannot read the key: {e.strerror or e}") from None
    if sig is None:
        if trusted is not None:
            raise VerifyFailure(SIGNATURE, f"missing: the package is unsigned, but --pubkey {pubkey} was given")
        status = "unsigned"
    else:
        if trusted is not None:
            key, who = trusted, f"the trusted key {fingerprint(trusted)} (--pubkey {pubkey})"
        else:
            if SIGNER not in members:
                raise VerifyFailure(SIGNER, "missing: the package is signed but holds no public key "
                                            "(give --pubkey)")
            key = _load_public(members[SIGNER], SIGNER)
            who = f"key with fingerprint {fingerprint(key)}"
        try:
            key.verify(sig, mbytes)
        except InvalidSignature:
            raise VerifyFailure(MANIFEST, f"the signature (manifest.sig) does not verify with {who}: "
                                          "the manifest or its signature was changed, or another key signed it"
                                ) from None
        status = (f"signed by {who}: valid" if trusted is not None else
                  f"signed by {who}, not checked against a trusted key (give --pubkey)")
    try:
        manifest = json.loads(mbytes)
    except ValueError as e:
        raise VerifyFailure(MANIFEST, f"not valid JSON ({e})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise VerifyFailure(MANIFEST, f"not a manifest of format {FORMAT}")
    if sig is not None and manifest.get("signed") is not True:
        raise VerifyFailure(MANIFEST, "says the package is unsigned, yet it holds manifest.sig")
    if sig is None and manifest.get("signed"):
        raise VerifyFailure(SIGNATURE, "missing: the manifest says the package is signed")
    return status, manifest


def _check_files(members: dict[str, bytes], manifest: dict) -> int:
    listed: dict[str, dict] = {}
    for entry in manifest.get("files") or []:
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise VerifyFailure(MANIFEST, f"a file entry is malformed: {entry!r}")
        listed[entry["path"]] = entry
    for path, entry in listed.items():
        if path not in members:
            raise VerifyFailure(path, "listed in the manifest but missing from the package")
        data = members[path]
        if _sha256(data) != entry.get("sha256") or len(data) != entry.get("size"):
            raise VerifyFailure(path, f"does not match the manifest (SHA-256 {_sha256(data)}, {len(data)} bytes; "
                                      f"the manifest says {entry.get('sha256')}, {entry.get('size')} bytes)")
    for path in members:
        if path not in listed and path not in (MANIFEST, SIGNATURE):
            raise VerifyFailure(path, "in the package but not listed in the manifest")
    for name in REQUIRED:
        if f"run/{name}" not in listed:
            raise VerifyFailure(f"run/{name}", "missing from the package")
    return len(listed)


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
    except ValueError as e:
        raise VerifyFailure("run/matrix.json", f"not valid JSON ({e})") from None
    inputs = manifest.get("inputs") or {}
    with tempfile.TemporaryDirectory(prefix="baccarat-verify-") as tmp:
        root = Path(tmp)
        for path, data in members.items():
            if path.startswith(("run/results.jsonl", "run/session.json", "inputs/")):
                (root / path).parent.mkdir(parents=True, exist_ok=True)
                (root / path).write_bytes(data)
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


def check_package(package: Path, pubkey: Optional[Path] = None) -> tuple[dict[str, bytes], dict, str, int]:
    """Read ``package`` and check its members, its signature and every file against its
    manifest (not the matrix rebuild: :func:`verify` does that too). Returns the members
    (path -> bytes), the manifest, the signature status (one line) and the number of
    files listed.

    :raises VerifyFailure: naming the first file or check that failed.
    """
    members = read_package(Path(package))
    status, manifest = _check_signature(members, pubkey)
    return members, manifest, status, _check_files(members, manifest)


def verify(package: Path, pubkey: Optional[Path] = None) -> VerifyReport:
    """Check ``package`` offline. Raises :class:`VerifyFailure` naming the first file or
    check that failed; returns what was established otherwise."""
    members, manifest, status, count = check_package(package, pubkey)
    notes = []
    if manifest.get("harness_version") != harness_version():
        notes.append(f"the package was sealed by {manifest.get('harness_version')}, this is {harness_version()}: "
                     "the matrix is rebuilt with this harness's corpus and rules")
    matrix = _check_matrix(members, manifest)
    for m in manifest.get("missing") or []:
        notes.append(f"not in the package: {m.get('what')} ({m.get('why')})")
    return VerifyReport(manifest=manifest, manifest_sha256=_sha256(members[MANIFEST]), signature=status, files=count, matrix=matrix, notes=notes)
