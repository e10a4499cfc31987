import type { z } from 'zod';
import { endpoint, type Endpoint, type PermissionDecl } from './endpoint.ts';
import { emptyReply } from './reply.ts';

/*
 * The standard back-office table calls of a module (create, update, delete, get by id, list), each behind
 * its own permission `<Verb><Entity>` of the service: declared from what differs between modules (the URL,
 * the entity noun, the titles and schemas). The server's `adminTable` (src/server/http/admin-table.ts)
 * answers them.
 */

type Rpc = (rpc: string, title: string) => PermissionDecl;
interface Titled {
  title: string;
  summary?: string;
}

interface TableSpec<CB, CR, UB, DQ, GQ, GR, LQ, LR> {
  /** `/banner`: create, update, delete and get take it, the list `/banner/list` */
  url: string;
  /** the permissions' noun: `Banner` → CreateBanner, UpdateBanner, DeleteBanner, GetBanner, ListBanner */
  entity: string;
  create: Titled & { body: CB; reply: CR };
  update: Titled & { body: UB };
  delete: Titled & { query: DQ };
  get?: Titled & { query: GQ; reply: GR };
  list?: Titled & { query: LQ; reply: LR };
}

export function adminTableCalls<
  CB extends z.ZodType,
  CR extends z.ZodType,
  UB extends z.ZodType,
  DQ extends z.ZodType,
  GQ extends z.ZodType = never,
  GR extends z.ZodType = never,
  LQ extends z.ZodType = never,
  LR extends z.ZodType = never,
>(rpc: Rpc, spec: TableSpec<CB, CR, UB, DQ, GQ, GR, LQ, LR>) {
  const { url, entity } = spec;
  const access = (verb: string, t: Titled) => ({ access: rpc(`${verb}${entity}`, t.title), summary: t.summary ?? t.title });
  const calls = {
    create: endpoint.post(url, { ...access('Create', spec.create), body: spec.create.body, reply: spec.create.reply }),
    update: endpoint.put(url, { ...access('Update', spec.update), body: spec.update.body, reply: emptyReply }),
    delete: endpoint.delete(url, { ...access('Delete', spec.delete), query: spec.delete.query, reply: emptyReply }),
  };
  const get = spec.get && endpoint.get(url, { ...access('Get', spec.get), query: spec.get.query, reply: spec.get.reply });
  const list =
    spec.list && endpoint.get(`${url}/list`, { ...access('List', spec.list), query: spec.list.query, reply: spec.list.reply });
  return { ...calls, ...(get && { get }), ...(list && { list }) } as typeof calls &
    ([GQ] extends [never] ? unknown : { get: Endpoint<GR, GQ> }) &
    ([LQ] extends [never] ? unknown : { list: Endpoint<LR, LQ> });
}
