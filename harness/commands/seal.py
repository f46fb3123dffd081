"""The evidence subcommands of ``baccarat-conformance``: ``seal``, ``verify``, ``keygen``.

``baccarat-conformance seal OUT [--key KEY] [-o PACKAGE]``
    pack the whole record of the run in OUT into one archive with a SHA-256 manifest,
    signed with Ed25519 when ``--key`` is given (default ``OUT.evidence.tar.gz`` beside OUT).
``baccarat-conformance verify PACKAGE [--pubkey KEY]``
    check a package offline: every file against the manifest, the signature, and the
    matrix rebuilt from the packaged results log; then print the verdict summary.
``baccarat-conformance keygen KEY``
    make an Ed25519 key pair: KEY (private, PEM) and KEY.pub (public, PEM).

The work is done by :mod:`baccarat_conformance.reports.seal`; see docs/evidence.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable

__all__ = ["COMMANDS", "add_parsers"]

VERIFY_EPILOG = """\
exit status: 0 every file matches the manifest, the signature (if any) is valid and the
matrix rebuilt from the packaged results log equals the packaged matrix; 3 otherwise (the
first file or check that failed is named)."""


def add_parsers(sub: Any) -> None:
    """Add ``seal``, ``verify`` and ``keygen`` to the subparsers ``sub``."""
    from baccarat_conformance.reports.package_check import add_max_member_bytes

    se = sub.add_parser("seal", help="pack a run's reports, inputs and environment into one signed-manifest archive",
                        description="Write one .tar.gz holding the whole record of the run in OUT: the matrix, "
                                    "results.jsonl, junit.xml, session.json, the Allure results (with every "
                                    "exchange transcript) and report, the profile, attestation and waiver files, "
                                    "the regulation source texts, and the installed distributions' versions; "
                                    "manifest.json lists the SHA-256 of every file. See docs/evidence.md.",
                        epilog="exit status: 0 sealed; 3 the run folder, an input or the key is missing or "
                               "invalid, or a run is still writing the folder; 2 the package cannot be written.")
    se.add_argument("out", type=Path, metavar="OUT", help="the run's output folder (baccarat-conformance run --out)")
    se.add_argument("--key", type=Path, default=None, help="Ed25519 private key (PEM) to sign the manifest with")
    se.add_argument("-o", "--output", type=Path, default=None, metavar="PACKAGE",
                    help="the package to write (default: OUT.evidence.tar.gz beside OUT)")

    ve = sub.add_parser("verify", help="check a sealed evidence package offline and print its verdict",
                        description="Check every file of PACKAGE against its manifest and the manifest's "
                                    "signature, rebuild the clause matrix from the packaged results.jsonl and "
                                    "compare it with the packaged matrix, then print the verdict summary.",
                        epilog=VERIFY_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    ve.add_argument("package", type=Path, metavar="PACKAGE")
    ve.add_argument("--pubkey", type=Path, default=None,
                    help="the signer's public key (PEM) you trust; without it a signature is checked only "
                         "against the key the package carries")
    add_max_member_bytes(ve)

    kg = sub.add_parser("keygen", help="make an Ed25519 key pair for signing evidence packages",
                        description="Write KEY (Ed25519 private key, PEM, mode 0600) and KEY.pub (public key, "
                                    "PEM); never overwrites.",
                        epilog="exit status: 0 written; 3 a file exists or cannot be written.")
    kg.add_argument("key", type=Path, metavar="KEY")


def seal_command(args: argparse.Namespace) -> int:
    from baccarat_conformance.run.out_lock import held_by
    from baccarat_conformance.reports.seal import SealError, seal

    running = held_by(Path(args.out))
    if running:  # its results, matrix and reports are still being written: a package of them would be torn
        print(f"error: {args.out} is in use by a run that has not ended ({running}); seal it when the run ends",
              file=sys.stderr)
        return 3
    try:
        package, info = seal(args.out, args.output, args.key)
    except SealError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2 if "cannot write the package" in str(e) else 3
    signed = f"signed, key fingerprint {info['fingerprint']}" if info["signed"] else "unsigned"
    print(f"sealed {info['files']} files into {package} ({info['size']:,} bytes, {signed})")
    print(f"  manifest SHA-256: {info['manifest_sha256']} (record it apart from the package)")
    for what in info["missing"]:
        print(f"  not in the package: {what} (see its manifest)")
    return 0


def verify_command(args: argparse.Namespace) -> int:
    from baccarat_conformance.reports.package_check import VerifyFailure, one_line
    from baccarat_conformance.reports.seal import verify
    from baccarat_conformance.verdict.contract import EXIT_CODES

    try:
        rep = verify(args.package, args.pubkey, args.max_member_bytes)
    except VerifyFailure as e:  # a member's name is the package's text
        print(f"verify FAILED: {one_line(str(e))}", file=sys.stderr)
        return 3
    m, run = rep.manifest, rep.manifest.get("run") or {}
    lines = [f"package: {args.package}",
             f"sealed {m.get('created')} by {m.get('harness_version')}; run {run.get('started')} .. "
             f"{run.get('finished')}, as of {run.get('as_of')}, profile {run.get('profile')}, "
             f"adapter {run.get('adapter')}" + (f", game {run['game']}" if run.get("game") else ""),
             f"signature: {rep.signature}",
             f"manifest SHA-256: {rep.manifest_sha256}",
             f"files: all {rep.files} match the manifest",
             "matrix: the matrix rebuilt from run/results.jsonl equals run/matrix.json",
             *(f"note: {note}" for note in rep.notes),
             *(rep.matrix.get("totals_sentences") or {}).values()]
    v = rep.matrix.get("verdict") or {}
    code = v.get("exit_code")
    lines.append(f"verdict of the run: exit status {code}: {EXIT_CODES.get(code, '?')}"
                 + (f" — {'; '.join(v.get('reasons') or [])}" if v.get("reasons") else ""))
    for line in lines:  # every string but the status lines comes from the package: no control character passes
        print(one_line(line))
    print("verify: OK")
    return 0


def keygen_command(args: argparse.Namespace) -> int:
    from baccarat_conformance.reports.seal import SealError, keygen

    try:
        pub, fp = keygen(args.key)
    except (SealError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 3
    print(f"private key: {args.key} (keep it secret)\npublic key: {pub}\nfingerprint: {fp}")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "seal": seal_command, "verify": verify_command, "keygen": keygen_command}
