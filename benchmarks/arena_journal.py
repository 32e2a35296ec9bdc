"""The arena's table from a journal: the racks a run has played so far (a long run stopped part-way).

    .venv/bin/python benchmarks/arena_journal.py FILE [--lang en] [--json OUT]

``FILE`` is a ``bola8 arena --journal FILE`` run's journal. Rack ``r`` of an arena is the same rack,
with the same seeds, whatever ``--racks`` says, so the first ``n`` racks of each pairing and noise in
the journal are exactly the racks of the same command with ``--racks n``: the table printed is that
run's (the make-rate table apart: the arena plays it before any rack and does not journal it).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace


def main(argv: list[str] | None = None) -> int:
    from bola8.players.arena import ArenaResult, ArenaSpec, read_journal, table

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("journal")
    parser.add_argument("--lang", choices=("es", "en"), default="en")
    parser.add_argument("--json", help="also write the figures (the summary) to this file")
    args = parser.parse_args(argv)
    with open(args.journal, encoding="utf-8") as handle:
        first = json.loads(handle.readline())["spec"]
    spec = ArenaSpec(**{**first, "opponents": tuple(first["opponents"]), "noises": tuple(first["noises"])})
    rows = read_journal(args.journal, spec)
    blocks = len(spec.noises) * len(spec.opponents)
    done = 0                # racks played in every block, from rack 0 on
    while done < spec.racks and all(b * spec.racks + done in rows for b in range(blocks)):
        done += 1
    if done == 0:
        print(f"{args.journal}: no rack played in every pairing yet")
        return 1
    short = replace(spec, racks=done)
    result = ArenaResult(short, rows=[rows[b * spec.racks + r] for b in range(blocks) for r in range(done)])
    text = table(result, args.lang).splitlines()
    print("\n".join(text[:-1]))         # the last line is the run's load average, which a journal does not keep
    print(f"\n{done} of the {spec.racks} racks per pairing of {args.journal} ({len(rows)} rows journalled)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"spec": short.to_dict(), "summary": result.summary()}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
