import { describe, expect, it } from 'vitest';
import { StatementNames } from '../../server/db/prepared.ts';

describe('StatementNames', () => {
  it('gives one name per statement text, the same every time', () => {
    const names = new StatementNames(10);
    const a = names.nameOf('SELECT $1', 1);
    expect(a).toBeDefined();
    expect(names.nameOf('SELECT $1', 1)).toBe(a);
    expect(names.nameOf('SELECT $1, $2', 2)).not.toBe(a);
  });

  it('leaves statements without parameters, and bulk writes, unnamed', () => {
    const names = new StatementNames(10);
    expect(names.nameOf('CREATE TABLE t (a int); CREATE INDEX ON t (a)', 0)).toBeUndefined();
    expect(names.nameOf('INSERT INTO t VALUES ...', 101)).toBeUndefined();
    expect(names.size).toBe(0);
  });

  it('stops naming new texts at its bound, and keeps the names it gave', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('SELECT 1 WHERE $1', 1);
    names.nameOf('SELECT 2 WHERE $1', 1);
    expect(names.nameOf('SELECT 3 WHERE $1', 1)).toBeUndefined();
    expect(names.nameOf('SELECT 1 WHERE $1', 1)).toBe(first);
    expect(new StatementNames(0).nameOf('SELECT $1', 1)).toBeUndefined();
  });
});
