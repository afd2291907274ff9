import { todayInJapan } from '@clinic/sync-protocol';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPatientStore } from '../../components/current-patient/current-patient-session';
import { localDb } from '../../data/local-db';
import { staffUser } from '../../test-utils/fixtures';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { renderRoutes } from '../../test-utils/render';
import type { LocalMedia } from '../../data/clinic-db';
import { serverCustomer, serverDiagnosis, synced } from '../../test-utils/sync-fixtures';
import type { ChartDialogs } from './chart-dialogs';
import { localSurvey, localVisit } from './chart-test-support';
import CustomerChartPage from './customer-chart-page';

const C = '0193a3f0-0000-4000-8000-000000000001';
const TODAY_VISIT = '0193a3f0-0000-4000-8000-0000000000a1';
const OLD_VISIT = '0193a3f0-0000-4000-8000-0000000000a2';
const NEW_VISIT = '0193a3f0-0000-4000-8000-0000000000a3';
// Live reads answer in well under a second alone, slower beside other test files on two cores.
const SLOW = { timeout: 15_000 };

/** The screen a button opened: its path and what the chart handed it. */
function Opened() {
  const { pathname, state } = useLocation();
  return <pre data-testid="opened">{JSON.stringify({ pathname, state })}</pre>;
}
const opened = () => JSON.parse(screen.getByTestId('opened').textContent) as { pathname: string; state: unknown };

const editCustomer = vi.fn();
/** Stand-ins for the forms the shell lends the chart: they say what they were opened with. */
const dialogs: ChartDialogs = {
  EditCustomer: ({ customer, onClose }) => {
    editCustomer(customer.id);
    return (
      <button type="button" onClick={() => onClose(false)}>
        編集フォーム {customer.name}
      </button>
    );
  },
  RecordVisit: ({ customerId, onClose }) => (
    <button type="button" onClick={() => onClose(NEW_VISIT)}>
      来院フォーム {customerId}
    </button>
  ),
};

function renderChart() {
  const screenRoutes = ['/surveys', '/diagnosis', '/camera', '/face-analysis'].map((path) => ({
    path,
    element: <Opened />,
  }));
  return renderRoutes(
    [{ path: '/customers/:id', element: <CustomerChartPage dialogs={dialogs} /> }, ...screenRoutes],
    `/customers/${C}`,
  );
}

const actions = () => within(screen.getByRole('region', { name: '本日の施術' }));
const step = (name: RegExp) => actions().getByRole('listitem', { name });

