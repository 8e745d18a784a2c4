"""Aquarius Rising's trays: each stack's count lies flat on the tray in the gap beside its stack, never over a
pyramid on the screen (issue 27, points 3/4/8: a playtester saw the counts, standing up facing the eye, cover the
pyramids they count). Checked by projecting both through the camera: each count's card and each pyramid's outline
(its base's corners and its tip) never overlap, at each window size and interface scale, at the default framing.
Each reads 10 pixels high or more there; while a trade is offered, the counts of the trays it would change are
drawn over their larger pyramids."""

import pytest
from panda3d.core import BillboardEffect, NodePath, Point3, TextNode, Vec4

from aquarius3d.session import Seat
from test_layout import play, with_window

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def project(app, points):
    """Points of the eye's space (x right, y forward, z up) on the screen, None when one is behind the eye."""
    matrix = app.base.cam.node().getLens().getProjectionMat()
    found = []
    for point in points:
        full = matrix.xform(Vec4(point[0], point[1], point[2], 1.0))
        if full[3] <= 1e-6:
            return None
        found.append((full[0] / full[3], full[1] / full[3]))
    return found


def count_outline(app, label):
    """A count's card (its dark back) on the screen, as drawn: facing the eye if it is a billboard."""
    cam = app.base.cam
    left, right, bottom, top = label.node().getCardActual()
    corners = [(left, bottom), (right, bottom), (right, top), (left, top)]
    if label.node().getEffect(BillboardEffect.getClassType()):  # (as the counts stood before)
        middle = cam.getRelativePoint(label, Point3(0, 0, 0))
        scale = label.getSz(app.table.scene.root)
        return project(app, [(middle.x + x * scale, middle.y, middle.z + z * scale) for x, z in corners])
    return project(app, [tuple(cam.getRelativePoint(label, Point3(x, 0, z))) for x, z in corners])


def pyramid_outline(app, pyramid):
    """A pyramid's base corners and tip on the screen."""
    cam, root = app.base.cam, app.table.scene.root
    low, high = pyramid.getTightBounds(root)
    middle = ((low.x + high.x) / 2, (low.y + high.y) / 2)
    points = [(x, y, low.z) for x in (low.x, high.x) for y in (low.y, high.y)] + [(*middle, high.z)]
    return project(app, [tuple(cam.getRelativePoint(root, Point3(*p))) for p in points])


def hull(points):
    points = sorted(set(points))
    if len(points) < 3:
        return points

    def half(seq):
        out = []
        for p in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(p)
        return out[:-1]

    return half(points) + half(reversed(points))


def overlap(a, b):
    """Do two convex outlines overlap (by more than a hair)? No axis of their edges separates them."""
    for poly in (a, b):
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            axis = (q[1] - p[1], p[0] - q[0])
            pa = [axis[0] * x + axis[1] * y for x, y in a]
            pb = [axis[0] * x + axis[1] * y for x, y in b]
            if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
                return False
    return True


def digits_outline(app, label):
    """Where a count's digits are drawn on the screen (their glyphs, not their card), as it lies on the tray."""
    node = label.node()
    probe = TextNode("probe")
    probe.setFont(node.getFont())
    probe.setAlign(node.getAlign())
    probe.setText(node.getText())
    low, high = NodePath(probe.generate()).getTightBounds()
    cam = app.base.cam
    return project(app, [tuple(cam.getRelativePoint(label, Point3(x, 0, z)))
                         for x in (low.x, high.x) for z in (low.z, high.z)])


def a_few_rounds(app, scale):
    """Aquarius Rising, Ann and two computers, at the interface scale; a few rounds in, Ann to choose a card, the
    table framed for her turn: stacks of one and of two on every tray."""
    app.settings["interface_scale"] = scale
    app.start_game("aquarius-rising", {}, [Seat("Ann"), Seat("Bo", "computer"), Seat("Cy", "computer")], seed=7)
    for _ in range(60):
        if app.session.stage == "cover":
            app.table.reveal()
        if app.session.stage == "choose" and len(app.session.state.log) >= 9:
            break
        if app.session.stage != "computer":
            app.session.computer_move()  # (Ann's own move, by a computer)
            app.table.refresh()
        play(app, 1)
    app.table.refresh()
    app.table.camera.finish()


MIN_PX = 10.0  # a count's digits, at the least, in pixels high


def board_in_view(app, tray):
    """Does a tray's board lie wholly in the window? One the window's edge cuts is furniture left at the view's
    edge (the other seats' trays: T shows them whole), seen there at a slant its counts are not made for."""
    outline = pyramid_outline(app, tray.find("tray-board"))
    return outline is not None and all(abs(x) <= 1 and abs(y) <= 1 for x, y in outline)


