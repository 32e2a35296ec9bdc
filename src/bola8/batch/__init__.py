"""Many games at once: batches on all cores or a Ray cluster, tournaments, reports.

- :mod:`bola8.batch.spec`: what a batch is (:class:`BatchSpec`), each unit's seed.
- :mod:`bola8.batch.play`: one unit played and turned into rows.
- :mod:`bola8.batch.store`: the output folder - parts, manifest, Parquet files.
- :mod:`bola8.batch.run`: the backends (local processes, Ray), retries, resume.
- :mod:`bola8.batch.tournament`: round robins, win rates, ratings.
- :mod:`bola8.batch.report`: the statistics and their plots in one HTML page.
"""

from bola8.batch.spec import BatchSpec, unit_seed

__all__ = ["BatchSpec", "unit_seed"]
