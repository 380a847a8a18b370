"""The fakes of `bench/turn_cpu.py --model`, in their own process so their CPU stays out of the measurement.

    PYTHONPATH=$PWD .venv/bin/python bench/turn_cpu_fakes.py   # prints OPENAI_BASE_URL and TMDB_BASE_URL, serves

The fake OpenAI answers like bench/concurrency_model.py's (decide_mode → B, plan_picks → three catalogue films)
but at once, and the fake TMDB serves the same films with no delay and no rate limit: what is left is the
server's own CPU for a model turn. Runs until its stdin closes.
"""

from __future__ import annotations

import sys
import threading

from bench.concurrency_model import Planner, film_rows
from tests.fakes.openai_server import FakeOpenAIServer
from tests.fakes.tmdb_server import start_fake_tmdb


def main() -> None:
    films = film_rows()
    tmdb, tmdb_server = start_fake_tmdb()
    tmdb.use_films(films)
    openai = FakeOpenAIServer().start()
    planner = Planner(films, seconds=0.0, overlap=0.25, stopping=threading.Event())
    planner.new_phase()  # the pool of popular films a quarter of the picks come from
    openai.respond_with(planner)
    print(openai.base_url, tmdb.base_url, flush=True)
    sys.stdin.read()  # the bench closes it at exit
    openai.stop()
    tmdb_server.shutdown()


if __name__ == "__main__":
    main()
