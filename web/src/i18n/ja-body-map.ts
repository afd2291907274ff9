/** The words of the shared body map (components/body-map): figure, markers, heat map and toggles. */
export const jaBodyMap = {
  instruction: '人体図の痛む場所をタップすると印を付けられます',
  viewToggle: '人体図の向き',
  styleToggle: '人体図の種類',
  views: { front: '前面', back: '背面' },
  // The ordinary figure and the medical-record one, named by what a person sees in them.
  styles: { interview: '簡易', chart: '詳細' },
  /** Spec 5 and 9's 高い痛み (level 7 or more), where the areas are named. */
  highPain: (level: number) => `高い痛み（${level}以上）`,
  highPainLine: (level: number, places: readonly string[]) => `高い痛み（${level}以上）：${places.join('、')}`,
  marker: (number: number, place: string, level: number) => `痛み${number}（${place}・強さ${level}）`,
  resolvedMarker: (number: number, place: string) => `痛み${number}（${place}・消失）`,
  heat: {
    legend: '痛みの強さ',
    mild: '軽い',
    strong: '強い',
    chronic: '慢性的な部位',
    none: '痛みの記録がありません',
    region: (place: string, level: string, count: number) => `${place} 強さ${level}（${count}件）`,
    summary: (label: string, regions: string) => `${label}。痛みのある部位：${regions}`,
    chronicList: (regions: string) => `慢性的な部位：${regions}`,
  },
} as const;
