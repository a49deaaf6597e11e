import { describe, expect, it } from 'vitest';
import { NAME_MAX_MARKS_PER_LETTER, checkName, cleanName } from '../../contract/names.ts';

const rules = { required: true, max: 100 };

describe('cleanName', () => {
  it('keeps real names of every script as they are, in NFC', () => {
    for (const name of ['Anna', 'Ольга', "Ім'я", 'Łukasz', 'Nguyễn Thị', 'José María', 'محمد', 'שרה', '李小龍', 'देवनागरी', "O'Brien-Smith", 'Jr.']) {
      expect(cleanName(name)).toBe(name.normalize('NFC'));
    }
    expect(cleanName('Jose\u0301')).toBe('José');
  });

  it('removes bidi controls, zero-width and other invisible characters', () => {
    expect(cleanName('\u202EnimdA')).toBe('nimdA');
    expect(cleanName('\u2066Ad\u2069min\u200E\u200F\u061C')).toBe('Admin');
    expect(cleanName('A\u200Bd\u200Cm\u200Di\u2060n\uFEFF')).toBe('Admin');
    expect(cleanName('An\u00ADna\u034F')).toBe('Anna');
    expect(cleanName('\u3164\u115F\u1160\uFFA0\u2800')).toBe('');
    expect(cleanName('Anna\u{E0041}\u{E007F}')).toBe('Anna');
    expect(cleanName('A\u0000n\u0007na\u001B')).toBe('Anna');
  });

  it('turns every kind of space and line break into one space, and trims', () => {
    expect(cleanName('  Anna\u00A0\u2003Maria\n\tKovalenko\u2028 ')).toBe('Anna Maria Kovalenko');
  });

  it('cuts stacks of combining marks down to a few per letter', () => {
    const zalgo = `Z${'\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308'.repeat(4)}`;
    expect(cleanName(zalgo)).toBe(`Z${'\u0300\u0301\u0302\u0303'}`);
    expect(NAME_MAX_MARKS_PER_LETTER).toBe(4);
    // Vietnamese stacks two marks on one letter; they stay.
    expect(cleanName('Nguye\u0302\u0303n')).toBe('Nguyễn');
  });
});

describe('checkName', () => {
  it('refuses a name with no letter or digit once cleaned', () => {
    for (const raw of ['', '   ', '\u200B\u200B', '\u202E', '\u0301\u0301', '...', '\u3164']) {
      expect(checkName(raw, rules), JSON.stringify(raw)).toEqual({ ok: false, code: 'invalid_name' });
    }
  });

  it('lets an optional name be empty but not invisible-only junk with marks', () => {
    expect(checkName('\u200B', { required: false, max: 100 })).toEqual({ ok: true, value: '' });
    expect(checkName('-', { required: false, max: 100 })).toEqual({ ok: false, code: 'invalid_name' });
    expect(checkName(' Kovalenko ', { required: false, max: 100 })).toEqual({ ok: true, value: 'Kovalenko' });
  });

  it('applies the length limit to the cleaned name', () => {
    expect(checkName(`${'a'.repeat(100)}\u200B\u200B`, rules)).toEqual({ ok: true, value: 'a'.repeat(100) });
    expect(checkName('a'.repeat(101), rules)).toEqual({ ok: false, code: 'invalid_name' });
  });
});
