"""How every scenario is filed in the Allure report (allure-pytest-bdd).

:func:`label_scenario` files a scenario under epic = chapter, feature = section, story =
clause id, with a ``clause`` label per clause, a ``nodeid`` label (the clause matrix
links each result to the report through it: ``reports.matrix.allure_ids``), a link to
the section's official text, and the quoted clause (and the interpretations the harness
applies to it) as the description. :func:`keep_step_arguments` keeps only a step's own
arguments as its Allure parameters.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

__all__ = ["CHAPTER_TITLES", "label_scenario", "keep_step_arguments"]

CHAPTER_TITLES = {
    "631a": "58 Pa. Code Ch. 631a Baccarat",
    "631c": "58 Pa. Code Ch. 631c Baccarat Side Wagers and Variations",
    "629b": "58 Pa. Code Ch. 629b Midibaccarat Side Wagers",
    "627b": "58 Pa. Code Ch. 627b Minibaccarat Side Wagers",
}


def label_scenario(nodeid: str, clauses: Sequence[str], scenario: Any) -> None:
    """Label the running scenario's Allure result: ``nodeid`` always; the rest when it
    carries ``clauses`` (its own clause ids) and the corpus can be read. ``scenario`` is
    pytest-bdd's (its ``description`` holds the quoted clause)."""
    import allure

    from baccarat_conformance.corpus import load_corpus

    allure.dynamic.label("nodeid", nodeid)
    if not clauses:
        return
    try:
        corpus = load_corpus()
    except Exception:
        return
    first = corpus.by_id[clauses[0]]
    allure.dynamic.epic(CHAPTER_TITLES.get(first.chapter, f"58 Pa. Code Ch. {first.chapter}"))
    section = corpus.by_id.get(first.section)
    allure.dynamic.feature(f"§ {first.section} {section.section_heading if section else ''}".strip())
    for cid in clauses:
        allure.dynamic.story(cid)
        allure.dynamic.label("clause", cid)
    if first.url:
        allure.dynamic.link(first.url, name=f"58 Pa. Code § {first.section} (official text)")
    lines = [line.strip() for line in (scenario.description or "").splitlines() if line.strip()]
    interpretations = sorted({name for cid in clauses for name in corpus.by_id[cid].interpretations})
    body = "\n\n".join(lines)
    if interpretations:
        by_name = {i.name: i for i in corpus.interpretations}
        notes = [f"**Interpretation {n}**: {by_name[n].reading}" for n in interpretations if n in by_name]
        body += "\n\n" + "\n\n".join(notes)
    allure.dynamic.description(body)


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
    from allure_pytest_bdd.steps import get_step_uuid

    parsed = {k for k, v in step_func_args.items() if isinstance(v, (str, int, float)) and len(repr(v)) < 500}
    with lifecycle.update_step(uuid=get_step_uuid(step)) as step_result:
        if step_result is not None:
            step_result.parameters = [p for p in step_result.parameters if p.name in parsed]


def _allure_lifecycle(config: Any) -> Any:
    try:
        from allure_pytest_bdd.pytest_bdd_listener import PytestBDDListener
    except ImportError:  # pragma: no cover
        return None
    for plugin in config.pluginmanager.get_plugins():
        if isinstance(plugin, PytestBDDListener):
            return plugin.lifecycle
    return None
