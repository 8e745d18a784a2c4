"""Colours of the table, shared by the face atlas, the pyramids and the HUD (RGB, 0-255)."""

ELEMENT_RGB = {
    "E": (46, 139, 64),  # earth: green
    "A": (240, 196, 38),  # air: yellow
    "F": (205, 45, 38),  # fire: red
    "W": (33, 96, 190),  # water: blue
    "S": (48, 30, 70),  # space: black, purple-tinted so it reads on screen
}
SYMBOL_RGB = {
    "E": (214, 240, 200),
    "A": (120, 84, 10),
    "F": (255, 226, 160),
    "W": (208, 232, 255),
    "S": (236, 226, 255),
}
CARD_BORDER = (246, 241, 228)
DIVIDER = (40, 34, 30)
BACK = (28, 52, 104)
DRAGON_NIGHT = (22, 26, 38)  # the Aquarius Dragon's card: a night sky
DRAGON_GOLD = (232, 182, 62)
DRAGON_WING = (196, 132, 44)
BACK_LIGHT = (82, 132, 200)
FELT = (34, 92, 70)
WOOD = (120, 78, 44)
