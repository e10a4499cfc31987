import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
const self = new Map<number, number>();
const dt = p.timeDeltas as number[];
(p.samples as number[]).forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (dt[i] ?? 0)));
const byName = new Map<string, number>();
for (const n of p.nodes) {
  const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  byName.set(k, (byName.get(k) ?? 0) + (self.get(n.id) ?? 0));
}
const tot = [...byName.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 30))) console.log((v / 1000).toFixed(0).padStart(6), 'ms', ((100 * v) / tot).toFixed(1).padStart(5), '%', k);
