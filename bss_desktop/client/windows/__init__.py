"""Windows and dialogs: the game window, the result, the replay, the LAN windows, settings, help, the guide,
the card preview, the deck and trash viewers, chat, the theme and fitting windows to the screen.
"""
