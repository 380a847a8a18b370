"""Websocket failures daphne detects itself (a message past its 1 MB limit, invalid UTF-8) end with a close code;
a send racing the client's close is recognised as the client being gone."""


def _client_gone() -> tuple[type[BaseException], ...]:
    """What daphne raises from a send once the client has closed (autobahn's Disconnected), when installed."""
    try:
        from autobahn.exception import Disconnected
    except ImportError:
        return ()
    return (Disconnected,)


CLIENT_GONE = _client_gone()


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
