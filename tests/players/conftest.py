import pytest


@pytest.fixture(scope="session")
def spec():
    from bola8.physics import table_spec

    return table_spec("9ft")
