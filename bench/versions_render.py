"""What versions cost a chat page: the history render (sync_html) and a version switch, with and without versions.

A movie chat of 50 turns (3 picks each) is rendered as a reconnecting page gets it (render.sync_html of
message_list); then the same chat with every answer regenerated twice (3 versions) and every question
edited once, branches included; and `message_version_select` back and forth on an answer and on a
question (which swaps a branch of later turns). Medians of 15 rounds after a warm-up, in one process (the two renders timed in alternation).

    .venv/bin/python bench/versions_render.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
DB_PATH = Path(f"/tmp/marquee-bench-versions-{os.getpid()}.sqlite3")
os.environ.update(
    DJANGO_SETTINGS_MODULE="chatapp.settings",
    DATABASE_URL=f"sqlite:///{DB_PATH}",
    DEBUG="0",
    SECRET_KEY="bench-only-not-a-secret",
    PLANNER_BACKEND="rules",
)
for _name in ("REDIS_URL", "TMDB_API_KEY", "OPENAI_API_KEY"):
    os.environ.pop(_name, None)

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402

from chatapp import render, selectors  # noqa: E402
from chatapp.services import chat_create, message_save_progress, turn_start  # noqa: E402
from chatapp.versions import message_version_select, turn_rerun  # noqa: E402

TURNS, ROUNDS = 50, 15


def _finish(message, n: int) -> None:
    picks = [
        {"source": "catalogue", "id": f"f{n}-{i}", "title": f"Film {n}.{i}", "year": 1990, "index": i, "reason": "r"}
        for i in range(3)
    ]
    message_save_progress(message_id=message.pk, content=f"Answer {n}", payload={"picks": picks}, status="complete")


def _chat(user, *, versions: bool):
    chat = chat_create(user=user)
    turns = []
    for n in range(TURNS):
        question, answer = turn_start(user=user, chat_id=chat.pk, text=f"question {n}", flow="v2")
        _finish(answer, n)
        turns.append((question, answer))
    if versions:
        for n, (_question, answer) in enumerate(turns):
            for k in range(2):
                turn_rerun(user=user, chat_id=chat.pk, flow="v2", message_id=answer.pk)
                _finish(answer, 1000 * (k + 1) + n)
        # One edit near the start: the 48 turns after it wait in its first version's branch.
        _, answer, _, _ = turn_rerun(
            user=user, chat_id=chat.pk, flow="v2", message_id=turns[1][0].pk, new_text="edited"
        )
        _finish(answer, 9999)
    return chat, turns


def _median_ms(fn) -> float:
    fn()
    times = []
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def _interleaved_ms(a, b) -> tuple[float, float]:
    """Medians of a and b timed in alternation (a shared machine's load hits both alike)."""
    a(), b()
    times_a, times_b = [], []
    for _ in range(ROUNDS):
        for fn, times in ((a, times_a), (b, times_b)):
            t0 = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times_a), statistics.median(times_b)


def main() -> None:
    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench")
    plain, _ = _chat(user, versions=False)
    versioned, turns = _chat(user, versions=True)

    def page(chat):
        return lambda: render.sync_html(list(selectors.message_list(chat=chat)))

    answer, question = turns[10][1], turns[1][0]

    def switch_answer():
        message_version_select(user=user, chat_id=versioned.pk, message_id=answer.pk, index=1)
        message_version_select(user=user, chat_id=versioned.pk, message_id=answer.pk, index=3)

    def switch_question():  # 48 later turns leave and come back each time
        message_version_select(user=user, chat_id=versioned.pk, message_id=question.pk, index=1)
        message_version_select(user=user, chat_id=versioned.pk, message_id=question.pk, index=2)

    message_version_select(user=user, chat_id=versioned.pk, message_id=question.pk, index=1)  # all 50 turns shown
    base, with_versions = _interleaved_ms(page(plain), page(versioned))
    rows = [
        (f"history render, {TURNS} turns, 1 version each", base),
        (f"history render, {TURNS} turns, 3 answer versions each", with_versions),
        ("switch an answer's version (there and back)", _median_ms(switch_answer)),
        ("switch a question's version, 48 later turns (there and back)", _median_ms(switch_question)),
    ]
    print("| case | median | ratio vs plain render |\n|---|---:|---:|")
    for name, ms in rows:
        print(f"| {name} | {ms:.1f} ms | {ms / base:.2f} |")
    DB_PATH.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
