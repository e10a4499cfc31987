import type { z } from 'zod';
import { endpoint, type Endpoint, type Rpc } from './endpoint.ts';
import { idsQuery } from './common.ts';

/*
 * The standard back-office table calls of a module (create, update, delete, get by id, list), each behind
 * its own permission `<Verb><Entity>` of the service: declared from what differs between modules (the entity,
 * its Chinese noun, the schemas). The permissions' titles follow moredoc's pattern from the noun
 * (创建轮播图, 更新轮播图, 删除轮播图, 根据ID查询轮播图, 获取轮播图列表); a call's `title` is moredoc's where it
 * says otherwise. The server's `adminTable` (src/server/http/admin-table.ts) answers them.
 */

interface Titled {
  /** the permission's title where moredoc's is not the pattern's (the summary, unless the service's `summaries` say more) */
  title?: string;
}

/** moredoc's titles of the five standard permissions, from the entity's noun. */
const TITLES = {
  Create: (noun: string) => `创建${noun}`,
  Update: (noun: string) => `更新${noun}`,
  Delete: (noun: string) => `删除${noun}`,
  Get: (noun: string) => `根据ID查询${noun}`,
  List: (noun: string) => `获取${noun}列表`,
};

interface TableSpec<CB, CR, UB, GQ, GR, LQ, LR> {
  create: Titled & { body: CB; reply: CR };
  update: Titled & { body: UB };
  get?: Titled & { query: GQ; reply: GR };
  list?: Titled & { query: LQ; reply: LR };
}

/**
 * `adminTableCalls(rpc, 'Banner', '轮播图', { create, update, get?, list? })`: the permissions are
 * CreateBanner, UpdateBanner, …; the calls' URL is `/banner` (create, update, delete, get) and `/banner/list`.
 * Delete takes the rows' ids (`?id=1&id=2`, idsQuery) in every table.
 */
export function adminTableCalls<
  CB extends z.ZodType,
  CR extends z.ZodType,
  UB extends z.ZodType,
  GQ extends z.ZodType = never,
  GR extends z.ZodType = never,
  LQ extends z.ZodType = never,
  LR extends z.ZodType = never,
>(rpc: Rpc, entity: string, noun: string, spec: TableSpec<CB, CR, UB, GQ, GR, LQ, LR>) {
  const url = `/${entity.toLowerCase()}`;
  const access = (verb: keyof typeof TITLES, t: Titled) => rpc(`${verb}${entity}`, t.title ?? TITLES[verb](noun));
  const { create, update, get: one, list: many } = spec;
  const calls = {
    create: endpoint.post(url, access('Create', create), { body: create.body, reply: create.reply }),
    update: endpoint.put(url, access('Update', update), { body: update.body }),
    delete: endpoint.delete(url, access('Delete', {}), { query: idsQuery }),
  };
  const get = one && endpoint.get(url, access('Get', one), { query: one.query, reply: one.reply });
  const list = many && endpoint.get(`${url}/list`, access('List', many), { query: many.query, reply: many.reply });
  return { ...calls, ...(get && { get }), ...(list && { list }) } as typeof calls &
    ([GQ] extends [never] ? unknown : { get: Endpoint<GR, GQ> }) &
    ([LQ] extends [never] ? unknown : { list: Endpoint<LR, LQ> });
}
