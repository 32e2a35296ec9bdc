"""The README's and the documentation's examples run as written, and their links lead somewhere."""

import doctest
import json
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
# Every page a reader can reach: the front door, the docs, the benchmarks' guide.
PAGES = [README, *sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "README.md"]
BLOCKS = [(page, number, block)
          for page in PAGES
          for number, block in enumerate(re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S))]


def test_the_readme_has_python_examples():
    assert sum(page == README for page, _, _ in BLOCKS) >= 2


def test_the_readme_stays_a_front_door():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 200
    assert not (ROOT / "NOTES.md").exists()


@pytest.mark.parametrize("page, number, block", BLOCKS,
                         ids=[f"{page.relative_to(ROOT)}:{number + 1}" for page, number, _ in BLOCKS])
def test_each_python_example_shows_what_it_prints(page, number, block):
    """Every Python block is a doctest: each shown result is compared with what the code returns."""
    name = f"{page.relative_to(ROOT)} python block {number + 1}"
    test = doctest.DocTestParser().get_doctest(block, {}, name, str(page), 0)
    assert test.examples, f"{name} has no >>> examples"
    # An expression whose value the page does not show fails too: doctest compares every output.
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, name


def _matches(shown, actual) -> bool:
    """``shown`` (the page's JSON) equals ``actual``, a text "..." standing for any text."""
    if shown == "...":
        return isinstance(actual, str)
    if isinstance(shown, dict):
        return isinstance(actual, dict) and shown.keys() == actual.keys() and all(
            _matches(shown[k], actual[k]) for k in shown)
    if isinstance(shown, list):
        return isinstance(actual, list) and len(shown) == len(actual) and all(
            _matches(a, b) for a, b in zip(shown, actual))
    return shown == actual


def test_the_referee_example_answers_what_its_page_shows():
    text = (ROOT / "docs" / "referee.md").read_text(encoding="utf-8")
    request = re.search(r"echo '(\{\"state\".*?)' \\\n\s*\| bola8 referee --lang en", text, re.S).group(1)
    shown = json.loads(re.search(r"```json\n(\{\"ruling\".*?)```", text, re.S).group(1))
    done = subprocess.run([sys.executable, "-m", "bola8", "referee", "--lang", "en"], input=request,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _matches(shown, json.loads(done.stdout))


def test_the_readme_referee_command_is_answered():
    text = README.read_text(encoding="utf-8")
    request = re.search(r"echo '(\{.*?)' \| bola8 referee --lang en", text).group(1)
    done = subprocess.run([sys.executable, "-m", "bola8", "referee", "--lang", "en"], input=request,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["ruling"]["reasons"]


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_link_is_a_file_of_the_repository(page):
    text = page.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text) + re.findall(r'<img src="([^"]+)"', text)
    for link in links:
        if "://" in link or link.startswith("mailto:"):
            continue
        target = (page.parent / link).resolve()
        assert target.is_relative_to(ROOT), f"{page.name} links outside the clone: {link}"
        assert target.exists(), f"{page.name} links to a missing file: {link}"


def test_the_documentation_index_lists_every_page():
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    for page in (ROOT / "docs").glob("*.md"):
        if page.name != "README.md":
            assert f"]({page.name}" in index, page.name


def test_the_referee_contract_lists_every_reason_code_and_its_article():
    from bola8.rules.messages import MESSAGES

    doc = (ROOT / "docs" / "referee-json.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| ([\w.]+) \|", doc, re.M))
    assert rows == {code: article for code, (article, _, _) in MESSAGES.items()}


EVENTS = ("strike", "miscue", "ball_ball", "cushion", "pocket", "slide_roll", "slide_stop", "slide_spin",
          "roll_stop", "roll_spin", "spin_stop", "land", "off_table")


def test_the_simulate_contract_names_every_event_and_setting():
    from bola8.game.simulation import REQUEST_FIELDS, simulate_request as simulate
    from bola8.physics.api import SETTINGS_FIELDS
    from bola8.physics.params import CUSHION_MODELS

    doc = (ROOT / "docs" / "simulate-json.md").read_text(encoding="utf-8")
    for name in (*EVENTS, *REQUEST_FIELDS, *SETTINGS_FIELDS, *CUSHION_MODELS):
        assert f"`{name}`" in doc or f'"{name}"' in doc, name
    for seed in range(3):                        # what the simulator says is in the documented list
        for strike in ({"speed": 8.0, "phi": 90.0}, {"speed": 2.0, "phi": 80.0, "a": 0.6, "b": 0.6}):
            events = simulate(rack_seed=seed, strike=strike).to_dict()["events"]
            assert {event["type"] for event in events} <= set(EVENTS)
