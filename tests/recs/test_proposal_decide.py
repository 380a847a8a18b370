"""Deciding a proposed list change: refused while its turn is still finishing."""

import pytest

from chatapp.models import Chat, Message


@pytest.mark.django_db
def test_it_refuses_to_decide_a_proposal_while_its_turn_is_still_finishing(alice):
    from chatapp.errors import TurnInProgress
    from recs.services.proposals import proposal_decide

    chat = Chat.objects.create(owner=alice)
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t",
        status="streaming",
        payload={"proposal": {"state": "pending", "rows": []}},
    )
    with pytest.raises(TurnInProgress):
        proposal_decide(user=alice, chat_id=chat.pk, turn_key="t", decision="apply", selected=[])
