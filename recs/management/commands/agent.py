"""manage.py agent context show|reset <username>: inspect or clear a user's rolling taste memory."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from recs.services.memory import memory_get, memory_reset, taste_profile_summary


class Command(BaseCommand):
    help = "The agent's memory of a user: `agent context show <username>` or `agent context reset <username>`."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="topic", required=True)
        context = sub.add_parser("context", help="the rolling per-user taste memory")
        context.add_argument("action", choices=["show", "reset"])
        context.add_argument("username")

    def handle(self, *args, topic, action, username, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No user named {username!r}.")
        if action == "reset":
            memory_reset(user=user)
            self.stdout.write(f"Memory of {username} reset.")
            return
        memory = memory_get(user=user)
        data = {
            "user": username,
            "liked_genres": memory.liked_genres,
            "disliked_genres": memory.disliked_genres,
            "liked_people": memory.liked_people,
            "disliked_people": memory.disliked_people,
            "constraints": memory.constraints,
            "last_results": memory.last_results,
            "autostart": memory.autostart,
            "profile_summary": taste_profile_summary(user=user),
        }
        self.stdout.write(json.dumps(data, indent=2, ensure_ascii=False))
