import type { LegalContent } from './legalContent';

/** The Terms and Privacy pages in English. */
export const en: LegalContent = {
  terms: {
    title: 'Terms of Use',
    summary:
      'These terms govern how financial institutions and their staff use Credit Intelligence. By registering an institution, or by signing in, you accept them on behalf of your institution.',
    sections: [
      {
        heading: 'The service',
        paragraphs: [
          'Credit Intelligence is a credit-scoring platform for banks, credit unions and microfinance institutions in the CEMAC and UEMOA regions. An institution uploads its client records; the platform scores them with the scoring model maintained by the platform administrators and the parameters the institution sets, and returns for each client a score, a credit limit, an interest rate and the reasons behind them.',
        ],
      },
      {
        heading: 'Your institution’s account',
        paragraphs: [
          'An institution registers with its name and business email. Administrators review every registration before its first sign-in and may ask for supporting documents or refuse it.',
        ],
        items: [
          'Keep the registration details accurate and up to date.',
          'Keep passwords secret, and give colleagues their own access through Team rather than sharing one sign-in.',
          'Tell us at once through Support if you think an account has been used by someone else.',
        ],
      },
      {
        heading: 'Your clients’ data is your responsibility',
        paragraphs: [
          'Your institution decides which client records it uploads and why. It remains responsible for them towards its clients and its regulator. In particular, your institution must:',
        ],
        items: [
          'have the right to collect these records and to use them to assess credit;',
          'inform its clients as the law of its country requires;',
          'upload only what the assessment needs, and keep it accurate;',
          'answer its clients’ requests to see or correct their data.',
        ],
      },
      {
        heading: 'Scores support decisions, they do not make them',
        paragraphs: [
          'Results are an aid to your credit team. The decision to lend, on what terms, and its compliance with the lending rules that apply to your institution remain yours. Read the explanation given with each result before relying on it.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: ['You must not:'],
        items: [
          'upload data your institution has no right to process;',
          'try to reach another institution’s data or an administrator’s functions;',
          'test, overload or bypass the platform’s security.',
        ],
      },
      {
        heading: 'Changes and availability',
        paragraphs: [
          'We work to keep the platform available and may interrupt it briefly for maintenance. The scoring model and these terms may change; every change to the model is recorded, with its date, in the audit log. We announce important changes to these terms before they take effect.',
        ],
      },
      {
        heading: 'Suspension and closing',
        paragraphs: [
          'Administrators may deactivate an account that breaks these terms, or close it at the institution’s request. What happens to its data afterwards is set out in the Privacy Policy.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Questions about these terms go to the contact given on the Support page.'],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    summary:
      'What Credit Intelligence processes, why, for how long, and how it is protected. It applies to the people who use the platform and to the clients whose records institutions upload.',
    sections: [
      {
        heading: 'Who is responsible',
        paragraphs: [
          'For the client records it uploads, your institution decides why and how they are processed: it is responsible for them. We process them on its behalf, only to provide the service. For the accounts of the people who use the platform, we are responsible.',
        ],
      },
      {
        heading: 'What we process',
        paragraphs: [],
        items: [
          'Institution accounts: name, business email, registration and authorisation numbers, logo, team members’ names and emails, and passwords in hashed form only.',
          'Client records that institutions upload: the columns of their template, such as a client reference and the financial and personal details the scoring model uses.',
          'Scores and results: each client’s score, categories, credit limit, interest rate and the reasons for them.',
          'The audit trail: who did what and when, including sign-ins, failed sign-ins and the network address they came from.',
          'Operational data: emails the platform sends, such as password reset codes and invitations.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To score the client records of the institution that uploaded them, to keep accounts secure, and to keep a verifiable record of every change for the institution, its auditors and its regulator. We do not sell data, use it for advertising or share one institution’s clients with another.',
        ],
      },
      {
        heading: 'Legal basis',
        paragraphs: [
          'Your institution processes its clients’ data on its own legal basis under the personal data protection law of its country and the rules of its banking or microfinance supervisor (such as COBAC in the CEMAC region, or the Banking Commission of the West African Monetary Union in the UEMOA region): usually the credit its client has asked for, its legal duty to assess credit risk, or its legitimate interest. We process the accounts of users to perform the service agreed with their institution and to keep the platform secure.',
        ],
      },
      {
        heading: 'Who can see it',
        paragraphs: [
          'Your institution’s own users, within the role each has. Platform administrators, to approve accounts, maintain the scoring model and help you. Auditors, read-only, for compliance checks. No other institution. We disclose data to an authority only when the law requires it.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [],
        items: [
          'The audit log is append-only: its entries are never changed or deleted, and it is kept so that the regulator can verify what happened.',
          'Uploaded client records and their results are kept as long as the institution’s account exists, and after that for as long as the institution’s own regulator requires it to keep them.',
          'Operational data, such as sent emails and failed sign-in attempts, is erased after the retention period the administrators set in System Settings.',
        ],
      },
      {
        heading: 'Security',
        paragraphs: [],
        items: [
          'Passwords are stored only as Argon2id hashes; nobody, administrators included, can read them.',
          'Sessions expire, and you are signed out after 15 minutes of inactivity.',
          'Every change is recorded in a hash-chained log, so any alteration of past entries can be detected.',
          'Each institution sees only its own data; the database access it gives its analysts is restricted to its own rows by row-level security.',
        ],
      },
      {
        heading: 'Your clients’ rights and yours',
        paragraphs: [
          'Clients exercise their rights (to see, correct or object to the use of their data) with their institution, which knows them; we help the institution answer. As a user, you can ask us about the data of your own account through the Support page.',
        ],
      },
    ],
  },
};
