"""Websocket failures daphne detects itself (a message past its 1 MB limit, invalid UTF-8) end with a close code."""


def install_close_codes() -> bool:
    """Make daphne's websocket connections fail with a close frame (True when daphne is importable)."""
    try:
        from daphne.ws_protocol import WebSocketFactory
    except ImportError:
        return False
    if getattr(WebSocketFactory, "_marquee_close_codes", False):
        return True
    original_init = WebSocketFactory.__init__

    def __init__(self, *args, **kwargs):  # noqa: N807 - the patched constructor
        original_init(self, *args, **kwargs)
        # autobahn's default drops the TCP connection instead: the client sees 1006, a network failure
        # it retries, where 1009 ("message too big") or 1007 ("invalid payload") says what was wrong.
        self.setProtocolOptions(failByDrop=False)

    WebSocketFactory.__init__ = __init__
    WebSocketFactory._marquee_close_codes = True
    return True
