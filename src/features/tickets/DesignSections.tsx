import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDesignSettings } from '../../data/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { DesignImageField } from './DesignImageField.tsx';
import { TicketQr } from '../../ui/qr/TicketQr.tsx';
import {
  addInstruction,
  BADGE_FIELDS,
  BADGE_TYPES,
  isBuiltInRole,
  badgeItemsFromText,
  toggleBadgeField,
  mayRemoveRole,
  moveInstruction,
  newRole,
  newSponsor,
  removeInstruction,
  removeRole,
  sortedInstructions,
} from './design.ts';

/**
 * The four parts of the ticket design form (src/features/tickets/TicketDesignPage.tsx): each edits
 * its part of the settings through `edit`, which the page keeps until the owner saves them whole.
 */

/** Six-digit hex, what <input type="color"> takes; other saved colours start from grey there. */
const HEX = /^#[0-9a-f]{6}$/i;
const NEW_ROLE_COLOR = '#888888';

export interface DesignSectionProps {
  settings: TicketDesignSettings;
  edit(change: (s: TicketDesignSettings) => TicketDesignSettings): void;
  /** Picture uploads need the network. */
  offline: boolean;
  upload(file: File): Promise<{ image: string; image_thumb: string }>;
}

/** What the holder should know, in order, with a picture. */
export function InstructionsSection({ settings, edit, offline, upload }: DesignSectionProps) {
  const { t } = useTranslation();
  const instructions = sortedInstructions(settings.instructions.items);
  return (
    <Card
      title={t('ticketDesign.instructions.title')}
      actions={
        <Button
          size="sm"
          type="button"
          onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: addInstruction(s.instructions.items) } }))}
        >
          {t('ticketDesign.instructions.add')}
        </Button>
      }
    >
      <DesignImageField
        label={t('ticketDesign.instructions.image')}
        url={settings.instructions.image}
        disabled={offline}
        upload={upload}
        // A crop belongs to the old picture; the new one prints whole.
        onChange={({ image }) => edit((s) => ({ ...s, instructions: { ...s.instructions, image, cropImage: '' } }))}
      />
      {instructions.length === 0 ? <p className="muted">{t('ticketDesign.instructions.none')}</p> : null}
      <ol className="ticket-design__list">
        {instructions.map((item, i) => (
          <li key={item.id} className="ticket-design__row">
            <div className="field ticket-design__grow">
              <label htmlFor={`instr-${item.id}`}>{t('ticketDesign.instructions.item', { n: i + 1 })}</label>
              <textarea
                id={`instr-${item.id}`}
                value={item.text}
                maxLength={2000}
                rows={2}
                onChange={(e) => {
                  const text = e.target.value;
                  edit((s) => ({
                    ...s,
                    instructions: { ...s.instructions, items: s.instructions.items.map((x) => (x.id === item.id ? { ...x, text } : x)) },
                  }));
                }}
              />
            </div>
            <div className="ticket-design__buttons">
              <Button
                size="sm"
                type="button"
                variant="ghost"
                disabled={i === 0}
                aria-label={t('ticketDesign.instructions.up', { n: i + 1 })}
                onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: moveInstruction(s.instructions.items, item.id, -1) } }))}
              >
                ↑
              </Button>
              <Button
                size="sm"
                type="button"
                variant="ghost"
                disabled={i === instructions.length - 1}
                aria-label={t('ticketDesign.instructions.down', { n: i + 1 })}
                onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: moveInstruction(s.instructions.items, item.id, 1) } }))}
              >
                ↓
              </Button>
              <Button
                size="sm"
                type="button"
                variant="ghost"
                onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: removeInstruction(s.instructions.items, item.id) } }))}
              >
                {t('ticketDesign.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** The sponsors printed on the ticket, each with a logo and maybe a role. */
export function SponsorsSection({ settings, edit, offline, upload }: DesignSectionProps) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('ticketDesign.sponsors.title')}
      actions={
        <Button size="sm" type="button" onClick={() => edit((s) => ({ ...s, sponsors: { ...s.sponsors, items: [...s.sponsors.items, newSponsor()] } }))}>
          {t('ticketDesign.sponsors.add')}
        </Button>
      }
    >
      {settings.sponsors.items.length === 0 ? <p className="muted">{t('ticketDesign.sponsors.none')}</p> : null}
      <ul className="ticket-design__list">
        {settings.sponsors.items.map((sp, index) => {
          const set = (patch: Partial<typeof sp>) =>
            edit((s) => ({ ...s, sponsors: { ...s.sponsors, items: s.sponsors.items.map((x, j) => (j === index ? { ...x, ...patch } : x)) } }));
          const key = sp.id ?? `new-${index}`;
          return (
            <li key={key} className="ticket-design__block">
              <div className="field">
                <label htmlFor={`sp-name-${key}`}>{t('ticketDesign.sponsors.name')}</label>
                <input id={`sp-name-${key}`} value={sp.name} maxLength={200} onChange={(e) => set({ name: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`sp-link-${key}`}>{t('ticketDesign.sponsors.link')}</label>
                <input id={`sp-link-${key}`} type="url" value={sp.link} maxLength={500} onChange={(e) => set({ link: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`sp-desc-${key}`}>{t('ticketDesign.sponsors.description')}</label>
                <textarea id={`sp-desc-${key}`} value={sp.description} maxLength={2000} rows={2} onChange={(e) => set({ description: e.target.value })} />
              </div>
              <DesignImageField
                label={t('ticketDesign.sponsors.logo', { n: index + 1 })}
                url={sp.image_thumb || sp.image}
                disabled={offline}
                upload={upload}
                onChange={({ image, image_thumb }) => set({ image, image_thumb })}
              />
              <div className="field">
                <label htmlFor={`sp-role-${key}`}>{t('ticketDesign.sponsors.role')}</label>
                <select id={`sp-role-${key}`} value={sp.role_id ?? ''} onChange={(e) => set({ role_id: e.target.value ? Number(e.target.value) : null })}>
                  <option value="">{t('ticketDesign.sponsors.noRole')}</option>
                  {/* Roles added since the last save have no id yet, so cannot be linked until saved. */}
                  {settings.roles
                    .filter((r) => r.id !== undefined)
                    .map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                </select>
              </div>
              <Button
                size="sm"
                type="button"
                variant="ghost"
                onClick={() => edit((s) => ({ ...s, sponsors: { ...s.sponsors, items: s.sponsors.items.filter((_, j) => j !== index) } }))}
              >
                {t('ticketDesign.remove')}
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The roles a badge can carry, each with its colour; the server decides which may go. */
export function RolesSection({ settings, edit }: Pick<DesignSectionProps, 'settings' | 'edit'>) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('ticketDesign.roles.title')}
      actions={
        <Button size="sm" type="button" onClick={() => edit((s) => ({ ...s, roles: [...s.roles, newRole(t('ticketDesign.roles.newName'), NEW_ROLE_COLOR)] }))}>
          {t('ticketDesign.roles.add')}
        </Button>
      }
    >
      <p className="muted small">{t('ticketDesign.roles.rules')}</p>
      <ul className="ticket-design__list">
        {settings.roles.map((role, index) => {
          const set = (patch: Partial<typeof role>) => edit((s) => ({ ...s, roles: s.roles.map((x, j) => (j === index ? { ...x, ...patch } : x)) }));
          const key = role.id ?? `new-${index}`;
          return (
            <li key={key} className="ticket-design__row">
              <div className="field ticket-design__grow">
                <label htmlFor={`role-name-${key}`}>{t('ticketDesign.roles.name')}</label>
                {/* A built-in role shows in the reader's language; typing over it names the role anew. */}
                <input
                  id={`role-name-${key}`}
                  value={isBuiltInRole(role.name) ? t(`ticketDesign.roles.builtIn.${role.name}`) : role.name}
                  required
                  maxLength={60}
                  onChange={(e) => set({ name: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`role-color-${key}`}>{t('ticketDesign.roles.color')}</label>
                <input
                  id={`role-color-${key}`}
                  type="color"
                  value={HEX.test(role.color) ? role.color : NEW_ROLE_COLOR}
                  onChange={(e) => set({ color: e.target.value })}
                />
              </div>
              <label className="ticket-design__check">
                <input type="checkbox" checked={role.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
                {t('ticketDesign.roles.enabled')}
              </label>
              {role.is_default ? <span className="muted small">{t('ticketDesign.roles.default')}</span> : null}
              {mayRemoveRole(role) ? (
                <Button size="sm" type="button" variant="ghost" onClick={() => edit((s) => removeRole(s, index))}>
                  {t('ticketDesign.remove')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The printed badge: its type, the fields it shows, its own lines and a picture. */
export function BadgeSection({ settings, edit, offline, upload }: DesignSectionProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('ticketDesign.badge.title')}>
      <BadgePreview settings={settings} />
      <div className="field">
        <label htmlFor="badge-type">{t('ticketDesign.badge.type')}</label>
        <select
          id="badge-type"
          value={settings.badge.type}
          onChange={(e) => {
            const type = e.target.value;
            edit((s) => ({ ...s, badge: { ...s.badge, type } }));
          }}
        >
          {BADGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`ticketDesign.badge.types.${type}`)}
            </option>
          ))}
          {/* A type an older client saved stays choosable, as it was typed. */}
          {(BADGE_TYPES as readonly string[]).includes(settings.badge.type) ? null : <option value={settings.badge.type}>{settings.badge.type}</option>}
        </select>
      </div>
      <fieldset className="ticket-design__fieldset">
        <legend>{t('ticketDesign.badge.fields')}</legend>
        {BADGE_FIELDS.map((f) => (
          <label key={f} className="ticket-design__check">
            <input
              type="checkbox"
              checked={settings.badge.checked.includes(f)}
              onChange={(e) => {
                const on = e.target.checked;
                edit((s) => ({ ...s, badge: { ...s.badge, checked: toggleBadgeField(s.badge.checked, f, on) } }));
              }}
            />
            {t(`ticketDesign.badge.field.${f}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="badge-items">{t('ticketDesign.badge.items')}</label>
        <BadgeItems items={settings.badge.items} onChange={(items) => edit((s) => ({ ...s, badge: { ...s.badge, items } }))} />
      </div>
      <DesignImageField
        label={t('ticketDesign.badge.image')}
        url={settings.badge.image}
        disabled={offline}
        upload={upload}
        onChange={({ image }) => edit((s) => ({ ...s, badge: { ...s.badge, image } }))}
      />
    </Card>
  );
}

/**
 * The badge's own lines, one per line. The text is kept as typed while editing (a blank line the
 * owner is about to fill must not vanish) and cleaned into items on every change.
 */
function BadgeItems({ items, onChange }: { items: string[]; onChange: (items: string[]) => void }) {
  const [text, setText] = useState(() => items.join('\n'));
  return (
    <textarea
      id="badge-items"
      rows={3}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(badgeItemsFromText(e.target.value));
      }}
    />
  );
}

/**
 * A small live preview of the badge as the settings stand: the default role's colour and name, the
 * fields chosen, the badge's own lines and picture, filled with a sample person. It follows every
 * change before saving, so the organiser sees what the PDF will print without downloading one.
 */
export function BadgePreview({ settings }: { settings: TicketDesignSettings }) {
  const { t } = useTranslation();
  const role = settings.roles.find((r) => r.is_default && r.enabled) ?? settings.roles.find((r) => r.enabled);
  const shows = (f: string) => settings.badge.checked.includes(f);
  const name = [shows('first_name') ? t('ticketDesign.preview.firstName') : '', shows('last_name') ? t('ticketDesign.preview.lastName') : '']
    .filter(Boolean)
    .join(' ');
  const roleName = role ? (isBuiltInRole(role.name) ? t(`ticketDesign.roles.builtIn.${role.name}`) : role.name) : '';
  return (
    <figure className="badge-preview" aria-label={t('ticketDesign.preview.title')}>
      <figcaption className="muted small">{t('ticketDesign.preview.title')}</figcaption>
      <div className="badge-preview__card">
        <div className="badge-preview__band" style={{ background: role?.color ?? NEW_ROLE_COLOR }}>
          {roleName}
        </div>
        {settings.badge.image ? <img className="badge-preview__image" src={settings.badge.image} alt="" /> : null}
        {name ? <p className="badge-preview__name">{name}</p> : null}
        {shows('company') ? <p className="badge-preview__line">{t('ticketDesign.preview.company')}</p> : null}
        {shows('position') ? <p className="badge-preview__line muted">{t('ticketDesign.preview.position')}</p> : null}
        {settings.badge.items.length ? <p className="badge-preview__line badge-preview__lines">{settings.badge.items.join('\n')}</p> : null}
        {shows('qr') ? <TicketQr payload="FY-PREVIEW0000" label={t('ticketDesign.badge.field.qr')} /> : null}
      </div>
    </figure>
  );
}
