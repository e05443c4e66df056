import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID, defaultPublicConfig } from '../../../common/public-config';
import { resetPublicConfigCache } from '../../lib/config';

/** One request seen by the fetch stub. */
export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces the global fetch (never the network); `handler` answers each call. */
export function stubFetch(handler: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const call: FetchCall = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init?.method ?? 'GET',
      body,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    };
    calls.push(call);
    return handler(call);
  });
  return calls;
}

/** A promise to answer a request later. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Injects the server's public config with the given social providers. */
export function setSocialProviders(auth: { google: boolean; microsoft: boolean }): void {
  const block = document.createElement('script');
  block.id = PUBLIC_CONFIG_ELEMENT_ID;
  block.type = 'application/json';
  block.textContent = JSON.stringify({ ...defaultPublicConfig, auth });
  document.head.appendChild(block);
  resetPublicConfigCache();
}

export function resetTestEnvironment(): void {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  resetPublicConfigCache();
}

/** Scrolling is not implemented by jsdom. */
export function stubScrolling(): void {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
}

/** Advances the fake clock in small steps so that lazy routes and promises settle between timers. */
export async function advance(ms: number, step = 10): Promise<void> {
  for (let left = ms; left > 0; left -= step) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(step, left)));
  }
  if (ms === 0) await act(() => vi.advanceTimersByTimeAsync(0));
}
