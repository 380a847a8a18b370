"""Tool specs, argument parsing, the registry, and pinned schema snapshots."""

import difflib
import json
import os
from pathlib import Path
from typing import Literal

import pytest

from chatapp.planner.tools import Tool, ToolArgumentsError, ToolRegistry
from recs.flows.tools import DecideModeArgs, PlanPicksArgs

SNAPSHOTS = Path(__file__).parent / "snapshots"


def find_showtimes(city: str, film: str, day: Literal["today", "tomorrow"] = "today", max_results: int = 3):
    """Find cinema showtimes for a film.

    Args:
        city: The city to search in.
        film: The film title.
        day: Which day.
        max_results: At most this many showtimes.
    """


DECIDE = Tool.from_model(DecideModeArgs)
PICKS = Tool.from_model(PlanPicksArgs)


def test_it_names_tools_from_the_model_docstring():
    assert DECIDE.name == "decide_mode"
    assert DECIDE.description == "A = answer conversationally, B = recommend films."
    assert PICKS.name == "plan_picks"


def test_it_builds_both_api_specs():
    assert DECIDE.responses_spec() == {
        "type": "function",
        "name": "decide_mode",
        "description": DECIDE.description,
        "parameters": DECIDE.json_schema(),
        "strict": True,
    }
    assert DECIDE.chat_completions_spec() == {
        "type": "function",
        "function": {
            "name": "decide_mode",
            "description": DECIDE.description,
            "parameters": DECIDE.json_schema(),
            "strict": True,
        },
    }


def test_it_hands_out_schema_copies():
    DECIDE.json_schema()["properties"].clear()
    assert "mode" in DECIDE.json_schema()["properties"]


def test_it_parses_valid_arguments():
    args = DECIDE.parse('{"mode": "B", "reason": "asked for films"}')
    assert isinstance(args, DecideModeArgs) and args.mode == "B"


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        ('{"mode": "B", ', "arguments are not valid JSON"),
        ("", "arguments are not valid JSON"),
        ('["B"]', "arguments must be a JSON object, got list"),
        ('{"mode": "C", "reason": "x"}', "mode: Input should be 'A' or 'B'"),
        ('{"mode": "A"}', "reason: is required"),
        ('{"mode": "A", "reason": "x", "extra": 1}', "extra: unknown field"),
        (
            '{"mode": "A", "reason": "' + "x" * 161 + '"}',
            "reason: String should have at most 160 characters",
        ),
    ],
)
def test_it_explains_invalid_arguments(arguments, reason):
    with pytest.raises(ToolArgumentsError) as info:
        DECIDE.parse(arguments)
    assert reason in info.value.reason


def test_it_lists_nested_errors_compactly():
    bad = {"intro": "Hi", "picks": [{"title": " ", "year": 3000, "reason": "r"}]}
    with pytest.raises(ToolArgumentsError) as info:
        PICKS.parse(json.dumps(bad))
    assert info.value.reason == (
        "picks.0.title: Value error, must not be blank; picks.0.year: Input should be less than or equal to 2100"
    )


def test_it_turns_null_into_the_default():
    tool = Tool.from_function(find_showtimes)
    args = tool.parse('{"city": "Lyon", "film": "Heat", "day": null, "max_results": null}')
    assert (args.day, args.max_results) == ("today", 3)


def test_it_rejects_invalid_tool_names():
    with pytest.raises(ValueError, match="invalid tool name"):
        Tool(name="has space", description="", args_model=DecideModeArgs)


def test_it_registers_and_finds_tools():
    registry = ToolRegistry([PICKS, DECIDE])
    tool = registry.register_function(find_showtimes)
    assert tool.func is find_showtimes and tool.description == "Find cinema showtimes for a film."
    assert "decide_mode" in registry and "nope" not in registry
    assert registry.get("plan_picks") is PICKS
    assert registry.names() == ["decide_mode", "find_showtimes", "plan_picks"]
    assert [s["name"] for s in registry.schemas()] == registry.names()
    with pytest.raises(KeyError, match="unknown tool 'nope'"):
        registry.get("nope")
    with pytest.raises(ValueError, match="already registered"):
        registry.register(DECIDE)


@pytest.mark.parametrize(
    ("snapshot", "tool"),
    [
        ("decide_mode.json", DECIDE),
        ("plan_picks.json", PICKS),
        ("find_showtimes.json", Tool.from_function(find_showtimes)),
    ],
)
def test_it_keeps_tool_schemas_pinned(snapshot, tool):
    """A schema change must be deliberate: rerun with UPDATE_SNAPSHOTS=1 and commit the diff."""
    actual = json.dumps(tool.responses_spec(), indent=2, sort_keys=True) + "\n"
    path = SNAPSHOTS / snapshot
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(actual)
        return
    if not path.exists():
        pytest.fail(f"missing snapshot {path.name}; run with UPDATE_SNAPSHOTS=1 to create it")
    expected = path.read_text()
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                f"{snapshot} (committed)",
                "now",
            )
        )
        pytest.fail(f"tool schema drifted; rerun with UPDATE_SNAPSHOTS=1 if intended:\n{diff}")


@pytest.mark.parametrize(
    "raw",
    ['{"mode": "A", "reason": ' + "[" * 100_000 + "]" * 100_000 + "}", '{"mode": "A", "reason": ' + "9" * 5000 + "}"],
    ids=["nested-past-the-recursion-limit", "a-5000-digit-number"],
)
def test_it_refuses_arguments_json_cannot_hold_as_bad_arguments_not_a_crash(raw):
    # Model output is untrusted: json.loads raises RecursionError or a plain ValueError for these, which escaped the
    # parser and crashed the turn (502 internal_error) instead of being re-asked like any bad arguments.
    with pytest.raises(ToolArgumentsError, match="not valid JSON"):
        DECIDE.parse(raw)
