import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuditLogPage } from '@clinic/sync-protocol/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { adminUser, jsonResponse, loginResponse, ok, staffUser } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import { stubTableWidth } from '../../components/scroll-table/test-support';
import AuditLogPageView from './audit-log-page';

const SLOW = { timeout: 4_000 };
const C = '0193a3f0-0000-4000-8000-000000000001';
const page: AuditLogPage = {
  total: 2,
  actions: ['customer.read', 'visit.update'],
  rows: [
    {
      id: 2,
      at: '2026-11-25T01:00:00.000Z',
      userId: staffUser.id,
      username: 'staff1',
      displayName: '佐藤 花子',
      // Made by staff1 on a shared tablet at 09:27, sent by the admin who signed in there next at 10:00.
      deliveredBy: { id: adminUser.id, username: 'admin', displayName: '鈴木 一郎', sessionId: 's-admin' },
      madeAt: '2026-11-25T00:27:00.000Z',
      action: 'visit.update',
      entity: 'visit',
      entityId: 'v1',
      customer: { id: C, name: '山田 花子', chartNumber: 12 },
      recordCount: 1,
      clientId: 'abcdef123456',
      deviceName: '施術室1',
      ip: '192.168.0.5',
      userAgent: null,
    },
    {
      id: 1,
      at: '2026-11-25T00:00:00.000Z',
      userId: adminUser.id,
      username: 'admin',
      displayName: null,
      deliveredBy: { id: adminUser.id, username: 'admin', displayName: null, sessionId: 's-admin' },
      madeAt: null,
      action: 'customer.read',
      entity: 'customer',
      entityId: null,
      customer: null,
      recordCount: 20,
      clientId: '0f397b8b-1111-4222-8333-444455556666',
      deviceName: null,
      ip: '::ffff:127.0.0.1',
      userAgent: null,
    },
  ],
};

function stubServer(
  csv: () => Response = () =>
    new Response('\uFEFF日時,ユーザー\r\n', {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="access-log-20261125.csv"',
      },
    }),
) {
  const urls: string[] = [];
  /** What the server answers at each address. */
  const answer = (url: string): Response => {
    urls.push(url);
    if (url.startsWith('/api/audit-log/export.csv')) return csv();
    if (url.startsWith('/api/audit-log')) return jsonResponse(200, ok(page));
    if (url === '/api/users')
      return jsonResponse(
        200,
        ok([
          { ...adminUser, locked_until: null },
          { ...staffUser, locked_until: null },
        ]),
      );
    return jsonResponse(404, {});
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(answer(url))),
  );
  return urls;
}

describe('アクセスログ', () => {
  useFreshDevice();
  beforeEach(() => sessionStore.start(loginResponse({ user: adminUser })));
  afterEach(() => {
    sessionStore.end('expired');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows who did what to which patient's record, and filters by date", async () => {
    const urls = stubServer();
    render(withAntd(<AuditLogPageView />));
    const table = await screen.findByRole('table', { name: 'アクセスログ一覧' }, SLOW);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // The sender is named only when someone else sent the change.
    // By display name; the time the change was made, and its arrival beside it (issue 38).
    expect(rows[0]![0]).toBe('2026-11-25 09:27受信 2026-11-25 10:00');
    expect(rows[1]![0]).toBe('2026-11-25 09:00');
    expect(rows[0]!.slice(1)).toEqual([
      '佐藤 花子送信者：鈴木 一郎',
      '来院記録の変更',
      '来院記録',
      '山田 花子カルテ番号 12',
      '施術室1',
    ]);
    expect(rows[1]!.slice(1)).toEqual(['admin', '顧客の閲覧', '顧客・20件の記録', '—', '名前のない端末（0f39…）']);
    expect(urls).toContain('/api/audit-log?limit=100&offset=0');
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-11-25' } });
    await waitFor(() => expect(urls.at(-1)).toBe('/api/audit-log?limit=100&offset=0&from=2026-11-01&to=2026-11-25'));
  });

  it('shows each row as a card on a phone, with the device by its name', async () => {
    stubServer();
    stubTableWidth(358);
    render(withAntd(<AuditLogPageView />));
    const cards = await screen.findByRole('list', { name: 'アクセスログ一覧' }, SLOW);
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('来院記録の変更');
    expect(items[0]!.textContent).toContain('端末：施術室1');
    expect(items[0]!.textContent).toContain('佐藤 花子（送信者：鈴木 一郎）');
    expect(items[0]!.textContent).toContain('受信 2026-11-25 10:00');
    expect(screen.queryByRole('table', { name: 'アクセスログ一覧' })).toBeNull();
  });

  it('exports the filtered log as CSV, and says when that fails with the status', async () => {
    const urls = stubServer();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(withAntd(<AuditLogPageView />));
    await screen.findByRole('table', { name: 'アクセスログ一覧' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /CSVで書き出す/ }));
    await waitFor(() => expect(saved).toEqual(['access-log-20261125.csv']));
    expect(urls).toContain('/api/audit-log/export.csv');

    const exportButton = screen.getByRole('button', { name: /CSVで書き出す/ });
    await waitFor(() => expect(exportButton.classList.contains('ant-btn-loading')).toBe(false));
    stubServer(() =>
      jsonResponse(403, {
        success: false,
        data: null,
        error: 'この操作を実行する権限がありません',
        message: null,
        code: 'FORBIDDEN',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /CSVで書き出す/ }));
    expect(await screen.findByText('CSVの書き出しに失敗しました（ステータス 403）', undefined, SLOW)).toBeTruthy();
  });

  it('says it needs the network when offline, asks the server nothing, and loads once the network returns', async () => {
    const urls = stubServer();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    render(withAntd(<AuditLogPageView />));
    expect(
      await screen.findByText(
        'オフラインのため、アクセスログを表示できません。オンラインになると表示します',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /CSVで書き出す/ }).hasAttribute('disabled')).toBe(true);
    expect(urls).toEqual([]);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await screen.findByRole('table', { name: 'アクセスログ一覧' }, SLOW);
    expect(screen.queryByText(/^オフラインのため/)).toBeNull();
  });
});
