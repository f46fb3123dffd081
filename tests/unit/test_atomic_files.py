"""No file the harness writes is written through a planted link (issue 36, item 1).

``diff --out DIR`` wrote ``DIR/diff.json`` through a symbolic link planted there, into the
link's target. Every file the harness writes goes through ``atomic_files``: a whole file
by ``write_atomic`` (a temporary file made exclusively beside it, renamed over the link),
a log written as it goes by ``open_fresh`` (made the same way and renamed before the first
byte) or ``open_append`` (``O_NOFOLLOW``). The search below reads every module of the
installed package for any other way of writing a file; the ``diff --out`` case itself is
in tests/user/test_diff.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from baccarat_conformance.util import atomic_files

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

#: Ways of writing a file that follow a link planted at the target.
WRITERS = re.compile(r"""\.write_text\(|\.write_bytes\(|shutil\.copy\w*\(|\.savefig\(\s*(?!buf)"""
                     r"""|(?<![\w.])open\([^)]*["'][wa]b?\+?["']|\.open\(\s*["'][wa]""")


def _package_files() -> list[Path]:
    """Every module of every package the wheel installs (pyproject's package list: the
    subpackages are mapped from folders of their own)."""
    import importlib.util

    from tests.proofs.suite_runner import REPO

    with open(REPO / "pyproject.toml", "rb") as fh:
        packages = tomllib.load(fh)["tool"]["setuptools"]["packages"]
    seen: set[Path] = set()
    for name in packages:
        spec = importlib.util.find_spec(name)
        assert spec is not None, name
        for folder in spec.submodule_search_locations or ():  # a data-only folder holds no module
            seen.update(p.resolve() for p in Path(folder).glob("*.py"))
    assert len(seen) > 150, len(seen)
    return sorted(seen)


def test_no_module_writes_a_file_but_through_atomic_files():
    found = []
    for path in _package_files():
        if path.name == "atomic_files.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if WRITERS.search(line.split("#", 1)[0]):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert not found, "files written around atomic_files (a planted link is written through):\n" + "\n".join(found)


def test_the_search_finds_the_writers_it_forbids():
    for line in ('path.write_text(text, encoding="utf-8")', "(out / name).write_bytes(png)",
                 'with open(out / "pytest.log", "w", encoding="utf-8") as fh:', 'open(p, "a")',
                 "shutil.copyfile(a, b)", 'path.open("w")'):
        assert WRITERS.search(line), line
    for line in ('tarfile.open(fileobj=gz, mode="r:gz")', 'open(key, "xb")', 'path.read_text()', "open(p)"):
        assert not WRITERS.search(line), line


@pytest.mark.parametrize("how", ["write_atomic", "open_fresh"])
def test_a_planted_link_is_replaced_not_written_through(tmp_path: Path, how: str):
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    link = tmp_path / "out.log"
    link.symlink_to(victim)
    if how == "write_atomic":
        atomic_files.write_atomic(link, "written\n")
    else:
        with atomic_files.open_fresh(link) as fh:
            fh.write("written\n")
    assert victim.read_text() == "precious\n"
    assert not link.is_symlink() and link.read_text() == "written\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.log", "victim"]  # no temporary file left


def test_an_append_refuses_a_planted_link(tmp_path: Path):
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "results.jsonl").symlink_to(victim)
    with pytest.raises(OSError):
        atomic_files.open_append(tmp_path / "results.jsonl")
    assert victim.read_text() == "precious\n"
    with atomic_files.open_append(tmp_path / "new.jsonl") as fh:
        fh.write("{}\n")
    with atomic_files.open_append(tmp_path / "new.jsonl") as fh:
        fh.write("{}\n")
    assert (tmp_path / "new.jsonl").read_text() == "{}\n{}\n"
