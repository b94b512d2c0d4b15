"""The lobby workflow before a deal: opening a game, joining, leaving, the settings menus,
starting and cancelling (``desk``), what a settings button changes (``settings``), people
who joined but have not opened the private chat yet (``pending``), and when the lobby
message is edited (``redraws``).
"""
