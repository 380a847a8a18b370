"""Safe by default: DEBUG off unless asked for, HTTPS settings from the environment, and `check --deploy`
silent under the README's "Production settings"."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_LEAKY = ("OPENAI", "TMDB", "REDIS", "DATABASE", "DEBUG", "SECRET_KEY", "SECURE_", "SESSION_", "CSRF_", "ALLOWED_")


def _clean_env(**env: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(_LEAKY)}
    clean["DJANGO_SETTINGS_MODULE"] = "chatapp.settings"
    return {**clean, **env}


def _settings(expr: str, **env: str) -> subprocess.CompletedProcess:
    code = f"import django; django.setup(); from django.conf import settings; print({expr})"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=_clean_env(**env), capture_output=True, text=True, timeout=60
    )


def production_env() -> dict[str, str]:
    """The README's "Production settings" table, as an environment (the secret key made up here)."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### Production settings", 1)[1]
    table = next(block for block in section.split("\n\n") if block.startswith("|"))
    env = {}
    for row in table.splitlines()[2:]:
        name, value = re.findall(r"`([^`]*)`", row)[:2]
        env[name] = secrets.token_urlsafe(50) if value.startswith("<") else value
    return env


def test_it_turns_debug_off_when_the_environment_says_nothing():
    result = _settings("settings.DEBUG", SECRET_KEY=secrets.token_urlsafe(50))
    assert result.stdout.strip() == "False", result.stderr


def test_it_still_refuses_to_start_without_a_secret_key_by_default():
    result = _settings("settings.DEBUG")
    assert result.returncode != 0 and "SECRET_KEY is required when DEBUG is off" in result.stderr


def test_it_reads_the_https_settings_from_the_environment():
    result = _settings(
        "settings.SECURE_HSTS_SECONDS, settings.SECURE_HSTS_INCLUDE_SUBDOMAINS, settings.SECURE_HSTS_PRELOAD,"
        " settings.SECURE_SSL_REDIRECT, settings.SECURE_PROXY_SSL_HEADER, settings.SESSION_COOKIE_SECURE,"
        " settings.CSRF_COOKIE_SECURE",
        DEBUG="1",
        SECURE_HSTS_SECONDS="3600",
        SECURE_HSTS_INCLUDE_SUBDOMAINS="1",
        SECURE_HSTS_PRELOAD="yes",
        SECURE_SSL_REDIRECT="true",
        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
        SESSION_COOKIE_SECURE="1",
        CSRF_COOKIE_SECURE="1",
    )
    assert result.stdout.strip() == "3600 True True True ('HTTP_X_FORWARDED_PROTO', 'https') True True", result.stderr


def test_it_refuses_a_proxy_ssl_header_that_is_not_a_header_name():
    result = _settings(
        "settings.SECURE_PROXY_SSL_HEADER", DEBUG="1", SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto: https"
    )
    assert result.returncode != 0 and "SECURE_PROXY_SSL_HEADER must be a header name" in result.stderr


def test_it_passes_check_deploy_under_the_production_settings(tmp_path):
    env = {**production_env(), "STATIC_ROOT": str(tmp_path)}
    assert {"SECURE_HSTS_SECONDS", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"} <= set(env)
    # A deploy collects the static files first (the Procfile's release step); without them the check warns.
    collect = [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"]
    subprocess.run(collect, cwd=ROOT, env=_clean_env(**env), check=True, capture_output=True, timeout=120)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_clean_env(**env),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "System check identified no issues (0 silenced).", result.stdout + result.stderr
    assert result.stderr == ""
