import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { openOffer, useWaitlistActions, type WaitlistPlace } from '../../data/index.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { dateFormat } from '../../ui/intl.ts';
import { useLocale, useLocalePath } from '../../ui/useLocale.ts';

/**
 * Under a sold-out type: join its waitlist, or where the person stands in it (their place, or the
 * offer held for them with "Buy now", which opens the checkout with the offer), and leave it. A
 * join is a command, so it works offline and shows at once; its place shows once the server has it.
 */
export function WaitlistControl({
  eventId,
  typeId,
  place,
  signedIn,
  loginLink,
  timeZone,
  now,
}: {
  eventId: number;
  typeId: number;
  place: WaitlistPlace | undefined;
  signedIn: boolean;
  loginLink: string;
  timeZone: string;
  now: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const actions = useWaitlistActions();
  if (!signedIn) {
    return (
      <p className="waitlist small">
        <Link to={loginLink}>{t('waitlist.signIn')}</Link>
      </p>
    );
  }
  const refused = place?.refused ? (
    <p className="form-error small" role="alert">
      {t(`errors.${place.refused.code}`, { defaultValue: t('errors.unknown_error') })}{' '}
      <Button variant="ghost" size="sm" onClick={() => void actions.dismiss(place.refused?.commandId ?? '')}>
        {t('common.dismiss')}
      </Button>
    </p>
  ) : null;
  if (place && openOffer(place, now)) {
    const until = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(place.offerExpires * 1000);
    return (
      <div className="waitlist waitlist--offer">
        <p className="small">{t('waitlist.offered', { time: until })}</p>
        <Link className={buttonClass('primary', 'md', 'waitlist__buy')} to={to(`/events/${eventId}/checkout?offer=${place.offerKey}`)}>
          {t('waitlist.buyNow')}
        </Link>
      </div>
    );
  }
  if (place && (place.state === 'waiting' || place.state === 'offered')) {
    return (
      <div className="waitlist">
        <p className="small">{place.place > 0 ? t('waitlist.place', { place: place.place }) : t('waitlist.queued')}</p>
        <Button variant="ghost" size="sm" onClick={() => void actions.leave(eventId, typeId)}>
          {t('waitlist.leave')}
        </Button>
        {refused}
      </div>
    );
  }
  return (
    <div className="waitlist">
      <Button variant="secondary" onClick={() => void actions.join(eventId, typeId)}>
        {t('waitlist.join')}
      </Button>
      {refused}
    </div>
  );
}
