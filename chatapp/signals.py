"""Sessions end sockets: logout, a password change or a deactivated account closes the user's open sockets.

A password change also revokes the user's API tokens: a token taken with the old password stops working.
A deleted chat closes every socket on it (4404), whatever deleted it and in whichever process the socket is.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save

from chatapp.events import group_name
from chatapp.models import ApiToken, Chat
from chatapp.services import api_token_revoke_all

# The control message a consumer answers by closing with 4401 (not an event: it never reaches the page).
SESSION_ENDED = "session.ended"
# The control message a chat's sockets answer by closing with 4404: the chat was deleted.
CHAT_DELETED = "chat.deleted"


def session_group(session_key: str) -> str:
    """The group of every socket opened with this session."""
    return f"session_{session_key}"


def user_group(user_id: int) -> str:
    """The group of every socket of this user, whatever the session."""
    return f"user_{user_id}"


def token_group(token_id: int) -> str:
    """The group of every socket an API client opened with this token."""
    return f"token_{token_id}"


def _end(group: str, message_type: str = SESSION_ENDED) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, {"type": message_type})


def on_logged_out(sender, request, user, **kwargs) -> None:
    """Logout: the sockets of this session close (the user's other sessions stay)."""
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        _end(session_group(key))


def on_user_pre_save(sender, instance, **kwargs) -> None:
    """Note a new password or a deactivation before the row is saved (save() forgets `_password`)."""
    # set_password() sets `_password`; a hash upgraded at login (check_password) clears it: no change then.
    instance._marquee_new_password = instance.pk is not None and getattr(instance, "_password", None) is not None
    instance._marquee_end_sockets = instance._marquee_new_password or (
        instance.pk is not None and not instance.is_active
    )


def on_user_saved(sender, instance, created, **kwargs) -> None:
    """A changed password revokes the user's API tokens; it or a deactivated account closes every socket."""
    if created:
        return
    if getattr(instance, "_marquee_new_password", False):
        api_token_revoke_all(user=instance)  # in the save's transaction: both happen or neither
    if getattr(instance, "_marquee_end_sockets", False):
        _end(user_group(instance.pk))


def on_token_saved(sender, instance, created, **kwargs) -> None:
    """A revoked token closes the sockets opened with it (a password change reaches them by the user's group)."""
    if not created and instance.revoked_at is not None:
        _end(token_group(instance.pk))


def on_chat_deleted(sender, instance, using, **kwargs) -> None:
    """A deleted chat (page, API, admin, its user's deletion) closes its sockets once the delete has committed."""
    group = group_name(instance.pk)
    # After the commit: a socket told earlier could reconnect while the chat still exists.
    transaction.on_commit(lambda: _end(group, CHAT_DELETED), using=using)


def connect() -> None:
    """Wire the receivers (from ChatappConfig.ready())."""
    user_model = get_user_model()
    user_logged_out.connect(on_logged_out, dispatch_uid="marquee.sockets.logout")
    pre_save.connect(on_user_pre_save, sender=user_model, dispatch_uid="marquee.sockets.user_pre_save")
    post_save.connect(on_user_saved, sender=user_model, dispatch_uid="marquee.sockets.user_saved")
    post_delete.connect(on_chat_deleted, sender=Chat, dispatch_uid="marquee.sockets.chat_deleted")
    post_save.connect(on_token_saved, sender=ApiToken, dispatch_uid="marquee.sockets.token_saved")
