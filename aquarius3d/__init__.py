"""aquarius3d: a 3D tabletop for Aquarius and the games built on its deck."""

__version__ = "0.1.0"
