import { WS_PAGE_MAX, type ClientFrame } from '../../../contract/ws.ts';
import { dialogWith, listMessages, toWsMessage } from '../../domain/messages/repository.ts';
import { readDialog, sendMessage } from '../../domain/messages/service.ts';
import type { Writer } from '../../domain/write.ts';
import type { Q } from '../../db/tx.ts';
import type { Conn, Hub } from '../hub.ts';
import { toId } from './frames.ts';

/**
 * /wss/notice: personal messages and appointment notices of the signed-in user, who registers as
 * themselves. The personal message frames are answered on /wss/chat too, as the specs have them;
 * frames to sockets come from the fan-out (realtime/changes.ts).
 */
export function noticeChannel(deps: { db: Q; writer: Writer; hub: Hub }) {
  const { db, writer, hub } = deps;
  return {
    register(conn: Conn): void {
      if (!conn.registered) hub.registerUser(conn);
      hub.send(conn, { type: 'registered', channel: 'notice', userId: conn.userId });
    },

    /** Handles a personal message frame; false for any other frame. */
    async personalMessage(conn: Conn, frame: ClientFrame): Promise<boolean> {
      if (frame.type === 'personalMessageList') {
        const peer = toId(frame.targetUserId);
        const limit = Math.min(frame.limit ?? 10, WS_PAGE_MAX);
        const offset = frame.offset ?? 0;
        const dialog = await dialogWith(db, conn.userId, peer);
        if (!dialog) {
          hub.send(conn, { type: 'personalMessages', targetUserId: peer, items: [], count: 0, offset });
          return true;
        }
        if (offset === 0 && dialog.unread > 0) await writer.run((trx) => readDialog(trx, conn.userId, peer));
        const page = await listMessages(db, conn.userId, dialog.dialog_id, offset, limit);
        const items = page.rows.map((r) => toWsMessage(r, r.sender_id === conn.userId ? peer : conn.userId));
        hub.send(conn, { type: 'personalMessages', targetUserId: peer, items, count: page.count, offset });
        return true;
      }
      if (frame.type === 'personalMessageSend') {
        const recipientId = toId(frame.recipientId);
        await writer.run((trx) => sendMessage(trx, conn.userId, { recipient_id: recipientId, text: frame.text }));
        return true;
      }
      return false;
    },
  };
}
