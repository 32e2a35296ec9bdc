"""The one exception for input refused at the edge.

Every input from outside (JSON, files, the command line) that is not valid is
refused with an :class:`InputError` whose message is one sentence naming the
offending field, written in English and in Spanish. The command line turns it
into ``{"error": "..."}`` in its ``--lang`` (Spanish by default) and exit
status 2. Standard library only: the rules package uses it too.
"""

from __future__ import annotations


class InputError(ValueError):
    """Input that the contract does not allow; the sentence names the field first.

    ``InputError(en, es)`` carries the sentence in both languages, with the
    field named exactly as the input spells it (``state.on_table[2]``,
    ``--race``). ``str(error)`` (and so a traceback) is the English sentence,
    for Python users; :meth:`text` gives either language - the commands print
    ``error.text(lang)``, Spanish by default.
    """

    def __init__(self, en: str, es: str | None = None):
        super().__init__(en, en if es is None else es)

    @property
    def en(self) -> str:
        return str(self.args[0])

    @property
    def es(self) -> str:
        return str(self.args[1])

    def text(self, lang: str = "es") -> str:
        """The sentence in ``lang``: "es" (the default) or "en"."""
        return self.es if lang == "es" else self.en

    def __str__(self) -> str:
        return self.en
