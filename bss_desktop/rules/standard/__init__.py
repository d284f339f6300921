"""Battle Spirits Standard's rules module (Standard Comprehensive Rules Ver.1.0, rules document 001; STD = its rule
numbers). It builds on Battle Spirits Saga's module, from which Standard's rules differ where digest §2.3 says."""
from .game import GAME, StandardGame

__all__ = ["GAME", "StandardGame"]
