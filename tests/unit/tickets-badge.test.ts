import { describe, expect, it } from 'vitest';
import { defaultTicketDesign, type DesignRole } from '../../contract/tickets.ts';
import { FALLBACK_ROLE_COLOR, badgeColor, badgeContent, chooseBadgeRole, type BadgeHolder } from '../../server/domain/tickets/badge-pdf.ts';

const role = (name: string, over: Partial<DesignRole> = {}): DesignRole => ({
  id: 1,
  name,
  color: '#123456',
  canDelete: true,
  is_default: false,
  enabled: true,
  ...over,
});

const holder = (over: Partial<BadgeHolder> = {}): BadgeHolder => ({
  firstName: 'Ірина',
  lastName: 'Коваль',
  ticketName: '',
  company: 'Арсенал',
  position: 'CTO',
  ticketType: 'standard',
  participantRole: 'visitor',
  ...over,
});

describe('badge role', () => {
  const roles = [role('Visitor', { is_default: true, color: '#3f7cac' }), role('speaker', { color: '#e07a5f' }), role(' Press ', { color: '#111' })];

  it('takes the holder participant role first, matched by name whatever the case', () => {
    expect(chooseBadgeRole(roles, { participantRole: 'speaker', ticketType: 'press' })).toEqual({ name: 'speaker', color: '#e07a5f' });
    expect(chooseBadgeRole([role('SPEAKER'), ...roles], { participantRole: 'speaker', ticketType: '' })?.name).toBe('SPEAKER');
  });

  it('then a role named like the ticket type, then the default role', () => {
    expect(chooseBadgeRole(roles, { participantRole: 'visitor', ticketType: 'PRESS' })).toEqual({ name: 'Press', color: '#111' });
    expect(chooseBadgeRole(roles, { participantRole: null, ticketType: 'VIP' })).toEqual({ name: 'Visitor', color: '#3f7cac' });
    // A participant role the design has no role for falls through like a visitor.
    expect(chooseBadgeRole(roles, { participantRole: 'volunteer', ticketType: 'press' })?.name).toBe('Press');
  });

  it('never picks a disabled role, and gives no band when nothing fitting is enabled', () => {
    const off = roles.map((r) => ({ ...r, enabled: r.name !== 'speaker' && r.name !== 'Visitor' }));
    expect(chooseBadgeRole(off, { participantRole: 'speaker', ticketType: 'VIP' })).toBeNull();
    expect(chooseBadgeRole(off, { participantRole: 'speaker', ticketType: 'press' })?.name).toBe('Press');
    expect(
      chooseBadgeRole(
        roles.map((r) => ({ ...r, enabled: false })),
        { participantRole: null, ticketType: '' },
      ),
    ).toBeNull();
  });

  it('gives the default design visitor for a plain ticket', () => {
    expect(chooseBadgeRole(defaultTicketDesign().roles, { participantRole: null, ticketType: 'standard' })).toEqual({ name: 'visitor', color: '#3f7cac' });
  });
});

describe('badge colour', () => {
  it('accepts #rgb and #rrggbb only', () => {
    expect(badgeColor('#ABC')).toBe('#abc');
    expect(badgeColor(' #00ff7f ')).toBe('#00ff7f');
    for (const bad of ['red', '#abcd', '#12345g', 'rgb(0,0,0)', '', '#1234567', 'url(x)']) expect(badgeColor(bad), bad).toBe(FALLBACK_ROLE_COLOR);
    expect(chooseBadgeRole([role('visitor', { is_default: true, color: 'javascript:1' })], { participantRole: null, ticketType: '' })?.color).toBe(
      FALLBACK_ROLE_COLOR,
    );
  });
});

describe('badge content', () => {
  const design = defaultTicketDesign();

  it('prints only the ticked fields and ignores entries it does not know', () => {
    const b = badgeContent(
      { ...design.badge, checked: ['last_name', 'company', 'shoe_size'], items: [' Hall A ', '', 'Stand\n12'] },
      design.roles,
      holder(),
      null,
    );
    expect(b).toMatchObject({ names: ['Коваль'], company: 'Арсенал', position: '', lines: ['Hall A', 'Stand 12'], qr: false });
    const all = badgeContent(design.badge, design.roles, holder(), null);
    expect(all).toMatchObject({ names: ['Ірина', 'Коваль'], company: 'Арсенал', position: 'CTO', qr: true, role: { name: 'visitor' } });
  });

  it('prints a ticket issued in another name as that name, once', () => {
    expect(badgeContent(design.badge, design.roles, holder({ ticketName: 'Петро  Іваненко' }), null).names).toEqual(['Петро Іваненко']);
    expect(badgeContent(design.badge, design.roles, holder({ ticketName: 'ірина коваль' }), null).names).toEqual(['Ірина', 'Коваль']);
    expect(badgeContent({ ...design.badge, checked: ['company'] }, design.roles, holder({ ticketName: 'Петро Іваненко' }), null).names).toEqual([]);
  });
});
