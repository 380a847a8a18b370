"""Writes for the movie chat: the user's lists, the recommended set, taste memory, proposed list changes."""
