import { badRequest, notFound } from './errors.ts';

/**
 * Handlers of the back-office table routes (banners, friend links, ads, reports, …) that several
 * modules share word for word; a module with its own rules writes its handler itself.
 */

/** GET /x/list: the repo's page under `key` with the total, each row shown by `show` (as stored without it). */
export function listHandler<K extends string, Q, Row, Out = Row>(
  repo: { list(query: Q): Promise<{ total: number; rows: Row[] }> },
  key: K,
  show?: (row: Row) => Out,
) {
  return async (req: { query: Q }) => {
    const { total, rows } = await repo.list(req.query);
    return { total, [key]: show ? rows.map(show) : rows } as { total: number } & { [P in K]: Out[] };
  };
}

/** GET /x?id=: the row shown by `show` (as stored without it), or 404 with `missing`. */
export function getHandler<Row, Out = Row>(
  repo: { get(id: number): Promise<Row | undefined> },
  missing: string,
  show?: (row: Row) => Out,
) {
  return async (req: { query: { id: number } }) => {
    const row = await repo.get(req.query.id);
    if (!row) throw notFound(missing);
    return show ? show(row) : (row as unknown as Out);
  };
}

/** GET /x?id= of a public lookup: the row shown by `show`, or an empty reply when there is none (as moredoc). */
export function findHandler<Row, Out>(repo: { get(id: number): Promise<Row | undefined> }, show: (row: Row) => Out) {
  return async (req: { query: { id: number } }) => {
    const row = req.query.id ? await repo.get(req.query.id) : undefined;
    return row ? show(row) : {};
  };
}

/** PUT /x with a whole record: 404 with `missing` for an unknown id, else the update, then `after`. */
export function updateHandler<B extends { id: number }>(
  repo: { get(id: number): Promise<unknown>; update(input: B): Promise<unknown> },
  missing: string,
  after?: (input: B) => unknown,
) {
  return async (req: { body: B }) => {
    if (!(await repo.get(req.body.id))) throw notFound(missing);
    await repo.update(req.body);
    await after?.(req.body);
    return {};
  };
}

/** DELETE /x?id=…: refuses an empty choice (`noChoice`), then `remove` gets each chosen id once. */
export function deleteHandler(noChoice: string, remove: (ids: number[]) => Promise<unknown>) {
  return async (req: { query: { id?: number[] } }) => {
    if (!req.query.id?.length) throw badRequest(noChoice);
    await remove([...new Set(req.query.id)]);
    return {};
  };
}
