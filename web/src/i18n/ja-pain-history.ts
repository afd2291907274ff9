/** The words of the pain history in the customer's chart (問診・診断) and of its print button. */
export const jaPainHistory = {
  print: '印刷',
  views: { front: '前面', back: '背面' },
  list: {
    heading: '診断記録',
    count: (n: number) => `${n}件`,
    spots: (n: number) => `${n}箇所`,
    resolved: (n: number) => `うち消失${n}`,
    max: (n: number) => `最大 ${n}`,
  },
  latest: {
    heading: (date: string) => `最新の人体図（${date}）`,
    map: (date: string, view: string) => `${date}の人体図（${view}）`,
  },
  chart: {
    heading: '痛みの推移',
    max: '最大',
    average: '平均',
    legend: '凡例',
    /** The chart read aloud: what it covers and where it went. */
    summary: (n: number, from: string, to: string, max: string, average: string) =>
      n === 1
        ? `痛みの推移のグラフ。${from}の1回の記録。最大の痛み${max}、平均の痛み${average}。`
        : `痛みの推移のグラフ。${from}から${to}までの${n}回の記録。最大の痛みは${max}、平均の痛みは${average}。各回の値は表にあります。`,
    from: (first: string, last: string) => `${first}から${last}`,
    tableCaption: '記録ごとの痛み（0〜10）',
    date: '日付',
    none: '痛みの強さが記録された診断記録はまだありません',
  },
  change: {
    heading: '前回との比較',
    /** 改善（最大の痛み 8 → 5、平均 6.0 → 3.5） */
    text: (verdict: string, maxBefore: number, maxAfter: number, avgBefore: string, avgAfter: string) =>
      `${verdict}（最大の痛み ${maxBefore} → ${maxAfter}、平均 ${avgBefore} → ${avgAfter}）`,
    dates: (before: string, after: string) => `${before} → ${after}`,
    rule: '最大の痛みが2以上または3割以上下がれば改善、上がれば悪化と判定します。',
    needTwo: '比べるには2回以上の記録が必要です',
  },
  heat: {
    heading: 'これまでの痛みの分布',
    map: (view: string, n: number) => `これまでの痛みの分布（${view}、${n}回の記録）`,
    legend: '色の濃さと数字は、部位ごとの平均の痛みです（消失した回は0として計算）。',
  },
  chronic: {
    heading: '慢性的な部位',
    rule: '3回以上記録され、平均の痛みが5以上の部位です。傾向は直近3回とその前の3回の平均を比べています。',
    none: '慢性的な部位はありません',
    average: (value: string) => `平均 ${value}`,
    count: (n: number) => `${n}回`,
    trend: (verdict: string) => `傾向：${verdict}`,
    trendPending: '傾向：4回目の記録から判定します',
  },
  compare: {
    heading: '2つの記録を比べる',
    before: '前の記録',
    after: '後の記録',
    same: '別の記録を選んでください',
    map: (which: string, date: string, view: string) => `${which}：${date}の人体図（${view}）`,
    option: (date: string, n: number | null) => (n === null ? date : `${date}（${n}件目）`),
    region: '部位',
    change: '変化',
    notMarked: '—',
    resolvedLevel: '0（消失）',
    noRegions: 'どちらの記録にも部位のわかる痛みはありません',
    /** Pain extent: how many distinct regions hurt. */
    extent: (n: number) => `痛む部位 ${n}か所`,
    group: (label: string, n: number) => `${label}（${n}か所）`,
    overlapHeading: '痛む部位の重なり',
    stayed: '継続',
    gone: '消失/移動',
    added: '新規',
    noneInGroup: 'なし',
    rows: '部位ごとの変化',
  },
  survey: {
    heading: 'アンケートの痛む部位と人体図',
    area: '部位',
    survey: (date: string | null) => (date ? `アンケート（${date}）` : 'アンケート'),
    map: (date: string) => `人体図（${date}）`,
    yes: 'あり',
    no: 'なし',
    notAnswered: '回答なし',
    mismatch: '不一致',
    mismatchNote: '不一致の部位は、アンケートと人体図のどちらかにしかありません。',
  },
} as const;
