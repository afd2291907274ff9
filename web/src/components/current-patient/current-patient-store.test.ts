import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { adminUser, loginResponse, staffUser } from '../../test-utils/fixtures';
import { currentPatientStore } from './current-patient-session';
import { CURRENT_PATIENT_KEY, createCurrentPatientStore } from './current-patient-store';

const HANAKO = '0193a3f0-0000-4000-8000-000000000001';
const JIRO = '0193a3f0-0000-4000-8000-000000000002';

/** A Storage kept in a Map, as sessionStorage is for one tab. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('current patient store', () => {
  it('gives the patient only to the person who picked them', () => {
    const store = createCurrentPatientStore({ storage: () => memoryStorage() });
    store.choose('staff-1', HANAKO);
    expect(store.get('staff-1')).toBe(HANAKO);
    expect(store.get('staff-2')).toBeNull();
    expect(store.get(null)).toBeNull();
  });

  it('forgets the patient when another person signs in or nobody is signed in, not on the same person', () => {
    const store = createCurrentPatientStore({ storage: () => memoryStorage() });
    store.choose('staff-1', HANAKO);
    store.userChanged('staff-1'); // a token refresh: the same person
    expect(store.get('staff-1')).toBe(HANAKO);
    store.userChanged('staff-2');
    expect(store.snapshot()).toBeNull();
    store.choose('staff-2', JIRO);
    store.userChanged(null);
    expect(store.get('staff-2')).toBeNull();
  });

  it('keeps only the ids in the tab’s storage, survives a reload, and is cleared by choosing none', () => {
    const storage = memoryStorage();
    const store = createCurrentPatientStore({ storage: () => storage });
    store.choose('staff-1', HANAKO);
    expect(JSON.parse(storage.getItem(CURRENT_PATIENT_KEY)!)).toEqual({ userId: 'staff-1', customerId: HANAKO });
    // A reload reads it back.
    expect(createCurrentPatientStore({ storage: () => storage }).get('staff-1')).toBe(HANAKO);
    store.choose('staff-1', null);
    expect(storage.getItem(CURRENT_PATIENT_KEY)).toBeNull();
  });

  it('ignores a damaged stored value and still works when storage refuses', () => {
    const storage = memoryStorage();
    storage.setItem(CURRENT_PATIENT_KEY, '{"userId":1}');
    expect(createCurrentPatientStore({ storage: () => storage }).snapshot()).toBeNull();
    const refusing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
    } as Storage;
    const store = createCurrentPatientStore({ storage: () => refusing });
    store.choose('staff-1', JIRO);
    expect(store.get('staff-1')).toBe(JIRO);
  });
});

describe('current patient of the signed-in session', () => {
  afterEach(() => sessionStore.end('logout'));

  it('is dropped at sign-out, so the next person starts with no patient', () => {
    sessionStore.start(loginResponse({ user: staffUser }));
    currentPatientStore.choose(staffUser.id, HANAKO);
    expect(currentPatientStore.get(staffUser.id)).toBe(HANAKO);
    sessionStore.end('logout');
    expect(currentPatientStore.snapshot()).toBeNull();
    sessionStore.start(loginResponse({ user: adminUser }));
    expect(currentPatientStore.get(adminUser.id)).toBeNull();
  });

  it('is dropped when another person’s session replaces this one (another tab signed in)', () => {
    sessionStore.start(loginResponse({ user: staffUser }));
    currentPatientStore.choose(staffUser.id, HANAKO);
    sessionStore.start(loginResponse({ user: adminUser, accessToken: 'access-2' }));
    expect(currentPatientStore.get(adminUser.id)).toBeNull();
    expect(currentPatientStore.snapshot()).toBeNull();
  });
});
