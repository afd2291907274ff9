import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { logDb } from '../../telemetry/log-db';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';
import { recordError } from '../../telemetry/device-log-store';
import { sendDeviceLog } from '../../telemetry/device-log-upload';
import { shortSession } from './log-tones';

const t = jaDeviceLogs.send;
/** Spec 9: the send messages stay 60 s. */
export const SEND_MESSAGE_MS = 60_000;

export type SendState = { phase: 'idle' | 'sending'; message: { type: 'success' | 'error'; text: string } | null };

/**
 * Spec 4 "Android error report": sending, then the success (with the short session id) or the
 * failure (サーバーエラー and the status), each shown 60 s. A success clears the sent errors (the
 * upload does) and the screen reloads its list.
 */
export function useSendReport(onSent: () => void) {
  const [state, setState] = useState<SendState>({ phase: 'idle', message: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useLiveQuery(() => logDb.deviceErrors.count(), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (message: SendState['message']) => {
    clearTimeout(timer.current);
    setState({ phase: 'idle', message });
    timer.current = setTimeout(() => setState((s) => ({ ...s, message: null })), SEND_MESSAGE_MS);
  };

  const send = async (test: boolean) => {
    setState({ phase: 'sending', message: null });
    if (test) {
      await recordError(logDb, {
        type: 'manual',
        severity: 'low',
        message: t.testMessage,
        stack: '',
        timestamp: new Date().toISOString(),
        url: location.pathname,
      });
    }
    const outcome = await sendDeviceLog(logDb, test ? 'test' : 'manual');
    if (outcome.ok) {
      show({ type: 'success', text: t.sent(shortSession(outcome.sessionId)) });
      onSent();
    } else {
      show({ type: 'error', text: t.failed(outcome.status === null ? t.offline : t.serverError(outcome.status)) });
    }
  };

  return { ...state, pendingErrors: pending ?? null, send };
}
