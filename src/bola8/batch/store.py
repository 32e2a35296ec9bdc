"""A batch's folder: the manifest, one part per finished unit, and at the end the Parquet files.

::

    DIR/batch.json        the manifest: the spec, whether records are kept, whether it is complete
    DIR/parts/u<N>.json   one finished unit's rows (while the batch runs; removed once merged)
    DIR/games.parquet     one row per game, in unit order   } written when every unit is done
    DIR/shots.parquet     one row per action, in unit order }
    DIR/records/u<N>.jsonl  each unit's match record (with --records)

Every file is written whole or not at all (a temporary name, then a rename),
so a batch stopped at any instant keeps every finished unit and ``--resume``
plays only the others.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from typing import Any

from bola8.batch.play import GAME_COLUMNS, SHOT_COLUMNS, UnitRows
from bola8.batch.spec import BatchSpec
from bola8.errors import InputError
from bola8.files import write_atomically

MANIFEST = "batch.json"
FORMAT = "bola8-batch"
VERSION = 1


def _part_name(unit: int) -> str:
    return f"u{unit:07d}.json"


class BatchFolder:
    """The output folder of one batch."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.parts = os.path.join(path, "parts")

    # ---------------------------------------------------------------- opening
    def create(self, spec: BatchSpec, records: bool) -> None:
        """Start a new batch here; a folder that already holds anything is refused (nothing replaced unasked)."""
        if os.path.exists(self.path) and not os.path.isdir(self.path):
            raise InputError(f"-o: {self.path!r} is a file, not a folder.",
                             f"-o: {self.path!r} es un archivo, no una carpeta.")
        if os.path.isdir(self.path) and os.listdir(self.path):
            raise InputError(f"-o: {self.path!r} is not empty; choose a new folder, or continue a batch "
                             "there with --resume.",
                             f"-o: {self.path!r} no está vacía; elija una carpeta nueva, o continúe la tanda "
                             "con --resume.")
        try:
            os.makedirs(self.parts, exist_ok=True)
        except OSError as error:
            raise InputError(f"-o: cannot create {self.path!r} ({error.strerror}).",
                             f"-o: no se puede crear {self.path!r} ({error.strerror}).") from None
        self._write_manifest(spec, records, complete=False)

    def open_existing(self) -> tuple[BatchSpec, bool, bool]:
        """(spec, records, complete) of the batch in this folder, for --resume and for reports."""
        path = os.path.join(self.path, MANIFEST)
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except FileNotFoundError:
            raise InputError(f"{self.path!r} is not a bola8 batch folder (no {MANIFEST}).",
                             f"{self.path!r} no es una carpeta de tanda de bola8 (falta {MANIFEST}).") from None
        except (OSError, ValueError) as error:
            raise InputError(f"{path!r} cannot be read as a batch manifest ({error}).",
                             f"{path!r} no se puede leer como manifiesto de tanda ({error}).") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise InputError(f"{path!r} is not a bola8 batch manifest of version {VERSION}.",
                             f"{path!r} no es un manifiesto de tanda de bola8 de la versión {VERSION}.")
        return BatchSpec.from_dict(data.get("spec")), bool(data.get("records")), bool(data.get("complete"))

    def _write_manifest(self, spec: BatchSpec, records: bool, complete: bool) -> None:
        body = {"format": FORMAT, "version": VERSION, "spec": spec.to_dict(), "records": records,
                "complete": complete}
        write_atomically(os.path.join(self.path, MANIFEST), json.dumps(body, indent=2) + "\n", field="-o")

    # ---------------------------------------------------------------- parts
    def done_units(self) -> set[int]:
        """The units whose parts are on disk."""
        if not os.path.isdir(self.parts):
            return set()
        done = set()
        for name in os.listdir(self.parts):
            if name.startswith("u") and name.endswith(".json") and name[1:-5].isdigit():
                done.add(int(name[1:-5]))
        return done

    def save_part(self, rows: UnitRows) -> None:
        """Write a finished unit's rows as its part file, atomically: a resumed batch skips it."""
        write_atomically(os.path.join(self.parts, _part_name(rows.unit)), json.dumps(rows.to_dict()), field="-o")

    def read_part(self, unit: int) -> UnitRows:
        """The rows of a finished unit, from its part file."""
        with open(os.path.join(self.parts, _part_name(unit)), encoding="utf-8") as handle:
            return UnitRows.from_dict(json.load(handle))

    # ---------------------------------------------------------------- the end
    def finish(self, spec: BatchSpec, records: bool) -> None:
        """Merge every part into the Parquet files (and records), mark the batch complete, drop the parts."""
        units = range(spec.matches)
        games: list[dict[str, Any]] = []
        shots: list[dict[str, Any]] = []
        if records:
            os.makedirs(os.path.join(self.path, "records"), exist_ok=True)
        for unit in units:
            part = self.read_part(unit)
            games.extend(part.games)
            shots.extend(part.shots)
            if records and part.record is not None:
                write_atomically(os.path.join(self.path, "records", f"u{unit:07d}.jsonl"), part.record, field="-o")
        write_parquet(os.path.join(self.path, "games.parquet"), GAME_COLUMNS, games)
        write_parquet(os.path.join(self.path, "shots.parquet"), SHOT_COLUMNS, shots)
        self._write_manifest(spec, records, complete=True)
        shutil.rmtree(self.parts, ignore_errors=True)


def _arrow_type(kind: str) -> Any:
    import pyarrow as pa

    return {"int": pa.int64(), "int?": pa.int64(), "str": pa.string(), "str?": pa.string(),
            "bool": pa.bool_(), "float?": pa.float64(), "list": pa.list_(pa.string()),
            "intlist": pa.list_(pa.int64())}[kind]


def write_parquet(path: str, columns: Iterable[tuple[str, str]], rows: list[dict[str, Any]]) -> None:
    """``rows`` as a Parquet file at ``path``, written under a temporary name and renamed."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = tuple(columns)
    schema = pa.schema([(name, _arrow_type(kind)) for name, kind in columns])
    table = pa.table({name: [row[name] for row in rows] for name, _ in columns}, schema=schema)
    tmp = os.path.join(os.path.dirname(path), f".tmp-{os.path.basename(path)}")
    pq.write_table(table, tmp)
    os.replace(tmp, path)


def read_table(path: str) -> list[dict[str, Any]]:
    """A batch's Parquet file as rows (for reports and tests)."""
    import pyarrow.parquet as pq

    return list(pq.read_table(path).to_pylist())
