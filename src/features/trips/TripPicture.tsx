import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus, type PictureResult } from '../../data/index.ts';

/** Larger pictures are refused by the server (TRIP_IMAGE_MAX_BYTES); saying so first saves an upload. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The plan's picture (a ticket, a map, the hotel). Uploading and removing it need the network, unlike
 * the texts: a picture waiting on a phone for hours would hold the plan back, so the section says
 * plainly when it cannot be done now.
 */
export function TripPicture(props: { eventId: number; image: string; upload(file: Blob): Promise<PictureResult>; remove(): Promise<PictureResult> }) {
  const { t } = useTranslation();
  const sync = useSyncStatus();
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const offline = sync.state === 'offline';

  const run = async (action: () => Promise<PictureResult>) => {
    setBusy(true);
    setProblem(null);
    try {
      const done = await action();
      if (!done.ok) setProblem(done.code === 'network_error' ? t('trips.pictureOffline') : t(`errors.${done.code}`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="trip-picture card" aria-labelledby={headingId}>
      <h2 id={headingId} className="trip-picture__title">
        {t('trips.picture')}
      </h2>
      {props.image && broken !== props.image ? (
        <img className="trip-picture__img" src={props.image} alt={t('trips.pictureAlt')} onError={() => setBroken(props.image)} />
      ) : props.image ? (
        <p className="trip-picture__note">{t('trips.pictureNotHere')}</p>
      ) : (
        <p className="trip-picture__note">{t('trips.noPicture')}</p>
      )}
      <div className="trip-picture__actions">
        <button type="button" className="btn btn--ghost btn--sm" disabled={busy || offline} onClick={() => input.current?.click()}>
          {props.image ? t('trips.replacePicture') : t('trips.addPicture')}
        </button>
        {/* Opened by the button above, which says what it does; the bare file control says "Choose file". */}
        <input
          ref={input}
          hidden
          type="file"
          accept={ACCEPT}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            if (file.size > MAX_BYTES) {
              setProblem(t('trips.pictureTooLarge'));
              return;
            }
            void run(() => props.upload(file));
          }}
        />
        {props.image ? (
          <button type="button" className="btn btn--ghost btn--sm" disabled={busy || offline} onClick={() => void run(props.remove)}>
            {t('trips.removePicture')}
          </button>
        ) : null}
      </div>
      {offline ? <p className="trip-picture__note">{t('trips.pictureOffline')}</p> : null}
      {busy ? <p className="trip-picture__note">{t('trips.uploading')}</p> : null}
      {problem ? (
        <p className="trip-picture__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
