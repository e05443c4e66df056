/**
 * A bounded least-recently-used map, for what is computed again and again (a fiche's stems, the sentences
 * of a passage, a word's stem): memory stays bounded whatever the requests hold. Lives in memory only.
 *
 * A hit moves its entry to the recent end only when the entry is no longer among the newer half (fewer
 * than max/2 entries placed since it was): moving a key on every hit (delete, then set) made the word
 * caches of the analyser (50,000 entries, every word of every snippet) compact their Map again and again
 * (2.3 ms of a 3.5 ms search). The least recently used entry still goes first, give or take the newer half:
 * an entry used since the last max/2 placements is never the one evicted.
 */
interface Entry<V> {
  value: V;
  /** The placement count when the entry was last put at the recent end. */
  at: number;
}

export class Lru<K, V> {
  private readonly map = new Map<K, Entry<V>>();
  /** Placements at the recent end so far (sets and moves). */
  private clock = 0;

  constructor(private readonly max: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) return undefined;
    if (this.clock - e.at >= this.max >> 1) {
      // Most recently used last: Map keeps insertion order.
      this.map.delete(key);
      this.map.set(key, e);
      e.at = ++this.clock;
    }
    return e.value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, { value, at: ++this.clock });
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }

  /** The cached value, or `make(key)` cached. */
  memo(key: K, make: (key: K) => V): V {
    let v = this.get(key);
    if (v === undefined) {
      v = make(key);
      this.set(key, v);
    }
    return v;
  }
}
