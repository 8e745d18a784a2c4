"""The Panda3D view: the only part of the program that imports Panda3D."""
