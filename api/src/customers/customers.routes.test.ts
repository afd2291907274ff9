import { CUSTOMER_MESSAGES, CUSTOMER_SEARCH_LIMIT, TEXT_MESSAGES } from '@clinic/sync-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { tokenOf } from '../sync/sync-test-helpers';
import { customerCalls } from './customers-test-support';
import { call, describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { REJECTION_MESSAGES } from '../sync/mutator-context';

const NOT_FOUND = failure('NOT_FOUND', '顧客が見つかりません');
const hanako = {
  name: '山田 花子',
  nameKana: 'ヤマダ ハナコ',
  phone: '090-1234-5678',
  email: 'Hanako@Example.JP',
  gender: 'female',
};

describeEachDatabase('customers REST', (getCtx) => {
  const { adminToken, actionsOn, create } = customerCalls(getCtx, hanako);
  const count = async () => (await getCtx().db.selectFrom('customers').select('id').execute()).length;

  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates a customer with 201, a chart number and an audit entry', async () => {
    const { app, admin } = getCtx();
    const token = await adminToken();
    const res = await call(app, 'POST', '/api/customers', { token, body: { ...hanako, name: '  山田 花子 ' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...hanako,
      chartNumber: 1,
      age: null,
      birthDate: null,
      address: '',
      medicalHistory: '',
      updatedBy: 'admin',
      deleted: false,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.version).toBeGreaterThan(0);
    const [entry] = await listAudit(getCtx().db, { entityId: res.body.data.id });
    expect(entry).toMatchObject({
      action: 'customer.create',
      user_id: admin.id,
      username: 'admin',
      entity: 'customer',
    });
  });

  it('refuses a bad body with 400 and the exact message, storing nothing', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const cases: [unknown, string][] = [
      [{ phone: hanako.phone }, CUSTOMER_MESSAGES.nameRequired],
      [{ ...hanako, name: '   ' }, CUSTOMER_MESSAGES.nameRequired],
      [{ name: hanako.name }, CUSTOMER_MESSAGES.phoneRequired],
      [{ ...hanako, phone: '' }, CUSTOMER_MESSAGES.phoneRequired],
      [{ ...hanako, phone: 'abc' }, CUSTOMER_MESSAGES.phoneInvalid],
      [{ ...hanako, email: 'not-an-address' }, CUSTOMER_MESSAGES.emailInvalid],
      [{ ...hanako, age: 151 }, CUSTOMER_MESSAGES.ageInvalid],
      [{ ...hanako, gender: 'other' }, '性別の値が正しくありません'],
      ['{"name": ', 'リクエストの形式が正しくありません'],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/customers', { token, body });
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual(failure('VALIDATION_ERROR', message));
    }
    expect(await count()).toBe(0);
    expect((await create(token)).chartNumber).toBe(1);
  });

  it('refuses text with a character that cannot be stored (a lone surrogate, NUL) with 400, storing nothing', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    for (const body of [
      { ...hanako, name: 'a\ud800b' },
      { ...hanako, medicalHistory: '\udc00' },
      { ...hanako, address: 'a\u0000b' },
    ]) {
      const res = await call(app, 'POST', '/api/customers', { token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failure('VALIDATION_ERROR', TEXT_MESSAGES.unusableChar));
    }
    expect(await count()).toBe(0);
  });

  it('stores full-width age, phone and e-mail half-width, フリガナ full-width katakana, and a birth date typed in 和暦 as YYYY-MM-DD', async () => {
    const { app, db } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    const token = await adminToken();
    const body = {
      name: '山田 花子',
      nameKana: 'ﾔﾏﾀﾞ ﾊﾅｺ',
      phone: '０９０ー１２３４ー５６７８',
      email: 'ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｊｐ',
      age: '３５',
      birthDate: 'S60.4.1',
    };
    const created = await create(token, body);
    const stored = await db.selectFrom('customers').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name_kana: 'ヤマダ ハナコ',
      phone: '090-1234-5678',
      email: 'hanako@example.jp',
      birth_date: '1985-04-01',
    });
    expect(Number(stored.age)).toBe(35);
    expect(created).toMatchObject({ phone: '090-1234-5678', email: 'hanako@example.jp', birthDate: '1985-04-01' });

    const res = await call(app, 'PUT', `/api/customers/${created.id}`, {
      token,
      body: {
        age: '４０',
        phone: '（０３）１２３４－５６７８',
        birthDate: '平成元年1月8日',
        nameKana: 'やまだ はなこ',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: '(03)1234-5678', birthDate: '1989-01-08', nameKana: 'ヤマダ ハナコ' });
    const updated = await db
      .selectFrom('customers')
      .select(['age', 'phone', 'birth_date'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect([Number(updated.age), updated.phone, updated.birth_date]).toEqual([40, '(03)1234-5678', '1989-01-08']);
  });

  it('answers age computed from the birth date on the server’s today, the stored age without one', async () => {
    const { app, db } = getCtx();
    useFakeDate('2026-03-31T09:00:00.000Z');
    let token = await adminToken();
    const born = await create(token, { ...hanako, age: 20, birthDate: '1985-04-01' });
    const typed = await create(token, { ...hanako, age: 20 });
    const ageOf = async (id: string) =>
      (await call(app, 'GET', `/api/customers/${id}`, { token })).body.data.age as number | null;
    expect([await ageOf(born.id), await ageOf(typed.id)]).toEqual([40, 20]);
    expect(born).toMatchObject({ age: 40 });
    // 2026-04-01 in Japan is 15:00 UTC on 03-31: the birthday has come.
    vi.setSystemTime(new Date('2026-03-31T15:00:00.000Z'));
    token = await adminToken();
    expect([await ageOf(born.id), await ageOf(typed.id)]).toEqual([41, 20]);
    const listed = (await call(app, 'GET', '/api/customers', { token })).body.data as {
      id: string;
      age: number | null;
    }[];
    expect(listed.map((c) => [c.id, c.age])).toEqual([
      [typed.id, 20],
      [born.id, 41],
    ]);
    // The row keeps what was typed.
    const stored = await db.selectFrom('customers').select('age').where('id', '=', born.id).executeTakeFirstOrThrow();
    expect(Number(stored.age)).toBe(20);
  });

  it('refuses an impossible, future, pre-1900 or unreadable birth date and an age like "35歳" with 400 and the message', async () => {
    const { app } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    const token = await adminToken();
    const cases: [object, string][] = [
      [{ ...hanako, birthDate: '1985-02-30' }, CUSTOMER_MESSAGES.birthDateNonexistent],
      [{ ...hanako, birthDate: '昭和65年1月1日' }, CUSTOMER_MESSAGES.birthDateOutsideEra],
      [{ ...hanako, birthDate: '2026-11-23' }, CUSTOMER_MESSAGES.birthDateFuture],
      [{ ...hanako, birthDate: '1899-12-31' }, CUSTOMER_MESSAGES.birthDateTooOld],
      [{ ...hanako, birthDate: '4月1日' }, CUSTOMER_MESSAGES.birthDateFormat],
      [{ ...hanako, age: '35歳' }, CUSTOMER_MESSAGES.ageInvalid],
      [{ ...hanako, age: '２００' }, CUSTOMER_MESSAGES.ageInvalid],
      [{ ...hanako, age: 3.5 }, CUSTOMER_MESSAGES.ageInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/customers', { token, body });
      expect(res.body, message).toEqual(failure('VALIDATION_ERROR', message));
      expect(res.status).toBe(400);
    }
    expect(await count()).toBe(0);
    const { id } = await create(token);
    const res = await call(app, 'PUT', `/api/customers/${id}`, { token, body: { birthDate: 'R9.1.1' } });
    expect([res.status, res.body.message]).toEqual([400, CUSTOMER_MESSAGES.birthDateFuture]);
  });

  it('searches name, フリガナ, phone and e-mail case-insensitively, newest chart first, within the limit', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const a = await create(token, hanako);
    const b = await create(token, {
      name: '佐藤 次郎',
      nameKana: 'サトウ ジロウ',
      phone: '03-1234-0000',
      email: 'jiro@clinic.jp',
    });
    const c = await create(token, { name: 'Emily Brown', phone: '080-5555-0000' });
    const gone = await create(token, { name: '山田 太郎', phone: '090-0000-0000' });
    await call(app, 'DELETE', `/api/customers/${gone.id}`, { token });

    const search = async (query: string) => {
      const res = await call(app, 'GET', `/api/customers${query}`, { token });
      expect(res.status).toBe(200);
      return (res.body.data as { id: string }[]).map((r) => r.id);
    };
    expect(await search('')).toEqual([c.id, b.id, a.id]);
    expect(await search('?search=山田')).toEqual([a.id]);
    expect(await search('?search=サトウ')).toEqual([b.id]);
    expect(await search('?search=1234')).toEqual([b.id, a.id]);
    expect(await search('?search=HANAKO%40example')).toEqual([a.id]);
    expect(await search('?search=emily')).toEqual([c.id]);
    // A character no database keeps is refused in words, not answered with a server error.
    const refused = await call(app, 'GET', '/api/customers?search=a%00b', { token });
    expect([refused.status, refused.body.message]).toEqual([400, '使用できない文字が含まれています']);
    expect(await search('?search=%25')).toEqual([c.id, b.id, a.id]);
    expect(await search('?search=nobody')).toEqual([]);
    expect(await search('?limit=2')).toEqual([c.id, b.id]);
    const bad = await call(app, 'GET', '/api/customers?limit=0', { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(failure('VALIDATION_ERROR', '件数は1から1000の整数で指定してください'));

    // One audit entry per successful search, naming the customers it returned.
    const reads = await listAudit(db, { action: 'customer.read' });
    expect(reads).toHaveLength(9);
    expect(reads[1]).toMatchObject({ entity_id: a.id, username: 'admin' });
    expect(reads.at(-1)).toMatchObject({ entity_id: null });
    expect(JSON.parse(reads.at(-1)!.detail!)).toEqual({ via: 'GET /api/customers', ids: [c.id, b.id] });
  });

  it("answers a search without a limit with the spec helper's 20 (spec 7, 9), and more only when asked", async () => {
    const { app } = getCtx();
    const token = await adminToken();
    for (let n = 1; n <= CUSTOMER_SEARCH_LIMIT + 5; n++)
      await create(token, { ...hanako, name: `検索 ${n}`, email: `s${n}@example.jp` });
    const count = async (query: string) =>
      ((await call(app, 'GET', `/api/customers${query}`, { token })).body.data as unknown[]).length;
    expect(await count('?search=検索')).toBe(20);
    expect(await count('')).toBe(20);
    expect(await count('?search=検索&limit=25')).toBe(25);
  });

  it('gets one customer by id, audited; 404 when unknown or deleted', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const { id } = await create(token);
    const res = await call(app, 'GET', `/api/customers/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...hanako, id, chartNumber: 1, conflicts: [] });
    expect(await actionsOn(id)).toEqual(['customer.create', 'customer.read']);

    const unknown = await call(app, 'GET', `/api/customers/${crypto.randomUUID()}`, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    await call(app, 'DELETE', `/api/customers/${id}`, { token });
    const deleted = await call(app, 'GET', `/api/customers/${id}`, { token });
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(NOT_FOUND);
  });

  it('changes only the given fields on PUT, bumps the version and audits the change', async () => {
    const { app, db, staff } = getCtx();
    const token = await adminToken();
    const created = await create(token, { ...hanako, age: 40, address: '東京都' });
    const staffToken = await tokenOf(app, staff);
    const res = await call(app, 'PUT', `/api/customers/${created.id}`, {
      token: staffToken,
      body: { phone: '03-9999-0000', age: 41 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ...hanako,
      age: 41,
      address: '東京都',
      phone: '03-9999-0000',
      updatedBy: 'staff1',
    });
    expect(res.body.data.version).toBeGreaterThan(created.version);
    const update = (await listAudit(db, { action: 'customer.update' }))[0];
    expect(update).toMatchObject({ entity_id: created.id, username: 'staff1' });
    expect(JSON.parse(update!.detail!)).toEqual({ fields: ['age', 'phone'] });

    const invalid = await call(app, 'PUT', `/api/customers/${created.id}`, { token, body: { name: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(failure('VALIDATION_ERROR', CUSTOMER_MESSAGES.nameRequired));
    expect((await call(app, 'GET', `/api/customers/${created.id}`, { token })).body.data.name).toBe(hanako.name);

    const unknown = await call(app, 'PUT', `/api/customers/${crypto.randomUUID()}`, { token, body: { name: '誰か' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
  });

  it('deletes a customer: then 404, audited, and a second delete is refused', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const { id } = await create(token);
    const res = await call(app, 'DELETE', `/api/customers/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id });
    expect((await call(app, 'GET', `/api/customers/${id}`, { token })).status).toBe(404);
    expect(await actionsOn(id)).toEqual(['customer.create', 'customer.delete']);

    const again = await call(app, 'DELETE', `/api/customers/${id}`, { token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(failure('CONFLICT', REJECTION_MESSAGES.deletedElsewhere));
    const unknown = await call(app, 'DELETE', `/api/customers/${crypto.randomUUID()}`, { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
  });

  it("counts live customers by gender and those created this month, Japan's month", async () => {
    const { app } = getCtx();
    useFakeDate('2026-10-31T23:00:00.000Z');
    await create(await adminToken(), { ...hanako, gender: 'female' });
    vi.setSystemTime(new Date('2026-11-22T09:00:00.000Z'));
    const token = await adminToken();
    await create(token, { ...hanako, gender: 'male' });
    await create(token, { name: '未設定', phone: '0' });
    const gone = await create(token, { ...hanako, gender: 'female' });
    await call(app, 'DELETE', `/api/customers/${gone.id}`, { token });

    const res = await call(app, 'GET', '/api/customers/stats/summary', { token });
    expect(res.status).toBe(200);
    // 2026-10-31T23:00Z is 1 November, 08:00 in Japan: this month's, with the two of 22 November.
    expect(res.body.data).toEqual({ total: 3, byGender: { female: 1, male: 1, unset: 1 }, createdThisMonth: 3 });

    // 2026-11-30T15:30Z is 1 December, 00:30 in Japan: a new month, with nobody created in it yet.
    vi.setSystemTime(new Date('2026-11-30T15:30:00.000Z'));
    const december = await call(app, 'GET', '/api/customers/stats/summary', { token: await adminToken() });
    expect(december.body.data).toMatchObject({ total: 3, createdThisMonth: 0 });
  });

  it('answers 401 without a token on every route', async () => {
    const { app } = getCtx();
    const id = crypto.randomUUID();
    for (const [method, path, body] of [
      ['GET', '/api/customers'],
      ['GET', '/api/customers/stats/summary'],
      ['GET', `/api/customers/${id}`],
      ['POST', '/api/customers', hanako],
      ['PUT', `/api/customers/${id}`, { name: 'x' }],
      ['DELETE', `/api/customers/${id}`],
    ] as const) {
      const res = await call(app, method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual(failure('UNAUTHORIZED', 'ログインが必要です'));
    }
    expect(await count()).toBe(0);
  });
});
