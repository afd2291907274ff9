import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { putCapture, serverMedia, waitingFile } from '../../media/media-test-support';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { withAntd } from '../../test-utils/render';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { CaptureHistory } from './capture-history';

const HANAKO = '0193a3f0-0000-4000-8000-000000000001';
const JIRO = '0193a3f0-0000-4000-8000-000000000002';
const id = (n: number) => `0193a3f0-0000-4000-8000-0000000000b${n}`;
const SLOW = { timeout: 4_000 };

describe('撮影履歴', () => {
  useFreshDevice();

  async function seed() {
    await localDb.customers.bulkPut([
      { ...serverCustomer({ id: HANAKO, name: '山田 花子' }), pending: 0 },
      { ...serverCustomer({ id: JIRO, name: '佐藤 次郎' }), pending: 0 },
    ]);
    await customerCache.settled();
    await putCapture(localDb, serverMedia({ id: id(1), customerId: HANAKO }), waitingFile(id(1)));
    await putCapture(localDb, serverMedia({ id: id(2), customerId: JIRO }), waitingFile(id(2)));
  }

  it("lists only the current patient's captures, each with the patient's name", async () => {
    await seed();
    render(withAntd(<CaptureHistory customerId={HANAKO} onError={vi.fn()} />));
    const list = await screen.findByRole('list', { name: '撮影履歴' }, SLOW);
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(await within(items[0]!).findByText('山田 花子')).toBeTruthy();
    expect(screen.queryByText('佐藤 次郎')).toBeNull();
  });

  it('shows nobody’s captures with no patient chosen, and asks for one', async () => {
    await seed();
    render(withAntd(<CaptureHistory customerId={null} onError={vi.fn()} />));
    expect(await screen.findByText('患者を選択すると、その方の記録だけが表示されます')).toBeTruthy();
    expect(screen.queryByRole('list', { name: '撮影履歴' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
