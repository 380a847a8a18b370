from django.apps import AppConfig


class ChatappConfig(AppConfig):
    name = "chatapp"
    verbose_name = "Chats"

    def ready(self) -> None:
        from django.core.signals import request_finished
        from django.db.models.signals import post_migrate

        from chatapp import checks, search_index, signals  # noqa: F401  (checks registers itself)
        from chatapp.db import request_connections_close

        signals.connect()
        request_finished.connect(request_connections_close, dispatch_uid="marquee.request_connections_close")
        post_migrate.connect(search_index.on_post_migrate, sender=self, dispatch_uid="marquee.search_index")
