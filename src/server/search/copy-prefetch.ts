/** Asked before their search's counter reading came back, at most this many wait at once (a search takes its own within milliseconds). */
const WAITING = 32;

/**
 * Tier reads asked of the local copy before the search's counter reading came back
 * (LocalCopy.prefetch), each under the copy's stamp when asked. A search whose reading equals that
 * stamp takes it: the copy held then every write the reading stands for, as it does when asked after
 * the reading. Any other search leaves it, and one never taken is pushed out by later ones.
 */
export class PrefetchedTiers {
  private readonly byAsk = new Map<string, { stamp: string; ids: Promise<number[][]> }>();

  put(ask: string, stamp: string, ids: Promise<number[][]>): void {
    // awaited by the search that takes it; one never taken fails unheard
    ids.catch(() => undefined);
    this.byAsk.delete(ask);
    if (this.byAsk.size >= WAITING) this.byAsk.delete(this.byAsk.keys().next().value!);
    this.byAsk.set(ask, { stamp, ids });
  }

  /** The ids asked as `ask` under `stamp`, once; else undefined. */
  take(ask: string, stamp: string): Promise<number[][]> | undefined {
    const found = this.byAsk.get(ask);
    if (!found) return undefined;
    this.byAsk.delete(ask);
    return found.stamp === stamp ? found.ids : undefined;
  }
}
