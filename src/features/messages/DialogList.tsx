import { useTranslation } from 'react-i18next';
import { useDialogs, type DialogsFilter, type DialogView } from '../../data/index.ts';
import { Avatar } from '../../ui/people/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { dialogDate, personLabel } from './format.ts';

interface Props {
  selected: number | null;
  page: number;
  filter: DialogsFilter;
  viewerId: number;
  onSelect(userId: number): void;
  onMore(): void;
  onFilter(filter: DialogsFilter): void;
}

/** The left column: open dialogs, starred first, ten at a time (networking.md §2, §9). */
export function DialogList({ selected, page, filter, viewerId, onSelect, onMore, onFilter }: Props) {
  const { t } = useTranslation();
  const { data, isLoading } = useDialogs(page, filter);
  return (
    <section className="dialogs" aria-label={t('messages.dialogsLabel')}>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of filter buttons, not form fields */}
      <div className="dialogs__filters" role="group">
        {(['all', 'starred'] as const).map((f) => (
          <Button key={f} size="sm" variant={f === filter ? 'primary' : 'secondary'} aria-pressed={f === filter} onClick={() => onFilter(f)}>
            {t(f === 'all' ? 'messages.filterAll' : 'messages.filterStarred')}
          </Button>
        ))}
      </div>
      {isLoading && data.items.length === 0 ? <Spinner label={t('common.loading')} /> : null}
      {!isLoading && data.items.length === 0 ? <p className="muted">{t(filter === 'starred' ? 'messages.emptyStarred' : 'messages.empty')}</p> : null}
      <ul className="dialogs__list">
        {data.items.map((d) => (
          <DialogRow key={d.id} dialog={d} active={d.user_id === selected} viewerId={viewerId} onSelect={onSelect} />
        ))}
      </ul>
      {data.hasMore ? (
        <Button size="sm" onClick={onMore}>
          {t('messages.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}

function DialogRow({ dialog: d, active, viewerId, onSelect }: { dialog: DialogView; active: boolean; viewerId: number; onSelect(id: number): void }) {
  const { t } = useTranslation();
  const name = personLabel(d, t('messages.unknownPerson', { id: d.user_id }));
  const mine = d.last_message_sender_id === viewerId && d.last_message !== '';
  return (
    <li>
      <button
        type="button"
        className={`dialog-row${active ? ' dialog-row--active' : ''}${d.muted ? ' dialog-row--muted' : ''}`}
        aria-current={active ? 'true' : undefined}
        onClick={() => onSelect(d.user_id)}
      >
        {/* Named by what it shows (the name first, then the date, the last message and the unread
            count), not by an aria-label over it: voice control users say what they see. */}
        <Avatar src={d.avatar} firstName={d.first_name} lastName={d.last_name} size="sm" />
        <span className="dialog-row__body">
          <span className="dialog-row__top">
            <span className="dialog-row__name">
              {d.starred ? (
                <>
                  <span aria-hidden="true">★ </span>
                  <span className="visually-hidden">{t('messages.filterStarred')}: </span>
                </>
              ) : null}
              {name}
            </span>
            <span className="dialog-row__date muted small">{dialogDate(d.last_message_at)}</span>
          </span>
          <span className="dialog-row__last muted">
            {mine ? t('messages.you') : ''}
            {d.last_message}
          </span>
        </span>
        {d.unread_count > 0 ? (
          <>
            <span className={`badge${d.muted ? ' badge--muted' : ''}`} aria-hidden="true">
              {d.unread_count}
            </span>
            <span className="visually-hidden">{t('messages.unread', { count: d.unread_count })}</span>
          </>
        ) : null}
        {d.failed ? <span className="dialog-row__failed">{t('messages.failed')}</span> : null}
      </button>
    </li>
  );
}
