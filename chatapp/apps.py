from django.apps import AppConfig


class ChatappConfig(AppConfig):
    name = "chatapp"
    verbose_name = "Chats"

    def ready(self) -> None:
        from chatapp import checks, signals  # noqa: F401  (checks registers itself)

        signals.connect()
