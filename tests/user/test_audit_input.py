"""The audit's input: bad input is a finding with its file and line, counted, and the
audit goes on; the CSV reader and a third-party reader plugin (tests/games/acme_records, an
installed distribution with an entry point) give the same verdict as the JSON Lines."""

from __future__ import annotations

import csv
import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from baccarat_conformance.audit.engine import Task, audit_partition, entries_of
from baccarat_conformance.audit.readers import JsonLinesReader, bounded_lines
from baccarat_conformance.audit.recorder import record_rounds
from baccarat_conformance.audit.tally import KEEP
from baccarat_conformance.inputs.profile import load_profile
from baccarat_conformance.verdict.rebuild import load_context

ROOT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "baccarat_conformance"]
AS_OF = "2026-01-10"


@pytest.fixture(scope="module")
def lines(tmp_path_factory) -> list[dict]:
    path = tmp_path_factory.mktemp("rec") / "r.jsonl"
    record_rounds(path, profile="baccarat", shoes=1, seed=2)
    return [json.loads(x) for x in path.read_text().splitlines()]


def _dump(rec: dict) -> str:
    return json.dumps(rec, separators=(",", ":"))


def test_every_kind_of_bad_input_is_a_finding_with_its_line_and_the_audit_goes_on(lines, tmp_path):
    good, second, third = lines[0], lines[1], lines[2]
    unknown = json.loads(_dump(second))
    unknown["player"]["cards"][0] = "1X"
    contradicting = json.loads(_dump(third))
    contradicting["cards"][0]["card"] = "KS" if contradicting["cards"][0]["card"] != "KS" else "QS"
    early = {**lines[3], "timestamp": "2026-01-05T17:00:00Z"}  # before the shoe's previous rounds
    text = [_dump(good), "{not json", _dump(unknown), _dump(contradicting), _dump(good),
            _dump(early), json.dumps({"round_id": "x" * 50_000}), _dump(lines[4]), "[1, 2]"]
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(text) + "\n")
    whole = gzip.compress(("\n".join(_dump(x) for x in lines[5:9]) + "\n").encode())
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole[:len(whole) * 2 // 3])  # a truncated gzip stream
    out = tmp_path / "out"
    proc = subprocess.run([*CLI, "audit", str(path), str(cut), "--profile", "baccarat", "--as-of", AS_OF,
                           "--max-line-bytes", "20000", "--allow-pending", "--out", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 4, proc.stdout + proc.stderr  # incomplete: findings in the input
    assert "finding(s) in the audit's input" in proc.stdout
    entries = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    bad = next(e for e in entries if e["nodeid"] == "audit::input")
    where = {(f["file"], f["line"]): f["kind"] for f in bad["findings"]}
    assert where[(str(path), 2)] == "malformed line"
    assert where[(str(path), 3)] == "unknown card"
    assert where[(str(path), 4)] == "self-contradicting record"
    assert where[(str(path), 5)] == "repeated round"
    assert where[(str(path), 6)] == "out-of-order round"
    assert where[(str(path), 7)] == "oversized line"
    assert where[(str(path), 9)] == "malformed line"
    assert "truncated gzip" in {k for (f, _), k in where.items() if f == str(cut)}
    assert bad["counts"]["malformed line"] == 2 and bad["findings_count"] == sum(bad["counts"].values())
    session = json.loads((out / "session.json").read_text())
    assert session["input_findings"] == bad["findings_count"]
    # the audit went on: the good rounds (and the out-of-order one, judged) were judged, and a
    # whole line of the truncated file before the cut
    assert session["audit"]["rounds"] >= 4
    matrix = json.loads((out / "matrix.json").read_text())
    assert not [r for r in matrix["rows"] if r["result"] == "fail"]


def test_the_findings_kept_in_full_are_bounded_and_all_are_counted(tmp_path):
    path = tmp_path / "junk.jsonl"
    path.write_text("nope\n" * (KEEP + 30))
    tally = audit_partition(Task(str(path), "baccarat", as_of=AS_OF))
    assert tally.bad["malformed line"] == KEEP + 30 and len(tally.bad_findings) == KEEP


def test_an_oversized_line_is_never_held_whole():
    import io

    class Counting(io.BytesIO):
        biggest = 0

        def read(self, n=-1):
            block = super().read(n)
            Counting.biggest = max(Counting.biggest, len(block))
            return block

    stream = Counting(b"a" * 5_000_000 + b"\nok\n")
    got = list(bounded_lines(stream, 4096, chunk=65536))
    assert got[0][1] is None and got[0][2].startswith("oversized") and got[1] == (2, b"ok", None)
    assert Counting.biggest <= 65536


CSV_COLUMNS = ["table_id", "shoe_id", "timestamp", "round_id", "status", "shoe", "player_cards", "banker_cards",
               "player_point_count", "banker_point_count", "player_natural", "banker_natural", "winner"]


def _csv(lines: list[dict], path: Path) -> None:
    width = max(len(x["wagers"]) for x in lines)
    cols = CSV_COLUMNS + [f"wager{n}_{k}" for n in range(1, width + 1)
                          for k in ("id", "seat", "type", "hand", "amount", "result", "paid", "vigorish")]
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(cols)
        for x in lines:
            row = [x["table_id"], x["shoe_id"], x["timestamp"], x["round_id"], x["status"], x.get("shoe", ""),
                   " ".join(x["player"]["cards"]), " ".join(x["banker"]["cards"]), x["player"]["point_count"],
                   x["banker"]["point_count"], str(x["player"]["natural"]).lower(),
                   str(x["banker"]["natural"]).lower(), x.get("winner", "")]
            for wg in x["wagers"]:
                row += [wg["wager_id"], wg["seat"], wg["wager_type"], wg.get("hand", ""), wg["amount"], wg["result"],
                        wg["paid"], wg.get("vigorish", "")]
            row += [""] * (len(cols) - len(row))
            w.writerow(row)


def _acme(lines: list[dict], path: Path) -> None:
    from xml.sax.saxutils import quoteattr

    out = []
    for x in lines:
        hands = "".join(f'<hand name="{h}" count="{x[h]["point_count"]}" natural="{str(x[h]["natural"]).lower()}">'
                        f'{" ".join(x[h]["cards"])}</hand>' for h in ("player", "banker"))
        wagers = "".join("<wager " + " ".join(f"{k}={quoteattr(str(v))}" for k, v in (
            ("id", w["wager_id"]), ("seat", w["seat"]), ("type", w["wager_type"]), ("amount", w["amount"]),
            ("result", w["result"]), ("paid", w["paid"]), ("vigorish", w.get("vigorish", "0.00")))
            + ((("hand", w["hand"]),) if w.get("hand") else ())) + "/>" for w in x["wagers"])
        out.append(f'<round table="{x["table_id"]}" shoe="{x["shoe_id"]}" time="{x["timestamp"]}" '
                   f'id="{x["round_id"]}" winner="{x["winner"]}" state="{x.get("shoe", "in_play")}">{hands}{wagers}'
                   '</round>')
    path.write_text("\n".join(out) + "\n")


def _verdict(out: Path) -> dict[str, str]:
    return {r["id"]: (r["result"], r["result_detail"]) for r in json.loads((out / "matrix.json").read_text())["rows"]}


def _judged(out: Path) -> dict:
    """Each clause's result, rounds judged and nonconforming round ids (the file's lines differ by format)."""
    rows = {r["id"]: r["result"] for r in json.loads((out / "matrix.json").read_text())["rows"]}
    entries = [json.loads(x) for x in (out / "results.jsonl").read_text().splitlines()]
    return {"rows": rows, "judged": {e["nodeid"]: e.get("judged") for e in entries},
            "rounds": {e["nodeid"]: [f["round_id"] for f in e.get("findings", ())] for e in entries}}


def test_the_csv_reader_and_a_reader_plugin_give_the_verdict_of_the_json_lines(tmp_path):
    rec = tmp_path / "tie.jsonl"
    record_rounds(rec, game="tests.games.broken_games_631a:tie_pays_9_to_1", profile="baccarat", shoes=1, seed=4)
    lines = [json.loads(x) for x in rec.read_text().splitlines()]
    # what a flat export holds: no dealt-card list, no events, no burn (the CSV's optional burned column left empty)
    plain = tmp_path / "plain.jsonl"
    plain.write_text("".join(_dump({**{k: v for k, v in x.items() if k not in ("events", "announcements", "burned")},
                                    "cards": []}) + "\n" for x in lines))
    _csv(lines, tmp_path / "rounds.csv")
    _acme(lines, tmp_path / "rounds.acme.xml")
    # the plugin, installed as pip installs a distribution: its metadata on sys.path
    site = tmp_path / "site"
    info = site / "acme_records-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-records\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[baccarat_conformance.record_readers]\nacme = acme_records:AcmeXmlReader\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "tests" / "games" / "acme_records"), str(ROOT)])}
    verdicts = {}
    for name, src in (("jsonl", plain), ("csv", tmp_path / "rounds.csv"), ("acme", tmp_path / "rounds.acme.xml")):
        out = tmp_path / f"out-{name}"
        proc = subprocess.run([*CLI, "audit", str(src), "--profile", "baccarat", "--as-of", AS_OF, "--out", str(out)],
                              capture_output=True, text=True, env=env, timeout=600)
        assert proc.returncode == 1, proc.stdout + proc.stderr
        verdicts[name] = _judged(out)
    assert verdicts["jsonl"]["rows"]["631a.13(b)"] == "fail"
    assert verdicts["jsonl"]["rounds"]["audit::631a.13(b)"]
    assert verdicts["csv"] == verdicts["jsonl"]
    assert verdicts["acme"] == verdicts["jsonl"]


def test_a_reader_that_raises_ends_its_file_with_a_finding(tmp_path):
    class Broken(JsonLinesReader):
        def read(self, path, max_line_bytes):
            yield from list(super().read(path, max_line_bytes))[:1]
            raise RuntimeError("vendor bug")

    from baccarat_conformance.audit import engine

    path = tmp_path / "x.jsonl"
    path.write_text('{"round_id": "a", "cards": []}\n{}\n')
    got = list(engine._guarded(Broken(), path, 4096))
    assert got[-1].problem and "vendor bug" in got[-1].problem and got[-1].line == 2


def test_inputs_are_files_folders_and_globs_each_once(tmp_path):
    from baccarat_conformance.audit.readers import expand_inputs, load_readers
    from baccarat_conformance.judging.errors import ConfigurationError

    (tmp_path / "d" / "e").mkdir(parents=True)
    for p in ("d/a.jsonl", "d/e/b.jsonl.gz", "d/notes.txt", "c.csv"):
        (tmp_path / p).write_text("")
    readers = load_readers()
    got = expand_inputs([str(tmp_path / "d"), str(tmp_path / "*.csv"), str(tmp_path / "d" / "a.jsonl")], readers)
    assert [p.name for p in got] == ["a.jsonl", "b.jsonl.gz", "c.csv"]
    with pytest.raises(ConfigurationError, match="no recorded rounds"):
        expand_inputs([str(tmp_path / "missing.jsonl")], readers)
    assert {"jsonl", "csv"} <= set(readers)  # the shipped readers, by their entry points


def test_a_clause_no_round_shows_is_not_judgeable_and_keeps_the_exit_status_incomplete(lines, tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text("".join(_dump(x) + "\n" for x in lines))
    out = tmp_path / "o"
    proc = subprocess.run([*CLI, "audit", str(path), "--profile", "baccarat", "--as-of", AS_OF, "--out", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 4 and "not judgeable from records" in proc.stdout, proc.stdout + proc.stderr
    rows = _verdict(out)
    assert rows["631a.5(c)"][0] == "not_judgeable" and rows["631a.11(b)(1)"][0] == "pass"
    ctx = load_context()
    entries = entries_of(audit_partition(Task(str(path), "baccarat", as_of=AS_OF)), load_profile("baccarat"), ctx)
    assert not [e for e in entries if e.get("category") == "not judgeable" and e["outcome"] == "passed"]
