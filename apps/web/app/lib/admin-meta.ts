// The <title> and robots tag of every admin page: never indexed, titled after its section.
export const adminMeta = (title?: string) => [
  { title: title ? `${title} | Admin Panel` : 'Admin Panel' },
  { name: 'robots', content: 'noindex' },
];
