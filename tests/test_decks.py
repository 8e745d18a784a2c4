"""The deck lists honour the published facts (DESIGN.md)."""

from collections import Counter
from itertools import combinations

import pytest

from aquarius3d.core.cards import face
from aquarius3d.rules.decks import load_deck

ELEMENTS = "EAFWS"


def kinds(deck):
    return Counter(card.kind for card in deck.cards)


def element_codes(deck):
    return [card.code for card in deck.cards if card.kind == "element"]


def test_first_edition_counts():
    deck = load_deck("first-edition")
    assert kinds(deck) == {"goal": 5, "element": 40, "action": 15}
    codes = element_codes(deck)
    aces = [c for c in codes if len(set(c)) == 1]
    assert Counter(aces) == {e * 4: 2 for e in ELEMENTS}
    actions = Counter(c.code for c in deck.cards if c.kind == "action")
    assert actions == {"trade_hands": 3, "move_a_card": 3, "zap_a_card": 3, "trade_goals": 3, "shuffle_goals": 3}


def test_first_edition_halves_one_of_each_split_per_pair():
    codes = element_codes(load_deck("first-edition"))
    halves = [c for c in codes if len(set(c)) == 2]
    assert len(halves) == 20
    for a, b in combinations(ELEMENTS, 2):
        left_right = [c for c in halves if set(c) == {a, b} and c[0] == c[2]]
        top_bottom = [c for c in halves if set(c) == {a, b} and c[0] == c[1]]
        assert len(left_right) == 1 and len(top_bottom) == 1, (a, b)


def mirror(code):  # left-right mirror: TL TR BL BR -> TR TL BR BL
    return code[1] + code[0] + code[3] + code[2]


def rotate90(code):  # clockwise quarter turn
    return code[2] + code[0] + code[3] + code[1]


def test_first_edition_quarter_pairs():
    codes = element_codes(load_deck("first-edition"))
    quarters = [c for c in codes if len(set(c)) == 4]
    assert len(quarters) == 10
    relations = Counter()
    for missing in ELEMENTS:
        pair = [c for c in quarters if missing not in c]
        assert len(pair) == 2, missing
        a, b = pair
        assert b not in (a, face(a).turned.code), "the two cards of a pair must differ"
        if b in (mirror(a), face(mirror(a)).turned.code):
            relations["mirror"] += 1
        elif b in (rotate90(a), face(rotate90(a)).turned.code):
            relations["rotation"] += 1
        else:
            relations["different"] += 1
    assert relations == {"mirror": 2, "different": 2, "rotation": 1}


def test_second_edition_counts():
    deck = load_deck("second-edition")
    assert kinds(deck) == {"goal": 5, "element": 56, "action": 18}
    codes = element_codes(deck)
    assert codes.count("*") == 1
    assert Counter(c for c in codes if len(set(c)) == 1 and c != "*") == {e * 4: 3 for e in ELEMENTS}
    diagonals = [c for c in codes if face(c).kind == "diagonal"]
    assert sorted(frozenset((d[0], d[2])) for d in diagonals) == sorted(
        frozenset(p) for p in combinations(ELEMENTS, 2)
    )
    first = Counter(element_codes(load_deck("first-edition")))
    second = Counter(codes)
    assert second - first == Counter({e * 4: 1 for e in ELEMENTS}) + Counter(diagonals) + Counter(["*"])
    actions = Counter(c.code for c in deck.cards if c.kind == "action")
    assert actions == {name: 3 for name in
                       ("trade_hands", "move_a_card", "zap_a_card", "trade_goals", "rotate_goals", "shuffle_hands")}


def test_unknown_deck_is_a_clear_error():
    from aquarius3d.core.errors import DataError

    with pytest.raises(DataError, match="deck 'third-edition' not found"):
        load_deck("third-edition")
