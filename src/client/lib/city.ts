import { useCallback, useEffect, useState } from 'react';
import type { PublicConfig } from '../../common/public-config';
import { getPublicConfig } from './config';

/**
 * The visitor's city, for the professionals search links and the « Quel professionnel consulter » section.
 *
 * By default nothing leaves the browser on its own: the visitor types a city (kept on this device under
 * `ql.city` until changed or erased), or clicks « Me localiser », which then asks, once:
 * - the IP-geolocation services when the operator configured them (`GEO_PRIMARY_URL`, `GEO_FALLBACK_URL`);
 * - otherwise the browser's position, turned into a town by the reverse-geocoding service (`GEO_REVERSE_URL`).
 * Operators who opt in to the automatic behaviour (`GEO_AUTO=true`) get the lookup on every visit, cached
 * in browser storage for one hour under `cachedCity` / `cacheTimestamp`.
 */
export const CITY_KEY = 'ql.city';
export const CITY_CACHE_KEY = 'cachedCity';
export const CITY_CACHE_TIMESTAMP_KEY = 'cacheTimestamp';
export const CITY_CACHE_TTL_MS = 60 * 60 * 1000;
/** An external service that does not answer within this delay is treated as a failure. */
export const CITY_LOOKUP_TIMEOUT_MS = 5000;
/** Longest city name kept (the answers API accepts 80 characters). */
export const CITY_MAX_LENGTH = 80;

export interface GeoEndpoints {
  primaryUrl: string;
  fallbackUrl: string | null;
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
type Geo = PublicConfig['geo'];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function getItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function setItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // quota exceeded or private mode: the city is only a convenience
  }
}

function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // storage disabled
  }
}

/** A city as typed: trimmed, single spaces, no markup characters, at most 80 characters; null when empty. */
export function cleanCity(value: string): string | null {
  const flat = value.replace(/[<>\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim();
  return flat === '' ? null : flat.slice(0, CITY_MAX_LENGTH).trim();
}

/** The automatic lookup's city when it is less than one hour old, else null. */
export function readCachedCity(now: number = Date.now()): string | null {
  const city = getItem(CITY_CACHE_KEY);
  const stamp = Number(getItem(CITY_CACHE_TIMESTAMP_KEY));
  if (!city || !Number.isFinite(stamp) || stamp <= 0) return null;
  const age = now - stamp;
  if (age < 0 || age >= CITY_CACHE_TTL_MS) return null;
  return city;
}

function writeCachedCity(city: string, now: number): void {
  setItem(CITY_CACHE_KEY, city);
  setItem(CITY_CACHE_TIMESTAMP_KEY, String(now));
}

/** The city the visitor gave (typed or located), else the automatic lookup's cached one, else null. */
export function readCity(now: number = Date.now()): string | null {
  return getItem(CITY_KEY) ?? readCachedCity(now);
}

/** Remembers the visitor's city on this device (an empty value forgets it). */
export function saveCity(value: string): string | null {
  const city = cleanCity(value);
  if (city) setItem(CITY_KEY, city);
  else forgetCity();
  return city;
}

/** Forgets every city this browser holds. */
export function forgetCity(): void {
  removeItem(CITY_KEY);
  removeItem(CITY_CACHE_KEY);
  removeItem(CITY_CACHE_TIMESTAMP_KEY);
}

function cityOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('city' in value)) return null;
  const city = (value as { city: unknown }).city;
  return typeof city === 'string' ? cleanCity(city) : null;
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

/** Asks the primary then the fallback IP-geolocation service, without the cache. Never throws. */
export async function lookupCity(geo: GeoEndpoints, fetchImpl: FetchLike): Promise<string | null> {
  try {
    const body = await getJson(fetchImpl, geo.primaryUrl);
    const status = typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined;
    const city = cityOf(body);
    if (status === 'success' && city) return city;
  } catch (error) {
    console.warn('Géolocalisation (service principal) indisponible\u202f:', reason(error));
  }
  if (!geo.fallbackUrl) return null;
  try {
    const city = cityOf(await getJson(fetchImpl, geo.fallbackUrl));
    if (city) return city;
    console.warn('Géolocalisation\u202f: aucune ville trouvée.');
  } catch (error) {
    console.warn('Géolocalisation (service de secours) indisponible\u202f:', reason(error));
  }
  return null;
}

/**
 * The automatic lookup (GEO_AUTO): from the one-hour cache, else from the IP-geolocation services (and
 * then cached). Any failure gives null (generic links are used); failures are only logged with console.warn.
 */
export async function fetchCity(geo: GeoEndpoints, fetchImpl: FetchLike = (input, init) => fetch(input, init)): Promise<string | null> {
  const cached = readCachedCity();
  if (cached) return cached;
  const city = await lookupCity(geo, fetchImpl);
  if (city) writeCachedCity(city, Date.now());
  return city;
}

/** The town at these coordinates, from a reverse-geocoding service answering GeoJSON (Base Adresse Nationale). */
export async function reverseGeocode(reverseUrl: string, lat: number, lon: number, fetchImpl: FetchLike): Promise<string | null> {
  const url = new URL(reverseUrl);
  url.searchParams.set('lat', lat.toFixed(3));
  url.searchParams.set('lon', lon.toFixed(3));
  url.searchParams.set('limit', '1');
  const body = await getJson(fetchImpl, url.href);
  if (typeof body !== 'object' || body === null || !('features' in body) || !Array.isArray(body.features)) return null;
  const first: unknown = body.features[0];
  if (typeof first !== 'object' || first === null || !('properties' in first)) return null;
  return cityOf(first.properties);
}

/** The browser's position (asks the visitor's permission), rounded to about a hundred metres. */
function currentPosition(): Promise<{ lat: number; lon: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) => reject(new Error(error.message || 'geolocation refused')),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
    );
  });
}

