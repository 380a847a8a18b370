"""A password change revokes the API tokens issued before it (chatapp.signals); the changing session stays in."""

from django.test import Client

from chatapp.models import ApiToken
from chatapp.services import api_token_create


def _bearer(key: str) -> Client:
    return Client(headers={"authorization": f"Bearer {key}"})


def _logged_in(username: str, password: str) -> Client:
    """A browser logged in through the login page (its session holds the password's hash)."""
    browser = Client()
    assert browser.post("/login/", {"username": username, "password": password}).status_code == 302
    return browser


def test_it_refuses_a_token_issued_before_a_password_change_with_a_plain_401(alice):
    _token, old_key = api_token_create(user=alice, name="laptop script")
    assert _bearer(old_key).get("/api/chats").status_code == 200
    alice.set_password("a-brand-new-secret-42")  # what `manage.py changepassword` and every password form do
    alice.save()
    refused = _bearer(old_key).get("/api/chats")
    assert (refused.status_code, refused.json()["code"]) == (401, "unauthorized")
    assert "revoked" in refused.json()["message"] and "password changed" in refused.json()["message"]
    written = _bearer(old_key).post("/api/chats", {}, content_type="application/json")
    assert (written.status_code, written.json()["code"]) == (401, "unauthorized")
    _new, new_key = api_token_create(user=alice)  # one created afterwards works
    assert _bearer(new_key).get("/api/chats").status_code == 200
    assert ApiToken.objects.get(key_prefix=old_key[:10]).revoked_at is not None  # the account page says revoked


def test_it_revokes_tokens_when_the_admin_password_form_changes_it_and_keeps_that_session_logged_in(alice):
    alice.is_staff = alice.is_superuser = True
    alice.save()
    _token, key = api_token_create(user=alice)
    browser = _logged_in("alice", "correct-horse-9")
    changed = browser.post(
        f"/admin/auth/user/{alice.pk}/password/",
        {"password1": "a-brand-new-secret-42", "password2": "a-brand-new-secret-42"},
    )
    assert changed.status_code == 302, changed.content[:500]
    assert _bearer(key).get("/api/chats").status_code == 401
    assert browser.get("/api/chats").status_code == 200  # the session that changed it is still logged in
    assert browser.get("/account/").status_code == 200


def test_it_keeps_tokens_when_the_user_is_saved_without_a_new_password(alice, bob):
    _token, key = api_token_create(user=alice)
    _bobs, bobs_key = api_token_create(user=bob)
    _logged_in("alice", "correct-horse-9")  # saves last_login
    alice.first_name = "Alice"
    alice.save()
    bob.set_password("another-secret-77")  # someone else's new password
    bob.save()
    assert _bearer(key).get("/api/chats").status_code == 200
    assert _bearer(bobs_key).get("/api/chats").status_code == 401
