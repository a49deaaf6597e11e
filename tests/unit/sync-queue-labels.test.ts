import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { COMMAND_KINDS } from '../../contract/commands.ts';

const root = join(import.meta.dirname, '..', '..');

describe('the list behind the sync pill', () => {
  it('names the area of every kind of command in every language', () => {
    const areas = [...new Set(COMMAND_KINDS.map((k) => k.split('.')[0]!))];
    for (const locale of LOCALES) {
      const texts = (JSON.parse(readFileSync(join(root, 'locales', `${locale}.json`), 'utf8')) as { sync: { areas: Record<string, string> } }).sync.areas;
      const missing = areas.filter((a) => !texts[a]);
      expect(missing, locale).toEqual([]);
    }
  });
});
