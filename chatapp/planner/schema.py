"""Turn pydantic argument models into JSON schemas OpenAI strict mode accepts.

Strict function calling (Responses and Chat Completions, `"strict": true`) only
accepts a subset of JSON Schema: every object closed with
`additionalProperties: false`, every property listed in `required`, and a short
list of keywords. Constraints we have to drop here (string lengths, defaults…)
stay enforced by pydantic when the arguments are parsed, and are spelled out
in the description so the model still knows about them.
"""

from __future__ import annotations

import copy
import inspect
import json
import re
import types
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

# Keywords strict mode understands; anything else is dropped (after being
# described in words when it carries a constraint the model should respect).
_KEEP = {
    "type",
    "description",
    "enum",
    "const",
    "anyOf",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
    "pattern",
    "format",
}
_FORMATS = {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}


class StrictSchemaError(ValueError):
    """The model uses a construct strict mode cannot express (free-form dicts, recursion…)."""


def strict_json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """Return the strict-mode JSON schema of `model`'s fields ($refs inlined)."""
    raw = model.model_json_schema()
    defs = raw.get("$defs", {})
    schema = _convert(raw, defs=defs, seen=(), path=model.__name__)
    # The tool carries the model's description; the root keeps only the shape.
    schema.pop("description", None)
    if schema.get("type") != "object":
        raise StrictSchemaError(f"{model.__name__}: the root of a tool schema must be an object")
    return schema


def _convert(node: dict[str, Any], *, defs: dict, seen: tuple[str, ...], path: str) -> dict[str, Any]:
    node = dict(node)
    ref = node.pop("$ref", None)
    if ref is not None:
        name = ref.rsplit("/", 1)[-1]
        if name in seen:
            raise StrictSchemaError(f"{path}: recursive model {name} is not supported")
        # Keywords next to the $ref (a field's description) win over the target's.
        target = {k: v for k, v in defs[name].items() if k != "title"}
        node = {**target, **node}
        seen = (*seen, name)
    node.pop("$defs", None)

    notes = _constraint_notes(node)
    if node.get("default") is not None:
        # Strict mode sends every field; Tool.parse maps null back to this default.
        notes.append(f"null means the default, {_json_literal(node['default'])}")
    if "allOf" in node:
        parts = node.pop("allOf")
        if len(parts) != 1:
            raise StrictSchemaError(f"{path}: allOf with several parts is not supported")
        merged = _convert(parts[0], defs=defs, seen=seen, path=path)
        node = {**merged, **{k: v for k, v in node.items() if k in _KEEP}}

    out: dict[str, Any] = {}
    for key, value in node.items():
        if key not in _KEEP:
            continue
        if key == "properties":
            out[key] = {name: _convert(sub, defs=defs, seen=seen, path=f"{path}.{name}") for name, sub in value.items()}
        elif key == "items":
            out[key] = _convert(value, defs=defs, seen=seen, path=f"{path}[]")
        elif key == "anyOf":
            out[key] = [_convert(sub, defs=defs, seen=seen, path=path) for sub in value]
        elif key == "format" and value not in _FORMATS:
            continue
        elif key == "additionalProperties" and value not in (False,):
            raise StrictSchemaError(f"{path}: free-form objects (dict fields) are not supported")
        else:
            out[key] = value

    if out.get("type") == "object" or "properties" in out:
        if "properties" not in out:
            raise StrictSchemaError(f"{path}: objects without declared properties are not supported")
        optional = [name for name in out["properties"] if name not in node.get("required", [])]
        for name in optional:
            out["properties"][name] = _nullable(out["properties"][name])
        out["type"] = "object"
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    if not (set(out) & {"type", "anyOf", "enum", "const"}):
        raise StrictSchemaError(f"{path}: a value of any type is not supported; annotate it")

    description = out.get("description", "").rstrip()
    notes = [note for note in notes if not _already_said(note, description)]
    if notes:
        out["description"] = f"{description} ({'; '.join(notes)})".strip()
    return _collapse_null_union(out)


def _constraint_notes(node: dict[str, Any]) -> list[str]:
    """Describe in words the string constraints strict mode cannot carry."""
    low, high = node.get("minLength"), node.get("maxLength")
    notes = []
    if low is not None and high is not None:
        notes.append(f"{low} to {high} characters")
    elif high is not None:
        notes.append(f"at most {high} characters")
    elif low is not None:
        notes.append(f"at least {low} character{'s' if low != 1 else ''}")
    fmt = node.get("format")
    if fmt and fmt not in _FORMATS and node.get("type") == "string":
        notes.append(f"format: {fmt}")
    return notes


