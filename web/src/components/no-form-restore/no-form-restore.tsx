import type { ConfigProviderProps } from 'antd';
import type { ComponentProps, FormEvent } from 'react';

/*
 * Chromium saves the value of every form control for session restore and back/forward, and about a second
 * after each change writes it into the profile's session files (Default/Sessions/Session_*, Tabs_*) in
 * clear, UTF-16: a 既往歴 typed offline was readable there after the browser closed. It skips a control
 * whose own autocomplete, or its form's, is "off" (measured in Debian's Chromium 156). Emptying a form
 * when the page hides comes too late: the session file is a log, and the value written before stays.
 */

/** For the app's ConfigProvider: every antd Input and TextArea, on every screen, says autocomplete="off". */
export const NO_FORM_RESTORE = {
  input: { autoComplete: 'off' },
  textArea: { autoComplete: 'off' },
} satisfies Pick<ConfigProviderProps, 'input' | 'textArea'>;

const keepHere = (event: FormEvent) => event.preventDefault();

/**
 * A screen that is its own form (not a FormDialog: the survey) is drawn in this: its radios, boxes and
 * text are not saved by the browser. Enter in a field never submits it anywhere.
 */
export function NoRestoreForm(props: ComponentProps<'form'>) {
  return <form noValidate onSubmit={keepHere} {...props} autoComplete="off" />;
}
