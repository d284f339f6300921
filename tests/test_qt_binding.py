"""The installed Qt binding must not corrupt the interpreter.

PySide6 6.12.0 under Python 3.11 drops a reference to None on every call of a
method that returns nothing, so a few thousand calls abort the app with
"none_dealloc". pyproject.toml excludes that release; this test catches any
other release with the same fault before players do.
"""
import sys

from PySide6.QtCore import QPointF


def test_void_qt_calls_keep_the_reference_count_of_none():
    point = QPointF()
    before = sys.getrefcount(None)
    for _ in range(200):
        point.setX(1.0)
    assert sys.getrefcount(None) >= before - 5, "this PySide6 release leaks references to None; pin another"
