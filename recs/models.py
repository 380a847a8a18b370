"""What the movie chat remembers: films already recommended in a chat."""

from django.db import models

from chatapp.models import Chat, Message


class Recommendation(models.Model):
    """A film shown in a chat; later turns never recommend it again."""

    chat = models.ForeignKey(Chat, on_delete=models.CASCADE, related_name="recommendations")
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="recommendations")
    source = models.CharField(max_length=20)
    movie_id = models.CharField(max_length=64)
    media_type = models.CharField(max_length=10, default="movie")
    title = models.CharField(max_length=300)
    year = models.IntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["chat", "source", "movie_id"], name="recommended_once_per_chat"),
        ]

    def __str__(self) -> str:
        return f"{self.title} ({self.year}) in chat {self.chat_id}"
