"""The one TOML line locator (harness/util/tomlfile.py) that profile, disposition,
attestation and waiver errors are located with."""

from __future__ import annotations

import pytest

from baccarat_conformance.util.tomlfile import TomlFileError, key_lines, line_of, read_entries, read_text

TEXT = '''\
top = 1
[[entry]]
clause = "a"
"quoted.key" = 2
dotted.key = 3
text = """
fake = 4
"""
[entry.sub]
inner = 5
[[entry]]
clause = [
  "b",
]
after = 6
[[entry.nested]]
deep = 7
[table.part]  # a comment
leaf = 'x'
'''


def test_every_table_and_key_is_located_by_path() -> None:
    lines = key_lines(TEXT)
    assert lines == {
        ("top",): 1,
        ("entry",): 2, ("entry", 0): 2, ("entry", 0, "clause"): 3, ("entry", 0, "quoted.key"): 4,
        ("entry", 0, "dotted"): 5, ("entry", 0, "dotted", "key"): 5, ("entry", 0, "text"): 6,
        ("entry", 0, "sub"): 9, ("entry", 0, "sub", "inner"): 10,
        ("entry", 1): 11, ("entry", 1, "clause"): 12, ("entry", 1, "after"): 15,
        ("entry", 1, "nested"): 16, ("entry", 1, "nested", 0): 16, ("entry", 1, "nested", 0, "deep"): 17,
        ("table",): 18, ("table", "part"): 18, ("table", "part", "leaf"): 19,
    }


def test_a_missing_key_is_located_at_its_nearest_parent() -> None:
    lines = key_lines(TEXT)
    assert line_of(lines, ("entry", 1, "missing")) == 11
    assert line_of(lines, ("entry", 0, "sub", "missing")) == 9
    assert line_of(lines, ("nowhere",)) is None
    assert line_of(lines, ("nowhere",), 1) == 1


def test_read_entries_locates_each_entry_and_key() -> None:
    doc, entries, top_keys = read_entries(TEXT)
    first, second = entries
    assert (first.line, first.line_of("clause"), first.line_of("text"), first.line_of("missing")) == (2, 3, 6, 2)
    assert (second.line, second.line_of("after")) == (11, 15)
    assert top_keys == {"top": 1, "entry": 2, "table": 18}
    with pytest.raises(TomlFileError) as e:
        read_entries(TEXT.replace("after = 6", "after = "))
    assert e.value.line == 15


def test_read_text_names_the_line_that_is_not_utf8(tmp_path) -> None:
    good = tmp_path / "good.toml"
    good.write_bytes(b"a = 1\r\nb = 'caf\xc3\xa9'\r\n")
    assert read_text(good) == "a = 1\nb = 'café'\n"
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"a = 1\nb = 'caf\xe9'\n")
    with pytest.raises(TomlFileError, match=r"not UTF-8 text \(line 2, byte 14: b'\\xe9'\)") as e:
        read_text(bad)
    assert e.value.line == 2
