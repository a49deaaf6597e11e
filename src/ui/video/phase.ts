/**
 * Where an event stands in time (stage.ts says more): a module of its own, without the stage's
 * texts, so the home page can ask it without pulling the video's texts into the first route.
 */
export type EventPhase = 'future' | 'running' | 'finished';

export function eventPhase(when: number, whenEnd: number, nowMs: number): EventPhase {
  if (nowMs < when * 1000) return 'future';
  if (whenEnd > when && nowMs >= whenEnd * 1000) return 'finished';
  return 'running';
}
