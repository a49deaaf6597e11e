import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMPANIES_CARD_SIZE } from '../../../contract/constants.ts';
import { useCompanies } from '../../data/index.ts';
import { useLocalePath } from '../../ui/useLocale.ts';
import { Card } from '../../ui/Card.tsx';
import { CompanyLogo } from './CompanyLogo.tsx';
import { NoCompanies } from './CompaniesState.tsx';
import './companies.css';

/**
 * The event page's companies card (events.md §2): the first COMPANIES_CARD_SIZE stands in a slider
 * that shows 3 slides from 992 px, 2 from 768 px and 1 below (companies.css). The slider is a
 * scroll-snapping list, so touch, keyboard and screen readers get a plain list; the arrows scroll
 * by one slide.
 */
export function CompaniesCard({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { data, isLoading } = useCompanies(eventId);
  const items = data.items.slice(0, COMPANIES_CARD_SIZE);
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // A pixel of slack: scroll positions are fractional on zoomed and high-density screens.
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, items.length]);

  const step = (dir: 1 | -1) => {
    const el = track.current;
    const slide = el?.querySelector('li');
    if (!el || !slide) return;
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    el.scrollBy({ left: dir * (slide.getBoundingClientRect().width + gap), behavior: 'smooth' });
  };

  return (
    <Card
      title={t('event.companies')}
      actions={data.items.length ? <Link to={to(`/events/${eventId}/companies`)}>{t('companies.seeAll', { n: data.items.length })}</Link> : undefined}
    >
      {items.length === 0 ? (
        isLoading ? null : (
          <NoCompanies syncedAt={data.syncedAt} compact />
        )
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a carousel is a group with a role description (WAI-ARIA carousel pattern), not a fieldset
        <div className="companies-slider" role="group" aria-roledescription={t('companies.slider.role')} aria-label={t('event.companies')}>
          <button
            type="button"
            className="companies-slider__arrow companies-slider__arrow--prev"
            onClick={() => step(-1)}
            disabled={edges.start}
            aria-label={t('companies.slider.prev')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <ul className="companies-slider__track" ref={track} onScroll={measure}>
            {items.map((c) => (
              <li key={c.id} className="companies-slider__slide">
                <Link to={to(`/events/${eventId}/companies-detail/${c.stand_id}`)} className="company-slide">
                  <CompanyLogo company={c} />
                  <span className="company-slide__name">{c.name}</span>
                  <span className="company-slide__text">{c.description.trim() || '—'}</span>
                </Link>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="companies-slider__arrow companies-slider__arrow--next"
            onClick={() => step(1)}
            disabled={edges.end}
            aria-label={t('companies.slider.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </Card>
  );
}
