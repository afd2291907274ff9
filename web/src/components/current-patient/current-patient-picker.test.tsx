import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { staffUser } from '../../test-utils/fixtures';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { withAntd } from '../../test-utils/render';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { pickCustomer } from '../customer-picker/test-support';
import { currentPatientStore } from './current-patient-session';
import { CurrentPatientPicker } from './current-patient-picker';
import { VisitSavedOffer } from './visit-saved-offer';

const HANAKO = '0193a3f0-0000-4000-8000-000000000001';
const VISIT = '0193a3f0-0000-4000-8000-0000000000a1';
const SLOW = { timeout: 4_000 };

function Where() {
  const { pathname, state } = useLocation();
  return <pre data-testid="where">{JSON.stringify({ pathname, state })}</pre>;
}

function renderAt(element: ReactNode, state?: unknown) {
  return render(
    withAntd(
      <MemoryRouter initialEntries={[{ pathname: '/here', state }]}>
        <Routes>
          <Route path="/here" element={<main>{element}</main>} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

describe('the current patient', { timeout: 20_000 }, () => {
  useFreshDevice({ now: new Date('2026-11-27T01:00:00.000Z') });

  async function seed() {
    await localDb.customers.put({
      ...serverCustomer({ id: HANAKO, name: '山田 花子', nameKana: 'ヤマダ ハナコ', chartNumber: 12, age: 40 }),
      pending: 0,
    });
    await customerCache.settled();
  }

  it('is picked once and shown on the next screen with カルテ番号 and age', async () => {
    await seed();
    renderAt(<CurrentPatientPicker />);
    await pickCustomer(document.body, 'やまだ', '山田 花子');
    expect(currentPatientStore.get(staffUser.id)).toBe(HANAKO);
    cleanup();
    renderAt(<CurrentPatientPicker />); // another screen
    await screen.findByText('山田 花子', { selector: '.customer-picker-chosen *' }, SLOW);
    expect(screen.getByText('No.12')).toBeTruthy();
    expect(screen.getByText('40歳')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'カルテに戻る' })).toBeNull();
  });

  it('offers カルテに戻る on a screen the chart opened', async () => {
    await seed();
    currentPatientStore.choose(staffUser.id, HANAKO);
    renderAt(<CurrentPatientPicker />, { returnTo: `/customers/${HANAKO}` });
    fireEvent.click(await screen.findByRole('button', { name: 'カルテに戻る' }, SLOW));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain(`/customers/${HANAKO}`));
  });

  it('after a visit is recorded, opens the pre-survey of that visit for its patient', async () => {
    await seed();
    renderAt(<VisitSavedOffer visitId={VISIT} customerId={HANAKO} onDismiss={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '施術前アンケートへ' }));
    const where = JSON.parse((await screen.findByTestId('where')).textContent) as unknown;
    expect(where).toEqual({
      pathname: '/surveys',
      state: { returnTo: null, visitId: VISIT, surveyType: 'pre', newRecord: false },
    });
    expect(currentPatientStore.get(staffUser.id)).toBe(HANAKO);
  });
});
