import { type AppSettings, DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveAppSettings, useAppSettings } from '../../data/app-settings';

/** Spec 9: saving shows for 0.5 s, the result for 3 s. */
export const SAVE_DELAY_MS = 500;
export const SAVED_NOTICE_MS = 3000;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * The settings as being edited: a draft over the stored settings, dirty once it differs (spec 4),
 * saved after the spec's short pause, with the outcome shown for a while.
 */
export function useSettingsForm(save: (settings: AppSettings) => Promise<void> = saveAppSettings) {
  const stored = useAppSettings();
  const [draft, setDraft] = useState<AppSettings | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const current = draft ?? stored.settings;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(stored.settings);

  const change = useCallback(
    (patch: Partial<AppSettings>) => setDraft((d) => ({ ...(d ?? stored.settings), ...patch })),
    [stored.settings],
  );
  const changeVideo = useCallback(
    (patch: Partial<AppSettings['videoAnalysis']>) =>
      setDraft((d) => {
        const base = d ?? stored.settings;
        return { ...base, videoAnalysis: { ...base.videoAnalysis, ...patch } };
      }),
    [stored.settings],
  );
  // The device's name is who it is, not a preference: 初期値に戻す keeps it.
  const reset = useCallback(
    () => setDraft((d) => ({ ...DEFAULT_SETTINGS, deviceName: (d ?? stored.settings).deviceName })),
    [stored.settings],
  );

  const submit = useCallback(() => {
    if (!dirty || saveState === 'saving') return;
    const next = current;
    setSaveState('saving');
    setError(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      save(next).then(
        () => {
          setDraft(null);
          setSaveState('saved');
          timer.current = setTimeout(() => setSaveState('idle'), SAVED_NOTICE_MS);
        },
        (failure: unknown) => {
          setSaveState('error');
          setError(failure instanceof Error ? failure.message : null);
        },
      );
    }, SAVE_DELAY_MS);
  }, [dirty, saveState, current, save]);

  return { settings: current, loaded: stored.loaded, dirty, saveState, error, change, changeVideo, reset, submit };
}
