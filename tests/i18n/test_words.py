"""What players read, asserted: second person to the reader and third person about
others, nobody "defending" after the deal, ratings as signed points, rules and settings
in words (never an internal value), and player counts that are true."""

from __future__ import annotations

import re

import pytest

from bot.engine import Action, GameState, RuleSet, new_deal
from bot.engine.core.rules import HOUSE_OFF, HOUSE_RULES, PARAMETERS, PLAYABLE_PRESETS
from bot.i18n import LOCALES, t, tn
from bot.render.actions import describe, describe_action
from bot.render.help import help_text
from bot.render.results import rating_points, signed
from bot.render.rules import player_counts, rules_text, value_label
from bot.render.solo import solo_screen
from bot.render.table import LastMove, TableNotes, public_lines
from bot.service.errors import Code, LobbyError
from bot.service.events import GameSnapshot, SeatInfo
from bot.service.settings import rules_for

from .screens import ENDINGS, NOW, end_of_game

INTERNAL = re.compile(r"\w_\w|=|\bdefaults\b")


def solo_snapshot(state: GameState) -> GameSnapshot:
    seats = (SeatInfo(0, 100, "Anna", None, None), SeatInfo(1, None, "", "normal", None))
    return GameSnapshot(game_id=1, chat_id=100, series_id=1, deal_number=1,
                        version=state.version, status="running", state=state, seats=seats,
                        turn_deadline=None)


def state_where(rules: RuleSet, wanted) -> tuple[GameState, LastMove | None]:
    """A position, played by the first legal move in text order, where ``wanted`` holds,
    and the move that led to it."""
    for seed in range(1, 200):
        state, last = new_deal(rules, seed=seed), None
        while not state.is_over:
            if wanted(state, last):
                return state, last
            seat = state.waiting_on()[0]
            action = min(state.legal_actions(seat), key=lambda a: a.text())
            state.apply(action)
            last = LastMove(seat, action.text(), "player", state.version)
    raise AssertionError("no such position")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_finished_table_shows_nobody_attacking_or_defending(locale):
    busy = {t(locale, f"role.{r}") for r in ("attacking", "defending", "waiting")}
    busy |= {t(locale, f"role.you.{r}") for r in ("attacking", "defending", "waiting")}
    fool_words = {t(locale, "role.fool"), t(locale, "role.you.fool")}
    for ending in ENDINGS:
        text = end_of_game(locale, ending).text
        player_lines = [line for line in text.splitlines() if line.count(", ") == 1
                        and line.split(": ")[0] in {"Anna", "Boris", "Vera", "Gleb", "Dana",
                                                    t(locale, "table.you"),
                                                    t(locale, "ai.name", n=1)}]
        assert len(player_lines) == ending.rules.players, (ending.title, text)
        for line in player_lines:
            role = line.rsplit(", ", 1)[1]
            assert role not in busy, (locale, ending.title, line)
        assert any(line.rsplit(", ", 1)[1] in fool_words for line in player_lines) \
            or "draw" in ending.title


def test_the_reader_is_spoken_to_and_others_spoken_of():
    solo = end_of_game("en", ENDINGS[0]).text  # the reader is the fool
    assert "You are the fool!" in solo and "You is" not in solo
    assert "You: " in solo and ", the fool" in solo
    group = end_of_game("en", ENDINGS[1]).text
    assert "Boris is the fool!" in group and "Boris gets a necktie" in group
    assert "Вы остаётесь в дураках!" in end_of_game("ru", ENDINGS[0]).text
    assert "Zostajesz durniem!" in end_of_game("pl", ENDINGS[0]).text
    assert "Du bist Durak!" in end_of_game("de", ENDINGS[0]).text
    assert "Ви залишаєтеся в дурнях!" in end_of_game("uk", ENDINGS[0]).text


