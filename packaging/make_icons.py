"""Generate every platform's app icon from the one source, assets/icon/bss-desktop.svg.

    python packaging/make_icons.py [--source SVG] [--out DIR]

Qt's SVG renderer draws the source afresh at each size, so small icons stay sharp instead of being
scaled down from a big bitmap; the .ico and .icns containers are written here (their formats are a
header and a list of images), so nothing beyond PySide6 is needed:

    DIR/bss-desktop.ico                              Windows: 16 to 256 px (BMP below 256, PNG at 256)
    DIR/bss-desktop.icns                             macOS: 16 to 1024 px, with the @2x (Retina) variants
    DIR/png/bss-desktop-N.png                        Linux and anything else: N = 16, 24, 32, 48, 64, 128, 256, 512
    DIR/hicolor/NxN/apps/bss-desktop.png             the same PNGs laid out as an icon theme, ready to copy
    DIR/hicolor/scalable/apps/bss-desktop.svg        into ~/.local/share/icons/ (see packaging/README.md)

Default DIR: packaging/build/icons. These are build outputs; only the SVG is kept in the repository.
"""
from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SOURCE = ROOT / "assets" / "icon" / "bss-desktop.svg"
OUT = HERE / "build" / "icons"
NAME = "bss-desktop"

ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
# ICNS element types holding PNG data, and the pixel size of each (the @2x types are the Retina variants)
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
              ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(source: Path, sizes) -> dict:
    """The SVG drawn at each size: {size: QImage in Format_ARGB32 (straight alpha)}."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 - kept alive while drawing
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {source} is not an SVG Qt can draw")
    images = {}
    for size in sorted(set(sizes)):
        image = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
        image.fill(Qt.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setRenderHint(QPainter.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        images[size] = image.convertToFormat(QImage.Format_ARGB32)
    return images


def png_bytes(image) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.WriteOnly)
    if not image.save(buf, "PNG"):
        raise SystemExit("make_icons: Qt could not encode a PNG")
    buf.close()
    return bytes(data)


def bmp_icon_bytes(image) -> bytes:
    """One ICO image as a 32-bit DIB: BITMAPINFOHEADER (height doubled for the AND mask), the BGRA rows
    bottom-up, then an all-zero 1-bit AND mask (the alpha channel does the masking)."""
    w, h = image.width(), image.height()
    header = struct.pack("<IiiHHIIiiII", 40, w, 2 * h, 1, 32, 0, 0, 0, 0, 0, 0)
    bits = bytes(image.constBits())  # Format_ARGB32 is B, G, R, A in memory on little-endian machines
    if sys.byteorder != "little":
        bits = b"".join(bits[i:i + 4][::-1] for i in range(0, len(bits), 4))
    stride = image.bytesPerLine()
    rows = b"".join(bits[y * stride:y * stride + 4 * w] for y in reversed(range(h)))
    mask_stride = ((w + 31) // 32) * 4
    return header + rows + bytes(mask_stride * h)


def write_ico(path: Path, images: dict) -> None:
    """A Windows .ico: ICONDIR, one ICONDIRENTRY per size, then the images (PNG for 256 px, as Windows expects)."""
    blobs = [(size, png_bytes(images[size]) if size >= 256 else bmp_icon_bytes(images[size])) for size in ICO_SIZES]
    out = struct.pack("<HHH", 0, 1, len(blobs))
    offset = 6 + 16 * len(blobs)
    for size, blob in blobs:
        dim = 0 if size >= 256 else size  # 0 means 256
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    path.write_bytes(out + b"".join(blob for _, blob in blobs))


def write_icns(path: Path, images: dict) -> None:
    """A macOS .icns: the 'icns' magic and total length, then (type, length, PNG data) elements."""
    elements = b""
    for kind, size in ICNS_TYPES:
        png = png_bytes(images[size])
        elements += kind.encode("ascii") + struct.pack(">I", 8 + len(png)) + png
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(elements)) + elements)


def make_icons(source: Path = SOURCE, out: Path = OUT) -> dict[str, Path]:
    """Write the icons into `out`; returns {"ico": path, "icns": path, "png": folder, "hicolor": folder}."""
    source, out = Path(source), Path(out)
    if not source.is_file():
        raise SystemExit(f"make_icons: no icon source at {source}")
    images = render(source, set(ICO_SIZES) | {size for _, size in ICNS_TYPES} | set(PNG_SIZES))
    out.mkdir(parents=True, exist_ok=True)

    ico = out / f"{NAME}.ico"
    write_ico(ico, images)
    icns = out / f"{NAME}.icns"
    write_icns(icns, images)

    png = out / "png"
    hicolor = out / "hicolor"
    png.mkdir(exist_ok=True)
    for size in PNG_SIZES:
        data = png_bytes(images[size])
        (png / f"{NAME}-{size}.png").write_bytes(data)
        theme_dir = hicolor / f"{size}x{size}" / "apps"
        theme_dir.mkdir(parents=True, exist_ok=True)
        (theme_dir / f"{NAME}.png").write_bytes(data)
    scalable = hicolor / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, scalable / f"{NAME}.svg")
    return {"ico": ico, "icns": icns, "png": png, "hicolor": hicolor}


def up_to_date(source: Path = SOURCE, out: Path = OUT) -> bool:
    """True if every icon in `out` exists and is newer than the source (and this script)."""
    made = [out / f"{NAME}.ico", out / f"{NAME}.icns"] + [out / "png" / f"{NAME}-{s}.png" for s in PNG_SIZES]
    if not all(p.is_file() for p in made):
        return False
    newest_input = max(Path(source).stat().st_mtime, Path(__file__).stat().st_mtime)
    return min(p.stat().st_mtime for p in made) >= newest_input


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate the .ico, .icns and .png app icons from the SVG source.")
    parser.add_argument("--source", type=Path, default=SOURCE, help=f"the SVG (default {SOURCE.relative_to(ROOT)})")
    parser.add_argument("--out", type=Path, default=OUT, help=f"output folder (default {OUT.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    made = make_icons(args.source, args.out)
    for kind, path in made.items():
        print(f"{kind:8} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
