"""The physical model: the numbers DESIGN.md gives, and heights that follow from them."""

import pytest

from aquarius3d.core import geometry as g


def test_card_and_pyramid_dimensions():
    assert (g.CARD_WIDTH, g.CARD_LENGTH, g.CARD_THICKNESS) == (63.5, 88.9, 0.28)
    assert g.PYRAMID_HEIGHT == {"S": 25.40, "M": 34.93, "L": 44.45}
    assert g.PYRAMID_BASE == {"S": 14.29, "M": 19.84, "L": 25.40}
    assert g.PYRAMID_PIPS == {"S": 1, "M": 2, "L": 3}


def test_storeys_of_a_house():
    tops = g.house_tops(["L", "M"])
    assert tops[0] == pytest.approx(0.28)
    assert tops[1] == pytest.approx(0.28 + 44.45 + 0.28)
    assert tops[2] == pytest.approx(tops[1] + 34.93 + 0.28)
    assert g.pyramid_tip(tops[2], "S") == pytest.approx(tops[2] + 25.40)


def test_nested_tower_is_about_64_mm():
    assert g.tower_tip(0.0, ["L", "M", "S"]) == pytest.approx(64.4)
    assert g.tower_bases(0.0, ["L", "M", "S"]) == pytest.approx([0.0, 19.5, 39.0])
    with pytest.raises(ValueError):
        g.tower_tip(0.0, ["L", "S"])


def test_cells_and_quarters():
    assert g.cell_centre(2, -1) == pytest.approx((2 * g.CELL_X, -g.CELL_Y))
    assert g.CELL_X > g.CARD_WIDTH and g.CELL_Y > g.CARD_LENGTH
    assert g.quarter_offset(0) == pytest.approx((-g.CARD_WIDTH / 4, g.CARD_LENGTH / 4))
    assert g.quarter_offset(3) == pytest.approx((g.CARD_WIDTH / 4, -g.CARD_LENGTH / 4))
