"""The weekly digest, sent to each group that asked for it (bot/service/digests.py).

In the day after a week's end (Sunday, 18:00 UTC) every look (``notices.GroupNotices``)
takes each group that asked for the digest (``/digest on``) and was not told of that
week, claims it in the database (``chat_notices``, so one instance sends it, once), and
sends its week, unless nobody played there that week. A group that removed the bot gets
nothing (Telegram refuses the message)."""

from __future__ import annotations

from datetime import timedelta

from bot.render.digest import digest_text
from bot.service.digests import week_end, week_name
from bot.storage.notices import DIGEST

from .notices import GroupNotices

DIGEST_PREFERENCE = DIGEST  # a group's preference: True = send the digest
TELL_WITHIN = timedelta(days=1)  # a bot down longer than this skips that week


class WeeklyDigests(GroupNotices):
    what = "sending the weekly digests"

    async def tell_due(self) -> int:
        """Send the week that just ended to every group due."""
        now = self.clock()
        end = week_end(now)
        if now - end > TELL_WITHIN:
            return 0
        week, sent = week_name(end), 0
        for chat_id in await self.stats.digest_chats(week):
            if not await self.stats.claim_notice(DIGEST, week, chat_id, now):
                continue  # another instance has it
            digest = await self.stats.week_digest(chat_id, end - timedelta(days=7), end)
            if digest is None:
                continue  # nobody played there this week
            locale = await self.chats.locale(chat_id=chat_id)
            sent += await self.send(chat_id, digest_text(locale, digest))
        return sent
