import { LOGIN_MESSAGES } from '@clinic/sync-protocol';

/** Every user-facing string of the web app, grouped by screen (STYLE.md 9). */
export const ja = {
  app: {
    name: 'クリニック管理システム',
    version: 'バージョン 1.0（プロトタイプ版）',
    loading: '読み込み中...',
    startFailure: 'アプリケーションの起動に失敗しました。',
    reload: '再読み込み',
  },
  pwa: {
    updateAvailable: '新しいバージョンが利用可能です',
    updateDescription: '再読み込みすると最新版に切り替わります。',
    reload: '再読み込み',
  },
  layout: {
    userMenu: 'ユーザーメニュー',
    openMenu: 'メニューを開く',
    mainMenu: 'メインメニュー',
    logout: 'ログアウト',
  },
  login: {
    heading: 'ログイン',
    idLabel: 'ユーザー名またはメールアドレス',
    passwordLabel: 'パスワード',
    submit: 'ログイン',
    submitting: 'ログイン中...',
    success: 'ログインしました',
    validation: LOGIN_MESSAGES,
    errors: {
      tooManyAttempts: 'ログイン試行回数が上限を超えました。15分後に再試行してください。',
      invalidCredentials: 'メールアドレスまたはパスワードが正しくありません',
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
    redirecting: 'ログイン画面に移動します...',
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
      loginRequired: 'ログインが必要です',
      forbidden: 'この操作を実行する権限がありません',
    },
  },
  noPermission: {
    heading: 'アクセス権限がありません',
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
  placeholder: {
    notReady: 'この画面は準備中です',
  },
  dashboard: {
    greeting: (username: string) => `こんにちは、${username}さん`,
    notReady: 'この画面は準備中です',
    description: '件数、システム状態、業務メニュー、最近の活動をここに表示する予定です。',
  },
  pages: {
    dashboard: {
      title: 'ダッシュボード',
      nav: 'ダッシュボード',
      description: '概要と最近の活動',
      purpose: '件数、システム状態、業務メニュー、最近の活動を表示します。',
    },
    customers: {
      title: '顧客管理',
      nav: '顧客管理',
      description: '顧客の登録・検索・編集',
      purpose: '顧客の一覧表示・検索・登録・編集・削除を行う画面です。',
    },
    visits: {
      title: '来院履歴',
      nav: '来院履歴',
      description: '来院記録の管理',
      purpose: '来院日・施術メニュー・料金・担当者などの来院記録を管理する画面です。',
    },
    diagnosis: {
      title: '診断記録',
      nav: '診断記録',
      description: '痛みの部位と強さの記録',
      purpose: '人体図に痛みの部位と強さ（1〜10）を記録する画面です。',
    },
    diagnosisV2: {
      title: '診断記録 v2',
      nav: '診断記録 v2',
      description: '問診・診断モードの人体図',
      purpose: '問診用と診断用の人体図を切り替えて痛みの部位を記録する画面です。',
    },
    surveys: {
      title: 'アンケート管理',
      nav: 'アンケート',
      description: '施術前後のアンケート',
      purpose: '顧客ごとに施術前・施術後のアンケートに回答する画面です。',
    },
    camera: {
      title: '動画撮影',
      nav: '動画撮影',
      description: '動画・写真の撮影と保存',
      purpose: '顧客を選んで動画・写真を撮影し、保存・アップロードする画面です。',
    },
    faceAnalysis: {
      title: '表情分析',
      nav: '表情分析',
      description: '写真から表情を分析',
      purpose: '写真から感情・年齢・性別を端末上で分析する画面です。',
    },
    settings: {
      title: '設定',
      nav: '設定',
      description: 'カメラと分析の設定',
      purpose: 'カメラ、表情分析、動画分析の設定を変更する画面です。',
    },
    userManagement: {
      title: 'ユーザー管理',
      nav: 'ユーザー管理',
      description: 'アカウントと権限の管理',
      purpose: 'ユーザーアカウントの作成・編集・削除と権限の管理を行う画面です。',
    },
    androidLogs: {
      title: 'Androidログ',
      nav: 'Androidログ',
      description: '端末のエラーログ',
      purpose: 'Android端末から送られたエラーログを確認・ダウンロードする画面です。',
    },
    pwaOperationsLog: {
      title: 'PWA操作ログ分析',
      nav: 'PWA操作ログ',
      description: '操作ログとエラー分析',
      purpose: 'PWAの操作ログとエラーの傾向を分析する画面です。',
    },
  },
} as const;

export type PageKey = keyof typeof ja.pages;
