/** The three about topics: a teaser card on Home and /about, a full section on /detail_about. Their words are catalogue ids. */
export const ABOUT_TOPICS = [
  { id: 'who', title: 'about.who.title', teaser: 'about.who.teaser', more: 'about.who.more' },
  { id: 'why', title: 'about.why.title', teaser: 'about.why.teaser', more: 'about.why.more' },
  { id: 'what', title: 'about.what.title', teaser: 'about.what.teaser', more: 'about.what.more' },
] as const;
