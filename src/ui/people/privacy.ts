import type { OwnProfile } from '../../data/index.ts';

/**
 * The privacy switches all read "Show my …", on meaning visible. The stored flags keep their own
 * polarity (the legacy API and the server's queries use them as they are): three of them hide, so
 * their switch shows the opposite of the stored value. Flipping a switch always flips the stored flag.
 */
export const PRIVACY_SWITCHES = [
  { flag: 'show_email', label: 'profile.privacy.show_email', hides: false },
  { flag: 'hide_phone', label: 'profile.privacy.show_phone', hides: true },
  { flag: 'show_personal', label: 'profile.privacy.show_personal', hides: false },
  { flag: 'hide_trip_plan', label: 'profile.privacy.show_trip_plan', hides: true },
  { flag: 'hide_from_visitors', label: 'profile.privacy.show_in_visitors', hides: true },
] as const;

export type PrivacySwitch = (typeof PRIVACY_SWITCHES)[number];
type PrivacyFlags = Pick<OwnProfile, PrivacySwitch['flag']>;

/** Whether the switch is drawn on: the thing is shown to others. */
export function isShown(sw: PrivacySwitch, profile: PrivacyFlags): boolean {
  return sw.hides ? !profile[sw.flag] : profile[sw.flag];
}

/** The stored change a tap makes: the flag flipped, whichever way it points. */
export function flipPatch(sw: PrivacySwitch, profile: PrivacyFlags): Partial<PrivacyFlags> {
  return { [sw.flag]: !profile[sw.flag] };
}
