"""The Bot API methods the fake implements, each a function (world, params) -> result.

Only what a python-telegram-bot 22 Application and this bot use. getUpdates lives in
server.py because it waits (long polling). Errors are raised as ApiError with Telegram's
wording (errors.py).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from .errors import NOT_MODIFIED, QUERY_TOO_OLD, bad_request
from .formatting import parse_text, utf16_len
from .markup import check_reply_markup
from .model import JSON, FakeChat, StoredMessage
from .params import allowed_updates, as_bool, as_int, require
from .webhook import is_local_url
from .world import World, scope_key

Method = Callable[[World, dict[str, Any]], Awaitable[Any]]
METHODS: dict[str, Method] = {}

CHAT_ACTIONS = frozenset({
    "typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice",
    "upload_document", "choose_sticker", "find_location", "record_video_note",
    "upload_video_note",
})
COMMAND_NAME = re.compile(r"^[a-z0-9_]{1,32}$")
SECRET_TOKEN = re.compile(r"^[A-Za-z0-9_-]{0,256}$")  # empty: no secret


def api_method(name: str) -> Callable[[Method], Method]:
    def register(function: Method) -> Method:
        METHODS[name.lower()] = function
        return function
    return register


def _inline_markup(markup: JSON | None) -> JSON | None:
    """Only inline keyboards are attached to a message; reply keyboards live in the client."""
    if markup and "inline_keyboard" in markup:
        return markup
    return None


@api_method("getMe")
async def get_me(world: World, params: dict[str, Any]) -> JSON:
    """The bot with what @BotFather set: it may be added to groups, privacy mode is on
    (not every group message), inline mode as the World says."""
    data = world.bot.to_api()
    data.update(can_join_groups=True, can_read_all_group_messages=False,
                supports_inline_queries=world.inline_mode)
    return data


@api_method("deleteWebhook")
async def delete_webhook(world: World, params: dict[str, Any]) -> bool:
    world.webhook_url, world.webhook_secret = "", ""
    if as_bool(params, "drop_pending_updates"):
        world.updates.clear()
    return True


@api_method("setWebhook")
async def set_webhook(world: World, params: dict[str, Any]) -> bool:
    """Telegram wants HTTPS; the fake also takes plain http on 127.0.0.1 (tests only)."""
    url = str(require(params, "url"))
    if not (url.startswith("https://") or is_local_url(url)):
        raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
    secret = str(params.get("secret_token") or "")
    if not SECRET_TOKEN.match(secret):
        raise bad_request("secret token contains unallowed characters")
    connections = as_int(params, "max_connections", required=False)
    world.webhook_url, world.webhook_secret = url, secret
    asked = allowed_updates(params)
    if asked is not None:
        world.allowed_updates = asked
    # 1-100, default 40 (the API docs); out-of-range values are clamped here.
    world.webhook_max_connections = 40 if connections is None else max(1, min(100, connections))
    if as_bool(params, "drop_pending_updates"):
        world.updates.clear()
    world.push_updates()
    return True


@api_method("getWebhookInfo")
async def get_webhook_info(world: World, params: dict[str, Any]) -> JSON:
    return {"url": world.webhook_url, "has_custom_certificate": False,
            "pending_update_count": len(world.updates),
            **({"max_connections": world.webhook_max_connections} if world.webhook_url else {})}


def _check_commands(commands: Any) -> list[JSON]:
    if not isinstance(commands, list) or len(commands) > 100:
        raise bad_request("BOT_COMMANDS_TOO_MUCH" if isinstance(commands, list)
                          else "parameter commands is required")
    for command in commands:
        if not isinstance(command, dict) or not COMMAND_NAME.match(str(command.get("command"))):
            raise bad_request("BOT_COMMAND_INVALID")
        description = command.get("description")
        if not isinstance(description, str) or not 1 <= len(description) <= 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
    return copy.deepcopy(commands)


def _language(params: dict[str, Any]) -> str:
    language = params.get("language_code") or ""
    if language and not re.fullmatch(r"[a-z]{2}", str(language)):
        raise bad_request("LANG_CODE_INVALID")
    return str(language)


@api_method("setMyCommands")
async def set_my_commands(world: World, params: dict[str, Any]) -> bool:
    commands = _check_commands(require(params, "commands"))
    world.commands[(scope_key(params.get("scope")), _language(params))] = commands
    return True


@api_method("getMyCommands")
async def get_my_commands(world: World, params: dict[str, Any]) -> list[JSON]:
    return world.commands.get((scope_key(params.get("scope")), _language(params)), [])


@api_method("deleteMyCommands")
async def delete_my_commands(world: World, params: dict[str, Any]) -> bool:
    world.commands.pop((scope_key(params.get("scope")), _language(params)), None)
    return True


@api_method("setMyDescription")
async def set_my_description(world: World, params: dict[str, Any]) -> bool:
    world.bot_profile[f"description:{_language(params)}"] = str(params.get("description", ""))
    return True


@api_method("setMyShortDescription")
async def set_my_short_description(world: World, params: dict[str, Any]) -> bool:
    world.bot_profile[f"short:{_language(params)}"] = str(params.get("short_description", ""))
    return True


@api_method("sendMessage")
async def send_message(world: World, params: dict[str, Any]) -> JSON:
    chat = world.writable_chat(require(params, "chat_id"))
    text, entities = parse_text(params.get("text", ""), params.get("parse_mode"),
                                params.get("entities"))
    markup = check_reply_markup(params.get("reply_markup"))
    reply_to = _reply_target(world, chat, params.get("reply_parameters"))
    world.check_flood(chat, "sendmessage")
    message = world.new_message(
        chat, world.bot, text, entities=entities, reply_markup=_inline_markup(markup),
        parse_mode_source=params["text"] if params.get("parse_mode") else None,
        reply_to=reply_to,
    )
    return world.message_to_api(message)


def _reply_target(world: World, chat, parameters: Any) -> int | None:
    """The message a new message replies to; a missing one is refused as Telegram does,
    unless allow_sending_without_reply."""
    if parameters is None:
        return None
    if isinstance(parameters, str):
        parameters = json.loads(parameters)
    message_id = parameters.get("message_id")
    key = (chat.id, int(message_id)) if isinstance(message_id, int) else None
    found = world.stored.get(key) if key else None
    if found is None or found.deleted:
        if parameters.get("allow_sending_without_reply"):
            return None
        raise bad_request("message to be replied not found")
    return found.message_id


def _given(params: dict[str, Any], name: str) -> bool:
    return params.get(name) not in (None, "")


def _edit_target(world: World, params: dict[str, Any]) -> tuple[FakeChat, StoredMessage, bool]:
    """(chat, message, by inline_message_id?) of an edit. As the Bot API server decides
    (telegram-bot-api's process_edit_message_*_query): with neither chat_id nor a
    message_id the inline_message_id is used, else chat_id+message_id are, and an
    inline_message_id given beside them is ignored."""
    if not _given(params, "chat_id") and not _given(params, "message_id"):
        if not _given(params, "inline_message_id"):
            raise bad_request("message identifier is not specified")
        chat, message = world.inline_target(params["inline_message_id"])
        return chat, message, True
    if not _given(params, "chat_id"):
        raise bad_request("chat_id is empty")
    chat = world.chat(params["chat_id"])
    if chat.is_private and world.users[chat.id].blocked_bot:
        world.writable_chat(chat.id)  # raises the 403 Telegram gives for a blocked bot
    if chat.is_group:
        world.check_group_access(chat)
    message = world.find_message(chat, params.get("message_id"), "message to edit not found")
    if not message.from_bot:
        raise bad_request("message can't be edited")  # an inline message too: it is the user's
    return chat, message, False


def _apply_edit(world: World, message, text: str, entities: list[JSON], markup: JSON | None,
                source: str | None, inline: bool) -> JSON | bool:
    """Store the new version; an edit by inline_message_id returns True, not a Message."""
    message.history.append((message.text, copy.deepcopy(message.reply_markup)))
    message.text, message.entities, message.reply_markup = text, entities, markup
    message.parse_mode_source = source
    message.edit_date = world.now_date()
    return True if inline else world.message_to_api(message)


@api_method("editMessageText")
async def edit_message_text(world: World, params: dict[str, Any]) -> JSON | bool:
    chat, message, inline = _edit_target(world, params)
    text, entities = parse_text(params.get("text", ""), params.get("parse_mode"),
                                params.get("entities"))
    # Telegram removes the inline keyboard when an edit of the text does not repeat it.
    markup = _inline_markup(check_reply_markup(params.get("reply_markup")))
    if (text, entities, markup) == (message.text, message.entities, message.reply_markup):
        raise bad_request(NOT_MODIFIED)
    world.check_flood(chat, "editmessagetext")
    source = params["text"] if params.get("parse_mode") else None
    return _apply_edit(world, message, text, entities, markup, source, inline)


@api_method("editMessageReplyMarkup")
async def edit_message_reply_markup(world: World, params: dict[str, Any]) -> JSON | bool:
    chat, message, inline = _edit_target(world, params)
    markup = _inline_markup(check_reply_markup(params.get("reply_markup")))
    if markup == message.reply_markup:
        raise bad_request(NOT_MODIFIED)
    world.check_flood(chat, "editmessagereplymarkup")
    return _apply_edit(world, message, message.text, message.entities, markup,
                       message.parse_mode_source, inline)


@api_method("deleteMessage")
async def delete_message(world: World, params: dict[str, Any]) -> bool:
    chat = world.chat(require(params, "chat_id"))
    message = world.find_message(chat, require(params, "message_id"),
                                 "message to delete not found")
    may_delete = message.from_bot or chat.is_private or chat.bot_status == "administrator"
    if not may_delete:
        raise bad_request("message can't be deleted")
    message.deleted = True
    return True


@api_method("answerCallbackQuery")
async def answer_callback_query(world: World, params: dict[str, Any]) -> bool:
    query = world.callback_queries.get(str(require(params, "callback_query_id")))
    too_old = query is None or query.answered or (
        world.clock() - query.created_at > world.callback_query_ttl
    )
    if too_old:
        raise bad_request(QUERY_TOO_OLD)
    text = params.get("text")
    if text is not None and utf16_len(str(text)) > 200:
        raise bad_request("MESSAGE_TOO_LONG")
    query.answered = True
    query.answer = {
        "text": text,
        "show_alert": as_bool(params, "show_alert"),
        "url": params.get("url"),
    }
    return True


def _member(world: World, user_id: int, status: str) -> JSON:
    user = world.users[user_id].to_api()
    if status == "creator":
        return {"status": "creator", "user": user, "is_anonymous": False}
    if status == "administrator":
        rights = dict.fromkeys(
            ("can_manage_chat", "can_delete_messages", "can_manage_video_chats",
             "can_restrict_members", "can_change_info", "can_invite_users",
             "can_post_stories", "can_edit_stories", "can_delete_stories"), True)
        return {"status": "administrator", "user": user, "can_be_edited": False,
                "is_anonymous": False, "can_promote_members": False, **rights}
    if status == "kicked":
        return {"status": "kicked", "user": user, "until_date": 0}
    return {"status": status, "user": user}


@api_method("getChatMember")
async def get_chat_member(world: World, params: dict[str, Any]) -> JSON:
    chat = world.chat(require(params, "chat_id"))
    user_id = as_int(params, "user_id")
    if user_id not in world.users:
        raise bad_request("user not found")
    if user_id == world.bot.id:
        return _member(world, user_id, chat.bot_status)
    return _member(world, user_id, chat.members.get(user_id, "left"))


@api_method("getChatAdministrators")
async def get_chat_administrators(world: World, params: dict[str, Any]) -> list[JSON]:
    chat = world.chat(require(params, "chat_id"))
    if chat.is_private:
        raise bad_request("there are no administrators in the private chat")
    admins = [_member(world, uid, status) for uid, status in chat.members.items()
              if status in ("creator", "administrator")]
    if chat.bot_status == "administrator":
        admins.append(_member(world, world.bot.id, "administrator"))
    return admins


@api_method("getChat")
async def get_chat(world: World, params: dict[str, Any]) -> JSON:
    chat = world.chat(require(params, "chat_id"))
    data = chat.to_api(world.users)
    data.update(
        accent_color_id=0,
        max_reaction_count=11,
        accepted_gift_types={"unlimited_gifts": True, "limited_gifts": True,
                             "unique_gifts": True, "premium_subscription": True,
                             "gifts_from_channels": True},
    )
    return data


@api_method("sendChatAction")
async def send_chat_action(world: World, params: dict[str, Any]) -> bool:
    world.writable_chat(require(params, "chat_id"))
    if params.get("action") not in CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    return True
