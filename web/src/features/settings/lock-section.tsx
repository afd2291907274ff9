import {
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  type AppSettings,
  idleLockMinutesFor,
  isDeskName,
} from '@clinic/sync-protocol/settings';
import { toHalfWidth } from '@clinic/sync-protocol/rules';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { jaLock } from '../../i18n/ja-lock';

const t = jaLock.settings;

/** A whole number as typed (full-width digits too), or NaN: the save then refuses with the Japanese rule. */
export function parseWholeNumber(text: string): number {
  const digits = toHalfWidth(text).trim();
  return /^\d{1,3}$/.test(digits) ? Number(digits) : Number.NaN;
}

type Field = 'idleLockMinutes' | 'offlineSignInDays';

export function fieldProblem(field: Field, value: number): string | null {
  const { min, max } = SETTINGS_LIMITS[field];
  return Number.isInteger(value) && value >= min && value <= max ? null : SETTINGS_MESSAGES[field];
}

function WholeNumberField({
  field,
  id,
  label,
  help,
  suffix,
  value,
  onValue,
  isAdmin,
}: {
  field: Field;
  id: string;
  label: string;
  help: string;
  suffix: string;
  /** The figure in force (for the idle lock, the device's default until one is chosen). */
  value: number;
  onValue: (value: number) => void;
  isAdmin: boolean;
}) {
  // The text as typed: "１５" stays on screen while the settings hold 15.
  const [text, setText] = useState<string | null>(null);
  // Reset (初期値に戻す) or another tab's save replaces what was typed.
  const typed = text !== null && Object.is(parseWholeNumber(text), value) ? text : null;
  const shown = typed ?? String(value);
  const problem = typed === null ? null : fieldProblem(field, parseWholeNumber(typed));
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      extra={isAdmin ? help : `${help}${t.adminOnly}`}
      validateStatus={problem ? 'error' : undefined}
      help={problem ?? undefined}
    >
      <Input
        id={id}
        size="large"
        inputMode="numeric"
        style={{ maxWidth: 160 }}
        value={shown}
        disabled={!isAdmin}
        suffix={suffix}
        onChange={(e) => {
          setText(e.target.value);
          onValue(parseWholeNumber(e.target.value));
        }}
      />
    </Form.Item>
  );
}

/**
 * 自動ロック (issue 25): minutes without a touch or key before the screen locks, and the days a person may
 * sign in offline since the server last confirmed them (issue 34). Only administrators change them; others
 * see them, so they know when the tablet will lock.
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
  // Per device: until an administrator sets it here, the device's default (15 at a desk, else 5) is shown.
  const idleHelp = settings.idleLockChosen ? t.help : `${t.help}${t.idleDefault(isDeskName(settings.deviceName))}`;
  return (
    <section className="settings-section" aria-labelledby="settings-lock">
      <h2 id="settings-lock">{t.title}</h2>
      <Form layout="vertical" component="div">
        <WholeNumberField
          field="idleLockMinutes"
          id="settings-idle-lock"
          label={t.label}
          help={idleHelp}
          suffix="分"
          value={idleLockMinutesFor(settings)}
          onValue={(idleLockMinutes) => onChange({ idleLockMinutes, idleLockChosen: true })}
          isAdmin={isAdmin}
        />
        <WholeNumberField
          field="offlineSignInDays"
          id="settings-offline-days"
          label={t.offlineDaysLabel}
          help={t.offlineDaysHelp}
          suffix="日"
          value={settings.offlineSignInDays}
          onValue={(offlineSignInDays) => onChange({ offlineSignInDays })}
          isAdmin={isAdmin}
        />
      </Form>
    </section>
  );
}
