"""Score the offline quality-question reading on tests/evals/iqa.jsonl: `python -m tests.evals.run_iqa`."""

from tests.support.iqa_eval import evaluate, load_cases


def main() -> None:
    """Print the score and every missed expectation."""
    cases = load_cases()
    score, failures = evaluate(cases)
    print(f"iqa: {len(cases) - len(failures)}/{len(cases)} questions read right ({score:.1%})")
    for text, misses in failures:
        print(f"  MISS {text!r}: " + "; ".join(misses))


if __name__ == "__main__":
    main()
