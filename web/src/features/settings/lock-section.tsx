import { SETTINGS_LIMITS, SETTINGS_MESSAGES, type AppSettings } from '@clinic/sync-protocol/settings';
import { toHalfWidth } from '@clinic/sync-protocol/rules';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { jaLock } from '../../i18n/ja-lock';

const t = jaLock.settings;
const { min, max } = SETTINGS_LIMITS.idleLockMinutes;

/** The minutes as typed (full-width digits too), or NaN: the save then refuses with the Japanese rule. */
export function parseIdleMinutes(text: string): number {
  const digits = toHalfWidth(text).trim();
  return /^\d{1,3}$/.test(digits) ? Number(digits) : Number.NaN;
}

export function idleMinutesProblem(value: number): string | null {
  return Number.isInteger(value) && value >= min && value <= max ? null : SETTINGS_MESSAGES.idleLockMinutes;
}

/**
 * 自動ロック (issue 25): minutes without a touch or key before the screen locks. Only administrators
 * change it; others see it, so they know when the tablet will lock.
 */
export function LockSection({
  settings,
  onChange,
  isAdmin,
}: {
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  isAdmin: boolean;
}) {
  // The text as typed: "１５" stays on screen while the settings hold 15.
  const [text, setText] = useState<string | null>(null);
  // Reset (初期値に戻す) or another tab's save replaces what was typed.
  const typed = text !== null && Object.is(parseIdleMinutes(text), settings.idleLockMinutes) ? text : null;
  const shown = typed ?? String(settings.idleLockMinutes);
  const problem = typed === null ? null : idleMinutesProblem(parseIdleMinutes(typed));
  return (
    <section className="settings-section" aria-labelledby="settings-lock">
      <h2 id="settings-lock">{t.title}</h2>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t.label}
          htmlFor="settings-idle-lock"
          extra={isAdmin ? t.help : `${t.help}${t.adminOnly}`}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input
            id="settings-idle-lock"
            size="large"
            inputMode="numeric"
            style={{ maxWidth: 160 }}
            value={shown}
            disabled={!isAdmin}
            suffix="分"
            onChange={(e) => {
              setText(e.target.value);
              onChange({ idleLockMinutes: parseIdleMinutes(e.target.value) });
            }}
          />
        </Form.Item>
      </Form>
    </section>
  );
}
