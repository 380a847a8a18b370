"""Tools the planner may call: a name, a description and a pydantic argument model."""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from chatapp.planner.schema import (
    deepcopy_schema,
    model_from_function,
    parse_docstring,
    strict_json_schema,
)

_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # what both OpenAI APIs accept as a function name
_DOC_NAME = re.compile(r"^([a-z][a-z0-9_]*):\s*(.+)$")


class ToolArgumentsError(ValueError):
    """The model's arguments were not valid JSON or failed validation; `reason` can go back to the model."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Tool:
    """One callable tool: its wire name, a description for the model, and its argument model."""

    name: str
    description: str
    args_model: type[BaseModel]
    func: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ValueError(f"invalid tool name {self.name!r}: use letters, digits, _ or -, at most 64")

    @classmethod
    def from_model(
        cls, args_model: type[BaseModel], *, name: str | None = None, description: str | None = None
    ) -> Tool:
        """Build a tool from an argument model whose docstring reads "tool_name: description"."""
        summary, _ = parse_docstring(args_model.__doc__)
        match = _DOC_NAME.match(summary)
        if name is None:
            name = match.group(1) if match else _snake(args_model.__name__.removesuffix("Args"))
        if description is None:
            description = match.group(2) if match and match.group(1) == name else summary
        return cls(name=name, description=description, args_model=args_model)

    @classmethod
    def from_function(cls, fn: Callable[..., Any], *, name: str | None = None) -> Tool:
        """Build a tool from a plain function's signature and docstring."""
        model = model_from_function(fn)
        return cls(name=name or fn.__name__, description=model.__doc__ or "", args_model=model, func=fn)

    def json_schema(self) -> dict[str, Any]:
        """The strict-mode JSON schema of the arguments (a fresh copy)."""
        return deepcopy_schema(_cached_schema(self.args_model))

    def responses_spec(self) -> dict[str, Any]:
        """The tool as the Responses API `tools` entry."""
        return {
            "type": "function",
            "name": self.name,
            "description": self.description,
            "parameters": self.json_schema(),
            "strict": True,
        }

    def chat_completions_spec(self) -> dict[str, Any]:
        """The tool as the Chat Completions API `tools` entry."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.json_schema(),
                "strict": True,
            },
        }

    def parse(self, arguments: str) -> BaseModel:
        """Validate raw JSON arguments from the model; raise ToolArgumentsError with a compact reason."""
        try:
            data = json.loads(arguments or "")
        except (ValueError, TypeError, RecursionError) as exc:
            # Model output is untrusted: besides bad JSON, a number too long for int() (ValueError) or arrays nested
            # past the parser's recursion limit are refused like any bad arguments (re-asked), never a crash.
            raise ToolArgumentsError(f"arguments are not valid JSON ({str(exc)[:200]})") from None
        if not isinstance(data, dict):
            raise ToolArgumentsError(f"arguments must be a JSON object, got {type(data).__name__}")
        data = _drop_nulls_for_defaults(self.args_model, data)
        try:
            return self.args_model.model_validate(data)
        except ValidationError as exc:
            raise ToolArgumentsError(format_validation_error(exc)) from None


def format_validation_error(exc: ValidationError, *, limit: int = 8) -> str:
    """Render pydantic errors as "field: message; other.0.field: message"."""
    parts = []
    for error in exc.errors(include_url=False)[:limit]:
        where = ".".join(str(p) for p in error["loc"]) or "arguments"
        message = error["msg"]
        if error["type"] == "extra_forbidden":
            message = "unknown field"
        elif error["type"] == "missing":
            message = "is required"
        parts.append(f"{where}: {message}")
    more = exc.error_count() - limit
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts)


def _drop_nulls_for_defaults(model: type[BaseModel], data: dict[str, Any]) -> dict[str, Any]:
    """Strict mode sends null for fields the model skipped; let pydantic fill in their defaults."""
    out = dict(data)
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key not in out:
            continue
        value = out[key]
        if value is None and not info.is_required() and info.default is not None:
            del out[key]
            continue
        sub = _sub_model(info.annotation)
        if sub is not None and isinstance(value, dict):
            out[key] = _drop_nulls_for_defaults(sub, value)
        elif sub is not None and isinstance(value, list):
            out[key] = [_drop_nulls_for_defaults(sub, v) if isinstance(v, dict) else v for v in value]
    return out


def _sub_model(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside `Model`, `list[Model]` or `Model | None`, if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _sub_model(arg)
        if found is not None:
            return found
    return None


_SCHEMAS: dict[type[BaseModel], dict[str, Any]] = {}


def _cached_schema(model: type[BaseModel]) -> dict[str, Any]:
    # Schemas are built once per model: tools are sent on every planning call.
    if model not in _SCHEMAS:
        _SCHEMAS[model] = strict_json_schema(model)
    return _SCHEMAS[model]


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class ToolRegistry:
    """A named set of tools, listed in a stable (sorted) order."""

    def __init__(self, tools: list[Tool] | None = None):
        self._tools: dict[str, Tool] = {}
        for tool in tools or []:
            self.register(tool)

    def register(self, tool: Tool) -> Tool:
        """Add a tool; a second tool with the same name is an error."""
        if tool.name in self._tools:
            raise ValueError(f"tool {tool.name!r} is already registered")
        self._tools[tool.name] = tool
        return tool

    def register_function(self, fn: Callable[..., Any], name: str | None = None) -> Tool:
        """Add a tool built from a plain function; returns the tool."""
        return self.register(Tool.from_function(fn, name=name))

    def get(self, name: str) -> Tool:
        """Return the tool called `name`; KeyError names the unknown tool."""
        try:
            return self._tools[name]
        except KeyError:
            raise KeyError(f"unknown tool {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(self.tools())

    def __len__(self) -> int:
        return len(self._tools)

    def names(self) -> list[str]:
        """Tool names, sorted."""
        return sorted(self._tools)

    def tools(self) -> list[Tool]:
        """Tools sorted by name."""
        return [self._tools[name] for name in self.names()]

    def schemas(self) -> list[dict[str, Any]]:
        """Each tool's Responses-API spec, sorted by name (stable for snapshots and prompt caching)."""
        return [tool.responses_spec() for tool in self.tools()]
