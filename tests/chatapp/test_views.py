"""HTMX pages: sign-up, the chat list (rename, delete), the chat page, and ownership."""

import re

import pytest
from django.test import Client

from chatapp.models import Chat, Message

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_it_signs_up_and_lands_on_the_chat_list():
    client = Client()
    response = client.post(
        "/signup/", {"username": "carol", "password1": "a-long-pass-9x", "password2": "a-long-pass-9x"}, follow=True
    )
    assert response.status_code == 200
    assert b"Your chats" in response.content
    assert response.context["user"].username == "carol"


def test_it_explains_a_bad_signup():
    response = Client().post("/signup/", {"username": "dave", "password1": "short", "password2": "other"})
    assert response.status_code == 400
    assert b"didn" in response.content or b"match" in response.content


def test_it_asks_before_logging_out_on_a_plain_visit_and_logs_out_on_post(alice):
    client = logged_in(alice)
    page = client.get("/logout/")
    assert page.status_code == 200 and b"Log out?" in page.content  # not a blank 405
    assert client.get("/").status_code == 200  # a visit changes nothing
    assert client.post("/logout/").status_code == 302
    assert client.get("/").status_code == 302  # logged out: sent to the login page


def test_it_sends_anonymous_visitors_to_login():
    response = Client().get("/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_it_lists_only_my_chats_newest_first(alice, bob):
    Chat.objects.create(owner=alice, title="Old one")
    Chat.objects.create(owner=alice, title="New one")
    Chat.objects.create(owner=bob, title="Bob's secret")
    html = logged_in(alice).get("/").content.decode()
    assert html.index("New one") < html.index("Old one")
    assert "Bob&#x27;s secret" not in html and "Bob's secret" not in html


def test_it_sends_a_trimmed_chats_address_to_the_chat_list(alice):
    response = logged_in(alice).get("/chats/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert logged_in(alice).get("/chats/", follow=True).status_code == 200


def test_it_creates_a_chat_and_opens_it(alice):
    response = logged_in(alice).post("/chats/new/", {"kind": "movies"})
    chat = Chat.objects.get(owner=alice)
    assert response["Location"] == f"/chats/{chat.pk}/"


def test_it_renames_and_deletes_with_htmx_partials(alice):
    chat = Chat.objects.create(owner=alice, title="Before")
    client = logged_in(alice)
    renamed = client.post(f"/chats/{chat.pk}/rename/", {"title": "After"}, headers={"HX-Request": "true"})
    assert renamed.status_code == 200 and b"After" in renamed.content and b"<html" not in renamed.content
    assert client.post(f"/chats/{chat.pk}/rename/", {"title": "  "}, headers={"HX-Request": "true"}).status_code == 400
    deleted = client.post(f"/chats/{chat.pk}/delete/", headers={"HX-Request": "true"})
    assert deleted.status_code == 200 and not Chat.objects.filter(pk=chat.pk).exists()


def test_it_shows_the_full_history_with_the_websocket_address(alice):
    chat = Chat.objects.create(owner=alice, title="Thrillers")
    Message.objects.create(chat=chat, role="user", turn_key="k", content="a tense 90s thriller")
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="k",
        status="complete",
        content="Here you go:",
        payload={
            "mode": "B",
            "picks": [
                {
                    "index": 0,
                    "source": "catalogue",
                    "id": "fargo-1996",
                    "title": "Fargo",
                    "year": 1996,
                    "reason": "Snow.",
                    "genres": ["Thriller/Suspense"],
                    "runtime": 98,
                }
            ],
        },
    )
    html = logged_in(alice).get(f"/chats/{chat.pk}/").content.decode()
    assert "a tense 90s thriller" in html and "Fargo" in html and "1h 38m" in html
    assert f'ws-connect="/ws/chats/{chat.pk}/"' in html
    assert 'id="send-button"' in html


def test_it_404s_bob_on_alices_chat_pages(alice, bob):
    chat = Chat.objects.create(owner=alice)
    client = logged_in(bob)
    assert client.get(f"/chats/{chat.pk}/").status_code == 404
    assert client.post(f"/chats/{chat.pk}/rename/", {"title": "x"}).status_code == 404
    assert client.post(f"/chats/{chat.pk}/delete/").status_code == 404
    assert Chat.objects.filter(pk=chat.pk).exists()


def test_it_creates_and_revokes_tokens_on_the_account_page(alice):
    client = logged_in(alice)
    response = client.post("/account/", {"name": "laptop"})
    assert (response.status_code, response["Location"]) == (302, "/account/")  # a reload cannot re-post
    shown = client.get("/account/")
    key = shown.context["new_key"]
    assert key.startswith("mq_") and key in shown.content.decode()
    assert "no-store" in shown["Cache-Control"]
    token = alice.api_tokens.get()
    assert key not in client.get("/account/").content.decode()  # shown once
    assert alice.api_tokens.count() == 1
    client.post("/account/", {"revoke": token.pk})
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_it_renders_assistant_markdown_safely(alice):
    chat = Chat.objects.create(owner=alice)
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="k",
        status="complete",
        content="**Bold** <script>alert(1)</script> [x](javascript:alert(1))",
    )
    html = logged_in(alice).get(f"/chats/{chat.pk}/").content.decode()
    assert "<strong>Bold</strong>" in html
    assert "<script>alert(1)</script>" not in html
    assert 'href="javascript' not in html


