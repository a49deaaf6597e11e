import { describe, expect, it } from 'vitest';
import type { VisitorDoc } from '../../contract/visitors.ts';
import { suggestPeople, wordsOf } from '../../sync/views/people/suggestions.ts';
import { visitorDoc } from '../fixtures/visitor-doc.ts';

let nextId = 100;
/** A visitor of event 7 who wrote only what a test gives them. */
const visitor = (over: Partial<VisitorDoc>): VisitorDoc => visitorDoc(over.user_id ?? nextId++, over);

describe('people to meet', () => {
  it('suggests who offers what I look for, with the word as they wrote it', () => {
    const me = visitor({ user_id: 1, help: 'Шукаю інвесторів для стартапу' });
    const investor = visitor({ user_id: 2, position: 'Інвестор', company: 'Seed Fund' });
    const unrelated = visitor({ user_id: 3, position: 'Designer' });
    const found = suggestPeople(me, [me, investor, unrelated], { limit: 10 });
    expect(found.map((s) => s.doc.user_id)).toEqual([2]);
    expect(found[0]?.reasons).toEqual([{ kind: 'theyOffer', word: 'інвестор' }]);
  });

  it('suggests who looks for what I offer, in English plurals too', () => {
    const me = visitor({ user_id: 1, status: 'I am an investor in early startups' });
    const founder = visitor({ user_id: 2, help: 'investors' });
    const [first] = suggestPeople(me, [founder], { limit: 10 });
    expect(first?.reasons).toEqual([{ kind: 'theyLookFor', word: 'investor' }]);
  });

  it('ranks an answer to my wish above shared interests, and leaves out people with no reason', () => {
    const me = visitor({ user_id: 1, help: 'mentors', hobby: '4,6' });
    const books = visitor({ user_id: 2, hobby: '6,7' });
    const mentor = visitor({ user_id: 3, about: 'Mentoring founders for ten years' });
    const nothing = visitor({ user_id: 4, hobby: '1' });
    const found = suggestPeople(me, [books, mentor, nothing], { limit: 10 });
    expect(found.map((s) => s.doc.user_id)).toEqual([3, 2]);
    expect(found[1]?.reasons).toEqual([{ kind: 'interests', ids: [6] }]);
  });

  it('never suggests me or the people I already meet, and keeps to the limit', () => {
    const me = visitor({ user_id: 1, help: 'marketing', status: 'marketing' });
    const others = [2, 3, 4, 5].map((user_id) => visitor({ user_id, position: 'Marketing lead' }));
    const found = suggestPeople(me, [me, ...others], { limit: 2, skip: new Set([2]) });
    // Equal reasons: the newest registration first (the fixture registers higher ids later).
    expect(found.map((s) => s.doc.user_id)).toEqual([5, 4]);
  });

  it('matches nothing on short or common words', () => {
    expect([...wordsOf('I am looking for people at this event, and AI')].length).toBe(0);
    const me = visitor({ user_id: 1, help: 'Шукаю людей' });
    expect(suggestPeople(me, [visitor({ user_id: 2, about: 'Люблю людей' })], { limit: 5 })).toEqual([]);
  });

  it('reads a profile again when its document changes', () => {
    const cache = new Map();
    const me = visitor({ user_id: 1, help: 'designers' });
    const before = visitor({ user_id: 2, position: 'Engineer', rev: 1 });
    expect(suggestPeople(me, [before], { limit: 5, cache })).toEqual([]);
    const after = { ...before, position: 'Product designer', rev: 2 };
    expect(suggestPeople(me, [after], { limit: 5, cache }).map((s) => s.doc.user_id)).toEqual([2]);
  });
});
