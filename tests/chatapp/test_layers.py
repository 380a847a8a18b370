"""The in-process channel layer: Channels' in-memory layer with its expiry sweep run at most once per interval."""

import asyncio

from chatapp.layers import InMemoryChannelLayer


async def test_it_delivers_a_group_message_to_every_member_as_its_own_copy():
    layer = InMemoryChannelLayer()
    alice, bob = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("chat_1", alice)
    await layer.group_add("chat_1", bob)
    await layer.group_send("chat_1", {"type": "chat.event", "event": {"n": 1}})
    got_alice, got_bob = await layer.receive(alice), await layer.receive(bob)
    assert got_alice == got_bob == {"type": "chat.event", "event": {"n": 1}}
    got_alice["event"]["n"] = 2
    assert got_bob["event"]["n"] == 1


async def test_it_skips_a_full_channel_and_still_delivers_to_the_others():
    layer = InMemoryChannelLayer(capacity=1)
    full, free = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("chat_1", full)
    await layer.send(full, {"type": "first"})
    await layer.group_add("chat_1", free)
    await layer.group_send("chat_1", {"type": "second"})
    assert await layer.receive(free) == {"type": "second"}
    assert await layer.receive(full) == {"type": "first"}


async def test_it_still_drops_an_expired_message_and_its_channel_from_groups():
    layer = InMemoryChannelLayer(expiry=0, sweep_every=0)
    gone = await layer.new_channel()
    await layer.group_add("chat_1", gone)
    await layer.send(gone, {"type": "never read"})
    await asyncio.sleep(0.01)
    await layer.group_send("chat_1", {"type": "later"})
    assert gone not in layer.channels
    assert gone not in layer.groups.get("chat_1", {})


async def test_it_sweeps_at_most_once_per_interval():
    layer = InMemoryChannelLayer(expiry=0, sweep_every=3600)
    channel = await layer.new_channel()
    await layer.group_add("chat_1", channel)
    await layer.group_send("chat_1", {"type": "first"})  # the first call sweeps (nothing has expired yet)
    await asyncio.sleep(0.01)
    await layer.group_send("chat_1", {"type": "second"})  # "first" has expired, but no sweep runs for an hour
    assert await layer.receive(channel) == {"type": "first"}
    assert await layer.receive(channel) == {"type": "second"}
