import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEvent, useOrganiserActions, useSession, useSyncStatus, type TicketDesignSettings } from '../../data/index.ts';
import { useLocalePath } from '../../app/useLocale.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt } from '../auth/LoginPrompt.tsx';
import { DesignImageField } from './DesignImageField.tsx';
import {
  addInstruction,
  BADGE_FIELDS,
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
import './tickets.css';

/** Six-digit hex, what <input type="color"> takes; other saved colours start from grey there. */
const HEX = /^#[0-9a-f]{6}$/i;
const NEW_ROLE_COLOR = '#888888';

function positiveInt(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * /{locale}/events/:eventId/ticket-design — the owners' ticket and badge settings (events.md §3):
 * instructions (with a picture), sponsors (with logos), roles, badge (type, printed fields, its own
 * lines, a picture). Online only (src/data/organiser.ts): it loads the
 * server's settings and saves them whole; the role rules are the server's, this screen only
 * avoids offering what it would refuse and shows its answer.
 */
export function TicketDesignPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const eventId = positiveInt(useParams().eventId);
  const session = useSession();
  const { data: event, isLoading: eventLoading } = useEvent(eventId);
  const actions = useOrganiserActions();
  const offline = useSyncStatus().state === 'offline';
  const [settings, setSettings] = useState<TicketDesignSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(event ? t('ticketDesign.titleOf', { event: event.name }) : t('ticketDesign.title'));

  const isOwner = event?.is_owner === true;
  // Loaded once per event and attempt: a reload would throw away the owner's unsaved edits.
  const loaded = settings !== null;
  useEffect(() => {
    if (!isOwner || offline || loaded || eventId <= 0) return;
    const controller = new AbortController();
    actions.loadTicketDesign(eventId, controller.signal).then(
      (s) => {
        setSettings(s);
        setLoadError(null);
      },
      (err: unknown) => {
        if (!controller.signal.aborted) setLoadError(err instanceof Error ? err.message : 'unknown_error');
      },
    );
    return () => controller.abort();
  }, [actions, eventId, isOwner, offline, loaded, attempt]);

  if (session.status === 'loading' || eventLoading) return <Spinner label={t('common.loading')} />;
  if (!session.user) return <LoginPrompt title={t('ticketDesign.title')} text={t('ticketDesign.guestText')} />;
  if (!isOwner) {
    return (
      <div className="page page--narrow">
        <EmptyState title={<span role="heading" aria-level={1}>{t('ticketDesign.ownersOnly')}</span>} text={t('ticketDesign.ownersOnlyText')} />
      </div>
    );
  }

  const edit = (change: (s: TicketDesignSettings) => TicketDesignSettings) => {
    setSaved(false);
    setSettings((s) => (s ? change(s) : s));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!settings) return;
    setSaving(true);
    setSaveError(null);
    setSaved(false);
    try {
      // The server numbers new roles; keep its answer so a second save does not add them again.
      setSettings(await actions.saveTicketDesign(eventId, settings));
      setSaved(true);
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : 'unknown_error');
    } finally {
      setSaving(false);
    }
  };

  const instructions = settings ? sortedInstructions(settings.instructions.items) : [];
  const upload = (file: File) => actions.uploadDesignImage(eventId, file);
  return (
    <div className="page page--narrow ticket-design">
      <div className="page__intro">
        {event ? (
          <p className="muted">
            <Link to={to(`/events/${eventId}`)}>{event.name}</Link>
          </p>
        ) : null}
        <h1 className="page__title">{t('ticketDesign.title')}</h1>
        <p className="muted">{t('ticketDesign.lead')}</p>
      </div>
      {offline ? (
        <p className="door-note" role="status">
          {t('organiser.needsConnection')}
        </p>
      ) : null}
      {!settings ? (
        loadError ? (
          <EmptyState
            title={t('ticketDesign.loadFailed')}
            text={t(`errors.${loadError}`)}
            action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('ticketDesign.retry')}</Button>}
          />
        ) : offline ? null : (
          <Spinner label={t('common.loading')} />
        )
      ) : (
        <form className="ticket-design__form" onSubmit={(e) => void save(e)}>
          <Card
            title={t('ticketDesign.instructions.title')}
            actions={
              <Button size="sm" type="button" onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: addInstruction(s.instructions.items) } }))}>
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
                        edit((s) => ({ ...s, instructions: { ...s.instructions, items: s.instructions.items.map((x) => (x.id === item.id ? { ...x, text } : x)) } }));
                      }}
                    />
                  </div>
                  <div className="ticket-design__buttons">
                    <Button size="sm" type="button" variant="ghost" disabled={i === 0} aria-label={t('ticketDesign.instructions.up', { n: i + 1 })}
                      onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: moveInstruction(s.instructions.items, item.id, -1) } }))}>
                      ↑
                    </Button>
                    <Button size="sm" type="button" variant="ghost" disabled={i === instructions.length - 1} aria-label={t('ticketDesign.instructions.down', { n: i + 1 })}
                      onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: moveInstruction(s.instructions.items, item.id, 1) } }))}>
                      ↓
                    </Button>
                    <Button size="sm" type="button" variant="ghost"
                      onClick={() => edit((s) => ({ ...s, instructions: { ...s.instructions, items: removeInstruction(s.instructions.items, item.id) } }))}>
                      {t('ticketDesign.remove')}
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          </Card>

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
                      <select
                        id={`sp-role-${key}`}
                        value={sp.role_id ?? ''}
                        onChange={(e) => set({ role_id: e.target.value ? Number(e.target.value) : null })}
                      >
                        <option value="">{t('ticketDesign.sponsors.noRole')}</option>
                        {/* Roles added since the last save have no id yet, so cannot be linked until saved. */}
                        {settings.roles.filter((r) => r.id !== undefined).map((r) => (
                          <option key={r.id} value={r.id}>
                            {r.name}
                          </option>
                        ))}
                      </select>
                    </div>
                    <Button size="sm" type="button" variant="ghost"
                      onClick={() => edit((s) => ({ ...s, sponsors: { ...s.sponsors, items: s.sponsors.items.filter((_, j) => j !== index) } }))}>
                      {t('ticketDesign.remove')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </Card>

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
                      <input id={`role-name-${key}`} value={role.name} required maxLength={60} onChange={(e) => set({ name: e.target.value })} />
                    </div>
                    <div className="field">
                      <label htmlFor={`role-color-${key}`}>{t('ticketDesign.roles.color')}</label>
                      <input id={`role-color-${key}`} type="color" value={HEX.test(role.color) ? role.color : NEW_ROLE_COLOR} onChange={(e) => set({ color: e.target.value })} />
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

          <Card title={t('ticketDesign.badge.title')}>
            <div className="field">
              <label htmlFor="badge-type">{t('ticketDesign.badge.type')}</label>
              <input
                id="badge-type"
                value={settings.badge.type}
                required
                maxLength={40}
                onChange={(e) => {
                  const type = e.target.value;
                  edit((s) => ({ ...s, badge: { ...s.badge, type } }));
                }}
              />
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

          <div className="ticket-design__save" aria-live="polite">
            {saveError ? (
              <p className="form-error" role="alert">
                {t(`errors.${saveError}`)}
              </p>
            ) : null}
            {saved ? <p className="muted">{t('ticketDesign.saved')}</p> : null}
            <Button type="submit" variant="primary" busy={saving} disabled={offline || saving}>
              {t('ticketDesign.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
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
