"""Elemental Towers' log in full sentences: who did what, from where to where, the scoring row a shuffle made, the
draft's cards kept and sent back (issue 27, found playing whole games by real input)."""


from aquarius3d.games.aquarius.narration import card_words
from aquarius3d.engine.moves import Build, Shift, Skip, SwapRow, TradePiece, Zap
from aquarius3d.i18n import action_name, element_name, tr
from aquarius3d.session import Seat, Session
from aquarius3d.session.events import Played


def row_now(session):
    values = session.game.end.values
    return ", ".join(f"{element_name(session.game.deck.cards[g].code)} {values[i]}"
                     for i, g in enumerate(session.state.unused_goals))


def test_every_towers_move_is_a_sentence_with_its_player_and_a_shuffle_says_the_new_row(language):
    session = Session.new("elemental-towers", {}, [Seat("Bot", "computer", "easy")], seed=8, autosave=False)
    shuffles = rows = 0
    for _ in range(400):
        if session.stage == "over":
            break
        before = len(session.messages)
        assert session.computer_move()
        new = session.messages[before:]
        done = tr("log_drew_done", name="Bot", action=action_name("shuffle_goals"))
        for i, line in enumerate(new):
            if line == done:  # "Bot drew Shuffle Goals: done", then the row it made (after the last of two)
                shuffles += 1
                after = [later for later in new[i + 1:] if later != done]
                if after and after[0] == tr("log_shuffled_row", row=row_now(session)):
                    rows += 1
    assert session.stage == "over"
    kinds = set()
    for event in session.events:
        if not isinstance(event, Played) or not isinstance(event.result.move, (Build, Shift, Skip, SwapRow,
                                                                                TradePiece, Zap)):
            continue
        line = session.messages[event.said]
        kinds.add(type(event.result.move).__name__)
        assert line.startswith("Bot "), line  # "Bot built...", never "Built..." with nobody doing it
        if isinstance(event.result.move, Shift):  # where from and where to, both
            assert {"en": " from ", "fr": " depuis "}[language] in line, line
    assert {"Build", "Shift", "Skip", "SwapRow", "TradePiece", "Zap"} <= kinds  # (each kind was said)
    assert shuffles and rows == shuffles  # each Shuffle Goals is followed by the row it made


def test_the_draft_names_the_cards_kept_and_the_one_sent_back(language):
    session = Session.new("elemental-towers", {"draft": True}, [Seat("Ann")], seed=2, autosave=False)
    offered = session.flow.offered_cards()
    assert session.stage == "draft" and len(offered) == 3
    session.select(1)
    line = session.messages[-1]
    named = [card_words(c["code"]) if c["kind"] == "element" else action_name(c["code"]) for c in offered]
    kept = tr("log_and").join(named[:1] + named[2:])
    assert line == tr("log_draft_cards", name="Ann", kept=kept, discarded=named[1])


def test_a_move_between_two_cards_of_one_name_says_which_card_by_its_side(tmp_path, language):
    """'from the Space panel of the Water–Space card to the Water panel of the Water–Space card' told nobody which
    card: the one moved to is said by its side of the one moved from."""
    from aquarius3d.engine.game import ApplyResult
    from aquarius3d.games.towers import narration
    from aquarius3d.games.towers.pieces import _set_piece
    from aquarius3d.positions.checks import load_game, position_state
    from aquarius3d.positions.file import read_position

    path = tmp_path / "two.yaml"
    path.write_text("ruleset: elemental-towers\ncards:\n  - {at: [0, 0], card: WWSS, pieces: {BL: Mk}}\n"
                    "  - {at: [1, 0], card: WSWS}\nplayers:\n  - {name: Ann, hand: [AAAA]}\n"
                    "scoring_row: [fire, water, earth, air, space]\n")
    position = read_position(path)
    game, state = position_state(load_game(position), position)
    assert card_words("WWSS") == card_words("WSWS")  # (both "the Water–Space card")
    previous, faces = state.copy(), {cell: f.code for cell, f in state.table.faces.items()}
    _set_piece(state, (0, 0), "BL", None)
    _set_piece(state, (1, 0), "TL", ["Mk"])
    line = narration.describe(game, state, ["Ann"], ApplyResult(Shift(0, (0, 0), "BL", (1, 0), "TL"), 0), faces,
                              previous)
    assert line == tr("log_shift", name="Ann", piece=narration.piece_words(["Mk"]),
                      source=narration.panel(state, (0, 0), "BL", faces),
                      target=tr("panel_next_right", element=element_name("water")))


def test_two_shuffle_goals_drawn_in_one_move_say_the_row_once_after_both(language):
    """Each Shuffle Goals drawn was followed by "the scoring row is now ...", the final row after each; and the log
    said "Shuffle Goals: done" without saying who drew it."""
    from aquarius3d.games.towers.narration import events, row_words
    from aquarius3d.games.towers.state import towers

    session = Session.new("elemental-towers", {}, [Seat("Ann")], seed=3, autosave=False)
    state = session.state
    towers(state).events = ["shuffle_goals: done", "shuffle_goals: done", "zap_a_card: impossible"]
    done = tr("log_drew_done", name="Ann", action=action_name("shuffle_goals"))
    row = tr("log_shuffled_row", row=row_words(session.game, state.unused_goals))
    impossible = tr("log_drew_impossible", name="Ann", action=action_name("zap_a_card"))
    assert events(state, session.game, "Ann") == [done, done, row, impossible]
