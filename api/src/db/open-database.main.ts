import { openDatabase } from './startup';

// Test entry (migrate.kill.test.ts): only what a server start does to the database, so a child
// process can be killed at any moment of it without booting the whole app. Prints a line when the
// database work begins and one when it is done; the test times its kills between them.
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
console.log('opening');
openDatabase({ dataDir, databaseUrl: undefined })
  .then(async (db) => {
    await db.destroy();
    console.log('opened');
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof Error && error.cause) console.error(error.cause);
    process.exit(1);
  });
