import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast, ToastRegion } from '../../ui/Toast.tsx';

/** Long enough to read two lines; the user can close it sooner. */
const TOAST_MS = 8000;

interface ToastItem {
  id: number;
  tone: 'info' | 'error';
  text: string;
}

const ToastContext = createContext<(tone: ToastItem['tone'], text: string) => void>(() => undefined);

/** The toasts of the ticket actions (events.md §8: "ticket sent on email", general.unknownError). */
export function TicketToasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((x) => x.id !== id)), []);
  const show = useCallback(
    (tone: ToastItem['tone'], text: string) => {
      const id = next.current++;
      setItems((list) => [...list, { id, tone, text }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastRegion label={t('tickets.toastsLabel')}>
        {items.map((item) => (
          <Toast key={item.id} tone={item.tone} dismissLabel={t('common.dismiss')} onDismiss={() => dismiss(item.id)}>
            <p>{item.text}</p>
          </Toast>
        ))}
      </ToastRegion>
    </ToastContext.Provider>
  );
}

export function useTicketToast() {
  return useContext(ToastContext);
}
