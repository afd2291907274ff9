/** Photos and videos wherever they show: upload states, the chart's section (part of `ja`). */
export const jaMedia = {
  kinds: { photo: '写真', video: '動画' },
  states: {
    waiting: '未送信',
    uploading: (percent: number) => `送信中 ${percent}%`,
    uploaded: '送信済み',
    failed: '送信できませんでした',
  },
  /** Spec 8's upload failure, with the reason after it. */
  uploadFailed: '動画のアップロードに失敗しました',
  photoUploadFailed: '写真のアップロードに失敗しました',
  retryLater: 'サーバーに接続できませんでした。自動でもう一度送信します',
  notOnDevice: 'この写真・動画は端末にありません。オンラインのときに開けます',
  openFailed: '写真・動画を開けませんでした',
  notFound: '写真・動画が見つかりません',
  status: (status: number) => `サーバーエラー（${status}）`,
  /** Spec 8's text first, then the reason. */
  downloadFailed: (reason: string) => `ファイルのダウンロードに失敗しました${reason ? `：${reason}` : ''}`,
  download: 'ダウンロード',
  preview: 'プレビュー',
  close: '閉じる',
  thumbnailAlt: (kind: string, at: string) => `${kind}（${at}）`,
  duration: '長さ',
  bytes: (sent: string, total: string) => `${sent} / ${total}`,
  section: {
    title: '写真・動画',
    empty: '写真・動画はまだありません',
  },
} as const;
