import { fireEvent, waitFor, within } from '@testing-library/react';

/** Chooses a customer in the customer picker within `scope` by typing part of what a person knows. */
export async function pickCustomer(scope: HTMLElement, query: string, name: string): Promise<void> {
  // A screen's first view may show a stand-in until the picker's code is in (see on-demand.tsx).
  const picker = await waitFor(() => within(scope).getByRole('combobox', { name: '顧客' }), { timeout: 5_000 });
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: query } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.customer-picker-option')].find((o) =>
      o.textContent?.includes(name),
    );
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
}
