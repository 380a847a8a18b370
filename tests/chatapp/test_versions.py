"""Message versions (chatapp/versions.py): re-run any answer, edit any question, switch, branches."""

import pytest

from chatapp.errors import InvalidInput, NotFound, TurnInProgress
from chatapp.models import Chat, Message
from chatapp.selectors import message_list, message_versions, recent_history, version_info
from chatapp.services import chat_create, message_save_progress, turn_start
from chatapp.versions import message_version_select, turn_rerun
from recs.models import Recommendation

pytestmark = pytest.mark.django_db


def _pick(n: int) -> dict:
    return {"source": "catalogue", "id": f"film-{n}", "title": f"Film {n}", "year": 1990 + n, "index": 0}


def _answer(message: Message, text: str, picks: tuple[int, ...] = ()) -> None:
    """What a finished turn leaves: its text, picks and status (and its films in the recommended set)."""
    payload = {"picks": [_pick(n) for n in picks]}
    message_save_progress(message_id=message.pk, content=text, payload=payload, status="complete")
    for n in picks:
        Recommendation.objects.create(
            chat_id=message.chat_id, message=message, source="catalogue", movie_id=f"film-{n}", title=f"Film {n}"
        )


def _turn(user, chat: Chat, question: str, answer: str, picks=()) -> tuple[Message, Message]:
    user_message, assistant = turn_start(user=user, chat_id=chat.pk, text=question, flow="v2")
    _answer(assistant, answer, picks)
    assistant.refresh_from_db()
    return user_message, assistant


def _chat_with_three_turns(alice):
    chat = chat_create(user=alice)
    turns = [_turn(alice, chat, f"question {n}", f"answer {n}", picks=(n,)) for n in (1, 2, 3)]
    return chat, turns


def _shown(chat: Chat) -> list[str]:
    return [m.content for m in message_list(chat=chat)]


def test_it_keeps_an_older_answer_as_a_version_of_its_one_row(alice):
    chat, turns = _chat_with_three_turns(alice)
    first_answer = turns[0][1]
    user_message, assistant, old_picks, branched = turn_rerun(
        user=alice, chat_id=chat.pk, flow="v2", message_id=first_answer.pk
    )
    assert assistant.pk == first_answer.pk and assistant.status == "pending" and assistant.content == ""
    assert not branched and [p["id"] for p in old_picks] == ["film-1"]
    _answer(assistant, "answer 1, again", picks=(7,))
    assistant.refresh_from_db()
    assert [v["content"] for v in message_versions(assistant)] == ["answer 1", "answer 1, again"]
    assert version_info(assistant) == {"index": 2, "count": 2}
    # Still one assistant row per turn, and the later turns stay where they were.
    assert Message.objects.filter(chat=chat, role="assistant").count() == 3
    assert _shown(chat) == ["question 1", "answer 1, again", "question 2", "answer 2", "question 3", "answer 3"]


def test_it_switches_between_an_answers_versions_and_keeps_the_choice(alice):
    chat, turns = _chat_with_three_turns(alice)
    answer = turns[0][1]
    turn_rerun(user=alice, chat_id=chat.pk, flow="v2", message_id=answer.pk)
    _answer(answer, "answer 1, again", picks=(7,))
    assert message_version_select(user=alice, chat_id=chat.pk, message_id=answer.pk, index=1) is False
    answer.refresh_from_db()
    assert answer.content == "answer 1" and answer.version == 0 and version_info(answer) == {"index": 1, "count": 2}
    assert answer.payload["picks"][0]["id"] == "film-1"
    message_version_select(user=alice, chat_id=chat.pk, message_id=answer.pk, index=2)
    answer.refresh_from_db()
    assert answer.content == "answer 1, again" and answer.status == "complete"


def test_it_refuses_a_version_that_does_not_exist_a_busy_chat_and_a_greeting_edit(alice):
    chat, turns = _chat_with_three_turns(alice)
    answer = turns[0][1]
    for index in (0, 2, "1", True, None):
        with pytest.raises(InvalidInput) as refused:
            message_version_select(user=alice, chat_id=chat.pk, message_id=answer.pk, index=index)
        assert refused.value.code == "invalid_version"
    with pytest.raises(NotFound):
        message_version_select(user=alice, chat_id=chat.pk, message_id=10**30, index=1)
    turn_rerun(user=alice, chat_id=chat.pk, flow="v2", message_id=answer.pk)  # now running
    with pytest.raises(TurnInProgress):
        message_version_select(user=alice, chat_id=chat.pk, message_id=answer.pk, index=1)


