import { sessionStore } from '../../auth';
import { createCurrentPatientStore } from './current-patient-store';

const browserStorage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** The app's one current-patient store, tied to the session: a sign-out or another user clears it. */
export const currentPatientStore = createCurrentPatientStore({ storage: browserStorage });

const follow = () => currentPatientStore.userChanged(sessionStore.get()?.userId ?? null);
follow();
sessionStore.subscribe(follow);
