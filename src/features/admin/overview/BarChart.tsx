import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Series } from '../../../data/index.ts';

/**
 * A small bar chart drawn as SVG: no chart library for a few bars. It is an image with a title for
 * screen readers, and the same numbers follow in a table they can read (visually hidden), so
 * nothing is said by the picture alone.
 */
export function BarChart({
  title,
  series,
  label,
  caption,
  value = String,
}: {
  title: string;
  series: Series[];
  label: (at: string) => string;
  caption: string;
  /** How a bar's number is said (a sum of money, say); as it is by default. */
  value?: (n: number) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (series.length === 0) {
    return (
      <figure className="bar-chart">
        <figcaption className="bar-chart__title">{title}</figcaption>
        <p className="muted">{t('admin.overview.nothingYet')}</p>
      </figure>
    );
  }
  const width = 320;
  const height = 120;
  const max = Math.max(1, ...series.map((s) => s.n));
  const gap = 2;
  const bar = series.length ? Math.max(2, (width - gap * (series.length - 1)) / series.length) : 0;
  const first = series[0];
  const last = series.at(-1);
  return (
    <figure className="bar-chart">
      <figcaption id={`${id}-title`} className="bar-chart__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 16}`} role="img" aria-labelledby={`${id}-svg`} className="bar-chart__svg">
        <title id={`${id}-svg`}>{title}</title>
        {series.map((s, i) => {
          const h = Math.round((s.n / max) * height);
          return (
            <rect key={s.at} x={i * (bar + gap)} y={height - h} width={bar} height={h} rx={1}>
              <title>{`${label(s.at)}: ${value(s.n)}`}</title>
            </rect>
          );
        })}
        <line x1={0} y1={height + 0.5} x2={width} y2={height + 0.5} className="bar-chart__axis" />
        {first && last ? (
          <>
            <text x={0} y={height + 13} className="bar-chart__tick">
              {label(first.at)}
            </text>
            {series.length > 1 ? (
              <text x={width} y={height + 13} textAnchor="end" className="bar-chart__tick">
                {label(last.at)}
              </text>
            ) : null}
          </>
        ) : null}
      </svg>
      <table className="visually-hidden">
        <caption>{caption}</caption>
        <tbody>
          {series.map((s) => (
            <tr key={s.at}>
              <th scope="row">{label(s.at)}</th>
              <td>{value(s.n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
