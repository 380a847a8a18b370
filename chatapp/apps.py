from django.apps import AppConfig


class ChatappConfig(AppConfig):
    name = "chatapp"
    verbose_name = "Chats"

    def ready(self) -> None:
        from chatapp import signals

        signals.connect()
