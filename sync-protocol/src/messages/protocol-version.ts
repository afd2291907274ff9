/**
 * The wire protocol's version. Bump it whenever a wire schema changes (the schema-hash test insists).
 * History:
 * 1 — customers: create/update/delete mutations, push/pull with cookie paging, rejections, conflicts.
 * 2 — customers: birthDate (typed 西暦/和暦, stored YYYY-MM-DD); age, phone and e-mail accept full-width input.
 * 3 — visits (visit.create/update/delete) and surveys (survey.submit/update) join the pull and the mutations.
 * 4 — diagnoses (diagnosis.create/update/delete) and their pain markers as records of their own (painMarker.*).
 * 5 — media (photos and videos: media.create; `uploaded` set by the server once the file has arrived).
 * 6 — face analyses (faceAnalysis.create: a photo's or a clip's faces and emotions); GIF photos.
 * 7 — restore epochs: push and pull answers carry the server's epoch, a push may name the one it knows, and /sync/heal sends a restored server what it lacks; every text is bounded before any pattern runs (e-mail 254, phone 64, free text 10,000).
 * 8 — a mutation may name its author (`authorId`, the person signed in when it was made): a shared tablet's outbox is sent by whoever signs in online, and the audit names both.
 * 9 — who may sign in on a tablet: login and refresh answers carry the person's `signInStamp`, a pull may ask about `signers` and is answered with those who still may.
 * 10 — a heal batch may carry `deletions` (id, when, by whom) from the device's deletion log, so a record deleted after the restored backup stays deleted.
 * 11 — a face analysis' faces carry `features` (landmark-derived, {} from this app's engines; a face without it reads as {}), and `quality` holds the capture's score where one was measured.
 * 12 — appointments (appointment.create/update: 予約表; moving, cancelling and 来院済み are updates) join the pull and the mutations.
 */
export const PROTOCOL_VERSION = 12;

/**
 * The oldest client version this server still serves. A deploy that only adds (an entity, a field)
 * keeps it, so tablets go on syncing until they take the update; raise it only when an older client's
 * mutations or reads can no longer be served correctly (as Zero's `MIN_SERVER_SUPPORTED_PROTOCOL_VERSION`).
 */
export const MIN_SUPPORTED_PROTOCOL_VERSION = 1;

export type ProtocolSupport = 'supported' | 'client-too-old' | 'client-too-new';

export function protocolSupport(clientVersion: number): ProtocolSupport {
  if (clientVersion < MIN_SUPPORTED_PROTOCOL_VERSION) return 'client-too-old';
  if (clientVersion > PROTOCOL_VERSION) return 'client-too-new';
  return 'supported';
}

/** The app on the device is older than the server can serve: it must update (its changes stay on the device). */
export const PROTOCOL_UNSUPPORTED_MESSAGE = 'アプリの更新が必要です。更新すると、この端末の未同期の変更も送信されます';
/** The app is newer than the server (a deploy under way): syncing resumes once the server is updated. */
export const PROTOCOL_TOO_NEW_MESSAGE =
  'サーバーの更新を待っています。変更はこの端末に保存されており、更新後に同期されます';
