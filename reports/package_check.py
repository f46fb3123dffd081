"""Opening a sealed evidence package safely: :func:`open_package` reads the archive as one
stream, checks the manifest and the signature before any other member, and hashes every
member as it streams past, keeping in memory only the few members a caller needs (the
results log, the session, the matrix, the inputs). ``verify``, ``replay`` (and ``diff``)
start here; docs/evidence.md says what is checked in what order, docs/security.md lists
the bounds.

A package is untrusted input (issue 26, items 1, 9 and 10). Every member used to be read
whole into memory before any check: a 7 MB package holding 1.5 GiB of zeros took 1.6 GB,
and a 138-byte one with an 8 GiB sparse member ended in ``MemoryError``. A malformed
manifest crashed ``verify`` with a traceback, and nothing after the end of the tar (nor
the gzip trailer) was read, so a bad CRC, a cut trailer, trailing garbage or a second gzip
member verified OK. Here:

* the gzip stream is inflated chunk by chunk and read to its end: its CRC and length are
  checked, and nothing may follow it (a second member, garbage); inside it, nothing but
  the tar's zero padding (at most :data:`MAX_TAIL_BYTES`) may follow the end of the tar;
* ``manifest.json`` must be the first member (at most :data:`MAX_MANIFEST_BYTES`),
  validated by a schema (:class:`Manifest`), then ``manifest.sig`` if the package is
  signed; with ``--pubkey`` the signature is checked before any other member is read;
* a member must be a regular file (no link, device, folder; no sparse member) with a safe
  name, listed in the manifest, never seen before, of exactly the size the manifest lists
  and at most ``max_member_bytes`` (:data:`MAX_MEMBER_BYTES`), all refused from its
  header, before its data is read; an extended header (PAX, GNU long name) is at most
  :data:`MAX_HEADER_BYTES`.
"""

from __future__ import annotations

import hashlib
import json
import tarfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Literal, Optional

from baccarat_conformance.inputs.input_bounds import escape_controls
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

__all__ = ["FORMAT", "MANIFEST", "SIGNATURE", "SIGNER", "REQUIRED", "MAX_MEMBER_BYTES", "MAX_MANIFEST_BYTES",
           "MAX_HEADER_BYTES", "MAX_TAIL_BYTES", "CheckedPackage", "Manifest", "VerifyFailure", "fingerprint",
           "add_max_member_bytes", "load_public", "one_line", "open_package", "read_members", "sha256"]

FORMAT = "baccarat-conformance-evidence/1"
MANIFEST, SIGNATURE, SIGNER = "manifest.json", "manifest.sig", "signer.pub"
#: the reports a package must hold (``run/NAME``)
REQUIRED = ("results.jsonl", "session.json", "matrix.json")

MAX_MEMBER_BYTES = 256 * 1024 * 1024
"""The default of ``--max-member-bytes`` (``verify``, ``replay``): the largest member, in
bytes. A full-depth run's largest report (the Allure report, the results log) is a few tens
of MB."""
MAX_MANIFEST_BYTES = 64 * 1024 * 1024
"""The largest ``manifest.json`` (about 400,000 file entries; a run of 1,292 files has 254 KB)."""
MAX_KEY_BYTES = 16 * 1024
"""The largest ``manifest.sig`` and ``signer.pub`` (an Ed25519 signature is 64 bytes, its PEM key 113)."""
MAX_HEADER_BYTES = 1024 * 1024
"""The largest extended tar header (PAX, GNU long name), read into memory by :mod:`tarfile`."""
MAX_TAIL_BYTES = 2 * 512 + 20 * 512
"""What may follow the last member inside the tar: its two zero end blocks and the zero
padding of its last record (GNU tar and Python write records of 20 blocks)."""
CHUNK = 1024 * 1024


class VerifyFailure(Exception):
    """A check of the package failed; ``what`` names the file or check, ``message`` why.
    Both may hold text from the package: escape them before printing on a terminal."""

    def __init__(self, what: str, message: str):
        super().__init__(f"{what}: {message}")
        self.what = what
        self.message = message

    def __reduce__(self) -> tuple:  # picklable: pickle would call VerifyFailure("what: message") alone
        return (type(self), (self.what, self.message))


