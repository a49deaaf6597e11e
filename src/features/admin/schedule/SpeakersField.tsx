import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_LIMITS, type EditorSpeaker } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { PictureInput } from '../PictureInput.tsx';

export function speakerName(s: EditorSpeaker): string {
  return s.kind === 'email' ? s.email : s.name;
}

/**
 * The speakers of a speech, in the order the stage shows them: Foyer users named by the email of
 * their account, and guests named by the organisers with a picture they upload. Any number; the
 * stage shows the first two (events.md §2).
 */
export function SpeakersField({
  eventId,
  value,
  onChange,
  problem,
}: {
  eventId: number;
  value: EditorSpeaker[];
  onChange(list: EditorSpeaker[]): void;
  problem?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [guest, setGuest] = useState('');
  const [picture, setPicture] = useState('');
  const [own, setOwn] = useState<string | null>(null);

  const move = (i: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(i, 1);
    if (item === undefined) return;
    next.splice(i + by, 0, item);
    onChange(next);
  };
  const addUser = () => {
    const v = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(v)) return setOwn(t('admin.team.emailProblem'));
    setOwn(null);
    onChange([...value, { kind: 'email', email: v }]);
    setEmail('');
  };
  const addGuest = () => {
    const v = guest.trim();
    if (!/[\p{L}\p{N}]/u.test(v)) return setOwn(t('admin.schedule.guestNameProblem'));
    setOwn(null);
    onChange([...value, { kind: 'guest', name: v, picture }]);
    setGuest('');
    setPicture('');
  };

  return (
    <fieldset className="admin-form__section speakers-field" aria-describedby={problem ? `${id}-error` : undefined}>
      <legend>{t('admin.schedule.speakers')}</legend>
      {value.length === 0 ? <p className="muted">{t('admin.schedule.noSpeakers')}</p> : null}
      <ol className="speakers-field__list">
        {value.map((s, i) => {
          const name = speakerName(s);
          return (
            <li key={`${s.kind}-${name}`} className="speakers-field__item">
              <span>
                {name}{' '}
                <span className="muted small">
                  {s.kind === 'guest'
                    ? t('admin.schedule.guestSpeaker')
                    : s.kind === 'email'
                      ? t('admin.schedule.userByEmail')
                      : t('admin.schedule.userSpeaker')}
                </span>
              </span>
              <span className="admin__buttons">
                <Button size="sm" variant="ghost" disabled={i === 0} aria-label={t('admin.schedule.speakerUp', { name })} onClick={() => move(i, -1)}>
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === value.length - 1}
                  aria-label={t('admin.schedule.speakerDown', { name })}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('admin.schedule.speakerRemove', { name })}
                  onClick={() => onChange(value.filter((_, k) => k !== i))}
                >
                  {t('admin.team.remove')}
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      {problem ? (
        <p id={`${id}-error`} className="field__error">
          {t(`admin.fieldErrors.${problem}`)}
        </p>
      ) : null}
      <div className="admin-form__pair">
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('admin.schedule.speakerEmail')}</label>
          <input
            id={`${id}-email`}
            type="email"
            value={email}
            maxLength={SCHEDULE_LIMITS.email}
            autoComplete="off"
            onChange={(e) => setEmail(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addUser();
              }
            }}
          />
          <p>
            <Button size="sm" onClick={addUser}>
              {t('admin.schedule.addUser')}
            </Button>
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-guest`}>{t('admin.schedule.guestName')}</label>
          <input id={`${id}-guest`} value={guest} maxLength={SCHEDULE_LIMITS.speakerName} onChange={(e) => setGuest(e.target.value)} />
          <PictureInput
            eventId={eventId}
            kind="speaker"
            label={t('admin.schedule.guestPicture')}
            value={picture}
            onChange={setPicture}
            alt={t('admin.schedule.pictureOf', { name: guest.trim() || t('admin.schedule.guestSpeaker') })}
          />
          <p>
            <Button size="sm" onClick={addGuest}>
              {t('admin.schedule.addGuest')}
            </Button>
          </p>
        </div>
      </div>
      {own ? (
        <p className="field__error" role="alert">
          {own}
        </p>
      ) : null}
    </fieldset>
  );
}
