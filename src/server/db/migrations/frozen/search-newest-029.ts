import { sql } from 'kysely';

/**
 * `search_newest(kind, query, size)`: the ids of the newest `size` items of a kind whose tokens
 * match a tsquery (text), newest first, as one comma-separated string. Frozen with migration 029;
 * src/server/search/newest.postgres.ts calls it and explains the method.
 *
 * Rounds, newest ids first: the newest four ranges of 1,024 ids; then, for each larger size
 * (4,096 … 1,048,576 ids), the two ranges of that size just below; then every id below. A round
 * names its ranges' tokens (`term & (range | …)`), which the GIN index intersects. When the matches
 * found so far, at their density, come to at most four windows, the rest is read in one round.
 * Sequential scans are off: the planner does not count reading an item's TOASTed tsvector, and for
 * a word it guessed to be common it read every item's (600 ms at 100,000 documents) instead of
 * asking the GIN index. The kind and id conditions stay outside the GIN scan (`offset 0`): else it
 * also read the primary key's entries of every item of the kind, or walked the key testing each
 * item's tsvector.
 */
export const createSearchNewest = sql`create function search_newest(k varchar, q text, size integer) returns text
  language plpgsql stable set enable_seqscan = off as $fn$
declare
  top integer;
  ids integer[] := '{}';
  below integer := 2147483647;
  low integer;
  r integer;
  s integer;
  ranges text;
begin
  select max(ref_id) into top from search_items where kind = k;
  if top is null then return ''; end if;
  r := top >> 10;
  low := greatest(0, r - 3) << 10;
  ranges := (select string_agg(quote_literal(chr(57346) || k || '.10.' || b), ' | ') from generate_series(greatest(0, r - 3), r) b);
  foreach s in array array[0, 12, 14, 16, 18, 20] loop
    if s > 0 then
      exit when below <= 0;
      r := (below - 1) >> s;
      low := greatest(0, r - 1) << s;
      ranges := quote_literal(chr(57346) || k || '.' || s || '.' || r)
        || case when r > 0 then ' | ' || quote_literal(chr(57346) || k || '.' || s || '.' || (r - 1)) else '' end;
    end if;
    ids := ids || array(select m.ref_id from (select i.kind, i.ref_id from search_items i
        where i.tokens @@ ('(' || q || ') & (' || ranges || ')')::tsquery offset 0) m
      where m.kind = k and m.ref_id < below order by m.ref_id desc limit size - cardinality(ids));
    below := low;
    exit when cardinality(ids) >= size or below <= 0;
    -- few matches so far, spread as they are: the rest at once costs less than more rounds
    if cardinality(ids)::float8 * (top + 1) / (top + 1 - low) <= 4 * size then exit; end if;
  end loop;
  if cardinality(ids) < size and below > 0 then
    ids := ids || array(select m.ref_id from (select i.kind, i.ref_id from search_items i
        where i.tokens @@ q::tsquery offset 0) m
      where m.kind = k and m.ref_id < below order by m.ref_id desc limit size - cardinality(ids));
  end if;
  return array_to_string(ids, ',');
end
$fn$`;
