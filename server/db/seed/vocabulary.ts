/**
 * Words the generator builds people and conversations from. Names follow each country's spelling
 * (Polish and Czech surnames change with sex), so lists and badges look like a real audience.
 */

export interface NameSet {
  male: readonly string[];
  female: readonly string[];
  /** [male form, female form]; the same string twice when the surname does not change. */
  surnames: readonly (readonly [string, string])[];
}

const same = (names: string[]) => names.map((n) => [n, n] as const);

const UA: NameSet = {
  male: [
    'Andrii',
    'Bohdan',
    'Dmytro',
    'Oleksandr',
    'Taras',
    'Mykola',
    'Yurii',
    'Serhii',
    'Vasyl',
    'Ihor',
    'Maksym',
    'Oleh',
    'Roman',
    'Volodymyr',
    'Yaroslav',
    'Artem',
    'Denys',
    'Kostiantyn',
    'Pavlo',
    'Viktor',
  ],
  female: [
    'Anna',
    'Olena',
    'Iryna',
    'Kateryna',
    'Oksana',
    'Nataliia',
    'Yuliia',
    'Sofiia',
    'Daryna',
    'Mariia',
    'Khrystyna',
    'Viktoriia',
    'Tetiana',
    'Solomiia',
    'Halyna',
    'Liudmyla',
    'Alina',
    'Zlata',
    'Vira',
    'Ulyana',
  ],
  surnames: [
    ...same([
      'Kovalenko',
      'Shevchenko',
      'Bondarenko',
      'Tkachenko',
      'Kravchenko',
      'Melnyk',
      'Boiko',
      'Kovalchuk',
      'Oliinyk',
      'Lysenko',
      'Marchenko',
      'Rudenko',
      'Savchenko',
      'Petrenko',
      'Moroz',
      'Pavlenko',
      'Hnatiuk',
      'Ivanchuk',
      'Tkachuk',
      'Polishchuk',
      'Danylenko',
      'Honchar',
      'Kuzmenko',
      'Sydorenko',
    ]),
    ['Kovalskyi', 'Kovalska'],
    ['Levytskyi', 'Levytska'],
    ['Hrushevskyi', 'Hrushevska'],
    ['Zelinskyi', 'Zelinska'],
    ['Sokolskyi', 'Sokolska'],
  ],
};

