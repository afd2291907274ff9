import type { AppSettings } from '@clinic/sync-protocol/settings';
import { Switch } from 'antd';
import { jaSettings } from '../../i18n/ja-settings';

const t = jaSettings.analysis;
type Flag = 'autoAnalysis' | 'saveImages' | 'debugMode';
const FLAGS: Flag[] = ['autoAnalysis', 'saveImages', 'debugMode'];

/** The expression-analysis switches (spec 2). */
export function AnalysisSection({
  settings,
  onChange,
}: {
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
}) {
  return (
    <section className="settings-section" aria-labelledby="settings-analysis">
      <h2 id="settings-analysis">{t.title}</h2>
      <ul className="settings-switches">
        {FLAGS.map((flag) => (
          <li key={flag}>
            <Switch
              id={`settings-${flag}`}
              checked={settings[flag]}
              onChange={(on) => onChange({ [flag]: on })}
              aria-describedby={`settings-${flag}-help`}
            />
            <label htmlFor={`settings-${flag}`}>
              <span className="settings-switch-label">{t[flag]}</span>
              <span id={`settings-${flag}-help`} className="settings-help">
                {t[`${flag}Help`]}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