def one_line(text: str) -> str:
    """``text`` (which may hold a package's text: member names, manifest fields) as one line
    safe to print on a terminal: control characters escaped
    (:func:`~baccarat_conformance.inputs.input_bounds.escape_controls`), newline and tab too."""
    return escape_controls(str(text)).replace("\n", "\\n").replace("\t", "\\t")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ====================================================================== the manifest's schema
class _Strict(BaseModel):
    # strict: a number is not a string, a bool not a number; extra keys are kept (a later
    # harness may record more, e.g. the game's identity)
    model_config = ConfigDict(strict=True, extra="allow")


class FileEntry(_Strict):
    path: StrictStr
    sha256: StrictStr = Field(pattern=r"^[0-9a-f]{64}$")
    size: StrictInt = Field(ge=0)


class MissingItem(_Strict):
    what: StrictStr
    why: StrictStr


class InputFile(_Strict):
    path: StrictStr
    given: Optional[StrictStr] = None
    source_name: Optional[StrictStr] = None


class RunFacts(_Strict):
    started: Optional[StrictStr] = None
    finished: Optional[StrictStr] = None
    as_of: Optional[StrictStr] = None
    profile: Optional[StrictStr] = None
    certificate_holder: Optional[StrictStr] = None
    adapter: Optional[StrictStr] = None
    game: Optional[StrictStr] = None
    depth: Optional[StrictStr] = None
    exitstatus: Optional[StrictInt] = None
    interrupted: Optional[StrictBool] = None
    command_line: Optional[list[StrictStr]] = None
    pytest_command_line: Optional[list[StrictStr]] = None


class Regulation(_Strict):
    path: StrictStr
    sha256: Optional[StrictStr] = None


class Manifest(_Strict):
    """``manifest.json`` (docs/evidence.md): what :func:`open_package` accepts."""

    format: Literal["baccarat-conformance-evidence/1"]
    harness_version: StrictStr
    created: StrictStr
    signed: StrictBool
    signer_fingerprint: Optional[StrictStr] = None
    run: RunFacts = Field(default_factory=RunFacts)
    inputs: dict[str, InputFile] = Field(default_factory=dict)
    regulations: list[Regulation] = Field(default_factory=list)
    missing: list[MissingItem] = Field(default_factory=list)
    files: list[FileEntry]
    sealed_with: Optional[list[StrictStr]] = None


def _manifest(mbytes: bytes) -> dict:
    """The manifest's JSON, validated by :class:`Manifest`."""
    try:
        doc = json.loads(mbytes)
    except (ValueError, RecursionError) as e:
        raise VerifyFailure(MANIFEST, f"not valid JSON ({e})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise VerifyFailure(MANIFEST, f"not a manifest of format {FORMAT}")
    try:
        Manifest.model_validate(doc)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top)"
        more = f" (and {e.error_count() - 1} more problems)" if e.error_count() > 1 else ""
        raise VerifyFailure(MANIFEST, f"malformed: {where}: {first['msg']}{more}") from None
    return doc


# ====================================================================== keys and the signature
def _public_raw(pub: Any) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return pub.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def fingerprint(pub: Any) -> str:
    """``SHA256:<hex>`` of the raw 32-byte Ed25519 public key."""
    return "SHA256:" + sha256(_public_raw(pub))


