"""ErrorOut.code is an enum of every code the product can answer with (found in its source, so it cannot drift)."""

from __future__ import annotations

import ast
from pathlib import Path

from chatapp.schemas import error_codes

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("chatapp", "recs", "imagelab")


def _codes_in_source() -> set[str]:
    """`code="x"` arguments and defaults, `code = "x"` class attributes, `UploadError("x", …)`."""
    found: set[str] = set()
    for app in PRODUCT:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.keyword) and node.arg == "code" and isinstance(node.value, ast.Constant):
                    found.add(node.value.value)
                elif isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["code"]:
                    if isinstance(node.value, ast.Constant):
                        found.add(node.value.value)
                elif isinstance(node, ast.arguments):
                    named = node.args[-len(node.defaults) :] if node.defaults else []
                    for arg, default in zip(named, node.defaults, strict=True):
                        if arg.arg == "code" and isinstance(default, ast.Constant):
                            found.add(default.value)
                elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "UploadError" and node.args:
                    if isinstance(node.args[0], ast.Constant):
                        found.add(node.args[0].value)
    return {c for c in found if isinstance(c, str)}


def test_it_lists_every_code_raised_in_the_source_in_the_error_enum():
    missing = _codes_in_source() - set(error_codes())
    assert not missing, f"add these to CORE_ERROR_CODES or the kind's error_codes: {sorted(missing)}"


def test_it_lists_the_text_validators_derived_codes_in_the_error_enum():
    from chatapp.api import HTTP_ERROR_CODES

    derived = {"invalid_message", "invalid_title", "message_too_long", "title_too_long", "instruction_too_long"}
    derived |= {"payload_too_large", "image_too_large", "unauthorized", "not_found", *HTTP_ERROR_CODES.values()}
    assert derived <= set(error_codes())


def test_it_publishes_the_enum_in_the_openapi_schema(client):
    schema = client.get("/api/openapi.json").json()
    assert schema["components"]["schemas"]["ErrorOut"]["properties"]["code"]["enum"] == list(error_codes())
