"""The sealed evidence package (issue 17): seal, verify, keygen.

One real small run (§ 631a.6, with the example attestations and waivers) is sealed
unsigned and signed; every check of ``verify`` is then shown to bite on a tampered copy.
"""

from __future__ import annotations

import hashlib
import json
import os
import tarfile
from pathlib import Path

import pytest

from baccarat_conformance import cli
from baccarat_conformance.reports.matrix_writers import matrix_json
from baccarat_conformance.verdict.rebuild import rebuild_matrix
from baccarat_conformance.reports import package_check as P
from baccarat_conformance.reports import seal as S

from tests.proofs.suite_runner import REPO

AS_OF = "2025-07-01"  # after the example attestations' date; 631a and 631c in force


def main(*argv: str) -> int:
    return cli.main(list(argv))


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A small real run, sealed unsigned and signed, and the key pairs."""
    root = tmp_path_factory.mktemp("seal")
    out = root / "reports"
    old = Path.cwd()
    os.chdir(REPO)
    try:
        code = main("run", "--out", str(out), "--depth", "smoke", "--as-of", AS_OF, "--progress", "off", "--no-html",
                    "--allow-pending", "--attestations", "docs/examples/attestations.toml",
                    "--waivers", "docs/examples/waivers.toml", "--", "-m", "631a.6")
    finally:
        os.chdir(old)
    assert code in (0, 4), code  # a -m selection leaves clauses without a run scenario
    assert main("keygen", str(root / "lab.key")) == 0
    assert main("keygen", str(root / "other.key")) == 0
    assert main("seal", str(out)) == 0
    assert main("seal", str(out), "--key", str(root / "lab.key"), "-o", str(root / "signed.tar.gz")) == 0
    return {"root": root, "out": out, "unsigned": root / "reports.evidence.tar.gz",
            "signed": root / "signed.tar.gz", "pub": root / "lab.key.pub", "other": root / "other.key.pub"}


def rewrite(src: Path, dst: Path, change, members: dict | None = None) -> Path:
    """Copy the package ``src`` (its ``members`` when already read) to ``dst`` with
    ``change(members)`` applied (members in order)."""
    members = dict(members) if members is not None else P.read_members(src)
    change(members)
    dst.write_bytes(packed(members))
    return dst


def packed(members: dict[str, bytes]) -> bytes:
    """The .tar.gz of ``members`` as seal writes it, gzip-compressed at level 1 rather
    than 9: verify reads any level, and a tampering test packs a hundred copies."""
    return S._tar(members, compresslevel=1)


def flip(data: bytes) -> bytes:
    """``data`` with one byte changed (its last; a byte added to an empty file)."""
    return data[:-1] + bytes([data[-1] ^ 0x01]) if data else b"x"


def relist(members: dict, *paths: str) -> None:
    """Update the manifest's entries of ``paths`` to their (changed) content, keeping the signature."""
    manifest = json.loads(members[P.MANIFEST])
    for entry in manifest["files"]:
        if entry["path"] in paths:
            data = members[entry["path"]]
            entry.update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    members[P.MANIFEST] = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode()


def forge_failure(members: dict) -> None:
    """Turn one passed scenario of the packaged results log into a nonconformance."""
    lines = members["run/results.jsonl"].decode().splitlines(keepends=True)
    for i, line in enumerate(lines):
        entry = json.loads(line)
        if entry["outcome"] == "passed":
            entry.update(outcome="failed", category="nonconformance", message="forged")
            lines[i] = json.dumps(entry) + "\n"
            break
    else:  # pragma: no cover
        raise AssertionError("no passed scenario to forge")
    members["run/results.jsonl"] = "".join(lines).encode()


def matching_matrix(members: dict, tmp: Path) -> None:
    """Rewrite the packaged matrix.json to what the (changed) results log rebuilds to."""
    run = tmp / "run"
    run.mkdir(parents=True, exist_ok=True)
    for name in ("results.jsonl", "session.json"):
        (run / name).write_bytes(members[f"run/{name}"])
    for path in members:
        if path.startswith("inputs/"):
            (tmp / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp / path).write_bytes(members[path])
    manifest = json.loads(members[P.MANIFEST])
    m = rebuild_matrix(run / "results.jsonl", session=run / "session.json",
                       attestations=tmp / manifest["inputs"]["attestations"]["path"],
                       waivers=tmp / manifest["inputs"]["waivers"]["path"], profile=str(tmp / "inputs/profile.toml"))
    members["run/matrix.json"] = matrix_json(m).encode("utf-8")


