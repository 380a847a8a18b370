"""Log-in throttling: after LOGIN_FAILURE_LIMIT wrong passwords a client is refused, quickly and without
running the password hasher, with "try again in N minutes"; the right password is refused too until then."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import hashers
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db

MESSAGE = "Too many failed log-ins; try again in 15 minutes."


@pytest.fixture
def hasher_runs(monkeypatch):
    """How many times a password was hashed (checked, or hashed to even out timing for an unknown user)."""
    runs = []

    def counted(real):
        def spy(*args, **kwargs):
            runs.append(1)
            return real(*args, **kwargs)

        return spy

    for name in ("check_password", "make_password"):
        spy = counted(getattr(hashers, name))
        monkeypatch.setattr(hashers, name, spy)
        monkeypatch.setattr(f"django.contrib.auth.base_user.{name}", spy)
    return runs


def _log_in(client: Client, username: str, password: str):
    return client.post("/login/", {"username": username, "password": password})


def test_it_locks_out_after_the_failure_limit_and_never_hashes_again(alice, hasher_runs, settings):
    assert settings.AXES_FAILURE_LIMIT == 5
    client = Client(REMOTE_ADDR="203.0.113.7")
    answers = [_log_in(client, "alice", f"wrong-{i}") for i in range(30)]
    statuses = [response.status_code for response in answers]
    assert statuses == [200] * 4 + [429] * 26
    assert "Please enter a correct username and password" in answers[0].content.decode()
    for response in answers[4:]:
        assert MESSAGE in response.content.decode()
        assert response["Retry-After"] == "900"
    assert len(hasher_runs) == 5  # the 25 refused attempts never reached the hasher
    # The right password is refused as well while locked out, and nobody is logged in.
    response = _log_in(client, "alice", "correct-horse-9")
    assert response.status_code == 429 and MESSAGE in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert len(hasher_runs) == 5


def test_it_locks_the_ip_for_every_account_but_not_other_ips(alice, bob, hasher_runs):
    attacker = Client(REMOTE_ADDR="203.0.113.8")
    for i in range(5):
        _log_in(attacker, "alice", f"wrong-{i}")
    response = _log_in(attacker, "bob", "battery-staple-7")
    assert response.status_code == 429  # the IP is locked, whichever account it tries
    elsewhere = Client(REMOTE_ADDR="198.51.100.1")
    response = _log_in(elsewhere, "alice", "correct-horse-9")
    assert response.status_code == 302  # alice, from her own address, is not locked out by the attacker


def test_it_lets_the_right_password_in_once_the_cool_off_is_over(alice, settings):
    settings.AXES_COOLOFF_TIME = timedelta(minutes=1)
    client = Client(REMOTE_ADDR="203.0.113.9")
    for i in range(5):
        _log_in(client, "alice", f"wrong-{i}")
    response = _log_in(client, "alice", "correct-horse-9")
    assert response.status_code == 429 and "try again in 1 minute." in response.content.decode()
    # A minute and a bit later (the recorded failures moved back, rather than the test waiting):
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(seconds=61))
    response = _log_in(client, "alice", "correct-horse-9")
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(alice.pk)
