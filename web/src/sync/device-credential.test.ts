import { DEVICE_CREDENTIAL_HEADER } from '@clinic/sync-protocol';
import { describe, expect, it, vi } from 'vitest';
import { ClinicDb } from '../data/clinic-db';
import { credentialHeaders } from './device-credential';

let dbCount = 0;

describe("the device's credential", () => {
  it('registers once when the first pull and the first sealed push ask for it at the same moment', async () => {
    const db = new ClinicDb(`device-credential-${++dbCount}`, { sealed: false });
    let answer: (credential: string) => void = () => undefined;
    const register = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const both = Promise.all([
      credentialHeaders(db, 'client-1', register),
      credentialHeaders(db, 'client-1', register),
    ]);
    await vi.waitFor(() => expect(register).toHaveBeenCalled());
    answer('credential-1');
    expect(await both).toEqual([
      { [DEVICE_CREDENTIAL_HEADER]: 'credential-1' },
      { [DEVICE_CREDENTIAL_HEADER]: 'credential-1' },
    ]);
    expect(register).toHaveBeenCalledTimes(1);
    // Kept: the next call reads it and registers no more.
    expect(await credentialHeaders(db, 'client-1', register)).toEqual({ [DEVICE_CREDENTIAL_HEADER]: 'credential-1' });
    expect(register).toHaveBeenCalledTimes(1);
    db.close();
  });
});
