import type { DesignRole, TicketDesignSettings } from '../../data/index.ts';
import { BADGE_FIELDS, type BadgeField } from '../../../contract/tickets.ts';

/** Pure edits of the ticket-design screen, kept apart so they can be tested without a browser. */

type Instruction = TicketDesignSettings['instructions']['items'][number];
type Sponsor = TicketDesignSettings['sponsors']['items'][number];

/** Instructions in their shown order; `sort` is the order the server and the printed badge use. */
export function sortedInstructions(items: readonly Instruction[]): Instruction[] {
  return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** Renumbers `sort` from the list order, so what the owner sees is what gets printed. */
function renumber(items: readonly Instruction[]): Instruction[] {
  return items.map((item, i) => ({ ...item, sort: i }));
}

export function addInstruction(items: readonly Instruction[]): Instruction[] {
  // Ids are never reused, so an edit in flight cannot land on another item.
  const id = items.reduce((m, i) => Math.max(m, i.id), 0) + 1;
  return renumber([...sortedInstructions(items), { id, text: '', sort: 0 }]);
}

export function removeInstruction(items: readonly Instruction[], id: number): Instruction[] {
  return renumber(sortedInstructions(items).filter((i) => i.id !== id));
}

/** Moves the item one place up (-1) or down (+1); at either end the list is unchanged. */
export function moveInstruction(items: readonly Instruction[], id: number, delta: -1 | 1): Instruction[] {
  const list = sortedInstructions(items);
  const from = list.findIndex((i) => i.id === id);
  const to = from + delta;
  const moving = list[from];
  const other = list[to];
  if (moving === undefined || other === undefined) return renumber(list);
  list[from] = other;
  list[to] = moving;
  return renumber(list);
}

/**
 * Whether the screen offers Delete: a default role can only be disabled and a blocked role
 * (canDelete false) stays; the server refuses both anyway (design_role_default, design_role_blocked).
 */
export function mayRemoveRole(role: Pick<DesignRole, 'canDelete' | 'is_default'>): boolean {
  return role.canDelete && !role.is_default;
}

/** A role the owner adds: deletable and not default, the only kind the server accepts as new. */
export function newRole(name: string, color: string): DesignRole {
  return { name, color, canDelete: true, is_default: false, enabled: true };
}

/**
 * Removes the role at `index` and unlinks sponsors that pointed at it, since the server refuses a
 * sponsor naming a role that no longer exists. Refuses (returns the settings unchanged) for a role
 * that may not be removed.
 */
export function removeRole(settings: TicketDesignSettings, index: number): TicketDesignSettings {
  const role = settings.roles[index];
  if (!role || !mayRemoveRole(role)) return settings;
  const items: Sponsor[] = settings.sponsors.items.map((s) => (role.id !== undefined && s.role_id === role.id ? { ...s, role_id: null } : s));
  return { ...settings, roles: settings.roles.filter((_, i) => i !== index), sponsors: { ...settings.sponsors, items } };
}

export function newSponsor(): Sponsor {
  return { name: '', description: '', image: '', image_thumb: '', link: '', role_id: null };
}

/** What a badge can print, in the order the settings list them; `checked` holds the chosen ones. */
export { BADGE_FIELDS, type BadgeField };

/**
 * Turns one badge field on or off. Entries the screen does not know (an older client's) are kept,
 * and the known ones stay in BADGE_FIELDS order so a save does not reorder what is printed.
 */
export function toggleBadgeField(checked: readonly string[], field: BadgeField, on: boolean): string[] {
  const known = new Set<string>(BADGE_FIELDS);
  const chosen = new Set(checked.filter((c) => known.has(c)));
  if (on) chosen.add(field);
  else chosen.delete(field);
  return [...BADGE_FIELDS.filter((f) => chosen.has(f)), ...checked.filter((c) => !known.has(c))];
}

/** The badge's own lines (one per line in the field): trimmed, blank lines dropped, at most 100. */
export function badgeItemsFromText(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim().slice(0, 100))
    .filter(Boolean)
    .slice(0, 100);
}

/** The roles every design starts with, stored under these names; screens word them in the reader's language. */
export const BUILT_IN_ROLES = ['visitor', 'speaker', 'organizer', 'sponsor', 'volunteer'] as const;

export function isBuiltInRole(name: string): name is (typeof BUILT_IN_ROLES)[number] {
  return (BUILT_IN_ROLES as readonly string[]).includes(name);
}

/** The badge types the app knows ('standart' is the old clients' spelling of standard). */
export const BADGE_TYPES = ['standart'] as const;
