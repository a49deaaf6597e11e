import { useEffect, useState } from 'react';

export type CheckoutStep = 'choose' | 'details' | 'pay';
const STEPS: CheckoutStep[] = ['choose', 'details', 'pay'];

/**
 * Which step of the checkout shows, and the buttons that move between them. `asks` is whether any
 * ticket in the cart asks for attendee details (else that step is left out); `problems`, the
 * details still missing, which keep the buyer on that step and show once they try to leave it.
 */
export function useCheckoutSteps({
  asks,
  count,
  problems,
  ready,
  clearFailure,
}: {
  asks: boolean;
  count: number;
  problems: Set<string>;
  ready: boolean;
  clearFailure: () => void;
}) {
  const [step, setStep] = useState<CheckoutStep | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const steps = asks ? STEPS : STEPS.filter((s) => s !== 'details');
  // Coming back to a cart (from signing in, say), the buyer goes on where they left off; decided
  // once, when the cart has loaded, and from then on only the buttons move between the steps.
  const resumeAt: CheckoutStep = count === 0 ? 'choose' : problems.size ? 'details' : 'pay';
  useEffect(() => {
    if (step === null && ready) setStep(resumeAt);
  }, [step, ready, resumeAt]);
  const current: CheckoutStep = step ?? resumeAt;

  const go = (next: CheckoutStep) => {
    clearFailure();
    setStep(next);
  };
  const back = () => go(steps[steps.indexOf(current) - 1] ?? 'choose');
  const forward = () => {
    if (current === 'details' && problems.size) {
      setShowProblems(true);
      return;
    }
    go(steps[steps.indexOf(current) + 1] ?? 'pay');
  };
  /** Back to the attendee details, with what is missing marked. */
  const fixDetails = () => {
    setShowProblems(true);
    go('details');
  };
  return { steps, step, current, showProblems, back, forward, fixDetails };
}
