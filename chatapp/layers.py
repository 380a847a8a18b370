"""Channel layers: the in-process one (no REDIS_URL), and the Redis pub/sub one that says when it missed events."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
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


# What a pub/sub layer puts on each of its process's channels when deliveries may have been missed.
LAYER_GAP = "layer.gap"


logger = logging.getLogger("marquee.layers")


@functools.cache
def _pubsub_layer_class():
    # Imported on use: settings load redis-py only when Redis is used (chatapp/env.py).
    from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection
    from redis.asyncio.client import PubSub

    class GapAwarePubSub(PubSub):
        """redis-py's PubSub, which re-subscribes after a reconnect: here it also says so."""

        def __init__(self, *args, on_gap, **kwargs):
            super().__init__(*args, **kwargs)
            self._on_gap = on_gap

        async def on_connect(self, connection):
            # Registered after the first connection: it runs only on a reconnect, after which whatever was
            # published while the connection was down is gone (pub/sub keeps nothing).
            self._on_gap("reconnected to Redis")
            await super().on_connect(connection)

    class GapAwareShard(RedisSingleShardConnection):
        """One Redis host of the layer, telling the process's channels when deliveries may have been missed."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._subscribed_at: dict[str, float] = {}
            self._lost_at: float | None = None  # since when the subscription may have been down
            self._told: set[str] = set()  # channels told about the current loss
            self._subscribed = asyncio.Event()

        async def subscribe(self, channel):
            self._subscribed_at.setdefault(channel, time.monotonic())
            await super().subscribe(channel)
            self._subscribed.set()

        async def unsubscribe(self, channel):
            await super().unsubscribe(channel)
            self._subscribed_at.pop(channel, None)

        def _ensure_redis(self):
            if self._redis is None:
                super()._ensure_redis()
                self._pubsub = GapAwarePubSub(
                    self._redis.connection_pool, event_dispatcher=self._redis._event_dispatcher, on_gap=self._gap
                )

        async def _do_receiving(self):
            # channels_redis' loop, which logged a lost connection and went on as if nothing had been missed, and
            # slept 0.1 s whenever nothing was subscribed: a process's first socket (each test's, in the suite)
            # then got its first events up to 0.1 s late, after its turn had ended. Here it wakes on a subscribe.
            me = asyncio.current_task()
            while True:
                if me is not None and me.cancelling():
                    # flush() cancelled this loop, and redis-py's read (Python 3.11's wait_for) swallowed the
                    # cancel as its read completed: the loop went on for ever and flush() never returned.
                    raise asyncio.CancelledError
                try:
                    if self._pubsub and self._pubsub.subscribed:
                        message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
                        self._receive_message(message)
                    else:
                        self._subscribed.clear()
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(self._subscribed.wait(), 1.0)
                except (asyncio.CancelledError, GeneratorExit):
                    raise
                except Exception as exc:  # a TimeoutError too: channels_redis let it end the loop, and with it delivery
                    self._gap(f"lost Redis: {exc}", back=False)
                    await asyncio.sleep(1)

        def _gap(self, why: str, back: bool = True) -> None:
            # Only channels subscribed before the loss can have missed anything; a socket that connects while
            # Redis comes back reads its sync after subscribing, so it is not told (it would resync for nothing).
            self._lost_at = self._lost_at or time.monotonic()
            layer = self.channel_layer
            missed = [
                name
                for name in layer.channels
                if name not in self._told and self._subscribed_at.get(name, 0.0) <= self._lost_at
            ]
            if back:
                self._lost_at, self._told = None, set()
            else:
                self._told.update(missed)
            logger.warning("pub/sub channel layer %s: telling %d channel(s)", why, len(missed))
            gap = layer.channel_layer.serialize({"type": LAYER_GAP})
            for name in missed:
                layer.channels[name].put_nowait(gap)

    class GapAwarePubSubChannelLayer(RedisPubSubChannelLayer):
        """channels_redis' pub/sub layer (one PUBLISH per group message) that never misses events silently.

        Pub/sub delivers at most once: what is published while a process's subscription is down is gone. Each
        channel of the process then receives `layer.gap` (the sockets close with 1012, and their pages
        reconnect with what they have seen and get what changed, resync.py), so a gap costs a resync.
        """

        def _get_layer(self):
            fresh = asyncio.get_running_loop() not in self._layers
            layer = super()._get_layer()
            if fresh:
                layer._shards = [GapAwareShard(shard.host, layer) for shard in layer._shards]
            return layer

    return GapAwarePubSubChannelLayer


def __getattr__(name: str):
    """`chatapp.layers.RedisPubSubChannelLayer`, a dotted path for CHANNEL_LAYERS, built on first use."""
    if name == "RedisPubSubChannelLayer":
        return _pubsub_layer_class()
    raise AttributeError(name)