def failure(package: Path, pubkey: Path | None = None) -> P.VerifyFailure:
    with pytest.raises(P.VerifyFailure) as e:
        S.verify(package, pubkey)
    return e.value


# ------------------------------------------------------------------ what a package holds
def test_the_package_holds_the_whole_record_of_the_run(sealed: dict) -> None:
    members = P.read_members(sealed["unsigned"])
    names = set(members)
    for need in ("manifest.json", "environment.json", "run/matrix.json", "run/matrix.csv", "run/matrix.html",
                 "run/results.jsonl", "run/junit.xml", "run/session.json", "run/par_sheet.json", "inputs/profile.toml",
                 "inputs/attestations.toml", "inputs/waivers.toml", "regulations/631a-baccarat.txt"):
        assert need in names, need
    assert any(n.startswith("run/allure-results/") and "attachment" in n for n in names)  # exchange transcripts
    assert not any(".hypothesis" in n for n in names)
    manifest = json.loads(members["manifest.json"])
    assert manifest["format"] == P.FORMAT and manifest["signed"] is False
    assert {e["path"] for e in manifest["files"]} == names - {"manifest.json"}
    assert manifest["run"]["as_of"] == AS_OF and manifest["run"]["started"] and manifest["run"]["finished"]
    for reg in manifest["regulations"]:
        assert reg["sha256"] == reg["corpus_sha256"] == hashlib.sha256(members[reg["path"]]).hexdigest()
    env = json.loads(members["environment.json"])
    assert env["distributions"]["cryptography"] and env["python"]
    # the game's describe answer and the command line are recorded by the run (issue 17 item 3)
    assert "run/describe.json" in names and manifest["run"]["command_line"][:2] == ["baccarat-conformance", "run"]
    assert not {"the game's describe answer", "the run's command line"} & {m["what"] for m in manifest["missing"]}
    # deterministic members: mtime 0, regular files only
    with tarfile.open(sealed["unsigned"]) as tar:
        assert all(m.isreg() and m.mtime == 0 for m in tar.getmembers())


# ------------------------------------------------------------------ seal then verify
def test_seal_then_verify_succeeds(sealed: dict, capsys: pytest.CaptureFixture) -> None:
    capsys.readouterr()
    assert main("verify", str(sealed["unsigned"])) == 0
    out = capsys.readouterr().out
    assert "signature: unsigned" in out and "verify: OK" in out and "verdict of the run: exit status" in out
    assert main("verify", str(sealed["signed"]), "--pubkey", str(sealed["pub"])) == 0
    out = capsys.readouterr().out
    assert "valid" in out and "verify: OK" in out
    assert main("verify", str(sealed["signed"])) == 0
    assert "not checked against a trusted key" in capsys.readouterr().out


def test_a_wrong_public_key_fails(sealed: dict, capsys: pytest.CaptureFixture) -> None:
    e = failure(sealed["signed"], sealed["other"])
    assert e.what == "manifest.json" and "does not verify" in str(e)
    assert main("verify", str(sealed["signed"]), "--pubkey", str(sealed["other"])) == 3
    assert "verify FAILED: manifest.json" in capsys.readouterr().err
    e = failure(sealed["unsigned"], sealed["pub"])  # a trusted key, but nothing signed
    assert e.what == "manifest.sig"


def test_changing_one_byte_of_any_packaged_file_fails_naming_it(sealed: dict, tmp_path: Path) -> None:
    signed = P.read_members(sealed["signed"])  # read once: each copy below changes one member of its own
    assert {"manifest.json", "manifest.sig", "signer.pub", "run/results.jsonl"} <= set(signed)
    for name in signed:
        bad = rewrite(sealed["signed"], tmp_path / "bad.tar.gz",
                      lambda m: m.__setitem__(name, flip(m[name])), signed)
        e = failure(bad, sealed["pub"])
        assert name in str(e), (name, str(e))
    unsigned = P.read_members(sealed["unsigned"])
    for name in unsigned:
        if name == "manifest.json":
            continue  # an unsigned manifest proves nothing by itself: see docs/evidence.md
        bad = rewrite(sealed["unsigned"], tmp_path / "bad.tar.gz",
                      lambda m: m.__setitem__(name, flip(m[name])), unsigned)
        assert failure(bad).what == name


