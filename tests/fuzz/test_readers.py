"""Fuzz targets for every reader of outside input, bounded so that ``make test`` runs each for a few seconds.

- ``bola8 referee`` and ``bola8 simulate``: bytes on standard input, read by
  :mod:`bola8.jsonio` and answered by the command (in process);
- the record reader and replay: record files with damaged lines;
- the mutation sweep: 3,000 mutations of valid referee and simulate requests
  (a field set to an odd value, deleted, or an unknown one added), each
  answered or refused with one bilingual sentence naming a field - never a
  traceback, never a sentence that cannot be printed.

Each target asserts the one contract every reader has: an answer, or an
:class:`~bola8.errors.InputError` (exit 2 and ``{"error": ...}`` from the
command line).
"""

from __future__ import annotations

import copy
import json
import random
import sys

import pytest
from hypothesis import HealthCheck, given, note, settings, strategies as st

from bola8.errors import InputError

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "cli"))
from cli_run import run_cli  # noqa: E402

FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)

ODD = st.sampled_from([None, True, False, 0, -1, 1, 7, 8, 15, 16, 99, 2**63, 10**400, 1e308, -0.0, 0.5, 2.5,
                       1e-300, "", "x", "8", "\ud800", "ñ" * 3, [], [1], [1, 1], {}, {"x": 1}, {"ball": 3}]
                      ).map(copy.deepcopy)                  # a fresh list or dict each time: mutations change them
SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(
    max_size=8)
VALUES = ODD | st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                            | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=4)


def check_command_answer(done, ok_statuses=(0, 2)):
    """The command answered one JSON line (a result or one error sentence), with no traceback."""
    assert done.returncode in ok_statuses, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    answer = json.loads(lines[0])
    if done.returncode == 2:
        assert set(answer) == {"error"} and "\n" not in answer["error"] and len(answer["error"]) < 2100
    return answer


# ------------------------------------------------------------------ standard input, as bytes
JSONISH = st.one_of(
    st.binary(max_size=200),
    st.text(alphabet='{}[]":,0123456789.eE+- \\untrfalsNI', max_size=120).map(str.encode),
    VALUES.map(lambda v: json.dumps(v).encode()),
)


@FUZZ
@given(data=JSONISH)
def test_fuzz_referee_stdin(data):
    check_command_answer(run_cli("referee", stdin=data))


@settings(FUZZ, max_examples=150)
@given(data=JSONISH)
def test_fuzz_simulate_stdin(data):
    check_command_answer(run_cli("simulate", stdin=data))


# ------------------------------------------------------------------ the mutation sweep
PLAY = {"state": {"groups": ["solids", "stripes"], "on_table": [1, 2, 8, 9], "shooter": 0,
                  "turns_without_attempt": 1, "called_this_turn": False},
        "shot": {"call": {"ball": 1, "pocket": "side-left"}, "first_contact": 1,
                 "pocketed": [{"ball": 1, "pocket": "side-left"}], "off_table": [], "rail_after_contact": True,
                 "object_balls_to_rail": 0, "referee_fouls": []}}
BREAK = {"state": {"phase": "break", "cue_ball": "in_hand_behind_head_string", "on_table": list(range(1, 16))},
         "shot": {"first_contact": 1, "pocketed": [{"ball": 0, "pocket": "head-left"}],
                  "object_balls_to_rail": 4}}
CHOICE = {"state": {"on_table": list(range(1, 16)), "shooter": 1, "breaker": 0,
                    "decision": {"player": 1, "options": ["accept_table", "rebreak"]}}, "choice": "accept_table"}
DECLARE = {"state": {"on_table": [1, 8, 9], "ruleset": "spanish-coin-op"}, "declare": "forfeit", "player": 0}
SIMULATE = [{"table": "9ft", "balls": {"0": [0.6, 0.6], "1": [0.6, 1.8]},
             "strike": {"speed": 2.0, "phi": 90.0, "theta": 5.0, "a": 0.1, "b": -0.1},
             "settings": {"cushion_model": "stronge", "stronge_omega_ratio": 1.5}},
            {"table": "7ft", "rack_seed": 3, "strike": {"speed": 6.0, "phi": 88.0}}]


