"""``baccarat-conformance clauses --explain ID``: where a clause is judged, in one answer.

For one clause of the corpus: its text, its scenarios (feature file and line), the step
functions those scenarios run (module, line, function), the oracle rule (the functions of
``oracle/`` whose docstring cites the clause, or its nearest cited ancestor, or that
return its id), and the broken games that prove its checks can fail.

The broken games live in the source checkout's ``tests/`` folder (tests/proofs/registry.py: each
declares with ``@breaks`` the clauses it must fail), which the wheel does not ship; the
test suite writes their index into the package (``corpus/proofs.json``, kept current by a
test), which this reads: the product never imports its tests, and a lab that only installed
the harness gets the proofs too, with where they live. A CLI subcommand rather than a
generated page: it answers for the features folder given (``--features``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

__all__ = ["Explanation", "explain", "explain_command", "render_text", "checkout_root"]

_CITE = re.compile(r"§§?\s*(\d{3}[a-z]\.\d+(?:\([0-9A-Za-z]+\))*)")


@dataclass
class Explanation:
    """Everything ``--explain`` says of one clause. ``where`` strings are ``path:line``
    (paths relative to the checkout, or to the installed package)."""

    clause: str
    text: str
    disposition: str
    detail: str
    scenarios: list[dict] = field(default_factory=list)  # {"where", "name"}
    steps: list[dict] = field(default_factory=list)  # {"where", "function", "phrase", "scenarios"}
    oracle: list[dict] = field(default_factory=list)  # {"where", "function", "cites"}
    proofs: Optional[list[dict]] = None  # {"where", "game", "profile", "fails"}; None: no checkout
    proofs_note: str = ""


def _package_root() -> Path:
    import baccarat_conformance

    return Path(baccarat_conformance.__file__).resolve().parent


def checkout_root() -> Optional[Path]:
    """The source checkout the harness runs from (an editable install), or None for an
    installed wheel: the folder holding ``pyproject.toml`` and ``tests/``."""
    root = _package_root().parent
    return root if (root / "pyproject.toml").is_file() and (root / "tests").is_dir() else None


def _rel(path: str | Path) -> str:
    path = Path(path).resolve()
    for base in (checkout_root(), _package_root().parent):
        if base is not None and path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return str(path)


def _base_id(clause: str) -> str:
    """``631a.13(e)[table]@current-through-…`` → ``631a.13(e)``."""
    return re.split(r"[\[@]", clause, maxsplit=1)[0]


def _ancestors(clause: str) -> list[str]:
    out = [clause]
    while "(" in out[-1]:
        out.append(out[-1][:out[-1].rindex("(")])
    return out


# ---------------------------------------------------------------- steps
def _step_definitions() -> list[Any]:
    """The pytest-bdd step definitions of the suite: ``StepFunctionContext`` objects."""
    from baccarat_conformance.compat import step_function_context

    from baccarat_conformance.steps import STEP_MODULES

    out = []
    for name in STEP_MODULES:
        for value in vars(importlib.import_module(name)).values():
            unwrap = getattr(value, "_get_wrapped_function", None)  # the fixture pytest-bdd made of a step
            context = step_function_context(unwrap()) if unwrap else None
            if context is not None and context not in out:
                out.append(context)
    return out


def _scenario_steps(path: Path, line: int) -> list[tuple[str, str]]:
    """(type, text) of each step the scenario at ``line`` of ``path`` runs, its
    Background's first; an outline's ``<name>`` filled from its first Examples row."""
    from gherkin.parser import Parser

    feature = Parser().parse(path.read_text(encoding="utf-8")).get("feature") or {}

    def walk(children: list, background: list) -> Optional[list[tuple[str, str]]]:
        for child in children:
            if "background" in child:
                background = background + child["background"]["steps"]
            elif "rule" in child:
                found = walk(child["rule"].get("children", []), background)
                if found is not None:
                    return found
            elif "scenario" in child and child["scenario"]["location"]["line"] == line:
                sc = child["scenario"]
                values: dict[str, str] = {}
                for ex in sc.get("examples", []):
                    if ex.get("tableBody"):
                        head = [c["value"] for c in ex["tableHeader"]["cells"]]
                        values = dict(zip(head, (c["value"] for c in ex["tableBody"][0]["cells"])))
                        break
                out, kind = [], "given"
                for step in background + sc["steps"]:
                    word = step["keyword"].strip().lower()
                    kind = word if word in ("given", "when", "then") else kind
                    text = re.sub(r"<([^>]+)>", lambda m: values.get(m.group(1), m.group(0)), step["text"])
                    out.append((kind, text))
                return out
        return None

    return walk(feature.get("children", []), []) or []


def _match(definitions: list[Any], kind: str, text: str) -> Optional[Any]:
    for d in definitions:
        if d.type in (None, kind) and d.parser.is_matching(text):
            return d
    return None


# ---------------------------------------------------------------- oracle
def _oracle_rules(clause: str) -> list[dict]:
    """The oracle functions that cite ``clause`` (or, failing that, its nearest cited
    ancestor) in their docstring, or return its id as a string, of the oracle modules the
    step modules import (directly or through other modules)."""
    import baccarat_conformance.oracle as pkg
    from baccarat_conformance.steps import STEP_MODULES

    for name in STEP_MODULES:
        importlib.import_module(name)
    oracle = Path(pkg.__file__).parent
    # only the rules the steps can call: an oracle module no step module reaches (directly or
    # through the modules it imports) judges nothing, whatever its docstrings cite
    used = {Path(m.__file__).resolve() for n, m in list(sys.modules.items())
            if n.startswith(pkg.__name__ + ".") and getattr(m, "__file__", None)}
    found: dict[str, list[dict]] = {}
    for path in sorted(p for p in oracle.glob("*.py") if p.resolve() in used):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) or node.name.startswith("__"):
                continue
            doc = ast.get_docstring(node) or ""
            cited = {_base_id(c) for c in _CITE.findall(doc)}
            literals = {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
            for level in _ancestors(_base_id(clause)):
                if level in cited or level in literals:
                    found.setdefault(level, []).append(
                        {"where": f"{_rel(path)}:{node.lineno}", "function": node.name, "cites": level,
                         "doc": " ".join(doc.split())[:160]})
    # the clause's own (a docstring citing it, a function returning its id), and the rule of
    # the nearest enclosing clause a docstring cites (the rule that decides it)
    own = found.get(_base_id(clause), [])
    for level in _ancestors(_base_id(clause))[1:]:
        cited = [f for f in found.get(level, []) if f"{level}" in f["doc"]]
        if cited:
            return own + cited
    return own


# ---------------------------------------------------------------- proofs
def _proofs(clause: str) -> tuple[Optional[list[dict]], str]:
    """The proofs of ``clause`` from the proofs index the test suite writes into the package
    (``corpus/proofs.json``: ``python -m tests.proofs.registry --write``; the harness never imports
    its tests). None, with a note, when the index is missing."""
    import json
    from importlib import resources

    try:
        data = json.loads((resources.files("baccarat_conformance.corpus") / "proofs.json").read_text(encoding="utf-8"))
        entries = data["proofs"]
    except (OSError, ValueError, KeyError, TypeError):
        return None, ("no proofs index in this installation (corpus/proofs.json, written by "
                      "python -m tests.proofs.registry --write in a source checkout)")
    out = [{"where": p["where"], "game": p["game"],
            "profile": p["profile"] + (" --include-expired" if p.get("include_expired") else ""),
            "fails": list(p["fails"])} for p in entries if clause in p.get("fails", ())]
    note = "" if out else ("no broken game of the source checkout's tests/ declares it with @breaks "
                           "(its checks may still fail as a side effect of another clause's proof)")
    if checkout_root() is None:
        note = (note + "; " if note else "") + ("the broken games live in the source checkout's tests/ folder, "
                                                "which the wheel does not ship")
    return out, note


def explain(clause: str, features: Optional[Path] = None) -> Explanation:
    """The :class:`Explanation` of ``clause`` (an id as the corpus and the matrix write it).

    :raises KeyError: ``clause`` is not a clause of the corpus (the message names the
        nearest ids)."""
    from baccarat_conformance.corpus.features import default_features_dir
    from baccarat_conformance.corpus.lint import make_context

    ctx = make_context(features)
    cov = ctx.coverage.get(clause)
    if cov is None:
        near = sorted(c for c in ctx.coverage if c.startswith(_base_id(clause).split("(")[0]))[:8]
        raise KeyError(f"no clause {clause!r} in the corpus" + (f"; of its section: {', '.join(near)}" if near else ""))
    base = Path(features) if features else default_features_dir()
    ex = Explanation(clause, " ".join(cov.clause.text.split()), cov.disposition, cov.detail)
    definitions = _step_definitions()
    steps: dict[str, dict] = {}
    for sc in cov.scenarios:
        path = base / sc.file
        ex.scenarios.append({"where": f"{_rel(path)}:{sc.line}", "name": sc.name})
        for kind, text in _scenario_steps(path, sc.line):
            d = _match(definitions, kind, text)
            if d is None:
                key = f"(no step definition matches) {kind} {text}"
                steps.setdefault(key, {"where": "", "function": "", "phrase": f"{kind} {text}", "scenarios": 0})
            else:
                func = inspect.unwrap(d.step_func)
                key = f"{func.__module__}.{func.__qualname__}"
                where = f"{_rel(inspect.getsourcefile(func))}:{inspect.getsourcelines(func)[1]}"
                steps.setdefault(key, {"where": where, "function": func.__name__, "phrase": f"{kind} {d.parser.name}",
                                       "scenarios": 0})
            steps[key]["scenarios"] += 1
    ex.steps = list(steps.values())
    ex.oracle = _oracle_rules(clause)
    ex.proofs, ex.proofs_note = _proofs(clause)
    return ex


def render_text(ex: Explanation) -> str:
    """The explanation as the terminal prints it."""
    out = [f"§ {ex.clause}: {ex.text}", f"disposition: {ex.disposition}" + (f" ({ex.detail})" if ex.detail else ""),
           "", f"scenarios ({len(ex.scenarios)}):"]
    out += [f"  {s['where']}  {s['name']}" for s in ex.scenarios] or ["  none"]
    out += ["", f"step functions ({len(ex.steps)}; how many of the scenarios run each):"]
    out += [f"  {s['where']}  {s['function']}  [{s['phrase']}] ×{s['scenarios']}" if s["where"]
            else f"  {s['phrase']}" for s in ex.steps] or ["  none"]
    out += ["", "oracle rule:" + ("" if ex.oracle else " none cites it (or an enclosing clause)")]
    out += [f"  {o['where']}  {o['function']}" + (f"  (cites § {o['cites']})" if o["cites"] != _base_id(ex.clause)
                                                  else "") for o in ex.oracle]
    out += ["", "proved to fail by (broken games, tests/proofs/registry.py):"]
    if ex.proofs:
        out += [f"  {p['where']}  {p['game']} under {p['profile']}: fails {', '.join(p['fails'])}" for p in ex.proofs]
    if ex.proofs_note:
        out += [f"  ({ex.proofs_note})" if ex.proofs else f"  {ex.proofs_note}"]
    return "\n".join(out)


def explain_command(clause: str, features: Optional[Path], fmt: str) -> int:
    """``clauses --explain ID``: print the explanation (``fmt`` json, else text); exit
    status 0, or 3 for an id the corpus does not know or an invalid corpus."""
    import dataclasses
    import json

    from baccarat_conformance.corpus import CorpusError
    from baccarat_conformance.corpus.features import FeatureSyntaxError

    try:
        ex = explain(clause, features)
    except KeyError as e:
        print(f"baccarat-conformance: error: {e.args[0]}", file=sys.stderr)
        return 3
    except (CorpusError, FeatureSyntaxError) as e:
        print(f"baccarat-conformance: error: {e}", file=sys.stderr)
        return 3
    print(json.dumps(dataclasses.asdict(ex), indent=1, ensure_ascii=False) if fmt == "json" else render_text(ex))
    return 0
