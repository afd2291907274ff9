import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { currentPatientStore } from '../../components/current-patient/current-patient-session';
import { localDb } from '../../data/local-db';
import { staffUser } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import { serverCustomer, serverVisit } from '../../test-utils/sync-fixtures';
import DiagnosisPage from './diagnosis-page';
import {
  SLOW,
  detailDialog,
  dialog,
  inDialog,
  shownDetailDialog,
  tab,
  tapRegion,
  useFreshDevice,
} from './diagnosis-page-test-support';
import { id, seed } from './test-support';

const HANAKO = id(1);
const VISIT = id(50);

function Chart() {
  return <p>カルテ {useParams().id}</p>;
}

/** The diagnosis screen as the chart's 診断記録を作成 opens it: the patient chosen, today's visit handed over. */
function renderFromChart() {
  const state = { returnTo: `/customers/${HANAKO}`, visitId: VISIT, newRecord: true };
  return render(
    withAntd(
      <MemoryRouter initialEntries={[{ pathname: '/diagnosis', state }]}>
        <Routes>
          <Route path="/diagnosis" element={<DiagnosisPage />} />
          <Route path="/customers/:id" element={<Chart />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('診断記録を作成 from the chart', { timeout: 20_000 }, () => {
  useFreshDevice();

  it('opens a new record on the body figure for the patient and visit, saves it, and goes back to the chart', async () => {
    await seed({ customers: [serverCustomer({ id: HANAKO, name: '山田 花子' })] });
    await localDb.visits.put({
      ...serverVisit({ id: VISIT, customerId: HANAKO, date: '2026-11-20', serviceMenu: '鍼灸' }),
      pending: 0,
    });
    currentPatientStore.choose(staffUser.id, HANAKO);
    renderFromChart();
    await waitFor(() => expect(dialog()).toBeTruthy(), SLOW);
    expect(inDialog().getByRole('tab', { name: '人体図' }).getAttribute('aria-selected')).toBe('true');
    tapRegion('front.shoulder.right');
    fireEvent.click(detailDialog().getByRole('button', { name: '保存' }));
    await waitFor(() => expect(shownDetailDialog()).toBeNull(), SLOW);
    tab('基本情報');
    // The patient's name shows once the picker (loaded on demand) is there.
    expect(await inDialog().findByText('山田 花子', undefined, SLOW)).toBeTruthy();
    fireEvent.click(inDialog().getByRole('button', { name: '登録' }));
    expect(await screen.findByText(`カルテ ${HANAKO}`, undefined, SLOW)).toBeTruthy();
    const [record] = await localDb.diagnoses.toArray();
    expect(record).toMatchObject({ customerId: HANAKO, visitId: VISIT });
    expect(await localDb.painMarkers.count()).toBe(1);
  });

  it('opens an empty new record from the menu, for no one, when no patient is chosen', async () => {
    renderFromChart();
    await screen.findByRole('button', { name: '新規診断記録' }, SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
