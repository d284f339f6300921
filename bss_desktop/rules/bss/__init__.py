"""Battle Spirits Saga's rules module (Comprehensive Rules v1.6.0, rules document 000; CR = its rule numbers)."""
from .game import GAME, SagaGame

__all__ = ["GAME", "SagaGame"]