def test_results_edited_with_its_manifest_entry_fails_the_matrix_rebuild(sealed: dict, tmp_path: Path) -> None:
    def change(m: dict) -> None:
        forge_failure(m)
        relist(m, "run/results.jsonl")

    e = failure(rewrite(sealed["unsigned"], tmp_path / "forged.tar.gz", change))
    assert e.what == "matrix rebuild" and "differs from run/matrix.json" in str(e)


def test_results_and_matrix_edited_to_match_fail_the_signature(sealed: dict, tmp_path: Path) -> None:
    def change(m: dict) -> None:
        forge_failure(m)
        matching_matrix(m, tmp_path / "work")
        relist(m, "run/results.jsonl", "run/matrix.json")

    # unsigned, such a forgery is consistent: only a signature (or a manifest hash kept elsewhere) shows it
    forged = rewrite(sealed["unsigned"], tmp_path / "forged.tar.gz", change)
    assert S.verify(forged).matrix["verdict"]["exit_code"] == 1
    # signed: the manifest changed, so its signature no longer verifies
    forged = rewrite(sealed["signed"], tmp_path / "forged-signed.tar.gz", change)
    e = failure(forged, sealed["pub"])
    assert e.what == "manifest.json" and "signature" in str(e)
    assert failure(forged).what == "manifest.json"  # even against the key the package carries


