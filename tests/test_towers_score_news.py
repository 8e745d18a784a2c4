"""Elemental Towers tells and lights what a move made score (issue 27, from a real-input playtest: a tower completed,
or the scoring row reordered, and the player got no word nor light). The notice at the top says which tower, its
points and the score now, in the log too; the tower and its place of the scoring row are lit a moment; a Shuffle
Goals drawn with the move is said beside it, never hidden by it."""

from aquarius3d.engine.moves import parse_move
from aquarius3d.games.towers import narration
from aquarius3d.i18n import action_name, element_name, tr
from aquarius3d.positions.file import read_position
from aquarius3d.session import Seat
from aquarius3d.view.score_light import SECONDS

from driving import open_position

TOWER = """ruleset: elemental-towers
cards:
  - {at: [0, 0], card: FFFF, pieces: {TL: Mr}}
  - {at: [1, 0], card: FWFW, pieces: {TL: Sr}}
  - {at: [-1, 0], card: FFSS, pieces: {TL: Lr}}
players:
  - {name: Solo, hand: [EEFF]}
deck: DECK
scoring_row: [fire, water, earth, air, space]
"""


def fire_tower_scores(value, score):
    """The notice of the Fire tower on the Fire–Space card come to score."""
    card = tr("card_the", elements=tr("card_join").join([element_name("fire"), element_name("space")]))
    return tr("towers_score_notice", score=score, rank=tr("rank_novice"),
              changes=tr("towers_scored_new", element=element_name("fire"), where=tr("on_card", card=card), value=value))


def opened(app, tmp_path, deck):
    path = tmp_path / "tower.yaml"
    path.write_text(TOWER.replace("DECK", deck), encoding="utf-8")
    return open_position(app, read_position(path), names=("Solo",))


def play(app, session, *moves):
    for move in moves:
        assert session._try(parse_move(move)), (move, session.notice)
        app.table.refresh()


def test_a_tower_completed_is_said_with_its_points_and_the_score_and_lit_a_moment(app, tmp_path, language):
    session = opened(app, tmp_path, "[AAFF, AAAA]")
    table = app.table
    play(app, session, "place EEFF @ 0,-1 turned", "shift #0 1,0 TL -> 0,0 TL")
    assert session.notice == "" and not table.feedback.score_light.busy()  # (a tower of two: nothing scores yet)
    play(app, session, "place AAFF @ 1,-1 turned", "shift #0 0,0 TL -> -1,0 TL")
    said = fire_tower_scores(5, 5)
    assert session.notice == said and said in session.messages
    assert said in table.hud.notice.getText()
    light = table.feedback.score_light
    assert light.busy()
    assert {key[:2] for key in light.glow.lit if key != "scoring-row"} == {((-1, 0), "TL")}  # the tower's pyramids
    assert "scoring-row" in light.glow.lit and light.glow.root.findAllMatches("**/glow-standing").getNumPaths() == 1
    light.step(light.began + SECONDS)  # a moment, then out
    assert not light.busy() and light.glow.root.getNumChildren() == 0
    play(app, session, "build #0 1,-1 TL")  # (a move that changes no score says nothing of it)
    assert session.notice == ""


def test_a_shuffle_drawn_with_a_scoring_move_is_said_beside_the_score(app, tmp_path, language):
    """The flow's notice (the score) and the drawn card's news (Shuffle Goals and the row it made) both show: the
    HUD shows the notice alone where the words at the top lack it."""
    session = opened(app, tmp_path, "[AAFF, shuffle_goals, AAAA]")
    play(app, session, "place EEFF @ 0,-1 turned", "shift #0 1,0 TL -> 0,0 TL", "place AAFF @ 1,-1 turned",
         "skip #1", "shift #0 0,0 TL -> -1,0 TL")
    shown = app.table.hud.notice.getText()
    row = narration.row_words(session.game, session.state.unused_goals)
    assert tr("log_drew_done", name="Solo", action=action_name("shuffle_goals")) in shown
    assert tr("log_shuffled_row", row=row) in shown
    value = session.flow.score()[0]  # (the Fire tower's place as the shuffle left it)
    assert session.notice == fire_tower_scores(value, value) and session.notice in shown


def test_what_the_first_draw_of_a_game_did_is_told(app):
    """A Shuffle Goals drawn at the game's start acted unsaid: the log was empty and the row changed (seed 13)."""
    app.start_game("elemental-towers", {}, [Seat("Ann")], seed=13)
    session = app.session
    done = tr("log_drew_done", name="Ann", action=action_name("shuffle_goals"))
    row = tr("log_shuffled_row", row=narration.row_words(session.game, session.state.unused_goals))
    assert session.messages[:2] == [done, row]
    shown = app.table.hud.notice.getText()
    assert done in shown and row in shown

