// IndexedDB for Dexie in unit tests; must load before Dexie reads its globals.
import 'fake-indexeddb/auto';
