// One simulated tablet of the load bench: logs in, then pushes small batches, pulls from its cookie and
// searches, as the app does, until the deadline; its outbox is kept across failures like the app's.
import { DEVICE_CREDENTIAL_HEADER, PROTOCOL_VERSION, todayInJapan } from '@clinic/sync-protocol';
import { type Answer, call, dataOf, newConnection } from './load-http';
import type { Recorder } from './load-stats';

/** Every record id any device made, numbered once, so each device keeps a small bitmap of what it holds. */
export class RecordIndex {
  readonly #numbers = new Map<string, number>();
  numberOf(id: string): number {
    let n = this.#numbers.get(id);
    if (n === undefined) this.#numbers.set(id, (n = this.#numbers.size));
    return n;
  }
}

type Mutation = { id: number; name: string; clientTime: string; args: Record<string, unknown> };
type PullAnswer = {
  cookie: number;
  hasMore: boolean;
  changes: Record<string, Array<{ id: string; deleted: boolean }>>;
  rejections: unknown[];
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export class Device {
  readonly clientId = crypto.randomUUID();
  readonly #connection = newConnection();
  requests = 0;
  rejections = 0;
  /** Records this device made that the server acknowledged. */
  readonly created: string[] = [];
  readonly #customers: string[] = [];
  #token = '';
  #cookie = 0;
  #nextMutation = 1;
  #outbox: Mutation[] = [];
  #held = new Uint8Array(1024);
  #cycle = 0;

  constructor(
    readonly number: number,
    readonly account: { email: string; password: string },
    readonly baseURL: string,
    readonly index: RecordIndex,
    readonly recorder: Recorder,
  ) {}

  async #timed<T>(
    route: string,
    send: () => Promise<Answer>,
    read: (answer: Answer) => T,
    counted: boolean,
  ): Promise<T | undefined> {
    const started = performance.now();
    try {
      const answer = await send();
      const value = read(answer);
      this.recorder.add(route, performance.now() - started);
      if (counted) this.requests += 1;
      return value;
    } catch (error) {
      this.recorder.fail(route, error);
      return undefined;
    }
  }

  async login(): Promise<boolean> {
    const token = await this.#timed(
      'POST /auth/login',
      () => call(this.baseURL, 'POST', '/auth/login', undefined, this.account, this.#connection),
      (a) => dataOf<{ accessToken: string }>('login', a).accessToken,
      false,
    );
    this.#token = token ?? '';
    return token !== undefined && (await this.#register());
  }

  /** The device's sync credential, given once at its first sync (issue 34), as the app registers. */
  #proof: Record<string, string> = {};
  async #register(): Promise<boolean> {
    if (Object.keys(this.#proof).length > 0) return true;
    const credential = await this.#timed(
      'POST /sync/register',
      () =>
        call(
          this.baseURL,
          'POST',
          '/sync/register',
          this.#token,
          { protocolVersion: PROTOCOL_VERSION, clientId: this.clientId },
          this.#connection,
        ),
      (a) => dataOf<{ credential: string }>('register', a).credential,
      false,
    );
    if (credential) this.#proof = { [DEVICE_CREDENTIAL_HEADER]: credential };
    return credential !== undefined;
  }

  /** Uses the session another device of the same account opened (see `--login`). */
  async shareLogin(from: Device): Promise<boolean> {
    this.#token = from.#token;
    return this.#register();
  }

  /** A few changes, as a receptionist makes between two syncs: a new patient, an edit, a visit. */
  #makeChanges(): void {
    const clientTime = new Date().toISOString();
    const customerId = crypto.randomUUID();
    const add = (name: string, args: Record<string, unknown>) =>
      this.#outbox.push({ id: this.#nextMutation++, name, clientTime, args });
    add('customer.create', {
      id: customerId,
      name: `負荷${this.number}-${this.#nextMutation}`,
      nameKana: 'フカ',
      phone: `090-${String(this.number).padStart(4, '0')}-${String(this.#nextMutation % 10000).padStart(4, '0')}`,
    });
    if (this.#customers.length > 0 && Math.random() < 0.5)
      add('customer.update', {
        id: pick(this.#customers),
        patch: { address: `東京都${this.#nextMutation}` },
        base: {},
      });
    if (Math.random() < 0.7)
      add('visit.create', {
        id: crypto.randomUUID(),
        customerId,
        date: todayInJapan(),
        serviceMenu: 'はり',
        price: 5000,
      });
  }

  async #push(counted: boolean): Promise<void> {
    if (this.#outbox.length === 0) return;
    const batch = this.#outbox.slice(0, 50);
    const acknowledged = await this.#timed(
      'POST /sync/push',
      () =>
        call(
          this.baseURL,
          'POST',
          '/sync/push',
          this.#token,
          { protocolVersion: PROTOCOL_VERSION, clientId: this.clientId, mutations: batch },
          this.#connection,
          this.#proof,
        ),
      (a) => dataOf<{ lastMutationId: number }>('push', a).lastMutationId,
      counted,
    );
    if (acknowledged === undefined) return; // kept in the outbox and sent again, as the app does
    for (const m of this.#outbox.filter((m) => m.id <= acknowledged && m.name.endsWith('.create'))) {
      this.created.push(String(m.args.id));
      if (m.name === 'customer.create') this.#customers.push(String(m.args.id));
    }
    this.#outbox = this.#outbox.filter((m) => m.id > acknowledged);
  }

  /** Pulls until the server has nothing newer; false when a pull failed. */
  async pull(counted: boolean): Promise<boolean> {
    for (;;) {
      const answer = await this.#timed(
        'POST /sync/pull',
        () =>
          call(
            this.baseURL,
            'POST',
            '/sync/pull',
            this.#token,
            { protocolVersion: PROTOCOL_VERSION, clientId: this.clientId, cookie: this.#cookie },
            this.#connection,
            this.#proof,
          ),
        (a) => dataOf<PullAnswer>('pull', a),
        counted,
      );
      if (!answer) return false;
      for (const rows of Object.values(answer.changes)) for (const row of rows) this.#hold(row.id, !row.deleted);
      this.rejections += answer.rejections.length;
      for (const r of answer.rejections)
        if (this.recorder.errorSamples.length < 5)
          this.recorder.errorSamples.push(`rejected: ${JSON.stringify(r).slice(0, 300)}`);
      this.#cookie = answer.cookie;
      if (!answer.hasMore) return true;
    }
  }

  #hold(id: string, present: boolean): void {
    const n = this.index.numberOf(id);
    if (n >= this.#held.length) {
      const grown = new Uint8Array(Math.max(n + 1, this.#held.length * 2));
      grown.set(this.#held);
      this.#held = grown;
    }
    this.#held[n] = present ? 1 : 0;
  }

  holds(id: string): boolean {
    return this.#held[this.index.numberOf(id)] === 1;
  }

  /** The REST search the spec defines (the screens search on the device; other clients ask the server). */
  async #search(): Promise<void> {
    const query = new URLSearchParams({ search: `負荷${Math.floor(Math.random() * 50)}-`, limit: '20' });
    await this.#timed(
      'GET /customers?search',
      () => call(this.baseURL, 'GET', `/customers?${query}`, this.#token, undefined, this.#connection),
      (a) => dataOf('search', a),
      true,
    );
  }

  /** Works until the deadline: change, push, pull, sometimes search, then a pause like a person's. */
  async run(deadline: number, thinkMs: number): Promise<void> {
    await sleep(Math.random() * thinkMs);
    while (performance.now() < deadline) {
      this.#cycle += 1;
      this.#makeChanges();
      await this.#push(true);
      if (performance.now() >= deadline) break;
      await this.pull(true);
      if (this.#cycle % 3 === 0 && performance.now() < deadline) await this.#search();
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  }

  /** After the run: sends what is left, as a tablet does when the clinic closes; false if it could not. */
  async sendRest(): Promise<boolean> {
    for (let attempt = 0; attempt < 5 && this.#outbox.length > 0; attempt++) await this.#push(false);
    return this.#outbox.length === 0;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
