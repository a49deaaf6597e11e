/** One card of the overview: what it counts, the figure, and a line that explains it. */
export type NumberCard = [title: string, value: string | number, detail: string];

/** The overview's figures as cards (a description list); sums of money get a figure that fits their length. */
export function NumberCards({ cards, money = false }: { cards: readonly NumberCard[]; money?: boolean }) {
  return (
    <dl className="overview-numbers">
      {cards.map(([title, value, detail]) => (
        <div key={title} className="admin__card overview-number">
          <dt>{title}</dt>
          <dd>
            <span className={money ? 'overview-number__value overview-number__value--money' : 'overview-number__value'}>{value}</span>
            <span className="muted small">{detail}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
