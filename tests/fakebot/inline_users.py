"""What a person does with a bot's inline mode, as a Telegram client lets them: type
"@bot query" in a chat, send one of the results the bot answered, share a prepared message
from a Mini App. ``FakeBotServer`` inherits these; presses on the messages they post go
through ``user_presses`` like any other press.
"""

from __future__ import annotations

from .formatting import utf16_len
from .inline import MAX_QUERY, InlineQueryRecord
from .model import JSON, FakeChat, FakeUser, StoredMessage
from .world import World


class InlineUsers(World):
    async def user_types_inline(self, user: FakeUser, chat: FakeChat | int, query: str = "",
                                *, offset: str = "") -> InlineQueryRecord:
        """The user types "@bot <query>" in the chat: an ``inline_query`` update, unless
        the bot's inline mode is off (Telegram then sends nothing; ``delivered`` is False).
        ``offset`` is what a client sends for the next page (the bot's next_offset)."""
        chat = self._place(user, chat)
        if utf16_len(query) > MAX_QUERY:
            raise ValueError(f"a client takes at most {MAX_QUERY} characters of query")
        record = InlineQueryRecord(
            id=self.inline.new_query_id(), user_id=user.id, chat_id=chat.id,
            chat_type=self._chat_type_for(user, chat), query=query, offset=offset,
            created_at=self.clock())
        if self.inline_mode:  # else Telegram has no query the bot could answer
            self.inline.queries[record.id] = record
            record.update_id = self.enqueue("inline_query", {
                "id": record.id, "from": user.to_api(), "query": query, "offset": offset,
                "chat_type": record.chat_type,
            })
        return record

    async def user_chooses_inline(self, user: FakeUser, query: InlineQueryRecord,
                                  result_id: str) -> StoredMessage:
        """The user taps one of the bot's results: it is posted in the chat the query was
        typed in, sent by the user via the bot; with inline feedback on the bot is told
        (``chosen_inline_result``, with the inline_message_id when the message has an
        inline keyboard, as Telegram gives one only then)."""
        if user.id != query.user_id:
            raise ValueError("only the person who typed the query sees its results")
        if query.answer is None:
            raise LookupError(f"the bot has not answered inline query {query.query!r}")
        result = query.answer.checked_result(result_id)
        message = self._post_via_bot(user, self.chats[query.chat_id], result)
        query.chosen.append(result_id)
        if self.inline_feedback:
            chosen: JSON = {"result_id": result_id, "from": user.to_api(),
                            "query": query.query}
            if message.inline_message_id is not None:
                chosen["inline_message_id"] = message.inline_message_id
            self.enqueue("chosen_inline_result", chosen)
        return message

    async def user_sends_prepared(self, user: FakeUser, prepared_id: str,
                                  chat: FakeChat | int) -> StoredMessage:
        """The user sends a prepared message (savePreparedInlineMessage) from a Mini App
        to a chat of a kind the bot allowed, before it expires."""
        prepared = self.inline.prepared.get(prepared_id)
        if prepared is None or prepared.user_id != user.id:
            raise LookupError(f"{user.first_name} has no prepared message {prepared_id!r}")
        if self.now_date() > prepared.expiration_date:
            raise LookupError(f"prepared message {prepared_id!r} expired")
        place = self._place(user, chat)
        kind = self._chat_type_for(user, place)
        allowed = {"sender": prepared.allow_bot_chats, "private": prepared.allow_user_chats,
                   "group": prepared.allow_group_chats,
                   "supergroup": prepared.allow_group_chats}[kind]
        if not allowed:
            raise PermissionError(f"prepared message {prepared_id!r} may not go to a {kind}")
        return self._post_via_bot(user, place, prepared.result)

    # -- helpers ---------------------------------------------------------------------------
    def _place(self, user: FakeUser, chat: FakeChat | int) -> FakeChat:
        """A chat the user is in (their chat with the bot, with another user, a group)."""
        chat_id = chat.id if isinstance(chat, FakeChat) else chat
        found = self.private_chat(user) if chat_id == user.id else self.chats.get(chat_id)
        if found is None or not self.is_member(user, found):
            raise PermissionError(f"{user.first_name} is not in chat {chat_id}")
        return found

    def _chat_type_for(self, user: FakeUser, chat: FakeChat) -> str:
        if chat.is_private and not chat.between_users:
            return "sender"  # the chat with the bot itself
        return chat.type

    def _post_via_bot(self, user: FakeUser, chat: FakeChat, result: JSON) -> StoredMessage:
        if result.get("type", "").lower() != "article":
            raise NotImplementedError(f"the fake posts article results only, not "
                                      f"{result.get('type')}")
        markup = result.get("_markup")
        message = self.new_message(chat, user, result["_text"], entities=result["_entities"],
                                   reply_markup=markup, via_bot_id=self.bot.id,
                                   parse_mode_source=result["_source"])
        if markup is not None:
            owner = chat.peer_ids[0] if chat.peer_ids else (user.id if chat.is_private
                                                            else chat.id)
            message.inline_message_id = self.inline.new_message_id(
                owner, chat.id, message.message_id)
        if self.bot_sees(chat):
            # The bot's own chat, or a group it is in: the message reaches it like any
            # other (privacy mode lets through messages sent via the bot itself).
            if chat.is_private:
                user.started_bot, user.blocked_bot = True, False
            self.enqueue("message", self.message_to_api(message))
        return message
