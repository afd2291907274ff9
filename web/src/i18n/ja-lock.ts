/** The shared tablet's words: the lock, offline sign-in, reconnecting, the wipe (issue 25). */
export const jaLock = {
  signIn: {
    firstTimeNeedsNetwork: '初めてこの端末を使う場合はネットワーク接続が必要です',
    deviceKeyLost: 'この端末のデータを開く鍵を復元できませんでした。管理者に連絡してください。',
    needsNetwork: (days: number) =>
      `サーバーでの確認から${days}日以上たっているため、オフラインではサインインできません。ネットワークに接続してからサインインしてください。`,
  },
  lock: {
    title: '画面をロックしました',
    expiredTitle: 'ログインの有効期限が切れました',
    signedIn: (name: string) => `${name} さんがサインインしています`,
    hint: '続けるにはパスワードを入力してください。',
    password: 'パスワード',
    unlock: 'ロック解除',
    unlocking: '確認中…',
    otherUser: '別のユーザーでサインイン',
    wrongPassword: 'パスワードが正しくありません',
    attemptsLeft: (left: number) => `あと${left}回間違えると、この端末からサインアウトします。`,
    passwordRequired: 'パスワードを入力してください',
    unknownUser: 'この端末でのサインインの記録がありません。別のユーザーでサインインしてください。',
  },
  wipe: {
    open: '端末のデータを消去（管理者）',
    title: '端末のデータを消去',
    explain: '管理者のユーザー名とパスワードで確認します。',
    adminId: '管理者のユーザー名（メールアドレス）',
    adminPassword: '管理者のパスワード',
    submit: '消去する',
    cancel: 'キャンセル',
    notAdmin: '管理者のユーザー名とパスワードを入力してください',
    confirmTitle: 'この端末のデータをすべて消去しますか？',
    confirmPending: (count: number) =>
      `まだサーバーに送っていない変更が${count}件あります。消去すると、これらの変更は失われます。`,
    confirmNoPending: '未送信の変更はありません。',
    confirmRest: 'この端末に保存された顧客・来院・診断記録と写真をすべて消去します。サーバーのデータは消えません。',
    confirmOk: 'すべて消去',
    failed: '消去できませんでした。もう一度お試しください。',
  },
  drafts: {
    /** A form its owner left open when the session passed to someone else, open again as it was. */
    restored: '入力途中の内容を復元しました。不要なときはキャンセル（アンケートはクリア）で破棄できます。',
  },
  reconnect: {
    title: 'サーバーに再接続',
    explain: (name: string) =>
      `ネットワークに接続しました。未送信の変更を送るため、${name} さんのパスワードを入力してください。変更はこの端末に保存されたままです。`,
    submit: '再接続',
    later: 'あとで',
  },
  settings: {
    title: '自動ロック',
    label: '操作がないときにロックするまでの時間（分）',
    help: '1〜30分。タブレットを離れると、この時間のあと画面がロックされます。',
    /** Shown while the device's default applies (no administrator has set this device's minutes). */
    idleDefault: (desk: boolean) =>
      desk
        ? 'この端末は名前から受付の端末として15分にしています（施術室の端末は5分）。'
        : 'この端末は5分にしています（名前に「受付」を含む受付の端末は15分）。',
    range: '自動ロックまでの時間は1〜30分の整数で入力してください',
    adminOnly: '管理者だけが変更できます。',
    offlineDaysLabel: 'オフラインでサインインできる期間（日）',
    offlineDaysHelp:
      '1〜90日。サーバーで最後に確認できてからこの日数を過ぎた人は、ネットワークに接続したときだけサインインできます。',
  },
} as const;
