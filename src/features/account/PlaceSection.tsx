import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import { useAccountActions, useProfileActions, type OwnProfile, type Places } from '../../data/index.ts';
import { accountErrorText } from './errors.ts';

/**
 * Country and city. The choices come from the server while online; a choice is saved through the
 * outbox like every profile edit (a city brings its country; another country clears the city).
 */
export function PlaceSection({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const account = useAccountActions();
  const actions = useProfileActions();
  const [country, setCountry] = useState(profile.country_code);
  const [city, setCity] = useState(profile.city_id);
  const [places, setPlaces] = useState<Places | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void account.places(country).then((res) => {
      if (!live) return;
      if (res.ok) {
        setPlaces(res.data);
        setError(null);
      } else setError(accountErrorText(t, locale, res));
    });
    return () => {
      live = false;
    };
  }, [account, country, t, locale]);

  const chooseCountry = (code: string) => {
    setCountry(code);
    setCity(0);
    void actions.update({ country_code: code || null, city_id: null });
  };
  const chooseCity = (id: number) => {
    setCity(id);
    void actions.update(id ? { city_id: id } : { city_id: null });
  };

  return (
    <section className="settings-section" aria-labelledby="settings-place">
      <h2 id="settings-place">{t('account.place.title')}</h2>
      {error ? (
        <p className="note">{t('account.place.offline', { place: [profile.city_name, profile.country_name].filter(Boolean).join(', ') || '—' })}</p>
      ) : null}
      <div className="field">
        <label htmlFor="settings-country">{t('account.place.country')}</label>
        <select id="settings-country" value={country} disabled={!places} onChange={(e) => chooseCountry(e.target.value)}>
          <option value="">{t('account.place.none')}</option>
          {(places?.countries ?? (country ? [{ code: country, name: profile.country_name || country }] : [])).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="settings-city">{t('account.place.city')}</label>
        <select id="settings-city" value={city || ''} disabled={!places || !country} onChange={(e) => chooseCity(Number(e.target.value))}>
          <option value="">{t('account.place.none')}</option>
          {(places?.cities ?? (city ? [{ id: city, name: profile.city_name || String(city) }] : [])).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
