"""manage.py create_api_token <username>: print a new personal API token."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from chatapp.errors import MarqueeError
from chatapp.services import api_token_create


class Command(BaseCommand):
    help = "Create a personal API token for a user and print it (it is stored hashed and shown once)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="CLI token")

    def handle(self, *args, username, name, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No user named {username!r}.")
        try:
            _token, key = api_token_create(user=user, name=name)
        except MarqueeError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(key)
