"""Planner backends: OpenAI (Responses, Chat Completions) and rule-based.

The scripted backend for tests and benchmarks lives in `chatapp.planner.testing`.
"""

from chatapp.planner.backends.base import (
    BackendProfile,
    FunctionCallItem,
    FunctionCallOutput,
    ImageInput,
    InputItem,
    InputMessage,
    PlannerBackend,
    PlannerContext,
    PlannerError,
    PlannerReply,
    PlannerRequest,
    PlannerUnavailable,
    PreviousResponseNotFound,
    TextSink,
    ToolCall,
)
from chatapp.planner.backends.chat_completions import OpenAIChatBackend
from chatapp.planner.backends.responses import OpenAIResponsesBackend, make_openai_client
from chatapp.planner.backends.rules import RulesBackend

__all__ = [
    "BackendProfile",
    "FunctionCallItem",
    "FunctionCallOutput",
    "ImageInput",
    "InputItem",
    "InputMessage",
    "OpenAIChatBackend",
    "OpenAIResponsesBackend",
    "PlannerBackend",
    "PlannerContext",
    "PlannerError",
    "PlannerReply",
    "PlannerRequest",
    "PlannerUnavailable",
    "PreviousResponseNotFound",
    "RulesBackend",
    "TextSink",
    "ToolCall",
    "make_openai_client",
]
