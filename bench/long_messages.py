"""The offline movie planner on long, odd messages: CPU of decide_mode (and the answer, for questions) per message.

    PYTHONPATH=$PWD .venv/bin/python bench/long_messages.py [--runs 3]

A message may be 4,000 characters (MESSAGE_MAX_CHARS). A pattern that backtracks over a long run of punctuation
or words costs CPU quadratic in it, and the planner runs on a worker thread that holds the GIL. Each row is a
4,000-character message, against an everyday request timed in the same process (the ratio). Medians of `--runs`
after one warm-up (the catalogue's indexes are built once). Prints only.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

MESSAGES = {
    "everyday request": "a tense 90s thriller, nothing too long",
    '"-" x 4000': "-" * 4000,
    '". " x 2000': ". " * 2000,
    '"a " x 2000': "a " * 2000,
    '"x" x 4000': "x" * 4000,
    '"?!" x 2000': "?!" * 2000,
    '"who directed " + "the " x 996': "who directed " + "the " * 996,
    '"recommend " + "dark " x 798': "recommend " + "dark " * 798,
}


def cpu_ms(text: str, catalogue) -> float:
    """CPU ms of deciding the mode of one message, and answering it when it is a question."""
    from recs.rules.answer import answer, decide_mode

    t = time.process_time()
    if decide_mode(text, catalogue).mode == "A":
        answer(text, catalogue)
    return (time.process_time() - t) * 1000


def main() -> None:
    """Print the table (markdown) for bench/README.md."""
    from recs.sources.catalogue import load_catalogue

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    catalogue = load_catalogue()
    for text in MESSAGES.values():  # warm-up: the catalogue's people, series and title indexes
        cpu_ms(text, catalogue)
    base = statistics.median(cpu_ms(MESSAGES["everyday request"], catalogue) for _ in range(args.runs))
    print("| message | CPU (ms) | ratio |")
    print("|---|---:|---:|")
    for name, text in MESSAGES.items():
        ms = statistics.median(cpu_ms(text, catalogue) for _ in range(args.runs))
        print(f"| {name} | {ms:.1f} | {ms / base:.1f} |", flush=True)


if __name__ == "__main__":
    main()
