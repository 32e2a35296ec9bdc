from __future__ import annotations

import pytest

from bola8.physics import table_spec


@pytest.fixture(scope="session")
def spec():
    return table_spec("9ft")
