"""Admin: chats with inline messages; plan, step log and timings shown read-only."""

import html
import re

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


def test_it_shows_usage_per_user_to_staff(alice, bob, django_user_model):
    from decimal import Decimal

    from chatapp.models import PlannerCall

    admin = django_user_model.objects.create_superuser("root", password="x-admin-pass-1")
    for user, tokens, cost in ((alice, 12_000, "0.0125"), (alice, 1_000, "0.001"), (bob, 300, "0.0003")):
        PlannerCall.objects.create(
            user=user,
            request_id="r",
            backend="openai",
            model="gpt-5",
            metered=True,
            input_tokens=tokens,
            output_tokens=0,
            cost=Decimal(cost),
        )
    client = Client()
    client.force_login(admin)
    response = client.get("/admin/chatapp/plannercall/")
    assert response.status_code == 200
    table = re.sub(r">\s+<", "><", response.content.decode()).split('id="usage-per-user"')[1].split("</table>")[0]
    assert table.index("alice") < table.index("bob")  # costliest first
    assert "<td>13,000</td><td>$0.0135</td>" in table  # today
    call = PlannerCall.objects.filter(user=alice).first()
    assert client.get(f"/admin/chatapp/plannercall/{call.pk}/change/").status_code == 200
    assert client.get("/admin/chatapp/plannercall/?backend=openai&user__id__exact=1").status_code == 200
