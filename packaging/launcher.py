"""Entry point of the PyInstaller bundle: exactly the `bss-desktop` console script.

With no arguments it starts the app; every command-line tool (`--screenshot`, `simulate`,
`host --headless`, ...) works from the bundle the same way as from an installed wheel.
"""
import sys

from bss_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
