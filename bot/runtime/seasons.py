"""A season's end, told to each group that played in it (bot/service/seasons.py).

Every look (``notices.GroupNotices``) asks whether the season before the present one still
has groups to tell; each is claimed in the database before its message goes
(``chat_notices``), so with several instances or after a restart a group hears it once. A
group whose admins said ``/season off`` is marked told and gets nothing; so is a group
that removed the bot (Telegram refuses the message).
"""

from __future__ import annotations

from datetime import timedelta

from bot.render.results import achievement_message
from bot.render.top import season_end_text
from bot.service.seasons import previous_season, season_of, season_start
from bot.storage.seasons import SEASON_END

from .delivery.outbox import Priority
from .notices import GroupNotices

SEASON_END_PREFERENCE = "season_end"  # a group's preference: False = no message
# A season that ended longer ago than this is not announced any more (a bot started again
# after a long stop does not tell groups of a month long gone).
TELL_WITHIN = timedelta(days=7)


class SeasonEnds(GroupNotices):
    what = "telling groups of a season's end"

    async def tell_due(self) -> int:
        """Tell every group not yet told that the last season ended."""
        now = self.clock()
        season = season_of(now)
        if now - season_start(season) > TELL_WITHIN:
            return 0
        ended = previous_season(season)
        sent = 0
        for chat_id in await self.stats.groups_to_tell(ended):
            if not await self.stats.claim_notice(SEASON_END, ended, chat_id, now):
                continue  # another instance has it
            podium = await self.stats.season_board(ended, chat_id, limit=3)
            for user_id, keys in (await self.stats.award_season(ended, chat_id, podium,
                                                                now)).items():
                mine = await self.chats.locale(user_id=user_id)
                await self.api.tell(user_id, achievement_message(mine, keys),
                                    priority=Priority.BACKGROUND)
            if (await self.chats.preferences(chat_id)).get(SEASON_END_PREFERENCE) is False:
                continue
            fool = await self.stats.season_fool(ended, chat_id)
            locale = await self.chats.locale(chat_id=chat_id)
            sent += await self.send(chat_id, season_end_text(locale, ended, season, podium,
                                                             fool))
        return sent
