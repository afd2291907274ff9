import { regionById } from '@clinic/sync-protocol/body';
import { jaBodyMap } from '../../i18n/ja-body-map';
import { formatLevel } from './heat-scale';
import type { RegionHeat } from './types';

const t = jaBodyMap.heat;

/**
 * The heat map in words, for a screen reader: its name, the regions with heat from the strongest,
 * and the chronic areas. Regions of another view or unknown ids are left out, as the drawing leaves them.
 */
export function heatSummary(
  label: string,
  view: string,
  heat: readonly RegionHeat[],
  highlight: readonly string[],
): string {
  const hot = heat
    .filter((h) => h.level > 0)
    .flatMap((h) => {
      const region = regionById(h.region);
      return region && region.view === view ? [{ region, heat: h }] : [];
    })
    .sort((a, b) => b.heat.level - a.heat.level);
  const parts = [
    hot.length === 0
      ? `${label}。${t.none}`
      : t.summary(label, hot.map((h) => t.region(h.region.label, formatLevel(h.heat.level), h.heat.count)).join('、')),
  ];
  const chronic = highlight.flatMap((id) => {
    const region = regionById(id);
    return region && region.view === view ? [region.label] : [];
  });
  if (chronic.length > 0) parts.push(t.chronicList(chronic.join('、')));
  return parts.join('。');
}
