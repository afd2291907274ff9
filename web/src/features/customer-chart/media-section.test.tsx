import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localDb } from '../../data/local-db';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { putCapture, serverMedia, waitingFile } from '../../media/media-test-support';
import { withAntd } from '../../test-utils/render';
import { MediaSection } from './media-section';

const C = '0193a3f0-0000-4000-8000-000000000001';
const OTHER = '0193a3f0-0000-4000-8000-000000000002';
const id = (n: number) => `0193a3f0-0000-4000-8000-0000000000b${n}`;

describe("the chart's 写真・動画", () => {
  useFreshDevice();

  it("lists the customer's captures from the device, newest first, offline", async () => {
    await putCapture(
      localDb,
      serverMedia({
        id: id(1),
        customerId: C,
        kind: 'photo',
        mime: 'image/jpeg',
        duration: null,
        capturedAt: '2026-11-19T01:00:00.000Z',
      }),
      waitingFile(id(1)),
    );
    await putCapture(
      localDb,
      serverMedia({ id: id(2), customerId: C, capturedAt: '2026-11-20T01:00:00.000Z', uploaded: true }),
      null,
    );
    await putCapture(localDb, serverMedia({ id: id(3), customerId: OTHER }), waitingFile(id(3)));
    render(withAntd(<MediaSection customerId={C} />));
    const region = await screen.findByRole('region', { name: '写真・動画' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('動画')).toBeTruthy();
    expect(within(items[0]!).getByText('送信済み')).toBeTruthy();
    expect(within(items[1]!).getByText('写真')).toBeTruthy();
    expect(await within(items[1]!).findByText('未送信')).toBeTruthy();
  });

  it('says when there are none', async () => {
    render(withAntd(<MediaSection customerId={C} />));
    await screen.findByText('写真・動画はまだありません');
  });

  it('opens a capture the device no longer holds only when online, saying so', async () => {
    await putCapture(localDb, serverMedia({ id: id(1), customerId: C, uploaded: true }), null);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      render(withAntd(<MediaSection customerId={C} />));
      fireEvent.click(await screen.findByRole('button', { name: /^動画（.*）/ }));
      await screen.findByText('この写真・動画は端末にありません。オンラインのときに開けます', undefined, {
        timeout: 4_000,
      });
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
  });
});
