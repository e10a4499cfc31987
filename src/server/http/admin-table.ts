import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ItemChange } from '../events/bus.ts';
import { deleteHandler, getHandler, listHandler, updateHandler } from './crud.ts';
import type { RouteConfig, serviceRoutes } from './routes.ts';
import type { Endpoint } from '../../contract/endpoint.ts';

/** What differs between modules' back-office tables beyond their endpoint table entries. */
export interface TableRoutes {
  /** the noun of the messages: 轮播图不存在, 请选择要删除的轮播图 */
  name: string;
  /** after a create, an update, or a delete that removed rows: republish what the static pages bake */
  changed?: (ids: number[], change: ItemChange) => unknown;
}

type Schema<T> = z.ZodType<T, unknown>;

type Call<R extends z.ZodType = z.ZodType, Q = z.ZodType | undefined, B = z.ZodType | undefined> = Endpoint<
  R,
  Q & (z.ZodType | undefined),
  B & (z.ZodType | undefined)
>;

/**
 * The server half of `adminTableCalls` (src/contract/admin-table.ts): the standard handlers of a module's
 * create, update, delete, get and list calls, registered from its endpoint table entries.
 */
export function tableRoutes(api: ReturnType<typeof serviceRoutes>, { name, changed }: TableRoutes) {
  const missing = `${name}不存在`;
  return {
    /** POST: the new row, shown by `show` (repos that record the creator get the caller's id). */
    create<B extends z.ZodType, R extends z.ZodType, Row extends { id: number }>(
      repo: { create(input: z.output<B>, userId: number): Promise<Row> },
      call: Call<R, undefined, B>,
      show: (row: Row) => z.input<R>,
    ) {
      const create = async (req: FastifyRequest & { body: z.output<B> }) => {
        const row = await repo.create(req.body, req.auth.userId);
        await changed?.([row.id], 'saved');
        return show(row);
      };
      api.handle(call, create as never);
    },

    /** PUT with the whole record: 404 for an unknown id. */
    update<B extends Schema<{ id: number }>>(
      repo: { get(id: number): Promise<unknown>; update(input: z.output<B>): Promise<unknown> },
      call: Call<z.ZodType, undefined, B>,
    ) {
      const after = changed && ((input: { id: number }) => changed([input.id], 'saved'));
      api.handle(call, updateHandler(repo, missing, after) as never);
    },

    /** DELETE ?id=…: refuses an empty choice. */
    delete(repo: { delete(ids: number[]): Promise<unknown> }, call: Call<z.ZodType, Schema<{ id?: number[] }>>) {
      const remove = async (ids: number[]) => {
        if ((await repo.delete(ids)) && changed) await changed(ids, 'removed');
      };
      api.handle(call, deleteHandler(`请选择要删除的${name}`, remove) as never);
    },

    /** GET ?id=: the row shown by `show` (as stored without it), or 404. */
    get<R extends z.ZodType, Row>(
      repo: { get(id: number): Promise<Row | undefined> },
      call: Call<R, Schema<{ id: number }>>,
      show?: (row: Row) => z.input<R>,
    ) {
      api.handle(call, getHandler(repo, missing, show) as never);
    },

    /** GET /list: the repo's page under `key` with the total, each row shown by `show` (as stored without it). */
    list<Q extends z.ZodType, R extends z.ZodType, Row>(
      repo: { list(query: z.output<Q>): Promise<{ total: number; rows: Row[] }> },
      call: Call<R, Q>,
      key: string,
      show?: (row: Row) => unknown,
      config?: RouteConfig,
    ) {
      api.handle(call, listHandler(repo, key, show) as never, config);
    },
  };
}
