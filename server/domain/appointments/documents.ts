import { stateOfResponse, type AppointmentDoc, type AppointmentState } from '../../../contract/appointments.ts';
import { toUnix } from '../../db/tx.ts';
import type { AppointmentRow } from './repository.ts';
import { frameLink } from './video.ts';
import type { ViewerAppointmentRow } from './viewer-repository.ts';

/** An appointment as it leaves the server: the replicated document and the legacy object. */

function stateOf(r: Pick<AppointmentRow, 'response' | 'canceled_by'>): AppointmentState {
  return stateOfResponse(r.response, r.canceled_by);
}

/** The replicated document of one appointment for its viewer. */
export function toAppointmentDoc(r: ViewerAppointmentRow): AppointmentDoc & { deleted: boolean } {
  const state = stateOf(r);
  return {
    id: String(r.id),
    meeting_id: r.id,
    event_id: r.event_id,
    from_user_id: r.from_user_id,
    to_user_id: r.to_user_id,
    user_id: r.to_user_id,
    other_user_id: r.other_id,
    date: r.date,
    time_start: toUnix(r.starts_at),
    time_end: toUnix(r.ends_at),
    any_time: r.any_time,
    comment: r.comment,
    place: r.place ?? 0,
    table_num: r.table_num ?? 0,
    where_type: r.where_type ?? 0,
    where: r.where_text,
    timezone: r.timezone,
    is_online: r.is_webinar,
    state,
    response_msg: r.response_msg,
    canceled_by: r.canceled_by ?? 0,
    request_date: toUnix(r.request_date),
    video_link: state === 'accepted' && !r.deleted ? frameLink(r.id) : '',
    user_info: {
      user_id: r.other_id,
      first_name: r.other_first_name,
      last_name: r.other_last_name,
      avatar: r.other_avatar,
      position: r.other_position,
      company: r.other_company,
      phone: r.other_phone,
    },
    rev: r.doc_rev,
    deleted: r.deleted,
  };
}

/** The appointment object of the legacy calls (networking.md §3), times in unix seconds. */
export function toLegacyAppointment(r: ViewerAppointmentRow) {
  const doc = toAppointmentDoc(r);
  return {
    id: r.id,
    meeting_id: r.id,
    event_id: r.event_id,
    user_id: r.to_user_id,
    from_user_id: r.from_user_id,
    to_user_id: r.to_user_id,
    date: r.date,
    time_start: r.starts_at ? toUnix(r.starts_at) : null,
    time_end: r.ends_at ? toUnix(r.ends_at) : null,
    any_time: r.any_time,
    comment: r.comment,
    request_msg: r.comment,
    where: r.where_text,
    where_type: r.where_type,
    place: r.place,
    table_num: r.table_num,
    timezone: r.timezone,
    is_online: r.is_webinar,
    request_date: toUnix(r.request_date),
    response: r.response,
    response_msg: r.response_msg,
    canceled_by: r.canceled_by,
    status: doc.state,
    video_link: doc.video_link,
    user_info: {
      user_id: r.other_id,
      id: r.other_id,
      first_name: r.other_first_name,
      last_name: r.other_last_name,
      name: `${r.other_first_name} ${r.other_last_name}`.trim(),
      avatar: r.other_avatar,
      position: r.other_position,
      company: r.other_company,
      phone: r.other_phone,
      role: r.other_role,
      online_link: doc.video_link,
    },
  };
}
export type LegacyAppointment = ReturnType<typeof toLegacyAppointment>;
