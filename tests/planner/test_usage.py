"""Token usage read from the service's counts, and priced per model."""

from decimal import Decimal

from chatapp.planner.usage import (
    DEFAULT_MODEL_PRICES,
    Usage,
    price_for,
    usage_cost,
    usage_from_chat,
    usage_from_responses,
)


def test_it_reads_responses_and_chat_completions_usage_alike():
    responses = {
        "input_tokens": 100,
        "input_tokens_details": {"cached_tokens": 40},
        "output_tokens": 30,
        "output_tokens_details": {"reasoning_tokens": 20},
    }
    chat = {
        "prompt_tokens": 100,
        "prompt_tokens_details": {"cached_tokens": 40},
        "completion_tokens": 30,
        "completion_tokens_details": {"reasoning_tokens": 20},
    }
    expected = Usage(input_tokens=100, cached_tokens=40, output_tokens=30, reasoning_tokens=20)
    assert usage_from_responses(responses) == expected
    assert usage_from_chat(chat) == expected
    assert usage_from_responses(None) is None and usage_from_chat(None) is None


def test_it_counts_nonsense_counts_as_zero():
    usage = usage_from_chat({"prompt_tokens": -5, "completion_tokens": "9", "prompt_tokens_details": None})
    assert usage == Usage()
    assert usage_from_responses({"input_tokens": True, "output_tokens": 3.5}) == Usage()


def test_it_prices_dated_models_as_their_family_and_knows_no_price_for_others():
    assert price_for("gpt-5", DEFAULT_MODEL_PRICES) == DEFAULT_MODEL_PRICES["gpt-5"]
    assert price_for("gpt-5-mini-2025-08-07", DEFAULT_MODEL_PRICES) == DEFAULT_MODEL_PRICES["gpt-5-mini"]
    assert price_for("gpt-5-2025-08-07", DEFAULT_MODEL_PRICES) == DEFAULT_MODEL_PRICES["gpt-5"]
    assert price_for("llama3", DEFAULT_MODEL_PRICES) is None
    assert price_for("rules", DEFAULT_MODEL_PRICES) is None


def test_it_costs_cached_input_at_its_own_rate_and_reasoning_as_output():
    usage = Usage(input_tokens=1_000_000, cached_tokens=400_000, output_tokens=100_000, reasoning_tokens=80_000)
    price = {"input": 1.25, "cached_input": 0.125, "output": 10.0}
    # 600k fresh input at 1.25 + 400k cached at 0.125 + 100k output at 10 (reasoning is inside output).
    assert usage_cost(usage, price) == Decimal("0.75") + Decimal("0.05") + Decimal("1.0")
    assert usage_cost(usage, None) is None
    assert usage_cost(Usage(input_tokens=3, output_tokens=1), {"input": 1.25, "output": 10.0}) == Decimal("0.00001375")
