import { LOGIN_MESSAGES } from '@clinic/sync-protocol/rules';
import { jaEntities } from './ja-entities';
import { jaRecords } from './ja-records';
import { jaSyncProblems, jaSyncStatus } from './ja-sync';

/** Every user-facing string of the web app, grouped by screen (STYLE.md 9); the larger groups have files of their own. */
export const ja = {
  app: {
    name: 'クリニック管理システム',
    version: 'クリニック管理システム　バージョン1.0（試作版）',
    loading: '読み込み中…',
    startFailure: 'アプリケーションの起動に失敗しました。',
    reload: '再読み込み',
    close: '閉じる',
  },
  pwa: {
    updateAvailable: '新しいバージョンが利用可能です',
    updateDescription: '再読み込みすると最新版に切り替わります。',
    updateRequired: 'アプリの更新が必要です',
    updateRequiredDescription:
      'このバージョンではサーバーと同期できません。再読み込みして最新版に切り替えてください。未同期の変更はこの端末に保存されており、更新後に送信されます。',
    reload: '再読み込み',
  },
  layout: {
    userMenu: 'ユーザーメニュー',
    openMenu: 'メニューを開く',
    mainMenu: 'メインメニュー',
    logout: 'ログアウト',
    lock: 'ロックする',
    switchUser: '別のユーザーに切り替え',
  },
  login: {
    heading: 'ログイン',
    idLabel: 'ユーザー名またはメールアドレス',
    passwordLabel: 'パスワード',
    submit: 'ログイン',
    submitting: 'ログイン中...',
    showPassword: { text: '表示', label: 'パスワードを表示' },
    hidePassword: { text: '隠す', label: 'パスワードを隠す' },
    success: 'ログインしました',
    validation: LOGIN_MESSAGES,
    errors: {
      tooManyAttempts: 'ログイン試行回数が上限を超えました。15分後に再試行してください。',
      // DESIGN.md DEVIATIONS: the field takes a user name too, so the message names both.
      invalidCredentials: 'ユーザー名（メールアドレス）またはパスワードが正しくありません',
      serverUnavailable: 'サーバーが一時的に利用できません。しばらく経ってから再試行してください。',
      offline: 'ネットワークエラーが発生しました。インターネット接続を確認してください。',
      timeout: '通信がタイムアウトしました。しばらく経ってから再試行してください。',
      unreachable: 'サーバーに接続できません。サーバーが起動しているか確認してください。',
      storage: '認証データの保存に失敗しました',
      generic: 'ログインに失敗しました',
    },
  },
  auth: {
    loginRequiredTitle: '認証エラー',
    loginRequired: 'ログインが必要です',
    redirecting: 'ログイン画面に移動します…',
  },
  api: {
    titles: {
      input: '入力エラー',
      auth: '認証エラー',
      forbidden: 'アクセスエラー',
      notFound: '見つかりません',
      server: 'サーバーエラー',
      network: 'ネットワークエラー',
      timeout: 'タイムアウト',
      unknown: 'エラー',
    },
    messages: {
      unavailable: 'サーバーが一時的に利用できません',
      notFound: 'APIエンドポイントが見つかりません',
      internal: 'サーバー内部エラーが発生しました',
      timeout: '通信がタイムアウトしました',
      network: 'ネットワークエラーが発生しました',
      unexpected: '予期しないエラーが発生しました',
      /** A 2xx whose body is not what this app expects (usually a server updated before the app). */
      unreadableAnswer: 'サーバーからの応答を読み取れませんでした。画面を再読み込みしてください',
      loginRequired: 'ログインが必要です',
      forbidden: 'この操作を実行する権限がありません',
    },
  },
  noPermission: {
    heading: 'アクセス権限がありません',
    /** Spec 6: what a non-admin sees on an admin page (with `text` after it). */
    adminHeading: '管理者権限が必要です。',
    text: 'このページにアクセスする権限がありません。',
    required: (role: string) => `必要な権限: ${role}`,
    current: (role: string) => `現在の権限: ${role}`,
    back: 'ダッシュボードへ戻る',
  },
  errorBoundary: {
    heading: 'エラーが発生しました',
    text: 'この画面の表示中に問題が起きました。もう一度お試しください。',
    limitReached: '再試行の上限に達しました。ページを再読み込みしてください。',
    retry: '再試行',
    reset: 'リセット',
    reload: '再読み込み',
    dashboard: 'ダッシュボードへ',
  },
  dashboard: {
    greeting: (name: string) => `お疲れさまです、${name}さん`,
    status: {
      chip: (word: string) => `システム状態：${word}`,
      checking: '確認中',
      ok: '正常',
      degraded: '一部に問題あり',
      offline: 'オフライン',
      // Spec 8, word for word: '(n/3 エラー)' and the offline sentence.
      degradedMessage: (failed: number) => `一部のデータの読み込みに失敗しました (${failed}/3 エラー)`,
      offlineMessage: 'データの読み込みに失敗しました（オフライン状態）',
      onDevice: '件数と最近の活動は、この端末に保存されたデータを表示しています。',
      offlineNote: 'オフラインです。この端末に保存されたデータを表示しています。接続が戻ると自動で同期します。',
    },
    stats: {
      label: '件数',
      customers: '顧客数',
      diagnoses: '診断記録',
      analyses: '分析実行数',
      /** The expression analyses the device holds (every device's, they sync). */
      analysesNote: '表情分析の記録',
      // Spec 9's fixed figure: said to be an example, not measured.
      uptime: '稼働率（例）',
      uptimeNote: '実測値ではありません',
      people: '人',
      records: '件',
      times: '回',
    },
    menu: {
      title: '業務メニュー',
    },
    activity: {
      title: '最近の活動',
      empty: '最近の活動はありません',
      diagnosis: '診断記録',
      spots: (n: number) => `痛み${n}か所`,
      maxPain: (level: number) => `最大の痛み ${level}`,
    },
  },
  customers: {
    searchPlaceholder: '顧客名・フリガナ・電話番号・カルテ番号で検索',
    searchLabel: '顧客を検索',
    searchClear: '検索の入力を消去',
    listLabel: '顧客一覧',
    add: '新規顧客',
    refresh: '同期',
    refreshLabel: '今すぐ同期',
    syncOffline: 'オフラインです。接続が戻ると自動で同期します。',
    count: (shown: number, total: number) => (shown === total ? `${total}件` : `${shown}件 / ${total}件`),
    empty: '顧客データがありません',
    noMatch: '検索条件に一致する顧客が見つかりません',
    /** The device's database could not be read (spec 8: the customer data's load failure, with its title). */
    loadFailed: {
      title: '顧客データエラー',
      message: '顧客データの取得に失敗しました',
      detail:
        'この端末に保存された顧客データを読み込めませんでした。再試行しても表示されない場合は、アプリを再読み込みしてください。',
      retry: '再試行',
    },
    unsynced: '未同期',
    conflict: '競合あり',
    // Starts with what the button shows (WCAG 2.5.3), then whose record it is.
    conflictLabel: (name: string) => `競合あり（${name}）`,
    sort: { label: '並び順', newest: '新着順', chartNumber: 'カルテ番号順', kana: '50音順', updated: '更新順' },
    columns: {
      chartNumber: 'カルテ番号',
      name: '顧客名',
      age: '年齢',
      gender: '性別',
      phone: '電話番号',
      email: 'メールアドレス',
      actions: '操作',
    },
    gender: { female: '女性', male: '男性', unset: '未設定' },
    edit: '編集',
    editLabel: (name: string) => `${name}を編集`,
    delete: '削除',
    deleteLabel: (name: string) => `${name}を削除`,
    deleteConfirm: (name: string) => `顧客「${name}」を削除しますか？`,
    /** Under the delete question when the customer has records: they stay, under the name marked 削除済み. */
    deleteKeepsRecords: (counts: string) =>
      `この顧客には${counts}があります。記録は削除されず、顧客名に「削除済み」と表示されて残ります。`,
    recordCounts: {
      visits: (n: number) => `来院記録${n}件`,
      surveys: (n: number) => `アンケート${n}件`,
      diagnoses: (n: number) => `診断記録${n}件`,
    },
    recordCountsJoin: '・',
    deleteFailed: '削除に失敗しました',
    deleted: '顧客を削除しました',
    form: {
      createTitle: '新規顧客登録',
      editTitle: '顧客情報の編集',
      save: '保存',
      cancel: 'キャンセル',
      saveFailed: (message: string) => `保存に失敗しました: ${message}`,
      // The spec fixes no customer save message; every form dialog says the same.
      created: '保存しました',
      updated: '保存しました',
      labels: {
        name: '顧客名',
        nameKana: 'フリガナ',
        age: '年齢',
        birthDate: '生年月日',
        gender: '性別',
        phone: '電話番号',
        email: 'メールアドレス',
        address: '住所',
        medicalHistory: '既往歴',
      },
      birthDatePlaceholder: '例: 1985-04-01 / 昭和60年4月1日',
      birthDateHelp: (date: string, age: number) => `${date}・${age}歳`,
      duplicate: {
        title: '登録済みの可能性があります',
        text: '同じ顧客名と電話番号の顧客がこの端末に登録されています。',
        name: '顧客名',
        chartNumber: 'カルテ番号',
        phone: '電話番号',
        unsynced: '未同期',
        open: '登録済みの顧客を開く',
        saveAnyway: 'このまま保存',
        cancel: 'キャンセル',
      },
    },
  },
  /** The customer's chart (カルテ) at /customers/:id. */
  ...jaRecords,
  list: {
    cannotUndo: 'このデータは元に戻せません。',
    delete: '削除する',
    cancel: 'キャンセル',
  },
  formDialog: {
    save: '保存',
    cancel: 'キャンセル',
    close: '閉じる',
    discardTitle: '入力内容を破棄しますか？',
    discardText: '保存していない入力は失われます。',
    discard: '破棄する',
    keepEditing: '編集を続ける',
  },
  syncStatus: jaSyncStatus,
  syncProblems: jaSyncProblems,
  /** How each synced entity is named to a person (data/entities): in problems, labels and retries. */
  entities: jaEntities,
  pickers: {
    customer: {
      label: '顧客',
      placeholder: '顧客名・フリガナ・カルテ番号で検索',
      empty: '該当する顧客がいません',
      loading: '顧客を読み込み中…',
      chartNumber: (n: number) => `No.${n}`,
      unsynced: '未同期',
      more: (n: number) => `ほか${n}件。顧客名やフリガナを入力して絞り込んでください`,
    },
    visit: {
      label: '来院記録',
      placeholder: '来院記録を選択',
      needCustomer: '先に顧客を選択してください',
      empty: 'この顧客の来院記録はありません',
      loading: '来院記録を読み込み中…',
      recorded: (at: string) => `（${at} 登録）`,
    },
  },
  logoutGuard: {
    title: '未同期の変更があります',
    text: (n: number) => `まだサーバーに送信されていない変更が${n}件あります。`,
    offline: 'オフラインのため、いまは送信できません。',
    keep: (user: string) =>
      `端末に残してログアウトしても、変更はこの端末に安全に保存されたままです。次に誰かがこの端末でオンラインでログインすると、${user}さんの変更として自動で送信されます。`,
    syncThenLogout: '同期してからログアウト',
    keepAndLogout: '変更を端末に残してログアウト',
    stay: 'ログアウトしない',
    syncFailed: '同期できませんでした。変更を端末に残してログアウトするか、接続が戻ってからもう一度お試しください。',
  },
  pages: {
    dashboard: {
      title: 'ダッシュボード',
      nav: 'ダッシュボード',
      description: '概要と最近の活動',
    },
    appointments: {
      title: '予約表',
      nav: '予約表',
      description: '一日の予約を施術者ごとに',
    },
    customers: {
      title: '顧客管理',
      nav: '顧客管理',
      description: '顧客の登録・検索・編集',
    },
    visits: {
      title: '来院履歴',
      nav: '来院履歴',
      description: '来院記録の管理',
    },
    diagnosis: {
      title: '診断記録',
      nav: '診断記録',
      description: '痛みの部位と強さの記録',
    },
    // /diagnosis-v2: the same screen as 診断記録 (not in the menu), so it has the same name.
    diagnosisV2: {
      title: '診断記録',
      nav: '診断記録',
      description: '痛みの部位と強さの記録',
    },
    surveys: {
      title: 'アンケート管理',
      nav: 'アンケート',
      description: '施術前後のアンケート',
    },
    camera: {
      title: '動画撮影',
      nav: '動画撮影',
      description: '動画・写真の撮影と保存',
    },
    faceAnalysis: {
      title: '表情分析',
      nav: '表情分析',
      description: '写真から表情を分析',
    },
    settings: {
      title: '設定',
      nav: '設定',
      description: 'カメラと分析の設定',
    },
    userManagement: {
      title: 'ユーザー管理',
      nav: 'ユーザー管理',
      description: 'アカウントと権限の管理',
    },
    androidLogs: {
      title: '端末エラーログ',
      nav: '端末エラーログ',
      description: 'タブレット・スマートフォンのエラー',
    },
    pwaOperationsLog: {
      title: '操作ログ分析',
      nav: '操作ログ',
      description: '操作ログとエラー分析',
    },
    auditLog: {
      title: 'アクセスログ',
      nav: 'アクセスログ',
      description: '記録の閲覧・変更の履歴',
    },
  },
} as const;

export type PageKey = keyof typeof ja.pages;
