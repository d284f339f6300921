"""Controllers: what turns gestures into commands: the game's (rules mode), the sandbox's, the remote
game of a LAN guest, the model they send through, deck looks, the computer's thinking thread.
"""
