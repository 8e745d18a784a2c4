"""The command line's work beside the window: many games between computer levels (the arena, its plots, a Ray
cluster) and random games (simulate)."""
