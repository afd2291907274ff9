import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LightInput } from '../light-input';
import { NO_FORM_RESTORE, NoRestoreForm } from './no-form-restore';

describe('keeping typed text out of the browser’s session files', () => {
  it('gives every antd Input and TextArea under the app’s ConfigProvider autocomplete="off"', () => {
    render(
      <ConfigProvider {...NO_FORM_RESTORE}>
        <Input aria-label="住所" />
        <Input.TextArea aria-label="既往歴" />
      </ConfigProvider>,
    );
    expect(screen.getByRole('textbox', { name: '住所' }).getAttribute('autocomplete')).toBe('off');
    expect(screen.getByRole('textbox', { name: '既往歴' }).getAttribute('autocomplete')).toBe('off');
  });

  it('draws LightInput (the search box’s stand-in) with autocomplete="off"', () => {
    render(<LightInput aria-label="顧客を検索" prefix={<span />} />);
    expect(screen.getByRole('textbox', { name: '顧客を検索' }).getAttribute('autocomplete')).toBe('off');
  });

  it('makes a screen a form the browser does not save, which Enter never submits', () => {
    const submitted = vi.fn();
    render(
      <div onSubmit={submitted}>
        <NoRestoreForm className="survey" autoComplete="on">
          <textarea aria-label="ご要望" />
        </NoRestoreForm>
      </div>,
    );
    const form = screen.getByRole('textbox', { name: 'ご要望' }).closest('form')!;
    expect(form.getAttribute('autocomplete')).toBe('off');
    expect(form.className).toBe('survey');
    const event = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(form, event);
    expect(event.defaultPrevented).toBe(true);
  });
});
