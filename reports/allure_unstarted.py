"""Allure results of the scenarios that never started.

allure-pytest-bdd opens a scenario's Allure result when pytest-bdd starts the scenario
(``pytest_bdd_before_scenario``), in the call phase. A scenario skipped during fixture
setup — expired, not yet effective, not offered, not verified (:mod:`baccarat_conformance.run.gating`)
— or failing there (a game that cannot be set up) never gets that far, and would leave no
result: the report would hold a fraction of the run, and its "Expired temporary
regulations" category would never appear. :func:`report_unstarted` writes the result of
such a scenario itself, through allure-python-commons (its ``report_result`` hook: the
file logger allure-pytest-bdd registers for ``--alluredir``), filed as a started one is
(:func:`.allure_labels.filing`), with the skip reason as its message so that the
categories of ``reports/allurerc.mjs`` file it.
"""

from __future__ import annotations

import hashlib
import re
import time
import uuid
from typing import Any, Optional, Sequence

from .allure_labels import example_of, filing, parameter_of

__all__ = ["report_unstarted", "scenario_template"]

_SKIP_NAME = re.compile(r"^(?:[A-Za-z_][\w.]*\.)?(?:Skipped|Blocked|CapabilityMissing): ")


def scenario_template(item: Any) -> Optional[Any]:
    """pytest-bdd's scenario template of ``item`` (its ``name``, ``description``,
    ``feature``), or None when the item is no pytest-bdd scenario."""
    from baccarat_conformance.compat import scenario_template as template_of

    return template_of(getattr(item, "function", None))


def _md5(*parts: str) -> str:
    return hashlib.md5("".join(parts).encode("utf-8")).hexdigest()


def report_unstarted(item: Any, report: Any, clauses: Sequence[str]) -> bool:
    """Write the Allure result of ``item`` when its ``setup`` ``report`` did not pass
    (skipped: status ``skipped``; failed: ``broken``), through allure-python-commons.
    Returns whether a result was written (not without ``--alluredir``, nor for an item
    that is no pytest-bdd scenario, nor for another phase)."""
    if report.when != "setup" or report.passed:
        return False
    import allure_commons
    from allure_commons.model2 import Label, Link, Parameter, Status, StatusDetails, TestResult

    if not allure_commons.plugin_manager.hook.report_result.get_hookimpls():
        return False  # no --alluredir
    template = scenario_template(item)
    if template is None:
        return False
    example = example_of(item)
    f = filing(item.nodeid, clauses, template.name, template.description, example, parameter_of(item))
    if report.skipped and isinstance(report.longrepr, tuple):
        status, message, trace = Status.SKIPPED, _SKIP_NAME.sub("", str(report.longrepr[2])), None
    else:
        status, message, trace = Status.BROKEN, str(report.longrepr or "").strip().splitlines()[-1:] or [""], \
            str(report.longrepr or "")
        message = message[0]
    feature = getattr(template, "feature", None)
    full_name = f"{getattr(feature, 'rel_filename', '') or getattr(feature, 'filename', '')}:{template.name}"
    params = [Parameter(name=str(k), value=str(v)) for k, v in (example or {}).items()]
    now = int(time.time() * 1000)
    result = TestResult(
        uuid=str(uuid.uuid4()), name=f.title, fullName=full_name, testCaseId=_md5(full_name),
        historyId=_md5(full_name, *(f"{p.name}={p.value}" for p in params)), status=status,
        statusDetails=StatusDetails(message=message, trace=trace), description=f.description or None,
        parameters=params, start=now - int(report.duration * 1000), stop=now,
        labels=[Label(name=n, value=v) for n, v in f.labels]
        + [Label(name="framework", value="pytest-bdd"), Label(name="tag", value="not started")]
        + [Label(name="tag", value=t) for t in dict.fromkeys(m.name for m in item.iter_markers()
                                                              if m.name not in ("parametrize", "usefixtures"))],
        links=[Link(type="link", url=u, name=n) for u, n in f.links])
    allure_commons.plugin_manager.hook.report_result(result=result)
    return True
