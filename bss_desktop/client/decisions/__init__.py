"""The decision bar and its panels: what the game waits for, choices of cards, payments, choice texts.
"""
