// Text of the quote chooser (/quote): which region's team quotes, in which currency.

export const QUOTE_HERO = {
  title: 'Request a Quote',
  lead: 'Where is your business based? Choose your region and we will quote in your currency and reply within one business day.',
} as const;

export const QUOTE_REGIONS = [
  {
    to: '/quote-uk',
    title: 'United Kingdom',
    currency: 'Prices in GBP (£)',
    text: 'For businesses in England, Scotland, Wales and Northern Ireland. Our London and Kent teams will prepare your quote.',
  },
  {
    to: '/quote-nepal',
    title: 'Nepal',
    currency: 'Prices in NPR (रू)',
    text: 'For businesses in Nepal. Our Kathmandu team will prepare your quote in Nepalese rupees.',
  },
] as const;
