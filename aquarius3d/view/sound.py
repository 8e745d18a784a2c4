"""Short sounds for the table: a card put down, an action, a refused click, a win.

The sounds are made here, from sine waves and noise (numpy), and written once as small WAV files into the
program's cache folder (`AQUARIUS3D_CACHE_DIR` names another); no recorded asset is shipped. They play through
Panda3D's sound effects manager at the volume of the settings (0 to 100; 0 is off). Without an audio
device Panda3D gives a null manager whose sounds play silently: nothing here fails then.
"""

from __future__ import annotations

import tempfile
import wave
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from ..files.resources import user_cache_dir

if TYPE_CHECKING:
    from direct.showbase.ShowBase import ShowBase
    from panda3d.core import AudioSound

RATE = 22050
NAMES = ("place", "action", "invalid", "win")
Samples = NDArray[np.float64]


def _envelope(n: int, attack: float = 0.004, decay: float = 6.0) -> Samples:
    t = np.arange(n) / RATE
    rise = np.clip(t / attack, 0.0, 1.0)
    shape: Samples = rise * np.exp(-decay * t / max(t[-1], 1e-6))
    return shape


def _tone(freqs: Sequence[float], seconds: float, decay: float = 6.0) -> Samples:
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    wave_ = sum(np.sin(2 * np.pi * f * t) / (i + 1) for i, f in enumerate(freqs))
    tone: Samples = wave_ * _envelope(n, decay=decay)
    return tone


def make(name: str) -> Samples:
    """The samples of one sound, -1..1 (mono, RATE a second)."""
    rng = np.random.default_rng(7)
    if name == "place":  # a soft tap: a short burst of low-passed noise and a low knock
        n = int(RATE * 0.09)
        noise = np.convolve(rng.standard_normal(n), np.ones(12) / 12, mode="same")
        return 0.5 * noise * _envelope(n, decay=9.0) + 0.4 * _tone((180.0,), 0.09, decay=10.0)
    if name == "action":  # two rising notes
        return np.concatenate([0.5 * _tone((660.0, 1320.0), 0.09), 0.5 * _tone((880.0, 1760.0), 0.14)])
    if name == "invalid":  # a low buzz
        n = int(RATE * 0.16)
        t = np.arange(n) / RATE
        return 0.35 * np.sign(np.sin(2 * np.pi * 140.0 * t)) * _envelope(n, decay=4.0)
    if name == "win":  # a major arpeggio
        return np.concatenate([0.45 * _tone((f, 2 * f), 0.16 if f < 784 else 0.5, decay=4.0)
                               for f in (523.25, 659.25, 783.99, 1046.5)])
    raise ValueError(f"no sound named {name!r}")


def cache_dir() -> Path:
    """sounds/ in the program's cache folder (resources.user_cache_dir), or in the temporary folder when
    the cache is switched off."""
    base = user_cache_dir()
    return (base if base is not None else Path(tempfile.gettempdir()) / "aquarius3d") / "sounds"


def write_wav(path: Path, samples: Samples) -> None:
    data = (np.clip(samples, -1.0, 1.0) * 32000).astype("<i2").tobytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    with wave.open(str(part), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data)
    part.replace(path)


def sound_file(name: str) -> Path:
    """The WAV of a sound, written at first use."""
    path = cache_dir() / f"{name}.wav"
    if not path.exists():
        write_wav(path, make(name))
    return path


class Sounds:
    """Plays the table's sounds at a volume (0-100, 0 off); `played` counts what was played, for tests."""

    def __init__(self, base: ShowBase, volume: int = 60) -> None:
        self.base = base
        self.volume = volume
        self.loaded: dict[str, AudioSound | None] = {}
        self.played: list[str] = []

    def _sound(self, name: str) -> AudioSound | None:
        if name not in self.loaded:
            try:
                self.loaded[name] = self.base.loader.loadSfx(str(sound_file(name)))
            except (OSError, ValueError):  # an unwritable cache: no sound, no failure
                self.loaded[name] = None
        return self.loaded[name]

    def play(self, name: str) -> bool:
        """Play a sound unless the volume is 0; whether it was played."""
        if self.volume <= 0:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        sound.setVolume(self.volume / 100.0)
        sound.play()
        self.played.append(name)
        del self.played[:-20]
        return True
