"""The look shared by every screen: colours, and buttons, texts and panels that a screen keeps track of."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame, DirectOptionMenu
from direct.gui.OnscreenText import OnscreenText
from direct.showbase import ShowBaseGlobal
from panda3d.core import (Geom, GeomNode, GeomTriangles, GeomVertexData, GeomVertexFormat, GeomVertexWriter, NodePath,
                          Point3, TextNode)

Colour = tuple[float, float, float, float]  # red, green, blue, alpha: 0-1 each
Frame = tuple[float, float, float, float]  # left, right, bottom, top

TEXT: Colour = (0.95, 0.93, 0.86, 1)
WARNING: Colour = (1.0, 0.72, 0.45, 1)  # what went wrong, on a form
DIM: Colour = (0.68, 0.68, 0.68, 1)  # what cannot be chosen (a broken save)
CHOSEN = dict(frameColor=((0.55, 0.45, 0.2, 1), (0.66, 0.55, 0.26, 1), (0.66, 0.55, 0.26, 1), (0.2, 0.2, 0.2, 1)))
PANEL: Colour = (0.08, 0.09, 0.11, 0.86)
ENTRY = dict(text_fg=(0.1, 0.1, 0.1, 1), frameColor=(0.9, 0.9, 0.86, 1))
BUTTON = dict(frameColor=((0.22, 0.3, 0.42, 1), (0.3, 0.42, 0.58, 1), (0.3, 0.42, 0.58, 1), (0.2, 0.2, 0.2, 1)),
              text_fg=TEXT, relief=DGG.FLAT, pad=(0.5, 0.3))
CHECK = dict(text_fg=TEXT, frameColor=(0, 0, 0, 0), boxPlacement="left", boxBorder=0.5)  # a gap after the box
POPUP: Colour = (0.08, 0.09, 0.11, 1.0)  # a drop-down's list: the panels' colour, opaque (the form's words read through at 0.97)
# a panel over the table (the game menu, F1's help): the panels' colour, opaque as the drop-down's list; at 0.86 (and
# 0.96) the prompt strip's words and the cards under it read through (issue 27)
OVERLAY: Colour = POPUP
HOVER: Colour = BUTTON["frameColor"][1]  # a button under the pointer
RIM: Colour = (0.62, 0.67, 0.75, 1)  # round a drop-down's open list: where it ends over the form (same dark panel)
RIM_WIDTH = 0.12  # the rim's width, in the list's own units (its words' em: about 2 px at 1024x600, 100%)
# A drop-down menu in the look of the other buttons: the button itself as BUTTON, a light bar for its marker, the list
# on a dark panel, its entries in the text's colour, the one under the pointer lit as a button is (no grey, no bevel)
DROPDOWN = dict(BUTTON, popupMarker_frameColor=(0, 0, 0, 0), popupMarker_relief=None, popupMenu_frameColor=POPUP,
                popupMenu_relief=DGG.FLAT, item_frameColor=(0, 0, 0, 0), item_text_fg=TEXT, item_relief=DGG.FLAT,
                item_pad=(0.5, 0.25), highlightColor=HOVER)


def rim(frame: Frame, width: float, colour: Colour) -> NodePath:
    """Four bars round the rectangle `frame` (left, right, bottom, top), `width` wide, outside it."""
    left, right, bottom, top = frame
    data = GeomVertexData("rim", GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex, tint = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
    triangles = GeomTriangles(Geom.UHStatic)
    bars = ((left - width, right + width, top, top + width), (left - width, right + width, bottom - width, bottom),
            (left - width, left, bottom, top), (right, right + width, bottom, top))
    for n, (x0, x1, z0, z1) in enumerate(bars):
        for x, z in ((x0, z0), (x1, z0), (x1, z1), (x0, z1)):
            vertex.addData3(x, 0, z)
            tint.addData4(*colour)
        triangles.addVertices(4 * n, 4 * n + 2, 4 * n + 1)  # (wound to face the camera: -y)
        triangles.addVertices(4 * n, 4 * n + 3, 4 * n + 2)
    geom = Geom(data)
    geom.addPrimitive(triangles)
    node = GeomNode("rim")
    node.addGeom(geom)
    return NodePath(node)


def down_arrow(colour: Colour = TEXT) -> NodePath:
    """A small triangle pointing down (the drop-down's marker: the font has no such character)."""
    data = GeomVertexData("arrow", GeomVertexFormat.getV3c4(), Geom.UHStatic)
    vertex, tint = GeomVertexWriter(data, "vertex"), GeomVertexWriter(data, "color")
    for x, z in ((-0.6, 0.3), (0.6, 0.3), (0.0, -0.4)):
        vertex.addData3(x, 0, z)
        tint.addData4(*colour)
    triangle = GeomTriangles(Geom.UHStatic)
    triangle.addVertices(0, 2, 1)  # (wound to face the camera: -y)
    geom = Geom(data)
    geom.addPrimitive(triangle)
    node = GeomNode("down-arrow")
    node.addGeom(geom)
    return NodePath(node)


class Dropdown(DirectOptionMenu):  # type: ignore[misc]  # (Panda3D ships no types: its DirectOptionMenu is Any)
    """A drop-down menu (DROPDOWN's look) whose list opens under the button, its left edge on the button's,
    rather than from the button's middle as Panda3D's does; inside the window either way. The open list is an
    opaque panel with a light rim (RIM), drawn over everything else on the screen (Panda3D's "gui-popup" bin): a
    playtest read the form's options running on under it, the list's edge lost on the form's panel of its colour."""

    # the widest entry's width and the entries' frame, which DirectOptionMenu works out from the items
    maxWidth: float
    minX: float
    maxX: float
    minZ: float
    maxZ: float

    def __init__(self, parent: NodePath | None = None, **options: object) -> None:
        super().__init__(parent, **options)
        self.initialiseoptions(Dropdown)  # (DirectGui sets a class's options up only for the class made)
        down_arrow().reparentTo(self.popupMarker)
        self.plain = [self.component(f"item{i}")["frameColor"] for i in range(len(self["items"]))]  # (unlit)

    # -- by keyboard (screens/focus.py): Enter opens the list, the arrows or Tab light an entry, Enter takes it --

    def is_open(self) -> bool:
        return not self.popupMenu.isHidden()

    def open_list(self) -> None:
        """The list shown, the entry in force lit (as the pointer lights one)."""
        self.showPopupMenu()
        self.light(self.selectedIndex or 0)

    def light(self, index: int) -> None:
        """Light this entry, and no other."""
        for i, colour in enumerate(self.plain):
            self._unhighlightItem(self.component(f"item{i}"), colour)
        self._highlightItem(self.component(f"item{index}"), index)

    def step_list(self, step: int) -> None:
        """The next (1) or previous (-1) entry lit, round again at the end."""
        at = self.highlightedIndex if self.highlightedIndex is not None else self.selectedIndex or 0
        self.light((at + step) % len(self["items"]))

    def pick(self) -> None:
        """The lit entry taken (its command called, as a click does, where it is another one), the list closed."""
        index = self.highlightedIndex
        self.hidePopupMenu()
        if index is not None and index != self.selectedIndex:
            self.set(index)

    def showPopupMenu(self, event: object = None) -> None:
        super().showPopupMenu(event)  # (shown, its scale the button's; the list's frame runs from 0 down, x from 0)
        menu, render2d = self.popupMenu, ShowBaseGlobal.render2d
        left, right, bottom, top = self.guiItem.getFrame()  # (the button's frame, its marker in it)
        height = -menu["frameSize"][2]  # (the list's frame: x from 0, z from 0 down)
        width = self.maxWidth
        if width < right - left:  # the list as wide as the button at least, each entry across it
            width = self.maxWidth = right - left
            self.maxX = self.minX + width
            for i in range(len(self["items"])):
                self.component(f"item{i}")["frameSize"] = (self.minX, self.maxX, self.minZ, self.maxZ)
            menu["frameSize"] = (0, width, -height, 0)
        for old in menu.findAllMatches("rim"):
            old.removeNode()
        edge = rim((0, width, -height, 0), RIM_WIDTH, RIM)
        edge.reparentTo(menu)  # (the list's children draw after its frame, in its bin: the rim over the form too)
        menu.setPos(self, left, 0, bottom)  # just below the button, left edges together
        if render2d.getRelativePoint(menu, Point3(0, 0, -height)).z < -1.0:  # no room below: above the button
            menu.setPos(self, left, 0, top + height)
        right = render2d.getRelativePoint(menu, Point3(width, 0, 0)).x
        if right > 1.0:
            menu.setX(render2d, menu.getX(render2d) - (right - 1.0))


def button(parent: NodePath, text: str, command: Callable[..., object] | None, pos: tuple[float, float],
           scale: float = 0.06, args: Sequence[object] = ()) -> DirectButton:
    """A flat button at (x, z); `command(*args)` on a click."""
    return DirectButton(text=text, command=command, extraArgs=list(args), pos=(pos[0], 0, pos[1]), scale=scale,
                        parent=parent, **BUTTON)


def mark_choice(button: DirectButton, words: str, chosen: bool) -> DirectButton:
    """A button of a row of choices (a setting's values, the Rules screen's games), the one in force marked in words
    and in colour ("> English <", in gold): each button as wide as its words marked, chosen or not, so that no
    button of the row grows, shrinks or moves when the choice changes (a playtest saw the Rules screen's tabs jump
    sideways). Its words stay in the middle of it."""
    button["text"] = f"> {words} <"
    button["frameSize"] = None  # (round the marked words, as its frame would be when chosen)
    button.resetFrameSize()
    frame = button.getBounds()
    button["text"] = f"> {words} <" if chosen else words
    button["frameSize"] = tuple(frame)
    button["frameColor"] = CHOSEN["frameColor"] if chosen else BUTTON["frameColor"]
    return button


def text(parent: NodePath, words: str, pos: tuple[float, float], scale: float = 0.05, align: int = TextNode.ACenter,
         fg: Colour = TEXT, wrap: float | None = None) -> OnscreenText:
    """Shadowed text that may change later (`setText`)."""
    return OnscreenText(text=words, pos=pos, scale=scale, align=align, fg=fg, parent=parent,
                        shadow=(0, 0, 0, 0.7), wordwrap=wrap, mayChange=True)


def panel(parent: NodePath, frame: Frame, colour: Colour = PANEL) -> DirectFrame:
    """A plain rectangle (left, right, bottom, top) behind other widgets."""
    return DirectFrame(frameColor=colour, frameSize=frame, parent=parent)


HANG = "    "  # a wrapped line's further rows start this far in: each line's first row stands out (the log)


def hanging(node: TextNode, line: str) -> str:
    """A line's words in rows of the node's word-wrap width, each row after the first indented by HANG."""
    width = node.getWordwrap()
    rows: list[str] = []
    row = ""
    for word in line.split(" "):  # (French's no-break spaces keep their words together)
        trial = f"{row} {word}" if row else (HANG if rows else "") + word
        if row and width > 0 and node.calcWidth(trial) > width:
            rows.append(row)
            row = HANG + word
        else:
            row = trial
    return "\n".join(rows + [row])


def newest_lines(widget: OnscreenText, lines: list[str], rows: int) -> None:
    """Show the newest of `lines` that fit in `rows` rows of a wrapped text (the log), each line's further rows
    indented (`hanging`): older ones drop off the top."""
    count = min(len(lines), rows)
    node = widget.textNode
    while True:
        widget.setText("\n".join(hanging(node, line) for line in lines[len(lines) - count:]) if count else "")
        if count <= 1 or node.getNumRows() <= rows:
            return
        count -= 1


def side_by_side(buttons: list[DirectButton], z: float, gap: float = 0.03, width: float = 2.6) -> list[DirectButton]:
    """Lay buttons out in a row centred at height z, each as wide as its words, `gap` apart; rows of at most
    `width` (aspect2d units) stacked downwards. Returns the buttons."""
    rows: list[list[tuple[DirectButton, float]]] = [[]]
    used = 0.0
    for button in buttons:
        wide = button.getWidth() * button.getScale()[0]
        if rows[-1] and used + wide > width:
            rows.append([])
            used = 0.0
        rows[-1].append((button, wide))
        used += wide + gap
    for r, row in enumerate(rows):
        x = -(sum(w for _, w in row) + gap * (len(row) - 1)) / 2
        for button, wide in row:
            button.setPos(x + wide / 2, 0, z - r * 0.09)
            x += wide + gap
    return buttons
