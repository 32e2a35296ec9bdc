"""The server's JSON text: one encoder for every answer it builds by hand (orjson, arrays included).

A SHOT carries a trajectory of thousands of samples (a break: over 5,000 of
``[t, x, y, z]``); encoding them from Python lists took most of the time of
answering a stroke (``benchmarks/bench_server.py``, docs/server-api.md). Here
the samples stay numpy arrays and orjson writes them directly; numbers come
out as Python's ``json`` writes them (the shortest text that reads back the
same float), with no spaces, UTF-8 text as it is.
"""

from __future__ import annotations

from typing import Any

import orjson


def dumps(value: Any) -> str:
    """``value`` (dicts, lists, numbers, text, numpy arrays) as compact JSON text."""
    return orjson.dumps(value, option=orjson.OPT_SERIALIZE_NUMPY).decode()
