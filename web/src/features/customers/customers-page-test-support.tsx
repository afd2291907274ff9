import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { SyncStatusBar } from '../../components/sync-status';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { withAntd } from '../../test-utils/render';
import CustomersPage, { preloadCustomerForm } from './customers-page';

// The page loads its form after the list shows; tests open it at once, as a person does a moment later.
await preloadCustomerForm();

/** Customers as the server sent them, in the device's list before the test looks. */
export async function seed(...rows: Parameters<typeof serverCustomer>[0][]) {
  await localDb.customers.bulkPut(rows.map((r) => ({ ...serverCustomer(r), pending: 0 as const })));
  await customerCache.settled();
}

/** The chart is another screen: here it only says which customer it was opened for. */
function ChartStub() {
  return <p>カルテ {useParams().id}</p>;
}

/** The customer screen with the sync status above it, at /customers or /pwa/customers. */
export function renderPage(path = '/customers') {
  return render(
    withAntd(
      <MemoryRouter initialEntries={[path]}>
        <SyncStatusBar />
        <Routes>
          {['', '/pwa'].map((prefix) => [
            <Route key={prefix} path={`${prefix}/customers`} element={<CustomersPage />} />,
            <Route key={`${prefix}/chart`} path={`${prefix}/customers/:id`} element={<ChartStub />} />,
          ])}
        </Routes>
      </MemoryRouter>,
    ),
  );
}

export const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
