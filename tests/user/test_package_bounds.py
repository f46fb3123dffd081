"""A forger's package cannot exhaust ``verify`` or ``replay`` (issue 26, item 1).

Every member used to be read whole into memory before any check: a 7 MB package holding
one 1.5 GiB member of zeros peaked at 1.6 GB, and a tiny package with an 8 GiB sparse
member ended in ``MemoryError``, a traceback and exit 1. Both run here as the real CLI in
a child process under an address-space limit (``RLIMIT_AS``) that the old reader breaks
and the streaming one never nears; each is refused from the member's header, in seconds.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import resource
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from baccarat_conformance.reports import package_check as P

LIMIT = 1024 * 1024 * 1024  # address space of the child verify: the old reader needed over 1.5 GiB
GIB = 1024 ** 3
BOMB = "run/allure-report/index.html"
#: sha256 of 1.5 GiB of zeros, the bomb's member (hashing it took 2 s a run):
#: ``h = hashlib.sha256(); [h.update(bytes(1 << 24)) for _ in range(96)]; h.hexdigest()``
ZEROS_SHA256 = "b7a1ca05cae9eefbf2deee895f4fb34c8d8ffc5d6665982424e0b2711c79ed1d"


def manifest(files: dict[str, tuple[int, str]]) -> bytes:
    """A manifest that passes the schema, listing ``files`` (path -> (size, sha256)) and the reports."""
    listed = {f"run/{name}": (2, hashlib.sha256(b"{}").hexdigest()) for name in P.REQUIRED}
    listed.update(files)
    doc = {"format": P.FORMAT, "harness_version": "0", "created": "2026-11-27T00:00:00+00:00", "signed": False,
           "signer_fingerprint": None, "run": {}, "inputs": {}, "regulations": [], "missing": [],
           "files": [{"path": p, "sha256": h, "size": s} for p, (s, h) in sorted(listed.items())]}
    return json.dumps(doc).encode()


class Zeros:
    """``size`` zero bytes, read in chunks."""

    def __init__(self, size: int):
        self.left = size

    def read(self, n: int = -1) -> bytes:
        n = self.left if n < 0 else min(n, self.left)
        self.left -= n
        return bytes(n)


@pytest.fixture(scope="module")
def zeros_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """manifest.json, then one 1.5 GiB member of zeros, listed with its true size."""
    size = 3 * GIB // 2
    path = tmp_path_factory.mktemp("bomb") / "zeros.tar.gz"
    mbytes = manifest({BOMB: (size, ZEROS_SHA256)})
    with gzip.open(path, "wb", compresslevel=1) as gz, tarfile.open(fileobj=gz, mode="w|") as tar:
        info = tarfile.TarInfo(P.MANIFEST)
        info.size = len(mbytes)
        tar.addfile(info, io.BytesIO(mbytes))
        info = tarfile.TarInfo(BOMB)
        info.size = size
        tar.addfile(info, Zeros(size))
    return path


@pytest.fixture(scope="module")
def sparse_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """manifest.json, then an 8 GiB sparse member (all hole), packed by GNU tar."""
    root = tmp_path_factory.mktemp("sparse")
    (root / "run").mkdir()
    (root / P.MANIFEST).write_bytes(manifest({"run/big": (8 * GIB, "0" * 64)}))
    with open(root / "run/big", "wb") as fh:
        fh.truncate(8 * GIB)
    subprocess.run(["tar", "--format=gnu", "--sparse", "-czf", "sparse.tar.gz", P.MANIFEST, "run/big"], cwd=root,
                   check=True)
    (root / "run/big").unlink()
    return root / "sparse.tar.gz"


def limited_cli(*argv: str) -> subprocess.CompletedProcess:
    """The real CLI with its address space limited to :data:`LIMIT`."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))

    return subprocess.run([sys.executable, "-m", "baccarat_conformance", *argv], capture_output=True, text=True,
                          preexec_fn=limit, timeout=120, env={**os.environ, "PYTHONWARNINGS": "ignore"})


def test_the_bombs_are_what_the_issue_says(zeros_package: Path, sparse_package: Path) -> None:
    assert zeros_package.stat().st_size < 8 * 1024 * 1024  # about 7 MB
    assert sparse_package.stat().st_size < 64 * 1024
    assert tarfile.open(sparse_package).getmember("run/big").issparse()


@pytest.mark.parametrize("command", ["verify", "replay"])
@pytest.mark.parametrize("bomb, why", [("zeros", f"over the bound of {P.MAX_MEMBER_BYTES:,} (--max-member-bytes)"),
                                       ("sparse", "a sparse member")])
def test_a_tar_bomb_is_refused_from_its_header_under_a_memory_limit(command: str, bomb: str, why: str,
                                                                     zeros_package: Path, sparse_package: Path) -> None:
    package = zeros_package if bomb == "zeros" else sparse_package
    argv = ["verify", str(package)] if command == "verify" else ["replay", str(package), "--scenario", "x"]
    proc = limited_cli(*argv)
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert why in proc.stderr and "Traceback" not in proc.stderr, proc.stderr[-2000:]


def test_a_member_larger_than_the_manifest_says_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "liar.tar.gz"
    mbytes = manifest({BOMB: (10, "0" * 64)})
    with gzip.open(path, "wb") as gz, tarfile.open(fileobj=gz, mode="w|") as tar:
        for name, size, data in ((P.MANIFEST, len(mbytes), mbytes), (BOMB, 100 * 1024 * 1024, None)):
            info = tarfile.TarInfo(name)
            info.size = size
            tar.addfile(info, io.BytesIO(data) if data else Zeros(size))
    with pytest.raises(P.VerifyFailure) as e:
        P.open_package(path, max_member_bytes=1024)
    assert e.value.what == BOMB and "the manifest says 10 bytes" in e.value.message