@pytest.mark.parametrize(("locale", "expected"), [
    ("en", "Your move: beat the cards or take them"),
    ("ru", "Ваш ход: отбивайтесь или берите"),
    ("uk", "Ваш хід: відбивайтеся або беріть"),
    ("pl", "Twój ruch: bij albo bierz"),
    ("de", "Du bist dran: schlag die Karten oder nimm sie"),
])
def test_your_move_is_in_the_second_person(locale, expected):
    rules = RuleSet.preset("podkidnoy", players=2)
    state, _ = state_where(rules, lambda s, _: s.waiting_on() == (0,) and s.table_pairs()
                           and s.view(0).defender == 0)
    screen = solo_screen(locale, solo_snapshot(state), 0, state.version,
                         {0: "Anna", 1: "Computer 1"}, TableNotes(), None, None, NOW, False)
    lines = screen.text.splitlines()
    assert lines.count(expected) == 1, lines
    assert t(locale, "table.expect.cover") not in screen.text
    you = t(locale, "table.you")
    assert any(line.startswith(f"{you}: ") and line.endswith(t(locale, "role.you.defending"))
               for line in lines)


def test_your_own_last_move_is_in_the_second_person():
    rules = RuleSet.preset("podkidnoy", players=2)
    state, last = state_where(rules, lambda s, last: last is not None and last.seat == 0
                              and last.action.startswith("a ") and len(s.table_pairs()) == 1)
    names = {0: "Anna", 1: "Computer 1"}
    for locale, words in (("en", "Last move: you led "), ("ru", "Последний ход: вы зашли с "),
                          ("pl", "Twój ostatni ruch: wyjście "),
                          ("de", "Letzter Zug: du hast ")):
        mine = public_lines(locale, solo_snapshot(state), names, TableNotes(), last, NOW,
                            False, you=0)
        assert any(line.startswith(words) for line in mine), (locale, mine)
        theirs = public_lines(locale, solo_snapshot(state), names, TableNotes(), last, NOW,
                              False, you=1)
        assert t(locale, "table.last_action", name="Anna", action="")[:-1] in \
            "\n".join(theirs)


@pytest.mark.parametrize("locale", LOCALES)
def test_your_move_as_you_make_it_and_told_afterwards_are_separate_messages(locale):
    """The terminal speaks as the move is made ("You lead 8♦", act.you.*), the solo table
    tells it afterwards ("Last move: you led 8♦️", act.you_did.*): each in its own words,
    never the third person's."""
    lead = Action.parse("a 8d", 0)
    now = describe_action(locale, lead, lead=True, style="plain", you=True)
    later = describe(locale, "a 8d", lead=True, you=True)
    about = describe_action(locale, lead, lead=True, style="plain")
    assert now == t(locale, "act.you.lead", cards="8♦") and now[0].isupper()
    assert later == t(locale, "act.you_did.lead", cards="8♦\ufe0f")
    assert len({now, later.replace("\ufe0f", ""), about}) == 3
    assert tn(locale, "act.you.poker", 2) != tn(locale, "act.you_did.poker", 2)


def test_ratings_are_signed_points():
    assert rating_points(0.0) == 1000 and rating_points(1.24) == 1012
    assert rating_points(-0.8) == 992
    assert (signed(12), signed(-8), signed(0)) == ("+12", "\u22128", "±0")
    for locale in LOCALES:
        text = end_of_game(locale, ENDINGS[2]).text
        rating = next(line for line in text.splitlines()
                      if line.startswith(t(locale, "result.ratings", changes="")))
        assert re.search(r": 1\d{3} \([+\u2212±]\d+\)", rating), rating
        assert "0.5" not in rating


@pytest.mark.parametrize("locale", LOCALES)
def test_rules_and_settings_never_show_internal_values(locale):
    settings = [{"preset": preset, "rules": {}} for preset in PLAYABLE_PRESETS]
    for name, values in HOUSE_RULES:
        for value in values:
            candidate = {"preset": "podkidnoy", "rules": {name: value}}
            if not RuleSet.preset("podkidnoy", players=3, **{name: value}).problems():
                settings.append(candidate)
    for param in PARAMETERS:
        for value in param.allowed[:12]:
            if param.name in ("players", "series_to"):
                continue
            try:
                RuleSet.preset("podkidnoy", **{param.name: value})
            except ValueError:
                continue
            settings.append({"preset": "podkidnoy", "rules": {param.name: value}})
            label = value_label(locale, param.name, value)
            assert label and not INTERNAL.search(label), (param.name, value, label)
    for chat in settings:
        text = rules_text(locale, chat)
        assert not INTERNAL.search(text), (chat, INTERNAL.search(text))
        assert len(text.splitlines()) > 8