/** How « Me localiser » works with this configuration, or null when it cannot work. */
export type LocateMethod = 'ip' | 'browser' | null;

export function locateMethod(geo: Geo): LocateMethod {
  if (geo.primaryUrl) return 'ip';
  if (geo.reverseUrl) return 'browser';
  return null;
}

/** The one line saying what « Me localiser » sends, and where. */
export function locateDisclosure(geo: Geo): string | null {
  const method = locateMethod(geo);
  const host = (url: string | null) => (url ? new URL(url).host : '');
  if (method === 'ip') {
    const hosts = [geo.primaryUrl, geo.fallbackUrl].filter((u): u is string => Boolean(u)).map(host);
    return `« Me localiser » envoie votre adresse IP à ${hosts.join(' puis à ')} pour connaître votre ville ; rien n'est envoyé avant votre clic.`;
  }
  if (method === 'browser') {
    return `« Me localiser » demande votre position à votre navigateur puis l'envoie, arrondie, à ${host(geo.reverseUrl)} pour trouver votre commune ; rien n'est envoyé avant votre clic.`;
  }
  return null;
}

/** « Me localiser »: one lookup, after the visitor's click. Rejects with a French message on failure. */
export async function locateOnce(geo: Geo, fetchImpl: FetchLike = (input, init) => fetch(input, init)): Promise<string> {
  const method = locateMethod(geo);
  let city: string | null = null;
  if (method === 'ip' && geo.primaryUrl) {
    city = await lookupCity({ primaryUrl: geo.primaryUrl, fallbackUrl: geo.fallbackUrl }, fetchImpl);
  } else if (method === 'browser' && geo.reverseUrl) {
    let position: { lat: number; lon: number };
    try {
      position = await currentPosition();
    } catch {
      throw new Error("Votre navigateur n'a pas donné votre position. Saisissez votre ville.");
    }
    try {
      city = await reverseGeocode(geo.reverseUrl, position.lat, position.lon, fetchImpl);
    } catch (error) {
      console.warn('Géolocalisation (commune) indisponible\u202f:', reason(error));
    }
  }
  if (!city) throw new Error("Votre ville n'a pas pu être trouvée. Saisissez-la.");
  return city;
}

let pending: Promise<string | null> | null = null;

function sharedAutomaticLookup(geo: Geo): Promise<string | null> {
  const primaryUrl = geo.primaryUrl;
  if (!primaryUrl) return Promise.resolve(null);
  pending ??= fetchCity({ primaryUrl, fallbackUrl: geo.fallbackUrl }).finally(() => {
    pending = null;
  });
  return pending;
}

export interface CityState {
  city: string | null;
  /** Remembers a typed city on this device (empty: forgets it). */
  setCity(value: string): void;
  /** « Me localiser ». */
  locate(): Promise<void>;
  locating: boolean;
  /** French message of the last failed « Me localiser », or null. */
  error: string | null;
}

/** The visitor's city; looked up on its own only when the operator opted in (GEO_AUTO). */
export function useCity(): CityState {
  const [city, setCityState] = useState<string | null>(() => readCity());
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const geo = getPublicConfig().geo;
    if (city || !geo.auto) return undefined;
    let active = true;
    void sharedAutomaticLookup(geo).then((found) => {
      if (active && found) setCityState(found);
    });
    return () => {
      active = false;
    };
  }, [city]);

  const setCity = useCallback((value: string) => {
    setError(null);
    setCityState(saveCity(value));
  }, []);

  const locate = useCallback(async () => {
    setLocating(true);
    setError(null);
    try {
      setCityState(saveCity(await locateOnce(getPublicConfig().geo)));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Votre ville n'a pas pu être trouvée. Saisissez-la.");
    } finally {
      setLocating(false);
    }
  }, []);

  return { city, setCity, locate, locating, error };
}
