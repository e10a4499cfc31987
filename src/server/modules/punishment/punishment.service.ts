import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { PunishmentRepo, type ActivePunishment } from './punishment.repo.ts';

/** Punishment types (contract §4.7). */
export const PUNISHMENT = {
  disabled: 1,
  noComment: 2,
  noUpload: 3,
  noDownload: 4,
  noFavorite: 5,
  noArticle: 6,
} as const;

/**
 * The user's punishments in force: enabled, and permanent or not yet ended. Oldest first.
 * User ids ≤ 1 (guests, the root user) are never punished.
 */
export async function activePunishments(db: Kysely<DB>, userId: number): Promise<ActivePunishment[]> {
  if (userId <= 1) return [];
  return new PunishmentRepo(db).active(userId);
}

/** Refuses (403) when one of the given punishment types is in force, naming its reason when it has one. */
export async function assertNotPunished(
  db: Kysely<DB>,
  userId: number,
  types: readonly number[],
  fallback: string,
): Promise<void> {
  const hit = (await activePunishments(db, userId)).find((p) => types.includes(p.type));
  if (hit) throw forbidden(hit.reason.trim() ? `${fallback}：${hit.reason.trim()}` : fallback);
}

/**
 * The reason of the first punishment in force among the given types ('' when the admin gave none),
 * or undefined when none of them is in force.
 */
export async function punishmentReason(db: Kysely<DB>, userId: number, types: readonly number[]): Promise<string | undefined> {
  return (await activePunishments(db, userId)).find((p) => types.includes(p.type))?.reason.trim();
}
