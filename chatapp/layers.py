"""The in-process channel layer (no REDIS_URL): Channels' in-memory layer, minus its per-message sweeps."""

from __future__ import annotations

import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as _ChannelsInMemoryLayer


class InMemoryChannelLayer(_ChannelsInMemoryLayer):
    """Channels' InMemoryChannelLayer with two per-event costs removed (the messages and their expiry are the same).

    Channels sweeps every queue and every group membership for expired entries on every `receive` and
    every `group_send`: with 50 open sockets (each in 3 groups) that sweep was the largest channel-layer
    cost of a turn. Here it runs at most once per `sweep_every` seconds; a message still expires after
    `expiry` seconds (60), at most `sweep_every` later than before. And `group_send` puts the message on
    each member's queue directly instead of through one task per member (`send` never waits: a full
    queue raises at once, and a full channel is skipped as before).
    """

    def __init__(self, *, sweep_every: float = 1.0, **kwargs):
        super().__init__(**kwargs)
        self.sweep_every = sweep_every
        self._swept_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self._swept_at < self.sweep_every:
            return
        self._swept_at = now
        super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, {})):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass
