import { jaPainHistory } from '../../../i18n/ja-pain-history';
import type { PainOverlap, RecordComparison } from './compare';
import { regionLabel } from './region-heat';

const t = jaPainHistory.compare;

const levelText = (level: number | null) =>
  level === null ? t.notMarked : level === 0 ? t.resolvedLevel : String(level);

/** 部位ごとの変化: each region's level in both records (— where not marked) and 改善 / 悪化 / 変化なし. */
export function CompareTable({
  comparison,
  beforeDate,
  afterDate,
}: {
  comparison: RecordComparison;
  beforeDate: string;
  afterDate: string;
}) {
  if (comparison.rows.length === 0) return <p className="chart-muted">{t.noRegions}</p>;
  return (
    <div className="ph-table-wrap">
      <table className="ph-table ph-compare-table">
        <caption>{t.rows}</caption>
        <thead>
          <tr>
            <th scope="col">{t.region}</th>
            <th scope="col">{beforeDate}</th>
            <th scope="col">{afterDate}</th>
            <th scope="col">{t.change}</th>
          </tr>
        </thead>
        <tbody>
          {comparison.rows.map((row) => (
            <tr key={row.region} data-change={row.change}>
              <th scope="row">{regionLabel(row.region)}</th>
              <td>{levelText(row.before)}</td>
              <td>{levelText(row.after)}</td>
              <td>{row.change}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 痛む部位の重なり: 継続 / 消失/移動 / 新規, each with its regions. */
export function OverlapList({ overlap }: { overlap: PainOverlap }) {
  const groups = [
    { key: 'stayed', label: t.stayed, regions: overlap.stayed },
    { key: 'gone', label: t.gone, regions: overlap.gone },
    { key: 'added', label: t.added, regions: overlap.added },
  ];
  return (
    <div className="ph-overlap">
      <h5 className="ph-subheading">{t.overlapHeading}</h5>
      <dl className="ph-overlap-list">
        {groups.map((group) => (
          <div key={group.key} data-group={group.key}>
            <dt>{t.group(group.label, group.regions.length)}</dt>
            <dd>{group.regions.length === 0 ? t.noneInGroup : group.regions.map(regionLabel).join('、')}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
