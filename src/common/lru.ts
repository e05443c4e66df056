/**
 * A bounded least-recently-used map, for what is computed again and again (a fiche's stems, the sentences
 * of a passage, a word's stem): memory stays bounded whatever the requests hold. Lives in memory only.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: K, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
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
