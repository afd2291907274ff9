// IndexedDB for Dexie in unit tests; must load before Dexie reads its globals.
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { setDataKey } from './vault/data-key';

// Every test file runs with a data key in memory, so the stores it tests seal and open their rows as
// on a signed-in tablet; tests of the locked device clear it themselves.
setDataKey(crypto.getRandomValues(new Uint8Array(32)));

// A screen under test reads its rows from IndexedDB and draws antd's components: on a shared CI machine that
// can take longer than testing-library's default second before a `findBy…` or `waitFor` sees it. Waiting
// longer changes nothing for code that works and still fails code that never shows what is asked.
configure({ asyncUtilTimeout: 5_000 });
