/** The database's name in IndexedDB, apart from database.ts so the page can name it without loading RxDB. */
export const DEFAULT_DB_NAME = 'foyer';
