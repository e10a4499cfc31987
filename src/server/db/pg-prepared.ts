import { createHash } from 'node:crypto';
import {
  BinaryOperationNode,
  FunctionNode,
  OperationNodeTransformer,
  OperatorNode,
  PrimitiveValueListNode,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';

/** How many distinct statements get a name, all connections together: a bound on what each connection keeps prepared. */
const MAX_NAMED = 300;
/** Past this many parameters a statement is most likely a list of expressions or rows, whose text changes with its length: left unnamed. */
const MAX_PARAMETERS = 24;

const names = new Map<string, string>();
/** Part of every name: a new generation names every statement anew (see forgetNames). */
let generation = 0;

function nameOf(text: string, parameters: number): string | undefined {
  let name = names.get(text);
  if (name || parameters > MAX_PARAMETERS || names.size >= MAX_NAMED || !/^\s*(select|with)\b/i.test(text)) return name;
  name = `w${generation}_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
  names.set(text, name);
  return name;
}

/**
 * PostgreSQL plans a prepared statement again by itself after a table it reads changed, except
 * when its columns did: a `select *` prepared before another instance's migration added one fails
 * with "cached plan must not change result type". Then every statement gets a new name, prepared
 * afresh on each connection; the old ones go with their connections.
 */
function forgetNames(): void {
  names.clear();
  generation++;
}

const stalePlan = (e: unknown): boolean =>
  (e as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((e as Error).message));

/**
 * A pg client that sends reads as named prepared statements: PostgreSQL parses each once per
 * connection. A statement without parameters also keeps its plan (the home page's lateral query
 * planned in 1.5 ms and ran in 0.8); ones with parameters are planned for their values on every run
 * (pg-pools.ts sets plan_cache_mode), since a generic plan can be far worse for some values. Only SELECTs
 * with few parameters are named, at most MAX_NAMED of them, so a connection keeps a bounded set;
 * the rest run unnamed as before. Kysely calls query(text, parameters); other shapes pass through.
 */
export class PreparingClient extends pg.Client {
  // pg's typings declare query() as a set of overloads; this override keeps every one of them
  override query(...args: unknown[]): never {
    const run = super.query.bind(this) as unknown as (...a: unknown[]) => never;
    const [text, values, callback] = args;
    if (typeof text === 'string' && Array.isArray(values) && callback === undefined) {
      const name = nameOf(text, values.length);
      if (name) {
        const named = () => run({ name: nameOf(text, values.length), text, values }) as Promise<unknown>;
        return named().catch((e: unknown) => {
          if (!stalePlan(e)) throw e;
          forgetNames();
          return named();
        }) as never;
      }
    }
    return run(...args);
  }
}

/** `x in (…)` / `x not in (…)` of integers or strings, as PostgreSQL's `x = any($1)` / `x <> all($1)` (`x = $1` / `x <> $1` for one value). */
class InListAsArray extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode, queryId?: QueryId): BinaryOperationNode {
    const op = OperatorNode.is(node.operator) ? node.operator.operator : undefined;
    const list = node.rightOperand;
    if ((op === 'in' || op === 'not in') && PrimitiveValueListNode.is(list) && sameKind(list.values)) {
      const left = this.transformNode(node.leftOperand, queryId);
      const operator = OperatorNode.create(op === 'in' ? '=' : '<>');
      // one value stays a plain comparison, as PostgreSQL makes of `in (x)`: an index whose first
      // column is compared with `= any(…)` gives its rows in no order (before PostgreSQL 17), so a
      // sorted page of a status would read and sort every row of that status
      if (list.values.length === 1) return BinaryOperationNode.create(left, operator, ValueNode.create(list.values[0]));
      return BinaryOperationNode.create(
        left,
        operator,
        FunctionNode.create(op === 'in' ? 'any' : 'all', [ValueNode.create([...list.values])]),
      );
    }
    return super.transformBinaryOperation(node, queryId);
  }
}

const sameKind = (values: readonly unknown[]): boolean =>
  values.length > 0 && (values.every((v) => Number.isSafeInteger(v)) || values.every((v) => typeof v === 'string'));

/**
 * Sends every `in (…)` list of integers or strings as one array parameter. Kysely writes a list of
 * n values as n placeholders, so the statement's text changed with the list's length: PostgreSQL
 * parsed and planned it afresh each time and it could not be prepared (PreparingClient). With
 * `= any($1)` the text is the same for any length.
 */
export class InListPlugin implements KyselyPlugin {
  private readonly transformer = new InListAsArray();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
