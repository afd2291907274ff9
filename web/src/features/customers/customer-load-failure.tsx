import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ja } from '../../i18n/ja';
import './customer-load-failure.css';

const t = ja.customers.loadFailed;

/**
 * In place of the list when the device's database could not be read (spec 8: a load-failure message with
 * its title, as for the diagnosis screen's customers): never an empty list that reads as "no customers".
 */
export function CustomerLoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="customer-load-failure" role="alert" aria-labelledby="customer-load-failure-title">
      <h2 id="customer-load-failure-title">{t.title}</h2>
      <p>{t.message}</p>
      <p className="customer-load-failure-detail">{t.detail}</p>
      <Button size="large" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
        {t.retry}
      </Button>
    </section>
  );
}
