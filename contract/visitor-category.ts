import { Type, type Static } from '@sinclair/typebox';

/**
 * A visitor sets their own category for an event (networking.md §5: "on their own card, edit the
 * profile category"; the specs' meetings-manager/add-user-categories): one of the event's menu
 * (`options.menu`), or null to have none. The wanted value, so a replay lands on the same state.
 */
export const VisitorCategoryPayload = Type.Object(
  {
    event_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    menu_id: Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type VisitorCategoryPayload = Static<typeof VisitorCategoryPayload>;
