import { MedicineBoxOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ja } from '../../i18n/ja';
import type { ActivityItem } from './recent-activity';

const t = ja.dashboard.activity;

function Activity({ item }: { item: ActivityItem }) {
  return (
    <li className="dashboard-activity">
      <MedicineBoxOutlined aria-hidden className="dashboard-activity-icon" />
      <div className="dashboard-activity-body">
        <div className="dashboard-activity-head">
          <strong className="dashboard-activity-name">{item.customerName}</strong>
          <span className="dashboard-muted">
            {t.diagnosis}・<time dateTime={item.date}>{item.date}</time>
          </span>
        </div>
        <div className="dashboard-activity-pain">
          {item.spots > 0 && <span>{t.spots(item.spots)}</span>}
          {item.maxLevel !== null && item.chip && (
            <span className={`dashboard-pain-chip dashboard-pain-${item.chip}`}>{t.maxPain(item.maxLevel)}</span>
          )}
          <span>{item.summary}</span>
        </div>
      </div>
    </li>
  );
}

/** Spec 2's recent activity: the latest diagnosis records on the device, or the no-activity words. */
export function RecentActivityList({ loaded, items }: { loaded: boolean; items: readonly ActivityItem[] }) {
  return (
    <Card role="region" aria-labelledby="dashboard-activity-title">
      <h2 id="dashboard-activity-title" className="dashboard-section-title">
        {t.title}
      </h2>
      {!loaded ? (
        <div role="status" aria-label={ja.app.loading} className="dashboard-loading">
          <Spin />
        </div>
      ) : items.length === 0 ? (
        <EmptyState description={t.empty} />
      ) : (
        <ul className="dashboard-activities">
          {items.map((item) => (
            <Activity key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Card>
  );
}
