"""bola8: the Spanish *Reglamento Bola 8* - referee, physics, games and players.

The packages, one job each (see DESIGN.md):

- :mod:`bola8.rules` - the referee; standard library only.
- :mod:`bola8.physics` - the event-based simulator (numpy + numba).
- :mod:`bola8.game` - the rules played on the simulated table; matches, records.
- :mod:`bola8.players` - the player protocol and bots.
- :mod:`bola8.cli` - the ``bola8`` command, a thin layer over the library.

Importing :mod:`bola8` imports none of them, so commands that do not simulate
start fast.
"""

__version__ = "0.1.0"
