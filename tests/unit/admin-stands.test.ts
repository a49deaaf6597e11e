import { describe, expect, it } from 'vitest';
import { checkStandFields, standPictures } from '../../contract/admin-stands.ts';
import { findStand, standsEditorView } from '../../sync/views/admin/stands.ts';
import { companyDoc } from '../fixtures/company-doc.ts';

/** The stand editor's rules and its overlay of queued stand changes. */

const blank = { name: 'Acme', location: '', link: '', description: '', phone: '', email: '', logo: '', picture: '' };

const doc = companyDoc;

let seq = 0;
const cmd = (kind: string, payload: Record<string, unknown>, status: 'pending' | 'applied' | 'rejected' = 'pending') => ({
  id: `cmd-${++seq}-aaaaaaaa`,
  kind,
  payload: { event_id: 7, ...payload },
  seq,
  status,
  ...(status === 'rejected' ? { code: 'organiser_required' } : {}),
});

describe('stand rules', () => {
  it('names the problems of a stand’s fields', () => {
    expect(checkStandFields(blank)).toEqual({});
    expect(checkStandFields({ ...blank, name: ' ' })).toEqual({ name: 'required' });
    expect(checkStandFields({ ...blank, link: 'javascript:alert(1)' })).toEqual({ link: 'url' });
    expect(checkStandFields({ ...blank, email: 'nope' })).toEqual({ email: 'email' });
    expect(checkStandFields({ ...blank, location: 'x'.repeat(101) })).toEqual({ location: 'too_long' });
  });

  it('reads a logo as its picture without the small size', () => {
    expect(standPictures({ image: '/p.png', image_thumb: '/l.png?size=small' })).toEqual({ logo: '/l.png', picture: '/p.png' });
  });
});

describe('the stands overlay', () => {
  it('shows a stand made offline with its members, once, and keeps its key when the server sends it back', () => {
    const made = cmd('stand.set', { fields: { ...blank, name: 'Made offline' } });
    const member = cmd('stand.member.set', { stand: { client_id: made.id }, who: { email: 'x@y.z' }, position: 'CEO', is_manager: true });
    const queued = standsEditorView(7, [doc(1)], [made, member]);
    expect(queued.stands.map((s) => [s.key, s.fields.name, s.members.map((m) => m.email)])).toEqual([
      ['s1', 'Stand 1', ['']],
      [`c${made.id}`, 'Made offline', ['x@y.z']],
    ]);
    const served = standsEditorView(
      7,
      [doc(1), doc(2, { name: 'Made offline', client_id: made.id })],
      [
        { ...made, status: 'applied' as const },
        { ...member, status: 'applied' as const },
      ],
    );
    expect(served.stands.map((s) => s.key)).toEqual(['s1', 's2']);
    expect(findStand(served, `c${made.id}`)?.stand_id).toBe(2);
    expect(findStand(served, 's2')?.members.map((m) => [m.email, m.is_manager])).toEqual([
      ['', true],
      ['x@y.z', true],
    ]);
  });

  it('lays edits, member changes and removals over the documents, and lists refusals', () => {
    const view = standsEditorView(
      7,
      [doc(1), doc(2)],
      [
        cmd('stand.set', { stand: { id: 1 }, fields: { ...blank, name: 'Renamed' } }),
        cmd('stand.member.set', { stand: { id: 1 }, who: { user_id: 5 }, position: 'CEO', is_manager: false }),
        cmd('stand.remove', { stand: { id: 2 } }),
        cmd('stand.member.remove', { stand: { id: 1 }, user_id: 9 }, 'rejected'),
      ],
    );
    expect(view.stands).toEqual([
      expect.objectContaining({
        key: 's1',
        pending: true,
        fields: expect.objectContaining({ name: 'Renamed' }),
        members: [expect.objectContaining({ user_id: 5, position: 'CEO', is_manager: false, name: 'Iryna Koval' })],
      }),
    ]);
    expect(view.refused).toEqual([expect.objectContaining({ kind: 'stand.member.remove', subject: 'Renamed' })]);
  });
});
