import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../ui/useLocale.ts';
import { useAdminEventContext } from '../AdminEventLayout.tsx';
import { StandEditor } from './StandEditor.tsx';

/** /{locale}/admin/events/:eventId/stands/:standKey — one stand, for the event's organisers. */
export function StandEditorPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { eventId } = useAdminEventContext();
  const standKey = useParams().standKey ?? '';
  const back = to(`/admin/events/${eventId}/stands`);
  return (
    <>
      <p className="muted">
        <Link to={back}>{t('admin.stands.back')}</Link>
      </p>
      <StandEditor eventId={eventId} standKey={standKey} organiser onRemoved={() => navigate(back)} />
    </>
  );
}
