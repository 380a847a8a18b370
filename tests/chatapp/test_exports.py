"""Chat export (chatapp/exports.py + the kinds' hooks): Markdown and JSON that parse back; alice only."""

import json

import pytest
from django.test import Client
from markdown_it import MarkdownIt

from chatapp.exports import chat_export
from chatapp.models import Chat, Message
from chatapp.services import api_token_create
from tests.support.markdown import raw_html

pytestmark = pytest.mark.django_db

PICK = {
    "index": 0,
    "source": "catalogue",
    "id": "fargo-1996",
    "title": "Fargo",
    "year": 1996,
    "reason": "Snowbound tension.",
    "genres": ["Crime", "Drama"],
    "director": "Joel Coen",
}


def movie_chat(user) -> Chat:
    chat = Chat.objects.create(owner=user, kind="movies", title="Friday # night")
    Message.objects.create(chat=chat, role="user", turn_key="t1", content="something tense")
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t1",
        content="Two picks:",
        flow="v2",
        payload={"mode": "B", "picks": [PICK], "dropped": [{"index": 1, "title": "Nope", "reason": "not found"}]},
    )
    return chat


def bearer(user) -> Client:
    _token, key = api_token_create(user=user, name="test")
    return Client(headers={"authorization": f"Bearer {key}"})


def test_it_exports_json_that_parses_back_with_the_picks(alice):
    chat = movie_chat(alice)
    export = chat_export(user=alice, chat_id=chat.pk, fmt="json", base_url="http://testserver/")
    record = json.loads(export.body)
    assert record["format"] == "marquee.chat" and record["version"] == 1
    assert record["chat"] == {**record["chat"], "id": chat.pk, "kind": "movies", "title": "Friday # night"}
    user, answer = record["messages"]
    assert (user["role"], user["text"]) == ("user", "something tense") and "picks" not in user
    assert answer["mode"] == "B" and answer["picks"][0]["title"] == "Fargo" and answer["picks"][0]["year"] == 1996
    assert answer["dropped"] == [{"title": "Nope", "year": None, "reason": "not found"}]
    assert export.filename == f"marquee-friday-night-{chat.pk}.json" and export.content_type == "application/json"


def test_it_exports_markdown_with_one_section_per_message_and_the_picks(alice):
    chat = movie_chat(alice)
    body = chat_export(user=alice, chat_id=chat.pk, fmt="md", base_url="http://testserver").body
    tokens = MarkdownIt().parse(body)
    headings = [(t.tag, tokens[i + 1].content) for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert [tag for tag, _ in headings] == ["h1", "h2", "h2", "h3", "h3"]
    assert headings[0][1] == "Friday # night"  # a title's '#' stays text, never a deeper heading
    assert headings[1][1].startswith("You · ") and headings[2][1].startswith("Marquee · ")
    assert [text for _, text in headings[3:]] == ["Picks", "Skipped"]
    assert "1. **Fargo** (1996) · Crime, Drama · Joel Coen — Snowbound tension." in body


def test_it_keeps_a_persons_text_from_becoming_a_heading(alice):
    chat = Chat.objects.create(owner=alice, kind="movies")
    Message.objects.create(chat=chat, role="user", turn_key="t1", content="# not a heading\nnor this\n===\nor\n---")
    body = chat_export(user=alice, chat_id=chat.pk, fmt="md", base_url="").body
    tokens = MarkdownIt().parse(body)
    assert [t.tag for t in tokens if t.type == "heading_open"] == ["h1", "h2"]
    assert "# not a heading" in MarkdownIt().render(body)


def test_it_exports_a_persons_html_as_text_a_renderer_shows_literally(alice):
    text = "<img src=x onerror=alert(1)>\n\n<script>alert(1)</script> & &lt;b&gt; <!-- c --> a<b>b</b>"
    chat = Chat.objects.create(owner=alice, kind="movies", title="<svg onload=alert(1)>")
    Message.objects.create(chat=chat, role="user", turn_key="t1", content=text)
    Message.objects.create(
        chat=chat, role="assistant", turn_key="t1", content="<iframe src=//x>", status="failed", error="<b>boom</b>"
    )
    body = chat_export(user=alice, chat_id=chat.pk, fmt="md", base_url="").body
    assert raw_html(body) == []
    html = MarkdownIt("commonmark").render(body)
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&amp;lt;b&amp;gt;" in html  # an entity typed as text stays those characters
    assert "&lt;svg onload=alert(1)&gt;" in html and "&lt;iframe src=//x&gt;" in html and "&lt;b&gt;boom" in html
    assert "Tom & Jerry" in chat_export_of(alice, "Tom & Jerry")  # a plain '&' stays readable in the file


def test_it_exports_html_in_picks_as_text(alice):
    chat = movie_chat(alice)
    answer = chat.messages.get(role="assistant")
    pick = {**PICK, "title": "<img src=x onerror=alert(1)>", "reason": "<script>x</script>", "director": "<b>"}
    proposal = {"state": "open", "rows": [{"label": "<i>", "title": "<u>", "status": "<s>", "note": "<q>"}]}
    answer.payload = {**answer.payload, "picks": [pick], "proposal": proposal}
    answer.save()
    body = chat_export(user=alice, chat_id=chat.pk, fmt="md", base_url="").body
    assert raw_html(body) == []
    assert "1. **&lt;img src=x onerror=alert(1)>** (1996)" in body


def chat_export_of(user, text: str) -> str:
    chat = Chat.objects.create(owner=user, kind="movies")
    Message.objects.create(chat=chat, role="user", turn_key="t1", content=text)
    return chat_export(user=user, chat_id=chat.pk, fmt="md", base_url="").body


def test_it_refuses_an_unknown_format_in_plain_words(alice):
    chat = movie_chat(alice)
    response = bearer(alice).get(f"/api/chats/{chat.pk}/export?format=xml")
    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid_format",
        "message": "Unknown export format 'xml': use format=md (Markdown) or format=json.",
    }


def test_it_sends_an_attachment_to_alice_and_404_to_bob(alice, bob):
    chat = movie_chat(alice)
    response = bearer(alice).get(f"/api/chats/{chat.pk}/export?format=json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="marquee-friday-night-{chat.pk}.json"'
    assert json.loads(response.content)["messages"][1]["picks"][0]["id"] == "fargo-1996"
    md = bearer(alice).get(f"/api/chats/{chat.pk}/export")  # Markdown by default
    assert md.status_code == 200 and md["Content-Type"] == "text/markdown; charset=utf-8"
    refused = bearer(bob).get(f"/api/chats/{chat.pk}/export?format=md")
    assert refused.status_code == 404 and refused.json()["code"] == "chat_not_found"


def test_it_opens_the_export_with_the_session_from_the_chat_page(alice, client):
    chat = movie_chat(alice)
    client.force_login(alice)
    page = client.get(f"/chats/{chat.pk}/").content.decode()
    assert f'href="/api/chats/{chat.pk}/export?format=md" download' in page
    assert client.get(f"/api/chats/{chat.pk}/export?format=md").status_code == 200


def test_it_offers_the_export_on_an_image_chat_page_too(alice, client):
    chat = Chat.objects.create(owner=alice, kind="images")
    client.force_login(alice)
    page = client.get(f"/chats/{chat.pk}/").content.decode()
    assert f'href="/api/chats/{chat.pk}/export?format=json" download>JSON (.json, with plans)' in page
