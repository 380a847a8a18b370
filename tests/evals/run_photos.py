"""Score the offline photo planner on tests/evals/photos.jsonl: `python -m tests.evals.run_photos` (`make eval-photos`)."""

from tests.support.photo_eval import evaluate, load_cases


def main() -> None:
    """Print the score and every missed expectation."""
    cases = load_cases()
    score, failures = evaluate(cases)
    print(f"photos: {len(cases) - len(failures)}/{len(cases)} instructions matched ({score:.1%})")
    for text, misses in failures:
        print(f"  MISS {text!r}: " + "; ".join(misses))


if __name__ == "__main__":
    main()