def test_it_explains_a_blank_rename_in_the_row_and_puts_the_old_title_back(alice):
    chat = Chat.objects.create(owner=alice, title="Friday thrillers")
    response = logged_in(alice).post(f"/chats/{chat.pk}/rename/", {"title": "   "}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 400 and "<html" not in html
    assert f'id="chat-row-{chat.pk}"' in html and "data-swap-errors" in html  # the page swaps this refusal in
    assert 'role="alert">A chat title cannot be empty.' in html
    assert 'value="Friday thrillers"' in html and '<details class="row-actions" open>' in html
    assert Chat.objects.get(pk=chat.pk).title == "Friday thrillers"


def test_it_answers_a_plain_form_rename_with_the_whole_list_and_the_reason_on_its_row(alice):
    # A click before htmx has loaded posts the form natively: it must still rename, or say why not.
    chat = Chat.objects.create(owner=alice, title="Friday thrillers")
    other = Chat.objects.create(owner=alice, title="Other chat")
    client = logged_in(alice)
    page = client.get("/").content.decode()
    assert f'method="post" action="/chats/{chat.pk}/rename/"' in page and "csrfmiddlewaretoken" in page
    refused = client.post(f"/chats/{chat.pk}/rename/", {"title": "   "})
    html = refused.content.decode()
    assert refused.status_code == 400 and "<html" in html
    assert html.count('role="alert"') == 1 and f'id="rename-error-{chat.pk}"' in html
    assert f'aria-describedby="rename-error-{other.pk}"' not in html
    assert Chat.objects.get(pk=chat.pk).title == "Friday thrillers"
    renamed = client.post(f"/chats/{chat.pk}/rename/", {"title": "Fargo night"})
    assert renamed.status_code == 302 and renamed["Location"] == "/"
    assert Chat.objects.get(pk=chat.pk).title == "Fargo night"


def test_it_keeps_a_renamed_chat_in_its_place_in_the_list(alice):
    older = Chat.objects.create(owner=alice, title="Older chat")
    Chat.objects.create(owner=alice, title="Newer chat")
    before = Chat.objects.get(pk=older.pk).updated_at
    renamed = logged_in(alice).post(
        f"/chats/{older.pk}/rename/", {"title": "Renamed chat"}, headers={"HX-Request": "true"}
    )
    assert renamed.status_code == 200 and "Renamed chat" in renamed.content.decode()
    # A rename is not activity: the list stays ordered by the last turn.
    assert Chat.objects.get(pk=older.pk).updated_at == before
    html = logged_in(alice).get("/").content.decode()
    assert html.index("Newer chat") < html.index("Renamed chat")


def test_the_account_page_shows_usage_per_day_and_per_chat(alice, bob, settings):
    from datetime import timedelta
    from decimal import Decimal

    from django.utils import timezone

    from chatapp.models import PlannerCall

    settings.USER_DAILY_TOKEN_QUOTA = 50_000
    westerns = Chat.objects.create(owner=alice, title="Westerns")
    noir = Chat.objects.create(owner=alice, title="Noir")

    def call(chat, tokens, cost, days_ago=0, user=alice, metered=True):
        made = PlannerCall.objects.create(
            user=user,
            chat=chat,
            request_id="r",
            backend="openai" if metered else "rules",
            metered=metered,
            input_tokens=tokens,
            cached_tokens=tokens // 2,
            output_tokens=100 if metered else 0,
            reasoning_tokens=50 if metered else 0,
            cost=Decimal(cost),
        )
        PlannerCall.objects.filter(pk=made.pk).update(created_at=timezone.now() - timedelta(days=days_ago))

    call(westerns, 1000, "0.002")
    call(westerns, 3000, "0.004", days_ago=1)
    call(noir, 500, "0.001")
    call(noir, 0, "0", metered=False)
    call(None, 900, "0.0009", user=bob)  # bob's: not on alice's page
    page = re.sub(r">\s+<", "><", " ".join(logged_in(alice).get("/account/").content.decode().split()))
    today = timezone.now().date()
    assert "Today: <strong>1,700 tokens</strong> of 50,000" in page and "<strong>$0.003</strong>" in page
    days = page.split('id="usage-days"')[1].split("</table>")[0]
    assert days.index(str(today)) < days.index(str(today - timedelta(days=1)))  # newest first
    assert "<td>1,500</td><td>750</td><td>200</td><td>100</td><td>$0.003</td><td>3</td>" in days
    chats = page.split('id="usage-chats"')[1].split("</table>")[0]
    assert chats.index("Westerns") < chats.index("Noir")  # costliest first
    assert f'href="/chats/{westerns.pk}/">Westerns</a></th><td>4,200</td><td>$0.006</td><td>2</td>' in chats
    assert "900" not in chats


def test_the_account_page_says_when_there_is_no_usage_yet(alice):
    page = " ".join(logged_in(alice).get("/account/").content.decode().split())
    assert "No planner calls yet." in page and "Today: <strong>0 tokens</strong>" in page


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("lap\x00top", "not valid text (U+0000"),
        ("lap\x1b[31mtop", "not valid text (U+001B"),
        ("L" * 81, "A token name can be at most 80 characters (this one has 81)."),
    ],
    ids=["nul", "escape", "too-long"],
)
def test_it_refuses_a_token_name_it_cannot_store_and_says_why(alice, name, reason):
    # A NUL was a 500 on PostgreSQL (text columns refuse it); a long name was cut without a word.
    from chatapp.models import ApiToken

    client = logged_in(alice)
    response = client.post("/account/", {"name": name}, follow=True)
    assert response.status_code == 200 and reason in response.content.decode()
    assert not ApiToken.objects.exists()
    client.post("/account/", {"name": "  laptop\t one "})
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["laptop one"]


