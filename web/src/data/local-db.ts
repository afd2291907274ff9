import { ClinicDb, DB_NAME } from './clinic-db';

/** The device's one local database. */
export const localDb = new ClinicDb(DB_NAME);
