import { useTranslation } from 'react-i18next';
import { MEETING_LIMITS, type MeetingPlaceInput } from '../../../data/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { MeetingRows, RowEnd } from './RowEnd.tsx';

/**
 * The places meetings happen at (the specs' placeItems): a hall where some of the numbered tables
 * stand, or a spot people meet at without a table ("Lounge", 0 tables). A place keeps its id, so
 * meetings booked at it stay there through a rename.
 */
export function PlacesField({
  idp,
  places,
  problems,
  onChange,
}: {
  idp: string;
  places: MeetingPlaceInput[];
  problems: Record<number, string>;
  onChange(list: MeetingPlaceInput[]): void;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<MeetingPlaceInput>) => onChange(places.map((p, k) => (k === i ? { ...p, ...patch } : p)));
  return (
    <div className="meeting-places">
      <MeetingRows
        titleId={`${idp}-places`}
        title={t('admin.meetings.places')}
        hint={t('admin.meetings.placesHint')}
        empty={places.length === 0 ? t('admin.meetings.noPlaces') : null}
      >
        {places.map((p, i) => {
          const rowId = `${idp}-p${i}`;
          const problem = problems[i];
          return (
            // A new place has no id until the server gives one; until then its place in the list names it.
            <li key={p.id ?? `new-${i}`} className="meeting-row">
              <div className="field">
                <label htmlFor={`${rowId}-label`}>{t('admin.meetings.placeName')}</label>
                <input
                  id={`${rowId}-label`}
                  value={p.label}
                  maxLength={MEETING_LIMITS.placeLabel}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${rowId}-error` : undefined}
                  onChange={(e) => set(i, { label: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${rowId}-tables`}>{t('admin.meetings.placeTables')}</label>
                <input
                  id={`${rowId}-tables`}
                  type="number"
                  min={0}
                  max={MEETING_LIMITS.tables}
                  value={p.tables}
                  onChange={(e) => set(i, { tables: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                />
              </div>
              <RowEnd
                rowId={rowId}
                problem={problem}
                label={t('admin.meetings.removePlace', { place: p.label || t('admin.meetings.newPlace') })}
                onRemove={() => onChange(places.filter((_, k) => k !== i))}
              />
            </li>
          );
        })}
      </MeetingRows>
      <Button size="sm" onClick={() => onChange([...places, { label: '', tables: 0 }])} disabled={places.length >= MEETING_LIMITS.places}>
        {t('admin.meetings.addPlace')}
      </Button>
    </div>
  );
}
