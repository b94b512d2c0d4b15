"""One seat's page state: its own hand only, and exactly the hand message's moves (the same
callback data), with a card of several meanings chosen by tapping the card to beat."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import RuleSet, deal_from_position
from bot.engine.core.cards import parse_card
from bot.render.callback import decode
from bot.render.hand import hand_parts
from bot.runtime.table.display import Display
from bot.service.events import GameSnapshot, SeatInfo
from bot.webapp.page_state import page_state

NOW = datetime(2026, 11, 24, tzinfo=UTC)


def display_at(picking=None) -> Display:
    # Boris (seat 1) defends 7♥ and 8♥; his 9♥ beats either, Q♠ (trump) too.
    state = deal_from_position(RuleSet.preset("podkidnoy"), hands=["6c 10c Kd", "9h Qs 6d"],
                               trump="s", attacker=0, table=[("7h", None), ("8h", None)],
                               stock="10s Js")
    snap = GameSnapshot(game_id=5, chat_id=-100, series_id=1, deal_number=1,
                        version=state.version, status="running", state=state,
                        seats=(SeatInfo(0, 11, "Anna", None, None),
                               SeatInfo(1, 22, "Boris", None, None)), turn_deadline=None)
    display = Display(snap=snap, solo_seat=None, group_title="G", locale="en",
                      names={0: "Anna", 1: "Boris"})
    if picking is not None:
        display.picking[1] = picking
    return display


def ids_in(state: dict) -> set[int]:
    found = {c["id"] for c in state["hand"]}
    found |= {c["id"] for pair in state["table"] for c in pair if c}
    return found | ({state["trump"]["id"]} if state["trump"] else set())


def test_only_the_own_hand_and_the_hand_messages_moves():
    display = display_at()
    state = page_state(display, display.snap, 1, NOW)
    assert {c["id"] for c in state["hand"]} == {parse_card(c) for c in ("9h", "Qs", "6d")}
    assert not ids_in(state) & {parse_card(c) for c in ("6c", "10c", "Kd")}  # Anna's
    assert [p["cards"] for p in state["players"]] == [3, 3]
    # Every press on the page is a button of the hand message, and every move button of
    # the hand message is on the page.
    _, rows = hand_parts("en", display.snap, 1, display.snap.version)
    message = {data for row in rows for _, data in row}
    page = {c["press"] for c in state["hand"] if c["press"]} | \
        {b["press"] for b in state["buttons"]}
    assert page == message
    nine = next(c for c in state["hand"] if c["id"] == parse_card("9h"))
    assert decode(nine["press"]).payload == f"pick{parse_card('9h')}"  # two meanings
    six = next(c for c in state["hand"] if c["id"] == parse_card("6d"))
    assert six["press"] is None  # cannot beat a heart


def test_choosing_a_cover_by_tapping_the_card_to_beat():
    display = display_at(picking=parse_card("9h"))
    state = page_state(display, display.snap, 1, NOW)
    assert state["picking"] == parse_card("9h")
    targets = {pair[0]["id"]: decode(pair[0]["press"]).payload for pair in state["table"]}
    assert targets == {parse_card("7h"): "c 7h 9h", parse_card("8h"): "c 8h 9h"}
    assert all(c["press"] is None for c in state["hand"])


def test_the_waiting_attacker_gets_no_moves():
    display = display_at()
    state = page_state(display, display.snap, 0, NOW)
    assert all(c["press"] is None for c in state["hand"]) and state["buttons"] == []
    assert state["players"][1]["turn"] and not state["players"][0]["turn"]


def test_a_card_move_tapped_on_an_older_state_is_played_when_still_legal():
    from types import SimpleNamespace

    from bot.webapp.hub import Page
    from bot.webapp.server import WebAppServer

    display = display_at()
    runtime = SimpleNamespace(displays=SimpleNamespace(get=lambda game_id: display))
    server = WebAppServer.__new__(WebAppServer)
    server.runtime = runtime
    page = Page(ws=None, game_id=5, seat=1, user_id=22)
    now, older = display.version, display.version - 1
    assert server._still_meant(page, older, "c 7h 9h") == now  # names its cards: legal
    assert server._still_meant(page, older, "c 7h 6d") == older  # not legal: stays stale
    assert server._still_meant(page, older, "t") == older  # take depends on the table
    assert server._still_meant(page, now, "c 7h 9h") == now


def test_the_page_shows_the_readers_court_letters_and_keeps_the_card_ids():
    display = display_at()
    english = page_state(display, display.snap, 1, NOW)
    display.seat_locale[1] = "ru"
    russian = page_state(display, display.snap, 1, NOW)
    queen = next(c for c in russian["hand"] if c["id"] == parse_card("Qs"))
    assert queen["label"] == "Д♠" and queen["rank"] == "Д"  # the page draws plain suits
    assert russian["trump_text"].startswith("Козырь: ")
    assert [c["id"] for c in russian["hand"]] == [c["id"] for c in english["hand"]]
    assert [c["press"] for c in russian["hand"]] == [c["press"] for c in english["hand"]]


def snap_of(state, status="running") -> GameSnapshot:
    return GameSnapshot(game_id=5, chat_id=-100, series_id=1, deal_number=1,
                        version=state.version, status=status, state=state,
                        seats=(SeatInfo(0, 11, "Anna", None, None),
                               SeatInfo(1, 22, "Boris", None, None)), turn_deadline=None)


def test_cards_go_out_as_their_parts_and_what_may_still_be_thrown_in():
    display = display_at()
    state = page_state(display, display.snap, 1, NOW)
    queen = next(c for c in state["hand"] if c["id"] == parse_card("Qs"))
    assert (queen["rank"], queen["suit"], queen["s"], queen["red"]) == ("Q", "♠", 0, False)
    assert state["trump"]["id"] == parse_card("Js")  # the turn-up, under the stock
    # Boris began the bout with 3 cards: one more may come, of the ranks on the table
    assert state["room"] == 1 and state["ranks"] == ["7", "8"]
    assert [p["role_key"] for p in state["players"]] == ["attacking", "defending"]
    assert state["your_turn"] and state["result"] is None


def test_the_turnup_goes_with_the_stock_and_the_trump_suit_stays():
    state = deal_from_position(RuleSet.preset("podkidnoy"), hands=["6c 10c", "9h Qs"],
                               trump="s", attacker=0, stock="")
    display = display_at()
    display.snap = snap_of(state)
    shown = page_state(display, display.snap, 0, NOW)
    assert shown["trump"] is None and shown["stock"] == 0
    assert shown["trump_suit"] == "♠" and not shown["trump_red"]


def test_the_end_of_the_deal_is_a_result_with_play_again():
    from bot.engine import Action

    # Anna leads her last card; Boris beats it with his last: nobody holds a card, a draw;
    # Boris takes instead: he is the fool.
    state = deal_from_position(RuleSet.preset("podkidnoy"), hands=["6h", "7s 8s"],
                               trump="s", attacker=0, stock="")
    state.apply(Action.parse("a 6h", 0))
    state.apply(Action.parse("t", 1))
    assert state.is_over
    display = display_at()
    display.snap = snap_of(state, "finished")
    display.names = {0: "Anna", 1: "Boris"}
    for seat, fool in ((1, True), (0, False)):
        result = page_state(display, display.snap, seat, NOW)["result"]
        assert result["title"] == "Game over" and result["fool"] is fool
        assert result["lines"][0] == ("You are the fool!" if fool else "Boris is the fool!")
        assert [decode(b["press"]).payload for b in result["buttons"]] == ["next"]
    display.notes.ready = {0}
    result = page_state(display, display.snap, 1, NOW)["result"]
    assert "Boris" in result["ready"]
    assert [decode(b["press"]).payload for b in result["buttons"]] == ["next", "nextnow"]


def test_the_phrase_menu_and_what_was_said_in_the_readers_language():
    display = display_at()
    display.seat_locale = {0: "en", 1: "ru"}
    menu = page_state(display, display.snap, 1, NOW)["phrases"]["menu"]
    # The hand's phrase buttons: the same callback data, in the reader's language.
    assert [decode(item["press"]).payload for item in menu] == [f"say{k}" for k in range(8)]
    assert menu[0]["label"] == "Хорошая игра!" and menu[-1] == dict(menu[-1], emoji=True)
    assert page_state(display, display.snap, 1, NOW)["phrases"]["said"] == []
    display.said, display.said_count = {0: "gg"}, {0: 2}  # Anna said "gg" twice
    said = page_state(display, display.snap, 1, NOW)["phrases"]["said"]
    assert said == [{"seat": 0, "n": 2, "text": "Хорошая игра!"}]
    display.muted = {1}  # Boris turned phrases off: nothing said reaches his page
    assert page_state(display, display.snap, 1, NOW)["phrases"]["said"] == []
    solo = display_at()
    solo.snap = GameSnapshot(**{**solo.snap.__dict__, "chat_id": 22})  # a solo game
    assert page_state(solo, solo.snap, 1, NOW)["phrases"]["menu"] == []
