// IndexedDB for Dexie in unit tests; must load before Dexie reads its globals.
import 'fake-indexeddb/auto';
import { setDataKey } from './vault/data-key';

// Every test file runs with a data key in memory, so the stores it tests seal and open their rows as
// on a signed-in tablet; tests of the locked device clear it themselves.
setDataKey(crypto.getRandomValues(new Uint8Array(32)));
