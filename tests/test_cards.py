"""Card codes, faces, turning and segments, as POSITIONS.md defines them."""

import pytest
from hypothesis import given, strategies as st

from aquarius3d.core.cards import ALL_ELEMENTS, BIT, CardCodeError, canonical, connected_elements, face, turn

F, W, A, E, S = (BIT[c] for c in "FWAES")


def test_quad_segments_follow_quarters():
    # FWAE: fire TL, water TR, air BL, earth BR. Segments: TL TR RT RB BL BR LT LB.
    assert face("FWAE").segments == (F, W, W, E, A, E, F, A)
    assert face("FWAE").panels == (F, W, A, E)


def test_halves_are_single_panels():
    left_right = face("FWFW")
    assert left_right.panels == (F, W)
    assert left_right.segments == (F, W, W, W, F, W, F, F)
    top_bottom = face("FFWW")
    assert top_bottom.segments == (F, F, F, W, W, W, F, W)
    assert face("FFFF").panels == (F,)


def test_diagonal_cards_as_drawn():
    # F\W: fire in the lower-left triangle (left and bottom sides), water upper-right.
    assert face("F\\W").segments == (W, W, W, W, F, F, F, F)
    # F/W: fire upper-left (top and left sides), water lower-right.
    assert face("F/W").segments == (F, F, W, W, W, W, F, F)
    assert face("F\\W").panels == (F, W)


def test_wild_card_is_every_element_in_one_panel():
    wild = face("*")
    assert wild.panels == (ALL_ELEMENTS,)
    assert set(wild.segments) == {ALL_ELEMENTS}


@pytest.mark.parametrize("code, turned", [("FWAE", "EAWF"), ("F\\W", "W\\F"), ("F/W", "W/F"), ("FFWW", "WWFF"),
                                          ("FWFW", "WFWF"), ("FFFF", "FFFF"), ("*", "*")])
def test_turning_180_degrees(code, turned):
    assert turn(code) == turned
    assert face(code).turned.code == turned


@pytest.mark.parametrize("bad", ["FWX", "FWWF", "FFF", "F\\F", "F|W", "", "fwae", 7, None, "FWAES"])
def test_not_card_codes(bad):
    with pytest.raises(CardCodeError):
        face(bad)


codes = st.one_of(
    st.text(alphabet="EAFWS", min_size=4, max_size=4).filter(lambda c: _valid(c)),
    st.tuples(st.sampled_from("EAFWS"), st.sampled_from("\\/"), st.sampled_from("EAFWS"))
    .filter(lambda t: t[0] != t[2]).map("".join),
    st.just("*"),
)


def _valid(code):
    try:
        face(code)
        return True
    except CardCodeError:
        return False


@given(codes)
def test_turning_twice_is_identity_and_reverses_segments(code):
    f = face(code)
    assert turn(turn(code)) == code
    assert canonical(code) == canonical(turn(code))
    # Turning 180 degrees maps each segment to the opposite one: TL<->BR etc.
    opposite = (5, 4, 7, 6, 1, 0, 3, 2)
    assert tuple(f.segments[opposite[i]] for i in range(8)) == f.turned.segments


@given(codes, codes)
def test_side_by_side_connection_is_symmetric(left, right):
    """A card to the right of another connects exactly when the other would from the left."""
    a, b = face(left), face(right)
    # b at the right of a: a's right side (RT, RB) meets b's left side (LT, LB).
    need_from_a = (a.segments[2] << 30) | (a.segments[3] << 35)  # a's segments facing b's left
    need_from_b = (b.segments[6] << 10) | (b.segments[7] << 15)  # b's segments facing a's right
    assert bool(connected_elements(b.bits, need_from_a)) == bool(connected_elements(a.bits, need_from_b))
    assert connected_elements(b.bits, need_from_a) == connected_elements(a.bits, need_from_b)
