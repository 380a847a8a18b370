"""Chat services: turn start, the one-assistant-row upsert (also under a real race), titles."""

import threading

import pytest
from django.db import connection, connections
from django.utils import timezone

from chatapp.errors import InvalidInput, NotFound, PayloadTooLarge, TurnInProgress
from chatapp.models import Chat, Message
from chatapp.services import (
    assistant_message_upsert,
    chat_create,
    chat_delete,
    chat_rename,
    turn_start,
)


@pytest.mark.django_db
def test_it_starts_a_turn_with_a_pending_placeholder_and_titles_the_chat(alice):
    chat = chat_create(user=alice)
    user_msg, assistant = turn_start(user=alice, chat_id=chat.pk, text="  A tense 90s thriller  ", flow="v2")
    assert user_msg.content == "A tense 90s thriller"
    assert assistant.turn_key == user_msg.turn_key and assistant.status == "pending"
    chat.refresh_from_db()
    assert chat.title == "A tense 90s thriller" and chat.flow == "v2"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text",
    ["\u200b" * 80 + "A tense 90s thriller", "\u2060\ufeff\u200e " * 30 + "A tense 90s thriller"],
)
def test_it_names_a_chat_after_the_visible_start_of_its_first_message(alice, text):
    # A first message opening with 59+ invisible characters named the chat "…" alone: a blank-looking title.
    chat = chat_create(user=alice)
    turn_start(user=alice, chat_id=chat.pk, text=text, flow="v2")
    chat.refresh_from_db()
    assert chat.title == "A tense 90s thriller"


@pytest.mark.django_db
def test_it_refuses_a_turn_while_another_runs(alice):
    chat = chat_create(user=alice)
    turn_start(user=alice, chat_id=chat.pk, text="one", flow="v2")
    with pytest.raises(TurnInProgress):
        turn_start(user=alice, chat_id=chat.pk, text="two", flow="v2")
    assert Message.objects.filter(chat=chat, role="user").count() == 1


@pytest.mark.django_db
def test_it_unblocks_a_chat_whose_turn_was_cut_off_by_a_restart(alice):
    chat = chat_create(user=alice)
    _, stuck = turn_start(user=alice, chat_id=chat.pk, text="one", flow="v2")
    Message.objects.filter(pk=stuck.pk).update(updated_at=timezone.now() - timezone.timedelta(hours=1))
    turn_start(user=alice, chat_id=chat.pk, text="two", flow="v2")
    stuck.refresh_from_db()
    assert stuck.status == "interrupted" and "restart" in stuck.error


@pytest.mark.django_db
def test_it_refuses_empty_and_overlong_text(alice, settings):
    settings.MESSAGE_MAX_CHARS = 10
    chat = chat_create(user=alice)
    with pytest.raises(InvalidInput):
        turn_start(user=alice, chat_id=chat.pk, text="\n  ", flow="v2")
    with pytest.raises(PayloadTooLarge):
        turn_start(user=alice, chat_id=chat.pk, text="x" * 11, flow="v2")
    assert not Message.objects.filter(chat=chat).exists()


@pytest.mark.django_db
def test_it_keeps_bob_out_of_alices_chats(alice, bob):
    chat = chat_create(user=alice)
    for call in (
        lambda: chat_rename(user=bob, chat_id=chat.pk, title="mine"),
        lambda: chat_delete(user=bob, chat_id=chat.pk),
        lambda: turn_start(user=bob, chat_id=chat.pk, text="hi", flow="v2"),
    ):
        with pytest.raises(NotFound):
            call()
    assert Chat.objects.filter(pk=chat.pk, title="").exists()


@pytest.mark.django_db
def test_it_upserts_one_assistant_row_per_turn(alice):
    chat = chat_create(user=alice)
    first = assistant_message_upsert(chat=chat, turn_key="k", content="first", status="complete")
    second = assistant_message_upsert(chat=chat, turn_key="k", content="again", status="complete")
    assert first.pk == second.pk and second.content == "again"
    assert Message.objects.filter(chat=chat, role="assistant").count() == 1


@pytest.mark.django_db
def test_it_reuses_the_rows_when_the_same_turn_is_started_twice(alice):
    from recs.models import Recommendation

    chat = chat_create(user=alice)
    user_msg, assistant = turn_start(user=alice, chat_id=chat.pk, text="a tense thriller", flow="v2", turn_key="k1")
    Message.objects.filter(pk=assistant.pk).update(status="complete", content="Try Heat.", payload={"picks": [1]})
    Recommendation.objects.create(
        chat=chat, message=assistant, source="catalogue", movie_id="heat-1995", title="Heat", year=1995
    )
    again_user, again = turn_start(user=alice, chat_id=chat.pk, text="a tense heist film", flow="v1", turn_key="k1")
    assert (again_user.pk, again.pk) == (user_msg.pk, assistant.pk)  # updated in place, not inserted
    assert again_user.content == "a tense heist film"
    assert again.status == "pending" and again.content == "" and again.payload == {} and again.flow == "v1"
    assert Message.objects.filter(chat=chat).count() == 2
    assert not Recommendation.objects.filter(chat=chat).exists()  # the replaced answer's films are gone