def test_rules_reflect_the_chats_settings():
    plain = rules_text("en", {"preset": "podkidnoy", "rules": {}, "turn_seconds": 60})
    assert "No transfers." in plain and "House rules: none." in plain
    assert "Turn timer: 60 seconds." in plain
    changed = rules_text("en", {"preset": "podkidnoy", "turn_seconds": 30,
                                "rules": {"transfer": "play", "poker": True, "series_to": 5}})
    assert "No transfers." not in changed and "Transfer: before beating" in changed
    assert "Poker: before leading" in changed and "reaches 5 matchsticks" in changed
    assert "Turn timer: 30 seconds." in changed


@pytest.mark.parametrize("preset", PLAYABLE_PRESETS)
def test_the_player_counts_the_rules_give_are_true(preset):
    """/rules says who may play: each count it gives starts a game, the others do not."""
    settings = {"preset": preset, "rules": {}}
    counts = player_counts(settings)
    assert counts
    for n in range(2, 11):
        if n in counts:
            state = new_deal(rules_for(settings, n), seed=n)
            assert state.waiting_on()
        else:
            with pytest.raises(LobbyError) as refused:  # the service's refusal, coded
                rules_for(settings, n)
            assert refused.value.code is Code.RULES_PROBLEM and refused.value.details


@pytest.mark.parametrize("locale", LOCALES)
def test_help_lists_every_command_with_its_description(locale):
    commands = ("newgame", "join", "rules", "language", "help")
    text = help_text(locale, commands, private=False)
    for name in commands:
        assert f"/{name} — {t(locale, f'cmd.{name}')}" in text
    assert text.startswith(t(locale, "help.group"))


def test_house_off_values_read_as_off():
    for name, _ in HOUSE_RULES:
        value = HOUSE_OFF.get(name, False)
        assert value_label("en", name, value) in ("off", "none")


def test_the_weli_names_its_suit_in_words():
    from bot.render.actions import WELI_AS, weli_label

    for locale in LOCALES:
        for suit, key in enumerate(("suit.spades", "suit.hearts", "suit.diamonds",
                                    "suit.clubs")):
            label = weli_label(WELI_AS + suit, locale)
            assert label.startswith("6♦") and label.endswith(" " + t(locale, key)), label


def test_the_lines_issue_26_found_wrong_read_right():
    assert t("pl", "value.first_attacker.left_of_dealer") == "na lewo od rozdającego"
    assert "nie zostaje już talii" in t("pl", "reason.railway_stock", rule="Poker")
    for key in ("attacking", "defending", "waiting", "out", "fool"):  # a verb needs "du"
        assert t("de", f"role.you.{key}").startswith("du "), key
    # The winner has gone out with no cards left: not "eliminated".
    assert t("uk", "role.out") != "поза грою" and t("pl", "role.out") != "poza grą"
    for locale in ("ru", "uk"):  # one word for the deal, after the button too
        deal = t(locale, "btn.next_deal").split()[-1][:5]  # раздача / роздача
        assert deal in t(locale, "game.ready_you").lower(), locale
        assert deal in t(locale, "table.ready_waiting", ready="A", waiting="B").lower()
    line = t("ru", "lobby.settings_line", preset="P", timer="T", series=t("ru", "series.none"))
    assert "серия до: без ограничения" not in line  # "series to: no limit", word for word
    for locale, marks in (("pl", "„”"), ("de", "„“"), ("ru", "«»"), ("uk", "«»"),
                          ("en", "“”")):
        for key in ("nudge.your_turn", "hand.left"):
            text = t(locale, key, group="G", expected="x")
            assert f"{marks[0]}G{marks[1]}" in text, (locale, key, text)
