"""Lobby messages: the group lobby (players, settings, buttons), its settings menus, and
the solo set-up screen of /play. All edited in place; buttons carry the lobby version.

Settings buttons cycle: each shows the current value and, when pressed, sets the next
allowed one (the button carries that value, so a double press applies once: the second
carries a stale version). Every RuleSet parameter except the player count (the seats
decide it) is in the main menu or the house-rules menu.
"""

from __future__ import annotations

from bot.engine import RuleSet
from bot.engine.core.rules import PARAMETERS, PLAYABLE_PRESETS
from bot.i18n import t, tn

from .callback import encode_lobby, encode_setting
from .names import member_names, strength_label
from .rules import TIMER_OFF, preset_label, rule_label, timer_text, value_label
from .screen import Screen, rows_of

MAIN_RULES = ("deck", "transfer", "throw_in", "bout_limit", "first_bout_limit", "teams")
SKIPPED = ("players", "series_to")  # seats decide players; series has its own button
HOUSE_RULES = tuple(p.name for p in PARAMETERS if p.name not in MAIN_RULES + SKIPPED)
TIMER_CHOICES = (60, 30, 120, 300, TIMER_OFF)
SERIES_CHOICES = (0, 3, 5, 10)
SEAT_CHOICES = (6, 2, 3, 4, 5)
STRENGTHS = ("easy", "normal", "hard")
SOLO_PRESETS = ("podkidnoy", "perevodnoy", "perevodnoy_showing", "prostoy_classic",
                "single_card", "two_player_24")


def rules_of(settings: dict) -> RuleSet:
    return RuleSet.preset(settings.get("preset", "podkidnoy"), **settings.get("rules", {}))


