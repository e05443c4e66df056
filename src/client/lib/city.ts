import { useEffect, useState } from 'react';
import { getPublicConfig } from './config';

/** Seed §3 / §9: the city is cached in browser storage for one hour. */
export const CITY_CACHE_KEY = 'cachedCity';
export const CITY_CACHE_TIMESTAMP_KEY = 'cacheTimestamp';
export const CITY_CACHE_TTL_MS = 60 * 60 * 1000;
/** An external service that does not answer within this delay is treated as a failure. */
export const CITY_LOOKUP_TIMEOUT_MS = 5000;

export interface GeoEndpoints {
  primaryUrl: string;
  fallbackUrl: string;
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The cached city when it is less than one hour old, else null. */
export function readCachedCity(now: number = Date.now()): string | null {
  const store = storage();
  if (!store) return null;
  const city = store.getItem(CITY_CACHE_KEY);
  const stamp = Number(store.getItem(CITY_CACHE_TIMESTAMP_KEY));
  if (!city || !Number.isFinite(stamp) || stamp <= 0) return null;
  const age = now - stamp;
  if (age < 0 || age >= CITY_CACHE_TTL_MS) return null;
  return city;
}

function writeCachedCity(city: string, now: number): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(CITY_CACHE_KEY, city);
    store.setItem(CITY_CACHE_TIMESTAMP_KEY, String(now));
  } catch {
    // quota exceeded or private mode: the cache is only an optimisation
  }
}

function cityOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('city' in value)) return null;
  const city = (value as { city: unknown }).city;
  return typeof city === 'string' && city.trim() !== '' ? city.trim() : null;
}

async function getJson(fetchImpl: FetchLike, url: string): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CITY_LOOKUP_TIMEOUT_MS);
  try {
    const response = await fetchImpl(url, { signal: controller.signal, headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as unknown;
  } finally {
    clearTimeout(timer);
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Asks the primary then the fallback geolocation service, without the cache. Never throws. */
export async function lookupCity(geo: GeoEndpoints, fetchImpl: FetchLike): Promise<string | null> {
  try {
    const body = await getJson(fetchImpl, geo.primaryUrl);
    const status = typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined;
    const city = cityOf(body);
    if (status === 'success' && city) return city;
  } catch (error) {
    console.warn('Géolocalisation (service principal) indisponible :', reason(error));
  }
  try {
    const city = cityOf(await getJson(fetchImpl, geo.fallbackUrl));
    if (city) return city;
    console.warn('Géolocalisation : aucune ville trouvée.');
  } catch (error) {
    console.warn('Géolocalisation (service de secours) indisponible :', reason(error));
  }
  return null;
}

/**
 * The visitor's city: from the one-hour cache, else from the geolocation services (and then cached).
 * Any failure gives null (generic links are used); failures are only logged with console.warn.
 */
export async function fetchCity(geo: GeoEndpoints, fetchImpl: FetchLike = (input, init) => fetch(input, init)): Promise<string | null> {
  const cached = readCachedCity();
  if (cached) return cached;
  const city = await lookupCity(geo, fetchImpl);
  if (city) writeCachedCity(city, Date.now());
  return city;
}

let pending: Promise<string | null> | null = null;

function sharedLookup(): Promise<string | null> {
  pending ??= fetchCity(getPublicConfig().geo).finally(() => {
    pending = null;
  });
  return pending;
}

/** The visitor's city, or null while unknown or when the lookup failed. */
export function useCity(): string | null {
  const [city, setCity] = useState<string | null>(() => readCachedCity());
  useEffect(() => {
    if (city) return;
    let active = true;
    void sharedLookup().then((found) => {
      if (active && found) setCity(found);
    });
    return () => {
      active = false;
    };
  }, [city]);
  return city;
}
