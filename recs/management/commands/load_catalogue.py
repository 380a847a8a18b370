"""manage.py load_catalogue: load and normalise the embedded film catalogue, and report on it."""

import time

from django.core.management.base import BaseCommand

from recs.sources.catalogue import load_catalogue


class Command(BaseCommand):
    help = "Load the embedded movie catalogue (recs/data/vega-movies.json), normalise it and print its stats."

    def handle(self, *args, **options):
        started = time.perf_counter()
        catalogue = load_catalogue()
        ms = (time.perf_counter() - started) * 1000
        stats = catalogue.stats
        self.stdout.write(
            f"Embedded catalogue: {len(catalogue.movies):,} films ready in {ms:.0f} ms "
            + " ".join(f"{k}={v}" for k, v in stats.items() if not isinstance(v, dict))
        )
