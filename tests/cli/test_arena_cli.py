"""``bola8 arena``'s options: a bad one is one sentence naming the option, exit 2, before any rack."""

from __future__ import annotations

import json

from cli_run import run_cli


def test_the_command_names_the_option_it_refuses() -> None:
    done = run_cli("arena", "bot", "--racks", "0", "--lang", "en")
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("--racks: 0")
    done = run_cli("arena", "bot", "--against", "bot,,bot")
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("--against:")
    done = run_cli("arena", "bot:nobody", "--lang", "en")
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("PLAYER: 'bot:nobody' is not a player")
    done = run_cli("arena", "bot", "--noise", "1,x", "--lang", "en")
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("--noise:")
