"""What the movie chat remembers: films already recommended in a chat."""

from django.core.validators import MaxValueValidator, MinValueValidator
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


class _ListItem(models.Model):
    """A film on one of a user's lists (identity: source + id)."""

    user = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="+")
    source = models.CharField(max_length=20)
    movie_id = models.CharField(max_length=64)
    media_type = models.CharField(max_length=10, default="movie")
    title = models.CharField(max_length=300)
    year = models.IntegerField(null=True, blank=True)
    genres = models.JSONField(default=list, blank=True)
    director = models.CharField(max_length=200, blank=True)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["-added_at", "-id"]

    def __str__(self) -> str:
        return f"{self.title} ({self.year})"


class WatchlistItem(_ListItem):
    """A film the user wants to watch; never recommended to them."""

    class Meta(_ListItem.Meta):
        constraints = [
            models.UniqueConstraint(fields=["user", "source", "movie_id"], name="watchlist_once_per_film"),
        ]


class SeenItem(_ListItem):
    """A film the user has seen, optionally rated 1–5; never recommended to them."""

    rating = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(5)]
    )

    class Meta(_ListItem.Meta):
        constraints = [
            models.UniqueConstraint(fields=["user", "source", "movie_id"], name="seen_once_per_film"),
            models.CheckConstraint(
                condition=models.Q(rating__isnull=True) | models.Q(rating__gte=1, rating__lte=5),
                name="seen_rating_1_to_5",
            ),
        ]


class TasteMemory(models.Model):
    """A user's rolling memory: what they like and dislike, their constraints, their last results."""

    user = models.OneToOneField("auth.User", on_delete=models.CASCADE, related_name="taste_memory")
    liked_genres = models.JSONField(default=list, blank=True)
    disliked_genres = models.JSONField(default=list, blank=True)
    liked_people = models.JSONField(default=list, blank=True)
    disliked_people = models.JSONField(default=list, blank=True)
    constraints = models.JSONField(default=list, blank=True, help_text="Standing requests, e.g. 'under two hours'.")
    last_results = models.JSONField(default=list, blank=True, help_text="The most recent picks shown.")
    autostart = models.BooleanField(default=True, help_text="Greet new chats with three picks.")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Memory of {self.user}"

    @property
    def is_empty(self) -> bool:
        return not any(
            (self.liked_genres, self.disliked_genres, self.liked_people, self.disliked_people, self.constraints)
        )