@pytest.mark.parametrize("scale", [100, 150])
@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720), (1920, 1080)])
def test_every_count_in_view_reads_ten_pixels_high_and_clear_of_the_others(app, monkeypatch, width, height, scale):
    """Playtest (issue 27): the far trays' counts were 5 to 6 pixels high at 1024x600 (4.3 measured so, the near
    tray's 6.9): flat on the tray, they are seen foreshortened. Lengthened along the table, the further back the
    more, each count in view is now MIN_PX or more, and no two counts' cards overlap on the screen."""
    original = with_window(app, monkeypatch, width, height)
    try:
        a_few_rounds(app, scale)
        seen = 0
        trays = app.table.parts.trays
        assert board_in_view(app, trays.seats[0])  # (the player's own, by the cards)
        for tray in trays.seats:
            cards = []
            for label in tray.findAllMatches("**/=count"):
                digits = digits_outline(app, label)
                if digits is None or not all(abs(x) <= 1 and abs(y) <= 1 for x, y in digits):
                    continue  # (out of view: the trays may stand at the view's edge)
                ys = [y for _, y in digits]
                assert (max(ys) - min(ys)) * height / 2 >= MIN_PX, (tray, label.getTag("count"), scale)
                cards.append(hull(count_outline(app, label)))
                seen += 1
            for i, card in enumerate(cards):
                assert not any(overlap(card, other) for other in cards[i + 1:]), tray
        assert seen >= 15  # (the player's tray, every count of it, at least)
    finally:
        app.base.adjustWindowAspectRatio(original)


@pytest.mark.parametrize("scale", [100, 150])
@pytest.mark.parametrize("width,height", SIZES)
def test_no_count_on_a_tray_covers_a_pyramid(app, monkeypatch, width, height, scale):
    original = with_window(app, monkeypatch, width, height)
    try:
        a_few_rounds(app, scale)
        trays = app.table.parts.trays
        checked = 0
        assert board_in_view(app, trays.seats[0])  # (the player's own, by the cards)
        for tray in trays.seats:
            if not board_in_view(app, tray):
                continue
            counts = [count_outline(app, label) for label in tray.findAllMatches("**/=count")]
            pyramids = [pyramid_outline(app, p) for p in tray.findAllMatches("**/=pyramid")]
            assert counts and len(counts) == len(pyramids)
            for count in counts:
                if count is None or not any(abs(x) <= 1 and abs(y) <= 1 for x, y in count):
                    continue  # (out of view: the trays may stand at the view's edge)
                for pyramid in pyramids:
                    if pyramid is not None:
                        checked += 1
                        assert not overlap(hull(count), hull(pyramid)), (tray, count, pyramid)
        assert checked > 100
    finally:
        app.base.adjustWindowAspectRatio(original)


def drawn_over(label, pyramid):
    """Is a count drawn over a pyramid wherever they meet on the screen: not depth-tested, in a bin drawn after it?"""
    from panda3d.core import CullBinManager

    bins = CullBinManager.getGlobalPtr()
    after = label.getBinName() == "fixed" and (not pyramid.getBinName() or bins.getBinSort(bins.findBin(
        label.getBinName())) > bins.getBinSort(bins.findBin(pyramid.getBinName() or "opaque")))
    return not label.getDepthTest() and after


@pytest.mark.parametrize("scale", [100, 150])
@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_counts_read_over_the_pyramids_a_trade_offers(app, monkeypatch, width, height, scale):
    """Playtest (issue 27): while Zap a Card offers a trade, the trays that would trade draw their pyramids larger,
    and those stood over the counts that say what the trade gives and takes. Each count that meets a pyramid's
    outline on the screen is drawn over it (the larger pyramids do meet some), and at 100% each count in view is
    MIN_PX high or more (the whole table is framed then: at 150% they are smaller)."""
    from driving import screen_of_hand
    from test_hand_enlarged import hand_with_cards

    original = with_window(app, monkeypatch, width, height)
    try:
        a_few_rounds(app, scale)
        app.table.click(screen_of_hand(app, hand_with_cards(app, ["zap_a_card"])))
        assert app.session.stage == "player"
        app.table.refresh()
        app.table.camera.finish()
        trays = app.table.parts.trays
        assert all(not tray.find("**/=trade-ring").isEmpty() for tray in trays.seats)  # (the offer shows)
        seen = met = 0
        for tray in trays.seats:
            pyramids = [(p, pyramid_outline(app, p)) for p in tray.findAllMatches("**/=pyramid")]
            for label in tray.findAllMatches("**/=count"):
                digits = digits_outline(app, label)
                if digits is None or not all(abs(x) <= 1 and abs(y) <= 1 for x, y in digits):
                    continue  # (out of view)
                ys = [y for _, y in digits]
                assert scale != 100 or (max(ys) - min(ys)) * height / 2 >= MIN_PX, label.getTag("count")
                card = hull(count_outline(app, label))
                for pyramid, outline in pyramids:
                    if outline is not None and overlap(card, hull(outline)):
                        assert drawn_over(label, pyramid), (label.getTag("count"), pyramid.getTag("pyramid"))
                        met += 1
                seen += 1
        assert seen >= 40 and met >= 1  # (every tray in view: the whole table is framed)
    finally:
        app.base.adjustWindowAspectRatio(original)
