"""Admin: chats with inline messages; plan, step log and timings shown read-only."""

import html

import pytest
from django.test import Client

from chatapp.models import Chat, Message

pytestmark = pytest.mark.django_db


def test_it_shows_chats_messages_plans_and_step_logs_to_staff(alice, django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="x-admin-pass-1")
    chat = Chat.objects.create(owner=alice, title="Thrillers", flow="v2")
    message = Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="k",
        status="complete",
        planner_source="rules",
        flow="v2",
        payload={"mode": "B", "plan": {"intro": "Hi", "picks": [{"title": "Fargo", "year": 1996, "reason": "r"}]}},
        step_log=[
            {"name": "decide_mode", "status": "ok", "duration_ms": 1.5},
            {"name": "read_blocked", "label": "t_read_blocked", "status": "ok", "duration_ms": 0.4},
        ],
        timings={"t_decide_mode": 1.5, "t_total": 9.0},
    )
    client = Client()
    client.force_login(admin)
    listing = client.get("/admin/chatapp/chat/?flow=v2")
    assert listing.status_code == 200 and b"Thrillers" in listing.content
    assert b"decide_mode \xe2\x86\x92 plan_picks" not in listing.content.split(b'id="changelist-filter"')[0]
    chat_page = client.get(f"/admin/chatapp/chat/{chat.pk}/change/")
    assert chat_page.status_code == 200
    inline = html.unescape(chat_page.content.decode())
    # The inline message shows its step log and plan, pretty-printed (read-only).
    assert "Step log" in inline and '"name": "read_blocked"' in inline and '"t_read_blocked"' in inline
    assert '"intro": "Hi"' in inline and '"title": "Fargo"' in inline
    page = client.get(f"/admin/chatapp/message/{message.pk}/change/").content.decode()
    assert "decide_mode" in page and "t_decide_mode" in page and "Fargo" in page
    assert client.get("/admin/chatapp/message/?status=complete&planner_source=rules").status_code == 200


def test_it_keeps_the_admin_closed_to_ordinary_users(alice):
    client = Client()
    client.force_login(alice)
    assert client.get("/admin/chatapp/chat/").status_code == 302
