import { DEVICE_NAME_MAX, deviceNameSchema, type AppSettings } from '@clinic/sync-protocol/settings';
import { Form, Input } from 'antd';
import { jaSettings } from '../../i18n/ja-settings';

const t = jaSettings.device;

/** The problem with a name as typed, in Japanese, or null (the same schema the save checks with). */
export function deviceNameProblem(name: string): string | null {
  const parsed = deviceNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * この端末の名前 (beyond the spec): set once on each tablet (施術室1, 受付), kept on the device and
 * sent with its requests and logs, so the access log and the device logs name it instead of an address.
 */
export function DeviceNameSection({
  settings,
  onChange,
}: {
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
}) {
  const problem = deviceNameProblem(settings.deviceName);
  return (
    <section className="settings-section" aria-labelledby="settings-device">
      <h2 id="settings-device">{t.title}</h2>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t.name}
          htmlFor="settings-device-name"
          extra={t.help(DEVICE_NAME_MAX)}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input
            id="settings-device-name"
            size="large"
            value={settings.deviceName}
            placeholder={t.placeholder}
            // A little room past the limit, so a pasted long name is seen and explained, not silently cut.
            maxLength={DEVICE_NAME_MAX + 10}
            showCount={{ formatter: ({ count }) => `${count} / ${DEVICE_NAME_MAX}` }}
            onChange={(e) => onChange({ deviceName: e.target.value })}
          />
        </Form.Item>
      </Form>
    </section>
  );
}