const PL: NameSet = {
  male: ['Piotr', 'Krzysztof', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Łukasz', 'Jakub', 'Mateusz', 'Grzegorz', 'Wojciech', 'Bartosz', 'Kamil', 'Rafał'],
  female: [
    'Agnieszka',
    'Katarzyna',
    'Małgorzata',
    'Magdalena',
    'Joanna',
    'Aleksandra',
    'Monika',
    'Zuzanna',
    'Weronika',
    'Natalia',
    'Karolina',
    'Ewa',
    'Justyna',
    'Dorota',
  ],
  surnames: [
    ['Kowalski', 'Kowalska'],
    ['Wiśniewski', 'Wiśniewska'],
    ['Lewandowski', 'Lewandowska'],
    ['Zieliński', 'Zielińska'],
    ['Szymański', 'Szymańska'],
    ['Woźniak', 'Woźniak'],
    ['Dąbrowski', 'Dąbrowska'],
    ['Kozłowski', 'Kozłowska'],
    ['Jankowski', 'Jankowska'],
    ['Mazur', 'Mazur'],
    ['Wójcik', 'Wójcik'],
    ['Kamiński', 'Kamińska'],
    ['Nowak', 'Nowak'],
    ['Krawczyk', 'Krawczyk'],
    ['Pawlak', 'Pawlak'],
    ['Grabowski', 'Grabowska'],
  ],
};

const DE: NameSet = {
  male: ['Lukas', 'Jonas', 'Felix', 'Maximilian', 'Tobias', 'Jürgen', 'Stefan', 'Florian', 'Matthias', 'Sebastian', 'Niklas'],
  female: ['Lena', 'Hannah', 'Laura', 'Julia', 'Katrin', 'Sabine', 'Anja', 'Miriam', 'Charlotte', 'Johanna', 'Franziska'],
  surnames: same([
    'Müller',
    'Schmidt',
    'Schneider',
    'Fischer',
    'Weber',
    'Becker',
    'Hoffmann',
    'Schäfer',
    'Koch',
    'Richter',
    'Wagner',
    'Krüger',
    'Hartmann',
    'Lange',
  ]),
};

const CZ: NameSet = {
  male: ['Jan', 'Tomáš', 'Jakub', 'Martin', 'Petr', 'Ondřej', 'Lukáš', 'Vojtěch', 'Jiří', 'Filip'],
  female: ['Tereza', 'Eliška', 'Lucie', 'Kateřina', 'Barbora', 'Veronika', 'Markéta', 'Klára', 'Adéla', 'Zuzana'],
  surnames: [
    ['Novák', 'Nováková'],
    ['Svoboda', 'Svobodová'],
    ['Dvořák', 'Dvořáková'],
    ['Černý', 'Černá'],
    ['Procházka', 'Procházková'],
    ['Kučera', 'Kučerová'],
    ['Veselý', 'Veselá'],
    ['Horák', 'Horáková'],
    ['Němec', 'Němcová'],
    ['Pokorný', 'Pokorná'],
  ],
};

const GB: NameSet = {
  male: ['Oliver', 'George', 'Harry', 'James', 'Thomas', 'William', 'Jack', 'Charlie', 'Daniel', 'Samuel'],
  female: ['Olivia', 'Amelia', 'Isla', 'Emily', 'Charlotte', 'Sophie', 'Grace', 'Lucy', 'Eleanor', 'Hannah'],
  surnames: same(['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes', 'Clarke', 'Patel']),
};

const US: NameSet = {
  male: ['Michael', 'Ethan', 'Noah', 'Benjamin', 'Ryan', 'David', 'Andrew', 'Joshua', 'Nathan', 'Kevin', 'Brandon'],
  female: ['Emma', 'Ava', 'Madison', 'Abigail', 'Chloe', 'Jessica', 'Ashley', 'Samantha', 'Rachel', 'Megan', 'Lauren'],
  surnames: same([
    'Johnson',
    'Miller',
    'Davis',
    'Garcia',
    'Rodriguez',
    'Martinez',
    'Anderson',
    'Thompson',
    'Moore',
    'Jackson',
    'Harris',
    'Clark',
    'Lewis',
    'Robinson',
    'Nguyen',
    'Kim',
  ]),
};

export const NAMES: Record<string, NameSet> = { UA, PL, DE, CZ, GB, US };

export const COMPANIES = [
  'Lumen Labs',
  'Karpaty Soft',
  'Dnipro Digital',
  'Vistula Data',
  'Blue Meridian',
  'Northwind Analytics',
  'Sokil Ventures',
  'Podil Product Studio',
  'Brightline Health',
  'Kraków Robotics',
  'Eastgate Capital',
  'Hromada Tech',
  'Vltava Systems',
  'Spree Mobility',
  'Thames Insight',
  'Harbor & Finch',
  'Soniakh Foods',
  'Pixel Orchard',
  'Mriya Aerospace Software',
  'Polar Bear Payments',
  'Greenfield EdTech',
  'Kashtan Media',
  'Odesa Logistics Hub',
  'Amber Cloud',
  'Carpathian Energy',
  'MedSync',
  'Atlas People',
  'Kobzar Games',
  'Silverlake Legal',
  'Oak & Ember Design',
];

export const POSITIONS = [
  'Founder & CEO',
  'CTO',
  'Product Manager',
  'Senior Product Designer',
  'Frontend Developer',
  'Backend Developer',
  'Data Scientist',
  'QA Lead',
  'DevOps Engineer',
  'Marketing Director',
  'Growth Marketer',
  'Content Strategist',
  'Head of Sales',
  'Business Development Manager',
  'Investment Analyst',
  'Venture Partner',
  'HR Business Partner',
  'UX Researcher',
  'Engineering Manager',
  'Journalist',
  'Brand Manager',
  'Account Executive',
  'Physician',
  'Clinical Research Coordinator',
  'Teacher',
  'Learning Designer',
  'Operations Manager',
  'CFO',
  'Legal Counsel',
  'Student',
];

/** "I'm looking for" answers; some people leave it empty, which the screens show as a dash. */
export const HELP = [
  'Investors for a seed round in B2B SaaS',
  'A technical co-founder with Go or Rust experience',
  'Partners for expansion to Poland',
  'Senior React developers to join our team',
  'Beta testers for a mobile banking app',
  'Mentors in product-led growth',
  'Distributors in the EU for medical devices',
  'Speakers for our autumn meetup',
  'Clients who need a data platform',
  'Hiring: two QA engineers, remote',
  'Ideas for remote team culture',
  'A design agency for a rebrand',
  'Feedback on our pitch deck',
  'Grants for education projects',
  'People who care about accessibility',
];

/** "About me" answers. */
export const ABOUT = [
  'Building products people actually use. Ten years in fintech.',
  'I run a small studio that designs for healthcare.',
  'Backend engineer who loves distributed systems and coffee.',
  'Angel investor focused on Ukrainian deep tech.',
  'Marketer turned product manager. Ask me about onboarding.',
  'Teaching kids to code on weekends, shipping APIs on weekdays.',
  'Organiser of the local JavaScript community.',
  'Doctor working on telemedicine for rural clinics.',
  'Data person: dashboards, experiments, and honest metrics.',
  'Moved to Warsaw last year, happy to meet new people.',
  'Open to collaborations in climate tech.',
  'Journalist covering startups and the creative economy.',
];

export const HOTELS = [
  'Hotel Ukraine',
  'Bristol',
  'Radisson Blu City Centre',
  'ibis Centre',
  'Holiday Inn Express',
  'an apartment near the venue',
  'staying with friends',
];
export const TRANSPORT = ['Intercity train', 'Night train', 'Bus', 'Car', 'Flight via Warsaw', 'BlaBlaCar'];

export const COMMENTS: Record<'uk' | 'pl' | 'en', readonly string[]> = {
  uk: [
    'Дуже крута доповідь, дякую!',
    'Чи будуть слайди після сесії?',
    'Хто йде на воркшоп о 15:00?',
    'Звук у другому залі трохи тихий',
    'Питання до спікера: як ви міряєте retention?',
    'Шукаю партнерів для пілотного проєкту, пишіть у приват',
    'Кава в лаунжі — топ',
    'Де можна взяти бейдж, якщо загубив?',
    'Дякую організаторам за чудову атмосферу!',
    'Хто з Львова — давайте знайомитись',
  ],
  pl: [
    'Świetna prezentacja, dzięki!',
    'Czy nagranie będzie dostępne?',
    'Ktoś z Krakowa na sali?',
    'Bardzo konkretne case study, polecam',
    'Pytanie: jak skalujecie zespół supportu?',
    'Szukam partnera do projektu w edukacji',
    'Gdzie jest sala warsztatowa?',
  ],
  en: [
    'Great talk, thanks for sharing the numbers!',
    'Will the slides be shared after the session?',
    'Is anyone from the fintech track around?',
    'The Q&A was the best part so far',
    'Can the speaker share the link to the framework mentioned?',
    'Coffee break in 10 minutes?',
    'Looking for people working on accessibility, ping me',
    'Loved the live demo',
    'Is the workshop room on the second floor?',
    'Thanks to the organisers, very smooth check-in this year',
    'Any recommendations for dinner near the venue?',
  ],
};

export const MESSAGES: Record<'uk' | 'pl' | 'en', readonly string[]> = {
  uk: [
    'Привіт! Дякую, що прийняли запит на зустріч.',
    'Буду біля столу за кілька хвилин.',
    'Надішлю презентацію після зустрічі.',
    'Було приємно познайомитись!',
    'Може, продовжимо розмову після обіду?',
    'Ось мій телеграм, пишіть будь-коли.',
  ],
  pl: ['Cześć! Dzięki za akceptację spotkania.', 'Będę przy stoliku za pięć minut.', 'Miło było poznać, odezwę się w tym tygodniu.', 'Wyślę ofertę mailem.'],
  en: [
    'Hi! Thanks for accepting the meeting.',
    'I will be at the table in five minutes.',
    'Sending over the deck we discussed.',
    'Great to meet you today!',
    'Could we move it by 15 minutes?',
    'Sure, see you there.',
    'Let us continue on a call next week.',
  ],
};

export const APPOINTMENT_COMMENTS = [
  'Would love to talk about a partnership',
  'Quick intro: we build analytics for retail',
  'Interested in your talk, 15 minutes?',
  'Can we discuss the open position?',
  'Let us compare notes on hiring in Kyiv',
  '',
  '',
  'Looking for feedback on our product',
];

export const REJECTIONS = [
  'Sorry, I am fully booked at that time.',
  'Let us meet on the second day instead.',
  'Not relevant for us right now, thank you.',
  'I will be on stage at that time.',
  'Please write to me after the event.',
];

export const APPOINTMENT_PLACES: Record<string, string> = { '1': 'Lounge', '2': 'Cafe', '3': 'Terrace', '4': 'Expo hall' };

export const INTERESTS = ['Meeting investors', 'Hiring', 'Learning from the talks', 'Finding partners', 'Looking for a job', 'Press coverage'];
