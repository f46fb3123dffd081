"""How every scenario is filed in the Allure report (allure-pytest-bdd).

:func:`label_scenario` files a scenario under epic = chapter, feature = section, story =
clause id, with a ``clause`` label per clause, a ``nodeid`` label (the clause matrix
links each result to the report through it: ``verdict.rebuild.allure_ids``), the tree
labels chapter → section → clause that sort in regulation order (:func:`tree_labels`;
the report's tree groups by them: ``reports/allurerc.mjs``), a link to the section's
official text, and the quoted clause (and the interpretations the harness applies to it)
as the description; each result of a Scenario Outline is named by its example
(:func:`example_title`). A scenario that never started (skipped or failed at setup) is
filed the same way by :mod:`.allure_unstarted`. :func:`keep_step_arguments` keeps only a step's own
arguments as its Allure parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence

__all__ = ["CHAPTER_TITLES", "CHAPTER_ORDER", "TREE_LABELS", "Filing", "example_title", "tree_labels", "filing",
           "example_of", "parameter_of", "label_scenario", "keep_step_arguments"]

CHAPTER_TITLES = {
    "631a": "58 Pa. Code Ch. 631a Baccarat",
    "631c": "58 Pa. Code Ch. 631c Baccarat Side Wagers and Variations",
    "629b": "58 Pa. Code Ch. 629b Midibaccarat Side Wagers",
    "627b": "58 Pa. Code Ch. 627b Minibaccarat Side Wagers",
}


#: The chapters in the order of the report's tree (and of the matrix): in force first.
CHAPTER_ORDER = tuple(CHAPTER_TITLES)
#: The labels of the report's tree, chapter → section → clause (``reports/allurerc.mjs``'s ``groupBy``).
TREE_LABELS = ("parentSuite", "suite", "subSuite")


@dataclass
class Filing:
    """Where and how a scenario is filed: its ``title`` (named by its example), its
    ``labels`` (name, value), ``links`` (url, name) and ``description`` (Markdown)."""

    title: str
    labels: list[tuple[str, str]] = field(default_factory=list)
    links: list[tuple[str, str]] = field(default_factory=list)
    description: str = ""


def example_title(name: str, example: Optional[Mapping[str, Any]]) -> str:
    """The name of one result of a scenario: ``name``, and for a row of an Examples
    table its values: ``A Natural stops both hands: Player's Natural 8 against 7 (shoe
    8C 7D KH QS 2C 3D)``. A number is named by its column (``banker count 3``), a
    ``shoe`` (cards) comes last in parentheses, other text stands alone."""
    if not example:
        return name
    words, cards = [], []
    for column, value in example.items():
        text = str(value).strip()
        if column.strip().lower() in ("shoe", "cards"):
            cards.append(f"{column} {text}")
        elif re.fullmatch(r"-?[\d.,$%]+", text):
            words.append(f"{column} {text}")
        else:
            words.append(text)
    return f"{name}: {', '.join(words)}" + (f" ({'; '.join(cards)})" if cards else "") if words else \
        f"{name} ({'; '.join(cards)})"


def tree_labels(corpus: Any, cid: str) -> list[tuple[str, str]]:
    """The tree labels of clause ``cid``: chapter, section and clause, each led by a
    number that sorts in regulation order as text (``1 · 58 Pa. Code Ch. 631a
    Baccarat``, ``03 · § 631a.3 Card values``, ``007 · § 631a.11(c)(1)``)."""
    clause = corpus.by_id[cid]
    chapter = clause.chapter
    rank = CHAPTER_ORDER.index(chapter) + 1 if chapter in CHAPTER_ORDER else len(CHAPTER_ORDER) + 1
    section = corpus.by_id.get(clause.section)
    number = re.search(r"\.(\d+)", clause.section)
    heading = section.section_heading if section else ""
    in_section = [c.id for c in corpus.clauses if c.section == clause.section]
    return [("parentSuite", f"{rank} · {CHAPTER_TITLES.get(chapter, f'58 Pa. Code Ch. {chapter}')}"),
            ("suite", f"{int(number.group(1)) if number else 0:02d} · § {clause.section} {heading}".strip()),
            ("subSuite", f"{in_section.index(cid) + 1 if cid in in_section else 0:03d} · § {cid}")]


def filing(nodeid: str, clauses: Sequence[str], name: str, description: Optional[str],
           example: Optional[Mapping[str, Any]] = None, parameter: Optional[str] = None) -> Filing:
    """How the scenario ``name`` (node ``nodeid``, its own ``clauses``, pytest-bdd's
    ``description`` holding the quoted clause, ``example`` its row of an Examples table,
    ``parameter`` the id of a parametrized scenario's part, ``first card 3``) is filed:
    its title names the example or the part (each result has a name of its own); ``nodeid`` always; epic = chapter, feature = section, story = clause id,
    a ``clause`` label per clause, the tree labels of its principal clause, a link to
    the section's official text and the quoted clause with the interpretations the
    harness applies to it, when it carries clauses and the corpus can be read."""
    from baccarat_conformance.corpus import load_corpus

    title = example_title(name, example) + (f" [{parameter}]" if parameter else "")
    out = Filing(title, [("nodeid", nodeid)])
    if not clauses:
        return out
    try:
        corpus = load_corpus()
    except Exception:
        return out
    first = corpus.by_id[clauses[0]]
    section = corpus.by_id.get(first.section)
    out.labels += [("epic", CHAPTER_TITLES.get(first.chapter, f"58 Pa. Code Ch. {first.chapter}")),
                   ("feature", f"§ {first.section} {section.section_heading if section else ''}".strip())]
    for cid in clauses:
        out.labels += [("story", cid), ("clause", cid)]
    out.labels += tree_labels(corpus, clauses[0])
    if first.url:
        out.links.append((first.url, f"58 Pa. Code § {first.section} (official text)"))
    lines = [line.strip() for line in (description or "").splitlines() if line.strip()]
    interpretations = sorted({n for cid in clauses for n in corpus.by_id[cid].interpretations})
    body = "\n\n".join(lines)
    if interpretations:
        by_name = {i.name: i for i in corpus.interpretations}
        body += "\n\n" + "\n\n".join(f"**Interpretation {n}**: {by_name[n].reading}"
                                     for n in interpretations if n in by_name)
    out.description = body
    return out


def example_of(item: Any) -> Optional[Mapping[str, Any]]:
    """The row of the Examples table a pytest-bdd scenario item runs (None: not an outline)."""
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("_pytest_bdd_example") if callspec is not None else None


def parameter_of(item: Any) -> Optional[str]:
    """The id of the part a parametrized scenario runs that is not an Examples row
    (``first card 3`` of the exhaustive sweep), else None."""
    callspec = getattr(item, "callspec", None)
    if callspec is None or "_pytest_bdd_example" in callspec.params or not callspec.params:
        return None
    return callspec.id


def label_scenario(item: Any, clauses: Sequence[str], scenario: Any) -> None:
    """File the running scenario's Allure result (:func:`filing`). ``item`` is its
    pytest item; ``scenario`` is pytest-bdd's (its ``name`` and ``description``)."""
    import allure

    f = filing(item.nodeid, clauses, scenario.name, scenario.description, example_of(item), parameter_of(item))
    allure.dynamic.title(f.title)
    for name, value in f.labels:
        allure.dynamic.label(name, value)
    for url, name in f.links:
        allure.dynamic.link(url, name=name)
    if f.description:
        allure.dynamic.description(f.description)


def keep_step_arguments(config: Any, step: Any, step_func_args: Mapping[str, Any]) -> None:
    """Keep only the step's own arguments (parsed from its text) as Allure step
    parameters. allure-pytest-bdd records every argument, fixtures included, by repr:
    the adapter, the profile, and for the exhaustive sweep 10^5 round records (hundreds
    of megabytes). Evidence is attached on purpose by the steps instead.

    This reaches into allure-pytest-bdd (its listener's lifecycle and ``get_step_uuid``),
    which has no public way to change a step's parameters; without them it does nothing.
    """
    lifecycle = _allure_lifecycle(config)
    if lifecycle is None:
        return
    from baccarat_conformance.compat import allure_step_uuid

    parsed = {k for k, v in step_func_args.items() if isinstance(v, (str, int, float)) and len(repr(v)) < 500}
    with lifecycle.update_step(uuid=allure_step_uuid(step)) as step_result:
        if step_result is not None:
            step_result.parameters = [p for p in step_result.parameters if p.name in parsed]


def refile_failure(config: Any, failed: str, clauses: Sequence[str]) -> None:
    """File the open Allure result of a scenario that failed clause ``failed`` under that
    clause (epic, feature and the tree labels of chapter, section and clause), when it is
    not the scenario's principal clause (``clauses[0]``): the tree shows a failure where
    the clause matrix fails it (a Tie wager scenario of § 631a.8(a)(3)(i) that stopped at
    the odds of § 631a.13(b) is a failure of § 631a.13(b); the matrix calls § 631a.8(a)(3)(i)
    *not verified*), and carries the failed clause's ``story`` and ``clause`` labels too.
    Reaches into allure-pytest-bdd's lifecycle, as :func:`keep_step_arguments` does."""
    from baccarat_conformance.corpus import load_corpus

    lifecycle = _allure_lifecycle(config)
    if lifecycle is None or not clauses or failed == clauses[0]:
        return
    try:
        corpus = load_corpus()
        clause = corpus.by_id[failed]
    except Exception:  # noqa: BLE001 - the filing stays the principal clause's
        return
    section = corpus.by_id.get(clause.section)
    replaced = {"epic", "feature", "parentSuite", "suite", "subSuite"}
    new = [("epic", CHAPTER_TITLES.get(clause.chapter, f"58 Pa. Code Ch. {clause.chapter}")),
           ("feature", f"§ {clause.section} {section.section_heading if section else ''}".strip()),
           *tree_labels(corpus, failed)]
    if failed not in clauses:
        new += [("story", failed), ("clause", failed)]
    from allure_commons.model2 import Label

    with lifecycle.update_test_case() as result:
        if result is None:
            return
        result.labels = [lb for lb in result.labels if lb.name not in replaced] + [Label(name=n, value=v)
                                                                                   for n, v in new]


def _allure_lifecycle(config: Any) -> Any:
    try:
        from allure_pytest_bdd.pytest_bdd_listener import PytestBDDListener
    except ImportError:  # pragma: no cover
        return None
    for plugin in config.pluginmanager.get_plugins():
        if isinstance(plugin, PytestBDDListener):
            return plugin.lifecycle
    return None
