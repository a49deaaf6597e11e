import { useTranslation } from 'react-i18next';
import { findStand, useAdminStands, useStandActions } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Refusals } from '../Refusals.tsx';
import { StandForm } from './StandForm.tsx';
import { StandMembers } from './StandMembers.tsx';
import './stands.css';

/**
 * One stand's editor, for an event's organisers (who may also remove it) and for the stand's own
 * managers through Open Stand. Every change is a command: queued offline, applied once, and the
 * expo on every device follows.
 */
export function StandEditor({ eventId, standKey, organiser, onRemoved }: { eventId: number; standKey: string; organiser: boolean; onRemoved?(): void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useAdminStands(eventId);
  const actions = useStandActions();
  const stand = findStand(data, standKey);
  if (!stand) {
    if (isLoading) return <Spinner label={t('common.loading')} />;
    return <EmptyState title={t('admin.stands.notFound')} text={t('admin.stands.notFoundText')} />;
  }
  const remove = () => {
    if (!window.confirm(t('admin.stands.removeConfirm', { name: stand.fields.name }))) return;
    void actions.removeStand(eventId, stand.ref).then(() => onRemoved?.());
  };
  return (
    <div className="admin-section admin-section--narrow">
      <h2 className="admin__h2">
        {stand.fields.name}
        {stand.pending ? <span className="muted small"> · {t('admin.pending')}</span> : null}
      </h2>
      <Refusals items={data.refused} />
      <StandForm key={stand.key} eventId={eventId} current={stand.fields} onSave={(fields) => actions.saveStand(eventId, stand.ref, fields)} />
      <StandMembers eventId={eventId} stand={stand.ref} members={stand.members} />
      {organiser ? (
        <p>
          <Button variant="danger" onClick={remove}>
            {t('admin.stands.remove')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