def _already_said(note: str, description: str) -> bool:
    """True when the author already wrote the limit ("at most 160 characters") in the description."""
    numbers = re.findall(r"\d+", note)
    text = description.lower()
    return "character" in note and "character" in text and all(n in text for n in numbers)


def _json_literal(value: Any) -> str:
    return json.dumps(value, default=str)


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """Let an optional field be null: strict mode has no "may be omitted"."""
    if _accepts_null(schema):
        return schema
    description = schema.get("description")
    body = {k: v for k, v in schema.items() if k != "description"}
    out: dict[str, Any] = {"anyOf": [body, {"type": "null"}]}
    if description:
        out["description"] = description
    return _collapse_null_union(out)


def _accepts_null(schema: dict[str, Any]) -> bool:
    typ = schema.get("type")
    if typ == "null" or (isinstance(typ, list) and "null" in typ):
        return True
    return any(_accepts_null(sub) for sub in schema.get("anyOf", []))


def _collapse_null_union(schema: dict[str, Any]) -> dict[str, Any]:
    """Rewrite `anyOf: [{type: X, ...}, {type: null}]` as `type: [X, "null"]` when that is exact."""
    options = schema.get("anyOf")
    if not options or len(options) != 2 or {"type": "null"} not in options:
        return schema
    other = options[0] if options[1] == {"type": "null"} else options[1]
    typ = other.get("type")
    # enum/const would have to list null too, and objects read better as anyOf.
    if not isinstance(typ, str) or typ in ("object", "array") or {"enum", "const", "anyOf"} & set(other):
        return schema
    merged = {k: v for k, v in schema.items() if k != "anyOf"}
    merged.update({k: v for k, v in other.items() if k != "description"})
    descriptions = [d for d in (schema.get("description"), other.get("description")) if d]
    if descriptions:
        merged["description"] = " ".join(dict.fromkeys(descriptions))
    merged["type"] = [typ, "null"]
    return merged


# --- argument models built from plain functions ---------------------------------

_ARGS_HEADER = re.compile(r"^\s*(Args|Arguments|Parameters):\s*$")
_ARG_LINE = re.compile(r"^\s*(\*{0,2}\w+)\s*(\([^)]*\))?\s*:\s*(.*)$")


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """Split a docstring into (first line, {arg name: description}) from its `Args:` section."""
    lines = inspect.cleandoc(doc or "").splitlines()
    summary = lines[0].strip() if lines else ""
    args: dict[str, str] = {}
    in_args = False
    current: str | None = None
    indent: int | None = None
    for line in lines[1:]:
        if _ARGS_HEADER.match(line):
            in_args, current, indent = True, None, None
            continue
        if not in_args:
            continue
        if not line.strip():
            current = None
            continue
        width = len(line) - len(line.lstrip())
        if width == 0:  # a new section (Returns:, Raises:) ends the args
            in_args = False
            continue
        match = _ARG_LINE.match(line)
        if match and (indent is None or width <= indent):
            indent = width
            current = match.group(1).lstrip("*")
            args[current] = match.group(3).strip()
        elif current is not None:  # a continuation line
            args[current] = f"{args[current]} {line.strip()}".strip()
    return summary, args


def model_from_function(fn: Callable[..., Any]) -> type[BaseModel]:
    """Build a closed pydantic argument model from `fn`'s signature and docstring."""
    summary, arg_docs = parse_docstring(fn.__doc__)
    hints = typing.get_type_hints(fn, include_extras=True)
    fields: dict[str, Any] = {}
    for param in inspect.signature(fn).parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise StrictSchemaError(f"{fn.__name__}: *args/**kwargs cannot become tool arguments")
        if param.name not in hints:
            raise StrictSchemaError(f"{fn.__name__}: argument {param.name!r} needs a type hint")
        annotation = hints[param.name]
        description = arg_docs.get(param.name)
        if param.default is inspect.Parameter.empty:
            fields[param.name] = (annotation, Field(description=description))
        else:
            if param.default is None and not _allows_none(annotation):
                annotation = annotation | None  # `x: str = None` means optional
            fields[param.name] = (annotation, Field(default=param.default, description=description))
    name = "".join(part.title() for part in fn.__name__.split("_")) + "Args"
    model = create_model(name, __config__=ConfigDict(extra="forbid"), **fields)
    model.__doc__ = summary or None
    return model


def _allows_none(annotation: Any) -> bool:
    if annotation is None or annotation is type(None):
        return True
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return any(_allows_none(arg) for arg in typing.get_args(annotation))
    return False


def deepcopy_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """Return a copy callers may mutate without touching a cached schema."""
    return copy.deepcopy(schema)
