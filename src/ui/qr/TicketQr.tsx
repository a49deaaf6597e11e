import { useMemo } from 'react';
import { qrDrawing } from './qr.ts';

/** Four modules of quiet zone around the code, as scanners expect. */
const QUIET = 4;

export function TicketQr({ payload, label }: { payload: string; label: string }) {
  const drawing = useMemo(() => (payload ? qrDrawing(payload) : null), [payload]);
  if (!drawing) return null;
  const side = drawing.size + QUIET * 2;
  return (
    <svg className="ticket-qr" viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect x={-QUIET} y={-QUIET} width={side} height={side} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
