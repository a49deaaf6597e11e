import type { ColumnType } from 'kysely';

/** Columns the database fills in (identity, defaults, the rev trigger). */
export type Auto<T> = ColumnType<T, T | undefined, T>;
export type Rev = ColumnType<number, never, never>;
export type Json<T> = ColumnType<T, string, string>;

export interface ReplicatedColumns {
  rev: Rev;
  deleted: Auto<boolean>;
}
