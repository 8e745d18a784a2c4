"""Play across computers: a host that owns the game and keeps every secret, players who join it by a code.

protocol.py the messages and their limits (docs/protocol.md), code.py the join code and the tokens,
wire.py what a seat is sent of the game, host.py the host (link.py a connection, seating.py its seats),
client.py a player's side and the computer client, commands.py `aquarius3d host` and `aquarius3d join`.
Beside commands/ and the window: it may import session/ and below, and the window's screens may import it.
"""
