import type { Generated } from 'kysely';
import type { Auto, ReplicatedColumns } from './columns.ts';

/** Tables of what people write: messages between two people and the event chat (db/types.ts joins them into DB). */

export interface DialogsTable extends ReplicatedColumns {
  id: Generated<number>;
  user_a: number;
  user_b: number;
  muted_by_a: Auto<boolean>;
  muted_by_b: Auto<boolean>;
  starred_by_a: Auto<boolean>;
  starred_by_b: Auto<boolean>;
  closed_by_a: Auto<boolean>;
  closed_by_b: Auto<boolean>;
  last_message_at: Date | null;
}

export interface MessagesTable extends ReplicatedColumns {
  id: Generated<number>;
  dialog_id: number;
  sender_id: number;
  text: string;
  client_id: string | null;
  created_at: Auto<Date>;
  received_at: Auto<Date>;
  read_at: Date | null;
}

export interface ChatCommentsTable extends ReplicatedColumns {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  comment: Auto<string>;
  image: Auto<string>;
  client_id: string | null;
  created_at: Auto<Date>;
  received_at: Auto<Date>;
  likes_count: Auto<number>;
  dislikes_count: Auto<number>;
  deleted_by: number | null;
}

export interface CommentLikesTable {
  comment_id: number;
  user_id: number;
  like_type: number;
}

export interface ChatBlocksTable extends ReplicatedColumns {
  event_id: number;
  user_id: number;
  blocked_by: number;
  reason: Auto<string>;
  active: Auto<boolean>;
  created_at: Auto<Date>;
}

export interface ChatUploadsTable {
  name: string;
  user_id: number;
  event_id: number;
  bytes: number;
  width: number;
  height: number;
  comment_id: number | null;
  created_at: Auto<Date>;
}

export interface TalkTables {
  dialogs: DialogsTable;
  messages: MessagesTable;
  chat_comments: ChatCommentsTable;
  comment_likes: CommentLikesTable;
  chat_blocks: ChatBlocksTable;
  chat_uploads: ChatUploadsTable;
}
