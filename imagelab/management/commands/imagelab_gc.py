"""manage.py imagelab_gc: remove image files no chat owns any more (left by a crash or an older version)."""

from django.core.management.base import BaseCommand

from imagelab.cleanup import GC_MIN_AGE, orphans_delete


class Command(BaseCommand):
    help = "Delete folders under IMAGE_ROOT that no image or job row owns (older than --min-age seconds)."

    def add_arguments(self, parser):
        parser.add_argument("--min-age", type=float, default=GC_MIN_AGE, help="Seconds (default 3600).")
        parser.add_argument("--dry-run", action="store_true", help="List the orphaned folders; delete nothing.")

    def handle(self, *args, min_age: float, dry_run: bool, **options):
        orphans = orphans_delete(min_age=min_age, dry_run=dry_run)
        for rel in orphans:
            self.stdout.write(f"{'would remove' if dry_run else 'removed'} {rel}")
        self.stdout.write(f"{len(orphans)} orphaned folder(s) {'found' if dry_run else 'removed'}.")
