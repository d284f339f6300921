"""The board and its items: the scene, the card, pile, tracker and zone items, the layout a game's profile
declares, the view that scales it, the table's sounds.
"""
