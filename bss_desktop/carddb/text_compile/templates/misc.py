"""Templates: phrases of no other family — cores taken from or placed on the cards a selection chose, selections
written with their families after "that are", and the like."""
from __future__ import annotations

from ..not_supported import NotSupported  # noqa: F401  (raised by the rules below)

GRAMMAR = r"""
// cores from each of the selected spirits (CR 10-5: cores removed go where the text says)
%extend core_remove: "remove" count core_word "from" each_selected "and place" moved_cores "into" core_to -> m_remove_each_selected
                   | "remove all but" count core_word "from" each_selected "and place" moved_cores "into" core_to -> m_keep_each_selected
                   | "remove all but" count "of its cores and place" moved_cores "into" core_to -> m_keep_of_its
each_selected: "each of them" | "each of those spirits" | "each of the selected spirits"
moved_cores: "them" | "it" | "the cores" | "those cores"
// a core from the void onto each of the selected spirits
%extend core_dest: "each of those spirits" -> cd_it
                 | "each of the selected spirits" -> cd_it
// "select 1 of your spirits that are Stoneback, Sky Warden, or Tidecaller": a family among these
%extend filter: ("that is" | "that are") families -> m_f_families
"""


class Rules:
    """Transformer methods of the rules in GRAMMAR (see templates/__init__.py)."""

    def m_remove_each_selected(self, count, _w, _each, _moved, to):
        # "it" is every card the previous selection chose: the count comes off each of them
        return [{"core_remove": {"target": "it", **self._core_to(count, to)}}]

    def m_keep_each_selected(self, count, _w, _each, _moved, to):
        d = self._core_to(count, to)
        return [{"core_remove": {"target": "it", "keep": d.pop("count"), **d}}]

    def m_keep_of_its(self, count, _moved, to):
        return self.m_keep_each_selected(count, None, None, None, to)

    def each_selected(self, *_):
        return None

    def moved_cores(self, *_):
        return None

    def m_f_families(self, families):
        return families
