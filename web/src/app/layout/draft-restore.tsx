import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toast';
import { latestDraft } from '../../drafts/draft-db';
import { notePath } from '../../drafts/open-forms';
import { restoring } from '../../drafts/restoring';

// The keystore and the lock's texts (about 3 KB gzip) load only when the device holds a draft: the shell
// mounts this at every start, before the first screen's rows.
const knownHere = async (userId: string) => {
  const { lockKeystore } = await import('../../lock/lock-keystore');
  return (await lockKeystore.knownUser(userId)) !== null;
};
const restoredText = () => import('../../i18n/ja-lock').then(({ jaLock }) => jaLock.drafts.restored);

/**
 * In the signed-in shell: notes which screen is shown (where a form was opened), and, as a person's app
 * starts, gives back the form they left open when the session passed to someone else: to its screen,
 * whose dialog reopens with what they typed (useReopenDraft, useDraft). Drafts older than a session,
 * and those of people this device no longer knows, are dropped on the way.
 */
export function DraftRestore({ userId }: { userId: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  useEffect(() => notePath(pathname + search), [pathname, search]);

  useEffect(() => {
    let active = true;
    void latestDraft(userId, knownHere, Date.now())
      .then((draft) => {
        if (!active || !draft) return;
        if (draft.path) void navigate(draft.path, { replace: true });
        restoring.publish({ ...draft, userId });
        void restoredText().then((text) => toast.info(text));
      })
      .catch(() => undefined);
    return () => {
      active = false;
      restoring.forget(userId);
    };
    // Once per person's app: the shell stays mounted while they work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
  return null;
}
