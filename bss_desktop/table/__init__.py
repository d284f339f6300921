"""The table model, below the rules engine: game profiles (zones, pieces, trackers, steps, deck rules) as data.

`profiles.py` finds and checks the profile files, `profile.py` is their shape and the objects the app reads,
`schema.py` the small checker that names the field of every mistake. No Qt.
"""
from .profile import Profile, Zone
from .profiles import all_profiles, get_profile, profile_problems
from .schema import ProfileError

__all__ = ["Profile", "ProfileError", "Zone", "all_profiles", "get_profile", "profile_problems"]
