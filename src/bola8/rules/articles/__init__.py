"""One module per article of the Reglamento that the referee decides.

Each module is named after its article (``art07_legal_break``) and each
function after the point it decides (``art_7_legal_break``). The functions
are pure: facts and state in, a decision out. ``bola8.rules.referee``
composes them in a documented order.
"""
