"""The one exception for input refused at the edge.

Every input from outside (JSON, files, the command line) that is not valid is
refused with an :class:`InputError` whose message is one sentence naming the
offending field. The command line turns it into ``{"error": "..."}`` and exit
status 2. Standard library only: the rules package uses it too.
"""


class InputError(ValueError):
    """Input that the contract does not allow; the message names the field."""
