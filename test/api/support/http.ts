import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const ORIGIN = 'http://localhost:3000';
/** Env every auth test uses: the public URL matches the Origin header the tests send. */
export const AUTH_TEST_ENV = { PUBLIC_URL: ORIGIN };

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const a of attrs) {
    const i = a.indexOf('=');
    if (i < 0) attributes[a.toLowerCase()] = true;
    else attributes[a.slice(0, i).toLowerCase()] = a.slice(i + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

export function setCookies(res: LightMyRequestResponse): ParsedCookie[] {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list.map(parseSetCookie);
}

/** A browser-like client over app.inject: keeps cookies, sends the site's Origin on POST. */
export class TestBrowser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  private cookieHeader(): string | undefined {
    if (this.jar.size === 0) return undefined;
    return [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  private remember(res: LightMyRequestResponse): void {
    for (const c of setCookies(res)) {
      const expired = c.attributes['max-age'] === '0' || c.value === '';
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader();
    const res = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.ip,
      headers: { accept: 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    });
    this.remember(res);
    return res;
  }

  async post(url: string, payload?: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const cookie = this.cookieHeader();
    const res = await this.app.inject({
      method: 'POST',
      url,
      remoteAddress: this.ip,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
    this.remember(res);
    return res;
  }
}

export const STRONG_PASSWORD = 'Motdepasse1';

export async function signUp(b: TestBrowser, email: string, name = 'Camille Martin', password = STRONG_PASSWORD) {
  return b.post('/api/auth/sign-up/email', { name, email, password });
}

export async function signIn(b: TestBrowser, email: string, password = STRONG_PASSWORD) {
  return b.post('/api/auth/sign-in/email', { email, password });
}

export interface SignedInUser {
  /** The browser holding the session cookie. */
  b: TestBrowser;
  email: string;
  userId: string;
  apiKey: string;
}

/** A new account (sign-up, then sign-in through the real API): its browser, user id and API key. */
export async function signedInUser(app: FastifyInstance, email: string): Promise<SignedInUser> {
  const b = new TestBrowser(app);
  for (const [step, res] of [['sign-up', await signUp(b, email)], ['sign-in', await signIn(b, email)]] as const) {
    if (res.statusCode !== 200) throw new Error(`${step} of ${email} answered ${res.statusCode}: ${res.body}`);
  }
  const session = (await b.get('/api/auth/get-session')).json<{ user?: { id?: string } } | null>();
  const userId = session?.user?.id;
  if (!userId) throw new Error(`no session for ${email}`);
  const apiKey = (await b.get('/api/profile')).json<{ apiKey?: string }>().apiKey;
  if (!apiKey) throw new Error(`no API key for ${email}`);
  return { b, email, userId, apiKey };
}