@pytest.mark.django_db(transaction=True)
async def test_it_answers_a_form_too_large_or_with_too_many_fields_in_words(alice, settings):
    from django.test import AsyncClient

    from chatapp.db import database_sync_to_async

    chat = await database_sync_to_async(Chat.objects.create)(owner=alice, title="Friday")
    image_chat = await database_sync_to_async(Chat.objects.create)(owner=alice, kind="images")
    client = AsyncClient()  # as daphne serves it
    await client.aforce_login(alice)
    huge = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)

    page = await client.post(f"/chats/{chat.pk}/rename/", {"title": huge})
    assert page.status_code == 413 and "That form is too large to read" in page.content.decode()
    # The image composer (htmx) shows a JSON refusal's message under the box.
    composer = await client.post(
        f"/imagelab/chats/{image_chat.pk}/turn/", {"text": huge}, headers={"HX-Request": "true"}
    )
    assert composer.status_code == 413 and composer.json()["code"] == "payload_too_large"
    fields = await client.post(f"/chats/{chat.pk}/rename/", {f"f{i}": "1" for i in range(2000)})
    assert fields.status_code == 400 and "too many fields" in fields.content.decode()
    assert await Chat.objects.filter(pk=chat.pk, title="Friday").aexists()
    assert not await Message.objects.filter(chat=image_chat).aexists()


@pytest.mark.django_db(transaction=True)
async def test_it_tells_a_stale_page_without_a_valid_csrf_token_to_reload(alice):
    from django.test import AsyncClient

    from chatapp.db import database_sync_to_async

    image_chat = await database_sync_to_async(Chat.objects.create)(owner=alice, kind="images")
    client = AsyncClient(enforce_csrf_checks=True)
    await client.aforce_login(alice)
    composer = await client.post(
        f"/imagelab/chats/{image_chat.pk}/turn/", {"text": "warmer"}, headers={"HX-Request": "true"}
    )
    assert (composer.status_code, composer.json()["code"]) == (403, "csrf_failed")
    assert "Reload" in composer.json()["message"]
    page = await client.post("/chats/new/", {"kind": "movies"})
    assert page.status_code == 403 and "Reload it and try again" in page.content.decode()
    assert not await Message.objects.filter(chat=image_chat).aexists() and await Chat.objects.acount() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("path", ["/lists/", "/", "/api/chats", "/search/"])
async def test_it_refuses_an_address_with_too_many_query_parameters_in_words_never_a_500(alice, settings, debug, path):
    from django.test import AsyncClient

    settings.DEBUG = debug  # under DEBUG Django's own error page read the parameters again: 500
    client = AsyncClient(raise_request_exception=False)
    await client.aforce_login(alice)
    query = "&".join(f"a{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    answered = await client.get(f"{path}?{query}")
    assert answered.status_code == 400, (path, answered.status_code)
    assert "too many query parameters" in answered.content.decode()


@pytest.mark.parametrize("debug", [True, False])
@pytest.mark.parametrize("path", ["/api/chats", "/login/"])
def test_it_says_which_host_it_does_not_serve(alice, settings, debug, path):
    # A Host not in ALLOWED_HOSTS (a misconfigured proxy, a DNS rebinding) got "That request could not be read.":
    # no word about the Host header, and under DEBUG Django's HTML debug page even under /api/.
    settings.DEBUG = debug
    refused = Client(raise_request_exception=False).get(path, headers={"host": "evil.example:8000"})
    assert refused.status_code == 400
    said = refused.json()["message"] if path.startswith("/api/") else refused.content.decode()
    assert "evil.example:8000" in said and "Host" in said, said[:300]
    if path.startswith("/api/"):
        assert refused.json()["code"] == "bad_request"
