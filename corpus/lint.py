"""The linter of the clause anchors: one small check per rule, each returning one
sentence (or None), in the manner of test262's linter.

Subjects and their checks:

* a scenario (:data:`SCENARIO_CHECKS`): it has a clause tag; it has a quote line
  ``§ <id>: "<quote>"``; it has a Then step (a scenario that judges nothing can never
  fail); with ``strict``, every clause it is tagged with is quoted;
* a tag of a scenario (:data:`TAG_CHECKS`): a tag that looks like a clause tag names a
  clause of the corpus;
* a quote line (:data:`QUOTE_CHECKS`): it names a clause of the corpus; the quote is a
  verbatim substring of that clause's text, of its section heading, or of a table the
  clause introduces (runs of white space count as one space: a quote is one line, the
  source may break lines or use tabs);
* a malformed description line (:data:`LINE_CHECKS`);
* an ``Interpretation:`` line (:data:`INTERPRETATION_CHECKS`): it names an
  interpretation of ``corpus/interpretations.toml``;
* a clause (:data:`CLAUSE_CHECKS`): it has a disposition (a scenario tag, or an entry
  of ``dispositions.toml``); it has only one.

``lint()`` runs them all and returns :class:`Problem` records; ``python -m
baccarat_conformance.corpus.lint`` (or ``baccarat-conformance lint``) prints them.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable, Iterable, Optional

from . import Clause, Corpus, load_corpus
from .coverage import Coverage, resolve_coverage
from .dispositions import Dispositions, load_dispositions
from .features import QuoteLine, ScenarioInfo, scan_features

__all__ = ["Problem", "LintContext", "lint", "lint_installed", "quote_sources", "main",
           "SCENARIO_CHECKS", "STRICT_SCENARIO_CHECKS", "TAG_CHECKS", "QUOTE_CHECKS", "LINE_CHECKS", "INTERPRETATION_CHECKS",
           "CLAUSE_CHECKS"]


@dataclass(frozen=True)
class Problem:
    """One finding: the check that made it, where (``file:line`` or a clause id), and
    its sentence."""

    check: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message} [{self.check}]"


@dataclass
class LintContext:
    corpus: Corpus
    dispositions: Dispositions
    scenarios: list[ScenarioInfo]
    coverage: dict[str, Coverage]


def _norm(text: str) -> str:
    return " ".join(text.split())


def quote_sources(clause: Clause, corpus: Corpus) -> list[str]:
    """The texts a quote of ``clause`` may be taken from, white space normalised: its
    text, its printed form (with the label), its section heading as printed ("§ 631a.11.
    Rules for ... dealt.") and the text of the tables it introduces."""
    section = corpus.by_id.get(clause.section)
    heading = clause.section_heading
    out = [clause.text, clause.printed, f"§ {clause.section}. {heading}.", f"{heading}."]
    out += [k.text for k in corpus.children(clause.id) if k.kind == "table"]
    if section is not None and section.id != clause.id:
        out.append(section.section_heading)
    return [_norm(s) for s in out if s]


# ------------------------------------------------------------------ scenario checks
def scenario_has_clause_tag(sc: ScenarioInfo, ctx: LintContext) -> Optional[str]:
    if not sc.clause_tags:
        return (f"scenario {sc.name!r} has no clause tag; tag it with the clause it checks "
                "(e.g. @631a.11.c.2.iii)")
    return None


def scenario_has_quote_line(sc: ScenarioInfo, ctx: LintContext) -> Optional[str]:
    if not sc.quotes:
        return (f"scenario {sc.name!r} has no quote line; its description must quote the clause as "
                '§ <id>: "<verbatim text>"')
    return None


def scenario_has_a_then_step(sc: ScenarioInfo, ctx: LintContext) -> Optional[str]:
    if not sc.then_steps:
        return f"scenario {sc.name!r} has no Then step, so it judges nothing; add the check it makes"
    return None


def scenario_quotes_each_clause(sc: ScenarioInfo, ctx: LintContext) -> Optional[str]:
    quoted = {q.clause_id for q in sc.quotes}
    missing = [cid for cid in sc.clauses if cid not in quoted]
    if sc.quotes and missing:
        return f"scenario {sc.name!r} is tagged with {', '.join(missing)} but does not quote it"
    return None


SCENARIO_CHECKS: tuple[Callable[[ScenarioInfo, LintContext], Optional[str]], ...] = (
    scenario_has_clause_tag, scenario_has_quote_line, scenario_has_a_then_step)
#: Run with ``strict=True`` (``baccarat-conformance lint --strict``): stricter than the
#: suite's convention, which lets a scenario carry extra clause tags it does not quote.
STRICT_SCENARIO_CHECKS: tuple[Callable[[ScenarioInfo, LintContext], Optional[str]], ...] = (
    scenario_quotes_each_clause,)


# ------------------------------------------------------------------ tag checks
def tag_names_a_clause(sc: ScenarioInfo, tag: str, ctx: LintContext) -> Optional[str]:
    from . import clause_id_for_tag

    try:
        cid = clause_id_for_tag(tag)
    except ValueError:
        return f"tag @{tag} looks like a clause tag but is not one (expected e.g. @631a.11.c.2.iii)"
    if cid not in ctx.corpus.by_id:
        try:
            ctx.corpus.get(cid)
        except KeyError as e:
            return f"tag @{tag} names no clause of the corpus ({e})"
    return None


TAG_CHECKS: tuple[Callable[[ScenarioInfo, str, LintContext], Optional[str]], ...] = (tag_names_a_clause,)


# ------------------------------------------------------------------ quote checks
def quote_names_a_clause(sc: ScenarioInfo, q: QuoteLine, ctx: LintContext) -> Optional[str]:
    if q.clause_id not in ctx.corpus.by_id:
        try:
            ctx.corpus.get(q.clause_id)
        except KeyError as e:
            return f"quote line names § {q.clause_id}, which is not in the corpus ({e})"
    return None


def quote_is_verbatim(sc: ScenarioInfo, q: QuoteLine, ctx: LintContext) -> Optional[str]:
    clause = ctx.corpus.by_id.get(q.clause_id)
    if clause is None:
        return None  # reported by quote_names_a_clause
    quote = _norm(q.quote)
    if not quote:
        return f"quote of § {q.clause_id} is empty"
    sources = quote_sources(clause, ctx.corpus)
    if any(quote in s for s in sources):
        return None
    best, best_src = 0, sources[0]
    for src in sources:
        k = 0
        while k < len(quote) and quote[:k + 1] in src:
            k += 1
        if k > best:
            best, best_src = k, src
    if best == 0:
        return f"quote of § {q.clause_id} is not in its corpus text: it begins {quote[:40]!r}, which the text does not contain"
    at = best_src.find(quote[:best]) + best
    return (f"quote of § {q.clause_id} differs from the corpus text after {quote[max(0, best - 40):best]!r}: "
            f"the quote has {quote[best:best + 30]!r} where the corpus has {best_src[at:at + 30]!r}")


QUOTE_CHECKS: tuple[Callable[[ScenarioInfo, QuoteLine, LintContext], Optional[str]], ...] = (
    quote_names_a_clause, quote_is_verbatim)


def quote_line_is_well_formed(sc: ScenarioInfo, raw: str, ctx: LintContext) -> Optional[str]:
    return f'line {raw[:50]!r} is not of the form § <id>: "<quote>"'


LINE_CHECKS: tuple[Callable[[ScenarioInfo, str, LintContext], Optional[str]], ...] = (quote_line_is_well_formed,)


def interpretation_is_known(sc: ScenarioInfo, name: str, ctx: LintContext) -> Optional[str]:
    try:
        ctx.corpus.interpretation(name)
    except KeyError as e:
        return f"Interpretation: {name} is not recorded in corpus/interpretations.toml ({e.args[0]})"
    return None


INTERPRETATION_CHECKS: tuple[Callable[[ScenarioInfo, str, LintContext], Optional[str]], ...] = (
    interpretation_is_known,)


# ------------------------------------------------------------------ clause checks
def clause_has_a_disposition(cov: Coverage, ctx: LintContext) -> Optional[str]:
    if cov.disposition == "uncovered":
        return (f"clause {cov.clause.id} has no disposition: tag a scenario @{cov.clause.tag} or add it to "
                "corpus/dispositions.toml")
    return None


def clause_has_one_disposition(cov: Coverage, ctx: LintContext) -> Optional[str]:
    if cov.conflict:
        assert cov.entry is not None
        n = len(cov.scenarios)
        return (f"clause {cov.clause.id} is tagged by {n} scenario{'s' if n != 1 else ''} "
                f"({cov.scenarios[0].where}) and also disposed {cov.entry.kind} at "
                f"{ctx.dispositions.source}:{cov.entry.line}; a clause has exactly one disposition")
    return None


CLAUSE_CHECKS: tuple[Callable[[Coverage, LintContext], Optional[str]], ...] = (
    clause_has_a_disposition, clause_has_one_disposition)


# ------------------------------------------------------------------ runner
def lint(ctx: LintContext, *, clauses: bool = True, strict: bool = False) -> list[Problem]:
    """Every problem found; ``clauses=False`` leaves out the per-clause checks (a run
    of the feature files alone); ``strict=True`` adds :data:`STRICT_SCENARIO_CHECKS`."""
    out: list[Problem] = []

    def add(check: Callable, where: str, message: Optional[str]) -> None:
        if message:
            out.append(Problem(check.__name__, where, message))

    scenario_checks = SCENARIO_CHECKS + (STRICT_SCENARIO_CHECKS if strict else ())
    for sc in ctx.scenarios:
        for check in scenario_checks:
            add(check, sc.where, check(sc, ctx))
        for tag, line in sc.clause_tags:
            for tcheck in TAG_CHECKS:
                add(tcheck, f"{sc.file}:{line}", tcheck(sc, tag, ctx))
        for q in sc.quotes:
            for qcheck in QUOTE_CHECKS:
                add(qcheck, f"{sc.file}:{q.line}", qcheck(sc, q, ctx))
        for raw, line in sc.malformed:
            for lcheck in LINE_CHECKS:
                add(lcheck, f"{sc.file}:{line}", lcheck(sc, raw, ctx))
        for name, line in sc.interpretations:
            for icheck in INTERPRETATION_CHECKS:
                add(icheck, f"{sc.file}:{line}", icheck(sc, name, ctx))
    if clauses:
        for cov in ctx.coverage.values():
            for ccheck in CLAUSE_CHECKS:
                add(ccheck, cov.clause.id, ccheck(cov, ctx))
    return out


def make_context(features_dir=None, corpus: Optional[Corpus] = None,
                 dispositions: Optional[Dispositions] = None) -> LintContext:
    """The context of the installed (or given) corpus, dispositions and feature files."""
    corpus = corpus or load_corpus()
    dispositions = dispositions or load_dispositions()
    scenarios = scan_features(features_dir, corpus)
    return LintContext(corpus, dispositions, scenarios, resolve_coverage(corpus, dispositions, scenarios))


def lint_installed(features_dir=None, *, clauses: bool = True) -> list[Problem]:
    """:func:`lint` of the installed suite (or of ``features_dir``)."""
    return lint(make_context(features_dir), clauses=clauses)


def main(argv: Optional[Iterable[str]] = None) -> int:
    """``python -m baccarat_conformance.corpus.lint [FEATURES_DIR]``: print the problems;
    exit 0 if none, 3 otherwise."""
    args = list(argv if argv is not None else sys.argv[1:])
    problems = lint_installed(args[0] if args else None)
    for p in problems:
        print(p)
    return 3 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
