"""Table sounds: short tones for playing a card, attacking, turning, damage and the end of a game.

The sounds are generated once as WAV files (no bundled audio) and played without
blocking by the platform's own player — winsound on Windows, afplay on macOS,
paplay or aplay on Linux — because PySide6-Essentials has no QtMultimedia.
Where no player exists the game is simply silent.
"""
from __future__ import annotations

import math
import shutil
import struct
import subprocess
import sys
import wave
from pathlib import Path

RATE = 22050
# name -> (frequencies in Hz played together, seconds, loudness 0..1)
TONES = {
    "play": ((660.0, 990.0), 0.09, 0.35),
    "attack": ((196.0, 294.0), 0.18, 0.45),
    "turn": ((520.0,), 0.05, 0.25),
    "damage": ((110.0, 138.6), 0.25, 0.5),
    "draw": ((880.0,), 0.04, 0.2),
    "end": ((523.3, 659.3, 784.0), 0.6, 0.4),
}


def write_tone(path: Path, freqs, seconds: float, loudness: float) -> None:
    """A soft plucked tone: the frequencies summed, with a quick attack and an exponential decay."""
    n = int(RATE * seconds)
    frames = bytearray()
    for i in range(n):
        t = i / RATE
        env = min(1.0, i / (RATE * 0.004)) * math.exp(-5.0 * t / seconds)
        v = sum(math.sin(2 * math.pi * f * t) for f in freqs) / len(freqs)
        frames += struct.pack("<h", int(32767 * loudness * env * v))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def ensure_sounds(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for name, (freqs, seconds, loudness) in TONES.items():
        path = folder / f"{name}.wav"
        if not path.exists():
            write_tone(path, freqs, seconds, loudness)
        out[name] = path
    return out


def sound_for(events) -> str | None:
    """The one sound a batch of events makes, the most important first."""
    kinds = {e.kind for e in events}
    if "game_over" in kinds:
        return "end"
    if "damage" in kinds:
        return "damage"
    if "attack" in kinds or "block" in kinds:
        return "attack"
    if any(e.kind == "card_moved" and e["dst"] == "field" for e in events) or "magic_used" in kinds:
        return "play"
    if "exhaust" in kinds:
        return "turn"
    if "draw" in kinds:
        return "draw"
    return None


def _system_player():
    """A function playing a WAV file without blocking, or None if this system has no player."""
    if sys.platform.startswith("win"):
        import winsound

        return lambda path: winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC)
    for tool in ("afplay", "paplay", "aplay"):
        exe = shutil.which(tool)
        if exe:
            args = [exe, "-q"] if tool == "aplay" else [exe]
            return lambda path: subprocess.Popen(args + [str(path)], stdout=subprocess.DEVNULL,
                                                 stderr=subprocess.DEVNULL)
    return None


class SoundPlayer:
    def __init__(self, enabled: bool, folder: Path, play=None):
        self.enabled = enabled
        self.folder = folder
        self._play = play
        self._files = None

    def events(self, events) -> str | None:
        """Play the sound for these events, if sound is on; returns its name."""
        name = sound_for(events)
        if name is None or not self.enabled:
            return None
        if self._files is None:
            self._files = ensure_sounds(self.folder)
            if self._play is None:
                self._play = _system_player() or (lambda path: None)
        try:
            self._play(self._files[name])
        except OSError:
            self.enabled = False  # a broken audio setup never interrupts the game
        return name
