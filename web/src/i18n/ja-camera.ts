/** The 動画撮影 screen's strings (part of `ja`). Spec 8's messages verbatim. */
export const jaCamera = {
  source: {
    label: 'カメラ',
    current: 'この端末のカメラ',
    external: '外部カメラ（Raspberry Pi）',
    /**
     * The camera's own state, in camera words: the device's network has its own chip (同期の状況), and a
     * camera that streams while the tablet is offline must not read オンライン.
     */
    status: { checking: 'カメラ確認中', online: 'カメラ接続中', offline: 'カメラ未接続' },
    /** Over the preview, which shows no picture of the external camera. */
    notice: {
      demo: '外部カメラのアドレスが設定されていません（デモモード）。設定画面で設定できます',
      deviceOffline: 'この端末がオフラインのため、外部カメラに接続できません',
      checking: '外部カメラを確認しています…',
      offline: '外部カメラに接続できません。カメラの電源とネットワークを確認してください',
      online: '外部カメラの映像はこの画面には表示されません',
    },
    refresh: 'カメラの状態を再確認',
  },
  customer: '顧客',
  visit: '来院記録（任意）',
  customerRequired: '動画撮影には顧客の選択が必要です。上で顧客を選択してください。',
  preview: 'カメラの映像',
  recording: '録画中',
  elapsed: '経過時間',
  photo: '写真撮影',
  startRecording: '録画開始',
  stopRecording: '録画停止',
  importFile: 'ファイルから取り込む',
  importHelp: 'JPEG・PNG の写真、WebM・MP4 の動画を取り込めます',
  initFailed: 'カメラの初期化に失敗しました。カメラへのアクセス許可を確認してください。',
  photoFailed: '写真撮影に失敗しました',
  externalPhotoFailed: '外部カメラでの写真撮影に失敗しました',
  demoMode: 'API未実装（デモモード）',
  uploadFailed: '動画のアップロードに失敗しました',
  androidFailed: 'Android動画処理に失敗しました',
  // Online the file goes at once; offline it waits for the connection. Each says what really happens.
  photoSaved: (online: boolean) =>
    online
      ? '写真を保存しました。サーバーへ送信します'
      : '写真を端末に保存しました。オンラインになると自動で送信されます',
  videoSaved: (duration: string, online: boolean) =>
    online
      ? `動画（${duration}）を保存しました。サーバーへ送信します`
      : `動画（${duration}）を端末に保存しました。オンラインになると自動で送信されます`,
  imported: (kind: string) => `${kind}を取り込みました`,
  noSpace: (minutes: number) =>
    minutes < 1
      ? '端末の空き容量が足りないため録画できません。送信済みの写真・動画を整理してください'
      : `端末の空き容量が足りません。録画できるのは約${minutes}分までです`,
  diskFull: '端末の空き容量がなくなったため録画を停止しました。ここまでの録画は保存されています',
  recovered: '前回途中で終わった録画を保存しました',
  history: {
    title: '撮影履歴',
    empty: 'この患者の写真・動画はまだありません',
    download: (name: string) => `${name}をダウンロード`,
    preview: (name: string) => `${name}をプレビュー`,
  },
  quality: {
    title: '品質スコア',
    score: (score: number) => `品質 ${score}点`,
    parts: {
      sharpness: { label: 'ピント', detail: (v: number) => `輪郭のはっきりさ ${v}` },
      brightness: { label: '明るさ', detail: (v: number) => `平均の明るさ ${v}（0〜255）` },
      clipping: { label: '白飛び・黒つぶれ', detail: (v: number) => `真っ白・真っ黒の部分 ${v}%` },
      face: { label: '顔', detail: (v: number) => `顔の大きさ 画面の${v}%` },
    },
    none: 'この撮影には品質スコアがありません',
    help: '品質スコアは端末上で画像から計算しています（80点以上：良好、60点以上：注意、60点未満：撮り直しをおすすめします）',
  },
} as const;
