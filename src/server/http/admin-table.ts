import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { emptyReply } from '../../contract/common.ts';
import type { ItemChange } from '../events/bus.ts';
import { deleteHandler, getHandler, listHandler, updateHandler } from './crud.ts';
import type { apiRoutes, RouteConfig, serviceRoutes } from './routes.ts';
import type { Endpoint } from '../../contract/endpoint.ts';

/**
 * The standard back-office table routes of a module (create, update, delete, get by id, list), all
 * behind their own permission, declared from what differs between modules: the URL, the permission
 * noun, the Chinese noun of the messages, the contract schemas and the republish hook. A route with
 * its own rules (a public list, a uniqueness check, …) stays a handler of its module.
 */
export interface AdminTable {
  /** `/banner`: create, update, delete and get take it, the list `/banner/list` */
  url: string;
  /** the permissions' noun: `Banner` → CreateBanner, UpdateBanner, DeleteBanner, GetBanner, ListBanner */
  entity: string;
  /** the noun of the messages: 轮播图不存在, 请选择要删除的轮播图 */
  name: string;
  /** after a create, an update, or a delete that removed rows: republish what the static pages bake */
  changed?: (ids: number[], change: ItemChange) => unknown;
}

/** A standard route: its permission's title, its OpenAPI summary (the title unless it says more), further config. */
export interface TableRoute extends Omit<FastifyContextConfig, 'access'> {
  title: string;
  summary?: string;
}

type Schema<T> = z.ZodType<T, unknown>;

/*
 * Each method's signature checks the module's repo and `show` against its contract schemas. Fastify cannot
 * resolve its request types for a schema type parameter: get and delete register with the schema types
 * widened to what their handlers read; create, update and list, whose repos take the schema's own output,
 * hand their handlers to `api` as `never`.
 */

export function adminTable(api: ReturnType<typeof apiRoutes>, table: AdminTable) {
  const { url, entity, name, changed } = table;
  const missing = `${name}不存在`;
  const spec = (verb: string, { title, summary, ...config }: TableRoute) => ({
    summary: summary ?? title,
    access: api.rpc(`${verb}${entity}`, title),
    ...config,
  });

  return {
    /** POST: the new row, shown by `show` (repos that record the creator get the caller's id). */
    create<B extends z.ZodType, R extends z.ZodType, Row extends { id: number }>(
      repo: { create(input: z.output<B>, userId: number): Promise<Row> },
      route: TableRoute & { body: B; reply: R; show: (row: Row) => z.input<R> },
    ) {
      const { body, reply, show, ...rest } = route;
      const create = async (req: FastifyRequest & { body: z.output<B> }) => {
        const row = await repo.create(req.body, req.auth.userId);
        await changed?.([row.id], 'saved');
        return show(row);
      };
      api.post(url, { ...spec('Create', rest), body, reply }, create as never);
    },

    /** PUT with the whole record: 404 for an unknown id. */
    update<B extends Schema<{ id: number }>>(
      repo: { get(id: number): Promise<unknown>; update(input: z.output<B>): Promise<unknown> },
      route: TableRoute & { body: B },
    ) {
      const { body, ...rest } = route;
      const after = changed && ((input: { id: number }) => changed([input.id], 'saved'));
      api.put(url, { ...spec('Update', rest), body, reply: emptyReply }, updateHandler(repo, missing, after) as never);
    },

    /** DELETE ?id=…: refuses an empty choice. */
    delete(repo: { delete(ids: number[]): Promise<unknown> }, route: TableRoute & { querystring: Schema<{ id?: number[] }> }) {
      const { querystring, ...rest } = route;
      const remove = async (ids: number[]) => {
        if ((await repo.delete(ids)) && changed) await changed(ids, 'removed');
      };
      api.delete<z.ZodType, Schema<{ id?: number[] }>>(
        url,
        { ...spec('Delete', rest), querystring, reply: emptyReply },
        deleteHandler(`请选择要删除的${name}`, remove),
      );
    },

    /** GET ?id=: the row shown by `show` (as stored without it), or 404. */
    get<R extends z.ZodType, Row>(
      repo: { get(id: number): Promise<Row | undefined> },
      route: TableRoute & { querystring: Schema<{ id: number }>; reply: R; show?: (row: Row) => z.input<R> },
    ) {
      const { querystring, reply, show, ...rest } = route;
      api.get<z.ZodType, Schema<{ id: number }>>(
        url,
        { ...spec('Get', rest), querystring, reply },
        getHandler(repo, missing, show),
      );
    },

    /** GET /list: the repo's page under `key` with the total, each row shown by `show` (as stored without it). */
    list<Q extends z.ZodType, R extends z.ZodType, Row>(
      repo: { list(query: z.output<Q>): Promise<{ total: number; rows: Row[] }> },
      route: TableRoute & { querystring: Q; reply: R; key: string; show?: (row: Row) => unknown },
    ) {
      const { querystring, reply, key, show, ...rest } = route;
      api.get(`${url}/list`, { ...spec('List', rest), querystring, reply }, listHandler(repo, key, show) as never);
    },
  };
}

type Call<R extends z.ZodType = z.ZodType, Q = z.ZodType | undefined, B = z.ZodType | undefined> = Endpoint<
  R,
  Q & (z.ZodType | undefined),
  B & (z.ZodType | undefined)
>;

/** What differs between modules' back-office tables beyond their endpoint table: messages' noun and republish hook. */
export type TableRoutes = Pick<AdminTable, 'name' | 'changed'>;

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
