import { API_BASE } from './http';
import { freshAccessToken } from './refresh';

/**
 * The server's expression analysis (spec 7: multipart image + customer_id, bearer token), for a device
 * whose own engine cannot start. The server keeps the result (and the photo when asked); the device
 * gets both with its next sync. Resolves with the answer's `data` as sent, read by readFaces; rejects
 * with the server's own message when it gives one.
 */
export async function analyzeOnServer(photo: Blob, target: { customerId: string; visitId: string | null }, saveImage: boolean): Promise<unknown> {
  const form = new FormData();
  form.set('image', photo, 'photo');
  form.set('customer_id', target.customerId);
  if (target.visitId) form.set('visit_id', target.visitId);
  form.set('save_image', String(saveImage));
  // One id per press: a retried request answers the stored result instead of analysing twice.
  form.set('id', crypto.randomUUID());
  const response = await fetch(`${API_BASE}/face-analysis/analyze`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${await freshAccessToken()}` } });
  const envelope = (await response.json().catch(() => null)) as { success?: boolean; data?: unknown; error?: string | null; message?: string | null } | null;
  if (!response.ok || !envelope?.success) throw new Error(envelope?.error ?? envelope?.message ?? '');
  return envelope.data;
}
