/**
 * One holder for the search engine of a running server, so that a newer index can replace the loaded one
 * without a restart (see src/server/modules/corpus-update).
 *
 * `holder.engine` is what every module receives: a stand-in that forwards each property read and method
 * call to the engine loaded last. Modules keep the one object they were given at start and see the new
 * index from their next call on. Caches that belong to one index must therefore not be keyed by that
 * object (it never changes) but by `engine.manifest`, which is a new object for every loaded index.
 *
 * `swap(next)` replaces the engine in one synchronous step (no request can observe half a swap: the
 * event loop runs nothing in between) and closes the previous one, whose files may be gone by then.
 */
import type { SearchEngine } from './engine.js';

export interface EngineHolder {
  /** The engine to hand out: always answers with the current index. */
  readonly engine: SearchEngine;
  /** The engine loaded last (not the forwarding stand-in). */
  current(): SearchEngine;
  /** Makes `next` the current engine and closes the previous one. Listeners run after the swap. */
  swap(next: SearchEngine): void;
  /** Called after each swap with the new and the previous engine (e.g. to drop per-index state). */
  onSwap(listener: (next: SearchEngine, previous: SearchEngine) => void): void;
}

export function createEngineHolder(initial: SearchEngine): EngineHolder {
  let current = initial;
  const listeners: ((next: SearchEngine, previous: SearchEngine) => void)[] = [];
  // A Proxy rather than a class listing SearchEngine's members: a member added to the engine later is
  // forwarded without touching this file.
  const engine = new Proxy({} as SearchEngine, {
    get(_target, prop) {
      const value: unknown = Reflect.get(current, prop, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
    has(_target, prop) {
      return Reflect.has(current, prop);
    },
    set() {
      return false;
    },
  });
  return {
    engine,
    current: () => current,
    swap(next) {
      if (next === current) return;
      const previous = current;
      current = next;
      previous.close?.();
      for (const l of listeners) l(next, previous);
    },
    onSwap(listener) {
      listeners.push(listener);
    },
  };
}
