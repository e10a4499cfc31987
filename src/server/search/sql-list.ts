import { sql, type RawBuilder } from 'kysely';

/** The values of an SQL `in (…)` list, each a parameter. */
export const inList = (values: readonly (string | number)[]): RawBuilder<unknown> => sql.join(values.map((v) => sql`${v}`));
