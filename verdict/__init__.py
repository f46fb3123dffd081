"""The verdict of a run, in one package: the exit-status contract (:mod:`.contract`),
the facts of a run (:mod:`.run_info`), the results a clause can have (:mod:`.results`),
the clause matrix (:mod:`.matrix`) and its rebuild from a run's results log
(:mod:`.rebuild`). It writes nothing: the writers are in
:mod:`baccarat_conformance.reports`, which import from here, never the other way round.
"""
