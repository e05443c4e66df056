import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  CITY_CACHE_KEY,
  CITY_CACHE_TIMESTAMP_KEY,
  CITY_KEY,
  CITY_CACHE_TTL_MS,
  CITY_LOOKUP_TIMEOUT_MS,
  fetchCity,
  locateDisclosure,
  readCity,
  useCity,
} from './city';
import { defaultPublicConfig, type PublicConfig } from '../../common/public-config';
import { resetPublicConfigCache } from './config';

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
  const { city, setCity, locate, error } = useCity();
  return (
    <div>
      <p>Ville : {city ?? 'inconnue'}</p>
      <button type="button" onClick={() => setCity('  Saint-Étienne ')}>
        Saisir
      </button>
      <button type="button" onClick={() => void locate()}>
        Me localiser
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

function setConfig(geo: PublicConfig['geo']) {
  const el = document.createElement('script');
  el.id = 'ql-config';
  el.type = 'application/json';
  el.textContent = JSON.stringify({ ...defaultPublicConfig, geo });
  document.head.append(el);
  resetPublicConfigCache();
}

afterEach(() => {
  document.getElementById('ql-config')?.remove();
  resetPublicConfigCache();
});

describe('useCity', () => {
  it('makes no request of its own by default, and remembers a typed city on the device', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<CityProbe />);
    expect(screen.getByText('Ville : inconnue')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Saisir' }));
    expect(screen.getByText('Ville : Saint-Étienne')).toBeTruthy();
    expect(localStorage.getItem(CITY_KEY)).toBe('Saint-Étienne');
    expect(readCity()).toBe('Saint-Étienne');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a cached city at once', () => {
    localStorage.setItem(CITY_CACHE_KEY, 'Marseille');
    localStorage.setItem(CITY_CACHE_TIMESTAMP_KEY, String(T0 - 1000));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<CityProbe />);
    expect(screen.getByText('Ville : Marseille')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('looks the city up on its own only when the operator opted in (GEO_AUTO)', async () => {
    setConfig({ auto: true, primaryUrl: GEO.primaryUrl, fallbackUrl: GEO.fallbackUrl, reverseUrl: null });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      expect(String(input)).toBe(GEO.primaryUrl);
      return json({ status: 'success', city: 'Toulouse' });
    });
    render(<CityProbe />);
    expect(screen.getByText('Ville : inconnue')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByText('Ville : Toulouse')).toBeTruthy());
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('« Me localiser » asks the configured IP service once, after the click', async () => {
    setConfig({ auto: false, primaryUrl: GEO.primaryUrl, fallbackUrl: null, reverseUrl: null });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ status: 'success', city: 'Nancy' }));
    render(<CityProbe />);
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Me localiser' }));
    await vi.waitFor(() => expect(screen.getByText('Ville : Nancy')).toBeTruthy());
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(CITY_KEY)).toBe('Nancy');
  });

  it('« Me localiser » without an IP service: the browser’s position, rounded, to the reverse-geocoding service', async () => {
    setConfig({ auto: false, primaryUrl: null, fallbackUrl: null, reverseUrl: 'https://reverse.test/reverse/' });
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 45.764043, longitude: 4.835659 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ features: [{ properties: { city: 'Lyon', postcode: '69002' } }] }));
    try {
      render(<CityProbe />);
      fireEvent.click(screen.getByRole('button', { name: 'Me localiser' }));
      await vi.waitFor(() => expect(screen.getByText('Ville : Lyon')).toBeTruthy());
      expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('https://reverse.test/reverse/?lat=45.764&lon=4.836&limit=1');
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('says so in French when the position is refused', async () => {
    setConfig({ auto: false, primaryUrl: null, fallbackUrl: null, reverseUrl: 'https://reverse.test/reverse/' });
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      render(<CityProbe />);
      fireEvent.click(screen.getByRole('button', { name: 'Me localiser' }));
      await vi.waitFor(() =>
        expect(screen.getByRole('alert').textContent).toBe("Votre navigateur n'a pas donné votre position. Saisissez votre ville."),
      );
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
});

describe('locateDisclosure', () => {
  it('says what is sent where, for each way of locating', () => {
    expect(locateDisclosure({ auto: false, primaryUrl: 'http://ip.test/json', fallbackUrl: 'https://ip2.test/json', reverseUrl: null })).toBe(
      "« Me localiser » envoie votre adresse IP à ip.test puis à ip2.test pour connaître votre ville ; rien n'est envoyé avant votre clic.",
    );
    expect(locateDisclosure({ auto: false, primaryUrl: null, fallbackUrl: null, reverseUrl: 'https://api-adresse.data.gouv.fr/reverse/' })).toContain(
      "l'envoie, arrondie, à api-adresse.data.gouv.fr",
    );
    expect(locateDisclosure({ auto: false, primaryUrl: null, fallbackUrl: null, reverseUrl: null })).toBeNull();
  });
});
