/** One line of a person's details in their card's list; a detail they left empty is left out, not shown blank. */
export function PersonDetail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