def load_public(data: bytes, what: str) -> Any:
    """The Ed25519 public key in the PEM ``data``.

    :raises VerifyFailure: naming ``what`` when it is not one."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError) as e:
        raise VerifyFailure(what, f"not a PEM public key ({e})") from None
    if not isinstance(key, Ed25519PublicKey):
        raise VerifyFailure(what, "not an Ed25519 public key")
    return key


def _trusted(pubkey: Optional[Path]) -> Any:
    if pubkey is None:
        return None
    try:
        data = Path(pubkey).read_bytes()[:MAX_KEY_BYTES + 1]
    except OSError as e:
        raise VerifyFailure(f"--pubkey {pubkey}", f"cannot read the key: {e.strerror or e}") from None
    return load_public(data, f"--pubkey {pubkey}")


def _check_signature(mbytes: bytes, sig: bytes, key: Any, who: str) -> None:
    from cryptography.exceptions import InvalidSignature

    try:
        key.verify(sig, mbytes)
    except InvalidSignature:
        raise VerifyFailure(MANIFEST, f"the signature (manifest.sig) does not verify with {who}: the manifest or "
                                      "its signature was changed, or another key signed it") from None


# ====================================================================== the gzip stream
class _Inflated:
    """The inflated bytes of a gzip file, read in chunks; at the end of the compressed
    stream its trailer (CRC-32, length) is checked, and nothing may follow it. Counts the
    bytes handed out and remembers where the last non-zero byte was."""

    def __init__(self, fh: Any):
        self.fh = fh
        self.inflater = zlib.decompressobj(wbits=31)  # gzip, one member
        self.pending = b""
        self.done = False
        self.position = 0
        self.last_nonzero = -1

    def _more(self) -> None:
        while not self.pending and not self.done:
            raw = self.inflater.unconsumed_tail or self.fh.read(CHUNK)
            if not raw:
                raise VerifyFailure("the archive", "cut: the gzip stream ends before its trailer")
            try:
                self.pending = self.inflater.decompress(raw, CHUNK)
            except zlib.error as e:
                raise VerifyFailure("the archive", f"not a valid gzip stream ({e}: a bad CRC or length in its "
                                                   "trailer, or corrupt data)") from None
            if self.inflater.eof:
                self.done = True
                if self.inflater.unused_data or self.fh.read(1):
                    raise VerifyFailure("the archive", "data after the end of the gzip stream (a second gzip "
                                                       "member or trailing bytes)")

    def read(self, size: int = -1) -> bytes:
        out = []
        want = CHUNK if size is None or size < 0 else size
        while want > 0:
            self._more()
            if not self.pending:
                break
            piece, self.pending = self.pending[:want], self.pending[want:]
            stripped = len(piece.rstrip(b"\0"))
            if stripped:
                self.last_nonzero = self.position + stripped - 1
            self.position += len(piece)
            want -= len(piece)
            out.append(piece)
        return b"".join(out)


# ====================================================================== tar members
class _GuardedInfo(tarfile.TarInfo):
    """A tar header that refuses, before :mod:`tarfile` reads any of their data, a sparse
    member (its map could be any size, its data many GiB of zeros) and an extended header
    over :data:`MAX_HEADER_BYTES` (tarfile reads those whole into memory)."""

    def _proc_member(self, tf: Any) -> Any:  # tarfile's documented hook for custom header types
        if self.type == tarfile.GNUTYPE_SPARSE:
            raise VerifyFailure(self.name, "a sparse member (seal never writes one)")
        if self.type in (tarfile.XHDTYPE, tarfile.XGLTYPE, tarfile.SOLARIS_XHDTYPE, tarfile.GNUTYPE_LONGNAME,
                         tarfile.GNUTYPE_LONGLINK) and self.size > MAX_HEADER_BYTES:
            raise VerifyFailure(self.name, f"an extended header of {self.size:,} bytes (at most "
                                           f"{MAX_HEADER_BYTES:,})")
        return super()._proc_member(tf)

    def _sparse(self, *args: Any) -> Any:
        raise VerifyFailure(self.name, "a sparse member (seal never writes one)")

    _proc_gnusparse_00 = _proc_gnusparse_01 = _proc_gnusparse_10 = _sparse


def _safe_name(name: str) -> bool:
    p = PurePosixPath(name)
    return (bool(name) and not p.is_absolute() and ".." not in p.parts and "\\" not in name
            and not name.startswith("/"))


def _check_header(info: tarfile.TarInfo, seen: set) -> None:
    if not info.isreg() or info.issparse():
        raise VerifyFailure(info.name, "unsafe member: not a regular file (link, device or folder)")
    if not _safe_name(info.name):
        raise VerifyFailure(info.name, "unsafe member name (absolute, or with '..')")
    if info.name in seen:
        raise VerifyFailure(info.name, "appears twice in the archive")
    seen.add(info.name)


def _read(tar: tarfile.TarFile, info: tarfile.TarInfo, limit: int, keep: bool) -> tuple[str, int, Optional[bytes]]:
    """SHA-256 and size of the member ``info`` read as a stream; its bytes if ``keep``."""
    if info.size > limit:
        raise VerifyFailure(info.name, f"{info.size:,} bytes, over the bound of {limit:,} (--max-member-bytes)")
    fh = tar.extractfile(info)
    digest, size, kept = hashlib.sha256(), 0, []
    while fh is not None:
        chunk = fh.read(CHUNK)
        if not chunk:
            break
        digest.update(chunk)
        size += len(chunk)
        if keep:
            kept.append(chunk)
    return digest.hexdigest(), size, b"".join(kept) if keep else None


# ====================================================================== the package
def _bytes(text: str) -> int:
    import argparse

    if not text.isdigit() or int(text) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a positive number of bytes, e.g. 268435456")
    return int(text)


def add_max_member_bytes(parser: Any) -> None:
    """Declare ``--max-member-bytes`` on the argparse ``parser`` (``verify``, ``replay``)."""
    parser.add_argument("--max-member-bytes", type=_bytes, default=MAX_MEMBER_BYTES, metavar="BYTES",
                        help=f"refuse a package holding a member larger than this (default {MAX_MEMBER_BYTES}, "
                             "256 MiB)")


def kept_by_default(path: str) -> bool:
    """The members :func:`open_package` keeps: what the matrix rebuild and ``replay`` read."""
    return path in ("run/results.jsonl", "run/session.json", "run/matrix.json") or path.startswith("inputs/")


@dataclass
class CheckedPackage:
    """A package whose archive, manifest, signature and every member checked.

    ``manifest`` the validated manifest (a dict, see :class:`Manifest`); ``manifest_sha256``
    the SHA-256 of its exact bytes; ``signature`` one line saying how it is signed
    (``unsigned``, ``signed by ... : valid``, ``signed by ..., not checked against a trusted
    key``); ``signed_trusted`` whether the signature was checked against ``--pubkey``;
    ``files`` how many files the manifest lists; ``members`` the bytes of the members kept
    (path -> bytes, see ``keep`` of :func:`open_package`)."""

    manifest: dict
    manifest_sha256: str
    signature: str
    signed_trusted: bool
    files: int
    members: dict[str, bytes]

    @property
    def unsigned(self) -> bool:
        return not self.manifest.get("signed")


def open_package(package: Path, pubkey: Optional[Path] = None, *, max_member_bytes: int = MAX_MEMBER_BYTES,
                 keep: Callable[[str], bool] = kept_by_default) -> CheckedPackage:
    """Check the sealed evidence package ``package`` as one stream (see the module
    docstring; the order is docs/evidence.md's), against the trusted Ed25519 public key
    in the PEM file ``pubkey`` if given. Not the matrix rebuild (``verify`` does that).

    :raises VerifyFailure: naming the first file or check that failed.
    """
    trusted = _trusted(pubkey)
    try:
        fh = open(package, "rb")
    except FileNotFoundError:
        raise VerifyFailure(str(package), "no such file") from None
    except OSError as e:
        raise VerifyFailure(str(package), f"cannot be read: {e.strerror or e}") from None
    with fh:
        stream = _Inflated(fh)
        try:
            tar = tarfile.open(fileobj=stream, mode="r|", tarinfo=_GuardedInfo)  # type: ignore[call-overload]
            with tar:
                found = _members(tar, trusted, pubkey, max_member_bytes, keep)
                end = tar.offset
            while stream.read(CHUNK):
                if stream.position - end > MAX_TAIL_BYTES:
                    break
        except (tarfile.TarError, EOFError, OSError) as e:
            raise VerifyFailure("the archive", f"not a readable .tar.gz archive ({e})") from None
    if stream.last_nonzero >= end or stream.position - end > MAX_TAIL_BYTES:
        raise VerifyFailure("the archive", "data after the end of the tar archive (more than its zero padding)")
    return found


def _members(tar: tarfile.TarFile, trusted: Any, pubkey: Optional[Path], limit: int,
             keep: Callable[[str], bool]) -> CheckedPackage:
    """Read the members of ``tar`` in order: the manifest, the signature, then the files."""
    seen: set[str] = set()
    first = tar.next()
    if first is not None:
        _check_header(first, seen)
    if first is None or first.name != MANIFEST:
        raise VerifyFailure(MANIFEST, "missing: it must be the first member of the package")
    mbytes = _read(tar, first, MAX_MANIFEST_BYTES, True)[2] or b""
    manifest = _manifest(mbytes)
    listed = {e["path"]: e for e in manifest["files"]}
    if len(listed) != len(manifest["files"]):
        raise VerifyFailure(MANIFEST, "lists a file twice")
    for name in REQUIRED:
        if f"run/{name}" not in listed:
            raise VerifyFailure(f"run/{name}", "missing from the package")
    info = tar.next()
    sig = None
    if info is not None and info.name == SIGNATURE:
        _check_header(info, seen)
        sig = _read(tar, info, MAX_KEY_BYTES, True)[2]
        info = tar.next()
    if sig is None and trusted is not None:
        raise VerifyFailure(SIGNATURE, f"missing: the package is unsigned, but --pubkey {pubkey} was given")
    if sig is not None and manifest["signed"] is not True:
        raise VerifyFailure(MANIFEST, "says the package is unsigned, yet it holds manifest.sig")
    if sig is None and manifest["signed"]:
        raise VerifyFailure(SIGNATURE, "missing: the manifest says the package is signed")
    if sig is not None and trusted is not None:  # before any other member is read
        who = f"the trusted key {fingerprint(trusted)} (--pubkey {pubkey})"
        _check_signature(mbytes, sig, trusted, who)
        status = f"signed by {who}: valid"
    members: dict[str, bytes] = {}
    signer = None
    while info is not None:
        _check_header(info, seen)
        entry = listed.get(info.name)
        if entry is None:
            raise VerifyFailure(info.name, "in the package but not listed in the manifest")
        if info.size != entry["size"]:
            raise VerifyFailure(info.name, f"does not match the manifest ({info.size:,} bytes; the manifest says "
                                           f"{entry['size']:,} bytes)")
        is_signer = info.name == SIGNER
        digest, size, data = _read(tar, info, MAX_KEY_BYTES if is_signer else limit, keep(info.name) or is_signer)
        if digest != entry["sha256"] or size != entry["size"]:
            raise VerifyFailure(info.name, f"does not match the manifest (SHA-256 {digest}, {size} bytes; the manifest "
                                           f"says {entry['sha256']}, {entry['size']} bytes)")
        if is_signer:
            signer = data
        if data is not None and keep(info.name):
            members[info.name] = data
        info = tar.next()
    for path in listed:
        if path not in seen:
            raise VerifyFailure(path, "listed in the manifest but missing from the package")
    if sig is not None and trusted is None:
        if signer is None:
            raise VerifyFailure(SIGNER, "missing: the package is signed but holds no public key (give --pubkey)")
        key = load_public(signer, SIGNER)
        who = f"key with fingerprint {fingerprint(key)}"
        _check_signature(mbytes, sig, key, who)
        status = f"signed by {who}, not checked against a trusted key (give --pubkey)"
    elif sig is None:
        status = "unsigned"
    return CheckedPackage(manifest=manifest, manifest_sha256=sha256(mbytes), signature=status,
                          signed_trusted=trusted is not None, files=len(listed), members=members)


def read_members(package: Path, max_member_bytes: int = MAX_MEMBER_BYTES) -> dict[str, bytes]:
    """Every member of ``package`` (path -> bytes, in the archive's order), read as
    :func:`open_package` reads them but with no manifest check: for tools that rewrite a
    package (tests). Bounded by ``max_member_bytes`` per member.

    :raises VerifyFailure: an unsafe or oversized member, a damaged archive."""
    members: dict[str, bytes] = {}
    seen: set[str] = set()
    with open(package, "rb") as fh:
        try:
            with tarfile.open(fileobj=_Inflated(fh), mode="r|", tarinfo=_GuardedInfo) as tar:  # type: ignore
                for info in tar:
                    _check_header(info, seen)
                    members[info.name] = _read(tar, info, max_member_bytes, True)[2] or b""
        except (tarfile.TarError, EOFError, OSError) as e:
            raise VerifyFailure("the archive", f"not a readable .tar.gz archive ({e})") from None
    return members
