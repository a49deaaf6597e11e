import { describe, expect, it } from 'vitest';
import { clearIfSent } from '../../src/ui/sentField.ts';

describe('clearIfSent', () => {
  it('empties a field that still holds what was sent', () => {
    expect(clearIfSent('hello', '')('hello')).toBe('');
  });

  it('keeps what was typed while the send was on its way', () => {
    expect(clearIfSent('olena@example.com', '')('bohdan@exa')).toBe('bohdan@exa');
  });

  it('tells a draft object by identity, so an edit after the send is kept even if it restores a field', () => {
    const empty = { email: '', manager: false };
    const sent = { email: 'a@b.c', manager: false };
    expect(clearIfSent(sent, empty)(sent)).toBe(empty);
    const edited = { ...sent, manager: true };
    expect(clearIfSent(sent, empty)(edited)).toBe(edited);
    const editedBack = { ...edited, manager: false };
    expect(clearIfSent(sent, empty)(editedBack)).toBe(editedBack);
  });
});
