// The text lives in the contract (packages/contract/src/content/terms.ts): the default of an editable content
// document, which the API seeds into the database and the pages fall back to before it answers.
export * from '@agency/contract/content/terms.ts';
