"""The game server: ``canasta serve`` — tables with bots and friends in the browser.

Tables live in memory as actors over the engine (``table``), their events in the shared
database (``models``, ``storage``); every frame a client receives is built from one seat's view
or the public view (``frames``). The protocol is docs/protocol.md; the modules' layers (a table,
the hall of one process, the cluster of several, the routes on top) are docs/architecture.md,
"The server's layers".
"""
