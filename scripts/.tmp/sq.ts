import { DatabaseSync } from 'node:sqlite';
const db = new DatabaseSync('/work/main/data/bench/wenku-100000.db');
const tail = `from categories c left join documents d on d.id in (select dc.document_id from document_categories dc join documents d on d.id = dc.document_id where dc.category_id = c.id and d.status = 2 and d.deleted_at is null order by dc.document_id desc limit 8) where c.parent_id = 0 and c.type = 0 and c.enable = 1 order by c.sort desc, c.title asc, d_id desc`;
const q = {
  a: `select c.id as c_id, c.title, d.id as d_id, d.title, d.ext, d.uuid, d.pages, d.hash, (select json_group_array(json_array(lc.id, lc.title, lc.parent_id)) from document_categories ld join categories lc on lc.id = ld.category_id where ld.document_id = d.id) as l ${tail}`,
  c: `select c.id as c_id, c.title, d.id as d_id, d.title, d.ext, d.uuid, d.pages, d.hash, (select json_group_array(ld.category_id) from document_categories ld where ld.document_id = d.id) as l ${tail}`,
  d: `select c.id as c_id, c.title, d.id as d_id, d.title, d.ext, d.uuid, d.pages, d.hash ${tail}`,
  e: `select id, parent_id from categories`,
};
for (const [k, s] of Object.entries(q)) {
  const st = db.prepare(s);
  const ts: number[] = [];
  for (let i = 0; i < 30; i++) { const t = performance.now(); st.all(); ts.push(performance.now() - t); }
  ts.sort((x, y) => x - y);
  console.log(k, ts[15].toFixed(3), ts[28].toFixed(3));
}
