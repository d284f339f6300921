"""bss_desktop: a desktop tabletop for Battle Spirits Saga."""

__version__ = "0.1.0"
