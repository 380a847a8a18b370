"""Token usage of planner calls and what it costs (no Django here).

Usage comes from the model service's own counts (Responses `usage`, Chat Completions `usage` with
`stream_options.include_usage`); prices are US dollars per million tokens, per model.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from pydantic import BaseModel

# US dollars per million tokens (OpenAI's list prices, standard tier). `cached_input` is the price of
# input tokens served from the prompt cache; reasoning tokens are billed as output tokens.
DEFAULT_MODEL_PRICES: dict[str, dict[str, float]] = {
    "gpt-5": {"input": 1.25, "cached_input": 0.125, "output": 10.0},
    "gpt-5-mini": {"input": 0.25, "cached_input": 0.025, "output": 2.0},
    "gpt-5-nano": {"input": 0.05, "cached_input": 0.005, "output": 0.40},
    "gpt-4.1": {"input": 2.0, "cached_input": 0.5, "output": 8.0},
    "gpt-4.1-mini": {"input": 0.40, "cached_input": 0.10, "output": 1.60},
    "gpt-4o": {"input": 2.5, "cached_input": 1.25, "output": 10.0},
    "gpt-4o-mini": {"input": 0.15, "cached_input": 0.075, "output": 0.60},
}
_PER_TOKEN = Decimal(1_000_000)
COST_PLACES = Decimal("0.00000001")


class Usage(BaseModel):
    """Tokens of one call (or a sum): cached ⊆ input, reasoning ⊆ output, as the API counts them."""

    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    reasoning_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        """Input plus output (cached and reasoning tokens are already inside those)."""
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            cached_tokens=self.cached_tokens + other.cached_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            reasoning_tokens=self.reasoning_tokens + other.reasoning_tokens,
        )


def _count(value: Any) -> int:
    # The service's counts are untrusted input: anything but a non-negative integer counts as 0.
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def usage_from_responses(usage: Any) -> Usage | None:
    """A Responses API `usage` object (SDK model or dict) → Usage; None when the service sent none."""
    if usage is None:
        return None
    return Usage(
        input_tokens=_count(_field(usage, "input_tokens")),
        cached_tokens=_count(_field(_field(usage, "input_tokens_details"), "cached_tokens")),
        output_tokens=_count(_field(usage, "output_tokens")),
        reasoning_tokens=_count(_field(_field(usage, "output_tokens_details"), "reasoning_tokens")),
    )


def usage_from_chat(usage: Any) -> Usage | None:
    """A Chat Completions `usage` object (SDK model or dict) → Usage; None when the service sent none."""
    if usage is None:
        return None
    return Usage(
        input_tokens=_count(_field(usage, "prompt_tokens")),
        cached_tokens=_count(_field(_field(usage, "prompt_tokens_details"), "cached_tokens")),
        output_tokens=_count(_field(usage, "completion_tokens")),
        reasoning_tokens=_count(_field(_field(usage, "completion_tokens_details"), "reasoning_tokens")),
    )


def price_for(model: str, prices: dict[str, dict[str, float]]) -> dict[str, float] | None:
    """The price of `model`: its own entry, else the longest entry it is a dated/suffixed version of.

    "gpt-5-mini-2025-08-07" is priced as "gpt-5-mini" (not "gpt-5"); an unknown model has no price.
    """
    if model in prices:
        return prices[model]
    stems = [name for name in prices if model.startswith(name + "-")]
    return prices[max(stems, key=len)] if stems else None


def usage_cost(usage: Usage, price: dict[str, float] | None) -> Decimal | None:
    """US dollars for `usage` at `price` (None without a price); cached input at its own rate."""
    if price is None:
        return None
    cached = min(usage.cached_tokens, usage.input_tokens)
    cached_rate = price.get("cached_input", price["input"])
    dollars = (
        Decimal(usage.input_tokens - cached) * Decimal(str(price["input"]))
        + Decimal(cached) * Decimal(str(cached_rate))
        + Decimal(usage.output_tokens) * Decimal(str(price["output"]))
    ) / _PER_TOKEN
    return dollars.quantize(COST_PLACES, rounding=ROUND_HALF_UP)