describe('the chart as the place the appointment is recorded', { timeout: 20_000 }, () => {
  useFreshDevice();
  beforeEach(async () => {
    await localDb.customers.put({ ...serverCustomer({ id: C, name: '山田 花子', chartNumber: 7 }), pending: 0 });
    await localDb.visits.bulkPut([
      localVisit({ id: OLD_VISIT, customerId: C, date: '2026-01-05' }),
      localVisit({ id: TODAY_VISIT, customerId: C, date: todayInJapan() }),
    ]);
  });
  afterEach(() => editCustomer.mockReset());

  it("shows today's steps done and still open, from today's records in Japan time", async () => {
    await localDb.surveys.put(
      localSurvey({ id: 's1', customerId: C, type: 'pre', createdAt: new Date().toISOString() }),
    );
    renderChart();
    await waitFor(() => expect(step(/^施術前：記録済み/)).toBeTruthy(), SLOW);
    expect(step(/^来院：記録済み/)).toBeTruthy();
    expect(step(/^診断：まだ/)).toBeTruthy();
    expect(step(/^施術後：まだ/)).toBeTruthy();
  });

  it('makes the patient the session’s current one and opens each screen with today’s visit and the way back', async () => {
    renderChart();
    await screen.findByRole('button', { name: '施術前アンケート' });
    // The chart makes her the current patient as it opens (an effect after its first render).
    await vi.waitFor(() => expect(currentPatientStore.get(staffUser.id)).toBe(C));
    const cases = [
      ['施術前アンケート', '/surveys', { surveyType: 'pre', newRecord: false }],
      ['施術後アンケート', '/surveys', { surveyType: 'post', newRecord: false }],
      ['診断記録を作成', '/diagnosis', { surveyType: null, newRecord: true }],
      ['写真・動画を撮影', '/camera', { surveyType: null, newRecord: false }],
      ['表情分析', '/face-analysis', { surveyType: null, newRecord: false }],
    ] as const;
    for (const [name, pathname, handed] of cases) {
      // Today's visit is read live: wait until the chart has it before tapping.
      await waitFor(() => expect(step(/^来院：記録済み/)).toBeTruthy(), SLOW);
      fireEvent.click(screen.getByRole('button', { name }));
      await screen.findByTestId('opened');
      expect(opened()).toEqual({
        pathname,
        state: { returnTo: `/customers/${C}`, visitId: TODAY_VISIT, ...handed },
      });
      cleanupAndReopen();
    }
  });

  it('records a visit in place, asking first when today’s visit is recorded, and offers the pre-survey next', async () => {
    renderChart();
    await waitFor(() => expect(step(/^来院：記録済み/)).toBeTruthy(), SLOW);
    fireEvent.click(await screen.findByRole('button', { name: '来院を記録' }));
    // A second visit the same day is asked first (issue 38): キャンセル opens nothing.
    const asked = await screen.findByRole('dialog', { name: '本日の来院記録があります' });
    fireEvent.click(within(asked).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('button', { name: `来院フォーム ${C}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '来院を記録' }));
    const again = (await screen.findAllByRole('dialog', { name: '本日の来院記録があります' })).at(-1)!;
    fireEvent.click(within(again).getByRole('button', { name: 'もう一件記録する' }));
    fireEvent.click(await screen.findByRole('button', { name: `来院フォーム ${C}` }));
    fireEvent.click(await screen.findByRole('button', { name: '施術前アンケートへ' }));
    await screen.findByTestId('opened');
    expect(opened()).toEqual({
      pathname: '/surveys',
      state: { returnTo: `/customers/${C}`, visitId: NEW_VISIT, surveyType: 'pre', newRecord: false },
    });
  });

  it('highlights the next open step, the photo step like the others, and none once every step is done (issue 38)', async () => {
    renderChart();
    const primary = () =>
      actions()
        .getAllByRole('button')
        .filter((b) => b.className.includes('ant-btn-primary'))
        .map((b) => b.textContent);
    // Today's visit is there: the pre-survey is next, not 来院を記録.
    await waitFor(() => expect(primary()).toEqual(['施術前アンケート']), SLOW);
    const now = new Date().toISOString();
    await localDb.surveys.bulkPut([
      localSurvey({ id: 's-pre', customerId: C, type: 'pre', createdAt: now }),
      localSurvey({ id: 's-post', customerId: C, type: 'post', createdAt: now }),
    ]);
    await localDb.diagnoses.put(synced(serverDiagnosis({ id: 'd-today', customerId: C, date: todayInJapan() })));
    await waitFor(() => expect(primary()).toEqual(['写真・動画を撮影']), SLOW);
    expect(step(/^写真・動画：まだ/)).toBeTruthy();
    await localDb.media.put(photoOf(now));
    await waitFor(() => expect(step(/^写真・動画：記録済み/)).toBeTruthy(), SLOW);
    expect(primary()).toEqual([]);
  });

  it('opens the patient’s own details for 編集 in place', async () => {
    renderChart();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子さんの基本情報を編集' }));
    expect(await screen.findByRole('button', { name: '編集フォーム 山田 花子' })).toBeTruthy();
    expect(editCustomer).toHaveBeenCalledWith(C);
  });
});

/** A photo of the patient taken at `capturedAt`, as the device holds it. */
function photoOf(capturedAt: string): LocalMedia {
  return synced({
    id: '0193a3f0-0000-4000-8000-0000000000b1',
    customerId: C,
    visitId: TODAY_VISIT,
    kind: 'photo',
    mime: 'image/jpeg',
    size: 1_000,
    duration: null,
    width: 640,
    height: 480,
    capturedAt,
    quality: null,
    uploaded: true,
    createdAt: capturedAt,
    updatedAt: capturedAt,
    updatedBy: 'staff1',
    version: 1,
    deleted: false,
  });
}

/** Back on the chart for the next button, as the screen's カルテに戻る does. */
function cleanupAndReopen() {
  cleanup();
  renderChart();
}
