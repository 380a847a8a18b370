"""strict_json_schema and model_from_function produce schemas OpenAI strict mode accepts."""

import json
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from chatapp.planner.schema import (
    StrictSchemaError,
    model_from_function,
    parse_docstring,
    strict_json_schema,
)
from recs.flows.tools import DecideModeArgs, PlanPicksArgs

# Keywords outside the strict-mode subset; none may survive.
FORBIDDEN = {
    "default",
    "title",
    "minLength",
    "maxLength",
    "$ref",
    "$defs",
    "allOf",
    "examples",
    "discriminator",
}


def assert_strict(schema, path="$"):
    """Walk a schema and check the strict-mode rules at every node."""
    assert isinstance(schema, dict), path
    assert not (FORBIDDEN & set(schema)), f"{path}: {FORBIDDEN & set(schema)}"
    if schema.get("type") == "object":
        assert schema["additionalProperties"] is False, path
        assert schema["required"] == list(schema["properties"]), path
    for name, sub in schema.get("properties", {}).items():
        assert_strict(sub, f"{path}.{name}")
    if isinstance(schema.get("items"), dict):
        assert_strict(schema["items"], f"{path}[]")
    for i, sub in enumerate(schema.get("anyOf", [])):
        assert_strict(sub, f"{path}|{i}")


class Address(BaseModel):
    """A postal address."""

    street: str = Field(min_length=1, description="Street and number.")
    city: str


class Person(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=80, description="Full name.")
    nickname: str | None = None
    age: int = Field(ge=0, le=150)
    role: Literal["admin", "member"] = "member"
    kind: Literal["person"] = "person"
    home: Address
    work: Address | None = None
    tags: list[str] = Field(default_factory=list, max_length=5)
    homes: list[Address] = Field(min_length=1)


def test_it_closes_every_object_and_requires_every_property():
    schema = strict_json_schema(Person)
    assert_strict(schema)
    assert schema["required"] == list(Person.model_fields)
    assert schema["properties"]["home"]["properties"]["city"] == {"type": "string"}


def test_it_inlines_nested_models_without_refs():
    schema = strict_json_schema(PlanPicksArgs)
    text = json.dumps(schema)
    assert "$ref" not in text and "$defs" not in text
    pick = schema["properties"]["picks"]["items"]
    assert pick["required"] == ["title", "year", "reason"]
    assert pick["additionalProperties"] is False


def test_it_makes_optional_fields_nullable():
    props = strict_json_schema(Person)["properties"]
    assert props["nickname"]["type"] == ["string", "null"]
    assert {"type": "null"} in props["work"]["anyOf"]
    assert {"type": "null"} in props["role"]["anyOf"]  # has a default, so may be null


def test_it_keeps_literals_numbers_and_array_limits():
    props = strict_json_schema(Person)["properties"]
    assert props["age"]["minimum"] == 0 and props["age"]["maximum"] == 150
    assert props["role"]["anyOf"][0]["enum"] == ["admin", "member"]
    assert props["homes"]["minItems"] == 1
    picks = strict_json_schema(PlanPicksArgs)["properties"]["picks"]
    assert (picks["minItems"], picks["maxItems"]) == (1, 3)


def test_it_drops_string_lengths_but_describes_them():
    props = strict_json_schema(Person)["properties"]
    assert props["name"]["description"] == "Full name. (at most 80 characters)"
    street = props["home"]["properties"]["street"]
    assert street["description"] == "Street and number. (at least 1 character)"


def test_it_does_not_repeat_a_limit_the_author_already_wrote():
    reason = strict_json_schema(DecideModeArgs)["properties"]["reason"]
    assert reason["description"] == "Why this mode, at most 160 characters."


def test_it_describes_non_null_defaults():
    role = strict_json_schema(Person)["properties"]["role"]
    assert 'null means the default, "member"' in role["description"]


def test_it_rejects_free_form_dicts():
    class Bad(BaseModel):
        data: dict[str, str]

    with pytest.raises(StrictSchemaError, match="free-form"):
        strict_json_schema(Bad)


def test_it_rejects_recursive_models():
    class Node(BaseModel):
        children: list["Node"]

    Node.model_rebuild()
    with pytest.raises(StrictSchemaError, match="recursive"):
        strict_json_schema(Node)


def search_catalogue(
    query: str,
    year: int | None = None,
    limit: int = 5,
    kinds: list[Literal["film", "series"]] | None = None,
):
    """Search the film catalogue.

    Longer explanation that is not part of the tool description.

    Args:
        query: Free text, e.g. a title or an actor.
        year: Release year,
            when the user gave one.
        limit: How many results to return.

    Returns:
        Matching titles.
    """


def test_it_builds_an_argument_model_from_a_function():
    model = model_from_function(search_catalogue)
    assert model.__doc__ == "Search the film catalogue."
    schema = strict_json_schema(model)
    assert_strict(schema)
    props = schema["properties"]
    assert props["query"] == {
        "description": "Free text, e.g. a title or an actor.",
        "type": "string",
    }
    assert props["year"]["description"] == "Release year, when the user gave one."
    assert props["year"]["type"] == ["integer", "null"]
    assert model(query="x").limit == 5
    assert model.model_config["extra"] == "forbid"


def test_it_requires_type_hints_on_function_arguments():
    def untyped(query):
        """Nope."""

    with pytest.raises(StrictSchemaError, match="type hint"):
        model_from_function(untyped)


def test_it_parses_docstring_args_sections():
    summary, args = parse_docstring(search_catalogue.__doc__)
    assert summary == "Search the film catalogue."
    assert set(args) == {"query", "year", "limit"}
