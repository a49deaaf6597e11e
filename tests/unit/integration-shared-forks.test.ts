import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The integration project runs with `isolate: false` (vitest.config.ts): a fork keeps its modules
 * from one file to the next. A file that mocks a module, replaces a global, fakes the clock or
 * changes the environment would leave that behind for whichever file the fork runs next, and the
 * failure would show up there, in a file that did nothing wrong. So none may; a test that needs one
 * of these belongs in the unit project, which stays isolated.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIRS = ['tests/integration', 'tests/fixtures'];
const FORBIDDEN = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|\bprocess\.env(\.\w+|\[[^\]]+\])\s*=[^=]/;

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mts|mjs)$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('integration files share their fork', () => {
  it('mock no module, replace no global, fake no clock and set no environment variable', () => {
    const found: string[] = [];
    for (const file of DIRS.flatMap(sources)) {
      fs.readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (FORBIDDEN.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
