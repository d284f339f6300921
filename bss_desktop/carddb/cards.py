"""Static card data: what is printed on a card (CR 2).

A `CardDef` is immutable and shared by every instance of the card in a game.
The engine never mutates it; continuous effects are applied on top of it when
information is read (CR 8-8-1).
"""
from __future__ import annotations

from dataclasses import dataclass, field

COLORS = ("red", "purple", "white", "yellow", "green", "blue")  # CR 2-4-1-1
CARD_TYPES = ("spirit", "nexus", "magic")  # CR 2-3-2
TIMINGS = ("main", "flash")  # CR 8-1-6-1


@dataclass(frozen=True, slots=True)
class Level:
    """One level of a card: LV`number` needs `cores` cores and gives `bp` BP (CR 2-10, 2-11)."""

    number: int
    cores: int
    bp: int | None = None  # nexuses have no BP


@dataclass(frozen=True, slots=True)
class Printing:
    """Another printing of a card (an alternate art, ``BSS01-001_p1``): the same card (CR 2-1), its own id and
    image. A deck list may name it; it stands for its card everywhere the game looks."""

    id: str
    image: str = ""  # the image path the card list gave (e.g. images/BSS01/BSS01-001_p1.png), if any
    rarity: str = ""


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    type: str
    colors: tuple[str, ...]
    cost: int
    reduction: tuple[str, ...] = ()  # one colour per printed reduction symbol (CR 2-7)
    symbols: tuple[tuple[str, ...], ...] = ()  # each symbol is its colours; two = dual colour (CR 2-8-2-1)
    families: tuple[str, ...] = ()  # spirit types (CR 2-5)
    levels: tuple[Level, ...] = ()  # ascending by level number
    additional_name: str = ""  # not part of the card name (CR 2-1-2)
    rarity: str = ""
    set: str = ""
    magic_timing: frozenset[str] = frozenset()  # magic only: {"main"}, {"flash"} or both (CR 8-1-6-1)
    burst: bool = False  # has a burst effect, so may be set (CR 3-8-4)
    effects: tuple = ()  # carddb.effects.Effect, in printed order
    keywords: tuple = ()  # carddb.effects.Keyword (CR 11)
    text: str = ""
    token: bool = False  # tokens leave the game when they leave the field (CR 4-12-3)
    printings: tuple = ()  # Printing: its alternate arts (not cards of their own; never part of play)
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def lv1_cores(self) -> int:
        """Cores needed for the lowest level: the summon/place minimum (CR 10-6-7) and the LV1 check (CR 9-3)."""
        return self.levels[0].cores if self.levels else 0

    @property
    def symbol_count(self) -> int:
        """Number of symbols; a dual-colour symbol is still one symbol (CR 2-8-2-1, 7-1-5-3-1)."""
        return len(self.symbols)

    def level_for(self, cores: int) -> int:
        """The highest level whose maintenance cost `cores` meets (CR 2-10-3); 0 if none."""
        lv = 0
        for level in self.levels:
            if cores >= level.cores:
                lv = level.number
        return lv

    def bp_at(self, level: int) -> int:
        """Printed BP at `level`, or 0 if the card has no such level."""
        for lv in self.levels:
            if lv.number == level:
                return lv.bp or 0
        return 0

    def has_level(self, level: int) -> bool:
        return any(lv.number == level for lv in self.levels)


def hand_token(card_id: str, name: str, color: str, bp: int) -> CardDef:
    """The card definition of a token made by hand (CR 4-12-2): a spirit of one colour with one level, LV1 on one
    core. The engine makes it; a LAN guest rebuilds the same one from the event that announced it."""
    return CardDef(id=card_id, name=name.strip(), type="spirit", colors=(color,), cost=0, symbols=((color,),),
                   levels=(Level(1, 1, bp),), token=True)


def display_name(card: CardDef) -> str:
    """A card's name as players read it: with its same-name id, "Kindleclaw Wyvern [2]" (STD 2-1-4; ETR §Deck's
    same-name card identification number), so same-name cards of different ids are told apart wherever names show."""
    name_id = card.extra.get("name_id")
    return f"{card.name} [{name_id}]" if name_id else card.name
