import { regionById, regionCentre } from '@clinic/sync-protocol/body';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { pickCustomer as pickIn } from '../../components/customer-picker/test-support';
import { MemoryRouter } from 'react-router-dom';
import { withAntd } from '../../test-utils/render';
import DiagnosisPage from './diagnosis-page';
import DiagnosisV2Page from './diagnosis-v2-page';
import { preloadDiagnosisDialog } from './diagnosis-screen';

// The dialog loads on demand in the app; here it is there from the start, as after the page's idle preload.
await preloadDiagnosisDialog();

// A toast or a dialog's title takes ~0.5 s in happy-dom, more beside other test files on two cores.
export const SLOW = { timeout: 4_000 };

export { useFreshDevice } from '../../test-utils/fresh-device';

/** In a <main>, as the shell's layout puts it. */
export const renderPage = (version: 'v1' | 'v2' = 'v1') =>
  render(
    withAntd(
      <MemoryRouter>
        <main>{version === 'v1' ? <DiagnosisPage /> : <DiagnosisV2Page />}</main>
      </MemoryRouter>,
    ),
  );

export const listItems = () => [...document.querySelectorAll<HTMLElement>('.diagnosis-item')];
export const itemOf = (name: string) =>
  listItems().find((item) => item.querySelector('.diagnosis-item-name')?.textContent === name)!;
export const dialog = () => document.querySelector<HTMLElement>('.diagnosis-dialog')!;
export const inDialog = () => within(dialog());
export const detailDialog = () => within(document.querySelector<HTMLElement>('.pain-detail-dialog')!);
/** The open 痛みの詳細 dialog, or null: it stays drawn, hidden, between taps (see pain-detail-dialog.tsx). */
export const shownDetailDialog = () => screen.queryByRole('dialog', { name: /痛みの詳細/ });
export const tab = (name: string) => fireEvent.click(inDialog().getByRole('tab', { name }));

/** Chooses a customer in the dialog's picker by typing part of the name. */
export const pickCustomer = (query: string, name: string) => pickIn(dialog(), query, name);

/** happy-dom lays nothing out: the figure is drawn 200 × 400 px at the page's corner. */
function figure(view: '前面' | '背面'): SVGSVGElement {
  const svg = screen.getByRole('group', { name: `人体図（${view}）` }) as unknown as SVGSVGElement;
  svg.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 200,
    height: 400,
    right: 200,
    bottom: 400,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return svg;
}

/** A tap in the middle of a region of the figure shown; returns the position stored (percent, one decimal). */
export function tapRegion(regionId: string): { x: number; y: number } {
  const region = regionById(regionId)!;
  const [x, y] = regionCentre(region);
  fireEvent.click(figure(region.view === 'front' ? '前面' : '背面'), { clientX: x * 2, clientY: y * 4 });
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}
