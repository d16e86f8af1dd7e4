"""Network clients of the game server (docs/protocol.md): the seat's view as it travels
(``wire``), invitation links and tokens (``link``), the protocol client (``client``) and a bot
that plays a seat over the network (``bot_client``). The terminal game's network face is
``canasta.tui.remote``."""
