/** How each synced entity is named to a person (data/entities): in problems, labels and retries (part of `ja`). */
export const jaEntities = {
  customers: {
    record: (name: string) => `「${name}」`,
    unknown: '（不明な顧客）',
    recordGone: 'この顧客はこの端末にないため再試行できません',
    mutations: {
      'customer.create': '顧客の登録',
      'customer.update': '顧客の更新',
      'customer.delete': '顧客の削除',
    },
  },
  visits: {
    /** 「山田 花子」の来院記録（2026-11-20）; without a known customer, 来院記録（2026-11-20）. */
    record: (customer: string | null, date: string) => `${customer ? `${customer}の` : ''}来院記録（${date}）`,
    unknown: '（不明な来院記録）',
    recordGone: 'この来院記録はこの端末にないため再試行できません',
    mutations: {
      'visit.create': '来院記録の登録',
      'visit.update': '来院記録の更新',
      'visit.delete': '来院記録の削除',
    },
  },
  surveys: {
    record: (customer: string | null, type: string) => `${customer ? `${customer}の` : ''}${type}アンケート`,
    unknown: '（不明なアンケート）',
    recordGone: 'このアンケートはこの端末にないため再試行できません',
    mutations: {
      'survey.submit': 'アンケートの保存',
      'survey.update': 'アンケートの修正',
    },
  },
  diagnoses: {
    /** 「山田 花子」の診断記録（2026-11-20）; without a known customer, 診断記録（2026-11-20）. */
    record: (customer: string | null, date: string) => `${customer ? `${customer}の` : ''}診断記録（${date}）`,
    unknown: '（不明な診断記録）',
    recordGone: 'この診断記録はこの端末にないため再試行できません',
    mutations: {
      'diagnosis.create': '診断記録の登録',
      'diagnosis.update': '診断記録の更新',
      'diagnosis.delete': '診断記録の削除',
    },
    fieldLabels: {
      customerId: '顧客',
      visitId: '関連する来院記録',
      date: '診断日',
      generalHealth: '全体的な健康状態',
      notes: 'メモ',
    },
  },
  painMarkers: {
    /** 痛み 3（診断記録 2026-11-20）; the record's name when the device has it. */
    record: (number: number, diagnosis: string | null) => `痛み${number}${diagnosis ? `（${diagnosis}）` : ''}`,
    unknown: '（不明な痛みの記録）',
    recordGone: 'この痛みの記録はこの端末にないため再試行できません',
    mutations: {
      'painMarker.create': '痛みの記録の追加',
      'painMarker.update': '痛みの記録の変更',
      'painMarker.delete': '痛みの記録の削除',
    },
    fieldLabels: {
      number: '番号',
      view: '前面・背面',
      x: '位置（横）',
      y: '位置（縦）',
      region: '部位',
      bodyPart: '部位の位置',
      painLevel: '痛みの強さ',
      notes: 'メモ',
      resolved: '消失',
    },
    views: { front: '前面', back: '背面' },
    resolved: { true: '消失', false: 'あり' },
  },
  media: {
    /** 「山田 花子」の動画（2026-11-20 10:15）; without a known customer, 動画（…）. */
    record: (customer: string | null, kind: string, at: string) => `${customer ? `${customer}の` : ''}${kind}（${at}）`,
    kinds: { photo: '写真', video: '動画' },
    unknown: '（不明な写真・動画）',
    recordGone: 'この写真・動画はこの端末にないため再試行できません',
    mutations: {
      'media.create': '写真・動画の保存',
    },
  },
  faceAnalyses: {
    /** 「山田 花子」の表情分析（2026-11-20 10:15）. */
    record: (customer: string | null, at: string) => `${customer ? `${customer}の` : ''}表情分析（${at}）`,
    unknown: '（不明な表情分析）',
    recordGone: 'この表情分析はこの端末にないため再試行できません',
    mutations: {
      'faceAnalysis.create': '表情分析の保存',
    },
  },
  appointments: {
    /** 「山田 花子」の予約（2026-12-07 10:00）. */
    record: (customer: string | null, at: string) => `${customer ? `${customer}の` : ''}予約（${at}）`,
    unknown: '（不明な予約）',
    recordGone: 'この予約はこの端末にないため再試行できません',
    mutations: {
      'appointment.create': '予約の登録',
      'appointment.update': '予約の変更',
    },
    fieldLabels: {
      customerId: '顧客',
      date: '日付',
      start: '開始時刻',
      minutes: '所要時間',
      staffName: '施術者',
      serviceMenu: '施術メニュー',
      notes: 'メモ',
      status: '状態',
      visitId: '来院記録',
    },
    statuses: { booked: '予約', visited: '来院済み', cancelled: 'キャンセル', noShow: '無断キャンセル' },
  },
  /** A record whose customer was deleted: the name stays, marked. */
  deletedCustomer: (name: string) => `${name}（削除済み）`,
  unknownCustomer: '（不明な顧客）',
} as const;