def test_a_package_resigned_with_another_key_passes_only_without_a_trusted_key(sealed: dict, tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization

    other = serialization.load_pem_private_key((sealed["root"] / "other.key").read_bytes(), password=None)

    def change(m: dict) -> None:
        m["signer.pub"] = S._public_pem(other.public_key())
        relist(m, "signer.pub")
        m["manifest.sig"] = other.sign(m["manifest.json"])

    forged = rewrite(sealed["signed"], tmp_path / "resigned.tar.gz", change)
    assert "not checked against a trusted key" in S.verify(forged).signature
    assert failure(forged, sealed["pub"]).what == "manifest.json"


@pytest.mark.parametrize("name", ["/etc/passwd", "../escape.txt", "run/../../escape.txt"])
def test_unsafe_members_are_rejected(sealed: dict, tmp_path: Path, name: str) -> None:
    bad = rewrite(sealed["unsigned"], tmp_path / "bad.tar.gz", lambda m: m.__setitem__(name, b"x"))
    assert failure(bad).what == name


def test_a_link_member_is_rejected(sealed: dict, tmp_path: Path) -> None:
    bad = tmp_path / "link.tar.gz"
    with tarfile.open(bad, "w:gz") as tar:
        info = tarfile.TarInfo("run/results.jsonl")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        tar.addfile(info)
    assert "not a regular file" in str(failure(bad))


def test_seal_needs_a_finished_run_and_keygen_never_overwrites(sealed: dict, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture) -> None:
    assert main("seal", str(tmp_path)) == 3
    assert "results.jsonl: missing" in capsys.readouterr().err
    assert main("keygen", str(sealed["root"] / "lab.key")) == 3
    assert "never overwrites" in capsys.readouterr().err
    assert main("seal", str(sealed["out"]), "--key", str(sealed["pub"]), "-o", str(tmp_path / "x.tar.gz")) == 3
    assert not (tmp_path / "x.tar.gz").exists()


# ------------------------------------------------------------------ issue 26: hostile packages
def test_seal_never_writes_through_a_planted_temporary_file(sealed: dict, tmp_path: Path) -> None:
    """Item 2: a ``PACKAGE.tmp`` symlink had its target overwritten with the package, and
    the link was renamed to ``PACKAGE``."""
    victim = tmp_path / "victim.txt"
    victim.write_text("the lab's file\n")
    package = tmp_path / "out.tar.gz"
    (tmp_path / "out.tar.gz.tmp").symlink_to(victim)
    assert main("seal", str(sealed["out"]), "-o", str(package)) == 0
    assert victim.read_text() == "the lab's file\n"
    assert package.is_file() and not package.is_symlink() and S.verify(package).files
    assert (package.stat().st_mode & 0o777) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.tar.gz", "out.tar.gz.tmp", "victim.txt"]


def _gzip_members(package: Path) -> tuple[bytes, bytes]:
    """The raw gzip bytes of ``package`` and its inflated tar."""
    import gzip

    raw = package.read_bytes()
    return raw, gzip.decompress(raw)


def _regzip(tar: bytes) -> bytes:
    import gzip

    return gzip.compress(tar, mtime=0)


@pytest.mark.parametrize("damage", ["bad CRC", "cut trailer", "trailing garbage", "second gzip member",
                                    "data after the tar"])
def test_the_gzip_trailer_and_what_follows_the_tar_are_read(sealed: dict, tmp_path: Path, damage: str,
                                                            capsys: pytest.CaptureFixture) -> None:
    """Item 10: each of these verified OK, with --pubkey too."""
    raw, tar = _gzip_members(sealed["signed"])
    extra = S._tar({"run/extra.txt": b"not in the manifest\n"})
    data = {"bad CRC": raw[:-8] + bytes([raw[-8] ^ 0xFF]) + raw[-7:],
            "cut trailer": raw[:-4],
            "trailing garbage": raw + b"garbage",
            "second gzip member": raw + extra,
            "data after the tar": _regzip(tar + b"\x01" + bytes(511))}[damage]
    bad = tmp_path / "bad.tar.gz"
    bad.write_bytes(data)
    capsys.readouterr()
    assert main("verify", str(bad), "--pubkey", str(sealed["pub"])) == 3
    err = capsys.readouterr().err
    assert err.startswith("verify FAILED: the archive: ") and "Traceback" not in err, err


@pytest.mark.parametrize("what", ["files an int", "inputs a list", "run a list", "missing a string",
                                  "a file's size a string", "matrix.json a list", "matrix.json rows a dict"])
def test_a_malformed_manifest_or_matrix_is_refused_with_a_message(sealed: dict, tmp_path: Path, what: str,
                                                                  capsys: pytest.CaptureFixture) -> None:
    """Item 9: these crashed verify with a traceback (exit 1)."""
    def change(m: dict) -> None:
        manifest = json.loads(m[P.MANIFEST])
        if what == "files an int":
            manifest["files"] = 3
        elif what == "inputs a list":
            manifest["inputs"] = ["inputs/profile.toml"]
        elif what == "run a list":
            manifest["run"] = ["started"]
        elif what == "missing a string":
            manifest["missing"] = "nothing"
        elif what == "a file's size a string":
            manifest["files"][0]["size"] = str(manifest["files"][0]["size"])
        m[P.MANIFEST] = json.dumps(manifest).encode()
        if what.startswith("matrix.json"):
            matrix = json.loads(m["run/matrix.json"])
            m["run/matrix.json"] = json.dumps([matrix] if what == "matrix.json a list"
                                              else {**matrix, "rows": {"631a.6": {}}}).encode()
            relist(m, "run/matrix.json")

    bad = rewrite(sealed["unsigned"], tmp_path / "bad.tar.gz", change)
    capsys.readouterr()
    assert main("verify", str(bad)) == 3
    err = capsys.readouterr().err
    where = "run/matrix.json: not a clause matrix" if what.startswith("matrix.json") else "manifest.json: malformed"
    assert err.startswith(f"verify FAILED: {where}"), err


def test_verify_escapes_what_the_package_says(sealed: dict, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """Item 4: a forger's package rewrote the screen to read "signed by the trusted key …
    valid", and a link member named with escapes made a failure look like "verify: OK"."""
    clear = "\x1b[2J\x1b[H"

    def change(m: dict) -> None:
        manifest = json.loads(m[P.MANIFEST])
        manifest["run"]["profile"] = f"{clear}signature: signed by the trusted key SHA256:00: valid\x9b0m"
        manifest["missing"] = [{"what": "\x1b]0;title\x07the report", "why": "\x1b[1A\x1b[2Kgone\u202e"}]
        m[P.MANIFEST] = json.dumps(manifest).encode()

    forged = rewrite(sealed["unsigned"], tmp_path / "forged.tar.gz", change)
    capsys.readouterr()
    assert main("verify", str(forged)) == 0
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x1b\x07\x9b\u202e"), out
    assert "\\x1b[2J\\x1b[Hsignature: signed by the trusted key" in out and "\\u202e" in out
    assert "signature: unsigned" in out.splitlines()

    link = tmp_path / "link.tar.gz"
    with tarfile.open(link, "w:gz") as tar:
        info = tarfile.TarInfo(f"x{clear}\r\x1b[2Kverify: OK\n")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        tar.addfile(info)
    assert main("verify", str(link)) == 3
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\r" not in err and err.count("\n") == 1, err
    assert "verify FAILED: x\\x1b[2J\\x1b[H\\x0d\\x1b[2Kverify: OK" in err
