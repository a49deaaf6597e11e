import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../Button.tsx';
import { RepeatFilter, createDecoder, type FrameDecoder } from './camera.ts';
import './camera.css';

/** Decoding more often only heats the phone; a code is held up for a second or more. */
const FRAME_INTERVAL_MS = 180;

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable' | 'error';

/**
 * The camera scanner of the door and of meet by QR: the back camera in a <video>, frames decoded
 * while it runs (camera.ts). Every new code goes to `onCode`; decoding waits while the screen
 * judges the previous one.
 */
export function CameraScanner({ onCode }: { onCode(text: string): Promise<void> }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('off');
  const [decoderKind, setDecoderKind] = useState<FrameDecoder['kind'] | null>(null);
  const handle = useEffectEvent((text: string) => onCode(text));
  const running = state === 'starting' || state === 'on';

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const repeats = new RepeatFilter();
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (err) {
        if (!stopped) setState((err as DOMException)?.name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped) return;
      const el = video.current;
      if (!el) throw new Error('the camera view is not mounted while the camera runs');
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      let decoder: FrameDecoder;
      try {
        decoder = await createDecoder();
      } catch (err) {
        console.error('foyer: no QR decoder', err);
        if (!stopped) setState('error');
        return;
      }
      if (stopped) return;
      setDecoderKind(decoder.kind);
      setState('on');
      const tick = async () => {
        if (stopped) return;
        try {
          const text = await decoder.decode(el);
          if (text && repeats.accept(text, Date.now())) await handle(text);
        } catch (err) {
          // One unreadable frame (the video not ready yet) is no reason to stop the camera.
          console.debug('foyer: frame not decoded', err);
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
    // Keyed on running, not on the state: 'on' is set from inside and must not restart the camera.
  }, [running]);
  return (
    <div className="door-camera">
      <div className={running ? 'door-camera__view door-camera__view--on' : 'door-camera__view'}>
        <video ref={video} className="door-camera__video" muted playsInline aria-label={t('door.camera.video')} />
        {running ? null : <p className="door-camera__idle">{t(`door.camera.state.${state}`)}</p>}
      </div>
      <div className="door-camera__controls">
        {running ? (
          <Button onClick={() => setState('off')}>{t('door.camera.stop')}</Button>
        ) : (
          <Button variant="primary" onClick={() => setState('starting')}>
            {t('door.camera.start')}
          </Button>
        )}
        {state === 'on' && decoderKind ? <span className="muted small">{t(`door.camera.decoder.${decoderKind}`)}</span> : null}
        {state === 'starting' ? <span className="muted small">{t('door.camera.starting')}</span> : null}
      </div>
    </div>
  );
}
