import { describe, expect, it } from 'vitest';
import { EVENT_FIELD_NAMES, EventFields } from '../../contract/admin.ts';
import { PROMO_CODE_FIELD_NAMES, PromoCodeFields } from '../../contract/promo.ts';
import { SHARED_QUOTA_FIELD_NAMES, SharedQuotaFields } from '../../contract/quotas.ts';
import { TICKET_TYPE_FIELD_NAMES, TicketTypeFields } from '../../contract/sales.ts';
import { SOCIAL_NETWORKS, SocialLinks } from '../../contract/visitors.ts';

// The page's bundle must not build the contract's schemas, so these lists are written out by hand
// beside the schemas they name. The forms and cards walk them in order.
describe('field lists written beside their schemas', () => {
  it.each([
    ['EVENT_FIELD_NAMES', EVENT_FIELD_NAMES, EventFields.properties],
    ['TICKET_TYPE_FIELD_NAMES', TICKET_TYPE_FIELD_NAMES, TicketTypeFields.properties],
    ['PROMO_CODE_FIELD_NAMES', PROMO_CODE_FIELD_NAMES, PromoCodeFields.properties],
    ['SHARED_QUOTA_FIELD_NAMES', SHARED_QUOTA_FIELD_NAMES, SharedQuotaFields.properties],
    ['SOCIAL_NETWORKS', SOCIAL_NETWORKS, SocialLinks.properties],
  ])('%s names every property of its schema, in order', (_name, list, properties) => {
    expect([...list]).toEqual(Object.keys(properties));
  });
});
