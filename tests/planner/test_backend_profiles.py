"""Every planner backend declares what it can do in a BackendProfile; the scripted one is test-only."""

import chatapp.planner.backends as backends
from chatapp.planner.backends import (
    BackendProfile,
    OpenAIChatBackend,
    OpenAIResponsesBackend,
    RulesBackend,
)
from chatapp.planner.testing import ScriptedBackend


def test_each_product_backend_declares_whether_it_threads_responses():
    assert OpenAIResponsesBackend.profile == BackendProfile(
        threads_responses=True, reads_images=True, reports_usage=True
    )
    assert OpenAIChatBackend.profile == BackendProfile(threads_responses=False, reads_images=True, reports_usage=True)
    assert RulesBackend().profile == BackendProfile(threads_responses=False, answers_at_once=True)
    assert RulesBackend().profile.reports_usage is False  # offline: no tokens, no cost
    # only the offline one answers within the turn's own CPU time (a network backend keeps its reload saves)
    assert not OpenAIResponsesBackend.profile.answers_at_once and not OpenAIChatBackend.profile.answers_at_once


def test_the_scripted_backend_threads_only_when_a_test_asks():
    assert ScriptedBackend().profile.threads_responses is False
    assert ScriptedBackend(threads_responses=True).profile.threads_responses is True


def test_the_scripted_backend_is_not_a_product_backend():
    assert "ScriptedBackend" not in backends.__all__
    assert not hasattr(backends, "ScriptedBackend")
