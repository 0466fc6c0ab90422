/** The three about topics: a teaser card on Home and /about, a full section on /detail_about. */
export const ABOUT_TOPICS = [
  {
    id: 'who',
    title: 'Who we are',
    teaser: 'A family kitchen that has served raw, honest food to our neighbours since 2009.',
  },
  {
    id: 'why',
    title: 'Why from us',
    teaser: 'Chemical free food straight from the farm, a fair price with no extra VAT, and your money back if a dish is not right.',
  },
  {
    id: 'what',
    title: 'What is our strength',
    teaser: 'More than 300 dishes through the seasons, made by chefs with 15 years and more of experience.',
  },
] as const;

