"""The replay record of a failed or blocked scenario (issue 17 item 3): what
``baccarat-conformance replay`` needs to run that one scenario again, as it ran.

Every line of the results log (:mod:`baccarat_conformance.run.results_log`) whose outcome is
``failed`` (a nonconformance, a protocol, adapter or harness error, a crashed worker) or
whose category is ``blocked`` carries ``replay``::

    "replay": {
      "scenario": "features/631a_baccarat/test_631a_11.py::test_the_player_draws_on_5",
      "profile": {"given": "full_table", "source": "full_table.toml", "sha256": "<hex>"},
      "adapter": {"adapter": "library", "game": "tests.games.broken_games:player_stands_on_5"},
      "options": {"depth": "smoke", "as_of": "2025-07-01", "include_expired": false,
                  "hypothesis_profile": null, "hypothesis_seed": null, "replay_example": null},
      "shoes": [{"cards": ["5C", "KD", "..."], "burn": false}],
      "shoes_sent": 1, "shoes_omitted": 0, "batch_rounds": 0
    }

``scenario`` is the pytest node id; ``profile`` the ``--profile`` given, the file it
was read from and the SHA-256 of that file's bytes (the TOML itself is in the sealed
package, ``inputs/profile.toml``); ``adapter`` the adapter and ``--game`` of the run
(never the adapter's own options, which may hold secrets); ``options`` the depth, the
date the regulations were evaluated on (the effective date, also when ``--as-of`` was not
given), ``--include-expired``, the hypothesis settings profile and seed of the run, and
for a property scenario the ``KEY=VERSION:BLOB`` of its shrunk failing example
(``--replay-example``); ``shoes`` the ``start_shoe`` parameters the scenario sent (table
id left out; ``cards``, ``seed``, ``cover_card_index``, ``burn``, ``cut_offset``), the last
:data:`~baccarat_conformance.adapters.base.SHOES_KEPT` of them in order, ``shoes_sent``
how many it sent, ``shoes_omitted`` how many earlier ones are not listed, and
``batch_rounds`` the rounds it sent in ``run_rounds`` batches (their stacks are not kept:
the scenario deals them again the same way at the same depth). A scenario whose worker
crashed has no ``shoes`` (``null``): the worker died with them.
"""

from __future__ import annotations

import hashlib
from typing import Any, Optional

import pytest

from baccarat_conformance.inputs.options import as_of_date

__all__ = ["ReplayContext", "needs_replay", "keep_shoes", "note_report", "shoes_of"]

_SHOES = pytest.StashKey[dict]()
_NOT_PASSED = pytest.StashKey[bool]()
#: the user property (of a scenario's teardown report) carrying its shoes
SHOES_PROPERTY = "shoes"
#: the user properties a property scenario's failure adds (steps/_property_runner.py)
REPLAY_EXAMPLE_PROPERTY = "replay_example"
HYPOTHESIS_SEED_PROPERTY = "hypothesis_seed"


def needs_replay(entry: dict) -> bool:
    """Whether the results-log ``entry`` gets a replay record: failed, or blocked."""
    return entry.get("outcome") == "failed" or entry.get("category") == "blocked"


def shoes_of(transcript: Any) -> dict:
    """The shoes part of a replay record from a scenario's
    :class:`~baccarat_conformance.adapters.base.Transcript`: ``shoes`` (list of
    ``start_shoe`` params), ``shoes_sent``, ``shoes_omitted``, ``batch_rounds``."""
    kept = [dict(s) for s in getattr(transcript, "shoes", ())]
    sent = int(getattr(transcript, "shoes_sent", len(kept)))
    return {"shoes": kept, "shoes_sent": sent, "shoes_omitted": max(0, sent - len(kept)),
            "batch_rounds": int(getattr(transcript, "batch_rounds", 0))}


def keep_shoes(item: pytest.Item, transcript: Any) -> None:
    """Keep the shoes the scenario ``item`` sent (at the end of its ``game`` fixture);
    they reach its teardown report only if it did not pass (:func:`note_report`)."""
    item.stash[_SHOES] = shoes_of(transcript)


def note_report(item: pytest.Item, report: pytest.TestReport) -> None:
    """Called for each report of ``item`` (``pytest_runtest_makereport``): remember a
    setup or call that did not pass, and add the kept shoes to the teardown report of
    such a scenario as the user property ``shoes`` (a scenario that passed carries none:
    they would only swell junit.xml)."""
    if report.when in ("setup", "call") and not report.passed:
        item.stash[_NOT_PASSED] = True
    elif report.when == "teardown" and (report.failed or item.stash.get(_NOT_PASSED, False)):
        shoes = item.stash.get(_SHOES, None)
        if shoes is not None:
            report.user_properties = list(report.user_properties) + [(SHOES_PROPERTY, shoes)]


def _option(config: pytest.Config, name: str) -> Any:
    try:
        return config.getoption(name)
    except ValueError:  # not declared (--game is the library adapter's; hypothesis' own options)
        return None


def _profile_source(given: Optional[str]) -> dict:
    from baccarat_conformance.inputs.profile import profile_source

    record: dict[str, Any] = {"given": given or "baccarat", "source": None, "sha256": None}
    try:
        source, data = profile_source(given)
    except Exception:  # noqa: BLE001 - the run reports a bad profile itself; the record stays partial
        return record
    record.update(source=source, sha256=hashlib.sha256(data).hexdigest())
    return record


class ReplayContext:
    """The run's part of every replay record, read once from the controller's config.

    :param config: the pytest config of the run (the controller's under pytest-xdist).
    """

    def __init__(self, config: pytest.Config):
        try:
            as_of: Optional[str] = as_of_date(_option(config, "--as-of")).isoformat()
        except ValueError:  # a usage error reported by the session itself
            as_of = None
        seed = _option(config, "--hypothesis-seed")
        self.profile = _profile_source(_option(config, "--profile"))
        self.adapter = {"adapter": _option(config, "--adapter"), "game": _option(config, "--game")}
        self.options = {"depth": _option(config, "--depth"), "as_of": as_of,
                        "include_expired": bool(_option(config, "--include-expired")),
                        "hypothesis_profile": _option(config, "--hypothesis-profile"),
                        "hypothesis_seed": None if seed is None else str(seed), "replay_example": None}

    def record(self, nodeid: str, props: dict) -> dict:
        """The replay record of the scenario ``nodeid``, whose last report's user
        properties are ``props`` (see the module docstring for the shape)."""
        options = dict(self.options)
        if props.get(REPLAY_EXAMPLE_PROPERTY):
            options["replay_example"] = str(props[REPLAY_EXAMPLE_PROPERTY])
        if props.get(HYPOTHESIS_SEED_PROPERTY) is not None:
            options["hypothesis_seed"] = str(props[HYPOTHESIS_SEED_PROPERTY])
        shoes = props.get(SHOES_PROPERTY)
        record = {"scenario": nodeid, "profile": dict(self.profile), "adapter": dict(self.adapter),
                  "options": options}
        if isinstance(shoes, dict):
            record.update(shoes)
        else:  # the scenario never reached the game fixture's end (a crashed worker), or sent nothing
            record.update(shoes=None, shoes_sent=None, shoes_omitted=None, batch_rounds=None)
        return record