def _places(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places(item, (*path, i))


ODD_VALUES = [None, True, False, 0, -1, 1, 7, 8, 15, 16, 99, 2**63, 10**400, 1e308, -0.0, 0.5, 2.5, 1e-300, "",
              "x", "8", "\ud800", "ñ" * 3, [], [1], [1, 1], [[]], {}, {"x": 1}, {"ball": 3}, {"": None},
              "foot-left", "solids", "break", "on_table", [3, 8], [{"ball": 0, "pocket": "side-left"}]]
NEW_KEYS = ["x", "ball", "call", "pocketed", "state", "\ud800", "", "shot", "choice", "declare", "settings"]


def mutated(goods, rng: random.Random):
    """One of ``goods`` with one to three random changes: a value set to an odd one, deleted, or one added."""
    value = copy.deepcopy(rng.choice(goods))
    for _ in range(rng.randint(1, 3)):
        places = list(_places(value))[1:]
        if not places:
            break
        path = rng.choice(places)
        holder = value
        for step in path[:-1]:
            holder = holder[step]
        action = rng.choice(["set", "set", "delete", "add"])
        odd = copy.deepcopy(rng.choice(ODD_VALUES))
        if action == "set":
            holder[path[-1]] = odd
        elif action == "delete":
            del holder[path[-1]]
        elif isinstance(holder, dict):
            holder[rng.choice(NEW_KEYS)] = odd
        else:
            holder.append(odd)
    return value


def check_refusal(error: InputError):
    """One sentence in each language, the same field first, that the command line can print."""
    from bola8.cli._io import printable

    assert error.en and error.es and error.en != error.es
    field = error.en.split(": ", 1)[0]
    assert error.es.startswith(field + ": "), (error.en, error.es)
    for text in (error.en, error.es):
        shown = printable(text, "es")
        shown.encode("utf-8")            # no lone surrogate left
        assert "\n" not in shown and len(shown) < 2100


# 3,000 mutations each: 300 seeds of 10 mutations (drawing each change through hypothesis costs
# 5 ms; a seeded generator draws them for nothing, and the failing request is noted)
SWEEP = settings(FUZZ, max_examples=300)
SEEDS = st.integers(0, 2**32 - 1)


@SWEEP
@given(seed=SEEDS)
def test_3000_mutations_of_referee_requests_are_answered_or_refused_with_one_sentence(seed):
    from bola8.rules.referee_request import answer

    rng = random.Random(seed)
    for _ in range(10):
        request = mutated([PLAY, BREAK, CHOICE, DECLARE], rng)
        note(repr(request))
        try:
            answer(request, lang="es")
        except InputError as error:
            check_refusal(error)


@SWEEP
@given(seed=SEEDS)
def test_3000_mutations_of_simulate_requests_are_validated_or_refused_with_one_sentence(seed):
    # simulate's validation without the physics, so 3,000 requests take seconds (the next test plays some)
    from bola8.game import simulation

    rng = random.Random(seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simulation, "simulate_layout", lambda *args: None)
        for _ in range(10):
            request = mutated(SIMULATE, rng)
            note(repr(request))
            try:
                simulation.simulate_request(**request)
            except InputError as error:
                check_refusal(error)


@settings(FUZZ, max_examples=200)
@given(seed=SEEDS)
def test_mutated_simulate_requests_through_the_command_and_the_physics(seed):
    request = mutated(SIMULATE, random.Random(seed))
    note(repr(request))
    check_command_answer(run_cli("simulate", stdin=json.dumps(request).encode()))


# ------------------------------------------------------------------ records
@pytest.fixture(scope="module")
def record_lines(tmp_path_factory):
    """The lines of a short recorded match: its header, the lag, the first game's first actions, the end."""
    path = tmp_path_factory.mktemp("fuzz") / "m.jsonl"
    done = run_cli("match", "--race", "1", "--seed", "3", "--quiet", "--record", str(path))
    assert done.returncode == 0, done.stdout
    lines = path.read_text(encoding="utf-8").splitlines()
    shots = [i for i, line in enumerate(lines) if json.loads(line)["type"] == "shot"]
    return lines[:shots[1] + 1] + [lines[-1]]


LINE_DAMAGE = st.one_of(
    st.binary(max_size=80),
    st.text(max_size=60).map(str.encode),
    VALUES.map(lambda v: json.dumps(v).encode()),
    st.sampled_from([b"[" * 5000, b'{"type": "shot", "n": ' + b"9" * 5000 + b"}", b"\xff\xfe", b"",
                     b'{"type": "shot", "type": "game"}', b'{"type": "shot", "x": NaN}']),
)


@settings(FUZZ, max_examples=150)
@given(data=st.data())
def test_fuzz_records_read_and_replayed(record_lines, tmp_path_factory, data):
    lines = [line.encode("utf-8") for line in record_lines]
    for where in sorted(set(data.draw(st.lists(st.integers(0, len(lines) - 1), min_size=1, max_size=2)))):
        if data.draw(st.booleans()):                        # a line replaced by junk
            lines[where] = data.draw(LINE_DAMAGE)
        else:                                               # one field of a line changed
            line = json.loads(record_lines[where])
            line[data.draw(st.sampled_from(sorted(line)))] = data.draw(VALUES)
            lines[where] = json.dumps(line).encode()
    path = tmp_path_factory.mktemp("damaged") / "r.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    done = run_cli("replay", str(path))
    assert done.returncode in (0, 1, 2) and "Traceback" not in done.stdout + done.stderr
    if done.returncode == 2:
        check_command_answer(done, (2,))