def token_value(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def series_text(locale: str, target: int) -> str:
    return t(locale, "series.none") if not target else str(target)


def _next(options, current):
    options = list(options)
    try:
        return options[(options.index(current) + 1) % len(options)]
    except ValueError:
        return options[0]


def settings_line(locale: str, settings: dict) -> str:
    rules = rules_of(settings)
    return t(locale, "lobby.settings_line", preset=preset_label(locale, rules.preset_name),
             timer=timer_text(locale, int(settings.get("turn_seconds", 60))),
             series=series_text(locale, rules.series_to))


def lobby_screen(locale: str, lobby, pending: set[int], max_players: int,
                 mode: str = "main", hints: bool = False, seats: int = 6,
                 open_link: str | None = None) -> Screen:
    """``seats``: the most players this chat wants at a table (a chat preference);
    ``open_link``: the deep link that opens the private chat with the bot, shown as a
    button while someone still has to open it."""
    if lobby.status == "closed":
        return Screen(t(locale, "lobby.title") + "\n" + t(locale, "lobby.closed"))
    names = member_names(locale, lobby.members)
    host = next((n for m, n in zip(lobby.members, names, strict=True)
                 if m.user_id == lobby.host_id), "?")
    lines = [t(locale, "lobby.title"), t(locale, "lobby.host", name=host),
             t(locale, "lobby.players", count=len(lobby.members),
               max=min(max_players, seats))]
    for index, (member, name) in enumerate(zip(lobby.members, names, strict=False), start=1):
        if member.user_id is None:
            lines.append(t(locale, "lobby.player_computer", index=index, name=name,
                           level=strength_label(locale, member.computer_strength)))
        elif member.user_id in pending:
            lines.append(t(locale, "lobby.player", index=index, name=name) + " "
                         + t(locale, "lobby.pending_marker"))
        else:
            lines.append(t(locale, "lobby.player", index=index, name=name))
    lines.append(settings_line(locale, lobby.settings))
    waiting = len([m for m in lobby.members if m.user_id in pending])
    if waiting:
        lines.append(tn(locale, "lobby.waiting_private", waiting))
    if len(lobby.members) < 2:
        lines.append(tn(locale, "lobby.need_more", 2 - len(lobby.members)))
    elif lobby.status == "open" and not waiting:  # else Start would be refused: not ready
        lines.append(t(locale, "lobby.ready"))
    if lobby.status != "open":
        if lobby.status == "started":
            lines.append(t(locale, "lobby.started"))
        return Screen("\n".join(lines))
    lid, v = lobby.lobby_id, lobby.version
    if mode == "settings":
        return Screen(t(locale, "settings.title") + "\n" + settings_line(locale, lobby.settings),
                      settings_rows(locale, lobby, hints, seats))
    if mode == "house":
        return Screen(t(locale, "settings.house_title"), house_rows(locale, lobby))
    if mode == "add_ai":
        return Screen("\n".join(lines + [t(locale, "lobby.strength")]), (
            tuple((strength_label(locale, s), encode_setting(lid, v, f"addai={s}"))
                  for s in STRENGTHS),
            ((t(locale, "btn.back"), encode_lobby(lid, v, "back")),)))
    if mode == "kick":  # the host's: one button per seat but the host's own
        return Screen("\n".join(lines + [t(locale, "lobby.remove_whom")]), (
            *(((t(locale, "btn.remove_player", name=name),
                encode_setting(lid, v, f"kick={member.position}")),)
              for member, name in zip(lobby.members, names, strict=True)
              if member.user_id != lobby.host_id),
            ((t(locale, "btn.back"), encode_lobby(lid, v, "back")),)))
    rows: tuple[tuple[tuple[str, str], ...], ...] = (
        ((t(locale, "btn.join"), encode_lobby(lid, v, "join")),
         (t(locale, "btn.leave"), encode_lobby(lid, v, "leave"))),
        ((t(locale, "btn.add_computer"), encode_lobby(lid, v, "add_ai")),
         (t(locale, "btn.settings"), encode_lobby(lid, v, "settings"))),
    )
    if waiting and open_link:
        rows = (((t(locale, "btn.open_private"), "url:" + open_link),),) + rows
    if len(lobby.members) > 1:
        rows += (((t(locale, "btn.remove"), encode_lobby(lid, v, "kick")),),)
    rows += (((t(locale, "btn.start"), encode_lobby(lid, v, "start")),
              (t(locale, "btn.cancel"), encode_lobby(lid, v, "cancel"))),)
    return Screen("\n".join(lines), rows)


def settings_rows(locale: str, lobby, hints: bool, seats: int = 6) -> tuple:
    lid, v = lobby.lobby_id, lobby.version
    rules = rules_of(lobby.settings)
    buttons = [(t(locale, "settings.preset", value=preset_label(locale, rules.preset_name)),
                encode_setting(lid, v, "preset=" + _next(PLAYABLE_PRESETS, rules.preset_name))),
               (t(locale, "settings.players", value=seats),
                encode_setting(lid, v, f"seats={_next(SEAT_CHOICES, seats)}"))]
    by_name = {p.name: p for p in PARAMETERS}
    for name in MAIN_RULES:
        current = getattr(rules, name)
        nxt = _next(by_name[name].allowed, current)
        buttons.append((t(locale, "settings.value", name=rule_label(locale, name),
                          value=value_label(locale, name, current)),
                        encode_setting(lid, v, f"{name}={token_value(nxt)}")))
    seconds = int(lobby.settings.get("turn_seconds", 60))
    buttons.append((t(locale, "settings.timer", value=timer_text(locale, seconds)),
                    encode_setting(lid, v, f"timer={_next(TIMER_CHOICES, seconds)}")))
    buttons.append((t(locale, "settings.series", value=series_text(locale, rules.series_to)),
                    encode_setting(lid, v, f"series_to={_next(SERIES_CHOICES, rules.series_to)}")))
    buttons.append((t(locale, "settings.hints", value=value_label(locale, "hints", hints)),
                    encode_setting(lid, v, "hints=" + ("off" if hints else "on"))))
    rows = rows_of(buttons, 2)
    rows.append(((t(locale, "btn.house_rules"), encode_setting(lid, v, "menu=house")),
                 (t(locale, "btn.back"), encode_lobby(lid, v, "back"))))
    return tuple(rows)


def house_rows(locale: str, lobby) -> tuple:
    lid, v = lobby.lobby_id, lobby.version
    rules = rules_of(lobby.settings)
    by_name = {p.name: p for p in PARAMETERS}
    buttons = []
    for name in HOUSE_RULES:
        current = getattr(rules, name)
        nxt = _next(by_name[name].allowed, current)
        buttons.append((t(locale, "settings.value", name=rule_label(locale, name),
                          value=value_label(locale, name, current)),
                        encode_setting(lid, v, f"{name}={token_value(nxt)}")))
    rows = rows_of(buttons, 2)
    rows.append(((t(locale, "btn.back"), encode_lobby(lid, v, "settings")),))
    return tuple(rows)


def solo_setup_screen(locale: str, lobby) -> Screen:
    lid, v = lobby.lobby_id, lobby.version
    rules = rules_of(lobby.settings)
    computers = [m for m in lobby.members if m.user_id is None]
    strength = computers[0].computer_strength if computers else "normal"
    lines = [t(locale, "solo.title"),
             t(locale, "solo.game", game=preset_label(locale, rules.preset_name)),
             tn(locale, "solo.opponents", len(computers), level=strength_label(locale, strength)),
             t(locale, "solo.choose")]
    mark = "✓ "
    presets = [((mark if p == rules.preset_name else "") + preset_label(locale, p),
                encode_setting(lid, v, f"preset={p}")) for p in SOLO_PRESETS]
    counts = [((mark if n == len(computers) else "") + str(n), encode_setting(lid, v, f"solo={n}"))
              for n in range(1, 6)]
    levels = [((mark if s == strength else "") + strength_label(locale, s),
               encode_setting(lid, v, f"solostr={s}")) for s in STRENGTHS]
    rows = rows_of(presets, 2) + [tuple(counts), tuple(levels),
                                  ((t(locale, "btn.start"), encode_lobby(lid, v, "start")),
                                   (t(locale, "btn.cancel"), encode_lobby(lid, v, "cancel")))]
    return Screen("\n".join(lines), tuple(rows))


def link_lobby_screen(locale: str, lobby, link: str, max_players: int,
                      mode: str = "main") -> Screen:
    """A table by link's lobby, in its host's private chat: the group lobby's words and
    menus, with the link to pass on and a Share button (``switch_inline_query``: the host
    picks any chat and sends an invitation there) where a group has Join and Leave."""
    base = lobby_screen(locale, lobby, set(), max_players, mode)
    if lobby.status != "open" or mode != "main" or not base.rows:
        return base
    share = ((t(locale, "btn.share_link"), "share:j" + lobby.invite),)
    return Screen(base.text + "\n\n" + t(locale, "link.share_text", link=link),
                  (share, *base.rows[1:]))


def link_joined_screen(locale: str, lobby, title: str) -> Screen:
    """What a person seated by a table's link is told in their private chat (true until
    they leave: the host's lobby message is where the seats are counted)."""
    host = next((m.name for m in lobby.members if m.user_id == lobby.host_id), "?")
    return Screen(t(locale, "link.joined", group=title, name=host),
                  (((t(locale, "btn.leave"), encode_lobby(lobby.lobby_id, lobby.version,
                                                          "leave")),),))

