from django.apps import AppConfig


class ImagelabConfig(AppConfig):
    name = "imagelab"
    verbose_name = "Image lab"

    def ready(self) -> None:
        # Image chats render their own messages and events through the chat's websocket.
        from chatapp import render as chat_render
        from imagelab import events, render

        chat_render.register(kind="images", message_renderer=render.message_html,
                             event_renderers=render.EVENT_RENDERERS, parse=events.parse)
