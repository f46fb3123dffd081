"""The field audit: the recorded rounds of live tables judged clause by clause
(``baccarat-conformance audit RECORDS... --profile P --out DIR``).

Smart shoes, table-management systems and electronic tables record every round. The
audit reads those records (JSON Lines of the protocol's round records, docs/protocol.md
"Recorded rounds", or any format a reader plugin of the entry-point group
``baccarat_conformance.record_readers`` reads: :mod:`.readers`), judges each round with
the rules oracle (:mod:`.judge`), counts what every partition saw in counts that merge
exactly (:mod:`.tally`, :mod:`.engine`: one process, a local pool, or a Dask cluster),
and writes the same results log and clause matrix as a run (:mod:`.commands`), so that
``seal``, ``verify`` and ``diff`` work on an audit folder as on a run folder. A clause no
record can show is *not judgeable from records*, never a pass. :mod:`.recorder` writes
the recorded rounds of a game the harness can drive (the reference game, a broken game).
"""
