import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverCustomer, synced } from '../../../test-utils/sync-fixtures';
import { withAntd } from '../../../test-utils/render';
import { ChartHeader } from '../chart-header';

describe('印刷 in the chart header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens the browser's print dialog for the chart", () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(
      withAntd(
        <ChartHeader
          customer={synced(serverCustomer({ id: '0193a3f0-0000-4000-8000-000000000001', name: '山田 花子' }))}
        />,
      ),
    );
    const button = screen.getByRole('button', { name: '印刷' });
    expect(print).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
  });
});
