import { sql, type RawBuilder } from 'kysely';
import { Repo } from '../../db/repo.ts';
import { nowIso } from '../../db/dialect.ts';

const countWhere = (cond: RawBuilder<unknown>) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;

/** Failed logins, counted in the database so that every instance sees the same numbers (login-throttle.ts). */
export class LoginFailureRepo extends Repo {
  /** Failures after `since`: on the whole site, from the address, on the account, and of the pair. */
  async counts(ip: string, account: string, since: string): Promise<{ site: number; ip: number; account: number; pair: number }> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => [
        eb.fn.countAll<number>().as('site'),
        countWhere(sql`ip = ${ip}`).as('ip'),
        countWhere(sql`account = ${account}`).as('account'),
        countWhere(sql`ip = ${ip} and account = ${account}`).as('pair'),
      ])
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { site: Number(row.site), ip: Number(row.ip), account: Number(row.account), pair: Number(row.pair) };
  }

  /** Failures after `since` on the whole site and from the address. */
  async siteAndIp(ip: string, since: string): Promise<{ all: number; ip: number }> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number>().as('all'), countWhere(sql`ip = ${ip}`).as('ip')])
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return { all: Number(row.all), ip: Number(row.ip) };
  }

  /** Whether some account has failed at least `min` times after `since` (which one is not told). */
  async anyAccountAtLeast(min: number, since: string): Promise<boolean> {
    const hot = await this.db
      .selectFrom('login_failures')
      .select('account')
      .where('created_at', '>', since)
      .groupBy('account')
      .having((eb) => eb.fn.countAll(), '>=', min)
      .limit(1)
      .executeTakeFirst();
    return Boolean(hot);
  }

  /** Adds a failure, first dropping the rows from before `since` (they count for nothing). */
  async record(ip: string, account: string, since: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('created_at', '<=', since).execute();
    await this.db.insertInto('login_failures').values({ ip, account, created_at: nowIso() }).execute();
  }

  /** Forgets the address's failures on the account. */
  async forgive(ip: string, account: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('ip', '=', ip).where('account', '=', account).execute();
  }
}