def test_it_refuses_another_users_message(alice, bob):
    chat, turns = _chat_with_three_turns(alice)
    with pytest.raises(NotFound):
        turn_rerun(user=bob, chat_id=chat.pk, flow="v2", message_id=turns[0][1].pk)
    other = chat_create(user=bob)
    with pytest.raises(NotFound):  # bob's own chat, alice's message id
        message_version_select(user=bob, chat_id=other.pk, message_id=turns[0][1].pk, index=1)


def test_it_edits_an_older_question_and_keeps_the_later_turns_as_its_branch(alice):
    chat, turns = _chat_with_three_turns(alice)
    question = turns[1][0]
    user_message, assistant, _, branched = turn_rerun(
        user=alice, chat_id=chat.pk, flow="v2", message_id=question.pk, new_text="question 2, edited"
    )
    assert branched and user_message.pk == question.pk and assistant.pk == turns[1][1].pk
    _answer(assistant, "answer 2 to the edit")
    # The third turn belonged to the first version of question 2: hidden, not deleted.
    assert _shown(chat) == ["question 1", "answer 1", "question 2, edited", "answer 2 to the edit"]
    assert Message.objects.filter(chat=chat).count() == 6
    assert set(Message.objects.filter(chat=chat).exclude(branch="").values_list("branch", flat=True)) == {
        f"{question.turn_key}:0"
    }
    # A new turn in the new branch, then back to the first version: its answer and its later turn return.
    _turn(alice, chat, "question 4", "answer 4")
    assert message_version_select(user=alice, chat_id=chat.pk, message_id=question.pk, index=1) is True
    assert _shown(chat) == ["question 1", "answer 1", "question 2", "answer 2", "question 3", "answer 3"]
    message_version_select(user=alice, chat_id=chat.pk, message_id=question.pk, index=2)
    assert _shown(chat) == [
        "question 1",
        "answer 1",
        "question 2, edited",
        "answer 2 to the edit",
        "question 4",
        "answer 4",
    ]


def test_it_counts_an_answers_versions_under_its_question_and_remembers_the_one_chosen(alice):
    chat, turns = _chat_with_three_turns(alice)
    question, answer = turns[0]
    turn_rerun(user=alice, chat_id=chat.pk, flow="v2", message_id=answer.pk)
    _answer(answer, "answer 1b")
    message_version_select(user=alice, chat_id=chat.pk, message_id=answer.pk, index=1)  # back to "answer 1"
    turn_rerun(user=alice, chat_id=chat.pk, flow="v2", message_id=question.pk, new_text="question 1, edited")
    _answer(answer, "answer to the edit")
    answer.refresh_from_db()
    assert version_info(answer) == {"index": 1, "count": 1}  # the edited question has one answer so far
    message_version_select(user=alice, chat_id=chat.pk, message_id=question.pk, index=1)
    answer.refresh_from_db()
    # The first question's answers are two again, and the one chosen last under it is shown.
    assert answer.content == "answer 1" and version_info(answer) == {"index": 1, "count": 2}


def test_it_keeps_the_recommended_set_on_the_versions_shown(alice):
    chat, turns = _chat_with_three_turns(alice)

    def recommended():
        return set(Recommendation.objects.filter(chat=chat).values_list("movie_id", flat=True))

    answer = turns[0][1]
    turn_rerun(user=alice, chat_id=chat.pk, flow="v2", message_id=answer.pk)
    assert recommended() == {"film-2", "film-3"}  # the replaced answer's film left the set
    _answer(answer, "answer 1b", picks=(7,))
    message_version_select(user=alice, chat_id=chat.pk, message_id=answer.pk, index=1)
    assert recommended() == {"film-1", "film-2", "film-3"}  # the version shown again blocks its film again
    _, second, _, _ = turn_rerun(user=alice, chat_id=chat.pk, flow="v2", message_id=turns[1][0].pk, new_text="edited")
    assert recommended() == {"film-1"}  # the hidden third turn's film and the replaced second answer's left
    _answer(second, "answer 2 to the edit", picks=(8,))
    message_version_select(user=alice, chat_id=chat.pk, message_id=turns[1][0].pk, index=1)
    assert recommended() == {"film-1", "film-2", "film-3"}


def test_it_gives_a_rerun_older_turn_only_the_history_before_it(alice):
    chat, turns = _chat_with_three_turns(alice)
    second = turns[1][1]
    history = recent_history(chat=chat, exclude_turn=second.turn_key)
    assert [m.content for m in history] == ["question 1", "answer 1"]


def test_it_forgets_the_model_thread_when_an_older_turn_changes(alice):
    chat, turns = _chat_with_three_turns(alice)
    Chat.objects.filter(pk=chat.pk).update(last_response_id="resp_1", pending_call_ids=["call_1"])
    turn_rerun(user=alice, chat_id=chat.pk, flow="v2", message_id=turns[0][1].pk)
    chat.refresh_from_db()
    assert chat.last_response_id == "" and chat.pending_call_ids == []
