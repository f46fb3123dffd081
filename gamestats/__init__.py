"""Statistical verification of a game's own randomness and payouts (issue 15, items 3 to 6).

Lab practice beyond the regulation's text (named interpretation
``631a.5-a-statistical-verification``): the harness plays many shoes of the game's own
shuffle through the adapter, counts what it saw in independent seed-addressed chunks
whose integer counts merge exactly (:mod:`.simulate`), possibly spread over local
processes or a Dask cluster (:mod:`.chunks`), and judges the counts with scipy.stats
(:mod:`.judge`) under a Holm correction at 1% family-wise; :mod:`.plots` draws the
pictures. The steps are in ``steps/statistics.py``, the scenarios in
``features/631a_baccarat/statistics.feature``; see docs/statistics.md.

(Named ``gamestats``, not ``statistics``, so that nothing here shadows the standard
library's :mod:`statistics`.)
"""
