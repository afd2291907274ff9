import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { localFaceAnalysis, sampleFace } from '../../test-utils/face-fixtures';
import { withAntd } from '../../test-utils/render';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { HistoryDialog } from './history-dialog';

const HANAKO = '0193a3f0-0000-4000-8000-000000000001';
const JIRO = '0193a3f0-0000-4000-8000-000000000002';

const analysis = (id: string, customerId: string) => localFaceAnalysis({ id, customerId, faces: [sampleFace()] });

describe('表情分析の履歴', () => {
  useFreshDevice();

  async function seed() {
    await localDb.customers.bulkPut([
      { ...serverCustomer({ id: HANAKO, name: '山田 花子' }), pending: 0 },
      { ...serverCustomer({ id: JIRO, name: '佐藤 次郎' }), pending: 0 },
    ]);
    await customerCache.settled();
    await localDb.faceAnalyses.bulkPut([
      analysis('0193a3f0-0000-4000-8000-0000000000c1', HANAKO),
      analysis('0193a3f0-0000-4000-8000-0000000000c2', JIRO),
    ]);
  }

  it("lists the current patient's analyses only, the patient named on each", async () => {
    await seed();
    render(withAntd(<HistoryDialog open customerId={HANAKO} onClose={vi.fn()} />));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('山田 花子', undefined, { timeout: 4_000 });
    expect(within(dialog).getAllByRole('row')).toHaveLength(2); // the header and one analysis
    expect(within(dialog).queryByText('佐藤 次郎')).toBeNull();
  });

  it('shows nothing personal with no patient chosen', async () => {
    await seed();
    render(withAntd(<HistoryDialog open customerId={null} onClose={vi.fn()} />));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('患者を選択すると、その方の記録だけが表示されます')).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});
