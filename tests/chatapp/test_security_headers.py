"""Every page carries a Content-Security-Policy without 'unsafe-inline' and a Permissions-Policy that turns
powerful browser features off; the templates give the policy nothing inline to refuse."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I), "inline <script>"),
    (re.compile(r"<style\b", re.I), "<style> element"),
    (re.compile(r"\sstyle=", re.I), "style attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "on* handler"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


def _directives(header: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in header.split(";")) if d}


@pytest.mark.django_db
def test_it_sends_a_content_security_policy_without_unsafe_inline(client):
    response = client.get("/login/")
    policy = _directives(response["Content-Security-Policy"])
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert "unsafe-eval" not in response["Content-Security-Policy"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    # The chat's websocket: its own origin, and the allowed hosts' ws/wss for browsers that need them listed.
    assert policy["connect-src"][0] == "'self'" and "ws://127.0.0.1:*" in policy["connect-src"]
    assert "wss://localhost:*" in policy["connect-src"]


@pytest.mark.django_db
def test_it_turns_off_powerful_browser_features(client):
    policy = client.get("/login/")["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in policy


def test_it_keeps_inline_scripts_styles_and_handlers_out_of_the_templates():
    found = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text()
        found += [f"{path.relative_to(ROOT)}: {what}" for pattern, what in INLINE if pattern.search(text)]
    assert found == []
