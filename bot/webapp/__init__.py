"""The game table as a Telegram Mini App: a web page served by the bot's own aiohttp server,
kept live over a WebSocket, moves sent back over it through the same press protocol as the
inline buttons (``runtime/presses.py``).

- ``initdata``: Telegram's Mini App init data, checked with the bot token (who is asking);
- ``page_state``: what one seat's page shows, drawn with the same renderers as the chat;
- ``hub``: the open pages per deal, pushed a new state after every change of the deal;
- ``rooms``: the page before a deal (a lobby opened by its link, the quick-match queue,
  home), live until the deal it waits for starts;
- ``server``: the routes (the page, its files, the WebSocket) on an aiohttp application;
- ``links``: the "Open table" buttons for the hand message and the group table;
- ``static/``: the page itself (plain ES modules and CSS, no build step).
"""
