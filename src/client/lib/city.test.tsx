import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  CITY_CACHE_KEY,
  CITY_CACHE_TIMESTAMP_KEY,
  CITY_CACHE_TTL_MS,
  CITY_LOOKUP_TIMEOUT_MS,
  fetchCity,
  useCity,
} from './city';
import { defaultPublicConfig } from '../../common/public-config';

const GEO = { primaryUrl: 'http://primary.test/json', fallbackUrl: 'https://fallback.test/json' };
const T0 = new Date('2025-03-01T10:00:00Z').getTime();

type Handler = (url: string, init?: RequestInit) => Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fakeFetch(routes: Record<string, Handler>) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const handler = routes[url];
    if (!handler) throw new Error(`unexpected URL ${url}`);
    return handler(url, init);
  });
}

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('fetchCity', () => {
  it('reads the city from the primary service and caches it with a timestamp', async () => {
    const fetchImpl = fakeFetch({ [GEO.primaryUrl]: async () => json({ status: 'success', city: 'Lyon' }) });
    expect(await fetchCity(GEO, fetchImpl)).toBe('Lyon');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(CITY_CACHE_KEY)).toBe('Lyon');
    expect(localStorage.getItem(CITY_CACHE_TIMESTAMP_KEY)).toBe(String(T0));
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers from the cache within the hour without any request', async () => {
    localStorage.setItem(CITY_CACHE_KEY, 'Nantes');
    localStorage.setItem(CITY_CACHE_TIMESTAMP_KEY, String(T0));
    vi.setSystemTime(T0 + CITY_CACHE_TTL_MS - 1);
    const fetchImpl = fakeFetch({});
    expect(await fetchCity(GEO, fetchImpl)).toBe('Nantes');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks again once the cached city is an hour old', async () => {
    const fetchImpl = fakeFetch({ [GEO.primaryUrl]: async () => json({ status: 'success', city: 'Lille' }) });
    expect(await fetchCity(GEO, fetchImpl)).toBe('Lille');
    vi.advanceTimersByTime(30 * 60 * 1000);
    expect(await fetchCity(GEO, fetchImpl)).toBe('Lille');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30 * 60 * 1000);
    expect(await fetchCity(GEO, fetchImpl)).toBe('Lille');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(CITY_CACHE_TIMESTAMP_KEY)).toBe(String(T0 + CITY_CACHE_TTL_MS));
  });

  it.each([
    ['a failed status', async () => json({ status: 'fail', message: 'private range' })],
    ['an empty city', async () => json({ status: 'success', city: '' })],
    ['an HTTP error', async () => json({}, 503)],
    ['a network error', async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to the second service on %s', async (_label, primary) => {
    const fetchImpl = fakeFetch({
      [GEO.primaryUrl]: primary,
      [GEO.fallbackUrl]: async () => json({ ip: '203.0.113.7', city: 'Bordeaux' }),
    });
    expect(await fetchCity(GEO, fetchImpl)).toBe('Bordeaux');
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual([GEO.primaryUrl, GEO.fallbackUrl]);
    expect(localStorage.getItem(CITY_CACHE_KEY)).toBe('Bordeaux');
  });

  it('falls back when the primary service does not answer in time', async () => {
    const fetchImpl = fakeFetch({
      [GEO.primaryUrl]: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('délai dépassé')));
        }),
      [GEO.fallbackUrl]: async () => json({ city: 'Rennes' }),
    });
    const result = fetchCity(GEO, fetchImpl);
    await vi.advanceTimersByTimeAsync(CITY_LOOKUP_TIMEOUT_MS);
    expect(await result).toBe('Rennes');
  });

  it('gives null, caches nothing and only warns when both services fail', async () => {
    const fetchImpl = fakeFetch({
      [GEO.primaryUrl]: async () => Promise.reject(new TypeError('Failed to fetch')),
      [GEO.fallbackUrl]: async () => json({ error: true, reason: 'RateLimited' }, 429),
    });
    expect(await fetchCity(GEO, fetchImpl)).toBeNull();
    expect(localStorage.getItem(CITY_CACHE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('gives null when the fallback answers without a city', async () => {
    const fetchImpl = fakeFetch({
      [GEO.primaryUrl]: async () => json({ status: 'fail' }),
      [GEO.fallbackUrl]: async () => json({ ip: '203.0.113.7' }),
    });
    expect(await fetchCity(GEO, fetchImpl)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

function CityProbe() {
  const city = useCity();
  return <p>Ville : {city ?? 'inconnue'}</p>;
}

describe('useCity', () => {
  it('shows a cached city at once', () => {
    localStorage.setItem(CITY_CACHE_KEY, 'Marseille');
    localStorage.setItem(CITY_CACHE_TIMESTAMP_KEY, String(T0 - 1000));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<CityProbe />);
    expect(screen.getByText('Ville : Marseille')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('looks the city up with the configured services', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      expect(String(input)).toBe(defaultPublicConfig.geo.primaryUrl);
      return json({ status: 'success', city: 'Toulouse' });
    });
    render(<CityProbe />);
    expect(screen.getByText('Ville : inconnue')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByText('Ville : Toulouse')).toBeTruthy());
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
