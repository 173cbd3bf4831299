// The notification settings every instance fans events out with: one row, written at start from
// the configuration (server.ts), read by recordShopEvent inside its own statement. Instances are
// expected to share one configuration; the last one started wins.
import { sql } from "drizzle-orm";
import type { NotificationsConfig } from "../../config";
import type { Db } from "../../db/client";
import { notificationSettings } from "../../db/schema";

export async function syncNotificationSettings(db: Db, config: Pick<NotificationsConfig, "telegram" | "balanceLowMills">): Promise<void> {
  const values = {
    telegramChatIds: config.telegram.mode === "off" ? [] : config.telegram.chatIds,
    telegramEvents: config.telegram.events,
    balanceLowMills: config.balanceLowMills,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: notificationSettings.id, set: { ...values, updatedAt: sql`now()` } });
}
