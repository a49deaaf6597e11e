import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { letter, mailLocale, mailText } from '../../server/mail/texts.ts';

const NOTICES = ['request', 'change', 'approved', 'rejected', 'cancelled', 'organiserCancelled', 'message'];
const facts = { name: 'Ann', who: 'Bohdan Koval', event: 'Kyiv Tech Summit', when: '12 May, 10:00', reason: '', link: 'https://foyer.test/x' };

describe('mail texts', () => {
  it('greet the person by name when the mail knows it, and without one when not', () => {
    expect(letter('uk', 'mail.eventCancelled', { name: 'Ann', event: 'E', when: 'W' }).text.startsWith('Вітаємо, Ann!\n\n')).toBe(true);
    expect(letter('uk', 'mail.eventCancelled', { name: '', event: 'E', when: 'W' }).text.startsWith('Вітаємо!\n\n')).toBe(true);
    expect(letter('en', 'mail.eventCancelled', { name: 'Ann', event: 'E', when: 'W' })).toEqual({
      subject: 'Cancelled: E',
      text: 'Hello Ann,\n\nThe organisers of E (W) have cancelled it.\n\nFoyer',
    });
  });

  it('leave no placeholder unfilled in any language', () => {
    for (const lang of LOCALES) {
      for (const kind of NOTICES) {
        const { subject, text } = letter(lang, `mail.notice.${kind}`, facts);
        expect(`${subject}\n${text}`, `${lang} ${kind}`).not.toMatch(/\{\{|mail\./);
        expect(text, `${lang} ${kind}`).toContain('Bohdan Koval');
      }
    }
  });

  it('print what people typed as they typed it, never as a template', () => {
    const typed = 'Meetup {{name}} $t(mail.hello) <b>&amp;</b>';
    const { subject, text } = letter('en', 'mail.notice.request', { ...facts, event: typed });
    expect(subject).toBe(`Bohdan Koval asks to meet you at ${typed}`);
    expect(text).toContain(`at ${typed}, 12 May`);
  });

  it('are written in the language the person chose, Ukrainian when it is not one Foyer speaks', () => {
    expect(mailLocale('pl-PL')).toBe('pl');
    expect(mailLocale('de')).toBe('uk');
    expect(mailLocale(undefined)).toBe('uk');
    expect(mailText('pl')('mail.ticketPdf.price')).toBe('Cena');
    expect(mailText('ru')('mail.invitation.standRole', { stand: 'Acme' })).toBe('участника команды стенда «Acme»');
  });
});
