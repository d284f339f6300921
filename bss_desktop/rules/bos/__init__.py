"""Battle of Souls' rules module (rule book v1.3, 004): game.py is the class; docs/rules-modules.md lists the files."""
from .game import GAME

__all__ = ["GAME"]