@pytest.mark.django_db
def test_it_refuses_a_bad_turn_key_and_a_rerun_while_the_turn_runs(alice):
    chat = chat_create(user=alice)
    for bad in ("", "x" * 65, "a b", "autostart", 7):
        with pytest.raises(InvalidInput):
            turn_start(user=alice, chat_id=chat.pk, text="hi", flow="v2", turn_key=bad)
    turn_start(user=alice, chat_id=chat.pk, text="hi", flow="v2", turn_key="k1")
    with pytest.raises(TurnInProgress):  # never two runs of one turn interleaved
        turn_start(user=alice, chat_id=chat.pk, text="hi", flow="v2", turn_key="k1")
    assert Message.objects.filter(chat=chat).count() == 2


def _race(call) -> list[Exception]:
    """Run call("run-0") and call("run-1") at once, each thread on its own database connection."""
    barrier = threading.Barrier(2)
    errors: list[Exception] = []

    def run(label):
        try:
            barrier.wait()
            call(label)
        except Exception as exc:  # collected for the caller to assert on
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(f"run-{i}",)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


@pytest.mark.django_db(transaction=True)
def test_it_leaves_one_row_per_role_when_two_connections_start_the_same_turn_at_once(alice):
    """Two threads, each on its own real database connection, run the real turn start for one turn key.

    The chat row lock (PostgreSQL) or the IMMEDIATE transaction (SQLite) lets one in and refuses the
    other as busy; were both let in, the upserts would still leave one row per role.
    """
    chat = chat_create(user=alice)
    _, first = turn_start(user=alice, chat_id=chat.pk, text="first run", flow="v2", turn_key="race")
    Message.objects.filter(pk=first.pk).update(status="complete", content="an answer")
    errors = _race(lambda label: turn_start(user=alice, chat_id=chat.pk, text=label, flow="v2", turn_key="race"))
    assert all(isinstance(e, TurnInProgress) for e in errors) and len(errors) <= 1, errors
    users = list(Message.objects.filter(chat=chat, turn_key="race", role="user"))
    answers = list(Message.objects.filter(chat=chat, turn_key="race", role="assistant"))
    assert len(users) == 1 and users[0].content in {"run-0", "run-1"}
    assert [a.pk for a in answers] == [first.pk] and answers[0].status == "pending"


@pytest.mark.django_db(transaction=True)
def test_it_leaves_one_row_when_two_connections_run_the_same_turn_at_once(alice):
    """Two threads, each on its own real database connection, upsert the same turn together."""
    if connection.vendor != "postgresql":
        pytest.skip("the real race needs PostgreSQL (CI runs this suite on it too)")
    chat = chat_create(user=alice)
    errors = _race(lambda label: assistant_message_upsert(chat=chat, turn_key="race", content=label, status="complete"))
    assert errors == []
    rows = list(Message.objects.filter(chat=chat, turn_key="race", role="assistant"))
    assert len(rows) == 1 and rows[0].content in {"run-0", "run-1"}


@pytest.mark.django_db(transaction=True)
def test_it_never_reports_database_is_locked_under_concurrent_writers(alice):
    """SQLite in WAL with IMMEDIATE transactions and a busy timeout queues writers instead of failing."""
    chat = chat_create(user=alice)
    errors = []

    def write(i):
        try:
            for j in range(15):
                assistant_message_upsert(chat=chat, turn_key=f"t{i}-{j}", content="x", status="complete")
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert Message.objects.filter(chat=chat).count() == 60


@pytest.mark.django_db
def test_it_starts_no_thread_on_a_response_id_longer_than_its_column(alice):
    # An OpenAI-compatible server's response id is its own: one of 500 characters went into a 200-character column
    # (PostgreSQL refused the turn's last write: a 500). A cut id would name no response; with none the next turn
    # starts a fresh thread with a replay, as after an expired one.
    from chatapp.services import chat_thread_update

    chat = chat_create(user=alice)
    chat_thread_update(chat_id=chat.pk, last_response_id="resp_" + "x" * 500, pending_call_ids=["call_1"])
    chat.refresh_from_db()
    assert (chat.last_response_id, chat.pending_call_ids) == ("", [])
    chat_thread_update(chat_id=chat.pk, last_response_id="resp_123", pending_call_ids=["call_1"], pending_turn_key="t")
    chat.refresh_from_db()
    assert (chat.last_response_id, chat.pending_call_ids, chat.pending_turn_key) == ("resp_123", ["call_1"], "t")
