import { languageOf } from './appointments.ts';
import type { CommentPlan, EventPlan, SeedPlan, UserPlan } from './plan.ts';
import type { Rng } from './random.ts';
import { MINUTE_MS } from './time.ts';
import { COMMENTS } from './vocabulary.ts';

/** People present in the event's chat: checked-in participants. */
function present(e: EventPlan, exclude: Set<number>): number[] {
  return e.participants.filter((p) => p.checked_in && !exclude.has(p.user)).map((p) => p.user);
}

/**
 * Chat comments spread from the opening until now (or the end), in time order so ids grow with
 * time as live comments do. Each gets a few likes from other people present.
 */
export function comments(
  rng: Rng,
  e: EventPlan,
  users: UserPlan[],
  now: Date,
  count: number,
  opts: { exclude: Set<number>; block?: { moderator: number } },
): void {
  const from = e.starts_at.getTime();
  const to = Math.min(e.ends_at.getTime(), now.getTime());
  const people = present(e, opts.exclude);
  if (to <= from || people.length < 2 || count === 0) return;

  // The blocked person posts once, then spams near the end and is blocked: nothing of theirs follows.
  const blocked = opts.block ? rng.pick(people) : null;
  const authors = people.filter((p) => p !== blocked);
  const quiet = blocked === null ? to : Math.max(from, to - 20 * MINUTE_MS);
  const list: CommentPlan[] = [];
  const likesFor = (author: number) => {
    const likers = rng.sample(
      people.filter((p) => p !== author),
      rng.weighted([
        [0, 4],
        [1, 3],
        [2, 3],
        [4, 2],
        [8, 1],
      ] as const),
    );
    return likers.map((user) => ({ user, type: (rng.chance(0.85) ? 1 : 2) as 1 | 2 }));
  };
  for (let i = 0; i < count; i++) {
    const user = rng.pick(authors);
    list.push({
      user,
      text: rng.pick(COMMENTS[languageOf(users, user)]),
      created_at: new Date(from + Math.floor(rng.next() * (quiet - from))),
      likes: likesFor(user),
      deleted_by: null,
    });
  }
  if (blocked !== null && opts.block) {
    list.push({
      user: blocked,
      text: rng.pick(COMMENTS[languageOf(users, blocked)]),
      created_at: new Date(from + Math.floor((quiet - from) / 3)),
      likes: [],
      deleted_by: null,
    });
    const spam = new Date(quiet + 5 * MINUTE_MS);
    list.push({ user: blocked, text: 'Cheap crypto signals, write me now!!!', created_at: spam, likes: [], deleted_by: opts.block.moderator });
    e.blocks.push({ user: blocked, blocked_by: opts.block.moderator, reason: 'Spam in the event chat', created_at: new Date(spam.getTime() + 2 * MINUTE_MS) });
  }
  list.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  e.comments.push(...list);
}

/**
 * Likes and favorites between people who met at the same event. like_status follows the specs:
 * 1 not liked (or unliked), 2 liked, 3 mutual — a mutual like is stored on both sides.
 */
export function relations(rng: Rng, plan: SeedPlan, count: number, exclude: Set<number>): void {
  const seen = new Set(plan.relations.map((r) => `${r.user}>${r.target}`));
  const crowds = plan.events.map((e) => present(e, exclude)).filter((c) => c.length > 1);
  if (crowds.length === 0) return;
  for (let attempt = 0, added = 0; added < count && attempt < count * 10; attempt++) {
    const crowd = rng.pick(crowds);
    const user = rng.pick(crowd);
    const target = rng.pick(crowd);
    if (user === target || seen.has(`${user}>${target}`) || seen.has(`${target}>${user}`)) continue;
    const kind = rng.weighted([
      ['liked', 50],
      ['mutual', 20],
      ['unliked', 15],
      ['favorite', 15],
    ] as const);
    const favorite = kind === 'favorite' || rng.chance(0.2);
    plan.relations.push({ user, target, like_status: kind === 'liked' ? 2 : kind === 'mutual' ? 3 : 1, favorite });
    seen.add(`${user}>${target}`);
    if (kind === 'mutual') {
      plan.relations.push({ user: target, target: user, like_status: 3, favorite: rng.chance(0.2) });
      seen.add(`${target}>${user}`);
    }
    added++;
  }
}

export function friends(rng: Rng, plan: SeedPlan, count: number, exclude: Set<number>): void {
  const seen = new Set(plan.friends.map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`)));
  const crowds = plan.events.map((e) => present(e, exclude)).filter((c) => c.length > 1);
  if (crowds.length === 0) return;
  for (let attempt = 0, added = 0; added < count && attempt < count * 10; attempt++) {
    const crowd = rng.pick(crowds);
    const a = rng.pick(crowd);
    const b = rng.pick(crowd);
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    plan.friends.push([a, b]);
    added++;
  }
}
